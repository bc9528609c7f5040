"""OpenSpiel's games through fminimax's wrapper against OpenSpiel's own alpha-beta: values,
nodes and times side by side.

    python benchmarks/openspiel_bench.py

For each game, OpenSpiel's ``open_spiel.python.algorithms.minimax.alpha_beta_search`` (pure
Python over pyspiel states) and fminimax's alpha-beta and memoized alpha-beta over
``fminimax.interop.openspiel`` (the ``openspiel`` extra) search the same start to the end;
the values must agree.  The wrapper's cost per node is the clone and play of a pyspiel
state, the action names of each position's moves, and the engine's bookkeeping.  Timing and
printing live here.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from open_spiel.python.algorithms import minimax  # noqa: E402

from fminimax import algorithms  # noqa: E402
from fminimax.interop import openspiel  # noqa: E402

GAMES = ("tic_tac_toe", "connect_four(columns=4,rows=4)", "nim(pile_sizes=2;3;4)",
         "dots_and_boxes(num_rows=1,num_cols=2)")


def timed(run: Any, *args: Any, **options: Any) -> tuple[Any, float]:
    """Return what ``run(*args, **options)`` returns and the seconds it took."""
    started = time.perf_counter()
    result = run(*args, **options)
    return result, time.perf_counter() - started


def main() -> None:
    """Print one line per game and search: value, nodes, seconds."""
    print(f"{'game':<40} {'search':<28} {'value':>6} {'nodes':>9} {'seconds':>8}")
    for text in GAMES:
        state = openspiel.spiel_state(openspiel.start(text))
        (theirs, _), spent = timed(minimax.alpha_beta_search, state.get_game(), state)
        print(f"{text:<40} {'OpenSpiel alpha_beta_search':<28} {theirs:>6g} {'-':>9} "
              f"{spent:>8.3f}")
        for name, game in (("alphabeta", openspiel.game(text)),
                           ("memoized", openspiel.game(text)),
                           ("memoized, string_key", openspiel.game(text,
                                                                   key=openspiel.string_key))):
            algorithm = algorithms.by_name(name.split(",")[0]).run
            result, spent = timed(algorithm, game, openspiel.start(text), distances=False)
            assert result.value == theirs, (text, name)
            print(f"{'':<40} {'fminimax ' + name:<28} {result.value:>6g} "
                  f"{result.stats.nodes:>9} {spent:>8.3f}")


if __name__ == "__main__":
    main()
