"""Run under ``mpiexec -n 3 python tests/mpi_finished_job.py BOARD...``: prints JSON.

Text 3's MPI program (``fminimax.cli.mpi.main``, what ``python -m fminimax.mpi`` runs) on each
tic-tac-toe board, once with ``--json`` and once in words, all in one MPI job: starting the
ranks costs more than answering a finished position, and what is checked here is the answers.
Each line is one run: every rank's status, stdout and stderr, gathered on rank 0.
"""

from __future__ import annotations

import io
import json
import sys

if __name__ == "__main__":
    # imported here: collecting the tests (pytest's --doctest-modules imports this file)
    # need not load MPI
    from mpi4py import MPI

    from fminimax.cli.mpi import main

    comm = MPI.COMM_WORLD
    for board in sys.argv[1:]:
        for words in (["--json"], []):
            out, err = io.StringIO(), io.StringIO()
            status = main([*words, "tictactoe", "--board", board], out, err)
            ranks = comm.gather([status, out.getvalue(), err.getvalue()], root=0)
            if comm.Get_rank() == 0:
                sys.stdout.write(json.dumps({"board": board, "json": bool(words),
                                             "ranks": ranks}) + "\n")
