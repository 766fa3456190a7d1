#!/usr/bin/env bash
# Cross-compile the engine for 64-bit Windows (Gomocup) on Debian 12 or later.
#
#   scripts/build-windows.sh [--avx2] [--zip] [--target TRIPLE]
#
# Produces dist/pbrain-rensa.exe and its Gomocup-named copy dist/pbrain-rensa64.exe:
# an x86-64 Windows console program that imports only system DLLs (no libgcc or
# winpthread DLL to ship). The default target, x86_64-win7-windows-gnu, runs on
# Windows 7 to 11 and on Debian's Wine 8 (the newer x86_64-pc-windows-gnu std imports
# bcryptprimitives.dll, which that Wine lacks). Neither target's std is shipped by
# rustup here, so std is rebuilt from source with Debian's rustc-web, cargo-web and
# rust-web-src (`-Z build-std`, enabled by RUSTC_BOOTSTRAP=1) and linked with MinGW-w64.
#
#   --avx2     also build dist/pbrain-rensa64-avx2.exe for the instruction sets Gomocup
#              guarantees (SSE4.2, POPCNT, AVX, AVX2; not BMI2/FMA, which are not promised).
#   --zip      also pack dist/pbrain-rensa.zip (pbrain-rensa64.exe + LICENSE.txt), and with
#              --avx2 dist/pbrain-rensa-avx2.zip (the AVX2 build under the same exe name);
#              each zip is one complete Gomocup submission and must stay under 8 MB.
#   --target   another Windows GNU triple, e.g. x86_64-pc-windows-gnu (Windows 10+ only).
#
# Missing Debian packages are installed with apt-get (as root, or through sudo).
# Works from any directory; builds in target/windows (and target/windows-avx2), apart
# from the native build, with Debian's compiler (the rustup toolchain is not used).
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

usage() { sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//'; }

TARGET=x86_64-win7-windows-gnu
AVX2=0
ZIP=0
while (($#)); do
    case "$1" in
        --avx2) AVX2=1 ;;
        --zip) ZIP=1 ;;
        --target)
            (($# >= 2)) || die "--target needs a value"
            TARGET="$2"
            shift
            ;;
        -h | --help)
            usage
            exit 0
            ;;
        *) die "unknown argument '$1' (see --help)" ;;
    esac
    shift
done
[[ "$TARGET" == x86_64-*windows-gnu ]] || die "only x86_64 Windows GNU targets are supported, not $TARGET"

START_TIME=$SECONDS
cd "$ROOT"

# --- toolchain -------------------------------------------------------------------------
packages=(rustc-web cargo-web rust-web-src gcc-mingw-w64-x86-64)
((ZIP)) && packages+=(zip)
ensure_packages "${packages[@]}"

LINKER=x86_64-w64-mingw32-gcc
OBJDUMP=x86_64-w64-mingw32-objdump
command -v "$LINKER" >/dev/null || die "$LINKER not found (package gcc-mingw-w64-x86-64)"

# Debian's packages install /usr/bin/rustc and /usr/bin/cargo (older releases used a
# -web suffix). Never the rustup proxies in ~/.cargo/bin: they have no Windows std.
pick() {
    local c
    for c in "$@"; do
        if [[ -x "$c" ]]; then
            echo "$c"
            return 0
        fi
    done
    return 1
}
RUSTC="$(pick /usr/bin/rustc-web /usr/bin/rustc)" || die "Debian's rustc not found (package rustc-web)"
CARGO="$(pick /usr/bin/cargo-web /usr/bin/cargo)" || die "Debian's cargo not found (package cargo-web)"
RUSTDOC="$(pick /usr/bin/rustdoc-web /usr/bin/rustdoc || true)"

rustc_version="$("$RUSTC" --version)"
minor="$(sed -n 's/^rustc 1\.\([0-9]*\)\..*/\1/p' <<<"$rustc_version")"
if [[ -z "$minor" ]] || ((minor < 85)); then
    die "$RUSTC is '$rustc_version'; need rustc 1.85 or later"
fi
# rustc 1.87 and later know x86_64-win7-windows-gnu. An older one (Debian bookworm's
# rustc-web 1.85) knows only x86_64-win7-windows-msvc, but its std source already has the
# Windows 7 code paths (cfg target_vendor = "win7"), so the target is described to it in a
# spec file: x86_64-pc-windows-gnu with the vendor win7, as rustc itself defines it, less
# the startup objects rsbegin.o/rsend.o, which only a rustup sysroot ships and which hold
# nothing on x86-64 (they register DWARF unwind tables on 32-bit x86 only).
TARGET_ARG="$TARGET"
if ! "$RUSTC" --print target-list | grep -qx "$TARGET"; then
    [[ "$TARGET" == x86_64-win7-windows-gnu ]] || die "$RUSTC does not know the target $TARGET"
    mkdir -p target/windows-spec
    TARGET_ARG="$ROOT/target/windows-spec/$TARGET.json"
    RUSTC_BOOTSTRAP=1 "$RUSTC" -Z unstable-options --print target-spec-json \
        --target x86_64-pc-windows-gnu |
        sed -e 's/"vendor": "pc"/"vendor": "win7"/' \
            -e '/^  "\(pre\|post\)-link-objects\(-fallback\)\?": {/,/^  },/d' \
            -e 's/"description": "[^"]*"/"description": "64-bit MinGW (Windows 7+)"/' \
            >"$TARGET_ARG"
    grep -q '"vendor": "win7"' "$TARGET_ARG" || die "could not derive a spec for $TARGET"
    note "$RUSTC does not know $TARGET; using the derived spec ${TARGET_ARG#"$ROOT"/}"
fi
std_src="$("$RUSTC" --print sysroot)/lib/rustlib/src/rust/library"
[[ -f "$std_src/Cargo.lock" ]] || die "no std source at $std_src (package rust-web-src)"

# --- build -----------------------------------------------------------------------------
triple_var="$(tr 'a-z-' 'A-Z_' <<<"$TARGET")"

# build TARGET_DIR RUSTFLAGS: release build of pbrain-rensa with std rebuilt from source.
# RUSTFLAGS applies to std too (build-std), so an AVX2 build gets an AVX2 std.
build() {
    local target_dir="$1" rustflags="$2"
    note "cargo build --release --target $TARGET (RUSTFLAGS='$rustflags', $target_dir)"
    env -u CARGO_ENCODED_RUSTFLAGS -u CARGO_BUILD_RUSTFLAGS -u CARGO_BUILD_TARGET \
        -u RUSTUP_TOOLCHAIN -u RUSTC_WRAPPER -u RUSTC_WORKSPACE_WRAPPER \
        RUSTC="$RUSTC" ${RUSTDOC:+RUSTDOC="$RUSTDOC"} RUSTC_BOOTSTRAP=1 \
        RUSTFLAGS="$rustflags" \
        "CARGO_TARGET_${triple_var}_LINKER=$LINKER" \
        CARGO_PROFILE_RELEASE_STRIP=symbols \
        CARGO_TERM_COLOR=never \
        "$CARGO" build --release -p rensa --bin pbrain-rensa \
        --target "$TARGET_ARG" --target-dir "$target_dir" \
        -Z build-std=std,panic_abort
}

# DLLs a stock Windows (7 or later) always has. Anything else (libgcc_s_seh-1.dll,
# libwinpthread-1.dll, libstdc++-6.dll, ...) would be missing on the Gomocup machines.
SYSTEM_DLLS='^(kernel32|kernelbase|ntdll|msvcrt|ucrtbase|api-ms-win-.*|advapi32|bcrypt|bcryptprimitives|userenv|ws2_32|user32|shell32|ole32|oleaut32|secur32|crypt32|psapi|dbghelp|iphlpapi|synchronization|winmm)\.dll$'

# check EXE: a PE32+ x86-64 console program importing only system DLLs; prints the DLLs.
check() {
    local exe="$1" headers dlls bad
    headers="$("$OBJDUMP" -p "$exe")"
    grep -q 'file format pei-x86-64' <<<"$headers" || die "$exe is not a PE32+ x86-64 file"
    grep -Eq '^Subsystem[[:space:]]+0*3[[:space:]]' <<<"$headers" || die "$exe is not a console program"
    dlls="$(sed -n 's/^[[:space:]]*DLL Name: //p' <<<"$headers" | sort -fu)"
    bad="$(grep -Eiv "$SYSTEM_DLLS" <<<"$dlls" || true)"
    [[ -z "$bad" ]] || die "$exe imports non-system DLLs: ${bad//$'\n'/ }"
    printf '%s: %s bytes; imports %s\n' "${exe#"$ROOT"/}" "$(stat -c %s "$exe")" "${dlls//$'\n'/ }"
}

mkdir -p dist

build target/windows ""
built="target/windows/$TARGET/release/pbrain-rensa.exe"
install -m 755 "$built" dist/pbrain-rensa.exe
install -m 755 "$built" dist/pbrain-rensa64.exe
check dist/pbrain-rensa.exe
echo "dist/pbrain-rensa64.exe: same file, Gomocup name (64-bit builds must have 64 in the name)"

if ((AVX2)); then
    # x86-64-v2 = SSE3/SSSE3/SSE4.1/SSE4.2/POPCNT/CMPXCHG16B; plus AVX and AVX2: exactly
    # the set Gomocup announces, and nothing it does not (x86-64-v3 would add BMI1/2, FMA,
    # LZCNT, MOVBE, F16C). The speed gain is to be measured with `pbrain-rensa bench`.
    build target/windows-avx2 "-C target-cpu=x86-64-v2 -C target-feature=+avx,+avx2"
    install -m 755 "target/windows-avx2/$TARGET/release/pbrain-rensa.exe" dist/pbrain-rensa64-avx2.exe
    check dist/pbrain-rensa64-avx2.exe
fi

# --- zip -------------------------------------------------------------------------------
# make_zip ZIP EXE: ZIP holds EXE as pbrain-rensa64.exe at its root, plus the licence.
ZIP_LIMIT=$((8 * 1000 * 1000))
make_zip() {
    local zipfile="$1" exe="$2" stage
    stage="$(mktemp -d)"
    cp "$exe" "$stage/pbrain-rensa64.exe"
    sed 's/$/\r/' LICENSE >"$stage/LICENSE.txt"
    touch -d "@$(git log -1 --format=%ct 2>/dev/null || date +%s)" "$stage"/*
    rm -f "$zipfile"
    (cd "$stage" && zip -q -X -9 "$ROOT/$zipfile" pbrain-rensa64.exe LICENSE.txt)
    rm -rf "$stage"
    local size
    size="$(stat -c %s "$zipfile")"
    ((size < ZIP_LIMIT)) || die "$zipfile is $size bytes, over Gomocup's 8 MB limit"
    echo "$zipfile: $size bytes (limit 8 MB): pbrain-rensa64.exe (= ${exe#dist/}), LICENSE.txt"
}
if ((ZIP)); then
    make_zip dist/pbrain-rensa.zip dist/pbrain-rensa64.exe
    ((AVX2)) && make_zip dist/pbrain-rensa-avx2.zip dist/pbrain-rensa64-avx2.exe
fi

note "done in $((SECONDS - START_TIME)) s"
