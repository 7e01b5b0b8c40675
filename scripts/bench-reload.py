#!/usr/bin/env python3
"""Measures save-to-reload time of `despina serve`: the time from writing a
post to the reload event reaching a connected page (the event stream that
the injected script listens to).

    scripts/bench-reload.py DESPINA_BINARY SITE_DIR [RUNS] [PAUSE_SECONDS]

SITE_DIR is a site with Content/posts (e.g. the benchmark blog made by
gen-corpus.py). The first post's body gets one line appended per run,
PAUSE_SECONDS (default 2) after the last reload; the file is restored at
the end. The server's first build is followed by its preparation of the
next one; the script waits for the first reload of an untimed edit before
timing any.
"""
import os
import statistics
import subprocess
import sys
import time

from preview_session import PreviewSession

binary, site = sys.argv[1], sys.argv[2]
runs = int(sys.argv[3]) if len(sys.argv) > 3 else 5
pause = float(sys.argv[4]) if len(sys.argv) > 4 else 2.0
port = 18191
session = PreviewSession(site, port)
server = subprocess.Popen([binary, "serve", site, "--port", str(port)],
                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
try:
    # Wait until the first build is served.
    session.wait_until_served(probe_timeout=5, interval=0.2, deadline=600)
    session.listen()
    first = session.edit_and_wait(-1)
    times = []
    for run in range(runs):
        time.sleep(pause)
        times.append(session.edit_and_wait(run))
    print(f"first edit right after the server started: {first:.0f} ms (not counted)")
    print(f"save to reload, {runs} edits of {os.path.basename(session.post)}, {pause:g} s apart: "
          f"median {statistics.median(times):.0f} ms, min {min(times):.0f} ms, max {max(times):.0f} ms")
finally:
    session.restore()
    server.terminate()
    server.wait()
