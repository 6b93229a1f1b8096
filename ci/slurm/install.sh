#!/usr/bin/env bash
# Installs Debian's Slurm (slurmctld, slurmd, the client tools) and MUNGE,
# the pieces ci/slurm/start.sh runs as a one-node cluster. Safe to run again:
# it does nothing when everything is already there.
#
# Usage: ci/slurm/install.sh        (as root, on Debian 12)
set -euo pipefail

packages=(slurm-wlm munge)

# dpkg-query says "install ok installed" only for a fully configured package;
# a half-installed one (an interrupted run) must go through apt-get again.
missing=()
for p in "${packages[@]}"; do
    status=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
    [[ $status == "install ok installed" ]] || missing+=("$p")
done
# The binaries are what start.sh needs; a package can be "installed" while a
# hand-removed binary is gone, so look for them too.
for b in slurmctld slurmd sinfo sbatch munged mungekey; do
    command -v "$b" >/dev/null 2>&1 || { missing=("${packages[@]}"); break; }
done

if ((${#missing[@]} == 0)); then
    echo "install.sh: slurm-wlm and munge already installed ($(slurmctld -V 2>/dev/null || echo '?'))"
    exit 0
fi

if ((EUID != 0)); then
    echo "install.sh: must run as root to apt-get install ${missing[*]}" >&2
    exit 1
fi

export DEBIAN_FRONTEND=noninteractive

# The packages' maintainer scripts would start munge/slurmd through the init
# system; on a machine without systemd that either fails or leaves daemons
# that start.sh did not start (and so stop.sh cannot stop). A policy-rc.d that
# answers 101 tells invoke-rc.d "do not start anything". Only put one in place
# when the machine has none, and take only ours away again.
policy=/usr/sbin/policy-rc.d
ours_policy=false
if [[ ! -e $policy ]]; then
    printf '#!/bin/sh\n# temporary, from tabula ci/slurm/install.sh\nexit 101\n' >"$policy"
    chmod 755 "$policy"
    ours_policy=true
fi
cleanup() { if $ours_policy; then rm -f "$policy"; fi; }
trap cleanup EXIT

echo "install.sh: installing ${missing[*]}"
# The package lists may be missing or stale on a fresh machine: update once,
# and only when the first install attempt cannot find the packages.
if ! apt-get install -y -qq --no-install-recommends "${missing[@]}" >/tmp/tabula-slurm-apt.log 2>&1; then
    apt-get update -qq
    if ! apt-get install -y -qq --no-install-recommends "${missing[@]}" >/tmp/tabula-slurm-apt.log 2>&1; then
        echo "install.sh: apt-get install ${missing[*]} failed; its output:" >&2
        tail -n 40 /tmp/tabula-slurm-apt.log >&2
        exit 1
    fi
fi
echo "install.sh: installed $(slurmctld -V)"
