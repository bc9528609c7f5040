"""``python -m fminimax``: the same program as the ``fminimax`` command."""

from fminimax.cli import main

raise SystemExit(main())
