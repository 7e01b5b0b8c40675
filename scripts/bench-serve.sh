#!/usr/bin/env bash
# Serves the sample blog's home page three ways and loads each with wrk:
# `despina serve`, `python3 -m http.server` on the built output, and
# `hugo server` on the same posts (with the benchmark's Hugo templates).
# Prints requests/s, errors, and despina's RSS before and after three runs.
#
#   scripts/bench-serve.sh [DESPINA_BINARY]      (needs wrk and hugo: apt-get install wrk hugo)
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$(realpath "${1:-.build/release/despina}")
work=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$work"' EXIT
cp -r Content despina.yml "$work/"

load() {  # URL → "requests/s errors"
  wrk -c 64 -t 2 -d 10s "$1" | awk '/Requests\/sec/ {rps=$2} /Socket errors|Non-2xx/ {err=err $0 "; "} END {print rps, (err == "" ? "0 errors" : err)}'
}
wait_for() { for _ in $(seq 100); do curl -sf "$1" >/dev/null && return 0; sleep 0.1; done; echo "no answer from $1" >&2; exit 1; }

"$bin" serve "$work" --port 18181 >/dev/null 2>&1 &
pid=$!
wait_for http://127.0.0.1:18181/
echo "despina serve:  RSS before $(ps -o rss= -p $pid | tr -d ' ') KB"
for run in 1 2 3; do echo "  run $run: $(load http://127.0.0.1:18181/)  RSS $(ps -o rss= -p $pid | tr -d ' ') KB"; done

(cd "$work/.despina/preview" && exec python3 -m http.server 18182 --bind 127.0.0.1 >/dev/null 2>&1) &
wait_for http://127.0.0.1:18182/
echo "python3 -m http.server: $(load http://127.0.0.1:18182/)"

hugo_site="$work/hugo"
cp -r ../shared/bench/hugo "$hugo_site"
ln -s "$work/Content" "$hugo_site/Content"
hugo server --quiet -s "$hugo_site" --port 18183 --bind 127.0.0.1 >/dev/null 2>&1 &
wait_for http://127.0.0.1:18183/
echo "hugo server:    $(load http://127.0.0.1:18183/)"
