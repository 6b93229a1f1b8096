#!/usr/bin/env bash
# bench/outcomes.sh: the outcomes of random games of every pack in content/, for proving that
# a change to the engine plays the same games. See --help.
set -euo pipefail

usage() {
  cat <<'EOF'
usage: bench/outcomes.sh [options] OUT_DIR

For every pack in content/ (a layer is run by its own name; it loads the packs it patches
or extends), writes OUT_DIR/PACK.json: the output of
  tabula run PACK --players 2 --games N --seed S --json
without its timings (seconds, games_per_second, choices_per_second), so that two builds
that play the same games write byte-identical files:  diff -r BEFORE AFTER

options:
  --games N        games per pack (default 200)
  --seed S         seed of game 1 (default 1)
  --build-dir DIR  the CMake build folder holding tools/tabula (default build)
  -h, --help       this help
EOF
}

cd "$(dirname "${BASH_SOURCE[0]}")/.."
BUILD=build
SEED=1
GAMES=200
OUT=""
die() { printf 'outcomes.sh: %s\n' "$*" >&2; exit 2; }
while [[ $# -gt 0 ]]; do
  case $1 in
    --games) [[ $# -ge 2 && $2 =~ ^[1-9][0-9]*$ ]] || die "--games: a positive integer"; GAMES=$2; shift 2 ;;
    --seed) [[ $# -ge 2 && $2 =~ ^[0-9]+$ ]] || die "--seed: a non-negative integer"; SEED=$2; shift 2 ;;
    --build-dir) [[ $# -ge 2 ]] || die "--build-dir needs a value"; BUILD=$2; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    -*) die "unknown option $1 (see --help)" ;;
    *) [[ -z $OUT ]] || die "one OUT_DIR only"; OUT=$1; shift ;;
  esac
done
[[ -n $OUT ]] || die "OUT_DIR missing (see --help)"
TABULA=$BUILD/tools/tabula
[[ -x $TABULA ]] || die "$TABULA not found: build it first"
mkdir -p "$OUT"
for dir in content/*/; do
  pack=$(basename "$dir")
  "$TABULA" run "$pack" --players 2 --games "$GAMES" --seed "$SEED" --json |
    python3 -c 'import json,sys
d = json.load(sys.stdin)
for k in ("seconds", "games_per_second", "choices_per_second"): d.pop(k, None)
json.dump(d, sys.stdout, indent=1, sort_keys=True); print()' >"$OUT/$pack.json"
  printf '%s: %s choices\n' "$pack" "$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["choices"])' "$OUT/$pack.json")" >&2
done
