"""Run under ``mpiexec -n 3 python -m mpi4py.futures tests/mpi_futures_job.py``: prints JSON.

Each line is one search run on an MPIPoolExecutor (two worker ranks), for the test to compare
with the serial search.
"""

from __future__ import annotations

import json
import sys

from fminimax import parallel
from fminimax import tictactoe as ttt
from fminimax.games import nim

CASES = [
    ("tictactoe", "x...o....", ttt.game(), ttt.Position(ttt.parse_board("x...o...."), "x")),
    ("tictactoe", "xo.......", ttt.game(), ttt.Position(ttt.parse_board("xo......."), "x")),
    ("nim", "1,2,3", nim.game(), nim.start((1, 2, 3))),
]

if __name__ == "__main__":
    # imported here: collecting the tests (pytest's --doctest-modules imports this file)
    # need not load MPI
    from mpi4py.futures import MPIPoolExecutor

    with MPIPoolExecutor() as pool:
        for name, text, game, state in CASES:
            for method in (parallel.split_search, parallel.ybw_search):
                result = method(pool, game, state, split=2, timeout=60)
                sys.stdout.write(json.dumps({"game": name, "position": text,
                                             "method": method.__name__,
                                             "value": result.value,
                                             "move": result.move}) + "\n")
        values = parallel.move_values(pool, nim.game(), nim.start((1, 2, 3)), timeout=60)
        sys.stdout.write(json.dumps({"move_values": sorted(values.values())}) + "\n")
