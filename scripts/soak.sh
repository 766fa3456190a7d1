#!/usr/bin/env bash
# Soak test: fast self-play of pbrain-rensa through rensa-match across every rule and both
# Gomocup board sizes, counting faults (time, illegal, foul, crash, not a move, start, memory).
#
#   scripts/soak.sh [GAMES_PER_FORMAT] [TURN_MS]      (defaults: 100 games, 100 ms per move)
#
# 10 formats (rules 0 1 4 8 9 × sizes 15 20), 2 games at once, generated openings; the summary
# lines and the JSON results go to target/soak/. Exits non-zero if any game ended by a fault.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
games=${1:-100}
turn=${2:-100}
out=target/soak
mkdir -p "$out"
cargo build --release -q -p rensa --bin pbrain-rensa -p rensa-tournament --bin rensa-match
engine=target/release/pbrain-rensa
faults=0
total=0
for size in 15 20; do
    for rule in 0 1 4 8 9; do
        name="rule$rule-$size"
        ./target/release/rensa-match \
            -engine name=a cmd="$engine" -engine name=b cmd="$engine" \
            -rule "$rule" -size "$size" -games "$games" -concurrency 2 \
            -tc turn="$turn" match=$((turn * 120)) tolerance=1000 \
            -openings random=3 radius=3 seed="$rule$size" -progress 60 \
            -json "$out/$name.json" >"$out/$name.txt" 2>&1
        line=$(grep '^SUMMARY' "$out/$name.txt")
        echo "$name $line"
        n=$(sed -E 's/.*games=([0-9]+).*/\1/' <<<"$line")
        total=$((total + n))
        for kind in time illegal foul crash not_a_move start memory; do
            k=$(sed -E "s/.* $kind=([0-9]+).*/\1/" <<<"$line")
            faults=$((faults + k))
        done
    done
done
echo "SOAK games=$total faults=$faults"
[ "$faults" -eq 0 ]
