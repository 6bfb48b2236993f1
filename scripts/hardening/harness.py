"""What the scripts in scripts/hardening share: failing with the server's log, a free port, psql."""
import socket
import subprocess
import uuid


def fail(message, log=None):
    """Ends the script with FAIL and, when given, the tail of the server's log."""
    if log:
        with open(log, errors="replace") as handle:
            message += "\n--- server log (tail) ---\n" + handle.read()[-4000:]
    raise SystemExit("FAIL: " + message)


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def psql(conninfo, sql):
    subprocess.run(["psql", conninfo, "-XAtqc", sql], check=True, capture_output=True, text=True)


def drop_database(conninfo, database):
    """Drops the script's database, whatever state the script left it in."""
    try:
        psql(conninfo, f"DROP DATABASE IF EXISTS {database} WITH (FORCE)")
    except subprocess.CalledProcessError:
        pass


def create_database(cluster, prefix):
    """A fresh database on `cluster` for one script: its name and its conninfo."""
    database = prefix + uuid.uuid4().hex[:8]
    psql(cluster, f"CREATE DATABASE {database}")
    conninfo = " ".join(part for part in cluster.split() if not part.startswith("dbname=")) + f" dbname={database}"
    return database, conninfo
