#!/usr/bin/env bash
# Starts a real one-node Slurm cluster on this machine, without systemd:
# munged, slurmctld and slurmd run as plain daemons with every file they write
# under one state folder. Returns once the node is idle and takes jobs.
#
# Usage: ci/slurm/start.sh [STATE_DIR]
#   STATE_DIR                 default: $TABULA_SLURM_DIR, else /tmp/tabula-slurm
#   TABULA_SLURM_TIMEOUT      seconds to wait for the node to come up (60)
#   TABULA_SLURM_ADDR         address of the node and controller (127.0.0.1)
#   TABULA_SLURM_CTLD_PORT    slurmctld's port (6817)
#   TABULA_SLURM_SLURMD_PORT  slurmd's port (6818)
#
# Afterwards point the Slurm commands at the cluster with
#   export SLURM_CONF=STATE_DIR/slurm.conf     (or: . STATE_DIR/env.sh)
# and stop it with ci/slurm/stop.sh STATE_DIR. Running start.sh again first
# stops the daemons of the previous start, so it always gives a fresh cluster.
# Needs root and the packages of ci/slurm/install.sh.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
dir=${1:-${TABULA_SLURM_DIR:-/tmp/tabula-slurm}}
timeout=${TABULA_SLURM_TIMEOUT:-60}
addr=${TABULA_SLURM_ADDR:-127.0.0.1}
ctld_port=${TABULA_SLURM_CTLD_PORT:-6817}
slurmd_port=${TABULA_SLURM_SLURMD_PORT:-6818}

die() { echo "start.sh: error: $*" >&2; exit 1; }
log() { echo "start.sh: $*"; }

((EUID == 0)) || die "must run as root (the daemons run as root on this CI cluster)"
for b in munged mungekey munge unmunge slurmctld slurmd sinfo scontrol; do
    command -v "$b" >/dev/null || die "'$b' not found: run ci/slurm/install.sh first"
done

# Slurm wants absolute paths in slurm.conf.
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
conf=$dir/slurm.conf
export SLURM_CONF=$conf
started=$(date +%s.%N)

# --- leftovers of an earlier start ----------------------------------------
# A second start must not find the old daemons holding the ports and pid files.
if [[ -f $dir/slurmctld.pid || -f $dir/slurmd.pid || -f $dir/munge/munged.pid ]]; then
    log "stopping the daemons of an earlier start in $dir"
    "$here/stop.sh" "$dir" | sed 's/^/  /'
fi
# Daemons we have no pid file for (another state folder, or started by hand)
# would hold our ports; we do not kill what we did not start.
# live_pids NAME: pids running NAME, less zombies (the daemons' exited
# intermediate forks linger as zombies where init does not reap them).
live_pids() {
    local p
    for p in $(pgrep -x "$1"); do
        [[ $(awk '{ print $3 }' "/proc/$p/stat" 2>/dev/null) == Z ]] || echo "$p"
    done
}
for d in slurmctld slurmd; do
    pids=$(live_pids "$d")
    if [[ -n $pids ]]; then
        die "a $d not started from $dir is running (pid ${pids//$'\n'/ }); stop it" \
            "(ci/slurm/stop.sh ITS_STATE_DIR, or kill it) and try again"
    fi
done

mkdir -p "$dir/ctld" "$dir/spool" "$dir/log"
chmod 755 "$dir"

# --- MUNGE -----------------------------------------------------------------
# munged refuses to run as root with a key owned by someone else, and insists
# that its key is readable by its own user only. Debian's package runs it as
# "munge"; do the same when that user exists.
munge_user=root
id munge >/dev/null 2>&1 && munge_user=munge
key=/etc/munge/munge.key
if [[ ! -s $key ]]; then
    log "no MUNGE key: creating $key"
    mkdir -p /etc/munge
    mungekey --create --keyfile="$key"
fi
chown "$munge_user:" /etc/munge "$key"
chmod 700 /etc/munge
chmod 400 "$key"

# The socket folder must belong to munged's user and not be writable by
# others; it must be readable by all, since every Slurm command uses it.
mkdir -p "$dir/munge"
chown "$munge_user:" "$dir/munge"
chmod 755 "$dir/munge"
socket=$dir/munge/munge.socket
rm -f "$socket" "$socket.lock"    # a killed munged leaves them behind
munged_args=(--key-file="$key" --socket="$socket" --pid-file="$dir/munge/munged.pid"
    --log-file="$dir/munge/munged.log" --seed-file="$dir/munge/munged.seed")
if [[ $munge_user == root ]]; then
    munged "${munged_args[@]}" --force
else
    runuser -u munge -- munged "${munged_args[@]}"
fi
# A credential that round-trips proves munged answers and the key is usable.
ok=false
for ((i = 0; i < 50; i++)); do
    if munge -n -S "$socket" 2>/dev/null | unmunge -S "$socket" >/dev/null 2>&1; then
        ok=true
        break
    fi
    sleep 0.1
done
if ! $ok; then
    cat "$dir/munge/munged.log" >&2 2>/dev/null
    "$here/stop.sh" "$dir" >&2
    die "munged does not answer on $socket (its log is above)"
fi
log "munged up (as $munge_user, socket $socket)"

# --- slurm.conf ------------------------------------------------------------
# slurmd finds its own node by the short hostname, so NodeName must be it.
node=$(hostname -s)
[[ -n $node ]] || die "hostname -s printed nothing: give this machine a hostname"
# nproc honours the CPU set this process may use: the node never promises
# more CPUs than jobs can actually have.
cpus=$(nproc)
# slurmd drains a node that claims more memory than it has; MemTotal is what
# slurmd itself counts, in kB, and Slurm counts in MiB.
memory=$(awk '/^MemTotal:/ { print int($2 / 1024) }' /proc/meminfo)
[[ $memory =~ ^[0-9]+$ && $memory -gt 0 ]] || die "could not read MemTotal from /proc/meminfo"

sed -e "s|@NODE@|$node|g" -e "s|@ADDR@|$addr|g" -e "s|@CPUS@|$cpus|g" \
    -e "s|@MEMORY@|$memory|g" -e "s|@DIR@|$dir|g" \
    -e "s|@CTLD_PORT@|$ctld_port|g" -e "s|@SLURMD_PORT@|$slurmd_port|g" \
    "$here/slurm.conf.in" >"$conf"
# A field added to the template but not here would reach Slurm as "@X@".
if unfilled=$(grep -v '^#' "$conf" | grep -o '@[A-Z_]*@'); then
    die "slurm.conf still has unfilled fields: ${unfilled//$'\n'/ }"
fi
printf 'export SLURM_CONF=%q\n' "$conf" >"$dir/env.sh"
log "wrote $conf (node $node, $cpus CPUs, $memory MiB)"

# --- the daemons -------------------------------------------------------------
# On failure, show why and stop what we started: a half-up cluster would
# only hold the ports. The logs stay for reading.
fail() {
    local f
    for f in "$dir/log/slurmctld.log" "$dir/log/slurmd.log" "$dir/munge/munged.log"; do
        echo "----- last lines of $f -----" >&2
        tail -n 30 "$f" >&2 2>/dev/null || echo "(no log)" >&2
    done
    "$here/stop.sh" "$dir" >&2
    die "$@"
}
# -c: start from a clean state, so jobs and node states of an earlier run do
# not come back. Both fork into the background once they have set up.
slurmctld -c -f "$conf" || fail "slurmctld did not start (logs above)"
slurmd -c -f "$conf" -N "$node" || fail "slurmd did not start (logs above)"

# --- wait for the node -------------------------------------------------------
# A node registers as idle within a few seconds; one that comes up down or
# drained (a state kept from before, or a memory/CPU mismatch that has since
# been fixed) is resumed once, and its reason is shown.
resumed=false
deadline=$(($(date +%s) + timeout))
state=
while :; do
    state=$(sinfo -h -n "$node" -o %T 2>/dev/null | head -n 1 || true)
    case $state in
        idle | mixed | allocated) break ;;
        down* | drain* | fail*)
            if ! $resumed; then
                reason=$(sinfo -h -n "$node" -o %E 2>/dev/null || true)
                log "node $node is $state (${reason:-no reason}); resuming it"
                scontrol update nodename="$node" state=resume || true
                resumed=true
            fi
            ;;
    esac
    if (($(date +%s) >= deadline)); then
        reason=$(sinfo -h -n "$node" -o %E 2>/dev/null || true)
        fail "node $node not idle after ${timeout}s (sinfo says: '${state:-nothing}'," \
            "reason: '${reason:-none}'); daemons' logs above"
    fi
    sleep 0.5
done

elapsed=$(awk -v a="$started" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
log "node $node is $state after ${elapsed}s; use: export SLURM_CONF=$conf"
