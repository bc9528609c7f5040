"""Pig against OpenSpiel: the same variants solved by both, values and times side by side.

    python benchmarks/pig_bench.py [--variant WINSCORE,FACES,HORIZON ...]

OpenSpiel's ``open_spiel.python.algorithms.minimax.expectiminimax`` (extra ``bench``)
searches each variant of its ``pig`` to the end; fminimax's expectiminimax, Star1 and Star2
(``fminimax.algorithms``) search ``fminimax.games.pig`` with the same parameters, and Star2
again with a transposition table.  Values are player 0's at the start; fminimax's are exact
fractions, shown as decimals.  Timing and printing live here.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from fminimax import core  # noqa: E402
from fminimax.games import pig  # noqa: E402

VARIANTS = ((4, 3, 4), (5, 4, 6), (6, 6, 6), (6, 3, 8), (8, 6, 8))
RUNS = (("expectiminimax", {"prune": False}), ("star1", {"star": 1}), ("star2", {"star": 2}),
        ("star2+table", {"star": 2, "table": True}))


def openspiel_value(winscore: int, faces: int, horizon: int) -> tuple[float, float] | None:
    """Return (value, seconds) of OpenSpiel's expectiminimax on its pig, or None without it."""
    try:
        import pyspiel
        from open_spiel.python.algorithms import minimax
    except ImportError:
        return None
    game = pyspiel.load_game("pig", {"winscore": winscore, "diceoutcomes": faces,
                                     "horizon": horizon})
    began = time.perf_counter()
    value, _ = minimax.expectiminimax(game.new_initial_state(), 10 ** 6, None, 0)
    return value, time.perf_counter() - began


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Solve Pig variants with fminimax and OpenSpiel.")
    parser.add_argument("--variant", action="append", default=None,
                        help="WINSCORE,FACES,HORIZON (repeatable)")
    args = parser.parse_args(argv)
    variants = ([tuple(int(x) for x in v.split(",")) for v in args.variant] if args.variant
                else VARIANTS)
    print("| winscore, faces, horizon | OpenSpiel value | s | fminimax value (exact) | "
          + " | ".join(f"{name} nodes | s" for name, _ in RUNS) + " |")
    print("|---" * (4 + 2 * len(RUNS)) + "|")
    for winscore, faces, horizon in variants:
        game = pig.game(winscore, faces, horizon)
        cells, values = [], set()
        for _, options in RUNS:
            table = core.Table() if options.get("table") else None
            kwargs = {k: v for k, v in options.items() if k != "table"}
            began = time.perf_counter()
            result = core.search(game, pig.start(), table=table, **kwargs)
            cells += [str(result.stats.nodes), f"{time.perf_counter() - began:.2f}"]
            values.add(result.value)
        value = values.pop() if len(values) == 1 else None
        theirs = openspiel_value(winscore, faces, horizon)
        shown = "disagree!" if value is None else f"{float(value):.6f} ({value})"
        spiel = ("not installed", "-") if theirs is None else (f"{theirs[0]:.6f}",
                                                               f"{theirs[1]:.2f}")
        print(f"| {winscore}, {faces}, {horizon} | {spiel[0]} | {spiel[1]} | {shown} | "
              + " | ".join(cells) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
