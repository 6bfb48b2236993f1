#!/usr/bin/env bash
# `make bench`: every benchmark in Benchmarks/, release builds, with a throwaway PostgreSQL for the
# database benchmarks. Results go to stdout; BENCHMARKS.md records them with the machine.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
SCRATCH="${BENCH_SCRATCH:-$ROOT/Benchmarks/.build-bench}"

echo "machine: $(uname -srm), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) cores, $(free -g | awk '/Mem:/ {print $2}') GiB"

echo "== WebSocket benchmarks"
bash Benchmarks/run.sh

echo "== building the database benchmarks (release)"
# SwiftPM keeps the root package's source lists from an earlier build in this scratch folder and
# fails ("missing inputs") once files were added or removed there: a newer manifest makes it plan again.
touch Benchmarks/Package.swift
swift build -c release --package-path Benchmarks --scratch-path "$SCRATCH" --product GenerationBenchmark
swift build -c release --package-path Benchmarks --scratch-path "$SCRATCH" --product ReportBenchmark
swift build -c release --package-path Benchmarks --scratch-path "$SCRATCH" --product MarketplaceReadBenchmark
BIN=$(swift build -c release --package-path Benchmarks --scratch-path "$SCRATCH" --show-bin-path)

cluster=$(mktemp -d /tmp/shifty-bench-pg.XXXXXX)
trap 'bash scripts/pg-throwaway.sh stop "$cluster"' EXIT INT TERM
conninfo=$(bash scripts/pg-throwaway.sh start "$cluster")

echo "== schedule generation and pick-up + approval vs pgbench"
"$BIN/GenerationBenchmark" "$conninfo"
echo "== marketplace read: our libpq layer vs pgbench -M prepared on the same SQL"
"$BIN/MarketplaceReadBenchmark" "$conninfo"
echo "== monthly timeclock report"
"$BIN/ReportBenchmark" "$conninfo"
bash scripts/bench-live.sh  # live push: idle connections, refusal beyond the fd limit, broadcast
