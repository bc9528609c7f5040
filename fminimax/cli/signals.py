"""Signals held or blocked for a stretch of the program, then acted on as usual.

The program loads its subcommand's modules (``fminimax.cli.main``) and starts process pools
(``fminimax.cli.pools``) with Ctrl-C and SIGTERM held; this module imports nothing heavy,
so that the program's start-up stays small.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterable, Iterator
from contextlib import contextmanager

__all__ = ["signals_blocked", "signals_deferred"]


@contextmanager
def signals_deferred(signums: Iterable[int] = (signal.SIGINT, signal.SIGTERM)) -> Iterator[None]:
    """Hold ``signums`` for the block, then act on the first that came (main thread only).

    Why: a KeyboardInterrupt raised inside code that ``exec`` runs (a dataclass's generated
    methods, while a module loads) or half-way through starting a worker process leaves
    things half done.  Held, the signal is raised again once the block is over, with the
    handler it had before, and caught as usual.

    Elsewhere (signals only reach Python's main thread) it changes nothing.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    came: list[int] = []

    def hold(signum: int, frame: object) -> None:
        came.append(signum)

    previous = {signum: signal.signal(signum, hold) for signum in signums}
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
        if came:
            signal.raise_signal(came[0])  # its own handler now: KeyboardInterrupt, ...


@contextmanager
def signals_blocked(*signums: int) -> Iterator[None]:
    """Block ``signums`` in this thread for the block; processes started meanwhile inherit it.

    A blocked signal waits; it arrives when the block ends.
    """
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, signums)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)
