"""What every attack case module shares: the Case type and small makers of hostile sites.

A case module (any `attack/*.py` but this file) defines `CASES`, a list of `Case`. The runner
(`Benchmarks/attack.py`) gives each case a fresh folder, lets it make its input there, runs
sitegen on it (with time and peak memory recorded) and checks the exit status and message.
"""
from __future__ import annotations

import contextlib
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, ContextManager


@dataclass
class Case:
    """One hostile input and what sitegen must do with it."""
    name: str
    # Makes the input inside the given folder and returns sitegen's arguments (without the
    # program itself), such as ["build", str(site)].
    prepare: Callable[[Path], list[str]]
    # The exit status expected (1: a clear error; 0: built, the input dealt with).
    status: int = 1
    # A text the error output (or the output, for status 0) must contain.
    message: str | None = None
    # Something to run while sitegen runs (a hostile server): a function of the folder that
    # returns a context manager.
    background: Callable[[Path], ContextManager] | None = None
    # A check after the run: a function of the folder returning None, or what went wrong.
    after: Callable[[Path], str | None] | None = None
    # Bounds for this case (the issue's: 10 s and 1 GB).
    seconds: float = 10.0
    megabytes: float = 1024.0
    # For a command that keeps running (`serve`): what a client does while it runs, a function
    # of the folder returning None or what went wrong; sitegen is then stopped with SIGINT.
    client: Callable[[Path], str | None] | None = None
    # Variables added to sitegen's environment (a function of the folder, as the input is made there).
    env: Callable[[Path], dict[str, str]] | None = None


def site(folder: Path, files: dict[str, str | bytes], config: str | None = "title: Attack\n") -> Path:
    """A site root in `folder/site` holding `files` (paths below the site folder)."""
    root = folder / "site"
    (root / "content").mkdir(parents=True, exist_ok=True)
    if config is not None:
        (root / "sitegen.yml").write_text(config, encoding="utf-8")
    for path, text in files.items():
        target = root / path
        target.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(text, bytes):
            target.write_bytes(text)
        else:
            target.write_text(text, encoding="utf-8")
    return root


def build(folder: Path, files: dict[str, str | bytes], config: str | None = "title: Attack\n") -> list[str]:
    """`sitegen build` of a site made by `site`, into `folder/site/public`."""
    return ["build", "--quiet", str(site(folder, files, config))]


def nothing(_: Path) -> ContextManager:
    return contextlib.nullcontext()


def environment() -> dict[str, str]:
    return dict(os.environ, NO_COLOR="1")
