# shellcheck shell=bash disable=SC2034
# Shared helpers for the scripts in this directory; sourced, not run.
# Sets ROOT (the repository root) and provides die, note and ensure_packages.

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

die() {
    echo "error: $*" >&2
    exit 1
}

note() {
    echo "== $*"
}

# ensure_packages PKG...: install the Debian packages that are not installed yet.
# Silent when everything is there; runs apt-get (through sudo when not root) otherwise.
# A first attempt uses the current package lists; if that fails (fresh machine, stale
# lists) it runs `apt-get update` and tries once more.
ensure_packages() {
    local missing=() p
    for p in "$@"; do
        if [[ "$(dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null)" != installed ]]; then
            missing+=("$p")
        fi
    done
    ((${#missing[@]} == 0)) && return 0

    command -v apt-get >/dev/null ||
        die "missing packages: ${missing[*]}; this script needs apt-get (Debian 12 or later)"
    local sudo=()
    if [[ "$(id -u)" != 0 ]]; then
        command -v sudo >/dev/null || die "missing packages: ${missing[*]}; run as root or install sudo"
        sudo=(sudo)
    fi

    note "installing ${missing[*]}"
    local log
    log="$(mktemp)"
    local install=("${sudo[@]}" env DEBIAN_FRONTEND=noninteractive
        apt-get install -y -q --no-install-recommends "${missing[@]}")
    if ! "${install[@]}" >"$log" 2>&1; then
        "${sudo[@]}" apt-get update -q >"$log" 2>&1 || { cat "$log" >&2; die "apt-get update failed"; }
        "${install[@]}" >"$log" 2>&1 || { tail -n 30 "$log" >&2; die "apt-get install ${missing[*]} failed"; }
    fi
    rm -f "$log"
}
