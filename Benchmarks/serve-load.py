#!/usr/bin/env python3
"""Measures `sitegen serve`'s HTTP server under load, alone and while abusive clients send huge requests.

    python3 Benchmarks/serve-load.py [--seconds 3] [--max-requests 50000] [--connections 4] [--sitegen PATH]

Serves a copy of Examples/blog on a free loopback port and, for each phase, sends GET requests for its pages
from --connections threads: first over keep-alive connections, then one connection per request
(`Connection: close`). It reports requests per second and the p50/p99 latency of each request. The first
phase runs alone; the second while two abusive client processes send, over and over, a request with a
100 KB URL and a request with 1 MB of headers, counting the answers they get (414, 431) and the ones they
do not (a reset connection, or no answer within 5 s).

Every phase stops after --seconds or --max-requests, each socket waits at most 10 s, and the whole run
is stopped after --deadline seconds (default 180), so a server that stalls cannot hold it. Only
127.0.0.1 is contacted. Python 3 standard library only; without --sitegen it makes a release build.
Work files go to $WORK (default /tmp/sitegen-serve-load).
"""
import argparse
import multiprocessing
import os
import shutil
import socket
import statistics
import subprocess
import sys
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PATHS = ["/", "/posts/", "/about/", "/assets/style.css", "/posts/measuring-a-build/", "/tags/"]
SOCKET_TIMEOUT = 10


def start_server(sitegen, site):
    """Starts `sitegen serve` on a free port; returns the process and the port."""
    process = subprocess.Popen([sitegen, "serve", site, "--port", "0", "--quiet"], stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, text=True)
    seen = []
    for line in process.stdout:
        seen.append(line)
        if "Serving at http://127.0.0.1:" in line:
            port = int(line.split("Serving at http://127.0.0.1:", 1)[1].split("/", 1)[0])
            # Whatever it prints from now on is not read: send it nowhere, so the pipe never fills.
            threading.Thread(target=lambda: [None for _ in process.stdout], daemon=True).start()
            return process, port
    sys.exit("the server exited: " + "".join(seen))


def read_response(sock, buffer):
    """Reads one response with a Content-Length; returns (status, rest of the buffer)."""
    while b"\r\n\r\n" not in buffer:
        chunk = sock.recv(65536)
        if not chunk:
            raise ConnectionError("closed before a response")
        buffer += chunk
    head, buffer = buffer.split(b"\r\n\r\n", 1)
    lines = head.split(b"\r\n")
    status = int(lines[0].split(b" ")[1])
    length = 0
    for line in lines[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            length = int(value.strip())
    while len(buffer) < length:
        chunk = sock.recv(65536)
        if not chunk:
            raise ConnectionError("closed inside a body")
        buffer += chunk
    return status, buffer[length:]


def keep_alive_worker(port, until, budget, results, index):
    latencies, errors = [], 0
    sock, buffer = None, b""
    request_number = index
    while time.perf_counter() < until and budget.take():
        path = PATHS[request_number % len(PATHS)]
        request_number += 1
        start = time.perf_counter()
        try:
            if sock is None:
                sock = socket.create_connection(("127.0.0.1", port), timeout=SOCKET_TIMEOUT)
                buffer = b""
            sock.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
            status, buffer = read_response(sock, buffer)
            if status != 200:
                errors += 1
            latencies.append(time.perf_counter() - start)
        except OSError:
            errors += 1
            if sock is not None:
                sock.close()
            sock = None
    if sock is not None:
        sock.close()
    results[index] = (latencies, errors)


def close_worker(port, until, budget, results, index):
    latencies, errors = [], 0
    request_number = index
    while time.perf_counter() < until and budget.take():
        path = PATHS[request_number % len(PATHS)]
        request_number += 1
        start = time.perf_counter()
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=SOCKET_TIMEOUT) as sock:
                sock.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".encode())
                status, _ = read_response(sock, b"")
            if status != 200:
                errors += 1
            latencies.append(time.perf_counter() - start)
        except OSError:
            errors += 1
    results[index] = (latencies, errors)


class Budget:
    """At most `count` requests in all, shared by the workers."""

    def __init__(self, count):
        self.left = count
        self.lock = threading.Lock()

    def take(self):
        with self.lock:
            if self.left <= 0:
                return False
            self.left -= 1
            return True


def run_phase(worker, port, connections, seconds, max_requests):
    results = [None] * connections
    budget = Budget(max_requests)
    start = time.perf_counter()
    until = start + seconds
    threads = [threading.Thread(target=worker, args=(port, until, budget, results, i)) for i in range(connections)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - start
    latencies = sorted(latency for result in results for latency in result[0])
    errors = sum(result[1] for result in results)
    return latencies, errors, elapsed


def percentile(sorted_values, fraction):
    if not sorted_values:
        return float("nan")
    return sorted_values[min(len(sorted_values) - 1, int(fraction * len(sorted_values)))]


def abuser(port, stop, results):
    """Sends a 100 KB URL, then 1 MB of headers, again and again, until `stop`; reports what came back and how
    long each answer took (from connecting to reading the status line, the upload included)."""
    long_url = b"GET /" + b"a" * 100_000 + b" HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
    line = b"X-Padding: " + b"b" * 1000 + b"\r\n"
    huge_headers = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n" + line * (1_000_000 // len(line)) + b"\r\n"
    requests = [long_url, huge_headers]
    counts, durations = {}, []
    number = 0
    while not stop.is_set():
        payload = requests[number % 2]
        number += 1
        outcome = "no answer"
        start = time.perf_counter()
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
                try:
                    sock.sendall(payload)
                except OSError:
                    pass  # the server may answer and close before taking it all
                status, _ = read_response(sock, b"")
                outcome = str(status)
                durations.append(time.perf_counter() - start)
        except (OSError, ValueError, IndexError):
            pass
        counts[outcome] = counts.get(outcome, 0) + 1
    results.put((counts, durations))


def describe_phase(name, mode, latencies, errors, elapsed):
    count = len(latencies)
    rate = count / elapsed if elapsed > 0 else 0
    return (f"{name:12} {mode:11} {count:9d} {rate:9.0f} {percentile(latencies, 0.5) * 1000:9.2f} "
            f"{percentile(latencies, 0.99) * 1000:9.2f} {errors:7d}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=3, help="length of each measurement")
    parser.add_argument("--max-requests", type=int, default=50000, help="most requests in each measurement")
    parser.add_argument("--connections", type=int, default=4, help="client threads sending normal requests")
    parser.add_argument("--sitegen", help="the sitegen binary (default: a release build, made here)")
    parser.add_argument("--deadline", type=float, default=180, help="stop everything after this many seconds")
    args = parser.parse_args()

    sitegen = args.sitegen
    if sitegen is None:
        subprocess.run(["swift", "build", "-c", "release", "--product", "sitegen"], cwd=ROOT, check=True,
                       stdout=subprocess.DEVNULL)
        bin_path = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT, check=True,
                                  capture_output=True, text=True).stdout.strip()
        sitegen = os.path.join(bin_path, "sitegen")
    work = os.environ.get("WORK", "/tmp/sitegen-serve-load")
    site = os.path.join(work, "blog")
    shutil.rmtree(site, ignore_errors=True)
    shutil.copytree(os.path.join(ROOT, "Examples", "blog"), site, ignore=shutil.ignore_patterns("public"))

    server, port = start_server(sitegen, site)
    stop = multiprocessing.Event()
    abuse_results = multiprocessing.Queue()
    abusers = []

    def end(status):
        stop.set()
        for process in abusers:
            process.terminate()
        server.terminate()
        server.wait()
        sys.stdout.flush()
        os._exit(status)

    watchdog = threading.Timer(args.deadline, lambda: (print(f"stopped after {args.deadline:.0f} s"), end(1)))
    watchdog.daemon = True
    watchdog.start()

    for path in PATHS:
        with socket.create_connection(("127.0.0.1", port), timeout=SOCKET_TIMEOUT) as sock:
            sock.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".encode())
            status, _ = read_response(sock, b"")
            if status != 200:
                print(f"{path} answers {status}, not 200")
                end(1)

    print(f"sitegen serve on Examples/blog, {args.connections} client threads, each phase "
          f"{args.seconds:g} s or {args.max_requests} requests")
    print(f"{'phase':12} {'mode':11} {'requests':>9} {'req/s':>9} {'p50 ms':>9} {'p99 ms':>9} {'errors':>7}")
    for name in ["alone", "under abuse"]:
        if name == "under abuse":
            abusers = [multiprocessing.Process(target=abuser, args=(port, stop, abuse_results), daemon=True)
                       for _ in range(2)]
            for process in abusers:
                process.start()
            time.sleep(0.5)
            abuse_start = time.perf_counter()
        for mode, worker in [("keep-alive", keep_alive_worker), ("close", close_worker)]:
            latencies, errors, elapsed = run_phase(worker, port, args.connections, args.seconds, args.max_requests)
            print(describe_phase(name, mode, latencies, errors, elapsed))
            sys.stdout.flush()
    stop.set()
    counts, durations = {}, []
    for _ in abusers:
        process_counts, process_durations = abuse_results.get(timeout=20)
        for outcome, count in process_counts.items():
            counts[outcome] = counts.get(outcome, 0) + count
        durations += process_durations
    for process in abusers:
        process.join(timeout=10)
    abuse_seconds = time.perf_counter() - abuse_start
    durations.sort()
    summary = ", ".join(f"{count} × {outcome}" for outcome, count in sorted(counts.items()))
    print(f"abusive clients (2, 100 KB URLs and 1 MB headers in turn) in {abuse_seconds:.1f} s: {summary or 'nothing'}")
    if durations:
        print(f"  answered in p50 {percentile(durations, 0.5) * 1000:.2f} ms, p99 {percentile(durations, 0.99) * 1000:.2f} ms, "
              f"max {durations[-1] * 1000:.2f} ms (from connecting, the upload included)")
    watchdog.cancel()
    end(0)


if __name__ == "__main__":
    main()
