#!/usr/bin/env python3
"""`shifty serve` under a low descriptor limit (300) is flooded with connections that never finish
their request, far past the limit. The server must refuse the excess with 503 `server_full` and
Retry-After, keep answering /healthz on a new connection, never hold as many descriptors as its limit,
serve normally once the flood is gone, and live through it all (libdispatch kills a process that cannot
open a descriptor with SIGILL).

Usage: descriptor_limit_test.py SHIFTY_BINARY "LIBPQ CONNINFO of a cluster (dbname is replaced)"
"""
import os
import resource
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

from harness import create_database, drop_database, fail, free_port

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LIMIT = 300
FLOOD = 450


def request(port, raw, timeout=10):
    """Sends one request on a new connection and returns what came back until the server closed."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as connection:
        connection.sendall(raw)
        data = b""
        while True:
            try:
                chunk = connection.recv(65536)
            except socket.timeout:
                break
            if not chunk:
                break
            data += chunk
        return data.decode(errors="replace")


def get(port, path):
    return request(port, f"GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".encode())


def descriptors(pid):
    try:
        return len(os.listdir(f"/proc/{pid}/fd"))
    except OSError:
        return -1


def wait_healthy(port, process, log):
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if process.poll() is not None:
            fail(f"the server exited early with {process.returncode}", log)
        try:
            if get(port, "/healthz").startswith("HTTP/1.1 200"):
                return
        except OSError:
            pass
        time.sleep(0.2)
    fail("the server did not become healthy", log)


def limit_descriptors():
    resource.setrlimit(resource.RLIMIT_NOFILE, (LIMIT, LIMIT))


def main():
    binary, cluster = sys.argv[1], sys.argv[2]
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, 4 * FLOOD)), hard))
    work = tempfile.mkdtemp(prefix="shifty-fd-")
    database, conninfo = create_database(cluster, "fdlimit_")
    port = free_port()
    log = os.path.join(work, "server.log")
    # Long timeouts: the flood's connections must stay busy (a body that never ends) for the whole test.
    arguments = [binary, "serve", "--database-url", conninfo, "--port", str(port),
                 "--migrations", os.path.join(ROOT, "sql"), "--web-root", os.path.join(ROOT, "web"),
                 "--http-idle-timeout", "600", "--http-header-timeout", "600", "--http-body-timeout", "600",
                 "--http-request-timeout", "600", "--http-min-body-rate", "0"]
    with open(log, "w") as output:
        server = subprocess.Popen(arguments, stdout=output, stderr=subprocess.STDOUT, preexec_fn=limit_descriptors)
    flood = []
    try:
        wait_healthy(port, server, log)
        print(f"server up with {descriptors(server.pid)} descriptors open, limit {LIMIT}")

        # Each connection sends a head whose body never comes: busy, never idle, never evicted.
        head = b"POST /api/v1/sessions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"
        most = 0
        for index in range(FLOOD):
            connection = socket.socket()
            connection.settimeout(30)
            try:
                connection.connect(("127.0.0.1", port))
                connection.sendall(head)
            except OSError as error:
                fail(f"connection {index} could not be made ({error}): the server stopped accepting for good", log)
            flood.append(connection)
            if index % 25 == 0:
                most = max(most, descriptors(server.pid))
                if server.poll() is not None:
                    fail(f"the server died after {index} connections (exit {server.returncode})", log)

        # Refused connections are answered as the ones before them close; wait until answers stop coming.
        answers = {}
        quiet_since = time.monotonic()
        deadline = time.monotonic() + 120
        while time.monotonic() - quiet_since < 4 and time.monotonic() < deadline:
            for index, connection in enumerate(flood):
                if index in answers:
                    continue
                connection.setblocking(False)
                try:
                    data = connection.recv(65536)
                except BlockingIOError:
                    continue
                except OSError as error:
                    data = f"error: {error}".encode()
                answers[index] = data.decode(errors="replace")
                quiet_since = time.monotonic()
            most = max(most, descriptors(server.pid))
            if server.poll() is not None:
                fail(f"the server died during the flood (exit {server.returncode})", log)
            time.sleep(0.5)
        held = FLOOD - len(answers)
        refused = sum(1 for text in answers.values()
                      if text.startswith("HTTP/1.1 503") and "server_full" in text and "retry-after: 5" in text.lower())
        other = [text[:120] for text in answers.values() if not text.startswith("HTTP/1.1 503")]
        most = max(most, descriptors(server.pid))
        print(f"flood of {FLOOD}: {held} held by the server, {refused} refused with 503 server_full, {len(other)} other")
        if server.poll() is not None:
            fail(f"the server died during the flood (exit {server.returncode})", log)
        if refused == 0:
            fail("no connection was refused with 503 server_full and Retry-After", log)
        if held >= LIMIT:
            fail(f"the server held {held} connections with a limit of {LIMIT} descriptors", log)
        if other:
            fail(f"unexpected answers: {other[:3]}", log)

        health = get(port, "/healthz")
        if not health.startswith("HTTP/1.1 200"):
            fail(f"/healthz on a new connection while full: {health[:200]!r}", log)
        busy = get(port, "/readyz")
        if not (busy.startswith("HTTP/1.1 503") and "server_full" in busy):
            fail(f"another request while full should get 503 server_full: {busy[:200]!r}", log)
        print("while full: /healthz answers 200, other requests 503 server_full")
        if most >= LIMIT:
            fail(f"the server held {most} descriptors, its whole limit", log)
        print(f"most descriptors seen: {most} of {LIMIT}")

        # libdispatch checks its threads every second or so; give it time to have hit a failing open.
        time.sleep(3)
        if server.poll() is not None:
            fail(f"the server died after the flood (exit {server.returncode})", log)

        for connection in flood:
            connection.close()
        flood = []
        deadline = time.monotonic() + 60
        while True:
            ready = get(port, "/readyz")
            if ready.startswith("HTTP/1.1 200"):
                break
            if time.monotonic() > deadline:
                fail(f"/readyz after the flood: {ready[:200]!r}", log)
            time.sleep(0.5)
        print("after the flood: /readyz answers 200")

        server.send_signal(signal.SIGTERM)
        try:
            status = server.wait(timeout=60)
        except subprocess.TimeoutExpired:
            fail("the server did not stop on SIGTERM", log)
        if status != 0:
            fail(f"the server exited with {status} on SIGTERM", log)
        print("PASS: descriptor limit")
        shutil.rmtree(work, ignore_errors=True)   # kept when the test fails, for its logs
    finally:
        for connection in flood:
            connection.close()
        if server.poll() is None:
            server.kill()
            server.wait()
        drop_database(cluster, database)


if __name__ == "__main__":
    main()
