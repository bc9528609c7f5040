"""``python -m fminimax``: the same program as the ``fminimax`` command."""

from fminimax.cli import command

__all__: list[str] = []

command()
