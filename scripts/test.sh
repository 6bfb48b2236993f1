#!/usr/bin/env bash
# `make test`: builds, starts a throwaway PostgreSQL, runs every test, and always stops the cluster.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "==> installing Python test tools (websockets, kosoku, aiosmtpd, pyyaml, and the browser test's scripts/e2e/requirements.txt)"
python3 -m pip install -q --disable-pip-version-check websockets kosoku aiosmtpd==1.4.6 pyyaml -r scripts/e2e/requirements.txt 2>&1 | grep -v "Requirement already satisfied" || true

echo "==> building (debug, with tests)"
swift build --build-tests

cluster=$(mktemp -d /tmp/shifty-test-pg.XXXXXX)
cleanup() { bash scripts/pg-throwaway.sh stop "$cluster"; }
trap cleanup EXIT INT TERM
echo "==> starting a throwaway PostgreSQL in $cluster"
SHIFTY_TEST_PG=$(bash scripts/pg-throwaway.sh start "$cluster")
export SHIFTY_TEST_PG

echo "==> openapi.yaml lists the statuses the server's edge answers (scripts/openapi/standard_responses.py)"
python3 scripts/openapi/standard_responses.py --check openapi.yaml

echo "==> swift test"
# Only the crashed thread: a crash's cause then stays in the last lines CI shows (all threads took 100 s and pushed it out).
SWIFT_BACKTRACE=enable=yes,interactive=no,threads=crashed swift test --skip-build

echo "==> e-mail: two instances, kill -9 of one while mails go out (scripts/mail/kill9_test.py)"
python3 scripts/mail/kill9_test.py .build/debug/shifty "$SHIFTY_TEST_PG"

echo "==> connection limits against the real binary (scripts/hardening): a trickled body meets its total deadline;"
echo "    a connection flood far past ulimit -n 300; the embedded cluster of a server killed with SIGKILL stops"
python3 scripts/hardening/slow_body_test.py .build/debug/shifty "$SHIFTY_TEST_PG"
python3 scripts/hardening/descriptor_limit_test.py .build/debug/shifty "$SHIFTY_TEST_PG"
python3 scripts/hardening/embedded_cluster_kill9_test.py .build/debug/shifty

if [[ -f scripts/autobahn/run.sh ]]; then
    echo "==> Autobahn WebSocket conformance (kosoku)"
    bash scripts/autobahn/run.sh .build/debug/shifty
fi

echo "==> openapi.yaml against the real server as anonymous, employee and manager (schemathesis)"
bash scripts/schemathesis/run.sh .build/debug/shifty "$SHIFTY_TEST_PG"

echo "==> browser end-to-end tests (headless Chromium)"
bash scripts/e2e/run.sh .build/debug/shifty
