#!/usr/bin/env bash
# Installs the C libraries Despina links (cmark, libyaml, Snowball, jemalloc) from
# Debian's packages, and libcurl's development files (its header; the library
# is loaded when an https link is checked, see the README), then builds the
# command-line tool.
#
#   ./setup.sh && swift run despina build
set -euo pipefail
packages=(libcmark-dev libyaml-dev libstemmer-dev libjemalloc-dev libcurl4-openssl-dev pkg-config)
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if ((${#missing[@]})); then
  sudo=""
  [[ $(id -u) -ne 0 ]] && sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}"
fi
swift build
