#!/usr/bin/env bash
# Starts or stops a throwaway PostgreSQL cluster for the test suite.
#   pg-throwaway.sh start DIR   -> prints a libpq conninfo for the superuser `shifty`
#   pg-throwaway.sh stop DIR
# The cluster listens on a Unix socket inside DIR only. initdb refuses to run as root, so as
# root the cluster runs as the `postgres` user.
set -euo pipefail
action=$1
dir=$2

bindir=""
for candidate in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
    if [[ -x $candidate/initdb ]]; then bindir=$candidate; break; fi
done
if [[ -z $bindir ]] && command -v initdb >/dev/null; then bindir=$(dirname "$(command -v initdb)"); fi
if [[ -z $bindir ]]; then
    echo "error: PostgreSQL server binaries not found; install them with: apt-get install postgresql" >&2
    exit 1
fi

as_owner=()
if [[ $(id -u) -eq 0 ]]; then as_owner=(runuser -u postgres --); fi

case $action in
start)
    mkdir -p "$dir/data" "$dir/socket"
    chmod 700 "$dir/data"
    if [[ $(id -u) -eq 0 ]]; then chown -R postgres:postgres "$dir"; chmod 755 "$dir"; fi
    "${as_owner[@]}" "$bindir/initdb" -D "$dir/data" -U shifty --auth=trust -E UTF8 --locale=C >"$dir/initdb.log" 2>&1 \
        || { cat "$dir/initdb.log" >&2; exit 1; }
    "${as_owner[@]}" "$bindir/pg_ctl" -D "$dir/data" -l "$dir/postgres.log" -w -t 60 start \
        -o "-c listen_addresses='' -c unix_socket_directories='$dir/socket' -c max_connections=1000 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c shared_buffers=256MB" \
        >/dev/null || { cat "$dir/postgres.log" >&2; exit 1; }
    echo "host=$dir/socket port=5432 user=shifty dbname=postgres"
    ;;
stop)
    if [[ -f $dir/data/postmaster.pid ]]; then
        "${as_owner[@]}" "$bindir/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
    fi
    rm -rf "$dir"
    ;;
*)
    echo "usage: $0 start|stop DIR" >&2
    exit 2
    ;;
esac
