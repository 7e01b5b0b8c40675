#!/usr/bin/env bash
# Downloads the conformance suites the tests read from ../shared/spec/
# (beside the repository), at the versions the tests expect, for a clone
# on a machine with internet access:
#   - the Mustache spec's JSON tests, mustache/spec at commit 9cb20c3d;
#   - the CommonMark 0.30 examples, cmark's smart punctuation and
#     regression cases, from cmark's tag 0.30.2, turned into JSON by
#     scripts/spec_examples_to_json.py.
# Every file is checked against its SHA-256 before it is used.
# Usage: scripts/fetch-specs.sh [DESTINATION]   (default: ../shared/spec)
# MUSTACHE_SPEC_URL and CMARK_URL name a mirror of the two sources.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
destination="${1:-$root/../shared/spec}"
mustache="${MUSTACHE_SPEC_URL:-https://raw.githubusercontent.com/mustache/spec/9cb20c3d6ed32f4b800fd9db36b0706aec485b6a}"
cmark="${CMARK_URL:-https://raw.githubusercontent.com/commonmark/cmark/0.30.2}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

fetch() {   # URL SHA256 FILE
    curl -fsSL --retry 3 -o "$3" "$1"
    echo "$2  $3" | sha256sum --check --quiet -
}

mkdir -p "$work/mustache" "$work/commonmark"
while read -r sum name; do
    fetch "$mustache/specs/$name" "$sum" "$work/mustache/$name"
done <<'LIST'
e5e07151b538c62d3d00e585ff49e411817ba7eb834267fd5ad67225b6e025b6 comments.json
a5ac3b70e04ecd03f292977e172883a41c97a949201e7d6aa364054148df225e delimiters.json
530f691371198333f894a4b7c64cf7bdfd2247dfa04e769202c4c3fc31c28bf1 interpolation.json
8c5f81135bfad218ca9a4524221c3199e3b0e82654f9b4686013ca6ef93edaa5 inverted.json
61b0de5f51b8cb61259a7291aeaa2df26ef8e6b410be1d5ebd39e6e318a1f640 partials.json
f03d109633861186e788d8c63b63a4717635c3049f0d4378aa249dd303c7da82 sections.json
5daf2adbc92053d2528681d9e2b60d9e14d44a92f8e126687d4c4715590023ee ~dynamic-names.json
c8c6e533e0455b1fd2e7229cab9f47dc584acc6cb8c8979f18555a08058ac6c1 ~inheritance.json
26b8228d7889a151a7ca45578caa9e375b461d9ef1eb4b6968e2590089385b53 ~lambdas.json
LIST
fetch "$mustache/LICENSE" c88803846063bced3d18099a88a5896c2e4279e65a879655367d58f6836e7617 "$work/mustache/LICENSE"

while read -r sum name; do
    fetch "$cmark/test/$name.txt" "$sum" "$work/commonmark/$name.txt"
    python3 "$root/scripts/spec_examples_to_json.py" "$work/commonmark/$name.txt" > "$work/commonmark/$name.json"
    rm "$work/commonmark/$name.txt"
done <<'LIST'
b74aec17b162406c847fe0849aaee880c9bbba241e50e09ecb6664f13ce8a7a6 spec
d44701268d267e586de5d9de2426269e29af18c6d493b83788064c92f1460f0a regression
b1dcfb0e0b6f314cf087edc06f47d9271849da539acfbfac0b9d7b16f10139c9 smart_punct
LIST
cat > "$work/commonmark/LICENSE.spec" <<'TEXT'
The CommonMark spec (spec.txt, from which spec.json is made) is by John
MacFarlane, licensed under the Creative Commons BY-SA 4.0 license:
http://creativecommons.org/licenses/by-sa/4.0/
TEXT

mkdir -p "$destination"
for suite in mustache commonmark; do
    rm -rf "$destination/$suite"
    mv "$work/$suite" "$destination/$suite"
done
echo "conformance suites written to $destination"
