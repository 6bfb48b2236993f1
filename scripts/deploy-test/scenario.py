#!/usr/bin/env python3
"""The deploy test's scenario: two Shifty instances behind nginx, live clients, and failures.

scripts/deploy-test.sh has started PostgreSQL and nginx; this starts the instances (settings from
deploy/shifty.env.example) and then:
  1. checks that a misspelled setting, an unreachable database and a port in use stop `serve`
     at once with a message saying so;
  2. checks what nginx adds (HTTPS redirect, no public /metrics, revalidated and gzipped assets,
     Cache-Control, the body limit, calendar paths kept out of the access log, Secure cookies from
     X-Forwarded-Proto, Host forwarded for the Origin check of browser live connections);
  3. creates a workplace and members and logs them in through nginx (bearer tokens);
  4. connects live clients through nginx and makes changes through nginx and on each instance;
  5. stops instance A with SIGTERM (a request in flight is answered, clients get 1001, reconnect
     through nginx, resume; reads through nginx never fail);
  6. restarts A and kills B with SIGKILL (clients lose the connection, reconnect, resume);
  7. restarts B, restarts PostgreSQL, then stops it for 3 s, and checks both instances recover
     by themselves;
  8. parses each instance's /metrics with prometheus_client;
and after each step checks that every client received every event id it may see exactly once and
in order, comparing with the events table itself.
"""
import argparse
import asyncio
import datetime
import os
import re
import signal
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from cluster import Cluster  # noqa: E402
from https_api import Api, trusting  # noqa: E402
from instance import Instance  # noqa: E402
from live_client import LiveClient  # noqa: E402
from metrics_check import Scrape  # noqa: E402
from terminal_watcher import TerminalWatcher  # noqa: E402
from steps import Failure, check, isolate_environment, phase, run_scenario, say  # noqa: E402

from websockets.asyncio.client import connect  # noqa: E402
from websockets.exceptions import InvalidStatus  # noqa: E402

PASSWORD = "correct horse battery staple"
MARKETPLACE_TYPES = ("shift.supplied", "shift.revoked")
SHUTDOWN_TIMEOUT = 5
CLIENTS_PER_USER = 2


class Member:
    def __init__(self, username, role, token, user_id):
        self.username = username
        self.role = role
        self.token = token
        self.user_id = user_id
        self.shifts = []  # ids of future shifts this member owns


class Scenario:
    def __init__(self, args):
        self.args = args
        self.ssl = trusting(args.ca)
        self.public_origin = f"https://localhost:{args.https_port}"
        self.nginx = Api(self.public_origin, self.ssl)
        self.cluster = Cluster(args.psql, args.admin_db, args.pg_ctl, args.pg_data, args.pg_log, args.as_postgres)
        self.help = subprocess.run([args.shifty, "serve", "--help"], capture_output=True, text=True).stdout
        self.supports = {flag: f"--{flag}" in self.help for flag in ("instance-name", "shutdown-timeout", "config")}
        self.not_exercised = []
        self.settings_file = self.write_settings_file() if self.supports["config"] else None
        self.instances = {
            "a": Instance("a", args.port_a, self.serve_argv("a", args.port_a), args.work),
            "b": Instance("b", args.port_b, self.serve_argv("b", args.port_b), args.work),
        }
        self.direct = {name: Api(instance.base) for name, instance in self.instances.items()}
        self.members = []
        self.clients = []
        self.workplace_id = None
        self.supplied = {}  # shift id -> currently on the marketplace
        self.change_counter = 0
        self.metrics_available = None

    # --- instances -------------------------------------------------------------------------

    def write_settings_file(self):
        """deploy/shifty.env.example with every documented default switched on, plus this test's values.

        Starting the instances from it proves the example parses and its defaults are valid; flags
        (port, instance name) still win over it, as in the systemd unit.
        """
        example_path = os.path.join(self.args.repo, "deploy", "shifty.env.example")
        with open(example_path) as file:
            example = file.read()
        # Every variable `shifty serve --help` names must be documented in the example.
        documented = set(re.findall(r"\b([A-Z][A-Z0-9_]+)\b", example))
        named = set(re.findall(r"\[env:\s+([A-Z][A-Z0-9_]+)", re.sub(r"\s+", " ", self.help)))
        check(named, "shifty serve --help names no [env: …] variables")
        check(named <= documented, f"deploy/shifty.env.example does not document {sorted(named - documented)}")
        say(f"deploy/shifty.env.example documents all {len(named)} variables of shifty serve --help")
        overrides = {
            "DATABASE_URL": self.args.database_url,
            "SHIFTY_WEB_ROOT": os.path.join(self.args.repo, "web"),
            "SHIFTY_MIGRATIONS": os.path.join(self.args.repo, "sql"),
            "SHIFTY_OPENAPI": os.path.join(self.args.repo, "openapi.yaml"),
            "SHIFTY_DATA_DIR": os.path.join(self.args.work, "unused-embedded-cluster"),
            "SHIFTY_ALLOW_SIGNUP": "1",
        }
        lines = []
        seen = set()
        for line in example.splitlines():
            match = re.match(r"^#?([A-Z][A-Z0-9_]*)=(.*)$", line)
            if match:
                key = match.group(1)
                seen.add(key)
                value = overrides.get(key, match.group(2))
                line = f"{key}={value}"
            lines.append(line)
        for key, value in overrides.items():
            if key not in seen:
                lines.append(f"{key}={value}")
        path = os.path.join(self.args.work, "shifty.env")
        with open(path, "w") as file:
            file.write("\n".join(lines) + "\n")
        return path

    def serve_argv(self, name, port):
        argv = [self.args.shifty, "serve", "--host", "127.0.0.1", "--port", str(port)]
        if self.settings_file:
            argv += ["--config", self.settings_file]
        else:
            argv += [
                "--database-url", self.args.database_url, "--allow-signup",
                "--web-root", os.path.join(self.args.repo, "web"), "--migrations", os.path.join(self.args.repo, "sql"),
            ]
        if self.supports["instance-name"]:
            argv += ["--instance-name", f"deploy-test-{name}"]
        if self.supports["shutdown-timeout"]:
            argv += ["--shutdown-timeout", str(SHUTDOWN_TIMEOUT)]
        return argv

    def start_instance(self, name):
        instance = self.instances[name]
        instance.start()
        seconds = instance.wait_ready()
        say(f"instance {name} on 127.0.0.1:{instance.port} ready after {seconds:.1f} s (pid {instance.process.pid})")

    # --- HTTP --------------------------------------------------------------------------------

    def login(self, username, via=None):
        answer = (via or self.nginx).post(
            "/api/v1/sessions", {"workplace": "deploy-test", "username": username, "password": PASSWORD, "client": "bearer"}
        )
        check(answer.status == 201, f"login of {username} through nginx: {answer}")
        return answer.json

    def change(self, api, member):
        """Offers one of the member's shifts on the marketplace, or takes it back: one event."""
        shift = member.shifts[self.change_counter % len(member.shifts)]
        self.change_counter += 1
        action = "revoke" if self.supplied.get(shift) else "supply"
        answer = api.post(f"/api/v1/shifts/{shift}/{action}", token=member.token)
        check(answer.status == 200, f"{action} shift {shift} as {member.username} via {api.base}: {answer}")
        self.supplied[shift] = action == "supply"

    async def changes(self, api, count, label):
        employees = [m for m in self.members if m.shifts]
        started = time.monotonic()
        for index in range(count):
            await asyncio.to_thread(self.change, api, employees[index % len(employees)])
        say(f"{count} changes {label} in {time.monotonic() - started:.2f} s")

    # --- delivery checks -------------------------------------------------------------------------

    def expected_ids(self, member):
        """The marketplace events `member` may see, from the events table, oldest first."""
        manager = "true" if member.role == "manager" else "false"
        rows = self.cluster.query(
            f"SELECT id FROM events WHERE workplace_id = {self.workplace_id} "
            f"AND type IN ({', '.join(repr(t) for t in MARKETPLACE_TYPES)}) "
            f"AND (audience = 'workplace' OR (audience = 'managers' AND {manager}) OR {member.user_id} = ANY(user_ids)) "
            f"ORDER BY id"
        )
        return [int(row[0]) for row in rows]

    async def wait_delivered(self, label, timeout=15):
        """Waits until every client holds exactly the events table's ids; fails with the difference."""
        started = time.monotonic()
        while True:
            expected = {m.username: await asyncio.to_thread(self.expected_ids, m) for m in self.members}
            behind = []
            for client, member in self.clients:
                check(not client.problems, f"{client.name}: protocol problems: {client.problems[:3]}")
                want = expected[member.username]
                got = client.received
                if got == want:
                    continue
                extra = sorted(set(got) - set(want))
                duplicates = sorted({i for i in got if got.count(i) > 1})
                check(not extra, f"{client.name} received ids that are not its workplace's marketplace events: {extra[:10]}")
                check(not duplicates, f"{client.name} received ids more than once: {duplicates[:10]}")
                check(got == sorted(got), f"{client.name} received ids out of order: {got}")
                behind.append((client.name, sorted(set(want) - set(got))))
            if not behind:
                total = len(expected[self.members[0].username])
                say(f"{label}: all {len(self.clients)} clients hold all {total} events exactly once, in order "
                    f"({time.monotonic() - started:.2f} s)")
                return
            if time.monotonic() - started > timeout:
                detail = "; ".join(f"{name} misses {ids[:8]}" for name, ids in behind[:4])
                raise Failure(f"{label}: after {timeout} s {len(behind)} clients still miss events: {detail}")
            await asyncio.sleep(0.1)

    def scrape(self, name):
        code, body = self.instances[name].status("/metrics")
        if code == 404 and self.metrics_available is None:
            self.metrics_available = False
            self.not_exercised.append("GET /metrics (the instance answers 404: not implemented in this binary)")
        if code != 200:
            return None
        self.metrics_available = True
        return Scrape(body.decode("utf-8"))

    def websocket_counts(self):
        counts = {}
        for name in self.instances:
            scrape = self.scrape(name)
            if scrape is None:
                return None
            counts[name] = scrape.value("shifty_websocket_connections")
        return counts

    # --- the steps ---------------------------------------------------------------------------

    async def run(self):
        phase("start two instances")
        if not self.settings_file:
            self.not_exercised.append("--config (not in this binary): settings passed as flags instead")
        else:
            say(f"settings: {self.settings_file} (deploy/shifty.env.example with every default switched on)")
        for flag in ("instance-name", "shutdown-timeout"):
            if not self.supports[flag]:
                self.not_exercised.append(f"--{flag} (not in this binary)")
        self.start_instance("a")
        self.start_instance("b")
        await asyncio.to_thread(self.check_start_failures)

        phase("what nginx adds")
        await asyncio.to_thread(self.check_proxy_behaviour)

        phase("a workplace and its members, through nginx")
        await asyncio.to_thread(self.create_workplace)
        await self.check_cookie_websocket()

        phase("live clients through nginx")
        for member in self.members:
            for index in range(CLIENTS_PER_USER):
                client = LiveClient(f"{member.username}#{index + 1}", f"wss://localhost:{self.args.https_port}", member.token, self.ssl)
                client.start()
                self.clients.append((client, member))
        await self.wait_connected()
        counts = self.websocket_counts()
        if counts is not None:
            say(f"open WebSockets per instance (from /metrics): {counts}")
            check(all(count >= 1 for count in counts.values()), f"nginx did not spread the live clients over both instances: {counts}")
        await self.changes(self.nginx, 8, "through nginx")
        await self.changes(self.direct["a"], 4, "directly on instance a")
        await self.changes(self.direct["b"], 4, "directly on instance b")
        await self.wait_delivered("steady state")

        await self.sigterm_step(counts)
        await self.sigkill_step()
        await self.postgres_restart_step()
        self.metrics_step()
        await self.terminal_watch_step()
        self.final_report()

    def check_start_failures(self):
        """Mistakes an admin makes stop `shifty serve` at once with a message saying what is wrong
        (systemd then retries every RestartSec and the journal shows the message)."""
        bad_settings = os.path.join(self.args.work, "bad-settings.env")
        with open(bad_settings, "w") as file:
            file.write("SHIFTY_PORTT=8081\n")
        cases = [
            ("a misspelled setting", ["--config", bad_settings], r"line 1.*SHIFTY_PORTT"),
            ("an unreachable database", ["--database-url", f"host={self.args.work}/no-such-socket-dir dbname=x"], r"PostgreSQL"),
            ("a port in use", self.serve_argv("c", self.args.port_a)[2:], rf"{self.args.port_a}.*(?i:in use)"),
        ]
        for label, arguments, pattern in cases:
            argv = [self.args.shifty, "serve"] + arguments
            if "--migrations" not in argv and "--config" not in argv:
                argv += ["--migrations", os.path.join(self.args.repo, "sql")]
            try:
                result = subprocess.run(argv, capture_output=True, text=True, timeout=20, cwd=self.args.work)
            except subprocess.TimeoutExpired:
                raise Failure(f"shifty serve with {label} did not stop within 20 s")
            output = (result.stdout + result.stderr).strip()
            check(result.returncode != 0, f"shifty serve with {label} exited 0")
            message = next((line for line in output.splitlines() if re.search(pattern, line)), None)
            check(message, f"shifty serve with {label} did not say so (pattern {pattern!r}): {output[-400:]}")
            say(f"{label}: exit {result.returncode}, {message.strip()[:110]}")

    def check_proxy_behaviour(self):
        port = self.args.http_port
        plain = Api(f"http://127.0.0.1:{port}").get("/app.js?x=1", headers={"Host": "localhost"})
        check(plain.status == 301 and (plain.header("location") or "").startswith("https://localhost/app.js?x=1"),
              f"plain HTTP should redirect to HTTPS: {plain.status} {plain.header('location')}")
        say(f"http://… answers 301 -> {plain.header('location')}")

        document = self.nginx.get("/api/v1/openapi.yaml")
        check(document.status == 200 and b"openapi:" in document.body, f"/api/v1/openapi.yaml through nginx: {document.status}")
        ready = self.nginx.get("/readyz")
        check(ready.status == 200, f"/readyz through nginx: {ready}")
        hidden = self.nginx.get("/metrics")
        check(hidden.status == 404, f"/metrics must not be served through nginx, got {hidden.status}")
        say("/readyz 200 through nginx; /metrics 404 through nginx")

        page = self.nginx.get("/", headers={"Accept": "text/html"})
        check(page.status == 200 and "text/html" in (page.header("content-type") or ""), f"the page through nginx: {page.status}")
        check(page.header("content-security-policy"), "Shifty's Content-Security-Policy did not come through nginx")
        script = self.nginx.get("/app.js", headers={"Accept-Encoding": "gzip", "Accept": "*/*"})
        check(script.status == 200, f"/app.js through nginx: {script.status}")
        check(script.header("cache-control") == "no-cache", f"/app.js Cache-Control should be no-cache, got {script.header('cache-control')}")
        check(script.header("content-encoding") == "gzip", f"/app.js should be gzipped, got {script.header('content-encoding')}")
        etag = script.header("etag")
        check(etag, "/app.js has no ETag to revalidate with")
        again = self.nginx.get("/app.js", headers={"If-None-Match": etag, "Accept": "*/*", "Accept-Encoding": "gzip"})
        check(again.status == 304, f"/app.js with If-None-Match {etag} should be 304, got {again.status}")
        say(f"/app.js: Cache-Control no-cache, gzip, ETag {etag} -> 304 on revalidation; CSP from Shifty passes")

        api_cache = self.nginx.get("/readyz").headers_named("cache-control")
        check(api_cache == ["no-store"], f"an answer with its own Cache-Control must keep it alone through nginx: {api_cache}")
        say("an answer with its own Cache-Control (no-store) keeps it alone")

        feed = self.nginx.get("/calendar/deploy-test-not-a-token.ics", headers={"Accept": "text/calendar"})
        check(feed.status in (401, 403, 404, 410) and "json" in (feed.header("content-type") or ""),
              f"an unknown calendar feed through nginx should get Shifty's problem answer: {feed.status} {feed.header('content-type')}")
        access_log = os.path.join(self.args.work, "logs", "nginx-access.log")
        time.sleep(0.2)
        with open(access_log) as file:
            logged = file.read()
        check("/readyz" in logged, "nginx's access log is not being written (cannot check what it leaves out)")
        check("deploy-test-not-a-token" not in logged, "a calendar feed's secret path ended up in nginx's access log")
        say(f"/calendar/TOKEN.ics is proxied ({feed.status} for a wrong token) and kept out of the access log")

        big = self.nginx.request("POST", "/api/v1/sessions", raw_body=b"x" * (2 << 20), headers={"Content-Type": "application/json"})
        check(big.status == 413, f"a 2 MiB body should be refused by nginx with 413, got {big.status}")
        say("a 2 MiB body is refused with 413")

    def create_workplace(self):
        created = self.nginx.post("/api/v1/workplaces", {
            "name": "Deploy Test", "slug": "deploy-test", "timeZone": "Europe/Amsterdam", "client": "bearer",
            "manager": {"username": "boss", "displayName": "The Boss", "password": PASSWORD},
        })
        check(created.status == 201, f"create workplace through nginx: {created}")
        self.workplace_id = created.json["workplace"]["id"]
        manager = Member("boss", "manager", created.json["token"], created.json["user"]["id"])
        self.members.append(manager)
        for username in ("anna", "ben", "cara"):
            answer = self.nginx.post("/api/v1/users", {
                "username": username, "displayName": username.capitalize(), "password": PASSWORD, "role": "employee",
            }, token=manager.token)
            check(answer.status == 201, f"create user {username}: {answer}")
        # Everybody logs in through nginx; the manager too, with a second session.
        for username in ("anna", "ben", "cara"):
            session = self.login(username)
            self.members.append(Member(username, "employee", session["token"], session["user"]["id"]))
        self.login("boss")
        today = datetime.date.today()
        for offset, member in enumerate(self.members[1:]):
            for day in range(3, 7):
                answer = self.nginx.post("/api/v1/shifts", {
                    "ownerId": member.user_id, "date": (today + datetime.timedelta(days=day)).isoformat(),
                    "startTime": f"{9 + offset:02d}:00", "durationMinutes": 240,
                }, token=manager.token)
                check(answer.status == 201, f"create shift: {answer}")
                member.shifts.append(answer.json["id"])
        say(f"workplace {self.workplace_id}: manager + 3 employees logged in with bearer tokens, "
            f"{sum(len(m.shifts) for m in self.members)} shifts")

        cookie_login = self.nginx.post("/api/v1/sessions", {"workplace": "deploy-test", "username": "anna", "password": PASSWORD})
        check(cookie_login.status == 201, f"cookie login through nginx: {cookie_login}")
        cookie = next((c for c in cookie_login.headers_named("set-cookie") if c.startswith("shifty_session=")), None)
        check(cookie is not None, "the browser login set no shifty_session cookie")
        check("secure" in cookie.lower(), f"behind nginx (X-Forwarded-Proto: https) the session cookie must be Secure: {cookie}")
        self.cookie = cookie.split(";", 1)[0]
        say("browser login through nginx: the session cookie is Secure (X-Forwarded-Proto reaches Shifty)")

    async def check_cookie_websocket(self):
        """A browser's live connection: cookie + Origin. Shifty accepts it only if nginx forwarded Host with its port."""
        url = f"wss://localhost:{self.args.https_port}/api/v1/live?topics=marketplace"
        async with connect(url, additional_headers={"Cookie": self.cookie}, origin=self.public_origin, ssl=self.ssl, open_timeout=5) as socket:
            hello = await asyncio.wait_for(socket.recv(), 5)
            check('"hello"' in hello, f"the cookie live connection did not start with hello: {hello[:200]}")
        try:
            async with connect(url, additional_headers={"Cookie": self.cookie}, origin="https://evil.example", ssl=self.ssl, open_timeout=5):
                raise Failure("a cookie live connection from another origin was accepted")
        except InvalidStatus as error:
            check(error.response.status_code == 403, f"foreign origin: expected 403, got {error.response.status_code}")
        say(f"browser live connection with Origin {self.public_origin} is accepted (Host forwarded), another origin gets 403")

    async def wait_connected(self, timeout=15):
        started = time.monotonic()
        while not all(client.connected.is_set() for client, _ in self.clients):
            if time.monotonic() - started > timeout:
                waiting = [client.name for client, _ in self.clients if not client.connected.is_set()]
                attempts = {client.name: client.failed_attempts[-3:] for client, _ in self.clients if not client.connected.is_set()}
                raise Failure(f"live clients not connected after {timeout} s: {waiting}; last attempts: {attempts}")
            await asyncio.sleep(0.05)
        say(f"{len(self.clients)} live clients connected through nginx ({time.monotonic() - started:.2f} s)")

    async def sigterm_step(self, counts):
        phase("SIGTERM instance a: 1001, reconnect through nginx, resume")
        closes_before = {client.name: len(client.close_codes) for client, _ in self.clients}
        instance = self.instances["a"]
        reads = {"ok": 0, "failed": []}
        stop_reading = threading.Event()

        def read_through_nginx():
            member = self.members[1]
            while not stop_reading.is_set():
                answer = self.nginx.get("/api/v1/marketplace", token=member.token)
                if answer.status == 200:
                    reads["ok"] += 1
                else:
                    reads["failed"].append(answer.status)
                time.sleep(0.02)

        reader = threading.Thread(target=read_through_nginx)
        reader.start()
        try:
            await asyncio.sleep(0.2)
            # A login (Argon2id: tens of milliseconds of work) written to a just before SIGTERM must
            # still be answered: graceful shutdown finishes requests in flight.
            written = threading.Event()
            answered = []

            def login_on_a():
                try:
                    return self.direct["a"].request(
                        "POST", "/api/v1/sessions",
                        body={"workplace": "deploy-test", "username": "ben", "password": PASSWORD, "client": "bearer"},
                        sent=written)
                except OSError as error:
                    return error
                finally:
                    answered.append(time.monotonic())

            in_flight = asyncio.ensure_future(asyncio.to_thread(login_on_a))
            check(await asyncio.to_thread(written.wait, 5), "could not send a login to instance a")
            sent = time.monotonic()
            await asyncio.sleep(0.005)
            signalled = time.monotonic()
            instance.send(signal.SIGTERM)
            await self.changes(self.direct["b"], 4, "directly on instance b while a shuts down")
            _, code = await asyncio.to_thread(instance.wait_exit, SHUTDOWN_TIMEOUT + 10)
            seconds = time.monotonic() - signalled
            login = await in_flight
            check(not isinstance(login, Exception), f"a login in flight on instance a when it got SIGTERM was dropped: {login!r}")
            check(login.status == 201, f"a login in flight on instance a when it got SIGTERM was not finished: {login}")
            if answered[0] > signalled:
                say(f"a login written to a {1000 * (signalled - sent):.0f} ms before SIGTERM was answered 201 "
                    f"{1000 * (answered[0] - signalled):.0f} ms after it")
            else:
                say("a login written to a before SIGTERM was answered 201 before the signal (not an in-flight check this time)")
            await self.changes(self.nginx, 4, "through nginx after a is gone")
            await asyncio.sleep(0.3)
        finally:
            stop_reading.set()
            await asyncio.to_thread(reader.join)
        limit = SHUTDOWN_TIMEOUT + 2 if self.supports["shutdown-timeout"] else 12
        say(f"instance a exited with status {code} {seconds:.2f} s after SIGTERM")
        check(code == 0, f"instance a should exit cleanly (0) on SIGTERM, got {code}")
        check(seconds <= limit, f"instance a took {seconds:.1f} s to stop (limit {limit} s)")
        check(not reads["failed"], f"reads through nginx failed while a was stopping: {reads['failed'][:10]} ({reads['ok']} ok)")
        say(f"{reads['ok']} reads through nginx during the shutdown, none failed")
        await self.wait_delivered("after SIGTERM")
        went_away = [client for client, _ in self.clients if 1001 in client.close_codes[closes_before[client.name]:]]
        others = [(client.name, client.close_codes[closes_before[client.name]:]) for client, _ in self.clients
                  if any(code != 1001 for code in client.close_codes[closes_before[client.name]:])]
        check(went_away, "no live client was closed with 1001 when instance a stopped")
        check(not others, f"clients of the stopping instance should see 1001 only: {others}")
        if counts is not None:
            check(len(went_away) == counts["a"], f"{counts['a']} clients were on a but {len(went_away)} got 1001")
        say(f"{len(went_away)} clients got 1001 and resumed through nginx on instance b")
        after = self.websocket_counts()
        if after is not None:
            check(after["b"] == len(self.clients), f"all {len(self.clients)} clients should now be on b: {after}")

    def nginx_fail_timeout(self):
        with open(os.path.join(self.args.repo, "deploy", "nginx.conf")) as file:
            values = re.findall(r"fail_timeout=(\d+)s", file.read())
        check(values, "deploy/nginx.conf has no fail_timeout=Ns on its upstream servers")
        return max(int(value) for value in values)

    async def sigkill_step(self):
        phase("restart a, then SIGKILL instance b: dropped connections, reconnect, resume")
        self.start_instance("a")
        # nginx marked a as failed while it was down and only tries it again after fail_timeout: a
        # second instance stopping within that window would leave nginx with no upstream at all.
        pause = self.nginx_fail_timeout() + 2
        say(f"waiting {pause:.1f} s (nginx's fail_timeout + 2 s) before the next failure, as the runbook says")
        await asyncio.sleep(pause)
        await self.changes(self.nginx, 4, "through nginx")
        await self.wait_delivered("a is back")
        closes_before = {client.name: len(client.close_codes) for client, _ in self.clients}
        counts = self.websocket_counts()
        self.instances["b"].kill()
        say("instance b killed with SIGKILL" + (f" (it had {counts['b']:.0f} live clients)" if counts else ""))
        await self.changes(self.direct["a"], 4, "directly on instance a")
        await self.changes(self.nginx, 6, "through nginx (nginx must skip the dead instance)")
        await self.wait_delivered("after SIGKILL")
        dropped = [(client.name, client.close_codes[closes_before[client.name]:]) for client, _ in self.clients
                   if len(client.close_codes) > closes_before[client.name]]
        check(dropped, "no live client noticed that instance b was killed")
        check(all(1001 not in codes for _, codes in dropped), f"a killed instance cannot send 1001: {dropped}")
        if counts is not None:
            check(len(dropped) == counts["b"], f"{counts['b']:.0f} clients were on b but {len(dropped)} noticed its death")
        say(f"{len(dropped)} clients lost their connection (codes {sorted({c for _, codes in dropped for c in codes})}) "
            f"and resumed through nginx on instance a")
        self.start_instance("b")

    async def postgres_restart_step(self):
        phase("restart PostgreSQL under both instances")
        closes_before = sum(len(client.close_codes) for client, _ in self.clients)
        await self.changes(self.direct["b"], 2, "directly on instance b (back after SIGKILL)")
        await self.wait_delivered("before the restart")
        seconds = await asyncio.to_thread(self.cluster.restart)
        say(f"pg_ctl restart -m fast took {seconds:.2f} s")
        await self.check_recovery("the restart")
        closes_after = sum(len(client.close_codes) for client, _ in self.clients)
        say(f"live connections closed during the PostgreSQL restart: {closes_after - closes_before}")

        phase("PostgreSQL down for a few seconds")
        closes_before = closes_after
        await asyncio.to_thread(self.cluster.stop)
        stopped = time.monotonic()
        say("pg_ctl stop -m fast")
        for name, instance in self.instances.items():
            while True:
                code, _ = await asyncio.to_thread(instance.status, "/readyz", 5)
                if code == 503:
                    break
                check(time.monotonic() - stopped < 10, f"instance {name}: /readyz still answers {code} 10 s into the outage")
                await asyncio.sleep(0.1)
            say(f"instance {name}: /readyz 503 {time.monotonic() - stopped:.2f} s into the outage")
        member = self.members[1]
        asked = time.monotonic()
        answer = await asyncio.to_thread(self.nginx.get, "/api/v1/marketplace", token=member.token)
        check(answer.status >= 500, f"a read through nginx during the outage answered {answer.status}")
        check(time.monotonic() - asked < 10, "a read through nginx during the outage took more than 10 s")
        say(f"a read through nginx during the outage: {answer.status} {(answer.json or {}).get('code', '')} "
            f"after {time.monotonic() - asked:.2f} s")
        await asyncio.sleep(max(0.0, 3 - (time.monotonic() - stopped)))
        await asyncio.to_thread(self.cluster.start)
        say(f"pg_ctl start after {time.monotonic() - stopped:.1f} s down")
        await self.check_recovery("the outage")
        closes_after = sum(len(client.close_codes) for client, _ in self.clients)
        say(f"live connections closed during the outage: {closes_after - closes_before}")

    async def check_recovery(self, label):
        """Both instances ready again, writes work on each and through nginx, events reach every client."""
        for name, instance in self.instances.items():
            waited = await asyncio.to_thread(instance.wait_ready, 30)
            say(f"instance {name}: /readyz 200 again {waited:.2f} s after {label}")
        retried = 0
        started = time.monotonic()
        for api, where in ((self.direct["a"], "on a"), (self.direct["b"], "on b"), (self.nginx, "through nginx")):
            for _ in range(3):
                member = self.members[1 + self.change_counter % 3]
                while True:
                    try:
                        await asyncio.to_thread(self.change, api, member)
                        break
                    except Failure:
                        # A pool connection that died with the restart may fail one request; not more.
                        retried += 1
                        check(time.monotonic() - started < 10, f"changes {where} still fail 10 s after PostgreSQL came back")
                        await asyncio.sleep(0.2)
        say(f"9 changes after {label} (on a, on b, through nginx), {retried} retried")
        await self.wait_delivered(f"after {label}")
        if self.supports["instance-name"]:
            started = time.monotonic()
            while True:
                rows = await asyncio.to_thread(
                    self.cluster.query, "SELECT application_name FROM pg_stat_activity WHERE application_name LIKE 'shifty-listen %' ORDER BY 1")
                names = [row[0] for row in rows]
                if names == ["shifty-listen deploy-test-a", "shifty-listen deploy-test-b"]:
                    break
                check(time.monotonic() - started < 15, f"LISTEN connections not back 15 s after {label}: {names}")
                await asyncio.sleep(0.2)
            say(f"pg_stat_activity shows {names}")

    def metrics_step(self):
        phase("GET /metrics of each instance, parsed by prometheus_client")
        for name in self.instances:
            scrape = self.scrape(name)
            if scrape is None:
                say(f"instance {name}: no /metrics (not exercised)")
                continue
            problems = scrape.missing()
            check(not problems, f"instance {name} /metrics: {'; '.join(problems)}")
            requests = scrape.value("shifty_http_requests")
            routes = scrape.label_values("shifty_http_requests", "route")
            delivered = scrape.value("shifty_live_events_delivered")
            reconnects = scrape.value("shifty_live_listener_reconnects")
            sockets = scrape.value("shifty_websocket_connections")
            check(requests and requests > 0, f"instance {name}: shifty_http_requests_total is 0")
            supply = sorted(route for route in routes if "supply" in route)
            check(supply, f"instance {name}: no supply route among {sorted(routes)[:10]}")
            check(reconnects >= 2, f"instance {name}: shifty_live_listener_reconnects_total is {reconnects} after a PostgreSQL restart and an outage")
            say(f"instance {name}: {len(scrape.families)} families, {requests:.0f} requests over {len(routes)} routes, "
                f"{delivered:.0f} events delivered, {sockets:.0f} open WebSockets, {reconnects:.0f} LISTEN reconnects; "
                f"route label {supply[0]!r}")
        if self.metrics_available:
            scrapes = [self.scrape(name) for name in self.instances]
            delivered = sum(scrape.value("shifty_live_events_delivered") for scrape in scrapes)
            dropped = sum(scrape.value("shifty_live_events_dropped") for scrape in scrapes)
            sockets = sum(scrape.value("shifty_websocket_connections") for scrape in scrapes)
            check(delivered > 0, "no instance counted a delivered event")
            check(dropped == 0, f"{dropped:.0f} events were dropped")
            check(sockets == len(self.clients), f"the instances count {sockets:.0f} open WebSockets, {len(self.clients)} clients are connected")
            say(f"together: {sockets:.0f} open WebSockets = {len(self.clients)} clients, no event dropped")

    async def terminal_watch_step(self):
        """`shifty watch --json` through nginx over TLS (our WebSocket client with NIOSSL, trusting the
        throwaway certificate with --ca-file): every marketplace event after it connected, once, in order."""
        phase("the terminal client through nginx (wss, --ca-file)")
        member = next(m for m in self.members if m.shifts)
        watcher = TerminalWatcher(
            "watch", self.args.shifty, f"https://localhost:{self.args.https_port}", member.token, self.args.ca,
            self.args.work, MARKETPLACE_TYPES)
        try:
            started = time.monotonic()
            while not watcher.connected.is_set():
                check(not watcher.problems, f"shifty watch: {watcher.problems}")
                check(time.monotonic() - started < 20, f"shifty watch did not connect in 20 s: {watcher.log_tail()}")
                await asyncio.sleep(0.05)
            before = set(await asyncio.to_thread(self.expected_ids, member))
            await self.changes(self.nginx, 4, "through nginx while shifty watch runs")
            started = time.monotonic()
            while True:
                want = [i for i in await asyncio.to_thread(self.expected_ids, member) if i not in before]
                if watcher.received == want:
                    break
                check(len(watcher.received) == len(set(watcher.received)), f"shifty watch printed an id twice: {watcher.received}")
                check(time.monotonic() - started < 10,
                      f"shifty watch printed {watcher.received}, expected {want}; its log: {watcher.log_tail()}")
                await asyncio.sleep(0.1)
            say(f"shifty watch --json over TLS printed all {len(want)} new events once, in order")
        finally:
            await watcher.stop()

    def final_report(self):
        phase("every client, every event")
        for client, member in self.clients:
            say(f"{client.name:8} {len(client.received):3} events, {client.connections} connections, "
                f"closes {client.close_codes}, failed handshakes {len(client.failed_attempts)}")
        if self.not_exercised:
            print("\nNOT EXERCISED (missing from this binary):", flush=True)
            for item in self.not_exercised:
                print(f"    - {item}", flush=True)

    async def shutdown(self):
        for client, _ in self.clients:
            await client.stop()
        for instance in self.instances.values():
            instance.stop_quietly()


async def main():
    parser = argparse.ArgumentParser()
    for name in ("shifty", "repo", "work", "database-url", "admin-db", "psql", "pg-ctl", "pg-data", "pg-log", "ca"):
        parser.add_argument(f"--{name}", required=True)
    parser.add_argument("--as-postgres", default="")
    for name in ("https-port", "http-port", "port-a", "port-b"):
        parser.add_argument(f"--{name}", type=int, required=True)
    args = parser.parse_args()
    isolate_environment(args.repo)
    return await run_scenario(Scenario(args))


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
