"""The one JSON schema of solve, best-move, tree (and python -m fminimax.mpi), and outcomes.

Every JSON answer holds the ``CORE`` keys; a command adds only keys named in ``EXTRA``.
docs/cli.md documents both, and tests check every command against them.
"""

from __future__ import annotations

import json
from typing import IO, Any

from fminimax import core
from fminimax.registry import Made

CORE: dict[str, tuple[type, ...]] = {
    "game": (str,), "value": (int, float), "exact": (bool,), "outcome": (str, type(None)),
    "best_move": (int, list, str, type(None)),
}
EXTRA: dict[str, tuple[type, ...]] = {
    "to_move": (str, type(None)), "ended": (str, type(None)), "best_moves": (list,),
    "pv": (list,), "score": (int, type(None)), "depth": (int, type(None)),
    "algorithm": (str,), "table": (bool,), "leaves": (int,), "cutoffs": (int,),
    "table_hits": (int,), "nodes": (int,), "seconds": (int, float), "board": (list,),
    "computer": (str,),
    "scores": (dict,), "lines": (dict,), "visits": (int,), "ranks": (int,),
}


def game_fields(made: Made, state: Any, result: core.SearchResult[Any],
                best: list[Any] | None = None) -> dict[str, Any]:
    """Return the schema's game keys of a search result, moves in the game's notation."""
    spoken, over = made.notation, made.game.is_over(state)
    ended = spoken.ended(state) if over else None
    exact_value = result.exact and made.quick
    score = (spoken.score(state, result.value)
             if spoken.score is not None and exact_value and not over else None)
    return {"game": made.game.name,
            "to_move": None if over else spoken.side(made.game.to_move(state)),
            "ended": ended, "value": _number(result.value), "exact": result.exact,
            "outcome": ended if over else core.outcome_str(result, made.quick),
            "score": score,
            "best_move": None if over or result.move is None else spoken.json_move(result.move),
            **({} if best is None else
               {"best_moves": [] if over else [spoken.json_move(move) for move in best]}),
            "pv": [] if over else [spoken.json_move(move) for move in result.pv]}


def _number(value: Any) -> int | float:
    """Return a value JSON can hold: an int or float as is, other reals (Fractions) as floats."""
    return value if isinstance(value, (int, float)) else float(value)


def stats_fields(result: core.SearchResult[Any], seconds: float) -> dict[str, Any]:
    """Return the schema's counting keys."""
    stats = result.stats
    return {"depth": result.depth, "nodes": stats.nodes, "leaves": stats.leaves,
            "cutoffs": stats.cutoffs, "table_hits": stats.table_hits,
            "seconds": round(seconds, 6)}


def write_json(record: dict[str, Any], out: IO[str]) -> None:
    """Write one JSON object on one line."""
    json.dump(record, out)
    out.write("\n")


def mismatches(record: dict[str, Any]) -> list[str]:
    """Return what in ``record`` breaks the schema (empty when it follows it).

    >>> mismatches({"game": "nim", "value": 1, "exact": True, "outcome": "win in 1",
    ...             "best_move": [1, 1], "nodes": 2})
    []
    >>> mismatches({"game": "nim", "move": 1})  # doctest: +NORMALIZE_WHITESPACE
    ['missing value', 'missing exact', 'missing outcome', 'missing best_move',
     'unknown key move']
    """
    found = [f"missing {key}" for key in CORE if key not in record]
    for key, value in record.items():
        kinds = CORE.get(key) or EXTRA.get(key)
        if kinds is None:
            found.append(f"unknown key {key}")
        elif not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds):
            found.append(f"{key} is a {type(value).__name__}")
    return found
