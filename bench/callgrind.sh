#!/usr/bin/env bash
# bench/callgrind.sh: instructions per choice of random 2-seat games, counted with callgrind.
# Instruction counts do not depend on the machine's load, so two builds compare on a shared
# machine where wall-clock timings do not. See --help.
set -euo pipefail

usage() {
  cat <<'EOF'
usage: bench/callgrind.sh [options] [GAME ...]

Counts the instructions one choice costs in random 2-seat games under
`valgrind --tool=callgrind`. For each game it runs
  tabula run PACK [--with LAYER] --players 2 --seed S --json --games N   and  --games 2N
and divides the difference of the two instruction totals by the difference of their
choices (`tabula run --json` reports them), so that starting the program and loading the
pack, which both runs pay once, drop out. Game i uses seed S+i-1 in both runs.

GAME is a pack name, or PACK+LAYER for a pack with one layer. Default games:
  dungeon-lords thunderstone-dragonspire prophecy prophecy+prophecy-water-realm dorn

options:
  --games N        N of the smaller run (default: per game, about 600 choices)
  --seed S         seed of game 1 (default 1)
  --build-dir DIR  the CMake build folder holding tools/tabula (default build)
  --keep DIR       keep the callgrind.out files in DIR (for callgrind_annotate)
  -h, --help       this help

Prints one table row per game: choices of both runs, instructions of both runs, and
instructions per choice. Needs valgrind and python3.
EOF
}

cd "$(dirname "${BASH_SOURCE[0]}")/.."
BUILD=build
SEED=1
N_FIXED=""
KEEP=""
GAMES=()

die() { printf 'callgrind.sh: %s\n' "$*" >&2; exit 2; }
while [[ $# -gt 0 ]]; do
  case $1 in
    --games) [[ $# -ge 2 && $2 =~ ^[1-9][0-9]*$ ]] || die "--games: a positive integer"; N_FIXED=$2; shift 2 ;;
    --seed) [[ $# -ge 2 && $2 =~ ^[0-9]+$ ]] || die "--seed: a non-negative integer"; SEED=$2; shift 2 ;;
    --build-dir) [[ $# -ge 2 ]] || die "--build-dir needs a value"; BUILD=$2; shift 2 ;;
    --keep) [[ $# -ge 2 ]] || die "--keep needs a value"; KEEP=$2; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    -*) die "unknown option $1 (see --help)" ;;
    *) GAMES+=("$1"); shift ;;
  esac
done
[[ ${#GAMES[@]} -gt 0 ]] || GAMES=(dungeon-lords thunderstone-dragonspire prophecy prophecy+prophecy-water-realm dorn)
TABULA=$BUILD/tools/tabula
[[ -x $TABULA ]] || die "$TABULA not found: build it first (cmake --build $BUILD --target tabula)"
command -v valgrind >/dev/null || die "valgrind not found"
[[ -z $KEEP ]] || mkdir -p "$KEEP"
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# About 600 choices in the smaller run: enough to average over the game's phases.
default_games() {
  case $1 in
    dungeon-lords*) echo 4 ;;
    thunderstone*) echo 3 ;;
    prophecy*) echo 4 ;;
    dorn*) echo 16 ;;
    *) echo 4 ;;
  esac
}

# total instructions of a callgrind.out file
instructions() { awk '/^(summary|totals):/ { print $2; exit }' "$1"; }

printf '| game | games | choices | instructions | instructions per choice |\n'
printf '|---|--:|--:|--:|--:|\n'
for game in "${GAMES[@]}"; do
  pack=${game%%+*}
  args=("$pack")
  [[ $game == *+* ]] && args+=(--with "${game#*+}")
  n=${N_FIXED:-$(default_games "$game")}
  declare -a ch=() ir=()
  for k in 1 2; do
    out=$TMP/cg.$k
    valgrind --tool=callgrind --callgrind-out-file="$out" \
      "$TABULA" run "${args[@]}" --players 2 --seed "$SEED" --games $((n * k)) --json \
      >"$TMP/json.$k" 2>"$TMP/err.$k" || { cat "$TMP/err.$k" >&2; die "$game: the run failed"; }
    ch[k]=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["choices"])' "$TMP/json.$k")
    ir[k]=$(instructions "$out")
    [[ -z $KEEP ]] || cp "$out" "$KEEP/callgrind.out.${game//+/_}.$k"
  done
  [[ ${ch[2]} -gt ${ch[1]} ]] || die "$game: the longer run made no more choices"
  per=$(( (ir[2] - ir[1]) / (ch[2] - ch[1]) ))
  printf '| %s | %d / %d | %d / %d | %d / %d | **%d** |\n' \
    "$game" "$n" $((2 * n)) "${ch[1]}" "${ch[2]}" "${ir[1]}" "${ir[2]}" "$per"
done
