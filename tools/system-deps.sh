#!/usr/bin/env bash
# What the checks use beyond .venv: Chromium (browser tests), npm (to install
# the JavaScript tools: tsc, Biome, and axe-core for the browser tests' accessibility check), GNU Backgammon (a
# cross-check of our .mat files), HAProxy (the two-instance test starts it with
# deploy/haproxy.cfg), PostgreSQL on 127.0.0.1:5432 (the server and
# storage tests run on it as well as SQLite: trust for local TCP, database
# `test`, see tests/dbs.py) and Redis on 127.0.0.1:6379 (the event bus between
# server processes). Installed and started when missing and we are root on
# Debian; otherwise those tests skip and say why, and CI (NARD_TEST_NO_SKIP=1)
# fails on any skip.
set -euo pipefail

answers() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

wait_for() {
    for _ in $(seq 60); do
        answers "$1" && return 0
        sleep 0.5
    done
    return 1
}

start_postgres() {
    local version hba
    version=$(ls /usr/lib/postgresql | sort -n | tail -1) || return 1
    [ -n "$version" ] || return 1
    hba=/etc/postgresql/$version/main/pg_hba.conf
    [ -f "$hba" ] || pg_createcluster "$version" main || return 1
    # First matching line wins: local TCP connections need no password.
    grep -q '^host all all 127.0.0.1/32 trust' "$hba" \
        || sed -i '1i host all all 127.0.0.1/32 trust' "$hba" || return 1
    # (Re)start it to read that line: the package may have started it already.
    pg_ctlcluster "$version" main restart 2>/dev/null || pg_ctlcluster "$version" main start \
        || return 1
    wait_for 5432 || return 1
    su postgres -s /bin/sh -c "psql -tAc \"SELECT 1 FROM pg_database WHERE datname = 'test'\"" \
        | grep -q 1 || su postgres -s /bin/sh -c "createdb test" || return 1
}

start_redis() {
    redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save '' --appendonly no \
        >/dev/null || return 1
    wait_for 6379
}

need=()
command -v chromium >/dev/null || need+=(chromium)
command -v npm >/dev/null || need+=(npm)
command -v gnubg >/dev/null || [ -x /usr/games/gnubg ] || need+=(gnubg)
command -v haproxy >/dev/null || [ -x /usr/sbin/haproxy ] || need+=(haproxy)
answers 5432 || command -v pg_ctlcluster >/dev/null || need+=(postgresql)
answers 6379 || command -v redis-server >/dev/null || need+=(redis-server)
if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null; then
    [ ${#need[@]} -eq 0 ] || echo "note: ${need[*]} missing and not installable here" >&2
    answers 5432 || echo "note: no PostgreSQL on 127.0.0.1:5432; its tests will skip" >&2
    answers 6379 || echo "note: no Redis on 127.0.0.1:6379; its tests will skip" >&2
    exit 0
fi
if [ ${#need[@]} -gt 0 ]; then
    apt-get update -q
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${need[@]}"
fi
if [[ " ${need[*]} " == *" postgresql "* ]] || ! answers 5432; then
    start_postgres || echo "note: PostgreSQL did not start; its tests will skip" >&2
fi
answers 6379 || start_redis || echo "note: Redis did not start; its tests will skip" >&2
