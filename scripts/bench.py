#!/usr/bin/env python3
"""Benchmark of whole `handout` processes: median wall time and peak memory.

usage: scripts/bench.py [--handout build/handout] [--runs 15] [--save FILE] [--compare FILE]

Each case runs the real binary as a user would (process start, YAML, layout,
PDF, atomic write), `--runs` times after one warm-up; we report the median
and the peak resident memory of the worst run. --save writes the figures as
JSON; --compare prints the ratio against such a file from an earlier version.
This is a benchmark, not a test: it asserts nothing.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def measure(cmd, runs):
    """Median seconds and max RSS (MB) over `runs` runs of `cmd`."""
    times, peak = [], 0
    for i in range(runs + 1):
        start = time.perf_counter()
        proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        _, status, usage = os.wait4(proc.pid, 0)
        elapsed = time.perf_counter() - start
        if os.waitstatus_to_exitcode(status) != 0:
            sys.exit("failed: %s\n%s" % (" ".join(cmd), proc.stderr.read().decode()))
        proc.stderr.close()
        if i == 0:
            continue  # warm-up: page cache, dynamic loader
        times.append(elapsed)
        peak = max(peak, usage.ru_maxrss / 1024.0)
    return statistics.median(times), peak


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--handout", default=os.path.join(ROOT, "build", "handout"))
    ap.add_argument("--runs", type=int, default=15)
    ap.add_argument("--save")
    ap.add_argument("--compare")
    args = ap.parse_args()
    ws = os.path.join(ROOT, "worksheets", "split-the-work.yaml")
    with tempfile.TemporaryDirectory(prefix="handout-bench-") as tmp:
        out = os.path.join(tmp, "out.pdf")
        keys = os.path.join(tmp, "keys.pdf")
        batch = [args.handout, "batch", ws, "-o", out, "--keys", keys, "--copies"]
        cases = {
            "check": ([args.handout, "check", ws], args.runs),
            "render 1 variant + key": ([args.handout, "render", ws, "--seed", "3", "-o", out], args.runs),
            "batch 30 + marking pack": (batch + ["30"], args.runs),
            "batch 1000 + marking pack": (batch + ["1000"], max(3, args.runs // 3)),
        }
        results = {}
        for name, (cmd, runs) in cases.items():
            median, peak = measure(cmd, runs)
            size = 0
            if "check" not in name:
                size = (os.path.getsize(out) + (os.path.getsize(keys) if "batch" in name else 0)) / 1024.0
            results[name] = {"seconds": median, "peak_mb": peak, "kb": size}
    before = {}
    if args.compare:
        with open(args.compare) as f:
            before = json.load(f)
    print("%-28s %10s %9s %9s %s" % ("case", "median", "peak MB", "PDFs KB", "vs before" if before else ""))
    for name, r in results.items():
        ratio = ""
        if name in before and r["seconds"] > 0:
            speedup = before[name]["seconds"] / r["seconds"]
            ratio = "%.2fx faster" % speedup if speedup >= 1 else "%.2fx slower" % (1 / speedup)
        print("%-28s %8.1fms %9.1f %9s %s" % (name, r["seconds"] * 1000, r["peak_mb"],
                                            ("%.1f" % r["kb"]) if r["kb"] else "-", ratio))
    if args.save:
        with open(args.save, "w") as f:
            json.dump(results, f, indent=2)


if __name__ == "__main__":
    main()
