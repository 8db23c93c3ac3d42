#!/usr/bin/env python3
"""The heavy versions of the hostile-input tests: every case of `Benchmarks/attack/*.py` run
against a `sitegen` binary, each with its wall time and peak memory recorded and held to the
issue's bounds (10 s, 1 GB unless a case says otherwise). The tests in the repository cover
the same cases at small sizes; this is where the big ones run.

Usage: python3 Benchmarks/attack.py [--sitegen PATH] [--only WORD] [--keep]
       (default PATH: .build/release/sitegen; build it first with `swift build -c release`)
Prints one line per case and a closing `N passed, N failed` line; exits 1 if any failed.
"""
from __future__ import annotations

import argparse
import importlib.util
import os
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
PEAK_MARK = "ATTACK-PEAK-KB"
sys.path.insert(0, str(HERE / "attack"))
from common import Case, environment  # noqa: E402


def load_cases(only: str | None) -> list[tuple[str, Case]]:
    cases = []
    for module_path in sorted((HERE / "attack").glob("*.py")):
        if module_path.stem == "common":
            continue
        spec = importlib.util.spec_from_file_location(module_path.stem, module_path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        for case in module.CASES:
            if only is None or only in f"{module_path.stem}/{case.name}":
                cases.append((module_path.stem, case))
    return cases


def run(sitegen: str, group: str, case: Case, keep: bool) -> tuple[bool, str]:
    folder = Path(tempfile.mkdtemp(prefix=f"attack-{group}-"))
    try:
        arguments = case.prepare(folder)
        background = case.background(folder) if case.background else None
        with background if background is not None else _null():
            start = time.monotonic()
            variables = dict(environment(), **(case.env(folder) if case.env else {}))
            # GNU time reports the peak of sitegen itself: a child's ru_maxrss counts, across
            # exec, the memory of the process it was forked from (this Python runner).
            timing = ["/usr/bin/time", "-f", PEAK_MARK + " %M"] if os.access("/usr/bin/time", os.X_OK) else []
            process = subprocess.Popen([*timing, sitegen, *arguments], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                       stdin=subprocess.DEVNULL, env=variables, cwd=folder, start_new_session=True)
            killed = False
            client_problem = None
            if case.client:
                client_problem = case.client(folder)
                # To the group: GNU time ignores SIGINT while it waits for sitegen.
                os.killpg(process.pid, signal.SIGINT)
            try:
                out, err = process.communicate(timeout=case.seconds * 3)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                out, err = process.communicate()
                killed = True
            seconds = time.monotonic() - start
            status = process.returncode
        text = (err + out).decode("utf-8", "replace")
        peak = _peak_megabytes(process.pid)
        for line in text.splitlines():
            if line.startswith(PEAK_MARK):
                peak = int(line.split()[-1]) / 1024
        if timing and "Command terminated by signal" in text:
            status = -int(text.split("Command terminated by signal")[1].split()[0])
        elif timing and "Command exited with non-zero status" in text:
            status = int(text.split("Command exited with non-zero status")[1].split()[0])
        problems = []
        if killed:
            problems.append(f"killed after {case.seconds * 3:.0f} s")
        if status != case.status and not killed:
            problems.append(f"exit status {status}, expected {case.status}")
        if case.message and case.message not in text:
            problems.append(f"message {case.message!r} not in: {text.strip()[:300]!r}")
        if seconds > case.seconds:
            problems.append(f"{seconds:.1f} s > {case.seconds:.0f} s")
        if peak is not None and peak > case.megabytes:
            problems.append(f"{peak:.0f} MB > {case.megabytes:.0f} MB")
        if client_problem:
            problems.append(client_problem)
        if case.after and not problems:
            found = case.after(folder)
            if found:
                problems.append(found)
        memory = f"{peak:7.0f} MB" if peak is not None else "      ? MB"
        line = f"{'ok  ' if not problems else 'FAIL'} {seconds:6.2f} s {memory}  {group}/{case.name}"
        if problems:
            line += "\n       " + "; ".join(problems)
        return not problems, line
    finally:
        if not keep:
            shutil.rmtree(folder, ignore_errors=True)


class _null:
    def __enter__(self):
        return None

    def __exit__(self, *_):
        return False


_PEAKS: dict[int, float] = {}


def _peak_megabytes(pid: int) -> float | None:
    return _PEAKS.get(pid)


def _install_peak_recorder():
    """Records each child's own peak memory (ru_maxrss from wait4) as Popen reaps it."""
    original = os.waitpid

    def waitpid(pid, options):
        if pid > 0:
            result_pid, status, usage = os.wait4(pid, options)
            if result_pid == pid:
                _PEAKS[pid] = usage.ru_maxrss / 1024
            return result_pid, status
        return original(pid, options)

    os.waitpid = waitpid


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sitegen", default=str(HERE.parent / ".build/release/sitegen"), type=lambda p: os.path.abspath(p))
    parser.add_argument("--only", help="run only the cases whose group/name contains this")
    parser.add_argument("--keep", action="store_true", help="keep each case's folder")
    options = parser.parse_args()
    if not os.access(options.sitegen, os.X_OK):
        sys.exit(f"{options.sitegen}: not found; run `swift build -c release` first, or pass --sitegen")
    _install_peak_recorder()
    passed = failed = 0
    for group, case in load_cases(options.only):
        ok, line = run(options.sitegen, group, case, options.keep)
        print(line, flush=True)
        passed += ok
        failed += not ok
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
