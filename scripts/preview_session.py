"""A `despina serve` session seen from outside, for the scripts that measure
the preview (bench-reload.py, count-reload.py): wait until the first build
is served, listen to the reload events a page listens to, append a line to
the site's first post and wait for its reload, and put the post back."""
import os
import socket
import sys
import time


class PreviewSession:
    def __init__(self, site, port):
        self.port = port
        posts = os.path.join(site, "Content", "posts")
        self.post = os.path.join(posts, sorted(os.listdir(posts))[0])
        self.original = open(self.post, "rb").read()
        self.events = None

    def wait_until_served(self, probe_timeout, interval, deadline=None):
        """Returns once the home page answers 200; exits past `deadline` seconds."""
        start = time.time()
        while True:
            try:
                probe = socket.create_connection(("127.0.0.1", self.port), timeout=probe_timeout)
                probe.sendall(self._request("/", "Connection: close\r\n"))
                served = probe.recv(64).startswith(b"HTTP/1.1 200")
                probe.close()
                if served:
                    return
            except OSError:
                pass
            if deadline is not None and time.time() - start > deadline:
                sys.exit("the server did not start")
            time.sleep(interval)

    def listen(self):
        """Opens the event stream the injected script of a page opens."""
        self.events = socket.create_connection(("127.0.0.1", self.port))
        self.events.sendall(self._request("/__despina/events"))
        self.events.recv(4096)

    def edit_and_wait(self, run):
        """Appends a line to the post, waits for the reload event; returns the milliseconds between."""
        start = time.monotonic()
        with open(self.post, "ab") as f:
            f.write(f"\nEdited line {run}.\n".encode())
        received = b""
        while b"event: reload" not in received:
            chunk = self.events.recv(4096)
            if not chunk:
                sys.exit("the event stream closed")
            received += chunk
        return (time.monotonic() - start) * 1000

    def restore(self):
        open(self.post, "wb").write(self.original)

    def _request(self, path, headers=""):
        return f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\n{headers}\r\n".encode()
