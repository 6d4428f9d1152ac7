#!/usr/bin/env python3
"""No cycle between the top-level modules of a crate (issue 63: "a core without a knot").

`.ci/layering.sh` keeps the crates layered; this keeps the modules inside `app/src` layered the
same way. It reads every production file of each top-level module (test modules, declared
`#[cfg(test)] mod x;` or written inline, are left out: a test may use anything), finds every
path into another top-level module (`crate::x`, `use crate::{x, y::z}`, `super::x` that climbs
to the crate root), and fails when the graph has a cycle, naming each edge of it with a file and
line where it is taken.

    python3 .ci/modules.py                  check app/src
    python3 .ci/modules.py --graph          print the graph, bottom layer first
    python3 .ci/modules.py --self-test      check the reader and the cycle finder on made-up trees
"""

import os
import re
import sys
import tempfile

CRATES = ["app/src"]


def strip_comments_and_strings(src):
    """The source with comments, strings and chars blanked (newlines kept, so lines still count)."""
    out = []
    i, n = 0, len(src)
    while i < n:
        c = src[i]
        if src.startswith("//", i):
            j = src.find("\n", i)
            j = n if j < 0 else j
            i = j
        elif src.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if src.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif src.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            out.append("\n" * src.count("\n", i, j))
            i = j
        elif c == "r" and re.match(r'r#*"', src[i:i + 10]) and not (i and (src[i - 1].isalnum() or src[i - 1] == "_")):
            hashes = re.match(r'r(#*)"', src[i:]).group(1)
            end = src.find('"' + hashes, i + len(hashes) + 2)
            end = n if end < 0 else end + 1 + len(hashes)
            out.append("\n" * src.count("\n", i, end))
            i = end
        elif c == '"':
            j = i + 1
            while j < n and src[j] != '"':
                j += 2 if src[j] == "\\" else 1
            out.append("\n" * src.count("\n", i, j))
            i = j + 1
        elif c == "'" and re.match(r"'(\\.|[^\\'])'", src[i:i + 4]) or (c == "'" and src.startswith("'\\", i)):
            m = re.match(r"'(\\u\{[0-9a-fA-F]+\}|\\.|[^\\'])'", src[i:])
            if m:
                i += len(m.group(0))
                out.append(" ")
            else:
                out.append(c)
                i += 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def drop_test_items(src):
    """The source without what `#[cfg(test)]` keeps for the tests: an inline `mod tests { ... }`,
    an item, or a statement (lines kept). `#[cfg(test)] mod x;` is left for `child_files`."""
    start = 0
    while True:
        m = re.compile(r"#\[cfg\(test\)\]").search(src, start)
        if not m:
            return src
        j = m.end()
        if re.match(r"\s*(pub(\([^)]*\))?\s+)?mod\s+\w+\s*;", src[j:]):
            start = j
            continue
        # The item or statement: to its first `;` outside braces, or its braces' end.
        depth = 0
        while j < len(src):
            c = src[j]
            j += 1
            if c == "{":
                depth += 1
            elif c == "}":
                depth -= 1
                if depth == 0:
                    break
            elif c == ";" and depth == 0:
                break
        src = src[:m.start()] + "\n" * src.count("\n", m.start(), j) + src[j:]
        start = m.start()


def child_files(path, src):
    """(child module name, its file) for each `mod x;` of the file at path, tests left out."""
    here = os.path.dirname(path)
    base = os.path.basename(path)
    folder = here if base in ("mod.rs", "lib.rs", "main.rs") else os.path.join(here, base[:-3])
    for m in re.finditer(r"(#\[cfg\(test\)\]\s*)?(#\[path\s*=\s*\"([^\"]+)\"\]\s*)?(pub(\([^)]*\))?\s+)?mod\s+(\w+)\s*;", src):
        if m.group(1):
            continue
        name = m.group(6)
        if m.group(3):
            yield name, os.path.join(here, m.group(3))
            continue
        for candidate in (os.path.join(folder, name + ".rs"), os.path.join(folder, name, "mod.rs")):
            if os.path.exists(candidate):
                yield name, candidate
                break


def use_tree_heads(tree):
    """The first segment of each path in a use tree's braces: `a::{b, c}, d` gives a, d."""
    heads, depth, current = [], 0, ""
    for c in tree:
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
        elif c == "," and depth == 0:
            heads.append(current)
            current = ""
        elif depth == 0:
            current += c
    heads.append(current)
    return [m.group(1) for m in (re.match(r"\s*(\w+)", h) for h in heads) if m]


def references(src, module_path):
    """(line, top-level module) for each path in src that names a top-level module of the crate.

    module_path: the file's module path from the crate root, e.g. ["system", "own"]."""
    found = []
    for m in re.finditer(r"\bcrate::\{", src):
        depth, j = 1, m.end()
        while j < len(src) and depth:
            depth += {"{": 1, "}": -1}.get(src[j], 0)
            j += 1
        line = src.count("\n", 0, m.start()) + 1
        for head in use_tree_heads(src[m.end():j - 1]):
            found.append((line, head))
    for m in re.finditer(r"\bcrate::(\w+)", src):
        found.append((src.count("\n", 0, m.start()) + 1, m.group(1)))
    for m in re.finditer(r"\b((?:super::)+)(\w+)", src):
        ups = m.group(1).count("super::")
        if ups == len(module_path):
            found.append((src.count("\n", 0, m.start()) + 1, m.group(2)))
    return found


def module_graph(src_dir):
    """{module: {other module: [(file, line), ...]}} for the crate whose root is src_dir."""
    root = os.path.join(src_dir, "lib.rs")
    if not os.path.exists(root):
        root = os.path.join(src_dir, "main.rs")
    root_src = drop_test_items(strip_comments_and_strings(open(root, encoding="utf-8").read()))
    tops = dict(child_files(root, root_src))
    graph = {name: {} for name in tops}
    for top, top_file in tops.items():
        pending = [(top_file, [top])]
        while pending:
            path, module_path = pending.pop()
            src = drop_test_items(strip_comments_and_strings(open(path, encoding="utf-8").read()))
            for line, other in references(src, module_path):
                if other in tops and other != top:
                    graph[top].setdefault(other, []).append((os.path.relpath(path), line))
            for name, child in child_files(path, src):
                pending.append((child, module_path + [name]))
    return graph


def cycles(graph):
    """The strongly connected components of more than one module (Tarjan), each sorted."""
    index, low, stack, on_stack, out = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                out.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def layers(graph):
    """Modules bottom layer first (each only sees those before it), for an acyclic graph."""
    placed, order = set(), []
    while len(placed) < len(graph):
        layer = sorted(v for v in graph if v not in placed and set(graph[v]) <= placed)
        if not layer:
            break
        order.append(layer)
        placed |= set(layer)
    return order


def check(src_dir):
    graph = module_graph(src_dir)
    found = cycles(graph)
    if not found:
        print(f"modules: {src_dir}: {len(graph)} modules, no cycle")
        return True
    for component in found:
        print(f"modules: {src_dir}: a cycle between {', '.join(component)}:", file=sys.stderr)
        for a in component:
            for b in sorted(graph[a]):
                if b in component:
                    file, line = graph[a][b][0]
                    more = len(graph[a][b]) - 1
                    also = f" (and {more} more)" if more else ""
                    print(f"modules:   {a} -> {b}: {file}:{line}{also}", file=sys.stderr)
    return False


def self_test():
    fails = 0
    with tempfile.TemporaryDirectory() as d:
        def write(rel, text):
            p = os.path.join(d, rel)
            os.makedirs(os.path.dirname(p), exist_ok=True)
            with open(p, "w", encoding="utf-8") as f:
                f.write(text)

        write("lib.rs", "pub mod a;\npub mod b;\nmod c;\n#[cfg(test)]\nmod t;\n")
        write("a/mod.rs", "mod inner;\nuse crate::{c::X, b as _};\n// crate::b in a comment\n")
        write("a/inner.rs", 'const S: &str = "crate::c";\nfn f() { super::super::c::g(); }\n')
        write("b.rs", "#[cfg(test)]\nmod tests { use crate::a; }\nuse crate::c;\nfn f() {\n    #[cfg(test)]\n    crate::a::hook();\n}\n")
        write("c.rs", "pub fn g() {}\n")
        write("t.rs", "use crate::a;\n")
        graph = module_graph(d)
        want = {"a": ["b", "c"], "b": ["c"], "c": []}
        got = {k: sorted(v) for k, v in graph.items()}
        if got == want and not cycles(graph):
            print(f"self-test: ok (edges read: {got}; comments, strings, tests left out)")
        else:
            print(f"self-test: FAILED, expected {want} and no cycle, got {got}", file=sys.stderr)
            fails += 1
        write("c.rs", "pub fn g() { crate::a::h() }\n")
        found = cycles(module_graph(d))
        if found == [["a", "b", "c"]] or found == [["a", "c"]]:
            print(f"self-test: ok (cycle found: {found[0]})")
        else:
            print(f"self-test: FAILED, expected the cycle a -> c -> a, got {found}", file=sys.stderr)
            fails += 1
    return fails == 0


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    os.chdir(os.path.dirname(here))
    if "--self-test" in sys.argv:
        sys.exit(0 if self_test() else 1)
    if "--graph" in sys.argv:
        for src_dir in CRATES:
            graph = module_graph(src_dir)
            found = cycles(graph)
            for component in found:
                print("cycle:", ", ".join(component))
            for layer in layers(graph):
                print("layer:", ", ".join(f"{v} -> {{{', '.join(sorted(graph[v]))}}}" for v in layer))
            rest = [v for v in graph if v not in {x for l in layers(graph) for x in l}]
            for v in sorted(rest):
                print(f"tangled: {v} -> {{{', '.join(sorted(graph[v]))}}}")
        return
    ok = all([check(src_dir) for src_dir in CRATES])
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
