#!/usr/bin/env bash
# Debian packages the checks use: Chromium (browser tests), npm (to install
# axe-core for the browser tests' accessibility check) and GNU Backgammon
# (a cross-check of our .mat files). Installed when missing and we are root;
# otherwise those tests skip and say why.
set -euo pipefail
need=()
command -v chromium >/dev/null || need+=(chromium)
command -v npm >/dev/null || need+=(npm)
command -v gnubg >/dev/null || [ -x /usr/games/gnubg ] || need+=(gnubg)
[ ${#need[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null; then
    echo "note: ${need[*]} missing and not installable here; their tests will skip" >&2
    exit 0
fi
apt-get update -q
DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${need[@]}"
