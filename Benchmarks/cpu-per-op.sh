#!/usr/bin/env bash
# CPU time and context switches of OUR process per marketplace read and per pick-up + approval pair
# (issue 14). Wall-clock rates on a shared 2-core machine swing by 2-3x with the neighbours' load;
# the CPU a fixed amount of work costs swings far less. Each benchmark runs twice, with a small and a
# large fixed amount of work (READ_COUNT / PAIR_COUNT), under `perf stat -e task-clock,context-switches`
# (software events: this VM has no hardware counters for `-e instructions`, and valgrind 3.19 cannot
# read the Swift binaries' DWARF 5); the difference divided by the extra work is the cost per
# operation, with set-up, migrations and generation cancelled out.
#
#   bash Benchmarks/cpu-per-op.sh BIN_DIR "<libpq conninfo of a server where we may create databases>"
#   (BIN_DIR: where the release GenerationBenchmark and MarketplaceReadBenchmark are; REPEATS=2)
set -euo pipefail
bin=$1
conninfo=$2
repeats=${REPEATS:-2}
work=$(mktemp -d /tmp/shifty-cpu-per-op.XXXXXX)
trap 'rm -rf "$work"' EXIT

run() {  # run NAME ENV... -> "cpu_ms context_switches"
    local name=$1
    shift
    env "$@" perf stat -x, -e task-clock,context-switches -o "$work/stat" "$bin/$name" "$conninfo" >"$work/out" 2>&1 \
        || { cat "$work/out" >&2; exit 1; }
    echo "$(grep task-clock "$work/stat" | cut -d, -f1) $(grep context-switches "$work/stat" | cut -d, -f1)"
}
per() {  # per LABEL COUNT SMALL BIG
    python3 -c "
a = list(map(float, '$3'.split())); b = list(map(float, '$4'.split()))
print('%s: %.1f us CPU, %.2f context switches (load %s)' % ('$1', (b[0] - a[0]) * 1000 / $2, (b[1] - a[1]) / $2, open('/proc/loadavg').read().split()[0]))"
}
for _ in $(seq 1 "$repeats"); do
    small=$(run MarketplaceReadBenchmark CLIENTS=4 READ_COUNT=250 SKIP_UNNAMED=1 SKIP_PGBENCH=1)
    big=$(run MarketplaceReadBenchmark CLIENTS=4 READ_COUNT=1250 SKIP_UNNAMED=1 SKIP_PGBENCH=1)
    per "per marketplace read (4 clients, prepared)" 4000 "$small" "$big"
    small=$(run GenerationBenchmark CLIENTS=4 EMPLOYEES=400 RUNS=1 PAIR_COUNT=200 SKIP_PGBENCH=1)
    big=$(run GenerationBenchmark CLIENTS=4 EMPLOYEES=400 RUNS=1 PAIR_COUNT=1200 SKIP_PGBENCH=1)
    per "per pick-up + approval pair (4 clients)" 1000 "$small" "$big"
done
