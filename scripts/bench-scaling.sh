#!/usr/bin/env bash
# First builds of the 10,000-post and the 100,000-post benchmark blogs, one
# pair per binary given, in turn, and the ratio of the two times: issue
# 27's 100,000-post bar (at most 10.5 times the 10,000-post time, peak
# memory under 1 GB).
#
#   scripts/bench-scaling.sh DESPINA_BINARY...
#
# Before each pair both outputs and both caches (.despina/) are deleted and
# the script waits SETTLE seconds (default 420): ext4 without a journal
# skips inodes freed in the last minute, or six while their inode table
# block is unwritten, when it allocates new ones, and that delay is the file
# system's, not the generator's. The blogs are made by
# ../shared/bench/gen-corpus.py when missing (BENCH_DIR, default
# /tmp/despina-bench); the 100,000-post one holds 550 MB of Markdown.
set -euo pipefail
(($# > 0)) || { echo "usage: bench-scaling.sh DESPINA_BINARY..." >&2; exit 2; }
settle=${SETTLE:-420}
bench=$(cd "$(dirname "$0")/../../shared/bench" && pwd)
work=${BENCH_DIR:-/tmp/despina-bench}
for posts in 10000 100000; do
  [[ -d $work/site-$posts/Content ]] || python3 "$bench/gen-corpus.py" "$work/site-$posts" --posts "$posts" >/dev/null
done

# One first build (`--verbose`, its steps kept in scaling-POSTS.log):
# prints "wall_seconds user system peak_kb".
timed() {
  local posts=$1 bin=$2
  /usr/bin/time -f "%e %U %S %M" -o "$work/scaling-time.txt" \
    "$bin" build "$work/site-$posts" --output "$work/scaling-$posts" --verbose >"$work/scaling-$posts.log" 2>&1 || {
    echo "failed: $bin at $posts posts" >&2; cat "$work/scaling-$posts.log" >&2; exit 1; }
  cat "$work/scaling-time.txt"
}

clear() {
  for posts in 10000 100000; do
    rm -rf "$work/scaling-$posts" "$work/.scaling-$posts".* "$work/site-$posts/.despina"
  done
}

for bin in "$@"; do
  bin=$(realpath "$bin")
  clear
  sleep "$settle"
  read -r w10 u10 s10 m10 < <(timed 10000 "$bin")
  read -r w100 u100 s100 m100 < <(timed 100000 "$bin")
  echo "$bin"
  echo "  10,000 posts:  ${w10} s (${u10} user, ${s10} system), peak $((m10 / 1024)) MB"
  echo "  100,000 posts: ${w100} s (${u100} user, ${s100} system), peak $((m100 / 1024)) MB"
  echo "  ratio: $(awk "BEGIN{printf \"%.2f\", $w100/$w10}") (user CPU $(awk "BEGIN{printf \"%.2f\", $u100/$u10}"))"
done
clear
