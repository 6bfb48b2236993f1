import CoreMetrics
import Metrics
import Prometheus
import ShiftyPostgres

/// The instance's metrics, exposed at `GET /metrics` in the Prometheus text format.
///
/// Metrics are recorded through swift-metrics with a Prometheus factory owned by this value instead
/// of the process-wide `MetricsSystem`, so every application (and every test server in one process)
/// has its own registry and `/metrics` shows exactly this instance.
public final class ShiftyMetrics: Sendable {
    public let registry: PrometheusCollectorRegistry
    let factory: PrometheusMetricsFactory

    package let eventsDelivered: CoreMetrics.Counter
    package let eventsDropped: CoreMetrics.Counter
    package let slowClientCloses: CoreMetrics.Counter
    package let listenerReconnects: CoreMetrics.Counter
    package let replays: CoreMetrics.Counter
    /// Replays that waited for a slot (the member already had its most replays reading).
    package let replaysQueued: CoreMetrics.Counter
    /// Live upgrades refused with 429 `too_many_live_connections`.
    package let liveConnectionsRefused: CoreMetrics.Counter
    let queryDuration: CoreMetrics.Timer
    let queryFailures: CoreMetrics.Counter
    package let websocketConnections: CoreMetrics.Gauge
    package let poolOpen: CoreMetrics.Gauge
    package let poolInUse: CoreMetrics.Gauge
    package let poolWaiting: CoreMetrics.Gauge
    package let poolCapacity: CoreMetrics.Gauge
    /// 1 while the pool takes the database for unresponsive and refuses requests (docs/database-availability.md).
    package let databaseUnresponsive: CoreMetrics.Gauge

    public init() {
        let registry = PrometheusCollectorRegistry()
        var factory = PrometheusMetricsFactory(registry: registry)
        let fast: [Duration] = [.microseconds(500), .milliseconds(1), .milliseconds(2), .milliseconds(5), .milliseconds(10),
                                .milliseconds(25), .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500),
                                .seconds(1), .seconds(2), .seconds(5)]
        factory.defaultDurationHistogramBuckets = fast
        self.registry = registry
        self.factory = factory
        eventsDelivered = CoreMetrics.Counter(label: "shifty_live_events_delivered_total", factory: factory)
        eventsDropped = CoreMetrics.Counter(label: "shifty_live_events_dropped_total", factory: factory)
        slowClientCloses = CoreMetrics.Counter(label: "shifty_live_slow_client_closes_total", factory: factory)
        listenerReconnects = CoreMetrics.Counter(label: "shifty_live_listener_reconnects_total", factory: factory)
        replays = CoreMetrics.Counter(label: "shifty_live_replays_total", factory: factory)
        replaysQueued = CoreMetrics.Counter(label: "shifty_live_replays_queued_total", factory: factory)
        liveConnectionsRefused = CoreMetrics.Counter(label: "shifty_live_connections_refused_total", factory: factory)
        queryDuration = CoreMetrics.Timer(label: "shifty_db_query_duration_seconds", factory: factory)
        queryFailures = CoreMetrics.Counter(label: "shifty_db_query_failures_total", factory: factory)
        websocketConnections = CoreMetrics.Gauge(label: "shifty_websocket_connections", factory: factory)
        poolOpen = CoreMetrics.Gauge(label: "shifty_db_pool_connections_open", factory: factory)
        poolInUse = CoreMetrics.Gauge(label: "shifty_db_pool_connections_in_use", factory: factory)
        poolWaiting = CoreMetrics.Gauge(label: "shifty_db_pool_waiting_requests", factory: factory)
        poolCapacity = CoreMetrics.Gauge(label: "shifty_db_pool_size", factory: factory)
        databaseUnresponsive = CoreMetrics.Gauge(label: "shifty_db_unresponsive", factory: factory)
    }

    /// Hook for ``PostgresConfiguration/queryObserver``: statement latency and failures.
    public var queryObserver: @Sendable (Duration, Bool) -> Void {
        { [queryDuration, queryFailures] elapsed, failed in
            queryDuration.recordNanoseconds(elapsed.wholeNanoseconds)
            if failed { queryFailures.increment() }
        }
    }

    /// One answered HTTP request (the route pattern, never the raw path, so ids do not explode the series).
    package func recordRequest(method: String, route: String, status: Int, elapsed: Duration) {
        let dimensions = [("method", method), ("route", route), ("status", String(status))]
        CoreMetrics.Counter(label: "shifty_http_requests_total", dimensions: dimensions, factory: factory).increment()
        CoreMetrics.Timer(label: "shifty_http_request_duration_seconds", dimensions: [("method", method), ("route", route)], factory: factory)
            .recordNanoseconds(elapsed.wholeNanoseconds)
    }
}

extension Duration {
    var wholeNanoseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
