"""``python -m fminimax.mpi``: text 3's MPI program, run by the shell (fminimax/cli/mpi.py)."""

from fminimax.cli.mpi import main

__all__: list[str] = []

raise SystemExit(main())
