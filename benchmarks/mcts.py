"""How many UCT iterations choose a value-preserving move: tic-tac-toe and Nim, exactly.

    python benchmarks/mcts.py [--sample N] [--seed S] [--ladder 50,100,...] [--solver]
                              [--nim-heaps 3] [--nim-max 4] [--nim-ladder 100,300,...]

For every unfinished tic-tac-toe position reachable from the empty board (4,520; or a
sample of ``--sample`` of them drawn with ``--seed``) and every unfinished Nim position of
``--nim-heaps`` heaps of at most ``--nim-max`` stones, UCT runs at each rung of the
ladder with ``random.Random(seed)``; a choice is right when the exact value of the move
chosen (``core.move_values``, plain values) equals the position's exact value.  It prints,
per rung, how many positions were right and the time, and the fewest iterations from which
every position stayed right on every higher rung.  ``--solver`` runs MCTS-Solver and checks
every proven root value against the exact value too.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Sequence
from itertools import product
from pathlib import Path
from typing import Any

if __name__ == "__main__":  # run from a checkout: the source beside it; imported (by the
    # tests), the path is left as it is (at the front, the project's folder would make worker
    # processes started later import the pure source in the compiled build's test run)
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from fminimax import core, mcts  # noqa: E402
from fminimax import tictactoe as ttt  # noqa: E402
from fminimax.games import nim  # noqa: E402


def tictactoe_positions() -> list[Any]:
    """Return every unfinished position reachable from the empty board, x first."""
    game, start = ttt.game(), ttt.start()
    seen, frontier = {start}, [start]
    while frontier:
        frontier = [child for state in frontier for child in
                    (game.play(state, move) for move in game.moves(state))
                    if child not in seen and not seen.add(child)]  # type: ignore[func-returns-value]
    return sorted((s for s in seen if not game.is_over(s)), key=repr)


def nim_positions(heaps: int, most: int) -> list[Any]:
    """Return every unfinished Nim position of ``heaps`` sorted heaps of 0..``most`` stones."""
    return [nim.start(sizes) for sizes in product(range(most + 1), repeat=heaps)
            if list(sizes) == sorted(sizes) and any(sizes)]


def exact(game: Any, states: list[Any]) -> list[dict[Any, Any]]:
    """Return each state's exact move values (plain values, for the player to move)."""
    return [core.move_values(game, state, distances=False) for state in states]


def ladder_run(name: str, game: Any, states: list[Any], ladder: list[int], seed: int,
               solver: bool) -> None:
    """Print, per rung, how many states UCT chose a value-preserving move in."""
    values = exact(game, states)
    right_at: list[list[bool]] = []
    print(f"\n{name}: {len(states)} unfinished positions, seed {seed}, solver {solver}")
    for rung in ladder:
        began, right, proven, wrong_proofs = time.perf_counter(), [], 0, 0
        for state, moves in zip(states, values, strict=True):
            found = mcts.uct(game, state, random.Random(seed), iterations=rung, solver=solver)
            result = mcts.result_of(found)
            right.append(moves[result.move] == max(moves.values()))
            if result.exact:
                proven += 1
                wrong_proofs += result.value != max(moves.values())
        right_at.append(right)
        extra = f", proven {proven}, wrong proofs {wrong_proofs}" if solver else ""
        wrong = [state for state, ok in zip(states, right, strict=True) if not ok]
        shown = f"; wrong: {', '.join(map(repr, wrong))}" if 0 < len(wrong) <= 5 else ""
        print(f"  {rung:>7,} iterations: {sum(right):>5}/{len(states)} right{extra} "
              f"({time.perf_counter() - began:.1f} s){shown}", flush=True)
    stays = next((ladder[i] for i in range(len(ladder))
                  if all(all(r) for r in right_at[i:])), None)
    print(f"  every position right from {stays:,} iterations on" if stays
          else "  some position still wrong at the top of the ladder")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sample", type=int, default=None)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--ladder", default="100,300,1000,3000")
    parser.add_argument("--nim-ladder", default="100,300,1000,3000,10000,30000")
    parser.add_argument("--solver", action="store_true")
    parser.add_argument("--nim-heaps", type=int, default=3)
    parser.add_argument("--nim-max", type=int, default=4)
    args = parser.parse_args(argv)
    ladder = [int(part) for part in args.ladder.split(",")]
    states = tictactoe_positions()
    if args.sample is not None:
        states = sorted(random.Random(args.seed).sample(states, args.sample), key=repr)
    ladder_run("tic-tac-toe", ttt.game(), states, ladder, args.seed, args.solver)
    ladder_run(f"nim, {args.nim_heaps} heaps of 0-{args.nim_max}", nim.game(),
               nim_positions(args.nim_heaps, args.nim_max),
               [int(part) for part in args.nim_ladder.split(",")], args.seed, args.solver)
    return 0


if __name__ == "__main__":
    sys.exit(main())
