"""Programs the build runs, writing where they should not."""
import os
from pathlib import Path

from common import Case, build


def fake_pagefind(folder: Path, body: str) -> str:
    script = folder / "pagefind"
    script.write_text("#!/bin/sh\nsite=\"$2\"\nmkdir -p \"$4\"\necho '// search' > \"$4/pagefind.js\"\n" + body)
    script.chmod(0o755)
    return str(script)


def strays(folder: Path) -> list[str]:
    fake_pagefind(folder, "echo evil > \"$site/evil.html\"\nfor i in $(seq 1 2000); do echo x > \"$site/stray-$i.html\"; done\n")
    return build(folder, {"content/a.md": "# A\n\nWords.\n"}, config="title: T\nsearch: true\n")


def no_strays_published(folder: Path) -> str | None:
    public = folder / "site" / "public"
    found = [name for name in os.listdir(public) if name.startswith("stray-") or name == "evil.html"]
    return f"published: {found[:3]}" if found else None


def replaces_page(folder: Path) -> list[str]:
    fake_pagefind(folder, "echo replaced > \"$site/a/index.html\"\n")
    return build(folder, {"content/a.md": "# A\n\nWords.\n"}, config="title: T\nsearch: true\n")


CASES = [
    Case("pagefind-writes-2000-files-outside-its-folder", strays, status=0, message="evil.html: was written by Pagefind outside its pagefind/ folder",
         env=lambda f: {"SITEGEN_PAGEFIND": str(f / "pagefind")}, after=no_strays_published),
    Case("pagefind-replaces-a-page", replaces_page, message="a/index.html: was written by sitegen and then changed or removed by Pagefind",
         env=lambda f: {"SITEGEN_PAGEFIND": str(f / "pagefind")}),
]
