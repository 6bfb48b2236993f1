"""The test's PostgreSQL cluster: queries with psql and a restart with pg_ctl, as its owner."""
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
