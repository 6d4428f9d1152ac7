#!/usr/bin/env python3
"""Writes ui/startup-order.txt: the functions a start of the released `fray` runs, in the order
the linker is to place them (docs/performance.md, "Start-up"; ui/build.rs passes the file to
the linker).

Why: the kernel maps a program's code 64 KiB at a time around each page a start first touches.
Fray's start runs some 4.5 MB of its 21 MiB of code, spread over all of it, so 15 MiB of code
was resident after a start; placed side by side, about 5.

How: builds the release `fray` with the linker's map (`FRAY_LINK_MAP`), makes three databases
(a first run's welcome screen, a fight on zones, a fight on a grid), runs each start under
Valgrind's lackey (every block of code executed, by address), finds each address's function in
the map, and writes the union, in the order the functions lie in this build.

    python3 tools/startup_order.py        # then build the release again to use it

Needs valgrind and an X display (DISPLAY, e.g. Xvfb :77); about 15 minutes on two cores.
Run it again after a change of toolchain or dependencies: the names carry hashes that change
then, and a name the build lacks is skipped (the start only loses the memory it saved).
"""

import bisect
import os
import re
import sqlite3
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# Where cargo puts the build: CARGO_TARGET_DIR when set (a shared build cache), else target/.
TARGET = os.path.join(os.environ.get("CARGO_TARGET_DIR", os.path.join(ROOT, "target")), "release")
FRAY = os.path.join(TARGET, "fray")
MAP = os.path.join(TARGET, "fray-link.map")
ORDER = os.path.join(ROOT, "ui", "startup-order.txt")
# Where Valgrind loads a position-independent program on x86-64 (checked below against `main`).
VALGRIND_PIE_BASE = 0x108000
# A map line: address, load address, size, alignment, then the section or symbol.
MAP_LINE = re.compile(r"^\s*([0-9a-f]+)\s+[0-9a-f]+\s+([0-9a-f]+)\s+\d+\s+(.*)$")
# Code sections are named after their function, behind a prefix that says how hot it is.
TEXT_PREFIXES = (".text.unlikely.", ".text.hot.", ".text.startup.", ".text.exit.", ".text.")


def build_with_map():
    env = dict(os.environ, FRAY_LINK_MAP=MAP)
    cmd = ["cargo", "build", "--release", "--locked", "-p", "fray-ui", "--bin", "fray"]
    subprocess.run(cmd, cwd=ROOT, env=env, check=True)


def read_map():
    """The code sections of this build: (start, size, function) sorted, and `main`'s address."""
    sections, main = [], None
    with open(MAP, encoding="utf-8", errors="replace") as lines:
        for line in lines:
            m = MAP_LINE.match(line)
            if not m:
                continue
            start, size, rest = int(m.group(1), 16), int(m.group(2), 16), m.group(3).strip()
            if ":(" in rest:
                name = rest[rest.index(":(") + 2 : -1]
                for prefix in TEXT_PREFIXES:
                    if name.startswith(prefix):
                        sections.append((start, size, name[len(prefix) :]))
                        break
            elif rest == "main":
                main = start
    if main is None:
        sys.exit(f"{MAP}: no `main` in the linker's map")
    sections.sort()
    return sections, main


def databases(tmp):
    """The three starts: a first run's welcome screen, a fight on zones, a fight on a grid."""
    env = dict(os.environ, FRAY_EXIT_AFTER_FIRST_FRAME="1")
    welcome = os.path.join(tmp, "welcome.db")
    subprocess.run([FRAY, "--db", welcome], env=env, check=True)
    starts = [welcome]
    for name, script in [
        ("zones", "tests/scenarios/freeform-ambush.fray"),
        ("grid", "docs/tour/sovereign-tower.fray"),
    ]:
        db = os.path.join(tmp, name + ".db")
        subprocess.run([FRAY, "--db", db, "play", "--save", script], cwd=ROOT, check=True,
                       stdout=subprocess.DEVNULL)
        with sqlite3.connect(db) as c:
            c.execute("insert or replace into settings values('ui.last_encounter','1')")
        starts.append(db)
    return starts


def blocks_executed(db, tmp):
    """Every address at which a block of code began, over one start of the window."""
    fifo = os.path.join(tmp, "lackey")
    if os.path.exists(fifo):
        os.remove(fifo)
    os.mkfifo(fifo)
    env = dict(os.environ, FRAY_EXIT_AFTER_FIRST_FRAME="1")
    cmd = ["valgrind", "--tool=lackey", "--trace-superblocks=yes", f"--log-file={fifo}",
           FRAY, "--db", db]
    child = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    seen = set()
    with open(fifo, encoding="ascii", errors="replace") as log:
        for line in log:
            if line.startswith("SB "):
                seen.add(int(line[3:], 16))
    if child.wait() != 0:
        sys.exit(f"fray --db {db} under valgrind ended with status {child.returncode}")
    return seen


def main():
    if not os.environ.get("DISPLAY"):
        sys.exit("needs an X display: DISPLAY (e.g. Xvfb :77 -screen 0 1920x1080x24)")
    build_with_map()
    sections, main_at = read_map()
    starts = [s for s, _, _ in sections]
    hit = set()
    with tempfile.TemporaryDirectory() as tmp:
        for db in databases(tmp):
            blocks = blocks_executed(db, tmp)
            if VALGRIND_PIE_BASE + main_at not in blocks:
                sys.exit("valgrind did not load fray where expected: its `main` never ran")
            for address in blocks:
                at = address - VALGRIND_PIE_BASE
                i = bisect.bisect_right(starts, at) - 1
                if i >= 0 and at < sections[i][0] + max(sections[i][1], 1):
                    hit.add(i)
            print(f"{os.path.basename(db)}: {len(hit)} functions so far", flush=True)
    names = [sections[i][2] for i in sorted(hit)]
    previous = set(open(ORDER).read().split()) if os.path.exists(ORDER) else set()
    kept = len(previous & {name for _, _, name in sections})
    with open(ORDER, "w") as out:
        out.write("\n".join(names) + "\n")
    size = sum(sections[i][1] for i in hit)
    print(f"{ORDER}: {len(names)} functions, {size / 2**20:.1f} MiB of "
          f"{sum(s for _, s, _ in sections) / 2**20:.1f} MiB of code; "
          f"{kept} of the {len(previous)} names it had are in this build")


if __name__ == "__main__":
    main()
