#!/usr/bin/env python3
"""Record the expectations for testdata/mod/ from REAL `go run`.

Each folder testdata/mod/<case>/ is a module tree (or loose files) with a
file RUN holding the arguments of `go run` (`.`, `./cmd/tool x`, `a.go b.go`).
The case is copied to a temporary directory, `go run ARGS` runs there with
GOFLAGS=-mod=mod GOTOOLCHAIN=local GOPROXY=off (never the network), and the
exit status, stdout and stderr (the case's directory written as $DIR) go to
vm/tests/snapshots/packages__<case>.snap, which vm/tests/packages.rs compares
with `minigo run ARGS`.

Usage: python3 testdata/mod_golden.py [case ...]
"""

import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MOD = os.path.join(ROOT, "testdata", "mod")
SNAPDIR = os.path.join(ROOT, "vm", "tests", "snapshots")


def format_result(exit_code, stdout, stderr):
    """Must stay identical to format_result in vm/tests/packages.rs."""
    out = "exit: %s\n--- stdout\n%s" % (exit_code, stdout)
    if stdout and not stdout.endswith("\n"):
        out += "\n\\ no newline at end of stdout\n"
    return out + "--- stderr\n" + stderr


def run_case(case):
    src = os.path.join(MOD, case)
    with open(os.path.join(src, "RUN")) as f:
        args = f.read().split()
    with tempfile.TemporaryDirectory() as tmp:
        tmp = os.path.realpath(tmp)
        work = os.path.join(tmp, case)
        shutil.copytree(src, work)
        env = dict(os.environ, GOFLAGS="-mod=mod", GOTOOLCHAIN="local", GOPROXY="off",
                   GO111MODULE="on" if os.path.exists(os.path.join(src, "go.mod")) else "")
        p = subprocess.run(["go", "run"] + args, cwd=work, env=env, capture_output=True,
                           timeout=120)
        out = p.stdout.decode("utf-8", "replace")
        err = p.stderr.decode("utf-8", "replace").replace(work, "$DIR")
    code = p.returncode
    body = format_result(code, out, err)
    text = ("---\nsource: vm/tests/packages.rs\nexpression: formatted\n---\n" + body
            + ("" if body.endswith("\n") else "\n"))
    path = os.path.join(SNAPDIR, "packages__%s.snap" % case)
    with open(path, "w") as f:
        f.write(text)
    print("wrote", os.path.relpath(path, ROOT))


def main():
    cases = sys.argv[1:] or sorted(d for d in os.listdir(MOD)
                                   if os.path.isdir(os.path.join(MOD, d)))
    for c in cases:
        run_case(c)


if __name__ == "__main__":
    main()
