#!/usr/bin/env python3
"""Two `shifty serve` instances mail through one SMTP server; one is killed with SIGKILL while
mails are going out. Every delivery row must end `delivered`, every Message-ID in the outbox must
have arrived, and a mail that arrived twice (sent by the killed instance, then resent after its
lease) must carry the same Message-ID both times (docs/notifications.md: at-least-once with a
stable Message-ID).

Usage: kill9_test.py SHIFTY_BINARY "LIBPQ CONNINFO of a cluster (dbname is replaced)"
"""
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
import uuid
import datetime

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
USER, PASSWORD = "shifty", "mail-secret"
MEMBERS, SHIFTS_EACH = 8, 4


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def psql(conninfo, sql):
    result = subprocess.run(["psql", conninfo, "-XAtqc", sql], check=True, capture_output=True, text=True)
    return result.stdout.strip()


def call(port, method, path, body=None, token=None):
    request = urllib.request.Request(f"http://127.0.0.1:{port}/api/v1{path}", method=method)
    request.add_header("Accept", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    data = None
    if body is not None:
        data = json.dumps(body).encode()
        request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, data, timeout=30) as response:
            text = response.read().decode()
            return response.status, (json.loads(text) if text else None)
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def wait_healthy(port, process, log):
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"FAIL: an instance exited early:\n{open(log).read()[-3000:]}")
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2):
                return
        except Exception:
            time.sleep(0.2)
    raise SystemExit("FAIL: an instance did not become healthy")


def main():
    binary, cluster = sys.argv[1], sys.argv[2]
    work = tempfile.mkdtemp(prefix="shifty-kill9-")
    database = "kill9_" + uuid.uuid4().hex[:8]
    psql(cluster, f"CREATE DATABASE {database}")
    conninfo = " ".join(part for part in cluster.split() if not part.startswith("dbname=")) + f" dbname={database}"
    smtp_dir = os.path.join(work, "smtp")
    os.makedirs(smtp_dir)
    smtp = subprocess.Popen([sys.executable, os.path.join(ROOT, "scripts/mail/smtp_test_server.py"), smtp_dir, USER, PASSWORD, "0.25"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    instances = []
    try:
        smtp_port = int(smtp.stdout.readline().split()[1])
        for name in ("A", "B"):
            port = free_port()
            log = os.path.join(work, f"{name}.log")
            process = subprocess.Popen(
                [binary, "serve", "--database-url", conninfo, "--port", str(port), "--allow-signup", "--instance-name", name,
                 "--smtp-url", f"smtp://{USER}:{PASSWORD}@127.0.0.1:{smtp_port}", "--smtp-ca-file", os.path.join(smtp_dir, "cert.pem"),
                 "--mail-from", "shifty@shifty.test", "--public-url", "https://shifty.test", "--notification-lease", "5",
                 "--argon2-memory", "1024", "--argon2-iterations", "1", "--web-root", os.path.join(ROOT, "web"),
                 "--migrations", os.path.join(ROOT, "sql")],
                stdout=open(log, "w"), stderr=subprocess.STDOUT, cwd=ROOT)
            instances.append((name, port, process, log))
            wait_healthy(port, process, log)  # one after the other: the first applies the migrations

        port = instances[1][1]
        status, created = call(port, "POST", "/workplaces", {
            "name": "Kill nine", "slug": "kill-nine", "timeZone": "Europe/Amsterdam", "client": "bearer",
            "manager": {"username": "boss", "displayName": "The Boss", "password": "correct horse battery"}})
        assert status == 201, created
        boss = created["token"]
        today = datetime.date.today()
        for index in range(MEMBERS):
            status, member = call(port, "POST", "/users", {
                "username": f"member{index}", "displayName": f"Member {index}", "password": "correct horse battery",
                "email": f"member{index}@example.test"}, boss)
            assert status == 201, member
            for day in range(SHIFTS_EACH):
                date = (today + datetime.timedelta(days=3 + day)).isoformat()
                status, shift = call(port, "POST", "/shifts", {"ownerId": member["id"], "date": date, "startTime": "10:00", "durationMinutes": 240}, boss)
                assert status == 201, shift
        expected = MEMBERS * SHIFTS_EACH

        # Kill A with SIGKILL once mails are flowing (the SMTP server takes 0.25 s per message).
        deadline = time.monotonic() + 60
        while len([n for n in os.listdir(smtp_dir) if n.endswith(".json")]) < 3:
            if time.monotonic() > deadline:
                raise SystemExit("FAIL: no mail arrived within 60 s")
            time.sleep(0.05)
        name, _, victim, _ = instances[0]
        os.kill(victim.pid, signal.SIGKILL)
        victim.wait()
        killed_at = len([n for n in os.listdir(smtp_dir) if n.endswith(".json")])

        deadline = time.monotonic() + 120
        while True:
            left = int(psql(conninfo, "SELECT count(*) FROM notification_deliveries WHERE status <> 'delivered'"))
            rows = int(psql(conninfo, "SELECT count(*) FROM notification_deliveries"))
            if rows >= expected and left == 0:
                break
            if time.monotonic() > deadline:
                raise SystemExit(f"FAIL: {left} of {rows} deliveries not delivered after 120 s")
            time.sleep(0.2)

        outbox = set(psql(conninfo, "SELECT message_id FROM notification_deliveries").split("\n"))
        received = []
        for name in sorted(n for n in os.listdir(smtp_dir) if n.endswith(".json")):
            with open(os.path.join(smtp_dir, name)) as handle:
                received.append(json.load(handle)["headers"].get("Message-ID"))
        missing = outbox - set(received)
        unknown = set(received) - outbox
        duplicates = sorted({mid for mid in received if received.count(mid) > 1})
        taken_over = int(psql(conninfo, "SELECT count(*) FROM notification_deliveries WHERE attempts > 1"))
        print(f"kill -9 of instance A after {killed_at} mails: {rows} deliveries, {len(received)} mails received, "
              f"{len(duplicates)} resent with the same Message-ID, {taken_over} taken over after the lease")
        if rows != expected:
            raise SystemExit(f"FAIL: expected {expected} deliveries (one per new shift), found {rows}")
        if missing:
            raise SystemExit(f"FAIL: {len(missing)} deliveries never arrived: {sorted(missing)[:5]}")
        if unknown:
            raise SystemExit(f"FAIL: mails with Message-IDs not in the outbox: {sorted(unknown)[:5]}")
        if len(received) - len(set(received)) > 10:
            raise SystemExit(f"FAIL: too many duplicates ({len(received) - len(set(received))}) for one killed instance")
        print("ok: every delivery arrived; any duplicate carries the same Message-ID")
    finally:
        for _, _, process, _ in instances:
            if process.poll() is None:
                process.terminate()
                try:
                    process.wait(timeout=15)
                except subprocess.TimeoutExpired:
                    process.kill()
        smtp.stdin.close()
        smtp.terminate()
        smtp.wait()
        try:
            psql(cluster, f"DROP DATABASE IF EXISTS {database} WITH (FORCE)")
        except subprocess.CalledProcessError:
            pass


if __name__ == "__main__":
    main()
