"""The card's plain scores map against a plain minimax over a mutable list, side by side.

    python benchmarks/card.py [--repeat N]

Two searches of the empty 3x3 board, each the value of all 9 first moves for x by plain
minimax (no pruning, no table, 549,946 positions entered):

    card       fminimax.tictactoe.scores_map(empty_board(), "x", "o"): the card's persistent
               boards, the plain recursion users call at the REPL
    mutable    benchmarks/peers.py's mutable-minimax: a Python list, try a move, recurse, undo

One of each per round, ``--repeat`` rounds (default 5), so a busy moment slows both alike.
It prints each one's best (least) seconds, wall and CPU (this process's: on a shared
machine the CPU time moves less with other work), both answers, and the card's time over
the mutable list's.  The target: at most 2x.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks import peers  # noqa: E402
from fminimax import tictactoe  # noqa: E402


def card() -> tuple[int, ...]:
    """Return the 9 first moves' values by the card's plain scores map."""
    scores = tictactoe.scores_map(tictactoe.empty_board(), "x", "o")
    return tuple(scores[space] for space in range(9))


def mutable() -> tuple[int, ...]:
    """Return the 9 first moves' values by plain minimax on a mutable list."""
    answer: tuple[int, ...] = peers.mutable_ttt_solve(alphabeta=False).answer
    return answer


def timed(search: Callable[[], Any]) -> tuple[Any, float, float]:
    """Return ``search()``'s answer, its wall seconds and its CPU seconds."""
    wall, cpu = time.perf_counter(), time.process_time()
    answer = search()
    return answer, time.perf_counter() - wall, time.process_time() - cpu


def main(argv: list[str] | None = None) -> int:
    """Run both searches ``--repeat`` times, interleaved, and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args(argv)
    searches = {"card": card, "mutable": mutable}
    best: dict[str, tuple[Any, float, float]] = {}
    for _ in range(max(1, args.repeat)):
        for name, search in searches.items():
            answer, wall, cpu = timed(search)
            old = best.get(name)
            best[name] = (answer, min(wall, old[1]) if old else wall,
                          min(cpu, old[2]) if old else cpu)
    print("| search | wall s | CPU s | answer |")
    print("| --- | ---: | ---: | --- |")
    for name, (answer, wall, cpu) in best.items():
        print(f"| {name} | {wall:.3f} | {cpu:.3f} | {' '.join(map(str, answer))} |")
    (_, card_wall, card_cpu), (_, base_wall, base_cpu) = best["card"], best["mutable"]
    print(f"\ncard / mutable: {card_wall / base_wall:.2f}x wall, {card_cpu / base_cpu:.2f}x CPU"
          f" (target: at most 2x)")
    return 0 if best["card"][0] == best["mutable"][0] else 1


if __name__ == "__main__":
    sys.exit(main())
