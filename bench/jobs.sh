#!/usr/bin/env bash
# Throughput of `tabula run --jobs 2` against `--jobs 1` on the same games
# (docs/performance.md, "Many processes"): both runs must print the same
# bytes (--no-timing), and the ratio of their wall-clock times is the
# speed-up. Usage: bench/jobs.sh [TABULA] [GAMES] (defaults: build/tools/tabula, 100).
set -euo pipefail
tabula=${1:-build/tools/tabula}
games=${2:-100}
study=(run dungeon-lords --games "$games" --seed 1 --seats mcts:iterations=20,greedy --no-timing --json)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
declare -A secs
for jobs in 1 2; do
    start=$(date +%s.%N)
    "$tabula" "${study[@]}" --jobs "$jobs" >"$out/jobs$jobs.json" 2>/dev/null
    end=$(date +%s.%N)
    secs[$jobs]=$(echo "$end - $start" | bc)
    echo "--jobs $jobs: ${secs[$jobs]} s for $games games"
done
cmp -s "$out/jobs1.json" "$out/jobs2.json" || { echo "the two runs differ: a bug"; exit 1; }
echo "same figures; speed-up $(echo "scale=2; ${secs[1]} / ${secs[2]}" | bc)x"
