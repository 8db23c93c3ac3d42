"""How soon `sitegen serve` answers its first pages on a big site, while its first build runs.

    python3 Benchmarks/serve-first-page.py SITE [PATH ...] [--sitegen BIN] [--port N]

Starts `sitegen serve SITE` (preview folder in $TMPDIR), asks for each PATH (default `/`) in
turn as soon as the server listens, and prints when each was answered, when the first build
was done ("Built" on standard output), the server's peak memory, and whether each early answer
is the page the build then wrote. Make a site with `python3 Benchmarks/gen_corpus.py
--pages 100000 --flavor plain --out SITE`.
"""
import argparse, os, subprocess, threading, time, urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("site")
    parser.add_argument("paths", nargs="*", default=["/"])
    parser.add_argument("--sitegen", default=os.path.join(ROOT, ".build", "release", "sitegen"))
    parser.add_argument("--port", type=int, default=8765)
    args = parser.parse_args()
    start = time.time()
    server = subprocess.Popen([args.sitegen, "serve", args.site, "--port", str(args.port)],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    lines = []
    def read():
        for line in server.stdout:
            lines.append((time.time() - start, line.rstrip()))
    threading.Thread(target=read, daemon=True).start()
    early = {}
    try:
        for path in args.paths:
            answered = None
            while answered is None and time.time() - start < 600:
                try:
                    with urllib.request.urlopen(f"http://127.0.0.1:{args.port}{path}", timeout=600) as response:
                        early[path] = response.read()
                        answered = time.time() - start
                except OSError:
                    time.sleep(0.02)
            print(f"{path} answered after {answered:.2f} s" if answered else f"{path} not answered")
        while not any("Built" in line for _, line in lines) and server.poll() is None:
            time.sleep(0.1)
        built = next((t for t, line in lines if "Built" in line), None)
        print(f"first build done after {built:.2f} s" if built else "the first build did not end")
        with open(f"/proc/{server.pid}/status") as status:
            print(" ".join(line.split(":")[1].strip() for line in status if line.startswith("VmHWM")), "peak memory")
        for path, body in early.items():
            with urllib.request.urlopen(f"http://127.0.0.1:{args.port}{path}") as response:
                print(path, "same after the build" if response.read() == body else "DIFFERS after the build")
    finally:
        server.send_signal(2)
        server.wait()

if __name__ == "__main__":
    main()
