#!/usr/bin/env python3
"""The statuses every operation of openapi.yaml must list, because the server's edge can answer them
for any such operation (issue 26: schemathesis found routes answering 400, 401 or 422 that their
responses did not list).

  401  every operation that needs a session or kiosk (`security` is not `[]`): no session, or an
       expired one (`unauthenticated`, `session_expired`).
  403  every such operation with an unsafe method: a cookie-authenticated request from another
       origin (`origin_not_allowed`); every operation whose `security` names the `manager` role
       (`manager_only`).
  400  every operation with a JSON body (`malformed_json`) or query parameters (`invalid_parameter`).
  415, 422  every operation with a JSON body (`unsupported_media_type`; `validation_failed`).
  404  every operation with path parameters (`not_found`: not in the caller's workplace).
  400, 409, 422  every operation that takes `Idempotency-Key` (docs/idempotency.md): a malformed
       key (`idempotency_key_invalid`), the key's first request still running
       (`idempotency_key_in_use`), the key used before for another request (`idempotency_key_reused`).
  503  every operation that reads the database (all but /healthz and /metrics):
       `database_unavailable` with `Retry-After`.

  python3 scripts/openapi/standard_responses.py --check openapi.yaml   # list what is missing, exit 1
  python3 scripts/openapi/standard_responses.py --fix openapi.yaml     # add the missing lines

`--fix` edits the text in place (one `"NNN": { $ref: "#/components/responses/Problem" }` line per
missing status, in order), so the file's layout and comments stay as they are.
"""
import re
import sys

import yaml

UNSAFE = {"post", "put", "patch", "delete"}
NO_DATABASE = {"/healthz", "/metrics", "/api/v1/openapi.yaml"}
PROBLEM = '{ $ref: "#/components/responses/Problem" }'


def for_managers(operation):
    """Whether the operation's `security` names the `manager` role (the server's manager routes)."""
    return any("manager" in scopes for requirement in operation.get("security", []) for scopes in requirement.values())


def required_statuses(path, method, operation):
    secured = operation.get("security", None) != []
    statuses = set()
    if secured:
        statuses.add("401")
        if method in UNSAFE or for_managers(operation):
            statuses.add("403")
    parameters = operation.get("parameters", [])
    if operation.get("requestBody") and "application/json" in str(operation["requestBody"]):
        statuses |= {"400", "415", "422"}
    if any(p.get("in") == "query" for p in parameters if isinstance(p, dict)):
        statuses.add("400")
    if "{" in path:
        statuses.add("404")
    if secured and any(isinstance(p, dict) and p.get("$ref", "").endswith("/IdempotencyKey") for p in parameters):
        statuses |= {"400", "409", "422"}
    if path not in NO_DATABASE:
        statuses.add("503")
    return statuses


def missing(document):
    result = {}
    for path, item in document["paths"].items():
        for method, operation in item.items():
            if method not in {"get", "post", "put", "patch", "delete"}:
                continue
            listed = {str(code) for code in operation.get("responses", {})}
            lacking = sorted(required_statuses(path, method, operation) - listed)
            if lacking:
                result[(path, method)] = lacking
    return result


def fix(text, lacking):
    lines = text.split("\n")
    out = []
    path = method = None
    index = 0
    while index < len(lines):
        line = lines[index]
        out.append(line)
        match = re.match(r"^  (/\S*):\s*$", line)
        if match:
            path = match.group(1)
        match = re.match(r"^    (get|post|put|patch|delete):\s*$", line)
        if match:
            method = match.group(1)
        if re.match(r"^      responses:\s*$", line) and (path, method) in lacking:
            block = []
            index += 1
            while index < len(lines) and (lines[index].startswith("        ") or lines[index].strip() == ""):
                if lines[index].strip() == "":
                    break
                block.append(lines[index])
                index += 1
            entries = []  # (key, lines)
            for entry in block:
                if re.match(r"^        \S", entry):
                    key = entry.strip().split(":", 1)[0].strip('"')
                    entries.append([key, [entry]])
                else:
                    entries[-1][1].append(entry)
            for status in lacking[(path, method)]:
                entries.append([status, [f'        "{status}": {PROBLEM}']])
            numeric = sorted((e for e in entries if e[0].isdigit() or re.fullmatch(r"\dXX", e[0])), key=lambda e: e[0])
            others = [e for e in entries if not (e[0].isdigit() or re.fullmatch(r"\dXX", e[0]))]
            for _, entry_lines in numeric + others:
                out.extend(entry_lines)
            continue
        index += 1
    return "\n".join(out)


def main():
    if len(sys.argv) != 3 or sys.argv[1] not in {"--check", "--fix"}:
        print(__doc__, file=sys.stderr)
        return 2
    file = sys.argv[2]
    text = open(file, encoding="utf-8").read()
    lacking = missing(yaml.safe_load(text))
    if sys.argv[1] == "--fix":
        if lacking:
            open(file, "w", encoding="utf-8").write(fix(text, lacking))
            still = missing(yaml.safe_load(open(file, encoding="utf-8").read()))
            if still:
                print(f"could not add: {still}", file=sys.stderr)
                return 1
        print(f"added the standard statuses to {len(lacking)} operations")
        return 0
    for (path, method), statuses in sorted(lacking.items()):
        print(f"{method.upper()} {path}: lists no {', '.join(statuses)}")
    if lacking:
        print(f"{len(lacking)} operations of {file} lack statuses the server answers for them "
              "(scripts/openapi/standard_responses.py explains why each is required; --fix adds them)", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
