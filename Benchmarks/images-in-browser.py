#!/usr/bin/env python3
"""Loads a built page in headless Chromium at a phone's width, as Lighthouse would, and says
how many bytes its images cost against their originals, and whether anything moved.

    Benchmarks/images-in-browser.py OUTPUT_FOLDER /posts/gallery/ [--width 390] [--scale 3]
        [--screenshot shot.png]

OUTPUT_FOLDER is a built site (`sitegen build SITE -o OUTPUT_FOLDER`), served on a local port.
The page is scrolled to its end so that every lazy image loads. Printed: each image the
browser fetched with its bytes, the bytes of the originals the page's `<img src>` name, the
cumulative layout shift, and the images without `width` and `height`.

Needs `chromium` (apt-get install -y chromium) and `pip install websocket-client`.
"""
import argparse, functools, http.server, json, os, subprocess, sys, tempfile, threading, time, urllib.request

import websocket  # websocket-client


def serve(folder):
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=folder)
    handler.log_message = lambda *args: None
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


class Browser:
    def __init__(self, width, height, scale):
        self.profile = tempfile.mkdtemp(prefix="sitegen-chromium-")
        self.process = subprocess.Popen(
            ["chromium", "--headless=new", "--no-sandbox", "--disable-gpu", "--remote-debugging-port=0",
             f"--user-data-dir={self.profile}", "about:blank"], stderr=subprocess.PIPE, text=True)
        port = None
        for line in self.process.stderr:
            if "DevTools listening on ws://" in line:
                port = int(line.split("ws://127.0.0.1:")[1].split("/")[0])
                break
        targets = json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}/json"))
        page = next(t for t in targets if t["type"] == "page")
        self.socket = websocket.create_connection(page["webSocketDebuggerUrl"], max_size=None)
        self.next_id = 0
        self.events = []
        self.call("Emulation.setDeviceMetricsOverride", width=width, height=height, deviceScaleFactor=scale, mobile=True)
        self.call("Network.enable")
        self.call("Network.setCacheDisabled", cacheDisabled=True)
        self.call("Page.enable")

    def call(self, method, **params):
        self.next_id += 1
        self.socket.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            message = json.loads(self.socket.recv())
            if message.get("id") == self.next_id:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return message.get("result", {})
            self.events.append(message)

    def wait(self, seconds):
        self.socket.settimeout(0.2)
        end = time.time() + seconds
        while time.time() < end:
            try:
                self.events.append(json.loads(self.socket.recv()))
            except websocket.WebSocketTimeoutException:
                pass
        self.socket.settimeout(None)

    def evaluate(self, expression):
        return self.call("Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True)["result"].get("value")

    def close(self):
        self.process.terminate()
        self.process.wait()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder")
    parser.add_argument("page")
    parser.add_argument("--width", type=int, default=390)
    parser.add_argument("--height", type=int, default=844)
    parser.add_argument("--scale", type=float, default=3)
    parser.add_argument("--screenshot")
    args = parser.parse_args()
    server = serve(args.folder)
    origin = f"http://127.0.0.1:{server.server_address[1]}"
    browser = Browser(args.width, args.height, args.scale)
    try:
        browser.call("Page.addScriptToEvaluateOnNewDocument", source="""
            window.__shift = 0;
            new PerformanceObserver(list => { for (const e of list.getEntries()) if (!e.hadRecentInput) window.__shift += e.value; })
              .observe({type: 'layout-shift', buffered: true});""")
        browser.call("Page.navigate", url=origin + args.page)
        browser.wait(3)
        if args.screenshot:
            import base64
            shot = browser.call("Page.captureScreenshot", format="png")
            open(args.screenshot, "wb").write(base64.b64decode(shot["data"]))
        # Down the page a screen at a time, so that every lazy image is fetched.
        height = browser.evaluate("document.documentElement.scrollHeight")
        for y in range(0, int(height) + args.height, args.height // 2):
            browser.evaluate(f"window.scrollTo(0, {y})")
            browser.wait(0.15)
        browser.wait(2)
        shift = browser.evaluate("window.__shift")
        unsized = browser.evaluate("[...document.images].filter(i => !i.getAttribute('width') || !i.getAttribute('height')).map(i => i.src)")
        sources = browser.evaluate("[...document.images].map(i => new URL(i.getAttribute('src'), location.href).pathname)")
        chosen = browser.evaluate("[...document.images].map(i => i.currentSrc)")
    finally:
        browser.close()
        server.shutdown()
    images = {}
    for event in browser.events:
        if event.get("method") == "Network.responseReceived" and event["params"]["type"] == "Image":
            images[event["params"]["requestId"]] = [event["params"]["response"]["url"], 0]
        if event.get("method") == "Network.loadingFinished" and event["params"]["requestId"] in images:
            images[event["params"]["requestId"]][1] = event["params"]["encodedDataLength"]
    fetched = sum(size for _, size in images.values())
    originals = sum(os.path.getsize(os.path.join(args.folder, urllib.request.url2pathname(path.lstrip("/")))) for path in sources)
    for url, size in sorted(images.values()):
        print(f"{size:>10,}  {url.replace(origin, '')}")
    print(f"{len(images)} images fetched at {args.width} px × {args.scale}: {fetched:,} bytes; "
          f"their originals: {originals:,} bytes ({100 * fetched / max(originals, 1):.1f}%)")
    print(f"cumulative layout shift: {shift:.4f}; images without width and height: {len(unsized)}")
    not_copies = [c for c in chosen if not c.endswith(".webp")]
    print(f"images shown from a copy: {len(chosen) - len(not_copies)} of {len(chosen)}")


if __name__ == "__main__":
    sys.exit(main())
