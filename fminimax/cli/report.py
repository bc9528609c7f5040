"""The one JSON schema of solve, best-move, tree (and python -m fminimax.mpi), and outcomes.

Every JSON answer holds the ``CORE`` keys; a command adds only keys named in ``EXTRA``.
``solve --board -`` adds ``line`` and ``input`` to each answer (and ``position`` when it
solved the line's first field only); a line it cannot answer gets
an error object instead, of exactly ``ERROR``'s keys.
docs/cli.md documents both, and tests check every command against them.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from numbers import Real
from typing import IO, Any

from fminimax import core
from fminimax.registry import Made

__all__ = ["CORE", "DIGITS", "ERROR", "EXTRA", "game_fields", "json_number", "mismatches",
           "number_str", "stats_fields", "write_json"]

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
    "line": (int,), "input": (str, type(None)), "position": (str,), "error": (str,),
    "iterations": (int,), "seed": (int,), "exploration": (int, float), "solver": (bool,),
    "moves": (list,),
}

ERROR = ("line", "input", "error")
"""The keys of the error object of a line ``solve --board -`` could not answer."""


def game_fields(made: Made, state: Any, result: core.SearchResult[Any],
                best: Sequence[Any] | None = None, *,
                distances: bool | None = None) -> dict[str, Any]:
    """Return the schema's game keys of a search result, moves in the game's notation.

    ``distances`` says whether the value is a distance value (None: the game's own).
    """
    distances = core.distances_for(made.game, distances)
    spoken, over = made.notation, made.game.is_over(state)
    if over:
        return {"game": made.game.name, "to_move": None, "ended": spoken.ended(state),
                "value": json_number(result.value), "exact": result.exact,
                "outcome": spoken.ended(state), "score": None, "best_move": None,
                **({} if best is None else {"best_moves": []}), "pv": []}
    score = (spoken.score(state, result.value)
             if spoken.score is not None and result.exact and distances else None)
    return {"game": made.game.name, "to_move": spoken.side(made.game.to_move(state)),
            "ended": None, "value": json_number(result.value), "exact": result.exact,
            "outcome": core.outcome_str(result, distances), "score": score,
            "best_move": None if result.move is None else spoken.json_move(result.move),
            **({} if best is None else {"best_moves": [spoken.json_move(m) for m in best]}),
            "pv": [spoken.json_move(move) for move in result.pv]}


DIGITS = 4000
"""The most digits a whole number is written with (Python's own limit is 4,300)."""


def _too_long(value: int) -> bool:
    """Return whether a whole number has more than ``DIGITS`` digits (by its bits: cheap)."""
    return abs(value).bit_length() > DIGITS * 3.32


def json_number(value: Any) -> int | float:
    """Return a value as a number JSON holds: finite, no -0.0, a fraction as the nearest float.

    A fraction beyond a float's range is its whole part.  Infinity, NaN and whole numbers
    of more than ``DIGITS`` digits are refused in one line (ValueError).

    >>> from fractions import Fraction
    >>> json_number(Fraction(8, 27)), json_number(-0.0), json_number(3)
    (0.2962962962962963, 0.0, 3)
    >>> json_number(Fraction(10 ** 400, 3)) == 10 ** 400 // 3
    True
    >>> json_number(float("inf"))
    Traceback (most recent call last):
    ...
    ValueError: the value inf is not a finite number, which JSON cannot hold
    """
    if isinstance(value, bool) or not isinstance(value, Real):
        raise TypeError(f"a value must be a number, got {value!r}")
    if isinstance(value, int):
        if _too_long(value):
            raise ValueError(f"the value has more than {DIGITS:,} digits, more than the "
                             f"output holds")
        return value
    if isinstance(value, float) and not math.isfinite(value):
        raise ValueError(f"the value {value!r} is not a finite number, which JSON cannot hold")
    try:
        return float(value) + 0.0  # + 0.0: -0.0 becomes 0.0
    except OverflowError:
        return json_number(math.trunc(value))


def number_str(value: Any) -> str:
    """Return a value as a person reads it: a whole number, or a decimal (not a long fraction).

    >>> from fractions import Fraction
    >>> number_str(2), number_str(-0.0), number_str(Fraction(8, 27)), number_str(2.5)
    ('2', '0.0', '0.2962962962962963', '2.5')
    >>> number_str(Fraction(10 ** 400, 3)), number_str(10 ** 5000)
    ('3.33333333333333e+399', '1.00000000000000e+5000')
    """
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value) if not _too_long(value) else _scientific(value)
    if isinstance(value, float):
        return repr(value + 0.0)
    try:
        return repr(float(value) + 0.0)
    except OverflowError:
        return _scientific(value)


def _scientific(value: Any) -> str:
    """Return a number beyond a float's range in scientific notation, 15 digits."""
    from decimal import Decimal  # here: rarely needed (start-up time)

    exact = (Decimal(value) if isinstance(value, int)
             else Decimal(value.numerator) / Decimal(value.denominator))
    return format(exact, ".14e")


def stats_fields(result: core.SearchResult[Any], seconds: float) -> dict[str, Any]:
    """Return the schema's counting keys."""
    stats = result.stats
    return {"depth": result.depth, "nodes": stats.nodes, "leaves": stats.leaves,
            "cutoffs": stats.cutoffs, "table_hits": stats.table_hits,
            "seconds": round(seconds, 6)}


def write_json(record: dict[str, Any], out: IO[str]) -> None:
    """Write one JSON object on one line: strict JSON (never NaN or Infinity)."""
    try:
        text = json.dumps(record, allow_nan=False)
    except ValueError as error:
        raise ValueError(f"the answer holds a number JSON cannot: {error}") from None
    out.write(text + "\n")


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
