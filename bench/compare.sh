#!/usr/bin/env bash
# bench/compare.sh: random games of Connect Four side by side in three implementations
# (Tabula with its Lua pack, boardgame.io 0.50.2 on node, plain native C++), interleaved
# and pinned to one core; then the Dungeon Lords figures (tabula_bench and `tabula run`).
# Prints the tables and writes them into docs/performance.md. See --help.
set -euo pipefail

usage() {
  cat <<'EOF'
usage: bench/compare.sh [options]

Plays random games of Connect Four with the same rules and the same plain algorithm in
  (a) Tabula:        build/tools/tabula run connect-four --games N --seed S --json
  (b) boardgame.io:  node bench/connect-four/bgio/run.js (boardgame.io 0.50.2 from npm,
                     installed into bench/connect-four/bgio/node_modules on first use)
  (c) native C++:    build/bench/c4_native (bench/connect-four/native.cpp)
in R rounds interleaved a,b,c,a,b,c,... each run pinned with `taskset -c CPU` and sized
to take about --seconds; reports the median games/s of each, moves/s, moves/game and the
ratios. Then runs build/bench/tabula_bench and `tabula run dungeon-lords --games 2000`,
and writes everything into the generated section of docs/performance.md.

options:
  --rounds R          rounds of a,b,c (default 5)
  --seconds T         target length of one run in seconds, used to size the runs from a
                      short pilot run of each implementation (default 3)
  --tabula-games N    games per Tabula run (default: sized from the pilot run)
  --bgio-games N      games per boardgame.io run (default: sized from the pilot run)
  --native-games N    games per native run (default: sized from the pilot run)
  --seed S            seed of game 1; game i uses seed S+i-1 (default 1)
  --cpu C             the core to pin every run to (default 1)
  --bgio-variant V    reuse (one Client, reset() between games; default) or fresh (a new
                      Client per game); see bench/connect-four/bgio/run.js
  --build-dir DIR     the CMake build folder (default build)
  --no-build          use the binaries as they are; do not run cmake --build
  --no-bgio           skip boardgame.io (no node, no npm)
  --no-dungeon-lords  skip the Dungeon Lords figures
  --no-write          print only; do not rewrite docs/performance.md
  -h, --help          this help

Progress goes to stderr, the tables to stdout. Needs bash, awk, cmake (unless --no-build);
node and npm for (b) (skipped with a message when missing); taskset for pinning (runs
unpinned with a warning when missing).
EOF
}

cd "$(dirname "${BASH_SOURCE[0]}")/.."
ROOT=$(pwd)

ROUNDS=5
SECONDS_TARGET=3
SEED=1
CPU=1
BGIO_VARIANT=reuse
BUILD=build
DO_BUILD=1
DO_BGIO=1
DO_DL=1
DO_WRITE=1
declare -A GAMES=([tabula]="" [bgio]="" [native]="")

die() { printf 'compare.sh: %s\n' "$*" >&2; exit 2; }
log() { printf '%s\n' "$*" >&2; }
warn() { printf 'compare.sh: warning: %s\n' "$*" >&2; }
need_value() { [[ $# -ge 2 ]] || die "$1 needs a value (see --help)"; }
is_count() { [[ $1 =~ ^[1-9][0-9]*$ ]]; }

while [[ $# -gt 0 ]]; do
  case $1 in
    --rounds) need_value "$@"; is_count "$2" || die "--rounds: a positive integer"; ROUNDS=$2; shift 2 ;;
    --seconds) need_value "$@"; [[ $2 =~ ^[0-9]*\.?[0-9]+$ ]] || die "--seconds: a positive number"; SECONDS_TARGET=$2; shift 2 ;;
    --tabula-games) need_value "$@"; is_count "$2" || die "$1: a positive integer"; GAMES[tabula]=$2; shift 2 ;;
    --bgio-games) need_value "$@"; is_count "$2" || die "$1: a positive integer"; GAMES[bgio]=$2; shift 2 ;;
    --native-games) need_value "$@"; is_count "$2" || die "$1: a positive integer"; GAMES[native]=$2; shift 2 ;;
    --seed) need_value "$@"; [[ $2 =~ ^[0-9]+$ ]] || die "--seed: a non-negative integer"; SEED=$2; shift 2 ;;
    --cpu) need_value "$@"; [[ $2 =~ ^[0-9]+$ ]] || die "--cpu: a core number"; CPU=$2; shift 2 ;;
    --bgio-variant) need_value "$@"; [[ $2 == reuse || $2 == fresh ]] || die "--bgio-variant: reuse or fresh"; BGIO_VARIANT=$2; shift 2 ;;
    --build-dir) need_value "$@"; BUILD=$2; shift 2 ;;
    --no-build) DO_BUILD=0; shift ;;
    --no-bgio) DO_BGIO=0; shift ;;
    --no-dungeon-lords) DO_DL=0; shift ;;
    --no-write) DO_WRITE=0; shift ;;
    -h|--help) usage; exit 0 ;;
    *) usage >&2; die "unknown option: $1" ;;
  esac
done

TMP=$(mktemp -d "${TMPDIR:-/tmp}/compare.XXXXXX")
trap 'rm -rf "$TMP"' EXIT

IMPLS=(tabula bgio native)
declare -A LABEL=([tabula]="Tabula (Lua pack)" [bgio]="boardgame.io 0.50.2" [native]="native C++")
declare -A PILOT=([tabula]=1000 [bgio]=400 [native]=400000)   # about 0.5 s each here
declare -A OK=([tabula]=1 [bgio]=$DO_BGIO [native]=1)
declare -A WHY=([tabula]="" [bgio]="" [native]="")
if [[ $DO_BGIO == 0 ]]; then WHY[bgio]="skipped with --no-bgio"; fi
STALE=()   # binaries kept from an earlier build because building them failed
TABULA_BIN=$BUILD/tools/tabula
NATIVE_BIN=$BUILD/bench/c4_native
BENCH_BIN=$BUILD/bench/tabula_bench
BGIO_DIR=bench/connect-four/bgio

# ---------------------------------------------------------------------------- build
# show_errors LOG: the first error lines of a build log (or its tail), on stderr.
show_errors() {
  if grep -q -E "error|FAILED" "$1"; then grep -m 6 -E "error|FAILED" "$1" >&2; else tail -n 15 "$1" >&2; fi
}

build_target() {  # build_target TARGET BINARY: build, or keep an older binary with a warning
  local target=$1 binary=$2
  log "building $target ..."
  if cmake --build "$BUILD" --target "$target" >"$TMP/build-$target.log" 2>&1; then return 0; fi
  show_errors "$TMP/build-$target.log"
  if [[ -x $binary ]]; then
    warn "building $target failed (output above); measuring the older $binary"
    STALE+=("$binary")
    return 0
  fi
  warn "building $target failed (output above) and there is no older $binary"
  return 1
}

if [[ $DO_BUILD == 1 ]]; then
  command -v cmake >/dev/null || die "cmake not found (or use --no-build)"
  if [[ ! -f $BUILD/CMakeCache.txt ]]; then
    log "configuring $BUILD (Release) ..."
    generator=()
    command -v ninja >/dev/null && generator=(-G Ninja)
    cmake -S . -B "$BUILD" ${generator[@]+"${generator[@]}"} -DCMAKE_BUILD_TYPE=Release >"$TMP/configure.log" 2>&1 ||
      { cat "$TMP/configure.log" >&2; die "cmake configure failed"; }
  fi
  build_target tabula "$TABULA_BIN" || { OK[tabula]=0; WHY[tabula]="build failed"; }
  build_target c4_native "$NATIVE_BIN" || { OK[native]=0; WHY[native]="build failed"; }
  if [[ $DO_DL == 1 ]]; then
    build_target tabula_bench "$BENCH_BIN" || warn "no tabula_bench (is libbenchmark-dev installed?)"
  fi
fi
[[ ${OK[tabula]} == 1 && ! -x $TABULA_BIN ]] && { OK[tabula]=0; WHY[tabula]="no $TABULA_BIN"; }
[[ ${OK[native]} == 1 && ! -x $NATIVE_BIN ]] && { OK[native]=0; WHY[native]="no $NATIVE_BIN"; }

# ---------------------------------------------------------------------------- boardgame.io
if [[ ${OK[bgio]} == 1 ]]; then
  if ! command -v node >/dev/null; then
    warn "node not found: continuing without boardgame.io"
    OK[bgio]=0; WHY[bgio]="node not found"
  elif [[ ! -d $BGIO_DIR/node_modules/boardgame.io ]]; then
    if ! command -v npm >/dev/null; then
      warn "npm not found, cannot install boardgame.io: continuing without it"
      OK[bgio]=0; WHY[bgio]="npm not found"
    else
      install=install
      [[ -f $BGIO_DIR/package-lock.json ]] && install=ci
      log "installing boardgame.io 0.50.2 into $BGIO_DIR/node_modules (npm $install) ..."
      if ! (cd "$BGIO_DIR" && npm "$install" --no-audit --no-fund) >"$TMP/npm.log" 2>&1; then
        tail -n 15 "$TMP/npm.log" >&2
        warn "npm $install failed (output above): continuing without boardgame.io"
        OK[bgio]=0; WHY[bgio]="npm install failed"
      fi
    fi
  fi
fi
BGIO_VERSION=""
if [[ ${OK[bgio]} == 1 ]]; then
  BGIO_VERSION=$( (cd "$BGIO_DIR" && node -p "require('boardgame.io/package.json').version") 2>/dev/null || true)
  [[ $BGIO_VERSION == 0.50.2 ]] ||
    warn "$BGIO_DIR/node_modules holds boardgame.io '${BGIO_VERSION:-?}', not 0.50.2 (delete node_modules to reinstall)"
  LABEL[bgio]="boardgame.io ${BGIO_VERSION:-?}"
fi

# ---------------------------------------------------------------------------- pinning
PIN=()
if ! command -v taskset >/dev/null; then
  warn "taskset not found: the runs are NOT pinned to one core"
  PINNED="no (taskset not found)"
elif ! taskset -c "$CPU" true 2>/dev/null; then
  warn "taskset -c $CPU fails (no core $CPU?): the runs are NOT pinned"
  PINNED="no (taskset -c $CPU failed)"
else
  PIN=(taskset -c "$CPU")
  PINNED="taskset -c $CPU"
fi
pinned() { ${PIN[@]+"${PIN[@]}"} "$@"; }

# ---------------------------------------------------------------------------- runs
# json_num KEY FILE: the first number stored under "KEY" in the JSON of FILE.
json_num() {
  grep -o "\"$1\": *-\?[0-9][0-9.eE+-]*" "$2" | head -n 1 | sed 's/^[^:]*: *//'
}

# run_impl IMPL GAMES: one run; sets R_GAMES R_MOVES R_SECONDS R_GPS; fails if the run does.
run_impl() {
  local impl=$1 games=$2 cmd
  case $impl in
    tabula) cmd=("$TABULA_BIN" run connect-four --games "$games" --seed "$SEED" --json) ;;
    bgio) cmd=(node "$BGIO_DIR/run.js" --games "$games" --seed "$SEED" --variant "$BGIO_VARIANT" --json) ;;
    native) cmd=("$NATIVE_BIN" --games "$games" --seed "$SEED" --json) ;;
  esac
  if ! pinned "${cmd[@]}" >"$TMP/out" 2>"$TMP/err"; then
    tail -n 15 "$TMP/err" >&2
    return 1
  fi
  R_GAMES=$(json_num games "$TMP/out")
  if [[ $impl == tabula ]]; then R_MOVES=$(json_num choices "$TMP/out"); else R_MOVES=$(json_num moves "$TMP/out"); fi
  R_SECONDS=$(json_num seconds "$TMP/out")
  R_GPS=$(json_num games_per_second "$TMP/out")
  if [[ -z $R_GAMES || -z $R_MOVES || -z $R_SECONDS || -z $R_GPS || $R_GAMES != "$games" ]]; then
    log "unexpected output of ${cmd[*]}:"
    head -c 2000 "$TMP/out" >&2
    return 1
  fi
  if [[ $impl == tabula ]]; then
    local errors finished
    errors=$(json_num script_errors "$TMP/out")
    finished=$(json_num finished "$TMP/out")
    if [[ ${errors:-0} != 0 || ${finished:-$games} != "$games" ]]; then
      log "tabula run connect-four: $errors script errors, $finished of $games games finished"
      return 1
    fi
  fi
}

fail_impl() {  # fail_impl IMPL WHY
  warn "${LABEL[$1]}: $2; continuing without it"
  OK[$1]=0
  WHY[$1]=$2
}

# Size the runs: a short pilot run of each, then GAMES = SECONDS_TARGET * games/s (2 digits).
for impl in "${IMPLS[@]}"; do
  [[ ${OK[$impl]} == 1 && -z ${GAMES[$impl]} ]] || continue
  log "pilot run: ${LABEL[$impl]}, ${PILOT[$impl]} games ..."
  if ! run_impl "$impl" "${PILOT[$impl]}"; then fail_impl "$impl" "the pilot run failed"; continue; fi
  GAMES[$impl]=$(awk -v g="$R_GPS" -v t="$SECONDS_TARGET" 'BEGIN {
    n = g * t; if (n < 10) n = 10
    p = 1; while (n >= 100) { n /= 10; p *= 10 }
    printf "%d", int(n + 0.5) * p }')
  log "  $(awk -v g="$R_GPS" 'BEGIN { printf "%.0f", g }') games/s: ${GAMES[$impl]} games per run"
done

declare -A RUNS=([tabula]="" [bgio]="" [native]="")   # games/s of every round
declare -A MOVES=() SECS=()
for ((round = 1; round <= ROUNDS; round++)); do
  for impl in "${IMPLS[@]}"; do
    [[ ${OK[$impl]} == 1 ]] || continue
    if ! run_impl "$impl" "${GAMES[$impl]}"; then fail_impl "$impl" "a run failed in round $round"; continue; fi
    RUNS[$impl]+="$R_GPS "
    MOVES[$impl]=$R_MOVES
    SECS[$impl]+="$R_SECONDS "
    log "$(awk -v r="$round" -v R="$ROUNDS" -v l="${LABEL[$impl]}" -v g="$R_GAMES" -v s="$R_SECONDS" -v gps="$R_GPS" \
      -v m="$R_MOVES" 'BEGIN { printf "round %d/%d  %-22s %9d games in %6.2f s: %12.1f games/s, %5.2f moves/game",
      r, R, l, g, s, gps, m / g }')"
  done
done

median() { printf '%s\n' "$@" | sort -g | awk '{ a[NR] = $1 } END { if (NR % 2) print a[(NR + 1) / 2]; else print (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }

# The summary, one line per implementation: impl games gps_median gps_min gps_max mps moves_per_game.
: >"$TMP/summary"
for impl in "${IMPLS[@]}"; do
  [[ ${OK[$impl]} == 1 && -n ${RUNS[$impl]} ]] || continue
  # shellcheck disable=SC2086  # word splitting of the space-separated list is meant
  med=$(median ${RUNS[$impl]})
  # shellcheck disable=SC2086
  range=$(printf '%s\n' ${RUNS[$impl]} | sort -g | awk 'NR == 1 { lo = $1 } { hi = $1 } END { print lo, hi }')
  printf '%s %s %s %s %s\n' "$impl" "${GAMES[$impl]}" "$med" "$range" "${MOVES[$impl]}" >>"$TMP/summary"
done

# fmt_num: 1234567.8 -> 1,234,568 ; 21.3 -> 21.3 (awk, for both tables)
AWK_FMT='
function commas(x,   s, neg, out) {
  s = sprintf("%.0f", x); neg = ""; out = ""
  if (substr(s, 1, 1) == "-") { neg = "-"; s = substr(s, 2) }
  while (length(s) > 3) { out = "," substr(s, length(s) - 2) out; s = substr(s, 1, length(s) - 3) }
  return neg s out
}
function fmt(x) { if (x >= 100 || x <= -100) return commas(x); if (x >= 10) return sprintf("%.1f", x); return sprintf("%.2f", x) }
function ratio(x) { if (x >= 100) return commas(x) "x"; if (x >= 10) return sprintf("%.0fx", x); return sprintf("%.1fx", x) }
'

# The Connect Four table, in markdown; printed and written alike.
connect_four_table() {
  awk -v lt="${LABEL[tabula]}" -v lb="${LABEL[bgio]}" -v ln="${LABEL[native]}" "$AWK_FMT"'
    BEGIN { label["tabula"] = lt; label["bgio"] = lb; label["native"] = ln }
    { impl = $1; n[impl] = $2; gps[impl] = $3; lo[impl] = $4; hi[impl] = $5; moves[impl] = $6; order[++k] = impl }
    END {
      print "| implementation | games per run | games/s (median) | min - max games/s | moves/s | moves/game |"
      print "|---|--:|--:|--:|--:|--:|"
      for (i = 1; i <= k; i++) {
        m = order[i]; mpg = moves[m] / n[m]
        printf "| %s | %s | %s | %s - %s | %s | %.3f |\n", label[m], commas(n[m]), fmt(gps[m]), fmt(lo[m]), fmt(hi[m]), fmt(gps[m] * mpg), mpg
      }
      print ""
      if (("tabula" in gps) && ("bgio" in gps))
        printf "- Tabula / boardgame.io: **%s** the games per second, %s the moves per second\n", ratio(gps["tabula"] / gps["bgio"]),
          ratio((gps["tabula"] * moves["tabula"] / n["tabula"]) / (gps["bgio"] * moves["bgio"] / n["bgio"]))
      if (("native" in gps) && ("tabula" in gps))
        printf "- native C++ / Tabula: **%s** the games per second, %s the moves per second\n", ratio(gps["native"] / gps["tabula"]),
          ratio((gps["native"] * moves["native"] / n["native"]) / (gps["tabula"] * moves["tabula"] / n["tabula"]))
    }' "$TMP/summary"
}

MOVES_WARNING=$(awk '{ m = $6 / $2; if (NR == 1 || m < lo) lo = m; if (NR == 1 || m > hi) hi = m; if (NR == 1 || $2 < few) few = $2 }
  END { if (NR > 1 && hi > lo * 1.03) printf "moves per game differ by %.1f%% (%.3f to %.3f): the implementations may not play the same rules", (hi / lo - 1) * 100, lo, hi
        # random games last 21.3 +- 7.4 moves: the standard error of a difference of two means
        if (NR > 1 && hi > lo * 1.03 && few < 5000)
          printf " (or the runs are too short: with %d games a run, chance alone gives differences of about %.1f%%)", few, 100 * 0.346 * sqrt(2 / few) }' "$TMP/summary")
if [[ -n $MOVES_WARNING ]]; then warn "$MOVES_WARNING"; fi

# ---------------------------------------------------------------------------- Dungeon Lords
DL_BENCH=""
DL_RUN=""
if [[ $DO_DL == 1 ]]; then
  if [[ -x $BENCH_BIN ]]; then
    log "running $BENCH_BIN --benchmark_format=json ..."
    if pinned "$BENCH_BIN" --benchmark_format=json >"$TMP/bench.json" 2>"$TMP/bench.err"; then
      # One line per benchmark: name<TAB>real_time<TAB>cpu_time<TAB>time_unit<TAB>items_per_second
      DL_BENCH=$(awk '
        function val(line) { sub(/^[^:]*: */, "", line); sub(/,[ \t]*$/, "", line); gsub(/"/, "", line); return line }
        /"benchmarks": *\[/ { inb = 1; next }
        !inb { next }
        /^    \{/ { name = ""; rt = ""; ct = ""; unit = ""; ips = ""; next }
        /^      "name":/ { name = val($0) }
        /^      "real_time":/ { rt = val($0) }
        /^      "cpu_time":/ { ct = val($0) }
        /^      "time_unit":/ { unit = val($0) }
        /^      "items_per_second":/ { ips = val($0) }
        /^    \}/ { if (name != "") printf "%s\t%s\t%s\t%s\t%s\n", name, rt, ct, unit, ips }
      ' "$TMP/bench.json")
      [[ -n $DL_BENCH ]] || warn "no benchmarks found in the output of $BENCH_BIN"
    else
      tail -n 15 "$TMP/bench.err" >&2
      warn "$BENCH_BIN failed (output above)"
    fi
  else
    warn "no $BENCH_BIN: skipping the kernel benchmarks"
  fi
  if [[ -x $TABULA_BIN ]]; then
    log "running $TABULA_BIN run dungeon-lords --games 2000 --seed 1 --json ..."
    if pinned "$TABULA_BIN" run dungeon-lords --games 2000 --seed 1 --json >"$TMP/dl.json" 2>"$TMP/dl.err"; then
      DL_RUN="$(json_num games "$TMP/dl.json") $(json_num choices "$TMP/dl.json") $(json_num seconds "$TMP/dl.json") $(json_num games_per_second "$TMP/dl.json") $(json_num script_errors "$TMP/dl.json")"
    else
      tail -n 15 "$TMP/dl.err" >&2
      warn "tabula run dungeon-lords failed (output above)"
    fi
  fi
fi

dungeon_lords_tables() {
  if [[ -n $DL_BENCH ]]; then
    printf '%s\n' "$DL_BENCH" | awk -F '\t' "$AWK_FMT"'
      function t(x) { if (x >= 100) return commas(x); if (x >= 10) return sprintf("%.1f", x); return sprintf("%.2f", x) }
      BEGIN { print "| benchmark (`tabula_bench`) | time/iteration | CPU/iteration | items/s |"; print "|---|--:|--:|--:|" }
      { gsub(/\|/, "\\|", $1); printf "| `%s` | %s %s | %s %s | %s |\n", $1, t($2), $4, t($3), $4, ($5 == "" ? "" : fmt($5)) }'
    echo
  fi
  if [[ -n $DL_RUN ]]; then
    # shellcheck disable=SC2086
    set -- $DL_RUN
    awk -v g="$1" -v c="$2" -v s="$3" -v gps="$4" -v e="$5" "$AWK_FMT"'BEGIN {
      print "| `tabula run dungeon-lords --games 2000 --seed 1` | games/s | choices/s | choices/game | script errors |"
      print "|---|--:|--:|--:|--:|"
      printf "| %s games in %.2f s | %s | %s | %.2f | %s |\n", commas(g), s, fmt(gps), fmt(c / s), c / g, e }'
  fi
}

# ---------------------------------------------------------------------------- report
cpu_model=$(lscpu 2>/dev/null | sed -n 's/^Model name: *//p' | head -n 1)
[[ -n $cpu_model ]] || cpu_model=$(sed -n 's/^model name[[:space:]]*: *//p' /proc/cpuinfo 2>/dev/null | head -n 1)
hypervisor=$(lscpu 2>/dev/null | sed -n 's/^Hypervisor vendor: *//p' | head -n 1)
cpus=$(nproc 2>/dev/null || echo "?")
os=$(sed -n 's/^PRETTY_NAME="\{0,1\}\([^"]*\)"\{0,1\}$/\1/p' /etc/os-release 2>/dev/null || true)
gxx=$(g++ --version 2>/dev/null | head -n 1 || true)
node_version=$(node --version 2>/dev/null || true)
build_type=$(sed -n 's/^CMAKE_BUILD_TYPE:STRING=//p' "$BUILD/CMakeCache.txt" 2>/dev/null || true)
commit=$(git rev-parse --short HEAD 2>/dev/null || echo "?")
git diff --quiet HEAD -- core content tools 2>/dev/null || commit+=" (with uncommitted changes in core/, content/ or tools/)"
now=$(date -u '+%Y-%m-%d %H:%M UTC')

report() {
  echo "Measured $now on ${cpu_model:-an unknown CPU}${hypervisor:+ (under $hypervisor)}, $cpus logical CPUs,"
  echo "${os:-unknown OS} ($(uname -r)); ${gxx:-g++ unknown}, ${build_type:-unknown} build; node ${node_version:-not found};"
  echo "Tabula at commit $commit. Every run pinned: $PINNED."
  if [[ ${#STALE[@]} -gt 0 ]]; then
    echo "**Building failed; measured the binaries of an earlier build: ${STALE[*]}** (they may not match that commit)."
  fi
  echo
  echo "### Connect Four, random games"
  echo
  echo "Median of $ROUNDS round$( ((ROUNDS > 1)) && echo s), interleaved; seed $SEED (game i uses seed $SEED+i-1)."
  if [[ ${OK[bgio]} == 1 ]]; then echo "boardgame.io variant: $BGIO_VARIANT."; fi
  echo
  if [[ -s $TMP/summary ]]; then connect_four_table; else echo "(no implementation ran)"; fi
  for impl in "${IMPLS[@]}"; do
    [[ ${OK[$impl]} == 1 ]] || echo "- ${LABEL[$impl]}: not measured (${WHY[$impl]})"
  done
  if [[ -n $MOVES_WARNING ]]; then echo "- **warning**: $MOVES_WARNING"; fi
  if [[ $DO_DL == 1 ]]; then
    echo
    echo "### Kernel benchmarks (Dungeon Lords, Connect Four) and search costs per game"
    echo
    dungeon_lords_tables
  fi
}

report >"$TMP/report.md"
echo
cat "$TMP/report.md"

if [[ $DO_WRITE == 1 ]]; then
  doc=docs/performance.md
  begin='<!-- compare.sh: begin (generated by bench/compare.sh; edits inside are overwritten) -->'
  end='<!-- compare.sh: end -->'
  if [[ ! -f $doc ]]; then
    # shellcheck disable=SC2016  # the backquotes are markdown
    printf '# Performance\n\nFigures measured by `bench/compare.sh`; run it again to refresh the section below.\n\n%s\n%s\n' \
      "$begin" "$end" >"$doc"
  elif ! grep -q '^<!-- compare.sh: begin' "$doc"; then
    printf '\n%s\n%s\n' "$begin" "$end" >>"$doc"
  elif ! grep -q '^<!-- compare.sh: end' "$doc"; then
    die "$doc has the begin marker of the generated section but not its end marker (<!-- compare.sh: end -->)"
  fi
  awk -v report="$TMP/report.md" -v begin="$begin" '
    /^<!-- compare.sh: begin/ { print begin; while ((getline line < report) > 0) print line; skip = 1; next }
    /^<!-- compare.sh: end/ { skip = 0 }
    !skip { print }' "$doc" >"$TMP/doc.md"
  cat "$TMP/doc.md" >"$doc"
  log "wrote $ROOT/$doc"
fi
