#!/usr/bin/env python3
"""Regenerate zoneinfo.z, the IANA time zone database that package
time/tzdata embeds, from Go's own copy ($(go env GOROOT)/lib/time/zoneinfo.zip,
the data Go's time/tzdata embeds) or from a zip or zoneinfo directory given
as the argument.

Format (zlib-compressed): for each zone, sorted by name, the name, a NUL
byte, the TZif file's length (4 bytes, big-endian) and the TZif file.

Usage: python3 gen.py [zoneinfo.zip | /usr/share/zoneinfo]
"""

import os
import subprocess
import sys
import zipfile
import zlib

here = os.path.dirname(os.path.abspath(__file__))
src = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
    subprocess.check_output(["go", "env", "GOROOT"], text=True).strip(), "lib", "time", "zoneinfo.zip")
zones = {}
if os.path.isdir(src):
    for root, _, files in os.walk(src):
        for f in files:
            path = os.path.join(root, f)
            with open(path, "rb") as fh:
                data = fh.read()
            if data[:4] == b"TZif":
                zones[os.path.relpath(path, src)] = data
else:
    with zipfile.ZipFile(src) as z:
        for name in z.namelist():
            if not name.endswith("/"):
                zones[name] = z.read(name)
out = b"".join(n.encode() + b"\0" + len(d).to_bytes(4, "big") + d for n, d in sorted(zones.items()))
with open(os.path.join(here, "zoneinfo.z"), "wb") as fh:
    fh.write(zlib.compress(out, 9))
print(f"{len(zones)} zones, {len(out)} bytes, {len(zlib.compress(out, 9))} compressed")
