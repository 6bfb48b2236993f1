"""A pg_auto_failover formation on loopback: one monitor and two data nodes, run by `pg_autoctl`.

Every `pg_autoctl` runs as the postgres user (it refuses root) in its own session, so a node can be
"lost" as a whole: SIGKILL to its process group takes the keeper and PostgreSQL down at once, the way
a dead machine would. The session ids are also written to WORK/pids/*.pgid so scripts/ha-test.sh can
kill whatever is left if this Python process dies. pg_autoctl keeps its state under XDG folders that
point into WORK, so nothing outside the test's folder is touched.
"""
import os
import signal
import subprocess
import time

MONITOR_SETTINGS = {
    # Defaults detect a dead primary after ~20 s and wait 30 s for it to confirm its demotion; the
    # runbook (deploy/README.md) explains these values. The test uses the same settings it documents.
    "pgautofailover.health_check_period": "1000",
    "pgautofailover.health_check_timeout": "1000",
    "pgautofailover.health_check_max_retries": "1",
    "pgautofailover.health_check_retry_delay": "500",
    "pgautofailover.node_considered_unhealthy_timeout": "3000",
    "pgautofailover.primary_demote_timeout": "5000",
}


class Formation:
    def __init__(self, work, pg_bin, as_postgres, ports, psql):
        self.work = work
        self.pg_bin = pg_bin
        self.as_postgres = as_postgres  # ["runuser", "-u", "postgres", "--"] or []
        self.ports = ports  # {"monitor": p, "node1": p, "node2": p}
        self.psql = psql
        self.sessions = {}  # name -> Popen of its pg_autoctl
        self.xdg = os.path.join(work, "xdg")
        for sub in ("config", "data", "run"):
            os.makedirs(os.path.join(self.xdg, sub), exist_ok=True)

    # --- processes ---------------------------------------------------------------------------

    def env_argv(self):
        return self.as_postgres + [
            "env", f"PATH={self.pg_bin}:/usr/bin:/bin",
            f"XDG_CONFIG_HOME={self.xdg}/config", f"XDG_DATA_HOME={self.xdg}/data", f"XDG_RUNTIME_DIR={self.xdg}/run",
        ]

    def pgdata(self, name):
        return os.path.join(self.work, name)

    def autoctl(self, *arguments, check=True):
        result = subprocess.run(self.env_argv() + ["pg_autoctl", *arguments], capture_output=True, text=True, cwd=self.work)
        if check and result.returncode != 0:
            raise AssertionError(f"pg_autoctl {' '.join(arguments)} failed: {result.stderr[-2000:]}")
        return result.stdout

    def spawn(self, name, arguments):
        log = open(os.path.join(self.work, "logs", f"pg_autoctl-{name}.log"), "ab")
        log.write(f"\n----- {time.strftime('%H:%M:%S')} pg_autoctl {' '.join(arguments)}\n".encode())
        log.flush()
        process = subprocess.Popen(
            self.env_argv() + ["pg_autoctl", *arguments], stdout=log, stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL, cwd=self.work, start_new_session=True)
        log.close()
        self.sessions[name] = process
        with open(os.path.join(self.work, "pids", f"{name}.pgid"), "w") as file:
            file.write(str(process.pid))
        return process

    def kill(self, name):
        """SIGKILL to the node's whole process group: keeper and PostgreSQL die at the same instant."""
        process = self.sessions.pop(name)
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
        # The postmaster is in the same process group; make sure it is really gone before going on.
        pid_file = os.path.join(self.pgdata(name), "postmaster.pid")
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                with open(pid_file) as file:
                    pid = int(file.readline())
                os.kill(pid, 0)
            except (OSError, ValueError):
                break
            time.sleep(0.05)
        os.remove(os.path.join(self.work, "pids", f"{name}.pgid"))

    def stop_all(self):
        for name in list(self.sessions):
            try:
                os.killpg(self.sessions[name].pid, signal.SIGTERM)
                self.sessions[name].wait(timeout=15)
            except (OSError, subprocess.TimeoutExpired):
                try:
                    os.killpg(self.sessions[name].pid, signal.SIGKILL)
                except OSError:
                    pass
            self.sessions.pop(name, None)

    # --- SQL ---------------------------------------------------------------------------------

    def conninfo(self, name, database="postgres", user="postgres"):
        return f"host=127.0.0.1 port={self.ports[name]} user={user} dbname={database} connect_timeout=2"

    def sql(self, name, statement, database="postgres", check=True):
        result = subprocess.run(
            [self.psql, "-X", "-q", "-At", "-v", "ON_ERROR_STOP=1", self.conninfo(name, database), "-c", statement],
            capture_output=True, text=True)
        if check and result.returncode != 0:
            raise AssertionError(f"psql on {name}: {statement}: {result.stderr.strip()}")
        return result.stdout.strip() if result.returncode == 0 else None

    # --- the formation -----------------------------------------------------------------------

    def create_monitor(self):
        self.autoctl(
            "create", "monitor", "--pgdata", self.pgdata("monitor"), "--pgport", str(self.ports["monitor"]),
            "--hostname", "127.0.0.1", "--listen", "127.0.0.1", "--auth", "trust", "--no-ssl")
        self.spawn("monitor", ["run", "--pgdata", self.pgdata("monitor")])
        self.wait(lambda: self.sql("monitor", "SELECT 1", "pg_auto_failover", check=False) == "1", 30, "the monitor to accept connections")
        if os.environ.get("HA_TEST_MONITOR_DEFAULTS") == "1":
            return  # measure pg_auto_failover's own detection and demotion timeouts
        for key, value in MONITOR_SETTINGS.items():
            self.sql("monitor", f"ALTER SYSTEM SET {key} = '{value}'", "pg_auto_failover")
        self.sql("monitor", "SELECT pg_reload_conf()", "pg_auto_failover")

    def monitor_uri(self):
        return f"postgres://autoctl_node@127.0.0.1:{self.ports['monitor']}/pg_auto_failover?sslmode=disable"

    def create_node(self, name):
        self.spawn(name, [
            "create", "postgres", "--pgdata", self.pgdata(name), "--pgport", str(self.ports[name]),
            "--hostname", "127.0.0.1", "--listen", "127.0.0.1", "--name", name, "--auth", "trust", "--no-ssl",
            "--dbname", "shifty", "--monitor", self.monitor_uri(), "--run"])

    def restart_node(self, name):
        """Starts a node that was lost again; it rejoins as the secondary of the current primary."""
        self.spawn(name, ["run", "--pgdata", self.pgdata(name)])

    def states(self):
        """{node name: (reported state, assigned state)} from the monitor."""
        rows = self.sql("monitor", "SELECT nodename, reportedstate, goalstate FROM pgautofailover.node ORDER BY nodeid",
                        "pg_auto_failover", check=False)
        result = {}
        for line in (rows or "").splitlines():
            name, reported, goal = line.split("|")
            result[name] = (reported, goal)
        return result

    def primary(self):
        """The node that takes writes: `primary`, or `wait_primary` while it has no standby."""
        for name, (reported, goal) in self.states().items():
            if reported == goal and reported in ("primary", "wait_primary"):
                return name
        return None

    def wait_states(self, wanted, timeout, checkpoint_on=None):
        """Waits until every node in `wanted` reports and is assigned that state.

        pg_basebackup of a new standby waits for a checkpoint, which PostgreSQL would otherwise spread
        over minutes: `checkpoint_on` names the primary to nudge with CHECKPOINT meanwhile."""
        started = time.monotonic()
        nudged = 0.0
        while True:
            states = self.states()
            if all(states.get(name) == (state, state) for name, state in wanted.items()):
                return time.monotonic() - started
            if time.monotonic() - started > timeout:
                raise AssertionError(f"pg_auto_failover did not reach {wanted} within {timeout} s: {states}")
            if checkpoint_on and time.monotonic() - nudged > 2:
                self.sql(checkpoint_on, "CHECKPOINT", check=False)
                nudged = time.monotonic()
            time.sleep(0.2)

    @staticmethod
    def wait(predicate, timeout, what):
        started = time.monotonic()
        while not predicate():
            if time.monotonic() - started > timeout:
                raise AssertionError(f"timed out after {timeout} s waiting for {what}")
            time.sleep(0.2)

    def synchronous_standby_names(self, name):
        return self.sql(name, "SHOW synchronous_standby_names", check=False)
