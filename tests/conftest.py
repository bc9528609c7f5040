"""Shared fixtures: every reachable tic-tac-toe position, computed once per session; one
browser per test process, shared by every page test; and ``needs_tool`` / ``needs_module``,
which skip a test whose tool is missing, except under CI=true, where a missing tool fails the
test (CI installs them all: .ci/run)."""

from __future__ import annotations

import importlib
import os
import resource
import shutil
import signal
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from fminimax import tictactoe as ttt

# A shell starts a background job (`bash .ci/run &`, nohup) with Ctrl-C ignored, and every
# process started from it inherits that: Python then installs no KeyboardInterrupt, so the
# Ctrl-C tests' SIGINT would do nothing and a search would run on to its end.  The tests
# send SIGINT as a terminal would to a foreground program, so the children must start with
# it handled: a handler here (not ignored) leaves them SIGINT's default on exec.
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto`` (README.md's test command) starts two test processes a core, at most 16.

    Why more processes than cores: over a third of the suite's time is spent waiting, not
    computing (a cluster that starts, a bound that must pass, a signal's answer, a browser),
    and a second process per core computes in those waits.  Measured on 2 idle cores,
    ``python -m pytest -n auto``: 210 s with four processes (3,182 tests, 4f1c887), where
    two took 289 s (3,152 tests, bf827e7); the four used 322 CPU seconds.
    ``PYTEST_XDIST_AUTO_NUM_WORKERS`` or ``-n N`` still choose.
    """
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return int(os.environ["PYTEST_XDIST_AUTO_NUM_WORKERS"])
    return min(16, 2 * len(os.sched_getaffinity(0)))


def reachable_positions() -> list[ttt.Position]:
    """Return every position reachable from the empty 3x3 board with x to move first."""
    start = ttt.Position(ttt.empty_board(), "x")
    seen = {start}
    frontier = [start]
    game = ttt.game()
    while frontier:
        following = []
        for position in frontier:
            for move in game.moves(position):
                child = game.play(position, move)
                if child not in seen:
                    seen.add(child)
                    following.append(child)
        frontier = following
    return sorted(seen, key=lambda p: (len(ttt.open_spaces(p.board)) * -1, list(map(str, p.board))))


@pytest.fixture(scope="session")
def positions() -> list[ttt.Position]:
    return reachable_positions()


def children_cpu() -> float:
    """Return the CPU seconds of this process's ended children (and theirs, waited for).

    Work done, which a machine loaded with other jobs does not stretch as it stretches the
    wall clock: tests bound a program run in a subprocess by the change of this across it.
    """
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def process_stat(pid: int | str) -> tuple[str, int, int]:
    """Return process ``pid``'s state letter, its parent's pid and the CPU time it has spent
    in clock ticks, from /proc/PID/stat (Linux); OSError if there is no such process."""
    with open(f"/proc/{pid}/stat") as stat_file:
        fields = stat_file.read().rsplit(")", 1)[1].split()  # after the command's name
    return fields[0], int(fields[1]), int(fields[11]) + int(fields[12])  # utime + stime


def under_ci() -> bool:
    """Return whether the tests run under CI (CI=true), where every tool must be present."""
    return os.environ.get("CI", "").strip().lower() in ("true", "1", "yes")


def _missing(message: str) -> None:
    """Skip with ``message`` locally; fail with it under CI."""
    if under_ci():
        pytest.fail(f"{message} (CI=true: tests that need a tool must run, not skip)")
    pytest.skip(message)


def needs_tool(name: str, path: Path | None = None) -> str:
    """Return the path of tool ``name`` (at ``path`` if given, else on PATH); if it is missing,
    skip the calling test, or fail it under CI=true."""
    found = (str(path) if path.exists() else None) if path is not None else shutil.which(name)
    if found is None:
        _missing(f"{name} is not installed" + (f" at {path}" if path is not None else ""))
    return found or ""


def needs_module(name: str) -> ModuleType:
    """Return the imported module ``name``; if it is missing, skip the calling test, or fail
    it under CI=true (``pytest.importorskip`` that CI does not let skip)."""
    try:
        return importlib.import_module(name)
    except ImportError as error:
        _missing(f"the Python module {name} is not installed: {error}")
        raise  # not reached: _missing skips or fails



CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]


def chromium_path() -> str | None:
    """Return the system chromium's path (FMINIMAX_CHROMIUM, else chromium on PATH)."""
    given = os.environ.get("FMINIMAX_CHROMIUM")
    if given:
        return given
    return shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.fixture(scope="session")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """Return a chromium context, launched once per test process: starting Playwright's
    driver and chromium costs more than most page tests, and each test opens its own pages
    (tests/test_stepper_browser.py's ``Page``), checked and closed by the test."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _missing("Playwright for Python is not installed: pip install 'fminimax[test]'")
    path = chromium_path()
    if path is None:
        _missing("chromium is not installed (apt-get install chromium)")
    with sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            str(tmp_path_factory.mktemp("chromium-profile")), executable_path=path,
            headless=True, args=CHROMIUM_ARGS, viewport={"width": 1280, "height": 800})
        yield context
        context.close()
