#!/usr/bin/env python3
"""Measures save-to-reload time of `despina serve`: the time from writing a
post to the reload event reaching a connected page (the event stream that
the injected script listens to).

    scripts/bench-reload.py DESPINA_BINARY SITE_DIR [RUNS]

SITE_DIR is a site with Content/posts (e.g. the benchmark blog made by
gen-corpus.py). The first post's body gets one line appended per run;
the file is restored at the end.
"""
import os
import socket
import statistics
import subprocess
import sys
import time

binary, site = sys.argv[1], sys.argv[2]
runs = int(sys.argv[3]) if len(sys.argv) > 3 else 5
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
            probe.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
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
    events.sendall(b"GET /__despina/events HTTP/1.1\r\nHost: x\r\n\r\n")
    events.recv(4096)
    times = []
    for run in range(runs):
        time.sleep(0.5)
        start = time.monotonic()
        with open(post, "ab") as f:
            f.write(f"\nEdited line {run}.\n".encode())
        received = b""
        while b"event: reload" not in received:
            chunk = events.recv(4096)
            if not chunk:
                sys.exit("the event stream closed")
            received += chunk
        times.append((time.monotonic() - start) * 1000)
    print(f"save to reload, {runs} edits of {os.path.basename(post)}: "
          f"median {statistics.median(times):.0f} ms, min {min(times):.0f} ms, max {max(times):.0f} ms")
finally:
    open(post, "wb").write(original)
    server.terminate()
    server.wait()
