"""One search called from different depths of nested calls, with and without its own chunk
of the frame stack (``fminimax.core.chunk``): the pure build's search speed should not
depend on how deep its caller is.

    python benchmarks/call_depth.py [--size 6x4] [--depths 0 2 4 5 6 8 10 12 16 20]

For each depth, the same exact solve of the empty Connect Four board (``algorithms.solve``,
bisection, a fresh table) runs once as fminimax runs it (``run_root`` gives the recursion a
chunk of its own in the pure build) and once with the recursion called directly (as the
compiled build calls it), and prints one Markdown row: the CPU seconds of each and their
ratio.  The nodes must agree (the same search).  Timing and printing live here.
"""

from __future__ import annotations

import argparse
import importlib
import time
from collections.abc import Callable
from typing import Any

from fminimax import algorithms
from fminimax.build import build
from fminimax.games import connect4

core_search: Any = importlib.import_module("fminimax.core.search")  # (not the function)


def nested(depth: int, call: Callable[[], Any]) -> Any:
    """Return ``call()``, called through ``depth`` more nested calls."""
    return call() if depth == 0 else nested(depth - 1, call)


def timed(size: tuple[int, int], depth: int, own_chunk: bool) -> tuple[float, int]:
    """Return the CPU seconds and nodes of one solve at ``depth``, with or without the chunk."""
    game, state = connect4.solver(*size), connect4.start(*size)
    kept = core_search.FRAMES
    core_search.FRAMES = own_chunk and kept  # (the compiled build has no frames to place)
    try:
        start = time.process_time()
        result = nested(depth, lambda: algorithms.solve(game, state))
        return time.process_time() - start, result.stats.nodes
    finally:
        core_search.FRAMES = kept


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--size", default="6x4", help="the Connect Four board, WxH")
    parser.add_argument("--depths", type=int, nargs="+", default=[0, 2, 4, 5, 6, 8, 10, 12,
                                                                    16, 20])
    args = parser.parse_args()
    size = tuple(int(part) for part in args.size.split("x"))
    print(f"{build()} build, Connect Four {args.size}, CPU seconds of one solve\n")
    print("| calls deep | own chunk | called directly | ratio | nodes |")
    print("| ---:| ---:| ---:| ---:| ---:|")
    for depth in args.depths:
        with_chunk, nodes = timed(size, depth, True)  # type: ignore[arg-type]
        without, others = timed(size, depth, False)  # type: ignore[arg-type]
        assert nodes == others, (nodes, others)
        print(f"| {depth} | {with_chunk:.2f} | {without:.2f} | {without / with_chunk:.2f} | "
              f"{nodes:,} |", flush=True)


if __name__ == "__main__":
    main()
