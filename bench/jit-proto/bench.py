#!/usr/bin/env python3
"""Times cpu_loop and cpu_fib three ways: real Go (`go build` binary),
minigo's interpreter (`minigo run`) and the JIT prototype (`jit-proto
loop|fib`, which reads the bytecode from `minigo disasm`). Runs are
interleaved (go, interp, jit, go, ...) and medians of wall time are quoted;
each row's stdout must equal the benchmark's NAME.expected.

usage: jit-proto/bench.py BENCH_DIR [--runs N] [--minigo PATH]
  (BENCH_DIR: the directory of cpu_loop.go and cpu_fib.go, e.g. ../shared/bench;
   PATH: the minigo binary, default ../target/release/minigo if built, else
   ../target/debug/minigo)
Then the JIT variants (register allocation, frame protocol, safe points)
are timed in-process, median of N runs each.
"""
import os, re, statistics, subprocess, sys, tempfile, time

HERE = os.path.dirname(os.path.abspath(__file__))
BIN = os.path.join(HERE, "target", "release", "jit-proto")
# Integer constants `minigo disasm` does not print (cpu_loop's `n`).
CONSTS = {"loop": ["--const", "K0=50000000"], "fib": []}


def timed(cmd, expected):
    t0 = time.perf_counter()
    p = subprocess.run(cmd, capture_output=True)
    dt = time.perf_counter() - t0
    if p.returncode != 0 or p.stdout != expected:
        sys.exit(f"{cmd}: exit {p.returncode}, stdout {p.stdout!r}, stderr {p.stderr[-2000:]!r}")
    return dt, p.stderr.decode()


def main():
    args = sys.argv[1:]
    if not args:
        sys.exit(__doc__)
    bench = os.path.abspath(args[0])
    runs = int(args[args.index("--runs") + 1]) if "--runs" in args else 5
    if "--minigo" in args:
        minigo = os.path.abspath(args[args.index("--minigo") + 1])
    else:
        rel = os.path.join(HERE, "..", "target", "release", "minigo")
        minigo = rel if os.path.exists(rel) else os.path.join(HERE, "..", "target", "debug", "minigo")
    print("minigo:", os.path.normpath(minigo))
    tmp = tempfile.mkdtemp()
    rows = []
    for name, kind in (("cpu_loop", "loop"), ("cpu_fib", "fib")):
        src = os.path.join(bench, name + ".go")
        expected = open(os.path.join(bench, name + ".expected"), "rb").read()
        exe = os.path.join(tmp, name)
        subprocess.run(["go", "build", "-o", exe, src], check=True, cwd=tmp)
        t = {"go": [], "interp": [], "jit": [], "jit_run": [], "jit_compile": []}
        for _ in range(runs):
            dt, _ = timed([exe], expected)
            t["go"].append(dt)
            dt, err = timed([minigo, "run", src], expected)
            t["interp"].append(dt)
            dt, err = timed([BIN, kind, src, "--runs", "1", "--minigo", minigo] + CONSTS[kind], expected)
            t["jit"].append(dt)
            t["jit_run"].append(float(re.search(r"run median of 1: ([0-9.]+) s", err).group(1)))
            t["jit_compile"].append(float(re.search(r"median of 20 ([0-9.]+) us", err).group(1)))
        m = {k: statistics.median(v) for k, v in t.items()}
        rows.append((name, m))
    print(f"median of {runs}: wall seconds of the process for Go and minigo; for the JIT, the run of")
    print("the compiled function alone (its process also runs `minigo disasm` and 21 compiles)")
    print("| program | Go | minigo interpreter | JIT prototype | interp/Go | JIT/Go | interp/JIT | compile (us) |")
    print("|---|---|---|---|---|---|---|---|")
    for name, m in rows:
        print(
            f"| {name} | {m['go']:.3f} | {m['interp']:.3f} | {m['jit_run']:.4f} | "
            f"{m['interp']/m['go']:.1f} | {m['jit_run']/m['go']:.2f} | "
            f"{m['interp']/m['jit_run']:.1f} | {m['jit_compile']:.0f} |"
        )
    print()
    print(f"JIT variants: in-process run time, median over 3 interleaved sweeps of the median of {runs}")
    print("| program | regs | frames | safe points | run (s) | compile (us) |")
    print("|---|---|---|---|---|---|")
    variants = (("ssa", "full", True), ("mem", "full", True), ("ssa", "none", True),
                ("mem", "none", True), ("ssa", "full", False), ("mem", "none", False))
    for name, kind in (("cpu_loop", "loop"), ("cpu_fib", "fib")):
        src = os.path.join(bench, name + ".go")
        expected = open(os.path.join(bench, name + ".expected"), "rb").read()
        res = {}
        for _ in range(3):
            for regs, frames, sp in variants:
                if kind == "loop" and frames == "none":
                    continue  # the loop makes no calls
                cmd = [BIN, kind, src, "--runs", str(runs), "--regs", regs, "--frames", frames,
                       "--minigo", minigo] + CONSTS[kind]
                if not sp:
                    cmd.append("--no-safepoints")
                _, err = timed(cmd, expected)
                run = float(re.search(r"run median of \d+: ([0-9.]+) s", err).group(1))
                ct = float(re.search(r"median of 20 ([0-9.]+) us", err).group(1))
                res.setdefault((regs, frames, sp), []).append((run, ct))
        for (regs, frames, sp), v in res.items():
            run = statistics.median(r for r, _ in v)
            ct = statistics.median(c for _, c in v)
            print(f"| {name} | {regs} | {frames} | {'yes' if sp else 'no'} | {run:.4f} | {ct:.0f} |")


if __name__ == "__main__":
    main()
