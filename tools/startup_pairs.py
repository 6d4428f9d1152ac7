#!/usr/bin/env python3
"""Fray's start-up against the bare eframe window, run in turns (docs/performance.md, "Start-up").

This machine's speed drifts by a quarter from one batch of runs to the next, so timing one
program's batch and then the other's (as `hyperfine A B` does) compares two different hours.
Here the two programs start in turns, one pair after the other, and the figures are the
medians: wall time from start to exit (each closes itself after its first frame) and peak
resident memory (the kernel's maxrss of the process, as `/usr/bin/time -f %M` reports it).
Sixty pairs by default: runs of twenty in one hour gave ratios from 1.11 to 1.23, runs of
sixty 1.13 and 1.14 (2026-11-30).

    python3 tools/startup_pairs.py [--pairs 60] [--fray target/release/fray]
        [--bare target/release/examples/bare_window] --db /tmp/startup.db

Needs an X display (DISPLAY, e.g. Xvfb :77); docs/performance.md gives the commands that build both
programs and the database with a fight open.
"""

import argparse
import os
import statistics
import subprocess
import time


def run(argv, env):
    """Runs one program to its end: its wall time in seconds and its peak memory in MiB."""
    start = time.perf_counter()
    child = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    if status != 0:
        raise SystemExit(f"{argv[0]} ended with status {status}")
    return wall, usage.ru_maxrss / 1024


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pairs", type=int, default=60)
    parser.add_argument("--fray", default="target/release/fray")
    parser.add_argument("--bare", default="target/release/examples/bare_window")
    parser.add_argument("--db", required=True, help="the database Fray opens")
    args = parser.parse_args()
    env = dict(os.environ, FRAY_EXIT_AFTER_FIRST_FRAME="1")
    fray = [args.fray, "--db", args.db]
    bare = [args.bare]
    # Three pairs to warm the page cache and Mesa's shader cache, not counted.
    for _ in range(3):
        run(bare, env)
        run(fray, env)
    pairs = [(run(fray, env), run(bare, env)) for _ in range(args.pairs)]
    median = lambda xs: statistics.median(list(xs))
    fray_ms = median(f[0] for f, _ in pairs) * 1000
    bare_ms = median(b[0] for _, b in pairs) * 1000
    fray_mib = median(f[1] for f, _ in pairs)
    bare_mib = median(b[1] for _, b in pairs)
    print(
        f"{args.pairs} pairs: Fray {fray_ms:.0f} ms, {fray_mib:.1f} MiB; "
        f"bare window {bare_ms:.0f} ms, {bare_mib:.1f} MiB; "
        f"{fray_ms / bare_ms:.2f}x the bare window's time"
    )


if __name__ == "__main__":
    main()
