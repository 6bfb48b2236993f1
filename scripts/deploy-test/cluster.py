"""The test's PostgreSQL cluster: queries with psql, restart, stop and start with pg_ctl, as its owner."""
import os
import shlex
import subprocess
import time


class Cluster:
    def __init__(self, psql, admin_conninfo, pg_ctl, data_dir, log_path, as_postgres):
        self.psql = psql
        self.admin_conninfo = admin_conninfo
        self.pg_ctl = pg_ctl
        self.data_dir = data_dir
        self.log_path = log_path
        self.as_postgres = as_postgres.split() if as_postgres else []

    def query(self, sql):
        """Rows of a query as lists of strings (psql's unaligned output)."""
        result = subprocess.run(
            [self.psql, "-X", "-q", "-At", "-F", "\t", "-v", "ON_ERROR_STOP=1", self.admin_conninfo, "-c", sql],
            capture_output=True, text=True, timeout=30,
        )
        if result.returncode != 0:
            raise AssertionError(f"psql failed: {result.stderr.strip()}\n  query: {sql}")
        return [line.split("\t") for line in result.stdout.splitlines() if line]

    def restart(self):
        """pg_ctl restart -m fast: every session (pools, LISTEN connections) is cut; returns seconds."""
        started = time.monotonic()
        result = subprocess.run(
            self.as_postgres + [self.pg_ctl, "-D", self.data_dir, "-l", self.log_path, "-m", "fast", "-w", "-t", "60", "restart"],
            capture_output=True, text=True, timeout=90,
        )
        if result.returncode != 0:
            raise AssertionError(f"pg_ctl restart failed: {result.stdout}{result.stderr}")
        return time.monotonic() - started

    def _pg_ctl(self, *arguments):
        result = subprocess.run(
            self.as_postgres + [self.pg_ctl, "-D", self.data_dir, *arguments], capture_output=True, text=True, timeout=90
        )
        if result.returncode != 0:
            raise AssertionError(f"pg_ctl {' '.join(arguments)} failed: {result.stdout}{result.stderr}")

    def stop(self):
        """pg_ctl stop -m fast; remembers the server's options for start()."""
        with open(os.path.join(self.data_dir, "postmaster.opts")) as file:
            words = shlex.split(file.read())
        # "postgres" "-D" "DIR" "-c" "x=y" …: keep what follows the data folder.
        options = words[words.index("-D") + 2:] if "-D" in words else words[1:]
        self._options = " ".join(shlex.quote(word) for word in options)
        self._pg_ctl("-m", "fast", "-w", "stop")

    def start(self):
        self._pg_ctl("-l", self.log_path, "-w", "-t", "60", "-o", self._options, "start")
