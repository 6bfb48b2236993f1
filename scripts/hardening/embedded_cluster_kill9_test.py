#!/usr/bin/env python3
"""`shifty serve` without a database URL starts its own PostgreSQL cluster. Killed with SIGKILL, the
server cannot stop it; its cluster supervisor must, so no postgres process outlives the server. A new
server then reuses the data folder (no second initdb, the data is still there), and a SIGTERM stops
server and cluster together.

Usage: embedded_cluster_kill9_test.py SHIFTY_BINARY
"""
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

from harness import fail, free_port

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PASSWORD = "correct horse battery"
GONE_WITHIN = 60   # seconds the cluster may take to stop after the server died (generous: loaded machines)


def alive(pid):
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().split(") ")[-1].split()[0] != "Z"
    except OSError:
        return False


def postmaster_pid(data):
    try:
        with open(os.path.join(data, "postmaster.pid")) as handle:
            return int(handle.readline())
    except (OSError, ValueError):
        return None


def cluster_processes(data):
    """Every process whose command line names this data folder or whose parent is its postmaster."""
    postmaster = postmaster_pid(data)
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/cmdline", "rb") as handle:
                command = handle.read().replace(b"\0", b" ").decode(errors="replace")
            with open(f"/proc/{entry}/stat") as handle:
                parent = int(handle.read().split(") ")[-1].split()[1])
        except OSError:
            continue
        if ("postgres" in command and data in command) or (postmaster and parent == postmaster) or int(entry) == postmaster:
            if alive(int(entry)):
                found.append((int(entry), command.strip()))
    return found


def call(port, method, path, body=None):
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", method=method)
    data = json.dumps(body).encode() if body is not None else None
    if data:
        request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, data, timeout=30) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def start(binary, data, port, log):
    arguments = [binary, "serve", "--data-dir", data, "--port", str(port), "--allow-signup",
                 "--migrations", os.path.join(ROOT, "sql"), "--web-root", os.path.join(ROOT, "web")]
    output = open(log, "a")
    server = subprocess.Popen(arguments, stdout=output, stderr=subprocess.STDOUT, start_new_session=True)
    deadline = time.monotonic() + 180
    while time.monotonic() < deadline:
        if server.poll() is not None:
            fail(f"the server exited early with {server.returncode}", log)
        try:
            if call(port, "GET", "/readyz")[0] == 200:
                return server
        except OSError:
            pass
        time.sleep(0.3)
    fail("the server did not become ready", log)


def wait_gone(data, seconds):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        left = cluster_processes(data)
        if not left:
            return []
        time.sleep(0.3)
    return cluster_processes(data)


def main():
    binary = sys.argv[1]
    work = tempfile.mkdtemp(prefix="shifty-embedded-")
    os.chmod(work, 0o755)   # the cluster runs as the postgres user when we are root
    data = os.path.join(work, "postgres")
    log = os.path.join(work, "server.log")
    server = None
    try:
        port = free_port()
        server = start(binary, data, port, log)
        postmaster = postmaster_pid(data)
        if not postmaster or not alive(postmaster):
            fail("no postmaster runs for the data folder", log)
        status, body = call(port, "POST", "/api/v1/workplaces",
                            {"name": "Kill nine", "slug": "kill-nine", "timeZone": "Europe/Amsterdam", "client": "bearer",
                             "manager": {"username": "boss", "displayName": "Boss", "password": PASSWORD}})
        if status not in (200, 201):
            fail(f"signup answered {status}: {body[:200]}", log)
        print(f"server {server.pid} up with cluster {postmaster}; killing the server with SIGKILL")

        server.kill()
        server.wait()
        left = wait_gone(data, GONE_WITHIN)
        if left:
            fail(f"{len(left)} cluster processes outlived the killed server: {left[:3]}", log)
        print("the cluster stopped after its server was killed")

        port = free_port()
        server = start(binary, data, port, log)
        with open(log, errors="replace") as handle:
            initialized = handle.read().count("initializing a new PostgreSQL cluster")
        if initialized != 1:
            fail(f"the data folder was initialized {initialized} times", log)
        status, body = call(port, "POST", "/api/v1/sessions",
                            {"workplace": "kill-nine", "username": "boss", "password": PASSWORD, "client": "bearer"})
        if status not in (200, 201):
            fail(f"logging in to the workplace made before the kill answered {status}: {body[:200]}", log)
        print("a new server reused the data folder and its data")

        server.send_signal(signal.SIGTERM)
        if server.wait(timeout=60) != 0:
            fail(f"the server exited with {server.returncode} on SIGTERM", log)
        left = wait_gone(data, GONE_WITHIN)
        if left:
            fail(f"cluster processes outlived a SIGTERM: {left[:3]}", log)
        print("PASS: embedded cluster never outlives its server")
        shutil.rmtree(work, ignore_errors=True)   # kept when the test fails, for its logs
    finally:
        if server and server.poll() is None:
            server.kill()
            server.wait()
        if cluster_processes(data):
            pg_ctl = next((os.path.join(f"/usr/lib/postgresql/{v}/bin/pg_ctl") for v in sorted(os.listdir("/usr/lib/postgresql"), reverse=True)), "pg_ctl") \
                if os.path.isdir("/usr/lib/postgresql") else "pg_ctl"
            command = [pg_ctl, "stop", "-D", data, "-m", "immediate"]
            if os.geteuid() == 0:
                command = ["runuser", "-u", "postgres", "--"] + command
            subprocess.run(command, capture_output=True)


if __name__ == "__main__":
    main()
