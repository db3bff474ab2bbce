#!/usr/bin/env python3
"""Regenerate the golden snapshots from REAL Go.

For every testdata/run/*.go and testdata/errors/*.go this builds the program
with the real Go toolchain (`go build -o bin <name>.go` in a temporary
directory holding a copy of the file under its own name, and, for a program
with a `//go:embed` line, copies of the folders beside it), runs the binary
there (no args, unless the first line is `// args: a b c`) and writes
vm/tests/snapshots/golden__<kind>@<name>.go.snap in insta's format, which
vm/tests/golden.rs compares with minigo's behaviour.

Usage: python3 testdata/golden.py [-j N] [--check] [name.go ...]
  --check   do not write; report snapshots that differ from what Go produces
  names     only (re)generate these programs (file names or paths)

Checks made on the way: run/ programs must build, errors/ programs must fail
to build with exactly one error line, and each run/ program is run twice and
must print the same both times (determinism). Concurrent programs (names
starting with one of CONCURRENT_PREFIXES) are run RUNS_PER_PROCS times under
each of GOMAXPROCS=1, 2 and 8 instead, and every run must print the same
(they must not depend on scheduling); vm/tests/golden.rs runs them under
the same three settings against the one snapshot.
"""

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TESTDATA = os.path.join(ROOT, "testdata")
SNAPDIR = os.path.join(ROOT, "vm", "tests", "snapshots")
KINDS = ("run", "errors")
TIMEOUT = 20
# Must stay identical to CONCURRENT_PREFIXES / GOMAXPROCS in vm/tests/golden.rs.
CONCURRENT_PREFIXES = ("goroutine_", "chan_", "select_", "sync_", "timer_", "sched_", "seed_",
                       "net_", "os_")
GOMAXPROCS = ("1", "2", "8")
RUNS_PER_PROCS = 3


def is_concurrent(name):
    return name.startswith(CONCURRENT_PREFIXES)


def mask_goroutine_id(line):
    """`goroutine 18 [running]:` -> `goroutine N [running]:`; id 1 is kept;
    a throw's ` gp=... m=... mp=...` addresses are dropped.

    Go numbers goroutines from per-P caches of ids, so a goroutine other than
    main gets a different id from run to run (with GOMAXPROCS > 1); main is
    always goroutine 1, and that is worth checking.
    """
    rest = line[len("goroutine "):]
    digits = len(rest) - len(rest.lstrip("0123456789"))
    tail = rest[digits:]
    # A throw's traceback (`runtime.throw`) adds machine addresses:
    # `goroutine 1 gp=0x... m=0 mp=0x... [running]:`; they are dropped.
    if tail.startswith(" gp=") and " [" in tail:
        tail = tail[tail.index(" ["):]
    if digits == 0 or not tail.startswith(" ["):
        return line
    if rest[:digits] == "1":
        return "goroutine 1" + tail
    return "goroutine N" + tail


def normalize_stderr(stderr, compile_error):
    """Must stay identical to normalize_stderr in vm/tests/golden.rs.

    compile_error: keep only the first error line (skipping blank lines and
    `# package` headers) with the directory before the file name stripped.
    Otherwise, if a line starts with "panic: " or "fatal error: ", keep stderr
    from its start through the first line at or after it starting with
    "goroutine ", dropping lines that start with "[signal " (SIGSEGV details
    with machine addresses), and with that goroutine line's id replaced by N
    unless it is 1 (see mask_goroutine_id). Otherwise stderr verbatim.
    """
    lines = stderr.splitlines(keepends=True)
    if compile_error:
        for line in lines:
            l = line.rstrip("\r\n")
            if not l.strip() or l.startswith("#"):
                continue
            head_end = l.find(": ")
            if head_end < 0:
                head_end = len(l)
            start = l.rfind("/", 0, head_end) + 1
            return l[start:] + "\n"
        return ""
    for i, l in enumerate(lines):
        if l.startswith("panic: ") or l.startswith("fatal error: "):
            end = len(lines)
            for j in range(i, len(lines)):
                if lines[j].startswith("goroutine "):
                    end = j + 1
                    break
            kept = lines[:end]
            if end > i and kept[-1].startswith("goroutine "):
                kept[-1] = mask_goroutine_id(kept[-1])
            return "".join(l for l in kept if not l.startswith("[signal "))
    return stderr


def format_result(exit_code, stdout, stderr):
    """Must stay identical to format_result in vm/tests/golden.rs."""
    out = "exit: %s\n--- stdout\n%s" % (exit_code, stdout)
    if stdout and not stdout.endswith("\n"):
        out += "\n\\ no newline at end of stdout\n"
    out += "--- stderr\n" + stderr
    return out


def program_args(source):
    first = source.split("\n", 1)[0]
    if first.startswith("// args:"):
        return first[len("// args:"):].split()
    return []


def decode(b):
    # Rust side uses String::from_utf8_lossy; programs should print valid UTF-8.
    return b.decode("utf-8", errors="replace")


def snapshot_text(kind, name, body):
    header = (
        "---\n"
        "source: vm/tests/golden.rs\n"
        "expression: formatted\n"
        "input_file: testdata/%s/%s\n"
        "---\n" % (kind, name)
    )
    return header + body + ("" if body.endswith("\n") else "\n")


def run_one(kind, path):
    """Returns (snapshot_path, text, problems)."""
    name = os.path.basename(path)
    problems = []
    with open(path, encoding="utf-8") as f:
        source = f.read()
    with tempfile.TemporaryDirectory(prefix="golden-") as tmp:
        shutil.copy(path, os.path.join(tmp, name))
        if "go:embed" in source:
            # The folders beside the program hold the files it embeds.
            here = os.path.dirname(os.path.abspath(path))
            for entry in sorted(os.listdir(here)):
                if os.path.isdir(os.path.join(here, entry)):
                    shutil.copytree(os.path.join(here, entry), os.path.join(tmp, entry))
        env = dict(os.environ, CGO_ENABLED="0")
        b = subprocess.run(
            ["go", "build", "-o", "bin", name],
            cwd=tmp, capture_output=True, env=env, timeout=300,
        )
        build_err = decode(b.stderr)
        if kind == "errors":
            if b.returncode == 0:
                problems.append("expected a compile error, but it built")
                return None, None, problems
            # Error lines start with the position; continuation lines
            # ("\thave (...)", "\tother declaration of x") are indented.
            errs = [l for l in build_err.splitlines()
                    if l.strip() and not l.startswith("#") and not l[0].isspace()]
            if len(errs) != 1:
                problems.append("expected exactly one error line, got %d:\n  %s"
                                % (len(errs), "\n  ".join(errs)))
            body = format_result(1, "", normalize_stderr(build_err, True))
        else:
            if b.returncode != 0:
                problems.append("does not build:\n" + build_err)
                return None, None, problems
            outs = []
            if is_concurrent(name):
                settings = [p for p in GOMAXPROCS for _ in range(RUNS_PER_PROCS)]
            else:
                settings = [None, None]
            labels = []
            for procs in settings:
                # time.Local is UTC, as vm/tests/golden.rs runs minigo.
                run_env = dict(os.environ, TZ="UTC")
                if procs is not None:
                    run_env["GOMAXPROCS"] = procs
                labels.append("default" if procs is None else "GOMAXPROCS=" + procs)
                try:
                    r = subprocess.run(
                        [os.path.join(tmp, "bin")] + program_args(source),
                        cwd=tmp, capture_output=True, stdin=subprocess.DEVNULL,
                        timeout=TIMEOUT, env=run_env,
                    )
                except subprocess.TimeoutExpired:
                    problems.append("timed out (%s)" % labels[-1])
                    return None, None, problems
                outs.append(format_result(
                    r.returncode, decode(r.stdout),
                    normalize_stderr(decode(r.stderr), False)))
                for raw in (r.stdout, r.stderr):
                    try:
                        raw.decode("utf-8")
                    except UnicodeDecodeError:
                        problems.append("output is not valid UTF-8")
                    if b"\r" in raw:
                        problems.append("output contains a carriage return")
            for label, out in zip(labels[1:], outs[1:]):
                if out != outs[0]:
                    problems.append("nondeterministic output (%s vs %s):\n%s\n---vs---\n%s"
                                    % (labels[0], label, outs[0], out))
                    break
            body = outs[0]
    snap = os.path.join(SNAPDIR, "golden__%s@%s.snap" % (kind, name))
    return snap, snapshot_text(kind, name, body), problems


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("-j", type=int, default=2, help="parallel builds (default 2)")
    ap.add_argument("--check", action="store_true")
    ap.add_argument("names", nargs="*")
    args = ap.parse_args()
    if shutil.which("go") is None:
        sys.exit("golden.py: the real Go toolchain (`go`) must be on PATH")
    wanted = {os.path.basename(n) for n in args.names}
    jobs = []
    for kind in KINDS:
        d = os.path.join(TESTDATA, kind)
        for name in sorted(os.listdir(d)):
            if name.endswith(".go") and (not wanted or name in wanted):
                jobs.append((kind, os.path.join(d, name)))
    os.makedirs(SNAPDIR, exist_ok=True)
    failed = 0
    changed = 0
    with ThreadPoolExecutor(max_workers=args.j) as pool:
        results = pool.map(lambda j: (j, run_one(*j)), jobs)
        for (kind, path), (snap, text, problems) in results:
            label = "%s/%s" % (kind, os.path.basename(path))
            if problems:
                failed += 1
                print("FAIL %s: %s" % (label, "; ".join(problems)), flush=True)
            if snap is None:
                continue
            old = None
            if os.path.exists(snap):
                with open(snap, encoding="utf-8") as f:
                    old = f.read()
            if old != text:
                changed += 1
                if args.check:
                    print("DIFF %s" % label, flush=True)
                else:
                    with open(snap, "w", encoding="utf-8") as f:
                        f.write(text)
    if not wanted and not args.check:
        # Remove snapshots whose program no longer exists.
        live = {"golden__%s@%s.snap" % (k, os.path.basename(p)) for k, p in jobs}
        for f in os.listdir(SNAPDIR):
            if f.startswith("golden__") and f.endswith(".snap") and f not in live:
                os.remove(os.path.join(SNAPDIR, f))
                print("removed stale %s" % f)
    print("%d programs, %d snapshots %s, %d problems"
          % (len(jobs), changed, "differ" if args.check else "written/updated", failed))
    sys.exit(1 if failed or (args.check and changed) else 0)


if __name__ == "__main__":
    main()
