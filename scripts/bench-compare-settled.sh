#!/usr/bin/env bash
# The comparison of ../shared/bench/compare.sh (the same blog, the same Hugo
# templates, medians of RUNS), with the outputs deleted SETTLE seconds
# (default 35) before each timed build instead of right before it.
#
#   scripts/bench-compare-settled.sh DESPINA_BINARY [POSTS] [RUNS]
#
# Why: ext4 without a journal skips inodes freed in the last minute (or more) when it allocates new
# ones, so a build that creates 14,000 folders and files right after 14,000
# were deleted spends most of its time in the kernel (seen here: 7 to 20 s
# of system time for either tool, growing with every repetition). Despina is
# timed three times per run: with its cache (.despina/) and the previous site
# beside the output (.out-d.previous) deleted too ("cold": a first build),
# with the cache kept but the previous site deleted ("cache": parsed posts
# reused, every page made and written), and with both kept ("previous": what
# compare.sh measures after its warm-up, the output alone deleted).
set -euo pipefail
bin=$(realpath "${1:?usage: bench-compare-settled.sh DESPINA_BINARY [POSTS] [RUNS]}")
posts=${2:-10000}
runs=${3:-3}
settle=${SETTLE:-35}
bench=$(cd "$(dirname "$0")/../../shared/bench" && pwd)
work=${BENCH_DIR:-/tmp/despina-bench}
site=$work/site-$posts
[[ -d $site/Content ]] || python3 "$bench/gen-corpus.py" "$site" --posts "$posts" >/dev/null
hugo_site=$work/hugo-$posts
rm -rf "$hugo_site" && mkdir -p "$hugo_site"
cp -r "$bench/hugo/." "$hugo_site/"
ln -s "$site/Content" "$hugo_site/Content"

timed() {  # OUT COMMAND... → "wall peak_kb user sys"
  local out=$1; shift
  /usr/bin/time -f "%e %M %U %S" -o "$work/settled-time.txt" "$@" >/dev/null 2>"$work/settled-stderr.txt" || {
    echo "failed: $*" >&2; cat "$work/settled-stderr.txt" >&2; exit 1; }
  cat "$work/settled-time.txt"
}
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
declare -a cold=() cache=() previous=() hugo=() cold_mem=() cache_mem=() previous_mem=() hugo_mem=()
for ((i = 0; i < runs; i++)); do
  rm -rf "$work/out-d" "$work/.out-d.previous" "$site/.despina"; sleep "$settle"
  read -r w m u s < <(timed "$work/out-d" "$bin" build "$site" --output "$work/out-d")
  cold+=("$w"); cold_mem+=("$m"); echo "cold despina: $w s (user $u, sys $s), $((m / 1024)) MB" >&2
  rm -rf "$work/out-d" "$work/.out-d.previous"; sleep "$settle"
  read -r w m u s < <(timed "$work/out-d" "$bin" build "$site" --output "$work/out-d")
  cache+=("$w"); cache_mem+=("$m"); echo "cache despina: $w s (user $u, sys $s), $((m / 1024)) MB" >&2
  rm -rf "$work/out-d"; sleep "$settle"
  read -r w m u s < <(timed "$work/out-d" "$bin" build "$site" --output "$work/out-d")
  previous+=("$w"); previous_mem+=("$m"); echo "previous despina: $w s (user $u, sys $s), $((m / 1024)) MB" >&2
  rm -rf "$work/out-h"; sleep "$settle"
  read -r w m u s < <(timed "$work/out-h" hugo --quiet -s "$hugo_site" -d "$work/out-h")
  hugo+=("$w"); hugo_mem+=("$m"); echo "hugo:         $w s (user $u, sys $s), $((m / 1024)) MB" >&2
done
h=$(printf '%s\n' "${hugo[@]}" | median)
hm=$(printf '%s\n' "${hugo_mem[@]}" | median)
for name in cold cache previous; do
  declare -n walls=$name mems=${name}_mem
  d=$(printf '%s\n' "${walls[@]}" | median)
  dm=$(printf '%s\n' "${mems[@]}" | median)
  echo "$name: despina $d s, hugo $h s, wall ratio $(awk "BEGIN{printf \"%.3f\", $d/$h}"); peak $((dm / 1024)) MB vs $((hm / 1024)) MB, ratio $(awk "BEGIN{printf \"%.3f\", $dm/$hm}")"
done
