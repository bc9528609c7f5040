"""``python -m fminimax``: the same program as the ``fminimax`` command."""

from fminimax.cli import main

__all__: list[str] = []

raise SystemExit(main())
