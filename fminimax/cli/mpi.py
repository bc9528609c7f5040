"""``python -m fminimax.mpi``: text 3's MPI program, with the options and limits of ``solve``.

For users inside a plain ``mpiexec -n N`` job (no executor, no master: every rank works)::

    mpiexec -n 3 python -m fminimax.mpi tictactoe --board x...o....
    mpiexec -n 4 python -m fminimax.mpi nim 3 4 5 --json

Rank 0 reads the command line and makes the game through the registry, as ``fminimax
solve`` does (the same options, the same limits, the same messages); it answers alone
where ``solve`` does without a full search (a finished position, ``--depth 0``, a forced
end a quick search finds beyond an exact search) and refuses what ``solve`` refuses.
Otherwise it broadcasts the position, every rank searches every N-th root move
(``mpi.rank_best``), MAXLOC (``mpi.maxloc``) picks the best, and rank 0 writes one line.
``mpi4py`` is imported only by ``main``, so the rest runs (and is tested) without MPI.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import IO, Any

from fminimax import core, mpi, policy
from fminimax.cli.common import Parser, UsageError, clip
from fminimax.cli.games import add_game_options, describe_games, game_made
from fminimax.cli.solve import DEFAULT_SECONDS
from fminimax.registry import Made

__all__ = ["PROG", "Job", "Plan", "known_answer", "main", "parser", "report_line", "run"]

PROG = "fminimax.mpi"
"""How the program names itself on stderr (one line: ``fminimax.mpi: error: ...``)."""


def parser() -> argparse.ArgumentParser:
    """Return the program's parser: solve's game options, --table and --json.

    >>> parser().parse_args(["nim", "3", "4", "--json"]).args
    ['3', '4']
    """
    command = Parser(prog="python -m fminimax.mpi")
    describe_games(command, "Text 3's MPI search: run under mpiexec -n N; every rank searches "
                   "every N-th root move, and rank 0 prints the best move.  The game options, "
                   "limits and messages are those of 'fminimax solve'.  Examples: 'nim 3 4 5', "
                   "'tictactoe --board x...o....', 'connect4 --board 4455'.")
    command.add_argument("game", metavar="GAME", help="one of the games of fminimax solve")
    command.add_argument("args", nargs="*", default=[], metavar="ARG",
                         help="nim: the heap sizes; tree: the tree as JSON")
    add_game_options(command)
    command.add_argument("--board", help="tictactoe: the cells, rows split by '/'; "
                         "connect4: the columns played, 1-based (e.g. 4453), or the rows")
    command.add_argument("--table", action=argparse.BooleanOptionalAction, default=True,
                         help="memoize positions in a transposition table on every rank "
                         "(default on)")
    command.add_argument("--json", action="store_true", help="print the result as JSON")
    return command


@dataclass(frozen=True)
class Job:
    """What rank 0 broadcasts: the game and position, and how to search them."""

    game: Any
    state: Any
    depth: int | None
    distances: bool
    table: bool
    seconds: float | None = None
    """Each rank's budget, by its wall clock: solve's (``DEFAULT_SECONDS``) for a position
    beyond a few seconds' exact search that no budget is hopeless for; else None."""


def known_answer(chosen: Made, game: Any, depth: int | None) -> core.SearchResult[Any] | None:
    """Return the answer rank 0 gives alone, or None when the ranks split the root moves.

    The decisions of ``fminimax solve``, in this one place: a finished position or
    ``--depth 0`` has no root moves to deal out (the serial search answers); a position
    beyond an exact search is answered when a quick search finds a forced end; else one
    that no budget could see end (the game's ``hopeless`` rule, else ``beyond``) is refused
    with solve's message, and the others are searched by the ranks within solve's budget
    (``Job.seconds``).

    >>> from fminimax import registry
    >>> chosen = registry.make("nim", registry.Options(args=("0",)))
    >>> known_answer(chosen, chosen.game, None).value
    -1000000
    """
    state = chosen.state
    if game.is_over(state) or depth == 0:
        return core.search(game, state, depth=depth, table=core.Table())
    beyond = chosen.beyond(state)
    if beyond is None or depth is not None:
        return None
    probed = policy.decisive_within(chosen.game, state, policy.PROBE_NODES,
                                    clock=time.monotonic,
                                    seconds=policy.PROBE_SECONDS) if chosen.game.outcomes else None
    if probed is not None:
        return replace(probed, depth=None)
    hopeless = policy.beyond_any_budget(chosen, state)
    if hopeless is not None:
        raise ValueError(f"{hopeless}, and a quick search found no forced end; bound it with "
                         f"--depth N")
    return None


def main(argv: Sequence[str] | None = None, out: IO[str] | None = None,
         err: IO[str] | None = None) -> int:
    """Run text 3's MPI search on this rank; rank 0 writes the result; return the status.

    Ctrl-C (SIGINT, which mpiexec passes to every rank) ends each rank with status 130 and
    one line from rank 0, not a traceback per rank.
    """
    from mpi4py import MPI  # imported here: the base install does not need MPI

    comm, err = MPI.COMM_WORLD, err or sys.stderr
    try:
        return run(comm, argv, out or sys.stdout, err)
    except KeyboardInterrupt:
        if comm.Get_rank() == 0:
            err.write(f"{PROG}: interrupted\n")
            err.flush()
        return 130


def run(comm: Any, argv: Sequence[str] | None, out: IO[str], err: IO[str]) -> int:
    """Read and decide on rank 0, broadcast, search this rank's root moves, and report."""
    started, size = time.perf_counter(), comm.Get_size()
    planned = _planned(argv, out, err, size) if comm.Get_rank() == 0 else None
    job = comm.bcast(planned.job if isinstance(planned, Plan) else planned, root=0)
    if not isinstance(job, Job):  # an error, --help, or an answer rank 0 gave alone
        return int(job or 0)
    result = _split(comm, job, err)
    if result is None:  # this rank failed and aborted the job
        return 2
    if isinstance(planned, Plan):
        out.write(report_line(planned.chosen, job.game, result, time.perf_counter() - started,
                              size, planned.as_json) + "\n")
    return 0


@dataclass(frozen=True)
class Plan:
    """What rank 0 keeps of the command line: the job, the game's notation, --json."""

    job: Job
    chosen: Made
    as_json: bool


def _planned(argv: Sequence[str] | None, out: IO[str], err: IO[str], size: int) -> Plan | int:
    """Return rank 0's plan of the job to split, or the status once it has answered alone."""
    started = time.perf_counter()
    try:
        with contextlib.redirect_stdout(out):  # --help goes where the answer would
            args = parser().parse_args(argv)
        chosen = game_made(args)
        game = chosen.exact if args.depth is None else chosen.game
        known = known_answer(chosen, game, args.depth)
    except UsageError as error:
        err.write(f"{error}\n")
        return 2
    except (ValueError, TypeError) as error:
        err.write(f"{PROG}: error: {clip(str(error))}\n")
        return 2
    except SystemExit as done:  # --help: argparse has written it
        return done.code if isinstance(done.code, int) else 0
    if known is not None:
        out.write(report_line(chosen, game, known, time.perf_counter() - started, size,
                              args.json) + "\n")
        return 0
    beyond = args.depth is None and chosen.beyond(chosen.state) is not None
    return Plan(Job(game, chosen.state, args.depth, chosen.game.outcomes, args.table,
                    DEFAULT_SECONDS if beyond else None), chosen, args.json)


def _split(comm: Any, job: Job, err: IO[str]) -> core.SearchResult[Any] | None:
    """Return the ranks' search of ``job``: this rank's best, then MAXLOC over all ranks.

    A rank whose search fails says so in one line and aborts the whole job (None), so the
    other ranks never wait for it.
    """
    rank, size = comm.Get_rank(), comm.Get_size()
    stop = None if job.seconds is None else policy.Meter(
        policy.Budget(seconds=job.seconds, clock=time.perf_counter), strict=True)
    try:
        best = mpi.rank_best(job.game, job.state, rank, size, depth=job.depth,
                             distances=job.distances, table=job.table, stop=stop)
    except Exception as error:  # one rank failing must end the job, not hang the others
        said = (f"the exact search did not end within {job.seconds:g} s (solve's budget); "
                f"bound it with --depth N" if isinstance(error, policy.Spent)
                else str(error))
        err.write(f"{PROG}: rank {rank}: error: {clip(said)}\n")
        err.flush()
        comm.Abort(2)
        return None
    pair = mpi.maxloc(comm.allgather((best.value, best.move_index)))  # text 3's MAXLOC
    nodes = comm.allreduce(best.stats.nodes)
    exact = all(comm.allgather(best.exact))
    line = comm.bcast(best.line if rank == pair[1] % size else None, root=pair[1] % size)
    return mpi.ranks_result(pair, line, nodes, job.depth, exact)


def report_line(chosen: Made, game: Any, result: core.SearchResult[Any], seconds: float,
                ranks: int, as_json: bool) -> str:
    """Return the result as one line: JSON with the keys of ``fminimax solve --json``, or words.

    Moves are written in the game's notation, as the command line writes them.

    >>> from fminimax import registry
    >>> chosen = registry.make("nim", registry.Options(args=("1",)))
    >>> found = core.search(chosen.game, chosen.state)
    >>> print(report_line(chosen, chosen.game, found, 0.5, 2, False))
    best move: 1:1  value: 999999 (win in 1)  nodes: 2  ranks: 2
    >>> print(report_line(chosen, chosen.game, found, 0.5, 2, True))
    ... # doctest: +NORMALIZE_WHITESPACE
    {"game": "nim", "value": 999999, "outcome": "win in 1", "exact": true, "depth": null,
     "best_move": [1, 1], "pv": [[1, 1]], "nodes": 2, "seconds": 0.5, "ranks": 2}
    """
    words, spoken = core.outcome_str(result, chosen.game.outcomes), chosen.notation
    if chosen.game.is_over(chosen.state):  # in solve's words: who won, not "loss in 0"
        words = spoken.ended(chosen.state)
    if as_json:
        return json.dumps({"game": game.name, "value": result.value, "outcome": words,
                           "exact": result.exact, "depth": result.depth,
                           "best_move": None if result.move is None
                           else spoken.json_move(result.move),
                           "pv": [spoken.json_move(move) for move in result.pv],
                           "nodes": result.stats.nodes, "seconds": round(seconds, 6),
                           "ranks": ranks})
    shown = str(result.value) if words is None else f"{result.value} ({words})"
    move = "none" if result.move is None else spoken.show_move(result.move)
    return f"best move: {move}  value: {shown}  nodes: {result.stats.nodes}  ranks: {ranks}"
