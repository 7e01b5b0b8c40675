#!/usr/bin/env bash
# Times whole builds of the benchmark blog on a memory file system, so that
# the figures are the generator's own work (user and system CPU, wall) and
# not the disk's: ext4 without a journal makes creating files right after
# deleting others many times slower (see docs/benchmarks.md), which swamps a
# change of a tenth of a second.
#
#   scripts/bench-cpu.sh RUNS DESPINA_BINARY...
#
# Two states, RUNS builds each: "cold" (output, previous site and cache
# deleted: a first build) and "cache" (output and previous site deleted,
# cache kept: parsed posts reused, every page made and written). The
# binaries take turns, build by build, so that a drift of the machine over
# the run falls on all of them alike; each has its own copy of the site,
# because a binary's cache is not used by another. The site is
# ../shared/bench/gen-corpus.py's 10,000-post blog (POSTS to change),
# copied from BENCH_DIR (default /tmp/despina-bench) to SHM_DIR (default
# /dev/shm/despina-cpu).
set -euo pipefail
runs=${1:?usage: bench-cpu.sh RUNS DESPINA_BINARY...}
shift
(($# > 0)) || { echo "usage: bench-cpu.sh RUNS DESPINA_BINARY..." >&2; exit 2; }
posts=${POSTS:-10000}
bench=$(cd "$(dirname "$0")/../../shared/bench" && pwd)
work=${BENCH_DIR:-/tmp/despina-bench}
site=$work/site-$posts
shm=${SHM_DIR:-/dev/shm/despina-cpu}
[[ -d $site/Content ]] || python3 "$bench/gen-corpus.py" "$site" --posts "$posts" >/dev/null
trap 'rm -rf "$shm"' EXIT
binaries=()
for binary in "$@"; do binaries+=("$(realpath "$binary")"); done
for number in "${!binaries[@]}"; do
  copy=$shm/site-$((number + 1))
  rm -rf "$copy" && mkdir -p "$copy" && cp -r "$site/Content" "$copy/Content"
done
for state in cold cache; do
  for ((i = 0; i < runs; i++)); do
    for number in "${!binaries[@]}"; do
      copy=$shm/site-$((number + 1))
      rm -rf "$copy/Output" "$copy/.Output.previous"
      [[ $state == cold ]] && rm -rf "$copy/.despina"
      /usr/bin/time -f "$((number + 1)) $state %e s wall, %U s user, %S s system, %M KB" -o "$shm/time.txt" \
        "${binaries[$number]}" build "$copy" --output "$copy/Output" >/dev/null 2>&1
      cat "$shm/time.txt"
    done
  done
done
