#!/usr/bin/env python3
"""Functions a reader can hold, files with one job (issue 63): no production function over 80
lines and no production file over 400 code lines (blank lines and comments not counted; test
modules and `#[cfg(test)]` items left out). A `match` that only dispatches, one short arm a
variant, may be longer when a comment on the line before its `fn` says so: `// dispatch:`.

Until every one is cut down, the ones over today are listed in `.ci/sizes-baseline.txt` with
their size: such a one may shrink (then lower or drop its line) but never grow, and nothing
new may cross the line. So the count only goes down.

    python3 .ci/sizes.py              check app/src, data/src, ui/src
    python3 .ci/sizes.py --list       print every function and file over the limits
    python3 .ci/sizes.py --baseline   rewrite the baseline from today's code
    python3 .ci/sizes.py --self-test  check the counting on made-up files
"""

import os
import re
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from modules import drop_test_items, strip_comments_and_strings  # noqa: E402

ROOTS = ["app/src", "data/src", "ui/src"]
FN_LIMIT = 80
FILE_LIMIT = 400
BASELINE = ".ci/sizes-baseline.txt"


def code_lines(text):
    return sum(1 for line in text.split("\n") if line.strip())


def measure(path):
    """(file's code lines, [(fn name, first line, code lines)]) of one source file."""
    raw = open(path, encoding="utf-8").read()
    src = drop_test_items(strip_comments_and_strings(raw))
    raw_lines = raw.split("\n")
    fns = []
    for m in re.finditer(r"\bfn\s+(\w+)", src):
        i = m.end()
        while i < len(src) and src[i] not in "{;":
            i += 1
        if i >= len(src) or src[i] == ";":
            continue
        depth, j = 0, i
        while j < len(src):
            if src[j] == "{":
                depth += 1
            elif src[j] == "}":
                depth -= 1
                if depth == 0:
                    break
            j += 1
        line = src.count("\n", 0, m.start()) + 1
        above = raw_lines[line - 2] if line >= 2 else ""
        # A marked dispatch match may be longer (checked by eye in review, said in the comment).
        if "// dispatch:" in above:
            continue
        fns.append((m.group(1), line, code_lines(src[i:j + 1])))
    return code_lines(src), fns


def production_files(roots):
    for root in roots:
        for folder, _, names in os.walk(root):
            for name in sorted(names):
                path = os.path.join(folder, name)
                if name.endswith(".rs") and name != "tests.rs" and not name.endswith("_tests.rs"):
                    yield path


def offenders(roots):
    """{key: size} of every file and function over its limit; a function's key names its file."""
    found = {}
    for path in production_files(roots):
        size, fns = measure(path)
        if size > FILE_LIMIT:
            found[f"file {path}"] = size
        for name, _, lines in fns:
            if lines > FN_LIMIT:
                key = f"fn {path} {name}"
                found[key] = max(found.get(key, 0), lines)
    return found


def read_baseline():
    allowed = {}
    if os.path.exists(BASELINE):
        for line in open(BASELINE, encoding="utf-8"):
            line = line.strip()
            if line and not line.startswith("#"):
                key, size = line.rsplit(" ", 1)
                allowed[key] = int(size)
    return allowed


def check(roots):
    found, allowed = offenders(roots), read_baseline()
    bad = []
    for key, size in sorted(found.items()):
        limit = allowed.get(key)
        if limit is None:
            what = "lines of code" if key.startswith("file") else "lines"
            over = FILE_LIMIT if key.startswith("file") else FN_LIMIT
            bad.append(f"{key}: {size} {what}, over {over} (cut it down)")
        elif size > limit:
            bad.append(f"{key}: grew from {limit} to {size} lines (cut it down, never grow it)")
    for line in bad:
        print(f"sizes: {line}", file=sys.stderr)
    stale = [k for k in allowed if k not in found or found[k] < allowed[k]]
    fns = sum(1 for k in found if k.startswith("fn"))
    files = len(found) - fns
    if bad:
        return False
    print(f"sizes: nothing new over {FN_LIMIT} lines a function or {FILE_LIMIT} a file; "
          f"{fns} functions and {files} files still over, none grown"
          + (f"; {len(stale)} baseline lines can be lowered (--baseline)" if stale else ""))
    return True


def self_test():
    with tempfile.TemporaryDirectory() as d:
        long_body = "\n".join(f"    let x{i} = {i};" for i in range(81))
        with open(os.path.join(d, "a.rs"), "w", encoding="utf-8") as f:
            f.write("fn short() {\n    1;\n}\n\n// a comment\nfn long() {\n" + long_body + "\n}\n"
                    "// dispatch: one arm a variant\nfn table() {\n" + long_body + "\n}\n"
                    "#[cfg(test)]\nmod tests {\n    fn huge() {\n" + long_body + "\n    }\n}\n")
        found = offenders([d])
        names = sorted(k.split()[-1] for k in found)
        if names == ["long"]:
            print("self-test: ok (a long function found; a short one, a marked dispatch and a test left alone)")
            return True
        print(f"self-test: FAILED, expected only 'long', found {names}", file=sys.stderr)
        return False


def main():
    os.chdir(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    if "--self-test" in sys.argv:
        sys.exit(0 if self_test() else 1)
    if "--list" in sys.argv:
        for key, size in sorted(offenders(ROOTS).items(), key=lambda kv: -kv[1]):
            print(size, key)
        return
    if "--baseline" in sys.argv:
        with open(BASELINE, "w", encoding="utf-8") as f:
            f.write("# Functions over 80 lines and files over 400 code lines today (.ci/sizes.py):\n"
                    "# each may shrink, never grow; the list only gets shorter (issue 63).\n")
            for key, size in sorted(offenders(ROOTS).items()):
                f.write(f"{key} {size}\n")
        return
    sys.exit(0 if check(ROOTS) else 1)


if __name__ == "__main__":
    main()
