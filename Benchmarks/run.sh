#!/usr/bin/env bash
# Release-mode WebSocket benchmarks (see BENCHMARKS.md and docs/websocket.md):
#   1. decode+unmask and encode throughput, ShiftyWebSocket vs NIOWebSocket (same process, same harness);
#   2. memory per idle server connection: a fresh `shifty dev echo-server` and $IDLE_CONNECTIONS (10000)
#      WebSocket connections held by the compiled IdleConnections client.
# The server and the load are pinned to different cores with taskset when there are at least two.
#
#   bash Benchmarks/run.sh            # from the repository root
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BENCH="$ROOT/Benchmarks"
COUNT="${IDLE_CONNECTIONS:-10000}"
SCRATCH="${BENCH_SCRATCH:-$BENCH/.build-bench}"
ROOT_SCRATCH="${ROOT_SCRATCH:-$ROOT/.build}"

cores="$(nproc)"
if (( cores >= 2 )); then SERVER_CPU=(taskset -c 0); LOAD_CPU=(taskset -c 1); else SERVER_CPU=(); LOAD_CPU=(); fi

echo "== building (release)" >&2
swift build -c release --package-path "$BENCH" --scratch-path "$SCRATCH" --product WebSocketBenchmarks >&2
swift build -c release --package-path "$BENCH" --scratch-path "$SCRATCH" --product IdleConnections >&2
swift build -c release --package-path "$ROOT" --scratch-path "$ROOT_SCRATCH" --product shifty >&2
BIN="$(swift build -c release --package-path "$BENCH" --scratch-path "$SCRATCH" --show-bin-path)"
SHIFTY="$(swift build -c release --package-path "$ROOT" --scratch-path "$ROOT_SCRATCH" --show-bin-path)/shifty"

echo "machine: $(uname -srm), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $cores cores, $(free -g | awk '/Mem:/ {print $2}') GiB"
echo
echo "== throughput (EmbeddedChannel, 64 KiB reads, best of 5)"
"${LOAD_CPU[@]}" "$BIN/WebSocketBenchmarks"
echo

echo "== memory per idle server connection ($COUNT connections)"
ulimit -n "$(( COUNT * 2 + 1024 ))" 2>/dev/null || ulimit -n "$(ulimit -Hn)"
PORT="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')"
LOG="$(mktemp -t shifty-echo.XXXXXX)"
"${SERVER_CPU[@]}" "$SHIFTY" dev echo-server --host 127.0.0.1 --port "$PORT" --log-level error >"$LOG" 2>&1 &
SERVER_PID=$!
trap 'kill "$SERVER_PID" 2>/dev/null || true; wait 2>/dev/null || true; rm -f "$LOG"' EXIT
for _ in $(seq 1 100); do grep -q listening "$LOG" && break; sleep 0.1; done
grep -q listening "$LOG" || { echo "echo server did not start:" >&2; cat "$LOG" >&2; exit 1; }
"${LOAD_CPU[@]}" "$BIN/IdleConnections" --port "$PORT" --server-pid "$SERVER_PID" --count "$COUNT"
