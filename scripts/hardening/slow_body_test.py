#!/usr/bin/env python3
"""A request body trickled one byte at a time, never silent long enough for the body timeout, must
still end: `shifty serve --http-request-timeout 3` answers 408 `request_timeout` and closes the
connection once the request's total deadline has passed.

Usage: slow_body_test.py SHIFTY_BINARY "LIBPQ CONNINFO of a cluster (dbname is replaced)"
"""
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

from harness import create_database, drop_database, fail, free_port

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEADLINE = 3       # --http-request-timeout
SILENCE = 2        # --http-body-timeout: longer than the gap between two bytes
GAP = 0.5          # seconds between two bytes of the body
GIVE_UP = 60       # a connection still open after this long was never going to close


def wait_healthy(port, process, log):
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if process.poll() is not None:
            fail(f"the server exited early with {process.returncode}", log)
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=5) as connection:
                connection.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                if connection.recv(64).startswith(b"HTTP/1.1 200"):
                    return
        except OSError:
            pass
        time.sleep(0.2)
    fail("the server did not become healthy", log)


def trickle(port):
    """Sends a head and then one body byte every GAP seconds until the server answers or closes.
    Returns (seconds from the first byte until the answer, the answer)."""
    connection = socket.create_connection(("127.0.0.1", port), timeout=30)
    connection.setblocking(False)
    started = time.monotonic()
    connection.sendall(b"POST /api/v1/sessions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n")
    answer = b""
    try:
        while time.monotonic() - started < GIVE_UP:
            try:
                chunk = connection.recv(65536)
                if not chunk:
                    break
                answer += chunk
                continue
            except BlockingIOError:
                pass
            except OSError:
                break
            if answer:
                time.sleep(0.1)
                continue
            try:
                connection.send(b" ")
            except OSError:
                break
            time.sleep(GAP)
        return time.monotonic() - started, answer.decode(errors="replace")
    finally:
        connection.close()


def main():
    binary, cluster = sys.argv[1], sys.argv[2]
    work = tempfile.mkdtemp(prefix="shifty-slow-body-")
    database, conninfo = create_database(cluster, "slowbody_")
    port = free_port()
    log = os.path.join(work, "server.log")
    arguments = [binary, "serve", "--database-url", conninfo, "--port", str(port),
                 "--migrations", os.path.join(ROOT, "sql"), "--web-root", os.path.join(ROOT, "web"),
                 "--http-header-timeout", "2", "--http-body-timeout", str(SILENCE),
                 "--http-request-timeout", str(DEADLINE), "--http-min-body-rate", "0"]
    with open(log, "w") as output:
        server = subprocess.Popen(arguments, stdout=output, stderr=subprocess.STDOUT)
    try:
        wait_healthy(port, server, log)
        elapsed, answer = trickle(port)
        print(f"trickled body ended after {elapsed:.1f} s: {answer.splitlines()[0] if answer else '(no answer)'}")
        if not answer.startswith("HTTP/1.1 408") or "request_timeout" not in answer:
            fail(f"expected 408 request_timeout, got {answer[:200]!r} after {elapsed:.1f} s", log)
        if elapsed < DEADLINE - 0.5:
            fail(f"answered after {elapsed:.1f} s, before the {DEADLINE} s deadline", log)
        if server.poll() is not None:
            fail(f"the server exited ({server.returncode})", log)
        print("PASS: slow body")
        shutil.rmtree(work, ignore_errors=True)   # kept when the test fails, for its logs
    finally:
        if server.poll() is None:
            server.send_signal(signal.SIGTERM)
            try:
                server.wait(timeout=30)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()
        drop_database(cluster, database)


if __name__ == "__main__":
    main()
