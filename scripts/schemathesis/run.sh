#!/usr/bin/env bash
# openapi.yaml against the running server (issue 26): schemathesis (pinned, from PyPI) generates
# requests from the spec as an anonymous caller, an employee and a manager of the demo workplace, and
# fails on any 5xx, any answer outside its documented statuses or schema, any schema-violating request
# the server accepts, and any undeclared method not answered 405 with `Allow`.
#
# Usage: scripts/schemathesis/run.sh path/to/shifty ADMIN_CONNINFO
#   ADMIN_CONNINFO: a libpq conninfo of a superuser on a throwaway cluster (scripts/pg-throwaway.sh);
#   a database `shifty_schemathesis` is created there for the demo workplace and dropped afterwards.
# Environment: SCHEMATHESIS_EXAMPLES (test cases per operation and phase, default 12),
#   SCHEMATHESIS_SEED (default fixed, so a run is reproducible), SCHEMATHESIS_ROLES (default
#   "anonymous employee manager").
set -euo pipefail
cd "$(dirname "$0")/../.."
binary=$1
admin=$2
examples=${SCHEMATHESIS_EXAMPLES:-12}
seed=${SCHEMATHESIS_SEED:-20261127}
roles=${SCHEMATHESIS_ROLES:-employee manager anonymous}
version=4.32.5

if ! st --version 2>/dev/null | grep -q "$version"; then
    echo "==> installing schemathesis $version"
    python3 -m pip install -q --disable-pip-version-check "schemathesis==$version" 2>/dev/null \
        || python3 -m pip install -q --disable-pip-version-check --break-system-packages "schemathesis==$version"
fi

database=shifty_schemathesis
psql "$admin" -qX -v ON_ERROR_STOP=1 -c "DROP DATABASE IF EXISTS $database" -c "CREATE DATABASE $database" >/dev/null
conninfo="${admin/dbname=postgres/dbname=$database}"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
base="http://127.0.0.1:$port"
out=test-artifacts/schemathesis
mkdir -p "$out"

# One worker: hypothesis describes its strategies by parsing source, which is not thread-safe on
# Python 3.11 ("AST constructor recursion depth mismatch" inside schemathesis with --workers 2).
# Cheap Argon2 so the fuzzer's logins do not dominate the run; everything else as in production.
"$binary" serve --demo --database-url "$conninfo" --port "$port" --argon2-memory 1024 --argon2-iterations 1 \
    --log-level warning >"$out/server.log" 2>&1 &
server=$!
cleanup() {
    kill "$server" 2>/dev/null || true
    wait "$server" 2>/dev/null || true
    psql "$admin" -qX -c "DROP DATABASE IF EXISTS $database WITH (FORCE)" >/dev/null 2>&1 || true
}
trap cleanup EXIT INT TERM
for _ in $(seq 1 120); do
    curl -sf "$base/readyz" >/dev/null 2>&1 && break
    kill -0 "$server" 2>/dev/null || { cat "$out/server.log" >&2; exit 1; }
    sleep 0.5
done

login() {
    curl -sf -X POST "$base/api/v1/sessions" -H 'Content-Type: application/json' \
        -d "{\"workplace\":\"demo\",\"username\":\"$1\",\"password\":\"shifty-demo\",\"client\":\"bearer\"}" \
        | python3 -c 'import json, sys; print(json.load(sys.stdin)["token"])'
}

# Every session is made before any fuzzing: the anonymous run's wrong logins throttle this address.
employee_token=$(login anna)
manager_token=$(login maria)

failed=0
for role in $roles; do
    headers=()
    excluded=()
    case $role in
    anonymous) ;;
    employee) headers=(-H "Authorization: Bearer $employee_token") ;;
    manager) headers=(-H "Authorization: Bearer $manager_token") ;;
    *) echo "unknown role $role" >&2; exit 2 ;;
    esac
    if [[ $role != anonymous ]]; then
        # Logging out would end the run's own session: every later case would only see 401.
        excluded=(--exclude-name "DELETE /api/v1/sessions/current")
    fi
    echo "==> schemathesis as $role ($examples cases per operation, seed $seed)"
    if ! PYTHONPATH=scripts/schemathesis SCHEMATHESIS_HOOKS=hooks st run openapi.yaml --url "$base" "${headers[@]}" \
        --checks all \
        --exclude-checks use_after_free,ensure_resource_availability,positive_data_acceptance \
        --max-examples "$examples" --seed "$seed" --generation-database none --no-shrink \
        --phases examples,coverage,fuzzing --workers 1 --request-timeout 30 --no-color \
        --report junit --report-junit-path "$out/$role.xml" \
        "${excluded[@]}" >"$out/$role.log" 2>&1; then
        failed=1
        echo "schemathesis as $role failed; the failures:" >&2
        { sed -n '/^=* FAILURES =*$/,/^=* SUMMARY =*$/p' "$out/$role.log" | cut -c1-300 | head -200 >&2; } || true
    fi
    tail -n 25 "$out/$role.log" | grep -E "Test cases|generated|failures|passed|Failures|❌" || true
done
if grep -q "internal_error\|panic\|Fatal error" "$out/server.log"; then
    echo "the server logged an internal error:" >&2
    grep -n "internal_error\|panic\|Fatal error" "$out/server.log" | head -20 >&2
    failed=1
fi
exit $failed
