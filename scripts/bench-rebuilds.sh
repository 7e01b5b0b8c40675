#!/usr/bin/env bash
# Times full builds, rebuilds with nothing changed, one-post edits and a
# template edit of the benchmark blog, and prints the medians and ratios.
#
#   scripts/bench-rebuilds.sh DESPINA_BINARY SITE_DIR [RUNS]
#
# SITE_DIR is a blog made by ../shared/bench/gen-corpus.py. Before each full
# build the output and the site's .despina cache are deleted, then the script
# waits SETTLE seconds (default 35): ext4 without a journal skips inodes freed in the last minute or more
# when it allocates new ones, which makes creating thousands of files right
# after deleting thousands of others many times slower, and that delay is
# the file system's, not the generator's. The edited post is restored at the end.
set -euo pipefail
bin=$(realpath "${1:?usage: bench-rebuilds.sh DESPINA_BINARY SITE_DIR [RUNS]}")
site=$(realpath "${2:?usage: bench-rebuilds.sh DESPINA_BINARY SITE_DIR [RUNS]}")
runs=${3:-3}
settle=${SETTLE:-35}
out=$(mktemp -d)/Output
post=$(ls "$site/Content/posts" | sort | sed -n 2p)
original=$(mktemp)
cp "$site/Content/posts/$post" "$original"
template_dir="$site/Templates"
had_templates=$([[ -d $template_dir ]] && echo yes || echo no)
cleanup() {
  cp "$original" "$site/Content/posts/$post"
  [[ $had_templates == no ]] && rm -rf "$template_dir"
  rm -rf "$(dirname "$out")"
}
trap cleanup EXIT

timed() {  # prints "seconds peak_kb"
  /usr/bin/time -f "%e %M" -o /tmp/bench-rebuilds-time "$bin" build "$site" --output "$out" >/dev/null 2>&1
  cat /tmp/bench-rebuilds-time
}
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

full=() fullmem=() nochange=() firstedit=() edit=() template=()
for ((i = 0; i < runs; i++)); do
  rm -rf "$out" "$(dirname "$out")"/.Output.* "$site/.despina"
  sleep "$settle"
  read -r seconds kb < <(timed); full+=("$seconds"); fullmem+=("$kb")
  read -r seconds kb < <(timed); nochange+=("$seconds")
  # The first rebuild after a build into an empty folder also starts the
  # previous generation (every file linked); it is reported apart.
  printf '\nEdited line %s.\n' "$i" >> "$site/Content/posts/$post"
  read -r seconds kb < <(timed); firstedit+=("$seconds")
  for edit_number in 1 2 3; do
    printf '\nAnother edit %s.%s\n' "$i" "$edit_number" >> "$site/Content/posts/$post"
    read -r seconds kb < <(timed); edit+=("$seconds")
  done
done
# A template edit: the site overrides the theme's list template with a copy
# that gains a comment each time (list pages change, post pages do not).
repo=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$template_dir"
cp "$repo/Templates/list.mustache" "$template_dir/list.mustache"
timed >/dev/null
for ((i = 0; i < runs; i++)); do
  echo "<!-- edit $i -->" >> "$template_dir/list.mustache"
  read -r seconds kb < <(timed); template+=("$seconds")
done
rm -f "$template_dir/list.mustache"
f=$(printf '%s\n' "${full[@]}" | median)
printf 'full build (empty output, no cache):   %s s   peak %s MB\n' "$f" $(( $(printf '%s\n' "${fullmem[@]}" | median) / 1024 ))
for name in nochange firstedit edit template; do
  declare -n values=$name
  m=$(printf '%s\n' "${values[@]}" | median)
  printf '%-38s %s s   %s of the full build\n' "$name:" "$m" "$(awk "BEGIN{printf \"%.1f%%\", 100*$m/$f}")"
done
