#!/bin/sh
# SPDX-License-Identifier: MIT
# Renders shard INDEX of COUNT of one render into PARTS/part-INDEX.fxpart
# (with its manifest), for any job engine that hands each task an index:
#
#   fxhost-shard.sh INDEX COUNT PARTS [fxhost arguments…]
#   fxhost-shard.sh 2 4 parts --plugin cube --text Paris
#
# Slurm (SLURM_ARRAY_TASK_ID), Kubernetes Indexed Jobs (JOB_COMPLETION_INDEX)
# and GNU parallel ({}) all call it the same way; `fxhost join OUT
# PARTS/part-*.fxpart` assembles the result. FXHOST names the fxhost to run
# (default: fxhost on the PATH).
set -eu
if [ $# -lt 3 ]; then
  echo "usage: fxhost-shard.sh INDEX COUNT PARTS [fxhost arguments…]" >&2
  exit 2
fi
index=$1 count=$2 parts=$3
shift 3
mkdir -p "$parts"
exec "${FXHOST:-fxhost}" "$@" --shard "$index/$count" --out "$parts/part-$index.fxpart" --manifest
