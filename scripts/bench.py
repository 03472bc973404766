#!/usr/bin/env python3
"""Benchmark of whole `handout` processes: median wall time and peak memory.

usage: scripts/bench.py [--handout build/handout] [--runs 15] [--save FILE] [--compare FILE]
                        [--against OLD_BINARY] [--quick]

Each case runs the real binary as a user would (process start, YAML, layout,
PDF, atomic write), `--runs` times after one warm-up (the large class sets
fewer times); we report the median wall time, the median CPU time (user +
system: steadier than wall time on a shared machine) and the peak resident
memory of the worst run. --save writes the figures as JSON; --compare prints
the ratio against such a file from an earlier version. --against runs an
earlier binary too, interleaved run by run with this one (so both see the
same machine load), and prints the ratios: the fair comparison on a busy
machine. --quick leaves out the 10,000-copy case.
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


def run_once(cmd):
    """Wall seconds, CPU seconds and max RSS (MB) of one run of `cmd`."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    elapsed = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit("failed: %s\n%s" % (" ".join(cmd), proc.stderr.read().decode()))
    proc.stderr.close()
    return elapsed, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024.0


def measure(cmds, runs):
    """Per command: median seconds, median CPU seconds and max RSS (MB) over
    `runs` runs after a warm-up; several commands run interleaved."""
    times = [[] for _ in cmds]
    cpus = [[] for _ in cmds]
    peaks = [0.0 for _ in cmds]
    for i in range(runs + 1):
        order = list(range(len(cmds))) if i % 2 == 0 else list(reversed(range(len(cmds))))
        for k in order:
            elapsed, cpu, peak = run_once(cmds[k])
            if i == 0:
                continue  # warm-up: page cache, dynamic loader
            times[k].append(elapsed)
            cpus[k].append(cpu)
            peaks[k] = max(peaks[k], peak)
    return [(statistics.median(times[k]), statistics.median(cpus[k]), peaks[k]) for k in range(len(cmds))]


def ratio(before, after):
    speedup = before / after
    return "%.2fx faster" % speedup if speedup >= 1 else "%.2fx slower" % (1 / speedup)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--handout", default=os.path.join(ROOT, "build", "handout"))
    ap.add_argument("--runs", type=int, default=15)
    ap.add_argument("--save")
    ap.add_argument("--compare")
    ap.add_argument("--against")
    ap.add_argument("--quick", action="store_true")
    args = ap.parse_args()
    ws = os.path.join(ROOT, "worksheets", "split-the-work.yaml")
    binaries = [args.handout] + ([args.against] if args.against else [])
    with tempfile.TemporaryDirectory(prefix="handout-bench-") as tmp:
        def outputs(k):
            return os.path.join(tmp, "out%d.pdf" % k), os.path.join(tmp, "keys%d.pdf" % k)

        def case(k, kind, copies=0):
            out, keys = outputs(k)
            b = binaries[k]
            if kind == "check":
                return [b, "check", ws]
            if kind == "render":
                return [b, "render", ws, "--seed", "3", "-o", out]
            return [b, "batch", ws, "-o", out, "--keys", keys, "--copies", str(copies)]

        cases = [
            ("check", "check", 0, args.runs),
            ("render 1 variant + key", "render", 0, args.runs),
            ("batch 30 + marking pack", "batch", 30, args.runs),
            ("batch 100 + marking pack", "batch", 100, max(5, args.runs // 3)),
            ("batch 1000 + marking pack", "batch", 1000, max(5, args.runs // 3)),
        ]
        if not args.quick:
            cases.append(("batch 10000 + marking pack", "batch", 10000, max(5, args.runs // 5)))
        results, old = {}, {}
        for name, kind, copies, runs in cases:
            figures = measure([case(k, kind, copies) for k in range(len(binaries))], runs)
            for k, (median, cpu, peak) in enumerate(figures):
                size = 0
                if kind != "check":
                    out, keys = outputs(k)
                    size = (os.path.getsize(out) + (os.path.getsize(keys) if kind == "batch" else 0)) / 1024.0
                entry = {"seconds": median, "cpu_seconds": cpu, "peak_mb": peak, "kb": size}
                (results if k == 0 else old)[name] = entry
    before = {}
    if args.compare:
        with open(args.compare) as f:
            before = json.load(f)
        before = before.get("results", before)  # a file saved with --against
    print("%-28s %10s %10s %9s %9s %s" % ("case", "median", "cpu", "peak MB", "PDFs KB",
                                        "vs --against (interleaved)" if old else "vs before" if before else ""))
    for name, r in results.items():
        note = ""
        if name in old:
            o = old[name]
            note = "%s (cpu %s), was %.1f ms, %.1f MB, %.1f KB" % (ratio(o["seconds"], r["seconds"]),
                                                                ratio(o["cpu_seconds"], r["cpu_seconds"]),
                                                                o["seconds"] * 1000, o["peak_mb"], o["kb"])
        elif name in before and r["seconds"] > 0:
            note = ratio(before[name]["seconds"], r["seconds"])
        print("%-28s %8.1fms %8.1fms %9.1f %9s %s" % (name, r["seconds"] * 1000, r["cpu_seconds"] * 1000,
                                                   r["peak_mb"], ("%.1f" % r["kb"]) if r["kb"] else "-", note))
    if args.save:
        with open(args.save, "w") as f:
            json.dump({"results": results, "against": old} if old else results, f, indent=2)


if __name__ == "__main__":
    main()
