#!/usr/bin/env bash
# Runs every libFuzzer target for SECONDS each, two at a time, and prints the
# executions and crashes per target.
#   fuzz/run.sh 600                 # all five targets, 600 s each (25 min)
#   fuzz/run.sh 60 manifest log     # some targets
# Builds build-fuzz/ first (fuzz/build.sh). Seeds: fuzz/corpus/<target>/ (in
# the repo, never written); the growing corpus: build-fuzz/corpus/<target>/;
# crashing inputs: build-fuzz/artifacts/<target>/; logs: build-fuzz/logs/.
# A target that crashes is restarted until its time is up, so every crash,
# leak, timeout or out-of-memory input found is kept (duplicates included).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:?usage: fuzz/run.sh SECONDS [TARGET...]}"
shift
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(manifest log scenario choices decide)

# The build's output is shown only when it fails (ninja prints errors on stdout).
if ! build_log=$(fuzz/build.sh 2>&1); then
  printf '%s\n' "$build_log" >&2
  echo "fuzz/run.sh: the fuzz build failed" >&2
  exit 1
fi
export UBSAN_OPTIONS="print_stacktrace=1${UBSAN_OPTIONS:+:$UBSAN_OPTIONS}"

run_one() {
  local t="$1" seconds="$2"
  local out="build-fuzz/corpus/$t" art="build-fuzz/artifacts/$t/" log="build-fuzz/logs/$t.log"
  mkdir -p "$out" "$art" build-fuzz/logs
  : >"$log"
  local marker="build-fuzz/logs/$t.start"
  touch "$marker"
  local end=$((SECONDS + seconds)) execs=0 runs=0
  while [ $((end - SECONDS)) -gt 0 ]; do
    runs=$((runs + 1))
    # -timeout: an input that runs 10 s is a hang; -rss_limit_mb: 2 GB each,
    # two at a time. Known-leaky exits count as crashes (-detect_leaks=1).
    build-fuzz/fuzz/fuzz_"$t" "$out" "fuzz/corpus/$t" -max_total_time=$((end - SECONDS)) \
      -timeout=10 -rss_limit_mb=2048 -max_len=8192 -print_final_stats=1 \
      -artifact_prefix="$art" >>"$log" 2>&1 || true
    local n
    n=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | tail -1 | grep -o '[0-9]*$' || echo 0)
    execs=$((execs + ${n:-0}))
    # Count only this run's figure once: mark it consumed.
    sed -i 's/stat::number_of_executed_units:/stat::counted_executed_units:/' "$log"
  done
  local crashes  # found in this run only
  crashes=$(find "$art" -type f -newer "$marker" \( -name 'crash-*' -o -name 'leak-*' -o -name 'timeout-*' -o -name 'oom-*' \) | wc -l)
  printf 'fuzz %-9s %5d s  %10d executions  %3d crashes  (%d runs; %s)\n' \
    "$t" "$seconds" "$execs" "$crashes" "$runs" "$art"
}
export -f run_one
printf '%s\n' "${targets[@]}" | xargs -P 2 -I{} bash -c 'run_one "$@"' _ {} "$seconds"
