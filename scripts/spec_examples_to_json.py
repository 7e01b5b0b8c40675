#!/usr/bin/env python3
"""Turns a CommonMark-style spec file (spec.txt, smart_punct.txt,
regression.txt) into the JSON list the conformance tests read: each
example's markdown and html, its number, its section and its lines.

An example is the text between a line of 32 backticks followed by
" example" and a line of 32 backticks, its Markdown and HTML parted by a
line holding a single ".". The spec writes tabs as "→".
"""
import json
import sys

FENCE = "`" * 32


def examples(text):
    found = []
    section = ""
    state = "prose"
    markdown, html, start = [], [], 0
    # Split on LF only: a regression case keeps its CR characters.
    for number, line in enumerate(text.split("\n"), start=1):
        if state == "prose":
            if line == FENCE + " example":
                state, markdown, html, start = "markdown", [], [], number
            elif line.startswith("#"):
                section = line.lstrip("#").strip()
        elif state == "markdown":
            if line == ".":
                state = "html"
            else:
                markdown.append(line + "\n")
        elif line == FENCE:
            found.append({
                "markdown": "".join(markdown).replace("→", "\t"),
                "html": "".join(html).replace("→", "\t"),
                "example": len(found) + 1,
                "start_line": start,
                "end_line": number,
                "section": section,
            })
            state = "prose"
        else:
            html.append(line + "\n")
    return found


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: spec_examples_to_json.py SPEC.txt > SPEC.json")
    with open(sys.argv[1], encoding="utf-8", newline="") as file:
        json.dump(examples(file.read()), sys.stdout, ensure_ascii=False, indent=2)
        sys.stdout.write("\n")


if __name__ == "__main__":
    main()
