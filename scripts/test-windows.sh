#!/usr/bin/env bash
# Run the Windows build under Wine, the way a Gomocup manager talks to it (CR LF lines).
#
#   scripts/test-windows.sh [--build] [--exe PATH] [--smoke-only] [-- CARGO-TEST-ARGS...]
#
# 1. Runs scripts/build-windows.sh (with --avx2 for an *avx2* exe) if the exe is
#    missing from dist/, or always with --build.
# 2. Installs Wine (Debian's wine + wine64) if needed and prepares a throwaway 64-bit
#    prefix in target/wine-prefix (RENSA_WINEPREFIX overrides it): no GUI, no Mono or
#    Gecko download, WINEDEBUG=-all so that Wine prints nothing of its own.
# 3. Smoke test: START 15, ABOUT, then END (CR LF) must give OK, a name= line and exit
#    status 0, with nothing on stderr. This also absorbs Wine's slow first start.
# 4. Unless --smoke-only: the protocol transcripts against the .exe,
#      RENSA_TEST_ENGINE="wine <exe>" RENSA_TEST_CRLF=1 cargo test --release --test protocol
#    (with the native toolchain; only the engine under test is the Windows build).
#
# --exe tests another build, e.g. dist/pbrain-rensa64-avx2.exe (needs an AVX2 host).
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

usage() { sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//'; }

BUILD=0
SMOKE_ONLY=0
EXE=""
while (($#)); do
    case "$1" in
        --build) BUILD=1 ;;
        --smoke-only) SMOKE_ONLY=1 ;;
        --exe)
            (($# >= 2)) || die "--exe needs a value"
            EXE="$2"
            shift
            ;;
        -h | --help)
            usage
            exit 0
            ;;
        --)
            shift
            break
            ;;
        *) die "unknown argument '$1' (see --help)" ;;
    esac
    shift
done

START_TIME=$SECONDS
# --exe is relative to the caller's directory; everything else to the repository.
if [[ -z "$EXE" ]]; then
    EXE="$ROOT/dist/pbrain-rensa.exe"
elif [[ "$EXE" != /* ]]; then
    EXE="$PWD/$EXE"
fi
cd "$ROOT"
if ((BUILD)) || [[ ! -f "$EXE" && "$EXE" == "$ROOT"/dist/* ]]; then
    if [[ "$EXE" == *avx2* ]]; then scripts/build-windows.sh --avx2; else scripts/build-windows.sh; fi
fi
[[ -f "$EXE" ]] || die "$EXE not found (build it with scripts/build-windows.sh)"
# The test runner splits RENSA_TEST_ENGINE on whitespace.
[[ "$EXE" != *[[:space:]]* ]] || die "the path $EXE contains whitespace; move the checkout"

# --- Wine ------------------------------------------------------------------------------
ensure_packages wine wine64
command -v wine >/dev/null || die "wine not found after installing it"

export WINEPREFIX="${RENSA_WINEPREFIX:-$ROOT/target/wine-prefix}"
export WINEARCH=win64
export WINEDEBUG=-all
export WINEDLLOVERRIDES="mscoree,mshtml=;winemenubuilder.exe=d"
unset DISPLAY WAYLAND_DISPLAY # console program: no window, no X server needed

if [[ ! -f "$WINEPREFIX/system.reg" ]]; then
    note "creating the Wine prefix $WINEPREFIX"
    mkdir -p "$(dirname "$WINEPREFIX")"
    wine wineboot --init >/dev/null 2>&1 || die "wineboot --init failed in $WINEPREFIX"
    wineserver -w
fi
# Keep one wineserver for the whole run (each engine start then takes a fraction of a
# second instead of a server start-up), and stop it with whatever it still runs at exit.
wineserver -p
trap 'wineserver -k 2>/dev/null || true' EXIT

# --- smoke test ------------------------------------------------------------------------
# END is sent only once ABOUT has been answered, as a manager would do: the engine may
# quit at END without answering what was still queued before it.
note "smoke test: wine ${EXE#"$ROOT"/} (START 15, ABOUT, then END; CR LF)"
tmp="$(mktemp -d)"
mkfifo "$tmp/in"
timeout 120 wine "$EXE" <"$tmp/in" >"$tmp/out" 2>"$tmp/err" &
engine=$!
exec {to_engine}>"$tmp/in"
printf 'START 15\r\nABOUT\r\n' 1>&"$to_engine"
for ((i = 0; i < 600; i++)); do
    grep -q 'name=' "$tmp/out" && break
    kill -0 "$engine" 2>/dev/null || break
    sleep 0.1
done
printf 'END\r\n' 1>&"$to_engine" 2>/dev/null || true
exec {to_engine}>&-
status=0
wait "$engine" || status=$?
sed 's/^/    /' "$tmp/out"
problems=()
((status == 0)) || problems+=("exit status $status (124: still running 120 s after the start)")
[[ "$(head -n 1 "$tmp/out")" == OK ]] || problems+=("START 15 was not answered OK")
[[ "$(sed -n 2p "$tmp/out")" == name=* ]] || problems+=("ABOUT was not answered with name=...")
(($(wc -l <"$tmp/out") == 2)) || problems+=("expected exactly 2 output lines")
! grep -q $'\r' "$tmp/out" || problems+=("output lines end in CR")
[[ ! -s "$tmp/err" ]] || problems+=("stderr is not empty: $(head -c 300 "$tmp/err")")
rm -rf "$tmp"
if ((${#problems[@]})); then
    printf 'smoke test FAILED: %s\n' "${problems[@]}" >&2
    exit 1
fi
echo "smoke test passed"

# --- protocol transcripts --------------------------------------------------------------
if ((!SMOKE_ONLY)); then
    # A runner that ignores RENSA_TEST_ENGINE would quietly test the native binary.
    grep -q RENSA_TEST_ENGINE protocol-tests/run.rs ||
        die "protocol-tests/run.rs does not read RENSA_TEST_ENGINE yet; use --smoke-only"
    note "RENSA_TEST_ENGINE='wine ${EXE#"$ROOT"/}' RENSA_TEST_CRLF=1 cargo test --release --test protocol"
    RENSA_TEST_ENGINE="wine $EXE" RENSA_TEST_CRLF=1 cargo test --release --test protocol "$@"
fi

note "done in $((SECONDS - START_TIME)) s"
