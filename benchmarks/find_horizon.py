"""Find Connect Four horizon positions: depth-limited alpha-beta loses, quiescence does not.

    python benchmarks/find_horizon.py [--seed S] [--tries N] [--depth D ...] [--quiescence Q]

Positions come from random games (a seeded random.Random).  For each, alpha-beta to depth D
picks a move with and without quiescence; where they differ, both moves are solved exactly
(connect4.solver with a table, window (-1, 1), under a node budget) and the position is
printed when the plain move loses and the quiescent move does not.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from fminimax import algorithms, core  # noqa: E402
from fminimax.games import connect4  # noqa: E402


def exact(state: connect4.C4, budget: int) -> int | None:
    """Return the exact distance value for the player to move, or None over the budget."""
    try:
        return int(core.search(connect4.solver(), state, table=core.Table(),
                                 complete=False, max_nodes=budget).value)
    except core.BudgetSpent:
        return None


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--tries", type=int, default=300)
    parser.add_argument("--depth", type=int, action="append", default=None)
    parser.add_argument("--quiescence", type=int, default=4)
    parser.add_argument("--budget", type=int, default=300_000)
    args = parser.parse_args(argv)
    rng, game = random.Random(args.seed), connect4.game()
    for _ in range(args.tries):
        plies = rng.randrange(10, 28)
        moves, state = "", connect4.start()
        while len(moves) < plies and game.moves(state):
            column = rng.choice(game.moves(state))
            moves, state = moves + str(column), game.play(state, column)
        if not game.moves(state) or connect4.noisy(connect4.shape(), state):
            continue
        for depth in args.depth or [2, 3, 4]:
            plain = algorithms.alphabeta(game, state, depth=depth).move
            quiet = algorithms.alphabeta(game, state, depth=depth, quiescence=args.quiescence).move
            if plain == quiet:
                continue
            lost = exact(game.play(state, plain), args.budget)
            if lost is None or lost <= 0:
                continue
            kept = exact(game.play(state, quiet), args.budget)
            if kept is not None and kept <= 0:
                print(f"moves {moves} depth {depth}: plain {plain} "
                      f"{core.value_str(-lost + 1)}, quiescence {quiet} "
                      f"{core.value_str(-kept + core.sign(kept))}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
