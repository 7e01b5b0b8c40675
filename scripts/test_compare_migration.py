#!/usr/bin/env python3
"""Tests of scripts/compare_migration.py on tiny hand-made sites.

    python3 scripts/test_compare_migration.py [-v]

The first tests read hand-written HTML outputs and need nothing installed.
The Jekyll and Hugo pairs build a tiny blog with the original generator and
its hand-converted Despina twin with the despina binary (DESPINA, else as the
comparison script finds it); each is skipped when its tools are missing.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
import textwrap
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import compare_migration as cm  # noqa: E402


def write(root: Path, files: dict[str, str]) -> None:
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")


def marked(kind: str, title: str, date: str, tags: list[str], body: str) -> str:
    lis = "".join(f"<li>{t}</li>" for t in tags)
    return (f'<html><head><meta name="compare-kind" content="{kind}"><title>{title}</title></head><body>'
            f'<h1 id="t">{title}</h1><time id="d" datetime="{date}"></time><ul id="tags">{lis}</ul>'
            f'<div id="body">{body}</div><div id="body-end"></div></body></html>')


def refresh(target: str) -> str:
    return f'<html><head><meta http-equiv="refresh" content="0; url={target}"></head><body></body></html>'


class Helpers(unittest.TestCase):
    def test_url_of(self):
        self.assertEqual(cm.url_of("index.html"), "/")
        self.assertEqual(cm.url_of("x/index.html"), "/x/")
        self.assertEqual(cm.url_of("2019/x.html"), "/2019/x.html")

    def test_url_shape(self):
        self.assertEqual(cm.url_shape("/blog/2024/01/02/some-post/"), "/blog/YYYY/MM/DD/SLUG/")
        self.assertEqual(cm.url_shape("/2019/Some_Post.html"), "/YYYY/SLUG.html")
        self.assertEqual(cm.url_shape("/blog/"), "/blog/")
        self.assertEqual(cm.url_shape("/tags/nats/"), "/tags/SLUG/")

    def test_visible_text(self):
        with tempfile.TemporaryDirectory() as d:
            root = Path(d)
            write(root, {"p/index.html": marked(
                "post", "A &amp; B", "2020-01-02T10:00:00-08:00", ["x", " Y "],
                "<p>One&nbsp;<b>two</b></p><script>var no = 1;</script><!-- hidden --><pre>three\n  four</pre>")})
            page = cm.read_site(root)["/p/"]
            self.assertEqual(page.kind, "post")
            self.assertEqual(page.title, "A & B")
            self.assertEqual(page.date, "2020-01-02")
            self.assertEqual(page.tags, ["x", "Y"])
            self.assertEqual(page.body, "One two three four")

    def test_similarity_on_words(self):
        self.assertEqual(cm.similarity("a b c", "a b c"), 1.0)
        self.assertLess(cm.similarity("a b c d", "a x c d"), 0.98)
        self.assertIn("old «b» / new «x»", cm.diff_hint("a b c d", "a x c d"))
        self.assertEqual(cm.fold_typography("“Jekyll’s” — a…b -- c"), '"Jekyll\'s" - a...b - c')


class HandMadeOutputs(unittest.TestCase):
    """Both outputs written by hand: every kind of finding once."""

    def test_findings(self):
        body = "<p>" + " ".join(f"word{i}" for i in range(200)) + "</p>"
        with tempfile.TemporaryDirectory() as d:
            old, new = Path(d, "old"), Path(d, "new")
            write(old, {
                "news/2020/01/02/same/index.html": marked("post", "Same", "2020-01-02", ["Release", "news"], body),
                "2019/Moved.html": marked("post", "Moved", "2019-05-06", [], "<p>moved text</p>"),
                "2019/Gone.html": marked("post", "Gone", "2019-05-07", [], "<p>gone</p>"),
                "blog/index.html": '<html><head><meta name="compare-kind" content="section"></head></html>',
                "old-same/index.html": refresh("/news/2020/01/02/same/"),
                "about/index.html": marked("page", "About", "", [], "<p>Liquid: {% raw %}</p>"),
                "404.html": "<html><body>not found</body></html>",
            })
            write(new, {
                "news/2020/01/02/same/index.html": marked("post", "Same", "2020-01-02T00:00:00Z", ["news", "release"], body),
                "2019/Moved.html": refresh("/posts/moved/"),
                "posts/moved/index.html": marked("post", "Moved", "2019-05-07", ["extra"], "<p>moved text {{< note >}}</p>"),
                "posts/gone/index.html": marked("post", "Gone", "2019-05-07", [], "<p>gone</p>"),
                "old-same/index.html": refresh("https://example.org/news/2020/01/02/same/"),
                "about/index.html": marked("page", "About", "", [], "<p>Liquid: {% raw %} [^1] {{% alert %}}</p>"),
            })
            res = cm.Result("hand", "jekyll")
            cm.compare(res, cm.read_site(old), cm.read_site(new), new)
        self.assertEqual((res.url_ok, res.url_total), (4, 6))            # the 404 page is no page of the blog
        misses = {m["url"]: m["cause"] for m in res.url_misses}
        self.assertEqual(sorted(misses), ["/2019/Gone.html", "/blog/"])
        self.assertEqual(misses["/2019/Gone.html"],
                         "'.html' URL became a folder URL, date folders /YYYY/ dropped, folders / became /posts/, "
                         "slug lowercased; no redirect at the old URL")
        self.assertIn("no section page", misses["/blog/"])
        self.assertEqual(res.url_by_kind["redirect"], [1, 1])
        self.assertEqual(res.matched, 3)                                   # Same, Moved (through the redirect), About
        self.assertEqual(res.meta_ok, 2)
        self.assertEqual(res.meta_mismatches[0]["url"], "/2019/Moved.html")
        self.assertEqual(res.meta_mismatches[0]["problems"], ["date 2019-05-06 / 2019-05-07", "tags +extra"])
        self.assertEqual(res.body_ok, 1)
        self.assertEqual(res.body_scores[0]["url"], "/2019/Moved.html")
        # {% raw %} shows on both sides: only the shortcodes and the footnote
        # count, and {{% counts once, not as {% too.
        self.assertEqual(res.leak_total, 3)
        self.assertEqual(sorted(l["url"] for l in res.leaks), ["/about/", "/posts/moved/"])
        self.assertEqual(res.bars(), {"urls": False, "meta": False, "body": False, "leaks": False})

    def test_gone_cause(self):
        with tempfile.TemporaryDirectory() as d:
            old, new = Path(d, "old"), Path(d, "new")
            write(old, {"2019/Gone.html": marked("post", "Gone", "2019-05-07", [], "<p>gone</p>")})
            write(new, {"posts/gone/index.html": marked("post", "Gone", "2019-05-07", [], "<p>gone</p>")})
            res = cm.Result("hand", "jekyll")
            cm.compare(res, cm.read_site(old), cm.read_site(new), new)
        miss = res.url_misses[0]
        self.assertEqual(miss["cause"], "'.html' URL became a folder URL, date folders /YYYY/ dropped, "
                                        "folders / became /posts/, slug lowercased; no redirect at the old URL")
        self.assertEqual(miss["detail"], "now at /posts/gone/")


def despina_binary() -> str | None:
    found = cm.find_despina(os.environ.get("DESPINA"))
    return found if found and Path(found).exists() or (found and shutil.which(found)) else None


JEKYLL_SITE = {
    "_config.yml": """
        title: Tiny
        url: https://example.org
        timezone: America/Los_Angeles
        permalink: /news/:year/:month/:day/:title/
        plugins: [jekyll-redirect-from, jekyll-no-such-plugin]
        defaults:
          - scope: {path: _posts}
            values: {layout: news_item}
        """,
    # 02:12 +0200 is the evening before in Los Angeles: the URL and the day say 05/05.
    "_posts/2013-05-06-first-post.md": """
        ---
        title: "First & best"
        date: "2013-05-06 02:12:52 +0200"
        categories: [release]
        tags: [News]
        redirect_from: /old-first/
        ---
        Hello *world*, this is the first post. It has enough words to show that a
        small change in it still leaves a high ratio of words in common.

        {% fancy arg %}

        ```
        {% raw %}{% if page.x %}{% endraw %}
        ```
        """,
    "_posts/2014-01-02-second.md": """
        ---
        layout: post
        ---
        The site is {{ site.title }}.
        """,
    "_posts/2014-02-03-third.md": """
        ---
        title: Third
        ---
        Third post.
        """,
}

DESPINA_FOR_JEKYLL = {
    "despina.yml": """
        title: Tiny
        baseURL: https://example.org/
        timeZone: America/Los_Angeles
        permalink: /news/:year/:month/:day/:slug/
        """,
    "Content/news/first-post.md": """
        ---
        title: "First & best"
        date: "2013-05-06 02:12:52 +0200"
        tags: [release, news]
        aliases: [/old-first/]
        ---
        Hello *world*, this is the first post. It has enough words to show that a
        small change in it still leaves a high ratio of words in common.

        ```
        {% if page.x %}
        ```
        """,
    "Content/news/second.md": """
        ---
        title: Second
        date: 2014-01-02
        tags: [extra]
        ---
        The site is {{ site.title }}.
        """,
    "Content/news/third.md": """
        ---
        title: Third
        date: 2014-02-03
        permalink: /news/third/
        ---
        Third post.
        """,
}


@unittest.skipUnless(shutil.which("jekyll") and shutil.which("ruby") and despina_binary(),
                     "needs jekyll and a despina binary")
class JekyllPair(unittest.TestCase):
    def test_pair(self):
        with tempfile.TemporaryDirectory() as d:
            src, work, site = Path(d, "src"), Path(d, "work"), Path(d, "despina")
            write(src, JEKYLL_SITE)
            write(src, {"SOURCE.md": "corpus metadata, not part of the blog\n"})
            work.mkdir()
            old = cm.build_jekyll(src, work)
            self.assertFalse((work / "old-out" / "SOURCE.md").exists())
            notes = "\n".join(old.notes)
            self.assertIn("removed (not installed): jekyll-no-such-plugin", notes)
            self.assertIn("fancy (writes nothing)", notes)
            self.assertIn("default, news_item, post", notes)
            old_pages = cm.read_site(old.output, old.base_url)
            self.assertEqual(cm.count_kinds(old_pages), {"post": 3, "redirect": 1})
            first = old_pages["/news/2013/05/05/first-post/"]
            self.assertEqual((first.title, first.date, sorted(first.tags)), ("First & best", "2013-05-05", ["News", "release"]))
            self.assertEqual(old_pages["/news/2014/01/02/second/"].title, "Second")
            self.assertEqual(old_pages["/news/2014/01/02/second/"].body, "The site is Tiny.")

            write(site, DESPINA_FOR_JEKYLL)
            new = cm.build_despina_site(despina_binary(), site)
            res = cm.Result("tiny", "jekyll")
            cm.compare(res, old_pages, cm.read_site(new.output, new.base_url), new.output)
        self.assertEqual((res.url_ok, res.url_total), (3, 4))
        self.assertEqual([m["url"] for m in res.url_misses], ["/news/2014/02/03/third/"])
        self.assertEqual(res.url_misses[0]["cause"], "date folders /YYYY/MM/DD/ dropped; no redirect at the old URL")
        self.assertEqual(res.matched, 2)
        self.assertEqual(res.meta_ok, 1)
        self.assertEqual(res.meta_mismatches[0]["problems"], ["tags +extra"])
        self.assertEqual(res.body_ok, 1)
        self.assertEqual(res.body_scores[0]["url"], "/news/2014/01/02/second/")
        self.assertEqual(res.leak_total, 1)
        self.assertEqual(res.leaks[0]["found"][0]["pattern"], "{{ site.")


HUGO_SITE = {
    "hugo.toml": """
        baseURL = "https://example.org/"
        title = "Tiny"
        theme = "not-in-this-copy"
        enableGitInfo = true
        [permalinks.page]
        blog = "/:section/:year/:slug/"
        [taxonomies]
        tag = "tags"
        category = "categories"
        """,
    "content/blog/one.md": """
        +++
        title = "One"
        date = "2021-11-18T10:00:00-08:00"
        tags = ["NATS", "go"]
        categories = ["Engineering"]
        +++
        Before. {{< note >}}Inner *text* of the note.{{< /note >}} A {{< gloss text="pod" >}} after.
        {{% aside %}}Aside **text**.{{% /aside %}}
        """,
    "content/about.md": """
        ---
        title: About
        ---
        About this blog.
        """,
}

DESPINA_FOR_HUGO = {
    "despina.yml": """
        title: Tiny
        baseURL: https://example.org/
        permalink: /:section/:year/:slug/
        """,
    "Content/blog/one.md": """
        ---
        title: One
        date: 2021-11-18T10:00:00-08:00
        tags: [nats, Go, engineering]
        ---
        Before.

        Inner *text* of the note.

        A after. Aside **text**.
        """,
    "Content/about.md": """
        ---
        title: About
        ---
        About this blog.
        """,
}


@unittest.skipUnless(shutil.which("hugo") and despina_binary(), "needs hugo and a despina binary")
class HugoPair(unittest.TestCase):
    def test_pair(self):
        with tempfile.TemporaryDirectory() as d:
            src, work, site = Path(d, "src"), Path(d, "work"), Path(d, "despina")
            write(src, HUGO_SITE)
            work.mkdir()
            old = cm.build_hugo(src, work)
            notes = "\n".join(old.notes)
            self.assertIn("theme", notes)
            self.assertIn("aside (inner content, as {{% %}} renders it), gloss (writes nothing: never closed), "
                          "note (inner content rendered as Markdown)", notes)
            old_pages = cm.read_site(old.output, old.base_url)
            self.assertEqual(cm.count_kinds(old_pages),
                             {"home": 1, "page": 1, "post": 1, "section": 1, "taxonomy": 2, "term": 3})
            one = old_pages["/blog/2021/one/"]
            self.assertEqual((one.date, sorted(one.tags)), ("2021-11-18", ["Engineering", "NATS", "go"]))
            self.assertEqual(one.body, "Before. Inner text of the note. A after. Aside text.")

            write(site, DESPINA_FOR_HUGO)
            new = cm.build_despina_site(despina_binary(), site)
            res = cm.Result("tiny", "hugo")
            cm.compare(res, old_pages, cm.read_site(new.output, new.base_url), new.output)
        misses = sorted(m["url"] for m in res.url_misses)
        # Despina has no section page and no categories: those are the misses.
        self.assertEqual(misses, ["/blog/", "/categories/", "/categories/engineering/"])
        self.assertEqual((res.url_ok, res.url_total), (6, 9))
        self.assertEqual((res.matched, res.meta_ok, res.body_ok, res.leak_total), (2, 2, 2, 0))


if __name__ == "__main__":
    unittest.main()
