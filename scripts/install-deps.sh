#!/usr/bin/env bash
# Installs the system packages Shifty builds and tests with, only when something is missing.
# Debian/Ubuntu: apt-get with a lock timeout; sudo when not root.
set -euo pipefail

packages=(libpq-dev libssl-dev libargon2-dev libcurl4-openssl-dev pkg-config postgresql postgresql-contrib tmux python3-yaml)
missing=()
for package in "${packages[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
        missing+=("$package")
    fi
done

if ((${#missing[@]})); then
    echo "==> installing system packages: ${missing[*]}"
    if [[ $(id -u) -eq 0 ]]; then sudo=(); else sudo=(sudo); fi
    if ! command -v apt-get >/dev/null; then
        echo "error: apt-get not found. Install these packages with your system's package manager: ${missing[*]}" >&2
        exit 1
    fi
    export DEBIAN_FRONTEND=noninteractive
    "${sudo[@]}" apt-get -o DPkg::Lock::Timeout=300 update -qq
    "${sudo[@]}" apt-get -o DPkg::Lock::Timeout=300 install -y -qq --no-install-recommends "${missing[@]}"
fi

if ! command -v swift >/dev/null; then
    echo "error: the Swift toolchain (6.0 or newer) is not on PATH. Install it from swift.org and try again." >&2
    exit 1
fi

# The Web Push tests' push-service stand-in (scripts/push/push_service_standin.py) checks Shifty's
# VAPID tokens and decrypts its payloads with these independent implementations (pinned).
if ! python3 -c "import http_ece, py_vapid" 2>/dev/null; then
    echo "==> installing Python packages for the Web Push tests: http-ece, py-vapid"
    python3 -m pip install -q --disable-pip-version-check http-ece==1.2.1 py-vapid==1.9.6 2>/dev/null \
        || python3 -m pip install -q --disable-pip-version-check --break-system-packages http-ece==1.2.1 py-vapid==1.9.6
fi
