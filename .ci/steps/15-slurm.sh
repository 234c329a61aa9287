#!/usr/bin/env bash
# The Slurm recipe of docs/perft.md ("Perft past one machine") on a one-node Slurm
# started here from Debian's packages (slurmctld and slurmd on this machine,
# munge for authentication): its perft.sbatch, with its 100 parts
# made 4 and 8 CPUs made 1, counts a small perft as an array job; a merge job
# waits for it (--dependency=afterok), a task is rerun alone, and the merged
# count must equal the direct count. The daemons this step starts, it stops.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
export DEBIAN_FRONTEND=noninteractive
if ! command -v slurmctld >/dev/null || ! command -v slurmd >/dev/null || ! command -v munged >/dev/null; then
  echo "-- installing slurm-wlm and munge (apt-get)"
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends slurm-wlm munge >/dev/null
fi
cargo build --release -p draughts-cli --bin draughts
target=${CARGO_TARGET_DIR:-target}
case $target in /*) ;; *) target=$root/$target ;; esac
export PATH="$target/release:$PATH"
command -v draughts

host=$(hostname -s)
cpus=$(nproc)
mem=$(( $(awk '/MemTotal/ {print $2}' /proc/meminfo) / 1024 - 512 ))
mkdir -p /etc/slurm /var/spool/slurmctld /var/spool/slurmd /var/log/slurm /run/munge
chown slurm:slurm /var/spool/slurmctld /var/log/slurm
chown munge:munge /run/munge
if [ ! -s /etc/munge/munge.key ]; then
  dd if=/dev/urandom of=/etc/munge/munge.key bs=1024 count=1 status=none
fi
chown munge:munge /etc/munge/munge.key
chmod 400 /etc/munge/munge.key
if [ ! -e /etc/slurm/slurm.conf ]; then
  cat > /etc/slurm/slurm.conf <<CONF
ClusterName=ci
SlurmctldHost=$host(127.0.0.1)
SlurmUser=slurm
AuthType=auth/munge
StateSaveLocation=/var/spool/slurmctld
SlurmdSpoolDir=/var/spool/slurmd
SlurmctldPidFile=/run/slurmctld.pid
SlurmdPidFile=/run/slurmd.pid
SlurmctldLogFile=/var/log/slurm/slurmctld.log
SlurmdLogFile=/var/log/slurm/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
MpiDefault=none
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$mem State=UNKNOWN
PartitionName=debug Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
fi
started=()
# Stops the daemons started here and waits until they are gone (slurmd
# ignores SIGTERM while it retries registering with a dead controller).
stop() {
  local pid
  for pid in "${started[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${started[@]}"; do
    for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
    kill -9 "$pid" 2>/dev/null || true
  done
}
trap stop EXIT
if ! pgrep -x munged >/dev/null; then
  rm -f /run/munge/munged.pid
  runuser -u munge -- /usr/sbin/munged
  for _ in $(seq 1 20); do [ -s /run/munge/munged.pid ] && break; sleep 0.5; done
  started+=("$(cat /run/munge/munged.pid)")
fi
if ! pgrep -x slurmctld >/dev/null; then
  rm -f /run/slurmctld.pid
  /usr/sbin/slurmctld
  for _ in $(seq 1 20); do [ -s /run/slurmctld.pid ] && break; sleep 0.5; done
  started+=("$(cat /run/slurmctld.pid)")
fi
if ! pgrep -x slurmd >/dev/null; then
  rm -f /run/slurmd.pid
  /usr/sbin/slurmd
  for _ in $(seq 1 20); do [ -s /run/slurmd.pid ] && break; sleep 0.5; done
  started+=("$(cat /run/slurmd.pid)")
fi
ready=
for _ in $(seq 1 60); do
  if sinfo -h -o %T 2>/dev/null | grep -Eq '^(idle|mixed)'; then ready=1; break; fi
  sleep 1
done
if [ -z "$ready" ]; then
  sinfo || true
  tail -20 /var/log/slurm/slurmctld.log /var/log/slurm/slurmd.log || true
  echo "Slurm did not come up" >&2
  exit 1
fi
sinfo

work=$(mktemp -d)
cd "$work"
# The script of docs/perft.md, as that page says to save it.
awk '/^#!\/bin\/bash$/ {on=1} on && /^```/ {exit} on {print}' "$root/docs/perft.md" > perft.sbatch
grep -q -- '--part "$SLURM_ARRAY_TASK_ID/100"' perft.sbatch
sed -i -e 's/100/4/g' -e 's/--cpus-per-task=8/--cpus-per-task=1/' perft.sbatch
cat perft.sbatch
draughts perft split --variant international --depth 2 --total 6 -o units.txt
mkdir results
job=$(sbatch --parsable perft.sbatch)
sbatch --wait --dependency=afterok:"$job" --output=merged.txt \
  --kill-on-invalid-dep=yes --wrap "draughts perft merge units.txt results/*.txt"
cat merged.txt
direct=$(draughts perft --variant international --depth 6 --only | cut -d' ' -f1-2)
[ "$(cut -d' ' -f1-2 merged.txt)" = "$direct" ]
# A task rerun alone overwrites its own file; the merge stays the same.
echo "cut off" > results/3.txt
sbatch --wait --array=3 perft.sbatch >/dev/null
[ "$(draughts perft merge units.txt results/*.txt | cut -d' ' -f1-2)" = "$direct" ]
echo "Slurm recipe: $direct"
cd "$root"
rm -rf "$work"
