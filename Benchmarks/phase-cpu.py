#!/usr/bin/env python3
# CPU (and context switches) of our benchmark process over one phase of a `perf record` (issue 14):
#   perf record -e cpu-clock/freq=1000/ -e context-switches/period=1/ -g -o DATA <benchmark> ...
#   python3 Benchmarks/phase-cpu.py DATA MARKER[,END_MARKER]
# sums every event of the process (pgbench, a child, left out) between the first cpu-clock sample whose
# stack holds MARKER (e.g. MarketplaceExecutor, suppliedCount) and the last one, or the first sample
# after it holding END_MARKER (PQexecParams: the read benchmark's unnamed phase begins). Divide by the
# operations the benchmark reports for that phase. For binaries without READ_COUNT/PAIR_COUNT.
import collections
import re
import subprocess
import sys

data, marker = sys.argv[1], sys.argv[2]
out = subprocess.run(['perf', 'script', '-i', data, '-F', 'comm,tid,time,period,event,ip,sym'], capture_output=True, text=True).stdout
samples = []
cur = None
for line in out.split('\n'):
    if not line.strip():
        if cur: samples.append(cur); cur = None
        continue
    if not line.startswith((' ', '\t')):
        m = re.match(r'\s*(\S.*?)\s+(\d+)\s+([\d.]+):\s+(\d+)\s+(\S+):', line)
        if m:
            if cur: samples.append(cur)
            cur = [float(m.group(3)), m.group(1), int(m.group(4)), m.group(5), '']
        continue
    if cur: cur[4] += line
if cur: samples.append(cur)
ours = [s for s in samples if 'pgbench' not in s[1]]
markers = marker.split(',')
marked = [s[0] for s in ours if markers[0] in s[4] and s[3].startswith('cpu-clock')]
a, b = min(marked), max(marked)
if len(markers) > 1:  # the window ends at the first sample with the second marker after the start
    b = min(s[0] for s in ours if markers[1] in s[4] and s[0] > a)
totals = collections.Counter()
for s in ours:
    if a <= s[0] <= b: totals[s[3]] += s[2]
print('window %.2f s' % (b - a), {k: v for k, v in totals.items()})
