#!/usr/bin/env bash
# Browser end-to-end tests (issue 7): Debian's headless Chromium and chromedriver driven by
# selenium through employees, a manager, kiosks and guests, one step per module in scripts/e2e/steps/.
# Screenshots: test-artifacts/screenshots/.
#
# Usage: scripts/e2e/run.sh [path/to/shifty] [--repeat N]   (default binary: .build/debug/shifty)
set -euo pipefail
cd "$(dirname "$0")/../.."

binary=.build/debug/shifty
if [[ $# -gt 0 && $1 != --* ]]; then binary=$1; shift; fi
if [[ ! -x $binary ]]; then
    echo "error: $binary is missing: build it first with \`swift build --product shifty\`" >&2
    exit 1
fi

missing=()
command -v chromium >/dev/null || missing+=(chromium)
command -v chromedriver >/dev/null || missing+=(chromium-driver)
if ((${#missing[@]})); then
    echo "==> installing ${missing[*]} for the browser tests"
    if [[ $(id -u) -eq 0 ]]; then sudo=(); else sudo=(sudo); fi
    if ! command -v apt-get >/dev/null; then
        echo "error: apt-get not found. Install Chromium and its chromedriver (${missing[*]}) and try again." >&2
        exit 1
    fi
    export DEBIAN_FRONTEND=noninteractive
    "${sudo[@]}" apt-get -o DPkg::Lock::Timeout=300 update -qq
    "${sudo[@]}" apt-get -o DPkg::Lock::Timeout=300 install -y -qq --no-install-recommends "${missing[@]}"
fi

if ! python3 -c "import selenium, icalendar, axe_core_python, segno, zxingcpp" 2>/dev/null; then
    python3 -m pip install -q --disable-pip-version-check -r scripts/e2e/requirements.txt
fi

exec python3 scripts/e2e/test_browser.py --binary "$binary" "$@"
