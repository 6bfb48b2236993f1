#!/usr/bin/env bash
# Live push benchmarks (issue 5; BENCHMARKS.md, "Live push"): a release `shifty serve` on a throwaway
# PostgreSQL, both pinned to core 0, the server limited to 20,000 file descriptors; our compiled load
# generator (Benchmarks/Sources/LiveLoad) pinned to core 1.
#   1. idle: IDLE_COUNT (19000) live connections held, memory per connection, then IDLE_BEYOND (1500)
#      more attempts past the descriptor limit: refused cleanly? /healthz still answers?
#      (20 accounts hold them all: the per-session and per-member caps of issue 14 are lifted here.)
#   2. broadcast: BROADCAST_SIZES (1000 5000 10000) subscribers of `marketplace`, BROADCAST_EVENTS (20)
#      changes each (supply / revoke of one shift through the HTTP API), BROADCAST_RUNS (3) runs per size.
#
#   bash scripts/bench-live.sh        # from anywhere; prints a table at the end
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
SCRATCH="${BENCH_SCRATCH:-$ROOT/Benchmarks/.build-bench}"
IDLE_COUNT="${IDLE_COUNT:-19000}"
IDLE_BEYOND="${IDLE_BEYOND:-1500}"
BROADCAST_SIZES="${BROADCAST_SIZES:-1000 5000 10000}"
BROADCAST_EVENTS="${BROADCAST_EVENTS:-20}"
BROADCAST_RUNS="${BROADCAST_RUNS:-3}"
SERVER_FD_LIMIT="${SERVER_FD_LIMIT:-20000}"
THREADS="${LOAD_THREADS:-2}"
# Which subscriber clients measure the broadcasts (BENCHMARKS.md, "Live push"): `epoll` (one thread of
# ours) sends each ACK from the reading thread after it read, as a client on another machine builds its
# ACKs on its own CPU; `nio` is our WebSocket client on NIO event loops, whose quick ACKs loopback builds
# on the server's core, inside the server's write(2).
BROADCAST_CLIENTS="${BROADCAST_CLIENTS:-nio epoll}"
# One core for the server, so one event loop (NIO's default counts the machine's cores, not the
# taskset: two loops would share core 0 and switch between each other on every event).
SERVER_EVENT_LOOPS="${SERVER_EVENT_LOOPS:-1}"
SUBSCRIBER_ACCOUNTS="${SUBSCRIBER_ACCOUNTS:-20}"

if (( $(nproc) >= 2 )); then SERVER_CPU=(taskset -c 0); LOAD_CPU=(taskset -c 1); else SERVER_CPU=(); LOAD_CPU=(); fi

# Both through the Benchmarks package (it depends on the root package by path): one scratch folder,
# the dependencies compiled once.
# BENCH_SKIP_BUILD=1 reuses the binaries already in the scratch folder (repeated measurements).
if [[ -z ${BENCH_SKIP_BUILD:-} ]]; then
    echo "== building shifty and LiveLoad (release)" >&2
    swift build -c release --package-path Benchmarks --scratch-path "$SCRATCH" --product shifty >&2
    swift build -c release --package-path Benchmarks --scratch-path "$SCRATCH" --product LiveLoad >&2
fi
BIN="$(swift build -c release --package-path Benchmarks --scratch-path "$SCRATCH" --show-bin-path)"
SHIFTY="$BIN/shifty"
LOAD="$BIN/LiveLoad"

work=$(mktemp -d /tmp/shifty-bench-live.XXXXXX)
chmod 755 "$work"  # the cluster inside runs as `postgres` when we are root
cluster="$work/pg"
SERVER_PID=""
stop_server() {
    if [[ -n $SERVER_PID ]]; then
        kill "$SERVER_PID" 2>/dev/null || true
        for _ in $(seq 1 50); do kill -0 "$SERVER_PID" 2>/dev/null || break; sleep 0.1; done
        kill -9 "$SERVER_PID" 2>/dev/null || true
        wait "$SERVER_PID" 2>/dev/null || true
        SERVER_PID=""
    fi
}
cleanup() {
    stop_server
    bash scripts/pg-throwaway.sh stop "$cluster" || true
    rm -rf "$work"
}
trap cleanup EXIT INT TERM

# PostgreSQL shares the server's core: everything server-side on core 0, the load alone on core 1.
conninfo=$("${SERVER_CPU[@]}" bash scripts/pg-throwaway.sh start "$cluster")
PORT=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')
BASE="http://127.0.0.1:$PORT"

start_server() {
    # Cheap Argon2 (the benchmark logs in a few dozen times; password hashing is not what is measured).
    NIO_SINGLETON_GROUP_LOOP_COUNT="$SERVER_EVENT_LOOPS" \
    "${SERVER_CPU[@]}" bash -c "ulimit -n $SERVER_FD_LIMIT && exec \"\$0\" \"\$@\"" "$SHIFTY" serve \
        --database-url "$conninfo" --host 127.0.0.1 --port "$PORT" --allow-signup --pool-size 16 \
        --argon2-memory 64 --argon2-iterations 1 --log-level "${SERVER_LOG_LEVEL:-warning}" \
        --live-connections-per-session 100000 --live-connections-per-user 100000 \
        >>"$work/server.log" 2>&1 &
    SERVER_PID=$!
    for _ in $(seq 1 200); do
        curl -sf "$BASE/healthz" >/dev/null 2>&1 && return 0
        kill -0 "$SERVER_PID" 2>/dev/null || break
        sleep 0.1
    done
    echo "the server did not start:" >&2
    cat "$work/server.log" >&2
    exit 1
}

post() {  # post PATH JSON [TOKEN] -> body; fails on a non-2xx answer
    local auth=()
    if [[ -n ${3:-} ]]; then auth=(-H "Authorization: Bearer $3"); fi
    curl -sS --fail-with-body -X POST "$BASE$1" -H 'Content-Type: application/json' "${auth[@]}" -d "$2"
}

start_server
echo "== benchmark workplace and accounts" >&2
password="bench password 1234"
manager=$(post /api/v1/workplaces "{\"name\":\"Live bench\",\"slug\":\"live-bench\",\"timeZone\":\"Europe/Amsterdam\",\"client\":\"bearer\",\"manager\":{\"username\":\"boss\",\"displayName\":\"Boss\",\"password\":\"$password\"}}" | jq -r .token)
login() {  # login USERNAME FIELD -> the session's FIELD (.token, .user.id)
    post /api/v1/sessions "{\"workplace\":\"live-bench\",\"username\":\"$1\",\"password\":\"$password\",\"client\":\"bearer\"}" | jq -r "$2"
}
create_employee() {  # create_employee USERNAME
    post /api/v1/users "{\"username\":\"$1\",\"displayName\":\"$1\",\"password\":\"$password\",\"role\":\"employee\"}" "$manager" >/dev/null
}
create_employee trigger
trigger_session=$(post /api/v1/sessions "{\"workplace\":\"live-bench\",\"username\":\"trigger\",\"password\":\"$password\",\"client\":\"bearer\"}")
trigger_token=$(jq -r .token <<<"$trigger_session")
trigger_id=$(jq -r .user.id <<<"$trigger_session")
tokens=""
for i in $(seq 1 "$SUBSCRIBER_ACCOUNTS"); do
    create_employee "member$i"
    tokens="${tokens:+$tokens,}$(login "member$i" .token)"
done
shift_date=$(date -u -d '+3 days' +%F)
shift_id=$(post /api/v1/shifts "{\"ownerId\":$trigger_id,\"date\":\"$shift_date\",\"startTime\":\"10:00\",\"durationMinutes\":240}" "$manager" | jq -r .id)
echo "workplace live-bench: $SUBSCRIBER_ACCOUNTS subscriber accounts, trigger shift $shift_id" >&2

echo "machine: $(uname -srm), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) cores, $(free -g | awk '/Mem:/ {print $2}') GiB"
echo "date: $(date -u '+%Y-%m-%d %H:%M UTC'), load average: $(cut -d' ' -f1-3 /proc/loadavg), commit $(git rev-parse --short HEAD)"
echo "server: taskset -c 0, ulimit -n $SERVER_FD_LIMIT, $SERVER_EVENT_LOOPS event loop(s); LiveLoad: taskset -c 1, $THREADS event loops; ephemeral ports $(tr '\t' '-' </proc/sys/net/ipv4/ip_local_port_range)"
results="$work/results"
: >"$results"

run_load() {
    "${LOAD_CPU[@]}" bash -c "ulimit -n \$(ulimit -Hn) && exec \"\$0\" \"\$@\"" "$LOAD" "$@" | tee -a "$results"
}

echo
echo "== idle connections ($IDLE_COUNT held, then $IDLE_BEYOND beyond the limit)"
run_load idle --port "$PORT" --server-pid "$SERVER_PID" --tokens "$tokens" --count "$IDLE_COUNT" \
    --beyond "$IDLE_BEYOND" --threads "$THREADS" || echo "idle run failed (exit $?)" | tee -a "$results"
if ! kill -0 "$SERVER_PID" 2>/dev/null; then
    echo "SERVER DIED during the idle run; its log:" | tee -a "$results"
    tail -20 "$work/server.log"
    SERVER_PID=""
fi

for client in $BROADCAST_CLIENTS; do
for size in $BROADCAST_SIZES; do
    for run in $(seq 1 "$BROADCAST_RUNS"); do
        # A fresh server per run: every run starts from the same state.
        stop_server
        start_server
        echo
        echo "== broadcast to $size subscribers ($client client), run $run/$BROADCAST_RUNS (load average $(cut -d' ' -f1 /proc/loadavg))"
        run_load broadcast --port "$PORT" --server-pid "$SERVER_PID" --tokens "$tokens" --trigger-token "$trigger_token" \
            --shift "$shift_id" --subscribers "$size" --events "$BROADCAST_EVENTS" --threads "$THREADS" \
            --client "$client" ${POLLING_OPTIONS:-} \
            || echo "broadcast run failed (exit $?)" | tee -a "$results"
    done
done
done

if [[ -s $work/server.log ]]; then
    echo
    echo "== server log (warnings and errors, last 15 lines of $(wc -l <"$work/server.log"))"
    tail -15 "$work/server.log" | cut -c1-400
fi

echo
echo "== summary"
awk '
/^RESULT idle / { for (i = 3; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
    printf "idle: %s of %s held, %s bytes per connection, server descriptors %s of %s\n", v["held"], v["asked"], v["bytes_per_connection"], v["fds"], v["fd_limit"] }
/^RESULT overflow / { for (i = 3; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
    printf "beyond the limit: %s attempts: %s upgraded, %s refused over HTTP, %s without answer, %s failed otherwise; /healthz afterwards: %s; server alive: %s\n", v["attempts"], v["upgraded"], v["refused_http"], v["timed_out"], v["other"], v["healthz"], v["server_alive"] }
/^RESULT idle_after_overflow / { for (i = 3; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
    printf "held connections still open after the overflow: %s of %s\n", v["still_held"], v["held"] }
' "$results"
echo
echo "| client | subscribers | events | p50 per delivery | p99 per delivery | max | last subscriber (median / max) | HTTP answer | at -> last | server CPU per event | missing |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
awk '/^RESULT broadcast / { delete v; for (i = 3; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
    printf "| %s | %s | %s | %s ms | %s ms | %s ms | %s / %s ms | %s ms | %s ms | %s ms | %s |\n", v["client"], v["subscribers"], v["events"], v["p50_ms"], v["p99_ms"], v["max_ms"], v["last_median_ms"], v["last_max_ms"], v["http_median_ms"], v["at_to_last_median_ms"], v["cpu_ms_per_event"], v["missing"] }' "$results"
echo
echo "| client | subscribers | /healthz probes during broadcasts | p50 | p99 | max | p99 of all probes | failed |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|"
awk '/^RESULT healthz / { delete v; for (i = 3; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
    printf "| %s | %s | %s | %s ms | %s ms | %s ms | %s ms | %s |\n", v["client"], v["subscribers"], v["probes_during"], v["p50_ms"], v["p99_ms"], v["max_ms"], v["all_p99_ms"], v["failures"] }' "$results"
