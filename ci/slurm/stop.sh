#!/usr/bin/env bash
# Stops the one-node cluster that ci/slurm/start.sh started: slurmd, slurmctld
# and munged, each found through the pid file start.sh had it write under the
# state folder. Never fails because something is already gone, so it is safe
# in an EXIT trap and safe to run twice.
#
# Usage: ci/slurm/stop.sh [STATE_DIR]     (default: $TABULA_SLURM_DIR, else
#                                          /tmp/tabula-slurm)
#
# It deletes nothing but pid files whose daemon is gone: logs, the generated
# slurm.conf and the job state stay, to be read after a failure.
set -uo pipefail    # no -e: one daemon refusing to stop must not spare the others

dir=${1:-${TABULA_SLURM_DIR:-/tmp/tabula-slurm}}
conf=$dir/slurm.conf

log() { echo "stop.sh: $*"; }

# stop_daemon NAME PIDFILE: TERM, then up to 15 s of patience, then KILL.
# The pid is only signalled while it still runs a program of that NAME, so a
# pid reused since by an unrelated process is left alone.
stop_daemon() {
    local name=$1 pidfile=$2 pid comm i
    [[ -f $pidfile ]] || { log "$name: no pid file, nothing to stop"; return 0; }
    pid=$(tr -dc '0-9' <"$pidfile")
    comm=
    [[ -n $pid ]] && comm=$(cat "/proc/$pid/comm" 2>/dev/null || true)
    if [[ $comm != "$name" ]]; then
        log "$name: not running (stale pid file)"
        rm -f "$pidfile"
        return 0
    fi
    kill -TERM "$pid" 2>/dev/null || true
    for ((i = 0; i < 150; i++)); do
        [[ -d /proc/$pid ]] || break
        sleep 0.1
    done
    if [[ -d /proc/$pid ]]; then
        log "$name (pid $pid) ignored SIGTERM for 15 s; sending SIGKILL"
        kill -KILL "$pid" 2>/dev/null || true
        sleep 0.5
    fi
    rm -f "$pidfile"
    log "$name (pid $pid) stopped"
}

# Cancel what is left in the queue first: a running job step lives in its own
# slurmstepd, which outlives slurmd and would keep running after CI stops.
if [[ -f $conf && -f $dir/slurmctld.pid ]] && command -v squeue >/dev/null; then
    jobs=$(SLURM_CONF=$conf timeout 10 squeue -h -o %A 2>/dev/null | sort -u | tr '\n' ' ')
    if [[ -n ${jobs// /} ]]; then
        log "cancelling jobs still queued or running: $jobs"
        # shellcheck disable=SC2086 # one word per job id
        SLURM_CONF=$conf timeout 10 scancel $jobs 2>/dev/null || true
        for ((i = 0; i < 100; i++)); do
            [[ -z $(SLURM_CONF=$conf timeout 5 squeue -h -o %A 2>/dev/null) ]] && break
            sleep 0.2
        done
    fi
fi

stop_daemon slurmd "$dir/slurmd.pid"
stop_daemon slurmctld "$dir/slurmctld.pid"
# munged last: the Slurm daemons still sign messages while they shut down.
stop_daemon munged "$dir/munge/munged.pid"
exit 0
