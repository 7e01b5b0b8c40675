#!/usr/bin/env python3
"""Compare a Jekyll or Hugo blog built by its own generator with the same blog
moved to Despina by `despina import`.

Usage (run through scripts/compare-migration.sh, which installs Hugo and
Jekyll when they are missing):

    scripts/compare-migration.sh [CORPUS...] [--corpus-dir DIR] [--despina BIN]
                                 [--work DIR] [--json FILE] [--old-only]
                                 [--report-only] [--worst N]

  CORPUS          a corpus folder name under the corpus directory (default:
                  every folder there that holds a Jekyll or Hugo site), or the
                  path of a site folder
  --corpus-dir    the folder of corpora (default: ../shared/corpus, relative
                  to the repository)
  --despina BIN   the despina binary (default: `despina` on PATH, else the
                  repository's .build/release or .build/debug binary)
  --work DIR      keep the temporary builds in DIR (default: a temporary
                  folder removed at the end)
  --json FILE     also write every figure and every miss as JSON
  --old-only      build with the original generator only and print the URL
                  shapes it published (no Despina side)
  --report-only   exit 0 even when a bar is missed
  --worst N       how many of the least similar posts to list (default 10)

For each corpus, the script
  1. copies the site to a temporary folder and builds it with its original
     generator, with minimal layouts the script writes (not the blog's theme):
     each post or page prints its title (`<h1 id="t">`), its date
     (`<time id="d" datetime="YYYY-MM-DD">`), its tags and categories
     (`<ul id="tags"><li>`) and its content (`<div id="body">`), and every
     page names its kind (`<meta name="compare-kind">`). Hugo keeps the
     blog's configuration but its theme, modules, output formats and other
     languages; a shortcode the blog defined itself is given a stand-in that
     writes its inner content. Jekyll keeps the blog's configuration with
     the plugins that are not installed removed; a Liquid tag that only such
     a plugin defines is given a stand-in that writes nothing (a block tag:
     its inner content), a missing include is an empty file, and a `link` or
     `post_url` to a document that is not in the corpus writes the path;
  2. runs `despina import COPY SITE` on a second, untouched copy, lays
     minimal templates (`SITE/Templates/post.mustache`, `page`, `list`, ...)
     that print the same marked elements over the theme, and runs
     `despina build SITE`;
  3. compares:
     (a) URLs: every URL the original generator published for a post, a page,
         a section or other list page (and every redirect page it wrote)
         answers in Despina's output, with the page at the same path
         (`/x/` -> `x/index.html`, `/x.html` -> `x.html`) or a redirect page
         there (`<meta http-equiv="refresh" content="0; url=...">`) that
         leads to a page; bar: 100 %;
     (b) for each post on both sides (matched by URL, or through the
         redirect): the title (whitespace collapsed), the day of the date,
         and the tags as sets compared case-insensitively, where the
         original's set is the union of its tags and categories (Jekyll's
         `tags` and `categories`, Hugo's taxonomies) and Despina's is the
         post's tags; bar: every matched post equal on all three;
     (c) the visible text of the content (tags stripped, script and style
         left out, entities decoded, whitespace collapsed): difflib
         SequenceMatcher ratio over the sequence of words (autojunk off,
         which stays fast on long posts where a ratio over characters does
         not); bar: at least 95 % of the matched posts at 0.98 or more;
     (d) no Despina page shows a Hugo shortcode (`{{<`, `{{%`), a Liquid tag
         (`{%`, `{{ site.`) or a footnote marker (`[^`) as visible text more
         often than the original page does (documentation posts show these
         in code on purpose); bar: none;
  4. prints a table per corpus, the misses and the worst posts, and exits 1
     when a bar is missed (unless --report-only), 2 on a usage or tool error.

Output is sorted, so two runs on the same inputs print the same report.
Python 3.11+ standard library only; Jekyll's YAML configuration is read
through Ruby, which Jekyll brings.
"""

from __future__ import annotations

import argparse
import difflib
import html
import html.parser
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
DEFAULT_CORPUS_DIR = REPO.parent / "shared" / "corpus"

BAR_URLS = 1.0          # share of the original URLs that must answer
BAR_META = 1.0          # share of matched posts with equal title, date, tags
BAR_BODY = 0.95         # share of matched posts whose text ratio is >= SIMILAR
SIMILAR = 0.98
# Template syntax and footnote markers that should not show as text; `{%`
# does not count the `{%` inside a Hugo `{{%`.
LEAK_PATTERNS = {"{{<": re.compile(r"\{\{<"), "{{%": re.compile(r"\{\{%"), "{%": re.compile(r"(?<!\{)\{%"),
                 "{{ site.": re.compile(r"\{\{-?\s*site\."), "[^": re.compile(r"\[\^")}

# Files of a corpus folder that describe the corpus rather than the blog.
CORPUS_METADATA = {"SOURCE.md"}


# --------------------------------------------------------------------------
# Small helpers


def log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


ANSI = re.compile(r"\x1b\[[0-9;]*m")


def run(cmd: list[str], cwd: Path | None = None, env: dict | None = None) -> subprocess.CompletedProcess:
    r = subprocess.run(cmd, cwd=cwd, env=env, text=True, capture_output=True)
    r.stdout, r.stderr = ANSI.sub("", r.stdout), ANSI.sub("", r.stderr)
    return r


def copy_site(src: Path, dst: Path) -> None:
    shutil.copytree(src, dst, ignore=lambda d, names: [n for n in names if Path(d) == src and n in CORPUS_METADATA])


def collapse(text: str) -> str:
    return " ".join(text.split())


def url_of(rel: str) -> str:
    """Output file path (relative, '/'-separated) -> the URL it serves."""
    if rel == "index.html":
        return "/"
    if rel.endswith("/index.html"):
        return "/" + rel[: -len("index.html")]
    return "/" + rel


def url_shape(url: str) -> str:
    """/blog/2024/01/02/some-post/ -> /blog/YYYY/MM/DD/SLUG/ (for the report)."""
    parts = url.split("/")
    if len([p for p in parts if p]) < 2:
        return url
    out = []
    for i, p in enumerate(parts):
        if p == "":
            out.append(p)
        elif re.fullmatch(r"(19|20)\d\d", p):
            out.append("YYYY")
        elif re.fullmatch(r"\d\d", p) and out and out[-1] in ("YYYY", "MM"):
            out.append("MM" if out[-1] == "YYYY" else "DD")
        elif i == len(parts) - 1 and "." in p:
            out.append("SLUG" + p[p.rindex("."):])
        elif i == len(parts) - 2 and parts[-1] == "":
            out.append("SLUG")
        else:
            out.append(p)
    return "/".join(out)


# --------------------------------------------------------------------------
# Reading built pages


@dataclass
class Page:
    rel: str                      # output path, relative
    url: str
    kind: str = ""                # post, page, home, section, taxonomy, term, list, redirect, other
    title: str | None = None
    date: str | None = None       # YYYY-MM-DD
    tags: list[str] = field(default_factory=list)
    body: str = ""                # visible text of the content, collapsed
    text: str = ""                # visible text of the whole page, collapsed
    redirect: str | None = None   # target of a meta refresh
    source: str = ""


class PageParser(html.parser.HTMLParser):
    """Pulls the marked elements out of a page of either generator."""

    SKIP = {"script", "style", "template", "noscript"}
    VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.meta: dict[str, str] = {}
        self.refresh: str | None = None
        self.title_parts: list[str] | None = None
        self.title: str | None = None
        self.date: str | None = None
        self.tags: list[str] = []
        self.tag_parts: list[str] | None = None
        self.in_tag_list = False
        self.body_parts: list[str] = []
        self.in_body = False
        self.text_parts: list[str] = []
        self.skip_depth = 0
        self.in_head_title = False

    def handle_starttag(self, tag, attrs):
        a = {k: (v or "") for k, v in attrs}
        if tag == "meta":
            if a.get("http-equiv", "").lower() == "refresh":
                self.refresh = a.get("content", "")
            elif "name" in a:
                self.meta[a["name"]] = a.get("content", "")
            return
        if tag in self.SKIP:
            self.skip_depth += 1
            return
        if tag == "title":
            self.in_head_title = True
        ident = a.get("id")
        if tag == "h1" and ident == "t" and self.title is None:
            self.title_parts = []
        elif tag == "time" and ident == "d":
            self.date = a.get("datetime", "")[:10] or None
        elif tag == "ul" and ident == "tags":
            self.in_tag_list = True
        elif tag == "li" and self.in_tag_list:
            self.tag_parts = []
        elif tag == "div" and ident == "body":
            self.in_body = True
        elif tag == "div" and ident == "body-end":
            self.in_body = False
        if tag in ("br", "p", "div", "li", "tr", "td", "th", "h1", "h2", "h3", "h4", "h5", "h6", "pre", "blockquote", "figcaption", "dt", "dd"):
            self._text(" ")

    def handle_endtag(self, tag):
        if tag in self.SKIP:
            self.skip_depth = max(0, self.skip_depth - 1)
            return
        if tag == "title":
            self.in_head_title = False
        if tag == "h1" and self.title_parts is not None:
            self.title = collapse("".join(self.title_parts))
            self.title_parts = None
        elif tag == "li" and self.tag_parts is not None:
            t = collapse("".join(self.tag_parts))
            if t:
                self.tags.append(t)
            self.tag_parts = None
        elif tag == "ul" and self.in_tag_list:
            self.in_tag_list = False
        if tag in ("p", "div", "li", "tr", "td", "th", "h1", "h2", "h3", "h4", "h5", "h6", "pre", "blockquote", "figcaption", "dt", "dd"):
            self._text(" ")

    def _text(self, data: str) -> None:
        if self.in_body:
            self.body_parts.append(data)
        self.text_parts.append(data)

    def handle_data(self, data):
        if self.skip_depth or self.in_head_title:
            return
        if self.title_parts is not None:
            self.title_parts.append(data)
        if self.tag_parts is not None:
            self.tag_parts.append(data)
        self._text(data)


def refresh_target(content: str) -> str | None:
    m = re.search(r"url\s*=\s*['\"]?([^'\"\s>]+)", content, re.I)
    return m.group(1) if m else None


def read_page(root: Path, rel: str, base_url: str = "") -> Page:
    raw = (root / rel).read_text(encoding="utf-8", errors="replace")
    p = PageParser()
    p.feed(raw)
    p.close()
    page = Page(rel=rel, url=url_of(rel))
    page.kind = p.meta.get("compare-kind", "")
    page.source = p.meta.get("compare-source", "")
    if p.refresh is not None and not page.kind:
        page.kind = "redirect"
        target = refresh_target(p.refresh) or ""
        page.redirect = local_url(target, base_url)
    if not page.kind:
        page.kind = "other"
    page.title = p.title
    page.date = p.date
    page.tags = p.tags
    page.body = collapse("".join(p.body_parts))
    page.text = collapse("".join(p.text_parts))
    return page


def local_url(target: str, base_url: str) -> str:
    """An absolute URL on the site's own host -> its root-relative path."""
    m = re.match(r"[a-z][a-z0-9+.-]*://[^/]+(/.*)?$", target, re.I)
    if m:
        return m.group(1) or "/"
    return target


def read_site(root: Path, base_url: str = "") -> dict[str, Page]:
    """Every HTML page of an output folder, by URL."""
    pages: dict[str, Page] = {}
    for path in sorted(root.rglob("*.html")):
        rel = path.relative_to(root).as_posix()
        if any(part.startswith(".") for part in path.relative_to(root).parts):
            continue
        page = read_page(root, rel, base_url)
        pages[page.url] = page
    return pages


# --------------------------------------------------------------------------
# The original generators


JEKYLL_LAYOUT = """<!DOCTYPE html>
<html>
<head>
<meta charset="utf-8">
<meta name="compare-kind" content="{% if page.collection == 'posts' %}post{% else %}page{% endif %}">
<meta name="compare-source" content="{{ page.path | escape }}">
<title>{{ page.title | escape }}</title>
</head>
<body>
<h1 id="t">{{ page.title | escape }}</h1>
{% if page.date %}<time id="d" datetime="{{ page.date | date: '%Y-%m-%d' }}"></time>{% endif %}
<ul id="tags">{% for t in page.tags %}<li class="tag">{{ t | escape }}</li>{% endfor %}{% for c in page.categories %}<li class="category">{{ c | escape }}</li>{% endfor %}</ul>
<div id="body">
{{ content }}
</div>
<div id="body-end"></div>
</body>
</html>
"""

JEKYLL_PLUGIN_HEAD = '''# Written by scripts/compare_migration.py for the comparison build only.
module CompareStubs
  # A Liquid tag that only a missing plugin defines: writes nothing.
  class Tag < Liquid::Tag
    def render(_context) = ""
  end
  # A Liquid block that only a missing plugin defines: writes its content.
  class Block < Liquid::Block
  end
  # `link` and `post_url` to a document that is not in the corpus write the
  # path they name instead of stopping the build.
  class Link < Jekyll::Tags::Link
    def render(context)
      super
    rescue StandardError
      Jekyll.logger.warn "compare:", "dangling link #{@relative_path}"
      "/" + @relative_path.to_s.strip.sub(/\\.[^.\\/]+\\z/, "")
    end
  end
  class PostUrl < Jekyll::Tags::PostUrl
    def render(context)
      super
    rescue StandardError
      Jekyll.logger.warn "compare:", "dangling post_url #{@orig_post}"
      "/" + @orig_post.to_s.strip
    end
  end
end
Liquid::Template.register_tag("link", CompareStubs::Link)
Liquid::Template.register_tag("post_url", CompareStubs::PostUrl)
'''

RUBY_YAML_TO_JSON = (
    'require "yaml"; require "json"; require "date"; '
    'print JSON.generate(YAML.safe_load(File.read(ARGV[0]), permitted_classes: [Date, Time, Symbol], aliases: true) || {})'
)


def ruby_yaml(path: Path) -> dict:
    r = run(["ruby", "-e", RUBY_YAML_TO_JSON, str(path)])
    if r.returncode != 0:
        raise RuntimeError(f"cannot read {path.name}: {r.stderr.strip()}")
    return json.loads(r.stdout)


def ruby_can_require(name: str) -> bool:
    return run(["ruby", "-e", f"require \"jekyll\"; require {json.dumps(name)}"]).returncode == 0


def front_matter_layouts(root: Path) -> set[str]:
    names = set()
    for path in root.rglob("*"):
        if path.suffix.lower() not in (".md", ".markdown", ".html", ".mkd", ".mkdn") or not path.is_file():
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        m = re.match(r"---[ \t]*\r?\n(.*?)\r?\n---", text, re.S)
        if m:
            for lm in re.finditer(r"^layout:\s*['\"]?([\w.-]+)", m.group(1), re.M):
                names.add(lm.group(1))
    return names


@dataclass
class OldBuild:
    generator: str
    output: Path
    base_url: str
    notes: list[str] = field(default_factory=list)
    seconds: float = 0.0


def build_jekyll(src: Path, work: Path) -> OldBuild:
    site = work / "old-src"
    out = work / "old-out"
    copy_site(src, site)
    config = ruby_yaml(site / "_config.yml")
    notes = []

    plugins = config.get("plugins") or config.get("gems") or []
    kept, removed = [], []
    for name in plugins:
        (kept if ruby_can_require(name) else removed).append(name)
    override: dict = {"plugins": kept, "theme": None, "plugins_dir": "_compare_plugins",
                      "layouts_dir": "_compare_layouts", "includes_dir": "_compare_includes"}
    if config.get("gems"):
        override["gems"] = kept
    notes.append("Jekyll plugins removed (not installed): " + (", ".join(removed) or "none")
                 + "; kept: " + (", ".join(kept) or "none"))

    layouts = {"default"} | front_matter_layouts(site)
    for d in config.get("defaults") or []:
        layout = (d.get("values") or {}).get("layout")
        if layout:
            layouts.add(str(layout))
    (site / "_compare_layouts").mkdir()
    for name in sorted(layouts):
        (site / "_compare_layouts" / f"{name}.html").write_text(JEKYLL_LAYOUT, encoding="utf-8")
    notes.append("layouts mapped to the minimal one: " + ", ".join(sorted(layouts)))
    (site / "_compare_includes").mkdir()
    (site / "_compare_plugins").mkdir()
    (site / "_compare_config.yml").write_text(json.dumps(override, indent=1) + "\n", encoding="utf-8")

    stub_tags: dict[str, str] = {}
    stub_includes: list[str] = []
    sources = "\n".join(p.read_text(encoding="utf-8", errors="replace") for p in site.rglob("*")
                        if p.is_file() and p.suffix.lower() in (".md", ".markdown", ".html"))
    for attempt in range(40):
        plugin = JEKYLL_PLUGIN_HEAD + "".join(
            f'Liquid::Template.register_tag({json.dumps(t)}, CompareStubs::{k})\n' for t, k in sorted(stub_tags.items()))
        (site / "_compare_plugins" / "compare_stubs.rb").write_text(plugin, encoding="utf-8")
        if out.exists():
            shutil.rmtree(out)
        r = run(["jekyll", "build", "--source", str(site), "--destination", str(out),
                 "--config", f"{site / '_config.yml'},{site / '_compare_config.yml'}"], cwd=site)
        if r.returncode == 0:
            break
        err = r.stdout + r.stderr
        m = re.search(r"Unknown tag '([\w-]+)'", err)
        if m:
            tag = m.group(1)
            stub_tags[tag] = "Block" if re.search(r"\{%-?\s*end" + re.escape(tag) + r"\b", sources) else "Tag"
            continue
        m = re.search(r"Could not locate the included file '([^']+)'", err)
        if m:
            inc = site / "_compare_includes" / m.group(1)
            inc.parent.mkdir(parents=True, exist_ok=True)
            inc.write_text("", encoding="utf-8")
            stub_includes.append(m.group(1))
            continue
        raise RuntimeError("jekyll build failed:\n" + err[-3000:])
    else:
        raise RuntimeError("jekyll build: too many stand-ins needed")
    if stub_tags:
        notes.append("Liquid tags of missing plugins given stand-ins: "
                     + ", ".join(f"{t} ({'block: inner content' if k == 'Block' else 'writes nothing'})"
                                 for t, k in sorted(stub_tags.items())))
    if stub_includes:
        notes.append("missing includes made empty: " + ", ".join(sorted(stub_includes)))
    liquid_warnings = re.findall(r"Liquid Warning: (.+)", r.stdout + r.stderr)
    if liquid_warnings:
        notes.append(f"Jekyll printed {len(liquid_warnings)} Liquid warning(s) (the text stays as Jekyll renders it), e.g. "
                     + liquid_warnings[0].split(" in /")[0][:120])
    dangling = sorted(set(re.findall(r"compare: +dangling (?:link|post_url) (.+)", r.stdout + r.stderr)))
    if dangling:
        notes.append(f"{len(dangling)} link/post_url target(s) not in the corpus, written as their path: "
                     + ", ".join(d.strip() for d in dangling[:8]) + (" …" if len(dangling) > 8 else ""))
    base = str(config.get("url") or "").rstrip("/") + str(config.get("baseurl") or "")
    return OldBuild("jekyll", out, base, notes)


HUGO_SINGLE = """<!DOCTYPE html>
<html>
<head>
<meta charset="utf-8">
<meta name="compare-kind" content="{{ if eq .Kind "page" }}{{ if .Section }}post{{ else }}page{{ end }}{{ else }}{{ .Kind }}{{ end }}">
<meta name="compare-source" content="{{ with .File }}{{ .Path }}{{ end }}">
<title>{{ .Title }}</title>
</head>
<body>
<h1 id="t">{{ .Title }}</h1>
{{ if not .Date.IsZero }}<time id="d" datetime="{{ .Date.Format "2006-01-02" }}"></time>{{ end }}
<ul id="tags">TAXONOMIES</ul>
<div id="body">
{{ .Content }}
</div>
<div id="body-end"></div>
</body>
</html>
"""

HUGO_TAXONOMY = """{{ with .Params.NAME }}{{ if reflect.IsSlice . }}{{ range . }}<li class="NAME">{{ . }}</li>{{ end }}{{ else }}<li class="NAME">{{ . }}</li>{{ end }}{{ end }}"""

HUGO_LIST = """<!DOCTYPE html>
<html>
<head>
<meta charset="utf-8">
<meta name="compare-kind" content="{{ .Kind }}">
<title>{{ .Title }}</title>
</head>
<body>
<h1 id="t">{{ .Title }}</h1>
<ul id="pages">{{ range .Pages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}</ul>
</body>
</html>
"""

# A stand-in for a shortcode the blog defined: its inner content. Called as
# {{% name %}}, Hugo has rendered that content as Markdown already; called as
# {{< name >}}, it is raw, and the stand-in renders it as Markdown, as a
# blog's own note or warning shortcode does (`.Inner | markdownify`).
HUGO_SHORTCODE_STUB = "{{ .Inner }}"
HUGO_SHORTCODE_STUB_MARKDOWN = '{{ .Inner | .Page.RenderString (dict "display" "block") }}'

# Configuration that names the theme, its modules or files this copy lacks.
HUGO_DROPPED_KEYS = ["theme", "themesDir", "module", "outputs", "outputFormats", "mediaTypes",
                     "enableGitInfo", "caches", "segments", "imaging", "services", "menu", "menus",
                     "security", "deployment", "minify", "build"]


def hugo_config_file(site: Path) -> Path | None:
    for name in ("hugo.toml", "hugo.json", "config.toml", "config.json"):
        if (site / name).exists():
            return site / name
    return None


def read_hugo_config(path: Path) -> dict:
    if path.suffix == ".toml":
        with path.open("rb") as f:
            return tomllib.load(f)
    return json.loads(path.read_text(encoding="utf-8"))


def build_hugo(src: Path, work: Path) -> OldBuild:
    site = work / "old-src"
    out = work / "old-out"
    copy_site(src, site)
    cfg_path = hugo_config_file(site)
    if cfg_path is None:
        raise RuntimeError("no hugo.toml or config.toml")
    config = read_hugo_config(cfg_path)
    notes = []
    dropped = [k for k in HUGO_DROPPED_KEYS if k in config]
    for k in dropped:
        del config[k]
    langs = config.get("languages")
    if isinstance(langs, dict):
        default = config.get("defaultContentLanguage", "en")
        others = sorted(k for k in langs if k != default)
        config["languages"] = {k: v for k, v in langs.items() if k == default}
        if others:
            notes.append(f"other languages dropped (no content in the corpus): {len(others)}")
    notes.append("Hugo configuration kept but: " + ", ".join(dropped))
    taxonomies = config.get("taxonomies")
    names = sorted(set(taxonomies.values())) if isinstance(taxonomies, dict) else ["categories", "tags"]

    layouts = site / "layouts"
    (layouts / "_default").mkdir(parents=True, exist_ok=True)
    single = HUGO_SINGLE.replace("TAXONOMIES", "".join(HUGO_TAXONOMY.replace("NAME", n) for n in names))
    (layouts / "_default" / "single.html").write_text(single, encoding="utf-8")
    (layouts / "_default" / "list.html").write_text(HUGO_LIST, encoding="utf-8")
    cfg_out = site / "compare.hugo.json"
    cfg_out.write_text(json.dumps(config, indent=1, default=str) + "\n", encoding="utf-8")

    stubs: list[str] = []
    sources = "\n".join(p.read_text(encoding="utf-8", errors="replace") for p in (site / "content").rglob("*")
                        if p.is_file() and p.suffix.lower() in (".md", ".markdown", ".html"))
    for attempt in range(60):
        if out.exists():
            shutil.rmtree(out)
        r = run(["hugo", "--source", str(site), "--destination", str(out), "--config", str(cfg_out),
                 "--noBuildLock"])
        if r.returncode == 0:
            break
        err = r.stdout + r.stderr
        m = re.search(r'template for shortcode "([^"]+)" not found', err)
        if m:
            name = m.group(1)
            (layouts / "shortcodes").mkdir(exist_ok=True)
            # Hugo wants a closing tag for a shortcode whose template reads
            # .Inner: a shortcode the blog never closes gets an empty one.
            closed = re.search(r"\{\{[<%]\s*/\s*" + re.escape(name) + r"\s*[>%]\}\}", sources)
            percent = re.search(r"\{\{%\s*" + re.escape(name) + r"\b", sources)
            if not closed:
                stub, how = "", "writes nothing: never closed"
            elif percent:
                stub, how = HUGO_SHORTCODE_STUB, "inner content, as {{% %}} renders it"
            else:
                stub, how = HUGO_SHORTCODE_STUB_MARKDOWN, "inner content rendered as Markdown"
            (layouts / "shortcodes" / f"{name}.html").write_text(stub, encoding="utf-8")
            stubs.append(f"{name} ({how})")
            continue
        raise RuntimeError("hugo build failed:\n" + err[-3000:])
    else:
        raise RuntimeError("hugo build: too many stand-ins needed")
    notes.append("shortcodes the blog defined, given stand-ins: " + (", ".join(sorted(stubs)) or "none"))
    return OldBuild("hugo", out, str(config.get("baseURL", "")), notes)


def detect_generator(site: Path) -> str | None:
    if (site / "_config.yml").exists() or (site / "_config.yaml").exists():
        return "jekyll"
    if hugo_config_file(site):
        return "hugo"
    return None


# --------------------------------------------------------------------------
# Despina


DESPINA_POST = """<!DOCTYPE html>
<html lang="{{lang}}">
<head>
<meta charset="utf-8">
<meta name="compare-kind" content="{{#post.isPage}}page{{/post.isPage}}{{^post.isPage}}post{{/post.isPage}}">
<title>{{post.title}}</title>
</head>
<body>
{{#post}}
<h1 id="t">{{title}}</h1>
{{#hasDate}}<time id="d" datetime="{{dateISO}}"></time>{{/hasDate}}
<ul id="tags">{{#tags}}<li class="tag">{{name}}</li>{{/tags}}</ul>
<div id="body">
{{{contentHTML}}}
</div>
<div id="body-end"></div>
{{/post}}
</body>
</html>
"""

DESPINA_LIST = """<!DOCTYPE html>
<html lang="{{lang}}">
<head>
<meta charset="utf-8">
<meta name="compare-kind" content="{{page.kind}}">
<title>{{page.title}}</title>
</head>
<body>
<h1 id="t">{{page.heading}}</h1>
<ul id="pages">{{#posts}}<li><a href="{{url}}">{{title}}</a></li>{{/posts}}</ul>
</body>
</html>
"""

# Page templates of the built-in theme that the comparison replaces; the
# redirect template stays Despina's own, so its real redirect pages are read.
DESPINA_LIST_TEMPLATES = ["list", "tags", "archive", "series", "series-index", "search", "404"]


def find_despina(explicit: str | None) -> str | None:
    if explicit:
        return explicit
    found = shutil.which("despina")
    if found:
        return found
    for cand in (REPO / ".build" / "release" / "despina", REPO / ".build" / "debug" / "despina"):
        if cand.exists():
            return str(cand)
    return None


def despina_has_import(binary: str) -> bool:
    r = run([binary, "--help"])
    return bool(re.search(r"^\s+import\b", r.stdout + r.stderr, re.M))


def despina_layouts(content: Path) -> set[str]:
    names = set()
    for path in content.rglob("*.md"):
        text = path.read_text(encoding="utf-8", errors="replace")
        m = re.match(r"(?:---|\+\+\+)[ \t]*\r?\n(.*?)\r?\n(?:---|\+\+\+)", text, re.S)
        if m:
            for lm in re.finditer(r"^layout\s*[:=]\s*['\"]?([\w.-]+)", m.group(1), re.M):
                names.add(lm.group(1))
    return names


@dataclass
class DespinaBuild:
    output: Path
    base_url: str
    notes: list[str] = field(default_factory=list)


def build_despina(binary: str, src: Path, work: Path) -> DespinaBuild:
    pristine = work / "import-src"
    site = work / "despina-site"
    copy_site(src, pristine)
    r = run([binary, "import", str(pristine), str(site)])
    if r.returncode != 0:
        raise RuntimeError("despina import failed:\n" + (r.stdout + r.stderr)[-3000:])
    notes = []
    warnings = warning_summary(r.stdout + r.stderr)
    if warnings:
        notes.append("despina import warnings: " + warnings)
    return build_despina_site(binary, site, notes)


def warning_summary(output: str, top: int = 8) -> str:
    """Warnings grouped by message (file positions and quoted names left
    out), the most frequent first."""
    counts: dict[str, int] = {}
    for line in output.splitlines():
        m = re.search(r"warning: (.*)", line)
        if m:
            key = m.group(1).strip()
            if not key.startswith("unknown key"):
                key = re.sub(r"'[^']*'", "'…'", key)
            key = re.sub(r"\[\^[^\]]*\]", "[^…]", key)
            counts[key] = counts.get(key, 0) + 1
    if not counts:
        return ""
    ranked = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
    text = "; ".join(f"{n}× {k}" for k, n in ranked[:top])
    if len(ranked) > top:
        text += f"; … {sum(n for _, n in ranked[top:])} more of {len(ranked) - top} other kinds"
    return f"{sum(counts.values())} in all: {text}"


def build_despina_site(binary: str, site: Path, notes: list[str] | None = None) -> DespinaBuild:
    notes = notes if notes is not None else []
    templates = site / "Templates"
    templates.mkdir(exist_ok=True)
    own = sorted(p.name for p in templates.glob("*.mustache"))
    if own:
        notes.append("templates the import wrote, replaced by the minimal ones: " + ", ".join(own))
    names = {"post", "page", "poem"} | despina_layouts(site / "Content") | {p.stem for p in templates.glob("*.mustache")}
    names -= set(DESPINA_LIST_TEMPLATES) | {"redirect", "layout"}
    for name in sorted(names):
        (templates / f"{name}.mustache").write_text(DESPINA_POST, encoding="utf-8")
    for name in DESPINA_LIST_TEMPLATES:
        (templates / f"{name}.mustache").write_text(DESPINA_LIST, encoding="utf-8")
    r = run([binary, "build", str(site)])
    if r.returncode != 0:
        raise RuntimeError("despina build failed:\n" + (r.stdout + r.stderr)[-3000:])
    warnings = warning_summary(r.stdout + r.stderr)
    if warnings:
        notes.append("despina build warnings: " + warnings)
    base = ""
    cfg = site / "despina.yml"
    if cfg.exists():
        m = re.search(r"^baseURL:\s*['\"]?([^'\"\s]+)", cfg.read_text(encoding="utf-8"), re.M)
        if m:
            base = m.group(1)
    return DespinaBuild(site / "Output", base, notes)


# --------------------------------------------------------------------------
# Comparison

CONTENT_KINDS = {"post", "page"}
LIST_KINDS = {"home", "section", "taxonomy", "term", "list", "tag", "tags", "archive"}


def words(text: str) -> list[str]:
    return text.split()


def similarity(a: str, b: str) -> float:
    if a == b:
        return 1.0
    wa, wb = words(a), words(b)
    if not wa and not wb:
        return 1.0
    return difflib.SequenceMatcher(None, wa, wb, autojunk=False).ratio()


TYPOGRAPHY = str.maketrans({"‘": "'", "’": "'", "‚": "'", "“": '"', "”": '"', "„": '"', "–": "-", "—": "-",
                            "…": "...", "«": "<<", "»": ">>", "\u00a0": " "})


def fold_typography(text: str) -> str:
    """Smart quotes, dashes and ellipses as typed: what smart punctuation
    (kramdown's default, Goldmark's typographer) changes."""
    text = text.translate(TYPOGRAPHY)
    return re.sub(r"-{2,3}", "-", text)


def diff_hint(a: str, b: str, width: int = 70) -> str:
    """The first place where the two texts part, as a short hint."""
    wa, wb = words(a), words(b)
    sm = difflib.SequenceMatcher(None, wa, wb, autojunk=False)
    hints = []
    for op, i1, i2, j1, j2 in sm.get_opcodes():
        if op == "equal":
            continue
        old = " ".join(wa[i1:i2])
        new = " ".join(wb[j1:j2])
        hints.append((max(len(old), len(new)), op, old, new, " ".join(wa[max(0, i1 - 4):i1])))
    if not hints:
        return ""
    hints.sort(key=lambda h: -h[0])
    size, op, old, new, before = hints[0]

    def cut(s: str) -> str:
        return s if len(s) <= width else s[:width] + "…"
    return f"after «{cut(before)}»: old «{cut(old)}» / new «{cut(new)}» ({len(hints)} changes)"


def resolve(url: str, new_pages: dict[str, Page], new_root: Path, hops: int = 4) -> tuple[Page | None, list[str]]:
    """Follow `url` in Despina's output: the page it lands on and the chain."""
    chain = []
    cur = url
    for _ in range(hops):
        page = new_pages.get(cur)
        if page is None and not cur.endswith("/") and not re.search(r"\.[A-Za-z0-9]+$", cur):
            # An extensionless URL: the page a server gives for it.
            for alt in (cur + ".html", cur + "/"):
                if alt in new_pages:
                    page = new_pages[alt]
                    break
        if page is None:
            return None, chain
        chain.append(page.url)
        if page.kind == "redirect" and page.redirect:
            target = page.redirect.split("#")[0]
            if not target.startswith("/"):
                target = "/" + target
            cur = target
            continue
        return page, chain
    return None, chain


def slug_of(url: str) -> str:
    part = url.rstrip("/").rsplit("/", 1)[-1]
    return re.sub(r"\.html?$", "", part)


def shape_of(parts: list[str]) -> str:
    """['2024', '01', '02'] -> /YYYY/MM/DD/"""
    names, out = iter(["MM", "DD"]), []
    for x in parts:
        out.append("YYYY" if len(x) == 4 else next(names, "NN"))
    return "/" + "/".join(out) + "/"


def slug_change(a: str, b: str) -> str:
    if a.lower() == b:
        return "slug lowercased"
    if re.sub(r"[^a-z0-9]+", "-", a.lower()).strip("-") == b:
        return "slug punctuation (" + " ".join(sorted(set(re.findall(r"[^A-Za-z0-9-]", a)))) + ") turned into '-'"
    return "slug differs"


def miss_cause(url: str, old: Page, new_pages: dict[str, Page], by_title: dict[str, list[Page]],
               by_slug: dict[str, list[Page]]) -> tuple[str, str]:
    """A guess at why `url` does not answer in Despina's output: a cause to
    group misses by, and the detail of this one."""
    if url.endswith(".html") and url + "/" in new_pages:
        return ("a '.html' URL written as a folder (x.html/index.html), not as the file x.html",
                f"{url}index.html exists, {url} does not")
    cands = []
    if old.title:
        cands = [p for p in by_title.get(old.title.casefold(), []) if p.kind in CONTENT_KINDS]
    if not cands:
        cands = [p for p in by_slug.get(slug_of(url).casefold(), []) if p.kind in CONTENT_KINDS | LIST_KINDS]
    if not cands:
        if old.kind in LIST_KINDS:
            return (f"no {old.kind} page in Despina's output", "")
        return ("no page with this title or slug in Despina's output", f"source {old.source}" if old.source else "")
    new = sorted(cands, key=lambda p: p.url)[0]
    a, b = url.strip("/").split("/"), new.url.strip("/").split("/")
    why = []
    if url.lower() == new.url.lower():
        why.append("case differs")
    elif url.endswith(".html") and not new.url.endswith(".html"):
        why.append("'.html' URL became a folder URL")
    date_a = [x for x in a[:-1] if re.fullmatch(r"\d{2}|\d{4}", x)]
    date_b = [x for x in b[:-1] if re.fullmatch(r"\d{2}|\d{4}", x)]
    if date_a != date_b:
        if not date_b:
            why.append(f"date folders {shape_of(date_a)} dropped")
        elif shape_of(date_a) == shape_of(date_b):
            why.append(f"date folders {shape_of(date_a)} hold another date (time zone?)")
        else:
            why.append(f"date folders {shape_of(date_a)} became {shape_of(date_b)}")
    rest_a = [x for x in a[:-1] if x not in date_a]
    rest_b = [x for x in b[:-1] if x not in date_b]
    if rest_a != rest_b:
        why.append(f"folders /{'/'.join(rest_a)}/ became /{'/'.join(rest_b)}/".replace("//", "/"))
    if slug_of(url) != slug_of(new.url) and url.lower() != new.url.lower():
        why.append(slug_change(slug_of(url), slug_of(new.url)))
    group = (", ".join(why) or "path differs") + "; no redirect at the old URL"
    return group, f"now at {new.url}"


@dataclass
class Result:
    corpus: str
    generator: str
    old_counts: dict = field(default_factory=dict)
    new_counts: dict = field(default_factory=dict)
    url_total: int = 0
    url_ok: int = 0
    url_by_kind: dict = field(default_factory=dict)
    url_misses: list = field(default_factory=list)
    matched: int = 0
    meta_ok: int = 0
    meta_mismatches: list = field(default_factory=list)
    body_ok: int = 0
    body_ok_if_typography_folded: int = 0
    body_scores: list = field(default_factory=list)
    leaks: list = field(default_factory=list)
    leak_total: int = 0
    notes: list = field(default_factory=list)
    shapes: dict = field(default_factory=dict)
    quirks: list = field(default_factory=list)
    old_pages: list = field(default_factory=list)
    error: str | None = None

    def bars(self) -> dict[str, bool]:
        if self.error:
            return {"build": False}
        return {
            "urls": self.url_total == 0 or self.url_ok / self.url_total >= BAR_URLS,
            "meta": self.matched == 0 or self.meta_ok / self.matched >= BAR_META,
            "body": self.matched > 0 and self.body_ok / self.matched >= BAR_BODY,
            "leaks": self.leak_total == 0,
        }


def count_kinds(pages: dict[str, Page]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for p in pages.values():
        counts[p.kind] = counts.get(p.kind, 0) + 1
    return dict(sorted(counts.items()))


def old_url_shapes(pages: dict[str, Page]) -> dict[str, dict[str, int]]:
    shapes: dict[str, dict[str, int]] = {}
    for p in pages.values():
        if p.kind == "other":
            continue
        s = shapes.setdefault(p.kind, {})
        shape = url_shape(p.url)
        s[shape] = s.get(shape, 0) + 1
    return {k: dict(sorted(v.items(), key=lambda kv: (-kv[1], kv[0]))) for k, v in sorted(shapes.items())}


def url_quirks(pages: dict[str, Page]) -> list[str]:
    """Where the original's post URLs do not follow from the file name alone:
    what an import has to reproduce."""
    day_shift, slug_other, kept_case = [], [], []
    for p in sorted(pages.values(), key=lambda p: p.url):
        if p.kind not in CONTENT_KINDS or not p.source:
            continue
        path = Path(p.source)
        stem = path.parent.name if path.stem in ("index", "_index") else path.stem
        m = re.match(r"(\d{4})-(\d\d)-(\d\d)-(.*)", stem)
        if m:
            stem = m.group(4)
            file_day = "/".join(m.groups()[:3])
            if re.search(r"/\d{4}/\d\d/\d\d/", p.url) and f"/{file_day}/" not in p.url:
                day_shift.append(f"{p.source} → {p.url}")
        slug = slug_of(p.url)
        if slug != stem and slug.casefold() != re.sub(r"\s+", "-", stem).casefold():
            slug_other.append(f"{p.source} → {p.url}")
        elif slug != slug.lower():
            kept_case.append(p.url)
    out = []
    if day_shift:
        out.append(f"{len(day_shift)} post URL(s) carry another day than the file name (the date in the site's "
                   f"time zone): " + "; ".join(day_shift[:3]) + (" …" if len(day_shift) > 3 else ""))
    if slug_other:
        out.append(f"{len(slug_other)} post URL(s) whose last part is not the file name (slug or title in front "
                   f"matter): " + "; ".join(slug_other[:3]) + (" …" if len(slug_other) > 3 else ""))
    if kept_case:
        out.append(f"{len(kept_case)} post URL(s) keep upper-case letters of the file name, e.g. {kept_case[0]}")
    return out


def compare(res: Result, old_pages: dict[str, Page], new_pages: dict[str, Page], new_root: Path) -> None:
    by_title: dict[str, list[Page]] = {}
    by_slug: dict[str, list[Page]] = {}
    for p in new_pages.values():
        if p.title:
            by_title.setdefault(p.title.casefold(), []).append(p)
        by_slug.setdefault(slug_of(p.url).casefold(), []).append(p)

    res.new_counts = count_kinds(new_pages)
    counterpart: dict[str, Page] = {}   # old URL -> Despina page it lands on
    for url, old in sorted(old_pages.items()):
        if old.kind == "other":
            continue   # not a page of the blog (404 page, the generator's own files)
        kind_tally = res.url_by_kind.setdefault(old.kind, [0, 0])
        kind_tally[1] += 1
        res.url_total += 1
        page, chain = resolve(url, new_pages, new_root)
        if old.kind == "redirect":
            # An old redirect answers when it still leads to the page the
            # original redirect led to.
            target, _ = resolve(old.redirect or "", new_pages, new_root) if old.redirect else (None, [])
            ok = page is not None and (target is None or page.url == target.url)
        else:
            ok = page is not None and page.kind != "redirect"
        if ok:
            res.url_ok += 1
            kind_tally[0] += 1
            counterpart[url] = page
        else:
            cause, detail = miss_cause(url, old, new_pages, by_title, by_slug)
            res.url_misses.append({"url": url, "kind": old.kind, "source": old.source,
                                   "cause": cause, "detail": detail})

    for url, old in sorted(old_pages.items()):
        if old.kind not in CONTENT_KINDS or url not in counterpart:
            continue
        new = counterpart[url]
        res.matched += 1
        problems = []
        if collapse(old.title or "") != collapse(new.title or ""):
            problems.append(f"title «{old.title}» / «{new.title}»")
        if (old.date or "") != (new.date or ""):
            problems.append(f"date {old.date} / {new.date}")
        ot = {t.casefold() for t in old.tags}
        nt = {t.casefold() for t in new.tags}
        if ot != nt:
            problems.append("tags " + ", ".join(
                [f"-{t}" for t in sorted(ot - nt)] + [f"+{t}" for t in sorted(nt - ot)]))
        if problems:
            res.meta_mismatches.append({"url": url, "new_url": new.url, "problems": problems})
        else:
            res.meta_ok += 1
        score = similarity(old.body, new.body)
        if score >= SIMILAR:
            res.body_ok += 1
        entry = {"url": url, "new_url": new.url, "score": round(score, 4),
                 "old_words": len(words(old.body)), "new_words": len(words(new.body)), "hint": ""}
        if score < SIMILAR:
            folded = similarity(fold_typography(old.body), fold_typography(new.body))
            entry["score_typography_folded"] = round(folded, 4)
            entry["hint"] = diff_hint(old.body, new.body)
            if folded >= SIMILAR:
                res.body_ok_if_typography_folded += 1
                entry["hint"] += f"; {folded:.3f} with smart quotes, dashes and ellipses folded"
        res.body_scores.append(entry)

    # The original page behind each Despina page (not an old redirect to it).
    old_by_new = {p.url: old_pages[u] for u, p in sorted(counterpart.items()) if old_pages[u].kind != "redirect"}
    for url, new in sorted(new_pages.items()):
        if new.kind == "redirect":
            continue
        visible = new.body if new.kind in CONTENT_KINDS else new.text
        old = old_by_new.get(url)
        old_visible = (old.body if old.kind in CONTENT_KINDS else old.text) if old else ""
        found = []
        for pat, rx in LEAK_PATTERNS.items():
            hits = list(rx.finditer(visible))
            n = len(hits) - len(rx.findall(old_visible))
            if n > 0:
                i = hits[0].start()
                found.append({"pattern": pat, "count": n,
                              "context": visible[max(0, i - 30): i + 50]})
        if found:
            res.leak_total += sum(f["count"] for f in found)
            res.leaks.append({"url": url, "found": found})
    # What each post below the bar has: syntax left showing, only smart
    # punctuation, or something else (see its hint).
    leaky = {l["url"]: sorted(f["pattern"] for f in l["found"]) for l in res.leaks}
    for entry in res.body_scores:
        if entry["score"] >= SIMILAR:
            continue
        if entry["new_url"] in leaky:
            entry["cause"] = "shows " + " ".join(leaky[entry["new_url"]]) + " as text"
        elif entry.get("score_typography_folded", 0) >= SIMILAR:
            entry["cause"] = "smart punctuation only"
        else:
            entry["cause"] = "other"
    res.body_scores.sort(key=lambda s: (s["score"], s["url"]))


# --------------------------------------------------------------------------
# Report


def pct(a: int, b: int) -> str:
    return "—" if b == 0 else f"{100 * a / b:.1f}%"


def print_report(results: list[Result], old_only: bool, worst: int) -> None:
    out = sys.stdout
    for r in results:
        print(f"\n## {r.corpus} ({r.generator})", file=out)
        for n in r.notes:
            print(f"- {n}", file=out)
        if r.error:
            print(f"- ERROR: {r.error}", file=out)
        print("- original generator's pages: " + ", ".join(f"{k} {v}" for k, v in r.old_counts.items()), file=out)
        print("- URL shapes published by the original generator:", file=out)
        for kind, shapes in r.shapes.items():
            print(f"  - {kind}: " + ", ".join(f"{s} ×{n}" for s, n in shapes.items()), file=out)
        for q in r.quirks:
            print(f"  - {q}", file=out)
        if old_only or r.error:
            continue
        print("- Despina's pages: " + ", ".join(f"{k} {v}" for k, v in r.new_counts.items()), file=out)
        print(f"- (a) URLs answered: {r.url_ok}/{r.url_total} ({pct(r.url_ok, r.url_total)}); by kind: "
              + ", ".join(f"{k} {v[0]}/{v[1]}" for k, v in sorted(r.url_by_kind.items())), file=out)
        if r.url_misses:
            groups: dict[str, list[dict]] = {}
            for m in r.url_misses:
                groups.setdefault(f"{m['kind']}: {m['cause']}", []).append(m)
            print("  misses by cause:", file=out)
            for key, ms in sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0])):
                print(f"  - {key}: {len(ms)}", file=out)
                for m in ms[:5]:
                    print(f"    - {m['url']}" + (f" — {m['detail']}" if m["detail"] else ""), file=out)
                if len(ms) > 5:
                    print(f"    - … {len(ms) - 5} more (see --json)", file=out)
        print(f"- (b) posts and pages matched: {r.matched}; title, date and tags equal: {r.meta_ok} "
              f"({pct(r.meta_ok, r.matched)})", file=out)
        if r.meta_mismatches:
            groups = {}
            for m in r.meta_mismatches:
                for p in m["problems"]:
                    groups.setdefault(p.split(" ")[0], []).append((m["url"], p))
            for key, ms in sorted(groups.items()):
                print(f"  - {key} differs: {len(ms)}", file=out)
                for url, p in ms[:5]:
                    print(f"    - {url}: {p}", file=out)
                if len(ms) > 5:
                    print(f"    - … {len(ms) - 5} more (see --json)", file=out)
        print(f"- (c) body text ratio ≥ {SIMILAR}: {r.body_ok}/{r.matched} ({pct(r.body_ok, r.matched)})", file=out)
        causes: dict[str, int] = {}
        for sc in r.body_scores:
            if "cause" in sc:
                causes[sc["cause"]] = causes.get(sc["cause"], 0) + 1
        if causes:
            print("  below it: " + ", ".join(f"{n} {c}" for c, n in sorted(causes.items(), key=lambda kv: (-kv[1], kv[0]))),
                  file=out)
        if r.body_ok_if_typography_folded:
            print(f"  {r.body_ok_if_typography_folded} more reach {SIMILAR} when smart quotes, dashes and ellipses "
                  "are folded to plain ones on both sides (smart punctuation set differently)", file=out)
        shown = [s for s in r.body_scores if s["score"] < SIMILAR][:worst]
        if shown:
            print(f"  least similar {len(shown)}:", file=out)
            for s in shown:
                print(f"  - {s['score']:.3f} {s['url']} ({s['old_words']} → {s['new_words']} words): {s['hint']}", file=out)
        print(f"- (d) template syntax or footnote markers shown by Despina beyond the original: "
              f"{r.leak_total} in {len(r.leaks)} page(s)", file=out)
        for l in r.leaks[:15]:
            print(f"  - {l['url']}: " + "; ".join(f"{f['pattern']} ×{f['count']} «{f['context']}»" for f in l["found"]), file=out)
        if len(r.leaks) > 15:
            print(f"  - … {len(r.leaks) - 15} more pages (see --json)", file=out)

    print("\n## Summary\n", file=out)
    if old_only:
        print("| corpus | generator | posts | pages | lists | redirects |", file=out)
        print("|---|---|---:|---:|---:|---:|", file=out)
        for r in results:
            c = r.old_counts
            lists = sum(v for k, v in c.items() if k in LIST_KINDS)
            print(f"| {r.corpus} | {r.generator} | {c.get('post', 0)} | {c.get('page', 0)} | {lists} | "
                  f"{c.get('redirect', 0)} |" + (" build failed" if r.error else ""), file=out)
        return
    print(f"| corpus | generator | URLs answered (bar {BAR_URLS:.0%}) | posts matched | title/date/tags equal "
          f"(bar {BAR_META:.0%}) | body ≥ {SIMILAR} (bar {BAR_BODY:.0%}) | leaks (bar 0) | result |", file=out)
    print("|---|---|---:|---:|---:|---:|---:|---|", file=out)
    for r in results:
        if r.error:
            print(f"| {r.corpus} | {r.generator} | — | — | — | — | — | ERROR |", file=out)
            continue
        failed = [k for k, ok in r.bars().items() if not ok]
        print(f"| {r.corpus} | {r.generator} | {r.url_ok}/{r.url_total} ({pct(r.url_ok, r.url_total)}) | {r.matched} | "
              f"{r.meta_ok} ({pct(r.meta_ok, r.matched)}) | {r.body_ok} ({pct(r.body_ok, r.matched)}) | {r.leak_total} | "
              + ("pass" if not failed else "missed: " + ", ".join(failed)) + " |", file=out)


# --------------------------------------------------------------------------


def corpus_list(names: list[str], corpus_dir: Path) -> list[tuple[str, Path]]:
    if names:
        out = []
        for n in names:
            p = Path(n)
            if not p.is_dir():
                p = corpus_dir / n
            if not p.is_dir():
                raise SystemExit(f"compare-migration: no corpus {n!r} (looked in {corpus_dir})")
            out.append((p.name, p.resolve()))
        return out
    if not corpus_dir.is_dir():
        raise SystemExit(f"compare-migration: no corpus folder {corpus_dir}; give one with --corpus-dir")
    return [(p.name, p) for p in sorted(corpus_dir.iterdir()) if p.is_dir() and detect_generator(p)]


def run_corpus(name: str, src: Path, work: Path, despina: str | None, old_only: bool) -> Result:
    gen = detect_generator(src) or "?"
    res = Result(corpus=name, generator=gen)
    work.mkdir(parents=True, exist_ok=True)
    try:
        log(f"[{name}] building with {gen}…")
        old = build_jekyll(src, work) if gen == "jekyll" else build_hugo(src, work)
        res.notes.extend(old.notes)
        old_pages = read_site(old.output, old.base_url)
        res.old_counts = count_kinds(old_pages)
        res.shapes = old_url_shapes(old_pages)
        res.quirks = url_quirks(old_pages)
        res.old_pages = [{"url": p.url, "kind": p.kind, "source": p.source, "title": p.title, "date": p.date,
                          "tags": sorted(p.tags), "redirect": p.redirect}
                         for p in sorted(old_pages.values(), key=lambda p: p.url) if p.kind != "other"]
        if old_only:
            return res
        log(f"[{name}] despina import and build…")
        new = build_despina(despina, src, work)
        res.notes.extend(new.notes)
        new_pages = read_site(new.output, new.base_url)
        log(f"[{name}] comparing…")
        compare(res, old_pages, new_pages, new.output)
    except (RuntimeError, OSError) as e:
        res.error = str(e).strip()
    return res


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Compare Jekyll/Hugo builds of real blogs with Despina's build of their import.")
    ap.add_argument("corpora", nargs="*", metavar="CORPUS")
    ap.add_argument("--corpus-dir", type=Path, default=DEFAULT_CORPUS_DIR)
    ap.add_argument("--despina")
    ap.add_argument("--work", type=Path)
    ap.add_argument("--json", type=Path)
    ap.add_argument("--old-only", action="store_true")
    ap.add_argument("--report-only", action="store_true")
    ap.add_argument("--worst", type=int, default=10)
    args = ap.parse_args(argv)

    corpora = corpus_list(args.corpora, args.corpus_dir)
    if not corpora:
        print("compare-migration: no Jekyll or Hugo site found", file=sys.stderr)
        return 2
    despina = None
    if not args.old_only:
        despina = find_despina(args.despina)
        if despina is None:
            print("compare-migration: no despina binary; build it (swift build) or pass --despina", file=sys.stderr)
            return 2
        if not despina_has_import(despina):
            print(f"compare-migration: {despina} has no 'import' command yet; "
                  "building the original side only (--old-only)", file=sys.stderr)
            args.old_only = True
            not_ready = True
        else:
            not_ready = False
    else:
        not_ready = False

    tmp = None
    work = args.work
    if work is None:
        tmp = tempfile.TemporaryDirectory(prefix="compare-migration-")
        work = Path(tmp.name)
    try:
        results = []
        for name, src in corpora:
            cwork = work / name
            if cwork.exists():
                shutil.rmtree(cwork)
            results.append(run_corpus(name, src, cwork, despina, args.old_only))
        print_report(results, args.old_only, args.worst)
        if args.json:
            args.json.write_text(json.dumps([r.__dict__ for r in results], indent=1, sort_keys=True,
                                            ensure_ascii=False) + "\n", encoding="utf-8")
    finally:
        if tmp is not None:
            tmp.cleanup()

    failed = any(r.error for r in results) or not_ready
    if not args.old_only:
        failed = failed or any(not all(r.bars().values()) for r in results)
    if failed and not args.report_only:
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
