#!/bin/sh
# SPDX-License-Identifier: MIT
# Submits a sharded render and its join to Slurm; prints the two job IDs.
#
#   submit.sh SHARDS OUT PARTS fxhost-arguments…
#   submit.sh 4 cube.mp4 parts --plugin cube --text Paris
#
# PARTS must be a folder every node sees (a shared file system).
set -eu
if [ $# -lt 3 ]; then
  echo "usage: submit.sh SHARDS OUT PARTS [fxhost arguments…]" >&2
  exit 2
fi
shards=$1 out=$2 parts=$3
shift 3
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$parts"
render=$(sbatch --parsable --array="0-$((shards - 1))" --export=ALL,FXHOST_DEPLOY="$here/.." \
  "$here/render.sbatch" "$parts" "$@")
join=$(sbatch --parsable --dependency="afterok:$render" "$here/join.sbatch" "$out" "$parts")
echo "$render $join"
