#!/usr/bin/env python3
"""Regenerates the seed corpora in Fuzz/seeds/ from the project's fixtures.

    python3 Fuzz/make-seeds.py

Each fuzz target gets a folder of small inputs in the byte format its
LLVMFuzzerTestOneInput expects (see the comment at the top of each
Fuzz/TARGET.swift):

- frontmatter: the sample blog's posts and the build fixtures' posts;
- markdown:    an options byte, then the same posts' bodies, a sample of the
               CommonMark examples (../shared/spec/commonmark/spec.json) and
               one fenced block per highlighted language;
- mustache:    the theme's templates and a sample of the Mustache
               specification (../shared/spec/mustache/*.json), as
               template NUL context-JSON NUL partial-name LF partial-source ...;
- search:      two filter bytes, then the queries of the search test vectors;
- http:        hand-written HTTP/1.x requests, valid and broken.

Seeds are cut to SEED_LIMIT bytes so the committed corpora stay small. The
output is deterministic: the same fixtures give the same files.
"""

import hashlib
import json
import pathlib
import shutil

ROOT = pathlib.Path(__file__).resolve().parent.parent
SPEC = ROOT.parent / "shared" / "spec"
SEEDS = ROOT / "Fuzz" / "seeds"
SEED_LIMIT = 6000


def write_seeds(target, inputs):
    folder = SEEDS / target
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    seen = set()
    for data in inputs:
        data = data[:SEED_LIMIT]
        name = hashlib.sha1(data).hexdigest()[:16]
        if name in seen:
            continue
        seen.add(name)
        (folder / name).write_bytes(data)
    print(f"{target}: {len(seen)} seeds")


def posts():
    files = sorted((ROOT / "Content").rglob("*.md"))
    files += sorted((ROOT / "Tests" / "DespinaKitTests" / "Fixtures" / "site" / "Content").rglob("*.md"))
    return [path.read_bytes() for path in files]


def body_of(post):
    """The Markdown after the front matter, or the whole file."""
    text = post.decode("utf-8")
    if text.startswith("---\n"):
        end = text.find("\n---\n", 4)
        if end >= 0:
            return text[end + 5:].encode("utf-8")
    return post


def front_matter_seeds():
    handmade = [
        "---\ntitle: Hello\n---\nBody\n",
        "\ufeff---\r\ntitle: Hi\r\n---\r\nBody\r\n",
        "---\na: &x [p, q]\nb: *x\n---\n",
        "---\ndate: 2024-02-29T23:59:60+14:00\nupdated: 2015-06-08\n---\n",
        "---\ntags:\n  - swift\n  - 'ios'\n  - \"c\\u00e7\"\ndraft: yes\nweight: 0x1F\n---\n",
        "---\nseries: {name: Basics, part: 2}\nlist: [1, 2.5, ~, null, true]\n---\n",
        "---\nsummary: |\n  line one\n  line two\n---\n",
        "---\nkey: value\nkey: again\n---\n",
        "---\n? complex\n: value\n---\n",
        "---\n- not a mapping\n...\nText",
        # Hugo's TOML front matter.
        '+++\ntitle = "Hello"\ndate = 2015-06-08T10:00:00+03:00\ndraft = false\ntags = ["a", \'b\']\n+++\nBody\n',
        '+++\n[params]\nkey = 1_000\nratio = 0.5e3\nwhen = 1979-05-27\n[[links]]\nname = "x"\n+++\n',
        '+++\ntext = """\nmulti\nline"""\nraw = \'\'\'x\\y\'\'\'\ninline = { a = 1, b.c = [1, [2, 3]] }\n+++\n',
        '+++\r\ntitle = \'CRLF\'\r\n"quoted key" = true # comment\r\n+++\r\nBody\r\n',
        '+++\na = 1\na = 2\n+++\n',
        '+++\ntitle = "unclosed\n',
    ]
    held_out = sorted((ROOT / "Tests" / "DespinaKitTests" / "Fixtures" / "held-out").rglob("*.md"))
    return posts() + [path.read_bytes() for path in held_out] + [seed.encode("utf-8") for seed in handmade]


# One small fence per language the highlighter knows, with fence options.
FENCES = {
    "swift {1,3} linenos": 'let names = ["a", "b"]\nfunc greet(_ n: String) async throws -> String { "Hi \\(n)" }\n/* nested /* comment */ */\nlet raw = #"a\\#(b)"#\n',
    "python": 'def f(x):\n    return f"{x!r:>4}" + rb"\\d"\n@decorator\nclass A: pass\n',
    "c": '#include <stdio.h>\nint main(void) { printf("%d\\n", 0x1Fu); return 0; }\n',
    "cpp": 'auto s = R"delim(raw)delim";\ntemplate <typename T> T id(T x) { return x; }\n',
    "objective-c": '@interface A : NSObject\n- (void)run:(id)sender;\n@end\n[self run:nil];\n',
    "javascript": 'const f = async (x) => `t ${x}`;\n/re[g]ex/gi.test("a");\n',
    "typescript": 'interface P { name: string }\nlet p: P = { name: "x" } as const;\n',
    "json": '{"a": [1, -2.5e3, true, null], "b": "\\u00e7"}\n',
    "yaml": 'title: "x"\nlist:\n  - a # comment\n  - &anchor b\n',
    "html": '<!DOCTYPE html>\n<p class="x">Hi &amp; <b>bye</b></p><!-- c -->\n',
    "xml": '<?xml version="1.0"?>\n<a b="c"><![CDATA[x]]></a>\n',
    "css": '@media (max-width: 600px) { a:hover { color: #fff !important; } }\n',
    "shell": 'for f in *.md; do echo "$f" | wc -l; done # loop\n',
    "console": '$ swift build\nBuilding for debugging...\n',
    "diff": '--- a/x\n+++ b/x\n@@ -1,2 +1,2 @@\n-old\n+new\n',
    "markdown": '# Title\n\n*em* and `code`\n',
    "unknown-language": 'plain <text>\n',
}


def markdown_seeds():
    seeds = []
    for index, post in enumerate(posts()):
        seeds.append(bytes([index % 64]) + body_of(post))
    examples = json.loads((SPEC / "commonmark" / "spec.json").read_text(encoding="utf-8"))
    for example in examples[::8]:
        seeds.append(bytes([0x3F]) + example["markdown"].encode("utf-8"))
    for option_byte, (info, code) in enumerate(sorted(FENCES.items())):
        block = f"Text before.\n\n```{info}\n{code}```\n\n| a | b |\n|---|:-:|\n| ~~x~~ | y |\n"
        seeds.append(bytes([option_byte * 3 % 64]) + block.encode("utf-8"))
        seeds.append(bytes([0]) + f"    {code.splitlines()[0]}\n".encode("utf-8"))
    return seeds


def mustache_input(template, data, partials):
    parts = [template.encode("utf-8"), json.dumps(data, sort_keys=True).encode("utf-8")]
    for name in sorted(partials):
        parts.append(f"{name}\n{partials[name]}".encode("utf-8"))
    return b"\x00".join(parts)


def mustache_seeds():
    seeds = []
    for spec_file in sorted((SPEC / "mustache").glob("*.json")):
        tests = json.loads(spec_file.read_text(encoding="utf-8"))["tests"]
        for test in tests[::2]:
            data = test["data"] if isinstance(test["data"], dict) else {"value": test["data"]}
            data = {key: value for key, value in data.items() if key != "lambda"}
            seeds.append(mustache_input(test["template"], data, test.get("partials", {})))
    templates = sorted((ROOT / "Templates").glob("*.mustache"))
    sources = {path.stem: path.read_text(encoding="utf-8") for path in templates}
    for name, source in sorted(sources.items()):
        needed = {other: text for other, text in sources.items() if "{{>" + other in source or "{{> " + other in source}
        seeds.append(mustache_input(source, {"title": "T <&>", "posts": [{"title": "P"}]}, needed))
    return seeds


def search_seeds():
    vectors = json.loads((ROOT / "Tests" / "SearchIndexTests" / "Vectors" / "queries.json").read_text(encoding="utf-8"))
    texts = [query["text"] for query in vectors["queries"]]
    for group in vectors["equivalent"]:
        texts.extend(group)
    texts += ['"exact phrase" -not', "swi*", "closure OR actor", "tag:swift", ""]
    return [bytes([index % 256, (index * 37) % 256]) + text.encode("utf-8") for index, text in enumerate(texts)]


def http_seeds():
    requests = [
        "GET / HTTP/1.1\r\nHost: localhost\r\n\r\n",
        "GET /posts/first-steps/ HTTP/1.1\r\nHost: localhost:8000\r\nAccept-Encoding: gzip\r\nIf-None-Match: \"abc\"\r\nConnection: keep-alive\r\n\r\n",
        "HEAD /index.html HTTP/1.0\r\n\r\n",
        "GET /search/?q=caf%C3%A9&tag=swift HTTP/1.1\r\nHost: x\r\n\r\n",
        "POST /form HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello",
        "POST /chunk HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n",
        "GET /../etc/passwd HTTP/1.1\r\n\r\n",
        "GET /%2e%2e/%2Fsecret HTTP/1.1\r\n\r\n",
        "GET /.hidden/file HTTP/1.1\r\n\r\n",
        "GET /.well-known/security.txt HTTP/1.1\r\n\r\n",
        "GET /folder HTTP/1.1\r\n\r\n",
        "GET http://example.com/ HTTP/1.1\r\n\r\n",
        "OPTIONS * HTTP/1.1\r\n\r\n",
        "GET /a%00b HTTP/1.1\r\n\r\n",
        "GET /%C0%AF HTTP/1.1\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: a\r\n folded: continuation\r\n\r\n",
        "GET / HTTP/1.1\nHost: a\n\n",
        "GET / HTTP/2.0\r\n\r\n",
        "GET /live-reload HTTP/1.1\r\nHost: a\r\nAccept: text/event-stream\r\n\r\nGET / HTTP/1.1\r\n\r\n",
        "GET / HTTP/1.1\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\nabcd",
        "GET / HTTP/1.1\r\nRange: bytes=0-10\r\n",
    ]
    return [request.encode("utf-8") for request in requests]


def main():
    write_seeds("frontmatter", front_matter_seeds())
    write_seeds("markdown", markdown_seeds())
    write_seeds("mustache", mustache_seeds())
    write_seeds("search", search_seeds())
    write_seeds("http", http_seeds())


if __name__ == "__main__":
    main()
