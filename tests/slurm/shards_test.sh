#!/usr/bin/env bash
# CI test: a study sharded over a real Slurm job array, then merged, must print
# exactly what one unsharded `tabula run` of the same seeds prints.
#
# Usage: tests/slurm/shards_test.sh PATH/TO/tabula
#
# It starts a one-node cluster (ci/slurm/start.sh; installs the packages first
# through ci/slurm/install.sh, which does nothing when they are there), submits
# docs/lab/tabula-array.sbatch as 4 array tasks, merges their results, compares
# with a single run, and always stops the cluster on the way out.
# Needs root (the cluster's daemons run as root). Exit status 0 only on PASS.
#   TABULA_SHARDS_TEST_DIR  work folder to use (default: a new /tmp/tabula-shards.*)
#   TABULA_SLURM_TIMEOUT    passed on to start.sh
set -euo pipefail

die() { echo "FAIL: shards_test: $*" >&2; exit 1; }

(($# == 1)) || { echo "usage: $0 PATH/TO/tabula" >&2; exit 2; }
[[ -x $1 && -f $1 ]] || die "'$1' is not an executable file"
tabula=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")   # the job runs elsewhere
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)

work=${TABULA_SHARDS_TEST_DIR:-$(mktemp -d /tmp/tabula-shards.XXXXXX)}
mkdir -p "$work"
work=$(cd "$work" && pwd)
# munged runs as the munge user and must reach its socket under $work/slurm.
chmod 755 "$work"
state=$work/slurm
out=$work/out

# The study: small enough for two cores, enough games that every shard has two.
pack=dungeon-lords games=8 seed=1 seats=random,random shards=4

"$root/ci/slurm/install.sh"
trap '"$root/ci/slurm/stop.sh" "$state"' EXIT
"$root/ci/slurm/start.sh" "$state"
export SLURM_CONF=$state/slurm.conf
node=$(hostname -s)

# --- the array job --------------------------------------------------------------
# sbatch passes the environment on to the tasks: that is how the script gets
# its settings. --wait returns when every task has ended, with a non-zero
# status if any failed; timeout bounds a job that never gets scheduled.
mkdir -p "$out"
echo "shards_test: submitting $shards tasks: $pack, $games games, seed $seed, seats $seats"
sbatch_status=0
jobid=$(cd "$work" && TABULA=$tabula PACK=$pack GAMES=$games SEED=$seed SEATS=$seats \
    WITH='' OUT=$out timeout 900 sbatch --parsable --wait --array=1-$shards \
    --output="$out/slurm-%A_%a.out" "$root/docs/lab/tabula-array.sbatch") || sbatch_status=$?
jobid=${jobid%%;*}    # --parsable prints "id" or "id;cluster"

show_task_logs() {
    local f
    for f in "$out"/slurm-*.out "$out"/logs/*.log; do
        [[ -e $f ]] || continue
        echo "----- $f -----" >&2
        tail -n 20 "$f" >&2
    done
}
if ((sbatch_status != 0)); then
    show_task_logs
    die "sbatch --wait exited with status $sbatch_status (job '${jobid:-none}'); the tasks' logs are above"
fi
[[ $jobid =~ ^[0-9]+$ ]] || die "sbatch printed no job id ('$jobid')"

# --- did all the tasks really run on the cluster? --------------------------------
# No accounting database here, so no sacct: the controller still knows ended
# jobs for MinJobAge seconds, and every task logs its ids and node.
[[ -z $(squeue -h -o %i) ]] || die "jobs still in the queue after sbatch --wait: $(squeue -h -o %i | tr '\n' ' ')"
for ((t = 1; t <= shards; t++)); do
    info=$(scontrol show job "${jobid}_$t" 2>&1) || die "scontrol knows no task ${jobid}_$t: $info"
    grep -q 'JobState=COMPLETED' <<<"$info" || { show_task_logs; die "task ${jobid}_$t did not complete: $(grep -o 'JobState=[A-Z_]*' <<<"$info")"; }
    grep -q 'ExitCode=0:0' <<<"$info" || die "task ${jobid}_$t: $(grep -o 'ExitCode=[0-9:]*' <<<"$info" | head -n 1)"
    [[ -s $out/shard-$t.json ]] || die "task ${jobid}_$t wrote no $out/shard-$t.json"
    log=$out/logs/shard-$t.log
    [[ -f $log ]] || die "task ${jobid}_$t wrote no log $log"
    grep -q "array_job=$jobid task=$t shard=$t/$shards node=$node " "$log" ||
        die "log $log does not show task $t of array $jobid on $node: $(head -n 1 "$log")"
    grep -q 'exit=0$' "$log" || die "log $log does not end with exit=0"
done
echo "shards_test: array job $jobid: $shards tasks completed on $node"

# --- merged shards against one run ----------------------------------------------
merged=$work/merged.json single=$work/single.json
"$tabula" merge "$out"/shard-*.json --json --no-timing >"$merged" ||
    die "tabula merge failed (status $?)"
"$tabula" run "$pack" --games "$games" --seed "$seed" --seats "$seats" --json --no-timing >"$single" ||
    die "the single tabula run failed (status $?)"
if ! cmp -s "$merged" "$single"; then
    echo "----- diff $single $merged (first lines) -----" >&2
    diff "$single" "$merged" | head -n 40 >&2 || true
    die "the merged shards differ from one run of the same seeds (files in $work)"
fi
echo "PASS: shards_test: $shards Slurm array tasks merged = one run ($(wc -c <"$merged") bytes identical; files in $work)"
