"""Choosing a game on the command line: the generic options, handed to the registry."""

from __future__ import annotations

import argparse
import math
from dataclasses import replace
from typing import Any

from fminimax import registry
from fminimax.cli.common import count_option
from fminimax.game import zero
from fminimax.registry import Made, Options

MAX_DEPTH = registry.PLIES  # deeper, the search would outrun Python's recursion limit


depth = count_option("--depth", 0, MAX_DEPTH)


def seconds(text: str) -> float:
    """Return a --seconds budget: a finite number of seconds above 0 (at most a day)."""
    try:
        value = float(text) if text.strip().isascii() else math.nan
    except ValueError:
        value = math.nan
    if not math.isfinite(value) or not 0 < value <= 86_400:
        raise argparse.ArgumentTypeError(f"--seconds is a number of seconds above 0 and at "
                                         f"most 86400, got {text[:40]!r}")
    return value


def made(args: argparse.Namespace) -> Made:
    """Return the game, position and notation the options name (--size, --k, --board...)."""
    options = Options(size=args.size, k=args.k, board=getattr(args, "board", None),
                      misere=args.misere, args=tuple(getattr(args, "args", None) or ()),
                      human=getattr(args, "human", None))
    chosen = registry.make(args.game, options)
    if args.heuristic == "zero":
        chosen = replace(chosen, game=replace(chosen.game, heuristic=zero))
    if args.depth is not None and chosen.game.heuristic is None:
        raise ValueError(f"{args.game} has no heuristic to score the positions --depth cuts "
                         f"off; add --heuristic zero (every cut-off called even)")
    return chosen


def games_help() -> str:
    """Return the registered games and their limits, for --help."""
    return "; ".join(f"{entry.name}: {entry.about} ({entry.limits})"
                     for entry in registry.GAMES.values())


def add_game_options(command: argparse.ArgumentParser) -> None:
    """Add the options that choose a game and its size to a subcommand."""
    command.add_argument("--size", help="tictactoe: ROWSxCOLS (3x3); connect4: WIDTHxHEIGHT "
                         "(7x6)")
    command.add_argument("--k", help="how many in a row win (tictactoe: the smaller side; "
                         "connect4: 4)")
    command.add_argument("--misere", action="store_true",
                         help="nim: whoever takes the last object loses")
    command.add_argument("--depth", type=depth, help="cut the search off after this many "
                         "plies and score the cut-off positions with the heuristic")
    command.add_argument("--heuristic", choices=["game", "zero"], default="game",
                         help="game: the game's own estimate (tictactoe: open lines, "
                         "connect4: open windows); zero: call every cut-off even")


def describe(value: Any) -> str:
    """Return a short text of a value for a message (long texts cut)."""
    text = str(value)
    return text if len(text) <= 40 else text[:37] + "..."
