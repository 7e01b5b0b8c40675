#!/usr/bin/env python3
"""Counts the instructions of `despina serve`'s page rebuilds after edits,
on the thread that runs them (callgrind), for comparing two binaries where
wall times are too noisy to tell a few percent.

    scripts/count-reload.py DESPINA_BINARY SITE_DIR OUT_FILE [EDITS]

SITE_DIR is a site with Content/posts (e.g. the benchmark blog made by
gen-corpus.py); remove its .despina folder first, so that every binary
starts alike. The server runs under valgrind without instrumentation until
its first build and the preparation of the next are done; then EDITS
(default 3) edits of the first post are each followed by its page rebuild
with instrumentation on. Only the code under the watcher's rebuild callback
is counted, on the thread that runs it: the rebuild's own steps and the
share of its parallel steps that thread takes, not the search index build
that follows once the writer pauses. Valgrind runs one thread at a time, so
that thread's share of the steps run on all cores varies between runs: the
figure is exact for code that runs on the rebuild's thread alone, and only
approximate for the rest. String hashing is given one seed
(SWIFT_DETERMINISTIC_HASHING), so that dictionary probes run alike from one
run to the next. The count is in OUT_FILE.1 ("totals"), and the
server's log, with each build's steps, in OUT_FILE.log;
`callgrind_annotate --inclusive=yes OUT_FILE.1` shows where it goes. Takes
about four minutes for 10,000 posts.
"""
import os
import subprocess
import sys
import time

from preview_session import PreviewSession

binary, site, out = sys.argv[1], sys.argv[2], sys.argv[3]
edits = int(sys.argv[4]) if len(sys.argv) > 4 else 3
port = 18293
session = PreviewSession(site, port)
# The closure the file watcher calls with the changed paths (PreviewServer.start).
callback = "$s10DespinaKit13PreviewServerC5startyyKFyycSgSaySSGYbcfU0_"
server = subprocess.Popen(
    ["valgrind", "--tool=callgrind", "--instr-atstart=no", "--collect-atstart=no",
     "--toggle-collect=" + callback, "--callgrind-out-file=" + out, binary, "serve", site, "--port", str(port),
     "--verbose"],
    stdout=open(out + ".log", "w"), stderr=subprocess.STDOUT,
    # Swift seeds each process's string hashing at random, and with it how
    # long dictionary probes run: the same look-ups took 14 M instructions
    # in one run and 46 M in another. One seed for every run.
    env={**os.environ, "SWIFT_DETERMINISTIC_HASHING": "1"})


def control(*arguments):
    subprocess.run(["callgrind_control", *arguments, str(server.pid)], stdout=subprocess.DEVNULL)


try:
    session.wait_until_served(probe_timeout=30, interval=1)
    time.sleep(40)  # the preparation of the next build, while idle
    session.listen()
    session.edit_and_wait(-1)  # the first edit after the start is not counted
    time.sleep(20)
    control("-i", "on")
    for run in range(edits):
        session.edit_and_wait(run)
        time.sleep(20)  # its search index build, under valgrind
    control("-i", "off")
    control("-d")
    time.sleep(2)
finally:
    session.restore()
    server.terminate()
    server.wait()
