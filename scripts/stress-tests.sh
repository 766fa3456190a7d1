#!/usr/bin/env bash
# Runs the README's test command (`cargo test --release`) again and again while every core is
# saturated, and stops at the first failure: the check that no test depends on timing or on how
# threads are scheduled.
#
#   scripts/stress-tests.sh [RUNS] [LOAD]     defaults: 20 runs, 2 load workers per core
#
# The load comes from `stress-ng --cpu LOAD` (installed with apt-get when missing and possible),
# else from LOAD busy shell loops. Each run's wall time and result go to stdout; the logs of a
# failing run are kept in target/stress-tests/.
set -euo pipefail
cd "$(dirname "$0")/.."

runs=${1:-20}
load=${2:-$(($(nproc) * 2))}
logs=target/stress-tests
mkdir -p "$logs"

if ! command -v stress-ng >/dev/null 2>&1; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        (apt-get update -qq && apt-get install -y -qq stress-ng) >/dev/null 2>&1 || true
    fi
fi

# Build first, unloaded: the runs then measure the tests, not the compiler.
cargo test --release --no-run >"$logs/build.log" 2>&1 || {
    echo "build failed: see $logs/build.log"
    exit 1
}

pids=()
stop_load() {
    for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
    wait 2>/dev/null || true
}
trap stop_load EXIT
if command -v stress-ng >/dev/null 2>&1; then
    stress-ng --cpu "$load" --timeout 0 --quiet &
    pids+=($!)
    echo "load: stress-ng --cpu $load on $(nproc) cores"
else
    for _ in $(seq "$load"); do
        (while :; do :; done) &
        pids+=($!)
    done
    echo "load: $load busy loops on $(nproc) cores (stress-ng not available)"
fi

for i in $(seq "$runs"); do
    start=$(date +%s)
    if cargo test --release >"$logs/run.log" 2>&1; then
        echo "run $i/$runs: ok in $(($(date +%s) - start)) s"
    else
        cp "$logs/run.log" "$logs/failed-run-$i.log"
        echo "run $i/$runs: FAILED after $(($(date +%s) - start)) s; log in $logs/failed-run-$i.log"
        grep -E "panicked|FAILED|failures:" "$logs/failed-run-$i.log" | head -20 || true
        exit 1
    fi
done
echo "$runs consecutive green runs under load"
