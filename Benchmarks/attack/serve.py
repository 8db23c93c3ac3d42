"""The preview server under load it must stay small under: big static files downloaded at once."""
import socket
import threading
import time
import urllib.request
from pathlib import Path

from common import Case, site

SIZE = 300 * 1024 * 1024
DOWNLOADS = 8


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def big_file(folder: Path) -> list[str]:
    root = site(folder, {"content/index.md": "# Home\n"})
    (root / "static").mkdir()
    with open(root / "static" / "big.bin", "wb") as file:
        file.truncate(SIZE)  # sparse: no disk, the same bytes for the server to read and send
    port = free_port()
    (folder / "port").write_text(str(port))
    return ["serve", str(root), "--port", str(port)]


def download_eight_at_once(folder: Path) -> str | None:
    port = int((folder / "port").read_text())
    url = f"http://127.0.0.1:{port}/big.bin"
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:  # until the preview answers with the whole file copied in
        try:
            head = urllib.request.urlopen(urllib.request.Request(url, method="HEAD"), timeout=2)
            if head.headers.get("Content-Length") == str(SIZE):
                break
        except OSError:
            pass
        time.sleep(0.1)
    sizes = [0] * DOWNLOADS
    problems: list[str] = []

    def fetch(index: int):
        try:
            with urllib.request.urlopen(url, timeout=20) as response:
                while chunk := response.read(1 << 20):
                    sizes[index] += len(chunk)
        except (OSError, ValueError) as error:
            problems.append(f"download {index}: {error}")

    threads = [threading.Thread(target=fetch, args=(i,)) for i in range(DOWNLOADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    wrong = [size for size in sizes if size != SIZE]
    return f"downloads ended at {wrong[:3]} bytes of {SIZE} ({'; '.join(problems[:2])})" if wrong else None


CASES = [
    # Status 130: stopped by SIGINT, as Ctrl-C stops it. The bound that matters is memory: 8 × 300 MB took 4.8 GB
    # when files were read whole.
    Case("serve-8-downloads-of-a-300mb-file", big_file, status=130, client=download_eight_at_once, seconds=20, megabytes=200),
]
