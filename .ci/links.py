#!/usr/bin/env python3
"""Dead links in the README and docs/ (issue 63).

Reads README.md, ARCHITECTURE.md, SCENARIOS.md and every docs/**/*.md, finds every Markdown
link and image, `[text](target)` and `![alt](target)` (and `[ref]: target` definitions), outside
fenced code blocks and inline code, and fails, naming file:line and the target, when

  - a relative target names a file or folder that does not exist;
  - an `#anchor`, in the same page or `page.md#anchor`, matches no heading of that page
    (GitHub's rule: lowercase, punctuation but `-` and `_` removed, spaces to `-`, a repeated
    heading's anchor followed by `-1`, `-2`...; or an `<a id="...">` / `<a name="...">`);
  - README.md is over 300 lines;
  - a page of docs/ is not linked from README.md.

`http(s)://` and `mailto:` targets are not checked. Python's standard library only.

    python3 .ci/links.py              check the repository
    python3 .ci/links.py --self-test  check the checker on made-up trees
"""

import os
import re
import sys
import tempfile
import unicodedata
from urllib.parse import unquote

README_MAX_LINES = 300
TOP_PAGES = ("README.md", "ARCHITECTURE.md", "SCENARIOS.md")

FENCE = re.compile(r"^\s*(`{3,}|~{3,})")
ATX = re.compile(r"^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$")
SETEXT = re.compile(r"^ {0,3}(=+|-+)[ \t]*$")
HTML_ANCHOR = re.compile(r"""<a\s[^>]*?\b(?:id|name)\s*=\s*["']([^"']+)["']""", re.I)
LINK = re.compile(
    r"!?\[((?:[^\[\]]|\[[^\[\]]*\])*)\]"  # [text], one level of brackets inside
    r"\(\s*(<[^>\n]*>|[^\s()]*(?:\([^\s()]*\)[^\s()]*)*)"  # (target
    r"(?:\s+(?:\"[^\"\n]*\"|'[^'\n]*'|\([^)\n]*\)))?\s*\)"  # optional "title")
)
DEFINITION = re.compile(r"^ {0,3}\[([^\]]+)\]:\s*(<[^>\n]*>|\S+)", re.M)
EXTERNAL = re.compile(r"^(https?://|mailto:)", re.I)


def split_fences(text):
    """The page's lines, with those of fenced code blocks (fences included) blanked."""
    lines = text.split("\n")
    out = []
    fence = None
    for line in lines:
        m = FENCE.match(line)
        if fence is None:
            if m:
                fence = m.group(1)
                out.append("")
                continue
            out.append(line)
        else:
            if m and m.group(1)[0] == fence[0] and len(m.group(1)) >= len(fence) and \
                    line.strip() == m.group(1):
                fence = None
            out.append("")
    return out


def mask_inline_code(text):
    """The text with every inline code span (backticks included) turned into spaces; line
    breaks are kept, so offsets and line numbers stay. A span closes with a run of as many
    backticks, before a blank line; an unclosed run is literal."""
    chars = list(text)
    i, n = 0, len(text)
    while i < n:
        if text[i] != "`":
            i += 1
            continue
        j = i
        while j < n and text[j] == "`":
            j += 1
        run = j - i
        k = j
        close = -1
        while k < n:
            if text[k] == "\n" and text[k + 1:k + 2] == "\n" or \
                    text[k] == "\n" and text[k + 1:].split("\n", 1)[0].strip() == "":
                break  # a blank line ends the paragraph
            if text[k] == "`":
                m = k
                while m < n and text[m] == "`":
                    m += 1
                if m - k == run:
                    close = m
                    break
                k = m
                continue
            k += 1
        if close < 0:
            i = j
            continue
        for p in range(i, close):
            if chars[p] != "\n":
                chars[p] = " "
        i = close
    return "".join(chars)


def slug(heading):
    """GitHub's anchor for a heading's text."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link's text
    text = re.sub(r"<[^>]+>", "", text)  # HTML tags
    text = text.strip().lower()
    kept = []
    for ch in text:
        cat = unicodedata.category(ch)
        if ch in " -" or cat[0] in "LMN" or cat == "Pc":
            kept.append(ch)
    return "".join(kept).replace(" ", "-")


def anchors(text):
    """Every anchor of a page: its headings' slugs (repeats numbered) and HTML anchors."""
    lines = split_fences(text)
    seen = {}
    found = set()

    def add(heading):
        base = slug(heading)
        count = seen.get(base, 0)
        seen[base] = count + 1
        found.add(base if count == 0 else f"{base}-{count}")

    for i, line in enumerate(lines):
        m = ATX.match(line)
        if m:
            add(m.group(2) or "")
            continue
        m = SETEXT.match(line)
        if m and i > 0 and lines[i - 1].strip() and not ATX.match(lines[i - 1]) \
                and not lines[i - 1].lstrip().startswith(("|", "-", "*", "+", ">")) \
                and not SETEXT.match(lines[i - 1]):
            add(lines[i - 1].strip())
    for line in lines:
        found.update(HTML_ANCHOR.findall(line))
    return found


def links(text):
    """(line number, target) of every link, image and definition outside code."""
    masked = mask_inline_code("\n".join(split_fences(text)))
    out = []
    for m in LINK.finditer(masked):
        out.append((masked.count("\n", 0, m.start(2)) + 1, m.group(2)))
    for m in DEFINITION.finditer(masked):
        out.append((masked.count("\n", 0, m.start(2)) + 1, m.group(2)))
    out.sort()
    return out


def pages(root):
    """The pages checked, as paths relative to root."""
    found = [p for p in TOP_PAGES if os.path.isfile(os.path.join(root, p))]
    docs = os.path.join(root, "docs")
    for folder, dirs, files in os.walk(docs):
        dirs.sort()
        for name in sorted(files):
            if name.endswith(".md"):
                found.append(os.path.relpath(os.path.join(folder, name), root))
    return [p.replace(os.sep, "/") for p in found]


def check(root):
    """Every problem found under root, as 'file:line: what' lines."""
    problems = []
    cache = {}

    def read(path):
        if path not in cache:
            with open(os.path.join(root, path), encoding="utf-8") as f:
                cache[path] = f.read()
        return cache[path]

    def anchors_of(path):
        key = ("anchors", path)
        if key not in cache:
            cache[key] = anchors(read(path))
        return cache[key]

    checked = pages(root)
    linked_from_readme = set()
    for page in checked:
        text = read(page)
        here = os.path.dirname(page)
        for line, raw in links(text):
            target = raw[1:-1] if raw.startswith("<") and raw.endswith(">") else raw
            if not target or EXTERNAL.match(target):
                continue
            path, _, anchor = target.partition("#")
            path = unquote(path.split("?", 1)[0])
            anchor = unquote(anchor)
            if path:
                if path.startswith("/"):
                    resolved = os.path.normpath(path.lstrip("/"))
                else:
                    resolved = os.path.normpath(os.path.join(here, path))
                resolved = resolved.replace(os.sep, "/")
                if resolved.startswith("../") or not os.path.exists(os.path.join(root, resolved)):
                    problems.append(f"{page}:{line}: dead link {raw}: no file {resolved}")
                    continue
            else:
                resolved = page
            if page == "README.md":
                linked_from_readme.add(resolved)
            if anchor and resolved.endswith(".md") and os.path.isfile(os.path.join(root, resolved)):
                if anchor not in anchors_of(resolved):
                    problems.append(
                        f"{page}:{line}: dead anchor {raw}: no heading of {resolved} "
                        f"has the anchor #{anchor}")

    if "README.md" in checked:
        count = read("README.md").count("\n")
        if count > README_MAX_LINES:
            problems.append(f"README.md:{count}: {count} lines, over {README_MAX_LINES}: "
                            "move a part to a page of docs/")
    for page in checked:
        if page.startswith("docs/") and page not in linked_from_readme:
            problems.append(f"{page}:1: not linked from README.md (add it to its Documentation list)")
    return problems


def self_test():
    """Builds made-up trees and checks that each fault is caught, and nothing else."""
    fails = 0

    def tree(files):
        root = tempfile.mkdtemp(prefix="fray-links-")
        for path, text in files.items():
            full = os.path.join(root, path)
            os.makedirs(os.path.dirname(full), exist_ok=True)
            with open(full, "w", encoding="utf-8") as f:
                f.write(text)
        return root

    def expect(name, problems, wanted):
        nonlocal fails
        missing = [w for w in wanted if not any(w in p for p in problems)]
        extra = [p for p in problems if not any(w in p for w in wanted)]
        if missing or extra or len(problems) != len(wanted):
            fails = 1
            print(f"self-test: FAILED: {name}", file=sys.stderr)
            for w in missing:
                print(f"self-test:   not caught: {w}", file=sys.stderr)
            for p in extra:
                print(f"self-test:   reported wrongly: {p}", file=sys.stderr)
        else:
            print(f"self-test: ok ({name}: {len(wanted)} caught)")

    good_docs = {
        "docs/guide.md": (
            "# The guide\n\n## Dice: `2d6` & more!\n\n## Notes\n\n## Notes\n\n"
            "Setext heading\n---\n\n"
            "[dice](#dice-2d6--more) [second notes](#notes-1) [setext](#setext-heading)\n"
            "[picture](tour/a.png) ![alt](tour/a.png \"a title\") [up](../README.md#fray)\n"
            "[sub](sub/page.md#sub-page) [web](https://example.com/#nothing) [mail](mailto:a@b)\n"
            "`[in code](missing.md)` and ``[also `in` code](missing.md)``\n\n"
            "```text\n[fenced](missing.md)\n```\n"
            "[split across\nlines](#notes)\n"
        ),
        "docs/sub/page.md": "# Sub page\n\n[back](../guide.md#notes) [image](../tour/a.png)\n",
        "docs/tour/a.png": "",
        "ARCHITECTURE.md": "# Architecture\n\n[readme](README.md#documentation)\n",
    }
    readme = "# Fray\n\n## Documentation\n\n- [Guide](docs/guide.md)\n- [Sub](docs/sub/page.md)\n"

    root = tree(dict(good_docs, **{"README.md": readme}))
    expect("a clean tree passes", check(root), [])

    root = tree(dict(good_docs, **{
        "README.md": readme + "- [Gone](docs/gone.md)\n- [Bad anchor](docs/guide.md#no-such-heading)\n",
        "docs/unlinked.md": "# Nobody links me\n",
    }))
    expect("a dead file link, a dead anchor, an unlinked page", check(root), [
        "README.md:7: dead link docs/gone.md",
        "README.md:8: dead anchor docs/guide.md#no-such-heading",
        "docs/unlinked.md:1: not linked from README.md",
    ])

    root = tree(dict(good_docs, **{
        "README.md": readme + "[self](#no-heading)\n" + "line\n" * 300,
        "docs/sub/page.md": "# Sub page\n\n[back](../guide.md#notes-2) ![gone](../tour/b.png)\n",
    }))
    expect("a dead in-page anchor, a third duplicate, a dead image, a long README", check(root), [
        "README.md:7: dead anchor #no-heading",
        "docs/sub/page.md:3: dead anchor ../guide.md#notes-2",
        "docs/sub/page.md:3: dead link ../tour/b.png",
        "README.md:307: 307 lines, over 300",
    ])

    checks = {
        "What `fray replay` proves": "what-fray-replay-proves",
        "Between fights: what lasts, rests, the session": "between-fights-what-lasts-rests-the-session",
        "Encounter ▸ Odds… (2026)": "encounter--odds-2026",
        "Running …": "running-",
        "snake_case and A-B": "snake_case-and-a-b",
    }
    for heading, wanted in checks.items():
        if slug(heading) != wanted:
            fails = 1
            print(f"self-test: FAILED: slug({heading!r}) is {slug(heading)!r}, not {wanted!r}",
                  file=sys.stderr)
    if not fails:
        print(f"self-test: ok (GitHub's anchors of {len(checks)} headings)")
    return fails


def main():
    if sys.argv[1:] == ["--self-test"]:
        sys.exit(self_test())
    if sys.argv[1:]:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    checked = pages(root)
    problems = check(root)
    for p in problems:
        print(f"links: FAILED: {p}", file=sys.stderr)
    if problems:
        print(f"links: FAILED: {len(problems)} problem(s) in {len(checked)} pages", file=sys.stderr)
        sys.exit(1)
    total = sum(len(links(open(os.path.join(root, p), encoding="utf-8").read())) for p in checked)
    readme_lines = open(os.path.join(root, "README.md"), encoding="utf-8").read().count("\n")
    print(f"links: ok ({len(checked)} pages, {total} links and images; README.md "
          f"{readme_lines} lines; every page of docs/ linked from it)")


if __name__ == "__main__":
    main()
