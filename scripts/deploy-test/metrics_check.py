"""Reads an instance's GET /metrics with prometheus_client's own text parser and checks its series.

The parser is the one Prometheus' Python client uses, so a line the format does not allow fails
here the way it would fail a real scrape.
"""
from prometheus_client.parser import text_string_to_metric_families

# Family name (as the parser reports it: counters without `_total`) -> the type it must have.
EXPECTED_FAMILIES = {
    "shifty_http_requests": "counter",
    "shifty_http_request_duration_seconds": "histogram",
    "shifty_websocket_connections": "gauge",
    "shifty_live_events_delivered": "counter",
    "shifty_live_events_dropped": "counter",
    "shifty_live_slow_client_closes": "counter",
    "shifty_live_listener_reconnects": "counter",
    "shifty_live_replays": "counter",
    "shifty_db_pool_connections_open": "gauge",
    "shifty_db_pool_connections_in_use": "gauge",
    "shifty_db_pool_size": "gauge",
    "shifty_db_pool_waiting_requests": "gauge",
    "shifty_db_query_duration_seconds": "histogram",
    "shifty_db_query_failures": "counter",
}


class Scrape:
    def __init__(self, text):
        self.families = {}
        for family in text_string_to_metric_families(text):
            name = family.name[: -len("_total")] if family.name.endswith("_total") else family.name
            self.families[name] = family

    def missing(self):
        """Expected families that are absent or of another type, as readable strings."""
        problems = []
        for name, kind in EXPECTED_FAMILIES.items():
            family = self.families.get(name)
            if family is None:
                problems.append(f"{name} ({kind}) is missing")
            elif family.type != kind:
                problems.append(f"{name} is a {family.type}, expected a {kind}")
        return problems

    def value(self, name, **labels):
        """The sum of the family's plain samples (`name`, `name_total`) whose labels include `labels`."""
        family = self.families.get(name)
        if family is None:
            return None
        total = 0.0
        for sample in family.samples:
            if sample.name not in (name, name + "_total", family.name):
                continue
            if all(sample.labels.get(key) == value for key, value in labels.items()):
                total += sample.value
        return total

    def label_values(self, name, label):
        family = self.families.get(name)
        if family is None:
            return set()
        return {sample.labels[label] for sample in family.samples if label in sample.labels}
