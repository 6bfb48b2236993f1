"""`shifty watch --json` as a live client of the deploy test: the terminal client through nginx.

It runs the real binary against https://localhost:PORT (our WebSocket client over TLS, trusting the
test's throwaway certificate with --ca-file) and reads one JSON event per line from its stdout. It
has the attributes the scenario checks on every LiveClient, so the same exactly-once, in-order check
applies to it across SIGTERM, SIGKILL and the PostgreSQL restart.
"""
import asyncio
import json
import os
import subprocess
import threading


class TerminalWatcher:
    def __init__(self, name, shifty, server, token, ca_file, work, types):
        self.name = name
        self.types = set(types)
        self.received = []
        self.close_codes = []  # watch reconnects by itself; its stderr notes are in the log
        self.failed_attempts = []
        self.problems = []
        self.connections = 0
        self.connected = asyncio.Event()
        self.log_path = os.path.join(work, f"watch-{name}.log")
        config_home = os.path.join(work, f"watch-{name}-config")
        os.makedirs(config_home, exist_ok=True)
        environment = dict(os.environ, SHIFTY_TOKEN=token, XDG_CONFIG_HOME=config_home, NO_COLOR="1")
        self._log = open(self.log_path, "w")
        self.process = subprocess.Popen(
            [shifty, "watch", "--json", "--server", server, "--ca-file", ca_file],
            stdout=subprocess.PIPE, stderr=self._log, env=environment, text=True, bufsize=1,
        )
        self._loop = asyncio.get_running_loop()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        # The first successful connection shows in the log; treat the process being up as connected
        # once its log mentions the connection (or after the first event).
        self._watch_connected = threading.Thread(target=self._wait_connected, daemon=True)
        self._watch_connected.start()

    def _read(self):
        for line in self.process.stdout:
            line = line.strip()
            if not line:
                continue
            try:
                event = json.loads(line)
            except ValueError:
                self.problems.append(f"not JSON on stdout: {line[:80]}")
                continue
            if event.get("type") in self.types:
                self.received.append(int(event["id"]))
            self._loop.call_soon_threadsafe(self.connected.set)

    def _wait_connected(self):
        import time
        for _ in range(300):
            if self.process.poll() is not None:
                self.problems.append(f"shifty watch exited with {self.process.returncode}: {self.log_tail()}")
                return
            try:
                with open(self.log_path) as log:
                    text = log.read().lower()
            except OSError:
                text = ""
            if "connected" in text:
                self.connections = text.count("connected")
                self._loop.call_soon_threadsafe(self.connected.set)
                return
            time.sleep(0.1)

    def log_tail(self):
        try:
            with open(self.log_path) as log:
                return log.read()[-400:]
        except OSError:
            return ""

    async def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                await asyncio.to_thread(self.process.wait, 5)
            except subprocess.TimeoutExpired:
                self.process.kill()
        self._log.close()
