"""A process of one thread that runs command lines in bounded children it forks.

tests/test_cli_fuzz.py runs each command line in a child bounded in address space and CPU
time.  A fork is quick, but a child forked from a process with threads inherits every lock
another thread held at that moment, and waits for it for ever if it needs it: pytest-xdist's
worker has a thread of its own (execnet's), and earlier tests leave others (a Dask client's
event loop).  A child forked there once spent no CPU for 20 s on a search of 3 CPU seconds.
This program has one thread: it reads a request a line on stdin, JSON
``{"argv", "folder", "answers", "seconds", "memory"}``, forks the child, writes its pid
(``{"pid": N}``), then, when the child has ended, ``{"answer", "ended"}``: the JSON text the
child wrote (``[status, stdout, stderr]``, a traceback that escaped ``main`` as status 99;
empty if it was killed) and how it ended (``"exit N"`` or ``"signal N"``).
"""

from __future__ import annotations

import io
import json
import os
import resource
import sys
import traceback
from typing import Any

from fminimax import cli


def address_space() -> int:
    """Return this process's address space in bytes (Linux)."""
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")


def child(request: dict[str, Any], writer: int) -> None:
    """Run the request's command line bounded, in its folder; write the answer to ``writer``."""
    os.dup2(os.open(os.devnull, os.O_RDONLY), 0)  # the requests' pipe is not the child's
    os.chdir(request["folder"])
    limit = address_space() + request["memory"]
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    resource.setrlimit(resource.RLIMIT_CPU, (request["seconds"], request["seconds"] + 1))
    sys.stdin = io.StringIO(request["answers"])
    out, err = io.StringIO(), io.StringIO()
    try:
        status = cli.main(request["argv"], out, err)
    except SystemExit as done:
        status = int(done.code or 0)
    except BaseException:
        status, err = 99, io.StringIO(traceback.format_exc())
    data = json.dumps([status, out.getvalue()[:200_000], err.getvalue()[:20_000]])
    with os.fdopen(writer, "w") as pipe:
        pipe.write(data)


def ended(status: int) -> str:
    """Return how a child that ended with wait ``status`` ended."""
    if os.WIFSIGNALED(status):
        return f"signal {os.WTERMSIG(status)}"
    return f"exit {os.WEXITSTATUS(status)}"


def main() -> None:
    # the lines go out on a copy of stdout; stdout itself, which the children inherit, is
    # /dev/null: a command line that writes to the real stdout (argparse's --version) writes
    # nothing the test reads, as when it ran in the test process under pytest's capture
    channel = os.fdopen(os.dup(1), "w")
    os.dup2(os.open(os.devnull, os.O_WRONLY), 1)
    for line in sys.stdin:
        request = json.loads(line)
        reader, writer = os.pipe()
        pid = os.fork()
        if pid == 0:  # the child: never returns
            try:
                os.close(reader)
                child(request, writer)
            finally:
                os._exit(0)
        os.close(writer)
        print(json.dumps({"pid": pid}), file=channel, flush=True)
        with os.fdopen(reader) as pipe:
            answer = pipe.read()
        print(json.dumps({"answer": answer, "ended": ended(os.waitpid(pid, 0)[1])}),
              file=channel, flush=True)


if __name__ == "__main__":
    main()
