#!/usr/bin/env python3
"""Checks an Autobahn (kosoku) index.json: every case must be OK, for behaviour and for closing.

Exceptions, kept deliberately narrow:
- 7.1.6, 7.13.1 and 7.13.2 are INFORMATIONAL by definition in the Autobahn suite (they never grade OK);
- 12.* and 13.* (permessage-deflate) may be UNIMPLEMENTED, since we do not negotiate compression.

Usage: check_report.py INDEX_JSON [--min-cases N]
Exits 1 and lists the offending cases otherwise.
"""
import argparse
import json
import sys

INFORMATIONAL_BY_DESIGN = {"7.1.6", "7.13.1", "7.13.2"}


def allowed(case_id: str, behavior: str) -> bool:
    if behavior == "OK":
        return True
    if behavior == "INFORMATIONAL" and case_id in INFORMATIONAL_BY_DESIGN:
        return True
    if behavior == "UNIMPLEMENTED" and case_id.split(".")[0] in ("12", "13"):
        return True
    return False


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("index")
    parser.add_argument("--min-cases", type=int, default=1)
    args = parser.parse_args()
    with open(args.index, encoding="utf-8") as handle:
        report = json.load(handle)
    if not report:
        print(f"{args.index}: no agent in report", file=sys.stderr)
        return 1
    failures = []
    total = 0
    for agent, cases in report.items():
        for case_id, result in sorted(cases.items(), key=lambda item: [int(p) for p in item[0].split(".")]):
            total += 1
            behavior = result.get("behavior", "MISSING")
            close = result.get("behaviorClose", "MISSING")
            if not (allowed(case_id, behavior) and allowed(case_id, close)):
                failures.append(f"{agent} {case_id}: behavior={behavior} close={close} ({result.get('reportfile', '')})")
    if total < args.min_cases:
        failures.append(f"only {total} cases in report, expected at least {args.min_cases}")
    if failures:
        print(f"{args.index}: {len(failures)} problem(s) out of {total} cases:", file=sys.stderr)
        for line in failures:
            print("  " + line, file=sys.stderr)
        return 1
    print(f"{args.index}: all {total} cases OK")
    return 0


if __name__ == "__main__":
    sys.exit(main())
