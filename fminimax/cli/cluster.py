"""A Dask cluster on the command line: reaching a scheduler, and an executor that watches it.

``dask_client`` says at once what is wrong with an address (not an address, nothing
listening, a service that is not a Dask scheduler) and bounds the rest.  ``DaskExecutor``
sends the searches and watches the cluster while they run: a scheduler that stops
answering, or that has no worker (none started, or every one gone), ends the search with
one line once it has lasted ``patience`` seconds, instead of a wait without end; until
then ``waiting`` says what the search waits for, for the progress line.
"""

from __future__ import annotations

import importlib
import socket
import threading
import time
import uuid
from collections.abc import Callable
from concurrent.futures import BrokenExecutor, Executor, Future, InvalidStateError
from functools import partial
from typing import Any

from fminimax import parallel

__all__ = ["ClusterLost", "DaskExecutor", "TaskStopped", "cluster_fault", "dask_client",
           "heard", "least_heard", "still_wanted", "stoppable", "waiting_note"]


# --- reaching a scheduler ----------------------------------------------------------------


def dask_client(address: str, seconds: float) -> Any:
    """Return a Dask client of the scheduler at ``address``, or refuse within ``seconds``.

    Dask's own timeout bounds the TCP connection but not the greeting that follows, so a
    service that accepts and stays silent held the program for minutes, and one that
    answers in another protocol (a web server) had its reply read as a frame length
    (MemoryError).  So first the address is read, a refused connection is said at once
    (Dask retries it for the whole timeout), then a greeting and an identity request go
    out under a hard bound: the answer must come from a Dask scheduler.
    """
    distributed, dask = _dask_modules()
    _check_address(distributed, address)
    _check_listening(distributed, address, seconds)
    dask.config.set({"distributed.comm.timeouts.connect": f"{seconds}s"})
    kind = _kind(distributed, address, seconds)
    if kind != "Scheduler":
        raise ValueError(f"{address!r} is a Dask {kind or 'service'}, not a Dask scheduler")
    try:
        client = distributed.Client(address, timeout=seconds)
    except (OSError, TimeoutError) as error:
        raise ValueError(f"cannot reach a Dask scheduler at {address!r}: {error}") from None
    _quiet("distributed")
    _quiet("tornado")  # Dask's event loop: a connection closed as the program ends was
    # logged as a traceback ("Exception in callback ... CommClosedError") after the one line
    return client


def _dask_modules() -> tuple[Any, Any]:
    """Return the modules distributed and dask, or say how to install them."""
    try:
        return importlib.import_module("distributed"), importlib.import_module("dask")
    except ImportError:
        raise ValueError("--scheduler needs Dask: pip install 'fminimax[dask]'") from None


def _check_address(distributed: Any, address: str) -> None:
    """Refuse an address Dask cannot read, or a TCP address without a host and port."""
    example = "a Dask address such as tcp://127.0.0.1:8786"
    try:
        scheme, location = distributed.comm.parse_address(address)
        distributed.comm.registry.get_backend(scheme)
        if scheme in ("tcp", "tls"):
            host, port = distributed.comm.parse_host_port(location)
            if not host or not port:
                raise ValueError("it has no host or no port")
    except (ValueError, TypeError) as error:
        raise ValueError(f"--scheduler needs {example}, got {address[:60]!r}: "
                         f"{_first_line(error)}") from None


def _check_listening(distributed: Any, address: str, seconds: float) -> None:
    """Refuse at once a TCP address where nothing listens (Dask would retry it for seconds)."""
    scheme, location = distributed.comm.parse_address(address)
    if scheme not in ("tcp", "tls"):
        return
    host, port = distributed.comm.parse_host_port(location)
    try:
        socket.create_connection((host, port), timeout=seconds).close()
    except TimeoutError:
        raise ValueError(f"no Dask scheduler answered at {address!r} within {seconds:g} s "
                         f"(is it a Dask scheduler's address?)") from None
    except OSError as error:
        why = error.strerror or _first_line(error)
        raise ValueError(f"cannot reach a Dask scheduler at {address!r}: {why} (is a Dask "
                         f"scheduler running there?)") from None


def _kind(distributed: Any, address: str, seconds: float) -> str | None:
    """Return what the service at ``address`` says it is ("Scheduler", "Worker"), in time."""
    import asyncio  # only here: the other commands need not pay for importing it
    from concurrent.futures import ThreadPoolExecutor

    try:
        # In a thread of its own: asyncio.run refuses a thread whose loop is running (a
        # notebook's, or Playwright's in a test session), and the probe needs none of it.
        with ThreadPoolExecutor(1) as thread:
            identity = thread.submit(asyncio.run, asyncio.wait_for(
                _identity(distributed, address, seconds), seconds)).result()
    except (asyncio.TimeoutError, TimeoutError):
        raise ValueError(f"no Dask scheduler answered at {address!r} within {seconds:g} s "
                         f"(is it a Dask scheduler's address?)") from None
    except OSError as error:
        raise ValueError(f"cannot reach a Dask scheduler at {address!r}: "
                         f"{_first_line(error)}") from None
    except Exception as error:  # noqa: BLE001 - whatever a stranger's bytes made of the reader
        raise ValueError(f"{address!r} answered, but not as a Dask scheduler does "
                         f"({type(error).__name__})") from None
    kind = identity.get("type") if isinstance(identity, dict) else None
    return kind if isinstance(kind, str) else None


async def _identity(distributed: Any, address: str, seconds: float) -> Any:
    """Return what the service at ``address`` says it is, over Dask's own protocol."""
    comm = await distributed.comm.connect(address, timeout=seconds)
    try:
        await comm.write({"op": "identity", "reply": True})
        return await comm.read()
    finally:
        comm.abort()


def _first_line(error: BaseException) -> str:
    """Return the first line of an error's message, or its type's name."""
    return (str(error).splitlines() or [type(error).__name__])[0]


def _quiet(package: str) -> None:
    """Silence the loggers of ``package`` (Dask and its event loop, tornado, log a lost
    scheduler as tracebacks on stderr; the shell says it in one line)."""
    import logging

    for name in [package, *logging.root.manager.loggerDict]:
        if name == package or name.startswith(package + "."):
            logging.getLogger(name).setLevel(logging.CRITICAL + 1)


# --- watching the cluster while it searches ----------------------------------------------


class ClusterLost(BrokenExecutor):
    """The cluster cannot run the search: no worker, or a silent scheduler, for too long."""


WATCH_SECONDS = 1.0
"""How often (seconds) the client asks the scheduler how it is."""


def cluster_fault(address: str, silent: float, unstaffed: float, patience: float,
                  unheard: tuple[str, float] = ("", 0.0)) -> str | None:
    """Return why the search ends when the scheduler has been silent, or without a worker,
    for ``patience`` seconds; None while it may go on.

    ``silent`` and ``unstaffed``: seconds since the scheduler last answered, and since it
    last had a worker; ``unheard``: the worker the scheduler has heard from least recently
    and for how long (a worker stopped by SIGSTOP, whose nanny lives on, never dies: the
    scheduler just stops hearing its heartbeats).

    >>> cluster_fault("tcp://h:1", 0.0, 0.0, 30, ("tcp://h:2", 31.0))  # doctest: +ELLIPSIS
    "the Dask worker at 'tcp://h:2' has not been heard from for 30 s (stopped, ...)"

    >>> cluster_fault("tcp://h:1", 0.0, 31.0, 30)
    "the Dask scheduler at 'tcp://h:1' has had no worker for 30 s (start one: dask worker tcp://h:1)"
    >>> cluster_fault("tcp://h:1", 2.0, 2.0, 30) is None
    True
    """
    if silent >= patience:
        return (f"the Dask scheduler at {address!r} has not answered for {patience:g} s "
                f"(stopped, overloaded or cut off)")
    if unheard[1] >= patience:
        return (f"the Dask worker at {unheard[0]!r} has not been heard from for {patience:g} s "
                f"(stopped, overloaded or cut off)")
    if unstaffed >= patience:
        return (f"the Dask scheduler at {address!r} has had no worker for {patience:g} s "
                f"(start one: dask worker {address})")
    return None


def waiting_note(silent: float, unstaffed: float, patience: float,
                 unheard: tuple[str, float] = ("", 0.0)) -> str | None:
    """Return what a search waits for, for its progress line, once it has waited a moment.

    >>> waiting_note(0.5, 12.0, 30)
    'waiting for a Dask worker: none for 12 s (giving up at 30 s)'
    >>> waiting_note(0.5, 0.5, 30, ("tcp://h:2", 7.0))
    "waiting for the Dask worker at 'tcp://h:2': not heard from for 7 s (giving up at 30 s)"
    """
    if silent >= 2 * WATCH_SECONDS:
        return (f"waiting for the Dask scheduler to answer: silent for {silent:.0f} s "
                f"(giving up at {patience:g} s)")
    if unstaffed >= 2 * WATCH_SECONDS:
        return (f"waiting for a Dask worker: none for {unstaffed:.0f} s (giving up at "
                f"{patience:g} s)")
    if unheard[1] >= HEARTBEAT_SECONDS:
        return (f"waiting for the Dask worker at {unheard[0]!r}: not heard from for "
                f"{unheard[1]:.0f} s (giving up at {patience:g} s)")
    return None


HEARTBEAT_SECONDS = 5.0
"""A worker unheard from for this long is named on the progress line (Dask's workers send
a heartbeat about every second on a small cluster)."""


def heard(before: dict[str, tuple[float, float]], workers: dict[str, Any],
          now: float) -> dict[str, tuple[float, float]]:
    """Return, by worker address, the scheduler's ``last_seen`` of each worker and when (on
    this client's clock) that value last changed: a value that stops changing is a worker
    the scheduler no longer hears.  Compared with itself only, so the two machines'
    clocks need not agree.

    >>> heard({"w": (5.0, 1.0)}, {"w": {"last_seen": 5.0}, "v": {"last_seen": 2.0}}, 9.0)
    {'w': (5.0, 1.0), 'v': (2.0, 9.0)}
    """
    found: dict[str, tuple[float, float]] = {}
    for address, worker in workers.items():
        seen = worker.get("last_seen", 0.0) if isinstance(worker, dict) else 0.0
        old = before.get(address)
        found[address] = old if old is not None and old[0] == seen else (seen, now)
    return found


def least_heard(heard_from: dict[str, tuple[float, float]], now: float) -> tuple[str, float]:
    """Return the worker heard from least recently and the seconds since, or ("", 0.0).

    >>> least_heard({"w": (5.0, 1.0), "v": (2.0, 9.0)}, 10.0)
    ('w', 9.0)
    """
    if not heard_from:
        return "", 0.0
    address = min(heard_from, key=lambda name: heard_from[name][1])
    return address, now - heard_from[address][1]


class DaskExecutor(Executor):
    """A Dask client's executor whose searches stop once cancelled, on a watched cluster.

    A Dask worker cannot end a thread: a cancelled task it was running used to search on
    to its end (minutes, on a large position).  So each search task runs under
    ``stoppable``, which watches the worker's record of the task and gives the task's search
    a stop test that asks whether the task was cancelled (``still_wanted``).
    ``shutdown(wait=False)`` cancels every task still out.  A thread asks the scheduler
    how it is every ``WATCH_SECONDS``; once ``cluster_fault`` says the search cannot go on,
    every task still out fails with ``ClusterLost``, and ``fault`` says why.
    """

    def __init__(self, client: Any, address: str, patience: float) -> None:
        self.executor = client.get_executor()
        self.address, self.patience = address, patience
        self.fault: str | None = None
        self.lock = threading.Lock()
        self.out: set[Future[Any]] = set()
        self.answered = self.staffed = time.monotonic()
        self.heard: dict[str, tuple[float, float]] = {}
        self._max_workers = 0  # parallel.capacity reads the cluster's size from it
        self.over = threading.Event()
        self.watch()  # once at the start: the size, and no worker counts from now
        threading.Thread(target=self._watching, name="fminimax-cluster", daemon=True).start()

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        """Return a future of ``fn(*args, **kwargs)`` on the cluster, stoppable once cancelled."""
        if self.fault is not None:
            raise ClusterLost(self.fault)
        token = uuid.uuid4().hex
        inner = self.executor.submit(stoppable, token, fn, *args, **kwargs)
        outer: Future[Any] = Future()
        with self.lock:
            self.out.add(outer)
        outer.add_done_callback(partial(_ended, self, inner))
        inner.add_done_callback(partial(_copied, outer))
        return outer

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """Stop watching; cancel the tasks still out unless told to wait for them."""
        self.over.set()
        try:
            self.executor.shutdown(wait=wait and not cancel_futures)
        except Exception:  # noqa: BLE001 - a lost scheduler: nothing is left to cancel
            pass

    def watch(self) -> None:
        """Ask the scheduler how it is, note when it answered and had a worker, and fail
        the tasks still out once it cannot go on."""
        identity = _identity_or_none(self.address, min(self.patience, 5.0))
        now = time.monotonic()
        if identity is not None:
            threads = identity.get("total_threads", 0)
            self.answered, self._max_workers = now, threads if isinstance(threads, int) else 0
            if identity.get("n_workers"):
                self.staffed = now
            workers = identity.get("workers")
            self.heard = heard(self.heard, workers if isinstance(workers, dict) else {}, now)
        fault = cluster_fault(self.address, now - self.answered, now - self.staffed,
                              self.patience, least_heard(self.heard, now))
        if fault is not None:
            self._fail(fault)

    def waiting(self) -> str | None:
        """Return what the search waits for (for the progress line), or None."""
        now = time.monotonic()
        return waiting_note(now - self.answered, now - self.staffed, self.patience,
                            least_heard(self.heard, now))

    def _watching(self) -> None:
        while self.fault is None and not self.over.wait(WATCH_SECONDS):
            self.watch()

    def _fail(self, fault: str) -> None:
        with self.lock:
            self.fault, out = fault, list(self.out)
        for future in out:
            try:
                future.set_exception(ClusterLost(fault))
            except InvalidStateError:  # it ended meanwhile
                pass


def _identity_or_none(address: str, seconds: float) -> Any:
    """Return the scheduler's identity, or None when it does not answer within ``seconds``."""
    import asyncio

    distributed: Any = importlib.import_module("distributed")
    from concurrent.futures import ThreadPoolExecutor

    try:
        # In a thread of its own: asyncio.run refuses a thread whose loop is running (a
        # notebook's, or Playwright's in a test session), and the probe needs none of it.
        with ThreadPoolExecutor(1) as thread:
            identity = thread.submit(asyncio.run, asyncio.wait_for(
                _identity(distributed, address, seconds), seconds)).result()
    except Exception:  # noqa: BLE001 - any way of not answering is not answering
        return None
    return identity if isinstance(identity, dict) else None


def _ended(executor: DaskExecutor, inner: Future[Any], outer: Future[Any]) -> None:
    """Forget an ended task; a cancelled one is cancelled on the cluster too."""
    with executor.lock:
        executor.out.discard(outer)
    if outer.cancelled():
        inner.cancel()


def _copied(outer: Future[Any], inner: Future[Any]) -> None:
    """Give ``outer`` what ``inner`` ended with, unless it has ended already."""
    try:
        if inner.cancelled():
            if outer.cancel():
                outer.set_running_or_notify_cancel()  # wakes wait() and as_completed()
        elif inner.exception() is not None:
            outer.set_exception(inner.exception())
        else:
            outer.set_result(inner.result())
    except InvalidStateError:  # the watch failed it meanwhile
        pass


# --- stopping a cancelled task on its worker ---------------------------------------------


class TaskStopped(Exception):
    """A task was cancelled while its worker ran it, and its search was stopped."""


STOP_POLL = 0.1
"""How often (seconds) a Dask worker looks whether the task it runs was cancelled."""

_CANCELLED: set[str] = set()  # on a worker: the tokens of running tasks found cancelled


def still_wanted(token: str) -> bool:
    """Return False (go on), or raise TaskStopped once the task ``token`` was cancelled: a
    search's stop test, which every node the core hands a search to asks every 1,024
    nodes (Connect Four's solver node too, which never asks the game for its moves).

    >>> still_wanted("a task")
    False
    """
    if token in _CANCELLED:
        raise TaskStopped(f"task {token} was cancelled while it ran")
    return False


def stoppable(token: str, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """Return ``fn(*args, **kwargs)``; on a Dask worker, stop it once it is cancelled.

    There, a search task (``parallel.search_task``, the one function that carries a search
    to a worker) gets ``still_wanted`` as its stop test, and a thread marks ``token``
    cancelled when the worker's record of the task says so.

    Outside a Dask task it is the plain call.

    >>> stoppable("a task", divmod, 7, 2)
    (3, 1)
    """
    try:
        from distributed import get_worker
        utils: Any = importlib.import_module("distributed.utils")
        worker, key = get_worker(), utils.thread_state.key
    except (ImportError, ValueError, AttributeError):
        return fn(*args, **kwargs)
    finished = threading.Event()

    def watch() -> None:
        while not finished.wait(STOP_POLL):
            task = worker.state.tasks.get(key)
            if task is None or task.state == "cancelled":
                _CANCELLED.add(token)
                return

    threading.Thread(target=watch, name=f"fminimax-watch-{key}", daemon=True).start()
    # the stop test is made here, on the worker, after the task arrived: a closure cannot
    # travel by pickle
    if fn is parallel.search_task:
        kwargs = {"stop": partial(still_wanted, token), **kwargs}
    try:
        return fn(*args, **kwargs)
    finally:
        finished.set()
        _CANCELLED.discard(token)
