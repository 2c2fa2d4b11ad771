#!/bin/sh
# SPDX-License-Identifier: MIT
# A one-node Slurm cluster on this machine, for trying the scripts beside
# this file and for fxhost's tests: munged, slurmctld and slurmd with a
# private key, configuration, state and sockets in DIR, on loopback ports.
# Needs Debian's slurm-wlm and munge, and root (slurmd runs jobs as users).
#
#   local-cluster.sh start DIR   # then: export SLURM_CONF=DIR/slurm.conf
#   local-cluster.sh stop DIR
set -eu
what=${1:-} dir=${2:-}
if [ -z "$what" ] || [ -z "$dir" ]; then
  echo "usage: local-cluster.sh start|stop DIR" >&2
  exit 2
fi
case "$what" in
start)
  for tool in munged slurmctld slurmd sinfo; do
    command -v "$tool" >/dev/null || { echo "local-cluster: $tool is missing (apt-get install slurm-wlm munge)" >&2; exit 3; }
  done
  [ "$(id -u)" -eq 0 ] || { echo "local-cluster: slurmd must run as root" >&2; exit 3; }
  mkdir -p "$dir/munge" "$dir/state" "$dir/spool" "$dir/log"
  dir=$(cd "$dir" && pwd)
  chmod 700 "$dir/munge"
  dd if=/dev/urandom of="$dir/munge/munge.key" bs=1024 count=1 2>/dev/null
  chmod 400 "$dir/munge/munge.key"
  munged --key-file="$dir/munge/munge.key" --socket="$dir/munge/socket" --pid-file="$dir/munge/munged.pid" \
    --log-file="$dir/munge/munged.log" --seed-file="$dir/munge/seed" -f
  host=$(hostname -s)
  # Ports from the process ID, so that two clusters (two test runs) do not meet.
  port=$((20000 + ($$ % 20000) * 2))
  cat > "$dir/slurm.conf" <<CONF
ClusterName=fxhost-test
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$port
SlurmdPort=$((port + 1))
AuthType=auth/munge
AuthInfo=socket=$dir/munge/socket
CredType=cred/munge
SlurmUser=root
SlurmdUser=root
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerType=sched/builtin
ReturnToService=2
MpiDefault=none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
MinJobAge=600
NodeName=$host NodeAddr=127.0.0.1 CPUs=$(nproc) State=UNKNOWN
PartitionName=fxhost Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
  export SLURM_CONF="$dir/slurm.conf"
  slurmctld -c
  slurmd -c
  # Ready when the node is idle.
  i=0
  until sinfo -h -o %T 2>/dev/null | grep -q idle; do
    i=$((i + 1))
    if [ $i -gt 60 ]; then
      echo "local-cluster: the node did not come up within 30 s (see $dir/log)" >&2
      exit 1
    fi
    sleep 0.5
  done
  ;;
stop)
  pids=""
  for pidfile in "$dir/slurmd.pid" "$dir/slurmctld.pid" "$dir/munge/munged.pid"; do
    [ -f "$pidfile" ] && pids="$pids $(cat "$pidfile")"
  done
  [ -n "$pids" ] && kill $pids 2>/dev/null || true
  # Wait for them to go (10 s at most), then insist.
  i=0
  alive() { for p in $pids; do kill -0 "$p" 2>/dev/null && return 0; done; return 1; }
  while [ $i -lt 20 ] && alive; do sleep 0.5; i=$((i + 1)); done
  kill -9 $pids 2>/dev/null || true
  ;;
*)
  echo "usage: local-cluster.sh start|stop DIR" >&2
  exit 2
  ;;
esac
