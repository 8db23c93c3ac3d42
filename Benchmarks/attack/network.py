"""Servers that once held `sitegen check --external` or filled its memory: one that refuses HEAD
and then sends an endless body (to one link, and to sixteen at once), one whose head never
ends, ones that redirect with an
endless body (FoundationNetworking read a redirect's body whole before following it; libcurl
drops it, or drains it without keeping it when the connection is to stay open), and one that
trickles its answer a byte a second.

Each server is a thread on 127.0.0.1 at a port picked in `prepare` (kept in `folder/port`);
every loop it runs is bounded, and it stops with its case. The bytes it managed to send are
written to `folder/sent`, and `after` holds them to a bound: the checker reads status lines,
not bodies.
"""
from __future__ import annotations

import contextlib
import socket
import threading
import time
from pathlib import Path

from common import Case, site

# What an endless body may send to one link before the checker stops reading: what the two
# sockets' buffers hold and curl's 16 KB, far below the 8 GB the server would send.
SENT_PER_LINK = 16 << 20


def _free_port(folder: Path) -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    (folder / "port").write_text(str(port))
    return port


def _check(folder: Path, paths: list[str], *options: str) -> list[str]:
    port = _free_port(folder)
    links = " ".join(f"[{index}](http://127.0.0.1:{port}{path})" for index, path in enumerate(paths))
    root = site(folder, {"content/a.md": f"# A\n\n{links}\n"})
    return ["check", str(root), "--external", *options]


@contextlib.contextmanager
def _server(folder: Path, answer):
    """Serves each connection on its own thread with `answer(method, path, send)` until the
    case ends; `send(bytes)` returns False once the client is gone."""
    stop = threading.Event()
    sent = [0]
    lock = threading.Lock()
    listener = socket.socket()
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", int((folder / "port").read_text())))
    listener.listen(64)
    listener.settimeout(0.2)

    def serve(client: socket.socket):
        with client:
            client.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 64 * 1024)
            client.settimeout(30)
            head = b""
            while b"\r\n\r\n" not in head and len(head) < 65536:
                try:
                    chunk = client.recv(4096)
                except OSError:
                    return
                if not chunk:
                    return
                head += chunk
            method, path = head.split(b"\r\n")[0].decode("latin-1").split(" ")[:2]

            def send(data: bytes) -> bool:
                if stop.is_set():
                    return False
                try:
                    client.sendall(data)
                except OSError:
                    return False
                with lock:
                    sent[0] += len(data)
                return True

            answer(method, path, send)

    def accept():
        while not stop.is_set():
            try:
                client, _ = listener.accept()
            except (socket.timeout, OSError):
                continue
            threading.Thread(target=serve, args=(client,), daemon=True).start()

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join()
        listener.close()
        (folder / "sent").write_text(str(sent[0]))


def _endless(method: str, path: str, send) -> None:
    if method != "GET":
        send(b"HTTP/1.1 405 Method Not Allowed\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
        return
    status = b"404 Not Found" if path == "/gone" else b"200 OK"
    if not send(b"HTTP/1.1 " + status + b"\r\nContent-Type: text/html\r\nConnection: close\r\n\r\n"):
        return
    # Small chunks, so that what is counted as sent is close to what the client was sent.
    chunk = b"<p>endless</p>\n" * 4096
    for _ in range((8 << 30) // len(chunk)):  # 8 GB at most
        if not send(chunk):
            return


def _endless_redirect(end: bytes):
    """Redirects to /elsewhere, which is gone, with an endless body; `end` ends the head."""
    def answer(method: str, path: str, send) -> None:
        if method != "GET":
            send(b"HTTP/1.1 405 Method Not Allowed\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
            return
        if path == "/elsewhere":
            send(b"HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
            return
        if not send(b"HTTP/1.1 301 Moved Permanently\r\nLocation: /elsewhere\r\n" + end + b"\r\n\r\n"):
            return
        chunk = b"x" * (64 << 10)
        for _ in range((64 << 30) // len(chunk)):  # 64 GB at most
            if not send(chunk):
                return
    return answer


def _endless_head(method: str, path: str, send) -> None:
    if not send(b"HTTP/1.1 200 OK\r\n"):
        return
    lines = (b"X-Padding: " + b"a" * 1000 + b"\r\n") * 64
    for _ in range((8 << 30) // len(lines)):  # 8 GB at most
        if not send(lines):
            return


def _trickle(method: str, path: str, send) -> None:
    if path == "/slow-body":
        # The head at once, then a body a byte a second: the status is all the checker needs.
        if not send(b"HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n"):
            return
        answer = b"x" * 100
    else:
        answer = b"HTTP/1.1 200 OK\r\nContent-Length: 0\r\nX-Padding: " + b"a" * 100 + b"\r\n\r\n"
    for byte in answer:  # a minute or two at most
        if not send(bytes([byte])):
            return
        time.sleep(1)


def _sent_at_most(bound: int):
    def after(folder: Path) -> str | None:
        sent = int((folder / "sent").read_text())
        return None if sent <= bound else f"the server sent {sent} bytes (bound {bound})"
    return after


CASES = [
    Case("check-external-endless-body",
         lambda folder: _check(folder, ["/endless", "/gone"]),
         message="broken external link (HTTP 404): http://127.0.0.1:",
         background=lambda folder: _server(folder, _endless),
         after=_sent_at_most(2 * SENT_PER_LINK)),
    Case("check-external-sixteen-endless-bodies",
         lambda folder: _check(folder, [f"/endless{index}" for index in range(15)] + ["/gone"],
                               "--concurrency", "16"),
         message="broken external link (HTTP 404): http://127.0.0.1:",
         background=lambda folder: _server(folder, _endless),
         after=_sent_at_most(16 * SENT_PER_LINK),
         megabytes=100),
    # libcurl gives up on a head of more than 300 KB.
    Case("check-external-endless-head",
         lambda folder: _check(folder, [f"/head{index}" for index in range(16)], "--concurrency", "16"),
         message="external link does not answer",
         background=lambda folder: _server(folder, _endless_head),
         after=_sent_at_most(16 * SENT_PER_LINK),
         megabytes=100),
    # The connection is to close: the body is dropped and the redirect followed at once.
    Case("check-external-endless-redirect",
         lambda folder: _check(folder, ["/moved"], "--timeout", "5"),
         message="broken external link (HTTP 404): http://127.0.0.1:",
         background=lambda folder: _server(folder, _endless_redirect(b"Connection: close")),
         after=_sent_at_most(SENT_PER_LINK),
         megabytes=100),
    # The connection is to stay open after a terabyte: curl drains it, keeping none of it,
    # until the deadline.
    Case("check-external-draining-redirect",
         lambda folder: _check(folder, ["/moved"], "--timeout", "5"),
         message="external link timed out after 5 s: http://127.0.0.1:",
         background=lambda folder: _server(folder, _endless_redirect(b"Content-Length: %d" % (1 << 40))),
         megabytes=100),
    Case("check-external-trickling-server",
         lambda folder: _check(folder, ["/slow-head", "/slow-body"], "--timeout", "5"),
         message="external link timed out after 5 s: http://127.0.0.1:",
         background=lambda folder: _server(folder, _trickle)),
]
