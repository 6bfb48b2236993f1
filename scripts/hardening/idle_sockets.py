#!/usr/bin/env python3
"""Opens many idle TCP connections to a Shifty server and measures /healthz meanwhile.

Usage: idle_sockets.py PORT [COUNT] [HOLD_SECONDS]

Shows that silent sockets cannot take the server down: beyond the descriptor budget the longest-idle
connection is closed for each newcomer, and every idle one gets 408 after --http-idle-timeout.
Prints how many of ours the server closed, and /healthz latencies while they are held.
"""
import resource
import select
import socket
import sys
import time


def healthz(port):
    started = time.monotonic()
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
            s.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            data = b""
            while True:
                chunk = s.recv(4096)
                if not chunk:
                    break
                data += chunk
        ok = data.startswith(b"HTTP/1.1 200")
    except OSError:
        ok = False
    return ok, (time.monotonic() - started) * 1000


def closed_count(sockets):
    """Sockets the server answered (408) or closed: they turn readable; a held one does not."""
    closed = 0
    poller = select.poll()
    for s in sockets:
        poller.register(s, select.POLLIN)
    closed = len(poller.poll(0))
    return closed


def main():
    port = int(sys.argv[1])
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 20000
    hold = float(sys.argv[3]) if len(sys.argv) > 3 else 5
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    count = min(count, hard - 50)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    sockets = []
    started = time.monotonic()
    for _ in range(count):
        try:
            sockets.append(socket.create_connection(("127.0.0.1", port), timeout=5))
        except OSError as error:
            print(f"connect failed after {len(sockets)}: {error}")
            break
    print(f"opened {len(sockets)} idle sockets in {time.monotonic() - started:.1f} s")
    latencies = []
    failures = 0
    deadline = time.monotonic() + hold
    while time.monotonic() < deadline:
        ok, ms = healthz(port)
        latencies.append(ms)
        failures += 0 if ok else 1
        time.sleep(0.1)
    latencies.sort()
    p = lambda q: latencies[min(len(latencies) - 1, int(q * len(latencies)))]
    print(f"/healthz while held: {len(latencies)} requests, {failures} failed, p50 {p(0.5):.1f} ms, p99 {p(0.99):.1f} ms, max {latencies[-1]:.1f} ms")
    print(f"server closed {closed_count(sockets)} of our {len(sockets)} idle sockets")
    for s in sockets:
        s.close()


if __name__ == "__main__":
    main()
