#!/usr/bin/env python3
"""`make ha-test`: lose the database machine under load, twice, and lose nothing.

scripts/ha-test.sh installed pg_auto_failover and prepared WORK; this script:
  1. creates a pg_auto_failover monitor and two data nodes on loopback (node1 primary, node2 its
     synchronous standby) and measures what synchronous replication costs per commit (pgbench);
  2. starts two Shifty instances on a multi-host connection string (target_session_attrs=read-write),
     a workplace that auto-approves trades, live clients on both instances and writer threads that
     keep trading shifts between pairs of members through both instances;
  3. kills the primary's whole node (keeper and PostgreSQL, SIGKILL), measures the time from the kill
     to the first successful write and counts the 503s (each must be `database_unavailable` with
     Retry-After; any other 5xx fails the test);
  4. brings the old primary back (it rejoins as the standby) and fails over again the other way;
  5. checks that every trade an instance acknowledged is in the database, that no trade is
     half-applied, and that every live client holds exactly the event ids of the events table it may
     see, once each and in order.
The measurements are printed as one `RESULT` line for BENCHMARKS.md.
"""
import argparse
import asyncio
import datetime
import json
import os
import re
import subprocess
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "deploy-test"))

from formation import Formation  # noqa: E402
from https_api import Api  # noqa: E402
from instance import Instance  # noqa: E402
from live_client import LiveClient  # noqa: E402
from steps import Failure, check, isolate_environment, phase, run_scenario, say  # noqa: E402

PASSWORD = "correct horse battery staple"
TOPICS = "marketplace,deals"
TOPIC_TYPES = ("shift.supplied", "shift.revoked", "swap.proposed", "deal.declined", "deal.cancelled",
               "deal.expired", "deal.rejected", "deal.approved")
WRITER_PAIRS = 3
SHIFTS_PER_PAIR = 3


class Member:
    def __init__(self, username, role, token, user_id):
        self.username = username
        self.role = role
        self.token = token
        self.user_id = user_id


class Writer:
    """Trades its pair's shifts back and forth (supply, then the other member picks up) without pause,
    alternating between the instances. It learns the current state of a shift before each step, so
    an answer lost to the failover (a 503 whose COMMIT may or may not have happened) never confuses it."""

    def __init__(self, name, members, shifts, apis):
        self.name = name
        self.members = members  # the two Members of the pair
        self.shifts = shifts
        self.apis = apis  # [Api a, Api b]
        self.records = []  # (started, finished, instance, action, status, code, retry_after)
        self.acknowledged_deals = []  # deal ids answered 201
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self.run, name=name, daemon=True)
        self.turn = 0

    def request(self, method, path, token):
        api = self.apis[self.turn % len(self.apis)]
        self.turn += 1
        started = time.monotonic()
        try:
            answer = api.request(method, path, token=token)
        except OSError as error:
            self.records.append((started, time.monotonic(), api.port, f"{method} {path}", None, type(error).__name__, None))
            return None
        body = answer.json or {}
        self.records.append((started, time.monotonic(), api.port, f"{method} {path}", answer.status,
                             body.get("code") if answer.status >= 400 else None, answer.header("retry-after")))
        return answer

    def run(self):
        index = 0
        while not self.stop.is_set():
            shift = self.shifts[index % len(self.shifts)]
            index += 1
            current = self.request("GET", f"/api/v1/shifts/{shift}", self.members[0].token)
            if current is None or current.status != 200:
                time.sleep(0.05)
                continue
            owner_id, status = current.json["ownerId"], current.json["status"]
            owner = next(m for m in self.members if m.user_id == owner_id)
            other = next(m for m in self.members if m.user_id != owner_id)
            if status == "scheduled":
                self.request("POST", f"/api/v1/shifts/{shift}/supply", owner.token)
            elif status == "supplied":
                answer = self.request("POST", f"/api/v1/shifts/{shift}/pick-up", other.token)
                if answer is not None and answer.status == 201:
                    self.acknowledged_deals.append(answer.json["deal"]["id"])
            time.sleep(0.01)


class Scenario:
    def __init__(self, args):
        self.args = args
        self.as_postgres = args.as_postgres.split() if args.as_postgres else []
        ports = {"monitor": args.port_base, "node1": args.port_base + 1, "node2": args.port_base + 2}
        self.formation = Formation(args.work, args.pg_bin, self.as_postgres, ports, args.psql)
        self.database_url = (
            f"host=127.0.0.1,127.0.0.1 port={ports['node1']},{ports['node2']} dbname=shifty user=shifty_app "
            f"target_session_attrs=read-write connect_timeout=2")
        self.instances = {
            name: Instance(name, port, self.serve_argv(name, port), args.work)
            for name, port in (("a", args.port_base + 81), ("b", args.port_base + 82))
        }
        self.apis = [Api(instance.base) for instance in self.instances.values()]
        self.members = []
        self.clients = []
        self.writers = []
        self.workplace_id = None
        self.failovers = []  # one dict per failover
        self.latency = {}

    def serve_argv(self, name, port):
        repo = self.args.repo
        return [self.args.shifty, "serve", "--host", "127.0.0.1", "--port", str(port), "--database-url", self.database_url,
                "--web-root", os.path.join(repo, "web"), "--migrations", os.path.join(repo, "sql"),
                "--instance-name", f"ha-test-{name}", "--allow-signup"]

    def query(self, statement):
        """Rows (lists of strings) from the current primary, found the way Shifty finds it."""
        result = subprocess.run([self.args.psql, "-X", "-q", "-At", "-F", "\t", "-v", "ON_ERROR_STOP=1", self.database_url, "-c", statement],
                                capture_output=True, text=True)
        check(result.returncode == 0, f"psql: {statement}: {result.stderr.strip()}")
        return [line.split("\t") for line in result.stdout.splitlines() if line]

    # --- steps -------------------------------------------------------------------------------

    def create_formation(self):
        phase("pg_auto_failover: monitor, primary node1, synchronous standby node2 (loopback)")
        started = time.monotonic()
        self.formation.create_monitor()
        tuning = ("pg_auto_failover's default timeouts" if os.environ.get("HA_TEST_MONITOR_DEFAULTS") == "1"
                  else "timeouts of deploy/ha/monitor-settings.sql")
        say(f"monitor on 127.0.0.1:{self.formation.ports['monitor']} ({time.monotonic() - started:.1f} s); {tuning}")
        self.formation.create_node("node1")
        self.formation.wait_states({"node1": "single"}, 90)
        self.formation.create_node("node2")
        seconds = self.formation.wait_states({"node1": "primary", "node2": "secondary"}, 180, checkpoint_on="node1")
        names = self.formation.synchronous_standby_names("node1")
        check(names and names != "''", f"node1 does not replicate synchronously: synchronous_standby_names = {names!r}")
        say(f"node1 primary, node2 secondary after {time.monotonic() - started:.1f} s (standby joined in {seconds:.1f} s); "
            f"synchronous_standby_names = {names}")
        self.formation.sql("node1", "CREATE ROLE shifty_app LOGIN")
        self.formation.sql("node1", "ALTER DATABASE shifty OWNER TO shifty_app")
        self.formation.sql("node1", "GRANT ALL ON SCHEMA public TO shifty_app", database="shifty")

    def measure_synchronous_commit(self):
        phase("what synchronous replication costs per commit (pgbench, one INSERT per transaction)")
        pgbench = os.path.join(self.args.pg_bin, "pgbench")
        self.formation.sql("node1", "CREATE TABLE IF NOT EXISTS ha_commit_latency (id bigserial PRIMARY KEY, at timestamptz DEFAULT now())", "shifty")
        script = os.path.join(self.args.work, "commit.sql")
        with open(script, "w") as file:
            file.write("INSERT INTO ha_commit_latency DEFAULT VALUES;\n")
        for clients in (1, 8):
            for mode in ("local", "on"):
                environment = dict(os.environ, PGOPTIONS=f"-c synchronous_commit={mode}")
                result = subprocess.run(
                    [pgbench, "-n", "-f", script, "-c", str(clients), "-j", "1", "-T", "4", self.formation.conninfo("node1", "shifty")],
                    capture_output=True, text=True, env=environment)
                check(result.returncode == 0, f"pgbench failed: {result.stderr[-500:]}")
                latency = re.search(r"latency average = ([0-9.]+) ms", result.stdout)
                tps = re.search(r"tps = ([0-9.]+)", result.stdout)
                check(latency and tps, f"pgbench output not understood: {result.stdout[-500:]}")
                self.latency[(clients, mode)] = (float(latency.group(1)), float(tps.group(1)))
            local, sync = self.latency[(clients, "local")], self.latency[(clients, "on")]
            say(f"{clients} client(s): synchronous_commit=local {local[0]:.2f} ms/commit ({local[1]:.0f} tps), "
                f"=on (standby confirms) {sync[0]:.2f} ms/commit ({sync[1]:.0f} tps): +{sync[0] - local[0]:.2f} ms")
        self.formation.sql("node1", "DROP TABLE ha_commit_latency", "shifty")

    def start_instances(self):
        phase("two Shifty instances on one multi-host connection string")
        say(f"DATABASE_URL={self.database_url}")
        result = subprocess.run([self.args.shifty, "migrate", "--database-url", self.database_url, "--migrations",
                                 os.path.join(self.args.repo, "sql")], capture_output=True, text=True)
        check(result.returncode == 0, f"shifty migrate: {result.stdout[-500:]} {result.stderr[-500:]}")
        refused = subprocess.run([self.args.shifty, "serve", "--port", "1", "--database-url",
                                  self.database_url.replace(" target_session_attrs=read-write", "")], capture_output=True, text=True, timeout=30)
        check(refused.returncode != 0 and "target_session_attrs" in refused.stderr,
              f"serve accepted several hosts without target_session_attrs=read-write: {refused.stderr[-300:]}")
        reason = next(line for line in refused.stderr.splitlines() if "target_session_attrs" in line)
        say(f"without target_session_attrs=read-write, serve refuses the multi-host string: {reason.strip()[:200]}")
        for instance in self.instances.values():
            instance.start()
        for name, instance in self.instances.items():
            say(f"instance {name} on 127.0.0.1:{instance.port} ready after {instance.wait_ready():.1f} s")

    def create_workplace(self):
        phase("a workplace that auto-approves trades, members, shifts")
        api = self.apis[0]
        created = api.post("/api/v1/workplaces", {
            "name": "HA Test", "slug": "ha-test", "timeZone": "Europe/Amsterdam", "client": "bearer",
            "manager": {"username": "boss", "displayName": "The Boss", "password": PASSWORD},
        })
        check(created.status == 201, f"create workplace: {created}")
        self.workplace_id = created.json["workplace"]["id"]
        boss = Member("boss", "manager", created.json["token"], created.json["user"]["id"])
        self.members.append(boss)
        answer = api.request("PATCH", "/api/v1/workplace", body={"settings": {"autoApprove": True}}, token=boss.token)
        check(answer.status == 200, f"turn on autoApprove: {answer}")
        today = datetime.date.today()
        for pair in range(WRITER_PAIRS):
            pair_members = []
            for side in ("giver", "taker"):
                username = f"{side}{pair + 1}"
                answer = api.post("/api/v1/users", {"username": username, "displayName": username.capitalize(),
                                                    "password": PASSWORD, "role": "employee"}, token=boss.token)
                check(answer.status == 201, f"create user {username}: {answer}")
                session = api.post("/api/v1/sessions", {"workplace": "ha-test", "username": username, "password": PASSWORD, "client": "bearer"})
                check(session.status == 201, f"login {username}: {session}")
                member = Member(username, "employee", session.json["token"], session.json["user"]["id"])
                self.members.append(member)
                pair_members.append(member)
            shifts = []
            for index in range(SHIFTS_PER_PAIR):
                answer = api.post("/api/v1/shifts", {
                    "ownerId": pair_members[0].user_id, "date": (today + datetime.timedelta(days=3 + index)).isoformat(),
                    "startTime": f"{8 + pair * 3:02d}:00", "durationMinutes": 120,
                }, token=boss.token)
                check(answer.status == 201, f"create shift: {answer}")
                shifts.append(answer.json["id"])
            self.writers.append(Writer(f"writer{pair + 1}", pair_members, shifts, self.apis))
        say(f"workplace {self.workplace_id}: 1 manager, {2 * WRITER_PAIRS} employees, "
            f"{WRITER_PAIRS * SHIFTS_PER_PAIR} shifts traded by {WRITER_PAIRS} writers")

    async def start_clients(self):
        phase("live clients on both instances")
        for member in self.members[:4]:
            for name, instance in self.instances.items():
                client = LiveClient(f"{member.username}@{name}", f"ws://127.0.0.1:{instance.port}", member.token, None, topics=TOPICS)
                client.start()
                self.clients.append((client, member))
        deadline = time.monotonic() + 20
        while not all(client.connected.is_set() for client, _ in self.clients):
            check(time.monotonic() < deadline, "live clients did not connect within 20 s")
            await asyncio.sleep(0.05)
        say(f"{len(self.clients)} clients connected (topics {TOPICS}), 2 per member, one on each instance")

    def expected_ids(self, member):
        manager = "true" if member.role == "manager" else "false"
        rows = self.query(
            f"SELECT id FROM events WHERE workplace_id = {self.workplace_id} "
            f"AND type IN ({', '.join(repr(t) for t in TOPIC_TYPES)}) "
            f"AND (audience = 'workplace' OR (audience = 'managers' AND {manager}) OR {member.user_id} = ANY(user_ids)) ORDER BY id")
        return [int(row[0]) for row in rows]

    async def wait_delivered(self, label, timeout=30):
        started = time.monotonic()
        while True:
            expected = {m.username: await asyncio.to_thread(self.expected_ids, m) for m in self.members[:4]}
            behind = []
            for client, member in self.clients:
                check(not client.problems, f"{client.name}: protocol problems: {client.problems[:3]}")
                want, got = expected[member.username], client.received
                if got == want:
                    continue
                extra = sorted(set(got) - set(want))
                duplicates = sorted({i for i in got if got.count(i) > 1})
                check(not extra, f"{client.name} holds event ids the events table does not have for it: {extra[:10]}")
                check(not duplicates, f"{client.name} received event ids more than once: {duplicates[:10]}")
                check(got == sorted(got), f"{client.name} received event ids out of order")
                behind.append((client.name, sorted(set(want) - set(got))))
            if not behind:
                total = sum(len(client.received) for client, _ in self.clients)
                say(f"{label}: all {len(self.clients)} clients hold exactly the events table's ids they may see, once each, "
                    f"in order ({total} event ids held in all) after {time.monotonic() - started:.1f} s")
                return
            if time.monotonic() - started > timeout:
                raise Failure(f"{label}: after {timeout} s clients still miss events: "
                              + "; ".join(f"{name} misses {ids[:8]}" for name, ids in behind[:4]))
            await asyncio.sleep(0.2)

    def successes_since(self, since):
        return sorted(r[1] for w in self.writers for r in w.records if r[0] >= since and r[4] is not None and 200 <= r[4] < 300
                      and not r[3].startswith("GET"))

    async def failover(self, victim, survivor, label):
        phase(f"{label}: SIGKILL to {victim}'s keeper and PostgreSQL while writers and live clients run")
        check(self.formation.primary() == victim, f"{victim} is not the primary: {self.formation.states()}")
        await asyncio.sleep(3)
        writes_before = len(self.successes_since(0))
        check(writes_before > 0, "the writers made no successful write before the kill")
        killed = time.monotonic()
        await asyncio.to_thread(self.formation.kill, victim)
        say(f"killed {victim} (writes acknowledged so far: {writes_before})")
        promoted = None
        first_write = None
        while first_write is None or promoted is None:
            if promoted is None and self.formation.primary() == survivor:
                promoted = time.monotonic() - killed
            writes = self.successes_since(killed)
            if writes and first_write is None:
                first_write = writes[0] - killed
            check(time.monotonic() - killed < 90, f"no successful write 90 s after the kill; states {self.formation.states()}")
            await asyncio.sleep(0.05)
        window = [r for w in self.writers for r in w.records if killed <= r[0] and r[1] <= killed + first_write]
        unavailable = [r for r in window if r[4] == 503]
        say(f"{survivor} is primary {promoted:.1f} s after the kill; first successful write after {first_write:.2f} s")
        say(f"during the switch: {len(window)} requests, {len(unavailable)} answered 503, "
            f"{sum(1 for r in window if r[4] is None)} without an answer")
        # Both instances' LISTEN connections found the new primary by themselves.
        while True:
            rows = await asyncio.to_thread(
                self.query, "SELECT application_name FROM pg_stat_activity WHERE application_name LIKE 'shifty-listen %' ORDER BY 1")
            names = [row[0] for row in rows]
            if names == ["shifty-listen ha-test-a", "shifty-listen ha-test-b"]:
                break
            check(time.monotonic() - killed < 60, f"LISTEN connections not on the new primary 60 s after the kill: {names}")
            await asyncio.sleep(0.2)
        listening = time.monotonic() - killed
        say(f"both instances LISTEN on {survivor} {listening:.1f} s after the kill ({', '.join(names)})")
        await asyncio.sleep(3)
        self.failovers.append({"label": label, "promoted": promoted, "first_write": first_write, "unavailable": len(unavailable),
                               "requests": len(window), "listening": listening})

    def check_answers(self):
        """Every error answer during the whole run was a 503 database_unavailable with Retry-After
        or a 409 of a writer acting on a state an unanswered request had already changed."""
        records = [r for w in self.writers for r in w.records]
        statuses = {}
        for record in records:
            statuses[record[4]] = statuses.get(record[4], 0) + 1
        say(f"writer answers over the run: {dict(sorted(statuses.items(), key=lambda kv: str(kv[0])))}")
        for started, _, port, action, status, code, retry_after in records:
            check(status is not None, f"{action} on :{port} got no HTTP answer ({code}): an instance failed")
            check(status < 500 or status == 503, f"{action} on :{port} answered {status} {code}")
            if status == 503:
                check(code == "database_unavailable", f"{action} on :{port}: 503 with code {code}")
                check(retry_after is not None and retry_after.isdigit(), f"{action} on :{port}: 503 without Retry-After")
            elif status >= 400:
                check(status == 409, f"{action} on :{port} answered {status} {code}")

    def check_trades(self):
        acknowledged = sorted(d for w in self.writers for d in w.acknowledged_deals)
        check(acknowledged, "no trade was acknowledged")
        rows = self.query(f"SELECT id, state FROM deals WHERE id IN ({', '.join(map(str, acknowledged))})")
        found = {int(r[0]): r[1] for r in rows}
        missing = [d for d in acknowledged if d not in found]
        check(not missing, f"acknowledged trades missing after the failovers: {missing[:10]}")
        not_approved = [d for d in acknowledged if found[d] != "approved"]
        check(not not_approved, f"acknowledged trades not approved: {not_approved[:10]}")
        # No trade half-applied: each approved deal has its leg settled, its history and its event, and
        # every shift belongs to the receiver of its latest approved deal.
        counts = self.query(f"""
            SELECT d.id,
                   (SELECT count(*) FROM deal_legs l WHERE l.deal_id = d.id),
                   (SELECT count(*) FROM deal_legs l WHERE l.deal_id = d.id AND l.pending),
                   (SELECT count(*) FROM shift_history h WHERE h.subject_type = 'deal' AND h.subject_id = d.id),
                   (SELECT count(*) FROM events e WHERE e.workplace_id = d.workplace_id AND e.type = 'deal.approved'
                                                    AND (e.payload ->> 'dealId')::bigint = d.id)
            FROM deals d WHERE d.workplace_id = {self.workplace_id} AND d.state = 'approved'""")
        broken = [r for r in counts if r[1] != "1" or r[2] != "0" or r[3] == "0" or r[4] == "0"]
        check(not broken, f"half-applied trades (deal, legs, pending legs, history rows, deal.approved events): {broken[:5]}")
        owners = self.query(f"""
            SELECT s.id, s.owner_id, s.status, (
                SELECT l.receiver_id FROM deal_legs l JOIN deals d ON d.id = l.deal_id
                WHERE l.shift_id = s.id AND d.state = 'approved' ORDER BY d.id DESC LIMIT 1)
            FROM shifts s WHERE s.workplace_id = {self.workplace_id}""")
        wrong = [r for r in owners if r[3] and r[1] != r[3]]
        check(not wrong, f"shifts whose owner is not the receiver of their latest approved trade: {wrong[:5]}")
        check(all(r[2] in ("scheduled", "supplied") for r in owners), f"shifts left in a deal: {owners}")
        total = int(self.query(f"SELECT count(*) FROM deals WHERE workplace_id = {self.workplace_id} AND state = 'approved'")[0][0])
        say(f"all {len(acknowledged)} acknowledged trades are there and approved ({total} approved in the database, "
            f"{total - len(acknowledged)} of them committed while their answer was lost to the failover); "
            f"none half-applied; every shift's owner is the receiver of its last trade")

    async def run(self):
        self.create_formation()
        self.measure_synchronous_commit()
        self.start_instances()
        self.create_workplace()
        await self.start_clients()
        for writer in self.writers:
            writer.thread.start()
        await self.failover("node1", "node2", "failover 1")

        phase("the old primary comes back as the standby")
        started = time.monotonic()
        self.formation.restart_node("node1")
        seconds = self.formation.wait_states({"node2": "primary", "node1": "secondary"}, 120, checkpoint_on="node2")
        names = self.formation.synchronous_standby_names("node2")
        check(names and names != "''", f"node2 does not replicate synchronously after node1 rejoined: {names!r}")
        say(f"node1 is node2's synchronous standby again after {time.monotonic() - started:.1f} s "
            f"(states settled in {seconds:.1f} s); synchronous_standby_names = {names}")

        await self.failover("node2", "node1", "failover 2")

        phase("checks")
        for writer in self.writers:
            writer.stop.set()
        for writer in self.writers:
            await asyncio.to_thread(writer.thread.join, 30)
        self.check_answers()
        self.check_trades()
        await self.wait_delivered("after two failovers")
        lost_connections = sum(len(client.close_codes) for client, _ in self.clients)
        say(f"live WebSocket connections closed during the run: {lost_connections} (the instances stayed up)")

        phase("node2 rejoins too: the formation ends as it began, with a synchronous standby")
        self.formation.restart_node("node2")
        seconds = self.formation.wait_states({"node1": "primary", "node2": "secondary"}, 120, checkpoint_on="node1")
        say(f"node2 secondary again after {seconds:.1f} s")

        cost1 = self.latency[(1, "on")][0] - self.latency[(1, "local")][0]
        print("\nRESULT " + json.dumps({
            "failovers": [{k: (round(v, 2) if isinstance(v, float) else v) for k, v in f.items()} for f in self.failovers],
            "commit_ms": {f"{c}x{m}": round(v[0], 2) for (c, m), v in self.latency.items()},
            "sync_cost_ms_1_client": round(cost1, 2),
            "acknowledged_trades": sum(len(w.acknowledged_deals) for w in self.writers),
        }), flush=True)

    async def shutdown(self):
        for writer in self.writers:
            writer.stop.set()
        for client, _ in self.clients:
            await client.stop()
        for instance in self.instances.values():
            instance.stop_quietly()
        await asyncio.to_thread(self.formation.stop_all)


async def main():
    parser = argparse.ArgumentParser()
    for name in ("shifty", "repo", "work", "psql", "pg-bin"):
        parser.add_argument(f"--{name}", required=True)
    parser.add_argument("--as-postgres", default="")
    parser.add_argument("--port-base", type=int, required=True)
    args = parser.parse_args()
    isolate_environment(args.repo)
    return await run_scenario(Scenario(args))


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
