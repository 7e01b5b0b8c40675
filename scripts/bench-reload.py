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
import socket
import statistics
import subprocess
import sys
import time

binary, site = sys.argv[1], sys.argv[2]
runs = int(sys.argv[3]) if len(sys.argv) > 3 else 5
pause = float(sys.argv[4]) if len(sys.argv) > 4 else 2.0
port = 18191
posts = os.path.join(site, "Content", "posts")
post = os.path.join(posts, sorted(os.listdir(posts))[0])
original = open(post, "rb").read()
server = subprocess.Popen([binary, "serve", site, "--port", str(port)],
                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
try:
    # Wait until the first build is served.
    deadline = time.time() + 600
    while True:
        try:
            probe = socket.create_connection(("127.0.0.1", port), timeout=5)
            probe.sendall(f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n".encode())
            if probe.recv(64).startswith(b"HTTP/1.1 200"):
                probe.close()
                break
            probe.close()
        except OSError:
            pass
        if time.time() > deadline:
            sys.exit("the server did not start")
        time.sleep(0.2)
    events = socket.create_connection(("127.0.0.1", port))
    events.sendall(f"GET /__despina/events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
    events.recv(4096)
    def edit_and_wait(run):
        start = time.monotonic()
        with open(post, "ab") as f:
            f.write(f"\nEdited line {run}.\n".encode())
        received = b""
        while b"event: reload" not in received:
            chunk = events.recv(4096)
            if not chunk:
                sys.exit("the event stream closed")
            received += chunk
        return (time.monotonic() - start) * 1000

    first = edit_and_wait(-1)
    times = []
    for run in range(runs):
        time.sleep(pause)
        times.append(edit_and_wait(run))
    print(f"first edit right after the server started: {first:.0f} ms (not counted)")
    print(f"save to reload, {runs} edits of {os.path.basename(post)}, {pause:g} s apart: "
          f"median {statistics.median(times):.0f} ms, min {min(times):.0f} ms, max {max(times):.0f} ms")
finally:
    open(post, "wb").write(original)
    server.terminate()
    server.wait()
