"""Text 3's MPI program: broadcast the position, each rank takes every p-th root move, MAXLOC.

For users inside a plain ``mpiexec -n N`` job (no executor, no master: every rank works)::

    mpiexec -n 3 python -m fminimax.mpi --game tictactoe x...o....

Rank 0 reads the position and broadcasts it; rank r searches root moves r, r+p, r+2p, ...
(``rank_best``, a pure function); the ranks' (value, move index) pairs are reduced with
MAXLOC, which keeps the largest value and, of equal values, the smallest index: the first in
the serial search's order, as the serial tie rule says.  ``mpi4py`` is imported only by
``main``, so the rest runs (and is tested) without MPI.

>>> from fminimax.games import nim
>>> game, state = nim.game(), nim.start((1, 2, 2))
>>> [rank_best(game, state, rank, 2)[:2] for rank in range(2)]
[(999995, 0), (-999996, 1)]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from typing import IO, Any

from fminimax import registry
from fminimax.board import parse_board, square_shape
from fminimax.core import INFINITY, SearchResult, Stats, outcome_str, search
from fminimax.game import Game, Move, Score, State
from fminimax.parallel import (
    Line,
    Task,
    ordered_moves,
    root_value,
    search_task,
    table_id,
    task_bound,
)


def rank_moves(count: int, rank: int, size: int) -> range:
    """Return the indices of the root moves that ``rank`` of ``size`` takes: every size-th.

    >>> list(rank_moves(9, 1, 3)), list(rank_moves(2, 2, 3))
    ([1, 4, 7], [])
    """
    if not 0 <= rank < size:
        raise ValueError(f"rank must lie in 0..{size - 1} for {size} ranks, got {rank!r}")
    return range(rank, count, size)


def rank_best(game: Game[State, Move], state: State, rank: int, size: int, *,
              quick: bool = True, table: bool = True) -> tuple[Score, int, Stats, Line]:
    """Return (best value, its root-move index, counts, line) over the root moves of ``rank``.

    The rank's moves are searched in order, each with the bound of the best so far, so only
    a strictly better move replaces it: of equal values the smallest index stays.  The line
    is the best move, then the best replies.  A rank with no moves returns (-inf, -1, ...).

    >>> from fminimax.games import tree
    >>> rank_best(tree.game(), tree.start([[2, 7], [1, 8], [3, 9]]), 0, 2, quick=False)[::3]
    (3, (2, 0))
    """
    moves = ordered_moves(game, state)
    best: Score = -INFINITY
    index, stats, line = -1, Stats(), ()
    for i in rank_moves(len(moves), rank, size):
        child = game.play(state, moves[i])
        result = search_task(Task(game, child, (moves[i],), beta=task_bound(-best, 1, quick),
                                  quick=quick, table=table,
                                  table_id=table_id(game, quick) if table else ""))
        stats = stats + result.stats
        value = -root_value(result.value, 1, quick)
        if value > best:
            best, index, line = value, i, (moves[i], *result.pv)
    return best, index, stats, line


def made(game_name: str, text: str, k: int | None = None) -> registry.Made:
    """Return the game, position and notation a game name and a position's text name.

    tictactoe: a square board ('x...o....', rows split by '/'), the side to move from the
    marker counts (x starts); nim: heap sizes split by commas ('3,4,5'), player 0 to move.
    The registry checks the command line's limits before anything is built.

    >>> made("nim", "1,2").state
    Nim(heaps=(1, 2), player=0)
    >>> made("chess", "")
    Traceback (most recent call last):
    ...
    ValueError: unknown game 'chess'; choose tictactoe or nim
    """
    if game_name == "nim":
        return registry.make("nim", registry.Options(args=tuple(text.split(","))))
    if game_name == "tictactoe":
        rows, cols = square_shape(parse_board(text))
        return registry.make("tictactoe", registry.Options(
            size=f"{rows}x{cols}", board=text, k=None if k is None else str(k)))
    raise ValueError(f"unknown game {game_name[:40]!r}; choose tictactoe or nim")


def position(game_name: str, text: str, k: int | None = None) -> tuple[Game[Any, Any], Any]:
    """Return (game, position) from a game name and a position written as text (see made).

    >>> position("nim", "1,2")[1]
    Nim(heaps=(1, 2), player=0)
    """
    chosen = made(game_name, text, k)
    return chosen.game, chosen.state


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m fminimax.mpi",
        description="Text 3's MPI search: run under mpiexec -n N; every rank searches every "
        "N-th root move, and rank 0 prints the best move.")
    parser.add_argument("position", metavar="POSITION",
                        help="a tic-tac-toe board (x...o....) or nim heaps (3,4,5)")
    parser.add_argument("--game", choices=["tictactoe", "nim"], default="tictactoe")
    parser.add_argument("--k", type=int, default=None, help="tic-tac-toe run length")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    return parser


def main(argv: Sequence[str] | None = None, out: IO[str] | None = None) -> int:
    """Run text 3's MPI search on this rank; rank 0 writes the result and returns 0.

    Ctrl-C (SIGINT, which mpiexec passes to every rank) ends each rank with status 130 and
    one line from rank 0, not a traceback per rank.
    """
    from mpi4py import MPI  # imported here: the base install does not need MPI

    comm = MPI.COMM_WORLD
    try:
        return _run(MPI, comm, argv, out or sys.stdout)
    except KeyboardInterrupt:
        if comm.Get_rank() == 0:
            sys.stderr.write("fminimax.mpi: interrupted\n")
            sys.stderr.flush()
        return 130


def _run(mpi: Any, comm: Any, argv: Sequence[str] | None, out: IO[str]) -> int:
    """Broadcast the position, search this rank's root moves, reduce, and write on rank 0."""
    rank, size = comm.Get_rank(), comm.Get_size()
    spec: tuple[Game[Any, Any], Any, bool] | None = None
    chosen = None
    if rank == 0:
        try:
            args = _parser().parse_args(argv)
            chosen = made(args.game, args.position, args.k)
            spec = (chosen.game, chosen.state, args.json)
        except (ValueError, TypeError) as error:
            sys.stderr.write(f"fminimax.mpi: error: {error}\n")
        except SystemExit:  # argparse has said why; the other ranks must not wait
            pass
    spec = comm.bcast(spec, root=0)  # text 3: broadcast the position
    if spec is None:
        return 2
    game, state, as_json = spec
    started = time.perf_counter()
    if game.is_over(state):  # no root moves to deal out: the serial search's answer
        result = search(game, state) if rank == 0 else None
    else:
        try:
            value, index, stats, line = rank_best(game, state, rank, size)
        except Exception as error:  # one rank failing must end the job, not hang the others
            sys.stderr.write(f"fminimax.mpi: rank {rank}: error: {error}\n")
            sys.stderr.flush()
            comm.Abort(2)
            return 2
        best_value, best_index = comm.allreduce((value, index), op=mpi.MAXLOC)
        nodes = comm.allreduce(stats.nodes, op=mpi.SUM)
        line = comm.bcast(line if rank == best_index % size else None, root=best_index % size)
        # the root counts as one node; searched to the end, so exact
        result = SearchResult(best_value, line[0], line, Stats(nodes=nodes + 1))
    if rank == 0:
        assert result is not None and chosen is not None
        out.write(_report(chosen, result, time.perf_counter() - started, size, as_json) + "\n")
    return 0


def _report(chosen: registry.Made, result: SearchResult[Any], seconds: float, ranks: int,
            as_json: bool) -> str:
    """Return the result as one line: JSON with the keys of ``fminimax solve --json``, or words.

    Moves are written in the game's notation, as the command line writes them.

    >>> chosen = made("nim", "1")
    >>> print(_report(chosen, search(chosen.game, chosen.state), 0.5, 2, False))
    best move: 1:1  value: 999999 (win in 1)  nodes: 2  ranks: 2
    >>> print(_report(chosen, search(chosen.game, chosen.state), 0.5, 2, True))
    ... # doctest: +NORMALIZE_WHITESPACE
    {"game": "nim", "value": 999999, "outcome": "win in 1", "exact": true, "depth": null,
     "best_move": [1, 1], "pv": [[1, 1]], "nodes": 2, "seconds": 0.5, "ranks": 2}
    """
    words, spoken = outcome_str(result), chosen.notation
    if as_json:
        return json.dumps({"game": chosen.game.name, "value": result.value, "outcome": words,
                           "exact": result.exact, "depth": result.depth,
                           "best_move": None if result.move is None
                           else spoken.json_move(result.move),
                           "pv": [spoken.json_move(move) for move in result.pv],
                           "nodes": result.stats.nodes, "seconds": round(seconds, 6),
                           "ranks": ranks})
    shown = str(result.value) if words is None else f"{result.value} ({words})"
    move = "none" if result.move is None else spoken.show_move(result.move)
    return f"best move: {move}  value: {shown}  nodes: {result.stats.nodes}  ranks: {ranks}"


if __name__ == "__main__":
    sys.exit(main())
