#!/usr/bin/env python3
"""Writes large, deeply nested inputs for the fuzz targets.

    python3 Fuzz/make-deep-inputs.py            # into .build/fuzz/deep/TARGET/
    Fuzz/run.sh frontmatter 0 .build/fuzz/deep/frontmatter/*

libFuzzer keeps its inputs near the size of the seeds (a few kilobytes), so
it rarely builds the tens of thousands of nested brackets, sections or
quotes that make a recursive parser overflow its stack. These inputs do, in
each target's byte format (see the top of each Fuzz/TARGET.swift). Replayed
with `Fuzz/run.sh TARGET 0 FILES...`, each must finish without a report.
"""

import pathlib

ROOT = pathlib.Path(__file__).resolve().parent.parent
OUT = ROOT / ".build" / "fuzz" / "deep"
N = 50_000


def inputs():
    yield "frontmatter", "flow-lists", "---\na: " + "[" * N + "]" * N + "\n---\n"
    yield "frontmatter", "flow-mappings", "---\na: " + "{b: " * N + "c" + "}" * N + "\n---\n"
    yield "frontmatter", "block-mappings", "---\n" + "".join(" " * i + f"k{i}:\n" for i in range(3000)) + "---\n"
    yield "frontmatter", "block-lists", "---\na:\n" + "".join(" " * i + "-\n" for i in range(3000)) + "---\n"
    yield "frontmatter", "aliases", "---\na0: &a0 [x, x]\n" + "".join(
        f"a{i}: &a{i} [*a{i - 1}, *a{i - 1}]\n" for i in range(1, 40)) + "---\n"
    yield "mustache", "sections", "{{#list}}" * N + "x" + "{{/list}}" * N
    yield "mustache", "inverted", "{{^no}}" * N + "x" + "{{/no}}" * N
    yield "mustache", "lambda-sections", "{{#upper}}" * 2000 + "x" + "{{/upper}}" * 2000
    yield "mustache", "recursive-partial", "{{>main}}\x00{}\x00"
    yield "mustache", "recursive-parent", "{{<main}}{{$a}}x{{/a}}{{/main}}\x00{}\x00"
    yield "mustache", "json-depth", "{{a}}\x00" + '{"a":' + "[" * N + "]" * N + "}"
    yield "markdown", "block-quotes", "\x3f" + "> " * N + "x\n"
    yield "markdown", "lists", "\x3f" + "".join("  " * i + "- x\n" for i in range(3000))
    yield "markdown", "emphasis", "\x3f" + "*a " * N + "**" * N
    yield "markdown", "links", "\x7f" + "[" * N + "x" + "](a.md)" * N
    yield "markdown", "wide-table", "\x3f" + "|a" * 5000 + "|\n" + "|-" * 5000 + "|\n" + "|b" * 5000 + "|\n"
    yield "markdown", "interpolation", "\x3f```swift {1-99999999999999999999} linenos\n" + '"\\(' * N + "\n```\n"
    yield "markdown", "f-strings", "\x3f```python\n" + 'f"{' * N + "\n```\n"
    yield "search", "many-words", b"\x00\x0a" + b"closure " * 20_000
    yield "search", "many-quotes", b"\xff\x7f" + b'"a ' * 20_000
    yield "http", "many-headers", "GET / HTTP/1.1\r\n" + "A: b\r\n" * 200_000 + "\r\n"
    yield "http", "long-path", "GET /" + "a/" * 100_000 + " HTTP/1.1\r\n\r\n"
    yield "http", "huge-length", "POST / HTTP/1.1\r\nContent-Length: 99999999999999999999999\r\n\r\n"
    yield "http", "max-length", "POST / HTTP/1.1\r\nContent-Length: 9223372036854775807\r\n\r\n"
    yield "http", "negative-length", "POST / HTTP/1.1\r\nContent-Length: -1\r\n\r\n"


def main():
    for target, name, text in inputs():
        folder = OUT / target
        folder.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
    print(f"wrote {sum(1 for _ in inputs())} inputs under {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
