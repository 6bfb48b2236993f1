#!/usr/bin/env bash
# Runs the Autobahn conformance cases 1-10 (via kosoku) against our server and our client.
#
#   bash scripts/autobahn/run.sh PATH/TO/shifty
#
# Server suite: `shifty dev echo-server` on a free loopback port, driven by `kosoku -m fuzzingclient`.
# Client suite: `kosoku -m fuzzingserver` on a free loopback port, driven by `shifty dev autobahn-client`.
# Reports go to $AUTOBAHN_OUT (default: a temporary directory, printed at the end); each suite is bounded
# by $AUTOBAHN_TIMEOUT seconds (default 240). 12.* and 13.* (permessage-deflate) are not run.
set -euo pipefail

if [[ $# -lt 1 ]]; then
    echo "usage: $0 PATH/TO/shifty" >&2
    exit 2
fi
SHIFTY="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
[[ -x "$SHIFTY" ]] || { echo "not an executable: $SHIFTY" >&2; exit 2; }
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
SUITE_TIMEOUT="${AUTOBAHN_TIMEOUT:-240}"
OUT="${AUTOBAHN_OUT:-$(mktemp -d -t shifty-autobahn.XXXXXX)}"
mkdir -p "$OUT"

if ! command -v kosoku >/dev/null 2>&1; then
    echo "installing kosoku (pip)..." >&2
    python3 -m pip install --quiet kosoku
fi
KOSOKU="$(command -v kosoku)"

PIDS=()
cleanup() {
    for pid in "${PIDS[@]:-}"; do
        [[ -n "$pid" ]] && kill "$pid" 2>/dev/null || true
    done
    wait 2>/dev/null || true
}
trap cleanup EXIT INT TERM

free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

wait_for_port() {  # port, seconds
    local deadline=$((SECONDS + $2))
    while (( SECONDS < deadline )); do
        if python3 -c "import socket,sys; s=socket.socket(); s.settimeout(0.2); sys.exit(s.connect_ex(('127.0.0.1', $1)))" 2>/dev/null; then
            return 0
        fi
        sleep 0.1
    done
    echo "nothing listening on port $1 after $2 s" >&2
    return 1
}

EXCLUDES=(-x '12.*' -x '13.*')
status=0

echo "== server suite (kosoku fuzzingclient -> shifty dev echo-server)"
SERVER_PORT="$(free_port)"
"$SHIFTY" dev echo-server --host 127.0.0.1 --port "$SERVER_PORT" --log-level warning \
    >"$OUT/echo-server.out" 2>"$OUT/echo-server.err" &
PIDS+=($!)
wait_for_port "$SERVER_PORT" 30
timeout "$SUITE_TIMEOUT" "$KOSOKU" -m fuzzingclient "${EXCLUDES[@]}" -o "$OUT/servers" "127.0.0.1:$SERVER_PORT" \
    >"$OUT/fuzzingclient.log" 2>&1 || { echo "kosoku fuzzingclient failed or timed out (see $OUT/fuzzingclient.log)" >&2; status=1; }
python3 "$HERE/check_report.py" "$OUT/servers/index.json" --min-cases 290 || status=1

echo "== client suite (shifty dev autobahn-client -> kosoku fuzzingserver)"
CLIENT_PORT="$(free_port)"
timeout "$SUITE_TIMEOUT" "$KOSOKU" -m fuzzingserver "${EXCLUDES[@]}" -o "$OUT/clients" "127.0.0.1:$CLIENT_PORT" \
    >"$OUT/fuzzingserver.log" 2>&1 &
KOSOKU_PID=$!
PIDS+=("$KOSOKU_PID")
wait_for_port "$CLIENT_PORT" 30
timeout "$SUITE_TIMEOUT" "$SHIFTY" dev autobahn-client --server "ws://127.0.0.1:$CLIENT_PORT" --agent shifty --log-level warning \
    2>"$OUT/autobahn-client.err" || { echo "autobahn-client failed or timed out (see $OUT/autobahn-client.err)" >&2; status=1; }
wait "$KOSOKU_PID" || { echo "kosoku fuzzingserver failed (see $OUT/fuzzingserver.log)" >&2; status=1; }
python3 "$HERE/check_report.py" "$OUT/clients/index.json" --min-cases 290 || status=1

echo "reports: $OUT"
exit "$status"
