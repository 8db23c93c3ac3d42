#!/usr/bin/env python3
"""Measures `sitegen serve` on a generated site, and `hugo server` on the same pages, in one run.

    python3 Benchmarks/serve-bench.py [--pages 10000] [--rounds 10] [--template-rounds 3] [--no-hugo]

For each tool: the first build (from start until it says it serves the built site), the time from saving one page
(a body edit, then a title edit) to the browser's reload event, and from saving a template to
the reload event, for a browser showing the home page. sitegen's events are read from its server-sent-event stream; Hugo's from its
LiveReload WebSocket, as a browser would. Needs python3, a release build (made here) and, for the
comparison, Hugo (apt-get install -y hugo). Work files go to $WORK (default /tmp/sitegen-serve-bench);
$SITEGEN names another sitegen binary to measure.
"""
import argparse
import base64
import os
import shutil
import socket
import statistics
import subprocess
import sys
import time
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GENERATOR = os.path.join(ROOT, "..", "shared", "bench", "gen_corpus.py")


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_until_serving(process, ready):
    """Reads the server's output until it says it serves the built site."""
    seen = []
    for line in process.stdout:
        seen.append(line)
        if ready in line:
            return
    sys.exit("the server exited: " + "".join(seen))


class EventStream:
    """sitegen's server-sent events, as from a browser showing the home page."""

    def __init__(self, port):
        self.sock = socket.create_connection(("127.0.0.1", port))
        self.sock.sendall(b"GET /_sitegen/events?page=%2F HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        self.buffer = b""
        self.wait(b": connected")

    def wait(self, marker, timeout=300):
        self.sock.settimeout(timeout)
        while marker not in self.buffer:
            chunk = self.sock.recv(65536)
            if not chunk:
                sys.exit("the event stream closed")
            self.buffer += chunk
        self.buffer = self.buffer.split(marker, 1)[1]

    def wait_reload(self):
        self.wait(b"event: reload")


class LiveReloadSocket:
    """Hugo's LiveReload WebSocket: waits for its reload command."""

    def __init__(self, port):
        self.sock = socket.create_connection(("127.0.0.1", port))
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall((f"GET /livereload HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                           f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
        self.buffer = b""
        while b"\r\n\r\n" not in self.buffer:
            self.buffer += self.sock.recv(4096)
        self.buffer = self.buffer.split(b"\r\n\r\n", 1)[1]
        self.send('{"command":"hello","protocols":["http://livereload.com/protocols/official-7"]}')

    def send(self, text):
        payload = text.encode()
        mask = os.urandom(4)
        header = bytes([0x81, 0x80 | len(payload)]) + mask
        self.sock.sendall(header + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))

    def wait_reload(self, timeout=300):
        self.sock.settimeout(timeout)
        while True:
            while b'"reload"' not in self.buffer:
                chunk = self.sock.recv(65536)
                if not chunk:
                    sys.exit("the LiveReload socket closed")
                self.buffer += chunk
            self.buffer = self.buffer.split(b'"reload"', 1)[1]
            return


def edit(path, old, new):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    with open(path, "w", encoding="utf-8") as f:
        f.write(text.replace(old, new, 1) if old else text + new)


def timed_edits(events, rounds, make_edit, settle=0.3):
    times = []
    for index in range(rounds):
        time.sleep(settle)  # let the previous rebuild finish
        start = time.perf_counter()
        make_edit(index)
        events.wait_reload()
        times.append((time.perf_counter() - start) * 1000)
    return times


def describe(times):
    return f"median {statistics.median(times):7.1f} ms   min {min(times):7.1f}   max {max(times):7.1f}   (n={len(times)})"


def first_page(content):
    for folder, _, files in sorted(os.walk(content)):
        for name in sorted(files):
            if name.endswith(".md") and not name.startswith("_"):
                return os.path.join(folder, name)
    sys.exit("no page found")


def measure(name, command, ready, content, template, port, events_class, rounds, template_rounds):
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        wait_until_serving(process, ready)
        first = time.perf_counter() - start
        # A browser shows the home page (Hugo renders first the pages it has served).
        urllib.request.urlopen(f"http://127.0.0.1:{port}/").read()
        # Whatever it prints from now on is not read: send it nowhere, so the pipe never fills.
        subprocess.Popen(["cat"], stdin=process.stdout, stdout=subprocess.DEVNULL)
        events = events_class(port)
        page = first_page(content)
        body = timed_edits(events, rounds, lambda i: edit(page, "", f"\nAn added paragraph, round {i}.\n"))
        titles = timed_edits(events, rounds, lambda i: edit(page, "title: ", f"title: Retitled {i} "))
        # After a template edit's reload, the rest of the site is still being rendered: wait for it.
        templates = timed_edits(events, template_rounds, lambda i: edit(template, "", f"<!-- template edit {i} -->\n"), settle=10)
        print(f"{name:8} first build and serve {first:6.2f} s")
        print(f"{name:8} page body edit → reload   {describe(body)}")
        print(f"{name:8} page title edit → reload  {describe(titles)}")
        print(f"{name:8} template edit → reload    {describe(templates)}")
        sys.stdout.flush()
    finally:
        process.terminate()
        process.wait()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--pages", type=int, default=10000)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--template-rounds", type=int, default=3)
    parser.add_argument("--no-hugo", action="store_true")
    args = parser.parse_args()
    work = os.environ.get("WORK", "/tmp/sitegen-serve-bench")
    os.makedirs(work, exist_ok=True)

    # SITEGEN: another binary to measure (an earlier version, for a comparison in one session).
    sitegen = os.environ.get("SITEGEN")
    if not sitegen:
        subprocess.run(["swift", "build", "-c", "release", "--product", "sitegen"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
        bin_path = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT, check=True,
                                  capture_output=True, text=True).stdout.strip()
        sitegen = os.path.join(bin_path, "sitegen")

    site = os.path.join(work, f"plain-{args.pages}")
    shutil.rmtree(site, ignore_errors=True)
    subprocess.run([sys.executable, GENERATOR, "--pages", str(args.pages), "--flavor", "plain", "--out", site],
                   check=True, stdout=subprocess.DEVNULL)
    template = os.path.join(site, "templates", "footer.mustache")
    os.makedirs(os.path.dirname(template), exist_ok=True)
    shutil.copy(os.path.join(ROOT, "Themes", "default", "footer.mustache"), template)
    port = free_port()
    print(f"{args.pages} pages, {args.rounds} edits of each kind, {args.template_rounds} template edits")
    measure("sitegen", [sitegen, "serve", site, "--port", str(port), "--quiet"], "Serving at", os.path.join(site, "content"),
            template, port, EventStream, args.rounds, args.template_rounds)

    if not args.no_hugo:
        if shutil.which("hugo") is None:
            print("hugo is missing (apt-get install -y hugo): no comparison")
            return
        hugo_site = os.path.join(work, f"hugo-{args.pages}")
        shutil.rmtree(hugo_site, ignore_errors=True)
        subprocess.run([sys.executable, GENERATOR, "--pages", str(args.pages), "--flavor", "hugo", "--out", hugo_site],
                       check=True, stdout=subprocess.DEVNULL)
        layouts = os.path.join(hugo_site, "layouts")
        template = os.path.join(layouts, "_default", "baseof.html")
        if not os.path.exists(template):
            sys.exit("the Hugo corpus has no layout to edit")
        port = free_port()
        measure("hugo", ["hugo", "server", "-s", hugo_site, "--port", str(port), "--bind", "127.0.0.1"],
                "Web Server is available", os.path.join(hugo_site, "content"), template, port, LiveReloadSocket,
                args.rounds, args.template_rounds)


if __name__ == "__main__":
    main()
