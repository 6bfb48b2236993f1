#!/usr/bin/env bash
# `make ha-test`: PostgreSQL failover with pg_auto_failover under two Shifty instances, on loopback.
#
# Installs pg_auto_failover when missing (Debian: pg-auto-failover-cli and postgresql-<N>-auto-failover),
# prepares a temporary folder owned by the postgres user (pg_autoctl refuses to run as root) and hands
# over to scripts/ha-test/scenario.py: a monitor, a primary and a synchronous standby, two instances,
# live clients and writers; SIGKILL to the primary's node, promotion, the old primary back as the
# standby, a second failover, and the checks (docs in the scenario's header).
# Everything it started is stopped and its folder removed on exit, also on failure.
#
# Environment: HA_TEST_SHIFTY (default .build/debug/shifty, built when missing), HA_TEST_KEEP=1 keeps
# the folder, HA_TEST_PORT_BASE (default 19000: monitor +0, nodes +1/+2, instances +81/+82),
# HA_TEST_MONITOR_DEFAULTS=1 keeps pg_auto_failover's own failure detection timeouts (slower failover)
# instead of deploy/ha/monitor-settings.sql.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)

step() { printf '\n==> %s\n' "$*"; }
fail() { printf '\nFAIL: %s\n' "$*" >&2; exit 1; }

if [[ $(id -u) -eq 0 ]]; then sudo=(); as_postgres=(runuser -u postgres --); else sudo=(sudo); as_postgres=(sudo -u postgres); fi

pg_bin=""
for candidate in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
    if [[ -x $candidate/pg_ctl ]]; then pg_bin=$candidate; break; fi
done
[[ -n $pg_bin ]] || fail "PostgreSQL server binaries not found (make deps installs them)"
pg_version=$(basename "$(dirname "$pg_bin")")

# --- pg_auto_failover ------------------------------------------------------------------------------
missing=()
command -v pg_autoctl >/dev/null || missing+=(pg-auto-failover-cli)
[[ -f /usr/lib/postgresql/$pg_version/lib/pgautofailover.so ]] || missing+=("postgresql-$pg_version-auto-failover")
if ((${#missing[@]})); then
    step "installing system packages: ${missing[*]}"
    command -v apt-get >/dev/null || fail "apt-get not found; install ${missing[*]} with your package manager"
    export DEBIAN_FRONTEND=noninteractive
    "${sudo[@]}" apt-get -o DPkg::Lock::Timeout=300 update -qq
    "${sudo[@]}" apt-get -o DPkg::Lock::Timeout=300 install -y -qq --no-install-recommends "${missing[@]}"
fi
command -v pg_autoctl >/dev/null || fail "pg_autoctl is not installed"
id postgres >/dev/null 2>&1 || fail "no postgres user (it comes with the postgresql packages)"
echo "$(pg_autoctl --version 2>&1 | head -n 1); PostgreSQL $pg_version"

step "Python test tools (websockets)"
if ! python3 -c 'import websockets.asyncio.client' 2>/dev/null; then
    python3 -m pip install -q --disable-pip-version-check websockets 2>/dev/null \
        || python3 -m pip install -q --disable-pip-version-check --break-system-packages --upgrade websockets
fi
python3 -c 'import websockets.asyncio.client' || fail "the Python package websockets (13 or newer) is not importable"

shifty=${HA_TEST_SHIFTY:-$repo/.build/debug/shifty}
if [[ ! -x $shifty ]]; then
    step "building shifty"
    swift build --product shifty
fi
[[ -x $shifty ]] || fail "no shifty binary at $shifty"

base=${HA_TEST_PORT_BASE:-19000}
for port in $base $((base + 1)) $((base + 2)) $((base + 81)) $((base + 82)); do
    if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
        fail "port $port is already in use (set HA_TEST_PORT_BASE to move the test's ports)"
    fi
done

# --- temporary folder and cleanup ----------------------------------------------------------------
work=$(mktemp -d /tmp/shifty-ha-test.XXXXXX)
mkdir -p "$work/logs" "$work/pids" "$work/bin" "$work/xdg/config" "$work/xdg/data" "$work/xdg/run"
chown -R postgres "$work" 2>/dev/null || "${sudo[@]}" chown -R postgres "$work"
chmod 755 "$work"
status=0
cleanup() {
    status=$?
    trap - EXIT INT TERM
    set +e
    for pidfile in "$work"/pids/*.pid; do
        [[ -f $pidfile ]] && kill -KILL "$(cat "$pidfile")" 2>/dev/null
    done
    # pg_autoctl sessions (keeper + PostgreSQL in one process group each).
    for pidfile in "$work"/pids/*.pgid; do
        [[ -f $pidfile ]] && kill -KILL -- "-$(cat "$pidfile")" 2>/dev/null
    done
    for data in "$work"/monitor "$work"/node1 "$work"/node2; do
        [[ -f $data/postmaster.pid ]] && "${as_postgres[@]}" "$pg_bin/pg_ctl" -D "$data" -m immediate -w stop >/dev/null 2>&1
    done
    if ((status != 0)); then
        for log in "$work"/logs/*.log; do
            [[ -s $log ]] || continue
            printf '\n----- last lines of %s -----\n' "${log#"$work"/}" >&2
            tail -n 20 "$log" >&2
        done
    fi
    if [[ ${HA_TEST_KEEP:-0} == 1 ]]; then echo "kept $work" >&2; else rm -rf "$work"; fi
    if ((status == 0)); then printf '\nha-test: PASS\n'; else printf '\nha-test: FAILED (exit %d)\n' "$status" >&2; fi
    exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# A private copy: a rebuild during the run cannot touch it.
for attempt in 1 2 3 4 5; do
    cp "$shifty" "$work/bin/shifty" && "$work/bin/shifty" --version >/dev/null 2>&1 && break
    sleep 2
done
"$work/bin/shifty" --version >/dev/null 2>&1 || fail "$shifty does not run (is it being rebuilt?)"
echo "shifty $("$work/bin/shifty" --version) from $shifty"

if command -v systemd-analyze >/dev/null; then
    step "deploy/ha/pg_autoctl.service: systemd-analyze verify"
    mkdir -p "$work/systemd" && cp deploy/ha/pg_autoctl.service "$work/systemd/"
    verify=$(cd "$work/systemd" && systemd-analyze verify "$work/systemd/pg_autoctl.service" 2>&1) \
        || fail "systemd-analyze verify rejected deploy/ha/pg_autoctl.service: $verify"
    [[ -z $verify ]] || fail "systemd-analyze verify warns about deploy/ha/pg_autoctl.service: $verify"
    echo "verified"
fi

step "scenario (scripts/ha-test/scenario.py)"
python3 -u scripts/ha-test/scenario.py \
    --shifty "$work/bin/shifty" --repo "$repo" --work "$work" --psql "$pg_bin/psql" --pg-bin "$pg_bin" \
    --as-postgres "${as_postgres[*]}" --port-base "$base" &
echo $! >"$work/pids/scenario.pid"
wait $!
rm -f "$work/pids/scenario.pid"
