"""``python -m fminimax``: the same program as the ``fminimax`` command.

Guarded: a worker process that imports the main module to find what it is sent (an MPI
pool under ``python -m mpi4py.futures -m fminimax``, as multiprocessing's spawn does) must
not run the program again.
"""

from fminimax.cli import command

__all__: list[str] = []

if __name__ == "__main__":
    command()
