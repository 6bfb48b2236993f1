#!/usr/bin/env bash
# `make deploy-test`: the production setup of deploy/ on loopback, exercised end to end.
#
# Starts a throwaway PostgreSQL (with a non-superuser role that owns the database, as in
# deploy/README.md), migrates it, puts Debian's nginx with deploy/nginx.conf (only host name,
# ports and certificate paths substituted) and a throwaway self-signed certificate in front, then
# hands over to scripts/deploy-test/scenario.py, which starts two Shifty instances and drives live
# clients through nginx while instances are stopped with SIGTERM and SIGKILL and PostgreSQL restarts.
# Everything it started is stopped and its temporary folder removed on exit, also on failure.
#
# Environment: DEPLOY_TEST_SHIFTY (default .build/debug/shifty, built when missing), DEPLOY_TEST_KEEP=1 keeps
# the temporary folder, DEPLOY_TEST_PORT_BASE (default 18000: nginx on +80/+443, instances on +81/+82).
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)

step() { printf '\n==> %s\n' "$*"; }
fail() { printf '\nFAIL: %s\n' "$*" >&2; exit 1; }

if [[ $(id -u) -eq 0 ]]; then sudo=(); as_postgres=(runuser -u postgres --); else sudo=(sudo); as_postgres=(); fi

# --- what the test needs ----------------------------------------------------------------------
nginx_bin=$(command -v nginx || true)
[[ -z $nginx_bin && -x /usr/sbin/nginx ]] && nginx_bin=/usr/sbin/nginx
missing=()
[[ -z $nginx_bin ]] && missing+=(nginx)
command -v openssl >/dev/null || missing+=(openssl)
if ((${#missing[@]})); then
    step "installing system packages: ${missing[*]}"
    command -v apt-get >/dev/null || fail "apt-get not found; install ${missing[*]} with your package manager"
    export DEBIAN_FRONTEND=noninteractive
    "${sudo[@]}" apt-get -o DPkg::Lock::Timeout=300 update -qq
    "${sudo[@]}" apt-get -o DPkg::Lock::Timeout=300 install -y -qq --no-install-recommends "${missing[@]}"
    nginx_bin=$(command -v nginx || echo /usr/sbin/nginx)
fi
[[ -x $nginx_bin ]] || fail "nginx is not installed"

step "installing Python test tools (websockets, prometheus_client)"
python3 -m pip install -q --disable-pip-version-check websockets prometheus_client 2>&1 | grep -v -e "Requirement already satisfied" -e "Running pip as the 'root' user" || true
if ! python3 -c 'import websockets.asyncio.client, prometheus_client' 2>/dev/null; then
    # Debian's own python3 refuses pip installs (PEP 668) and its python3-websockets is too old.
    python3 -m pip install -q --disable-pip-version-check --break-system-packages --upgrade websockets prometheus_client 2>&1 \
        | grep -v -e "Requirement already satisfied" -e "Running pip as the 'root' user" || true
fi
python3 -c 'import websockets.asyncio.client, prometheus_client' \
    || fail "the Python packages websockets (13 or newer) and prometheus_client are not importable"

shifty=${DEPLOY_TEST_SHIFTY:-$repo/.build/debug/shifty}
if [[ ! -x $shifty ]]; then
    step "building shifty"
    swift build --product shifty
fi
[[ -x $shifty ]] || fail "no shifty binary at $shifty"

pg_bin=""
for candidate in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
    if [[ -x $candidate/pg_ctl ]]; then pg_bin=$candidate; break; fi
done
[[ -n $pg_bin ]] || fail "PostgreSQL server binaries not found (apt-get install postgresql)"

base=${DEPLOY_TEST_PORT_BASE:-18000}
http_port=$((base + 80)) https_port=$((base + 443)) port_a=$((base + 81)) port_b=$((base + 82))
for port in $http_port $https_port $port_a $port_b; do
    if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
        fail "port $port is already in use (set DEPLOY_TEST_PORT_BASE to move the test's ports)"
    fi
done

# --- temporary folder and cleanup ----------------------------------------------------------------
work=$(mktemp -d /tmp/shifty-deploy-test.XXXXXX)
chmod 755 "$work"   # the postgres user traverses it to its cluster
mkdir -p "$work/logs" "$work/pids" "$work/tls" "$work/nginx"
status=0
cleanup() {
    status=$?
    trap - EXIT INT TERM
    set +e
    for pidfile in "$work"/pids/*.pid; do
        [[ -f $pidfile ]] || continue
        pid=$(cat "$pidfile")
        [[ -n $pid ]] && kill -KILL "$pid" 2>/dev/null
    done
    if [[ -f $work/nginx/nginx.pid ]]; then kill -TERM "$(cat "$work/nginx/nginx.pid")" 2>/dev/null; sleep 0.3; fi
    if ((status != 0)); then
        for log in "$work"/logs/*.log "$work/pg/postgres.log"; do
            [[ -s $log ]] || continue
            printf '\n----- last lines of %s -----\n' "${log#"$work"/}" >&2
            tail -n 25 "$log" >&2
        done
    fi
    if [[ ${DEPLOY_TEST_KEEP:-0} == 1 ]]; then
        echo "kept $work (the PostgreSQL cluster is stopped)" >&2
        "${as_postgres[@]}" "$pg_bin/pg_ctl" -D "$work/pg/data" -m immediate -w stop >/dev/null 2>&1
    else
        bash scripts/pg-throwaway.sh stop "$work/pg" >/dev/null 2>&1
        rm -rf "$work"
    fi
    if ((status == 0)); then printf '\ndeploy-test: PASS\n'; else printf '\ndeploy-test: FAILED (exit %d)\n' "$status" >&2; fi
    exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# A private copy, installed like /usr/local/bin/shifty: a rebuild during the run cannot touch it.
mkdir -p "$work/bin"
for attempt in 1 2 3 4 5; do
    cp "$shifty" "$work/bin/shifty" && "$work/bin/shifty" --version >/dev/null 2>&1 && break
    sleep 2
done
"$work/bin/shifty" --version >/dev/null 2>&1 || fail "$shifty does not run (is it being rebuilt?)"
echo "shifty $("$work/bin/shifty" --version) from $shifty (built $(date -r "$shifty" "+%F %H:%M"); last commit $(git log -1 --format=%cd --date=format:"%F %H:%M" 2>/dev/null || echo unknown))"
shifty=$work/bin/shifty

# --- systemd unit ------------------------------------------------------------------------------
if command -v systemd-analyze >/dev/null; then
    step "deploy/shifty@.service: systemd-analyze verify and security"
    mkdir -p "$work/systemd"
    # Only the binary's path changes (verify checks that it is executable).
    sed "s#/usr/local/bin/shifty#$shifty#" deploy/shifty@.service >"$work/systemd/shifty@.service"
    verify=$(cd "$work/systemd" && systemd-analyze verify "$work/systemd/shifty@8081.service" 2>&1) \
        || fail "systemd-analyze verify rejected deploy/shifty@.service: $verify"
    [[ -z $verify ]] || fail "systemd-analyze verify warns about deploy/shifty@.service: $verify"
    exposure=$(systemd-analyze security --offline=true "$work/systemd/shifty@8081.service" 2>/dev/null | grep -o 'Overall exposure level.*' || true)
    echo "verified; ${exposure:-no exposure level (systemd-analyze security --offline not available)}"
else
    echo "(systemd-analyze not installed: deploy/shifty@.service not verified)"
fi

# --- PostgreSQL ----------------------------------------------------------------------------------
step "starting a throwaway PostgreSQL in $work/pg"
admin=$(bash scripts/pg-throwaway.sh start "$work/pg")
psql=("$pg_bin/psql" -X -q -v ON_ERROR_STOP=1)
"${psql[@]}" "$admin" -c "CREATE ROLE shifty_app LOGIN" -c "CREATE DATABASE shifty_prod OWNER shifty_app" >/dev/null
database_url="host=$work/pg/socket port=5432 user=shifty_app dbname=shifty_prod"
admin_db="host=$work/pg/socket port=5432 user=shifty dbname=shifty_prod"
echo "database: $database_url (an ordinary role that owns its database)"

step "shifty migrate"
"$shifty" migrate --database-url "$database_url" --migrations "$repo/sql" 2>&1 | tail -n 3

# --- TLS certificate and nginx -------------------------------------------------------------------
step "throwaway self-signed certificate for localhost"
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 2 \
    -subj /CN=localhost -addext "subjectAltName=DNS:localhost,IP:127.0.0.1" \
    -keyout "$work/tls/key.pem" -out "$work/tls/cert.pem" 2>"$work/logs/openssl.log" \
    || fail "openssl could not create the certificate: $(cat "$work/logs/openssl.log")"
chmod 600 "$work/tls/key.pem"

step "nginx config from deploy/nginx.conf (ports $http_port/$https_port -> $port_a, $port_b)"
python3 scripts/deploy-test/nginx_config.py \
    --shipped deploy/nginx.conf --work "$work" --cert "$work/tls/cert.pem" --key "$work/tls/key.pem" \
    --http-port "$http_port" --https-port "$https_port" --upstream "127.0.0.1:$port_a" --upstream "127.0.0.1:$port_b"
"$nginx_bin" -t -q -p "$work/nginx" -e "$work/logs/nginx-error.log" -c "$work/nginx/nginx.conf" || fail "nginx -t rejected the generated config"
if [[ $(id -u) -eq 0 && -f /etc/nginx/nginx.conf ]] && grep -q 'include /etc/nginx/sites-enabled/\*;' /etc/nginx/nginx.conf; then
    # The way the runbook installs it: as a site inside Debian's own nginx.conf (duplicate directives
    # with Debian's http block would fail here). Only tested, never started.
    sed "s#include /etc/nginx/sites-enabled/\*;#include $work/nginx/shifty.conf;#" /etc/nginx/nginx.conf >"$work/nginx/debian-nginx.conf"
    "$nginx_bin" -t -q -e "$work/logs/nginx-error.log" -c "$work/nginx/debian-nginx.conf" \
        || fail "deploy/nginx.conf does not load as a site of Debian's /etc/nginx/nginx.conf"
    echo "also loads as a site of Debian's /etc/nginx/nginx.conf (nginx -t)"
fi
"$nginx_bin" -p "$work/nginx" -e "$work/logs/nginx-error.log" -c "$work/nginx/nginx.conf"
echo "nginx $("$nginx_bin" -v 2>&1 | sed 's/.*nginx\///') listening on https://localhost:$https_port"

# --- the scenario --------------------------------------------------------------------------------
step "scenario (scripts/deploy-test/scenario.py)"
# In the background with `wait`, so an INT or TERM to this script runs the cleanup at once.
python3 -u scripts/deploy-test/scenario.py \
    --shifty "$shifty" --repo "$repo" --work "$work" \
    --database-url "$database_url" --admin-db "$admin_db" --psql "$pg_bin/psql" \
    --pg-ctl "$pg_bin/pg_ctl" --pg-data "$work/pg/data" --pg-log "$work/pg/postgres.log" \
    --as-postgres "${as_postgres[*]}" \
    --https-port "$https_port" --http-port "$http_port" --port-a "$port_a" --port-b "$port_b" \
    --ca "$work/tls/cert.pem" &
echo $! >"$work/pids/scenario.pid"
wait $!
rm -f "$work/pids/scenario.pid"

# --- backup and restore, as deploy/README.md does them ---------------------------------------------
step "backup with pg_dump, restore check with pg_restore into a scratch database"
mkdir -p "$work/backup"
dump=$work/backup/shifty.dump
"$pg_bin/pg_dump" --format=custom --file="$dump" "$database_url"
"${psql[@]}" "$admin" -c "CREATE DATABASE shifty_restore_check OWNER shifty_app" >/dev/null
restored="host=$work/pg/socket port=5432 user=shifty_app dbname=shifty_restore_check"
"$pg_bin/pg_restore" --no-owner --exit-on-error --dbname="$restored" "$dump"
summary="SELECT (SELECT count(*) FROM workplaces), (SELECT count(*) FROM users), (SELECT count(*) FROM shifts), (SELECT count(*) FROM events), (SELECT coalesce(max(id), 0) FROM events), (SELECT count(*) FROM schema_migrations)"
original_rows=$("${psql[@]}" -At "$database_url" -c "$summary")
restored_rows=$("${psql[@]}" -At "$restored" -c "$summary")
[[ $original_rows == "$restored_rows" ]] || fail "the restored database differs: workplaces|users|shifts|events|newest event|migrations $original_rows vs $restored_rows"
migrate_output=$("$shifty" migrate --database-url "$restored" --migrations "$repo/sql" 2>&1) || fail "shifty migrate on the restored database: $migrate_output"
grep -q "Applied 0\|up to date\|No pending" <<<"$migrate_output" || fail "the restored database was missing migrations: $migrate_output"
echo "$(du -h "$dump" | cut -f1) dump; restored copy matches (workplaces|users|shifts|events|newest event|migrations = $restored_rows); shifty migrate finds nothing to apply"
