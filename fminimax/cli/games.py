"""Choosing a game on the command line: the generic options' flags, handed to the registry.

The registry knows no flag names: the flags are named here (``FLAGS``), and every help text
about the games is generated from their entries.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace

from fminimax import registry
from fminimax.cli.common import Parser, count_option
from fminimax.game import PLIES, Made, Options, zero

__all__ = ["FLAGS", "MAX_DEPTH", "OPENSPIEL", "add_game_options", "depth", "describe_games",
           "game_made", "games_help", "importable_here", "made", "native_stderr_quiet",
           "openspiel_made",
           "option_help", "refuse_untaken", "seconds"]

MAX_DEPTH = PLIES  # deeper, the search would outrun Python's recursion limit

FLAGS = {"size": "--size", "k": "--k", "board": "--board", "misere": "--misere",
         "args": "positional arguments", "human": "--human", "book": "--book"}
"""How the command line spells each field of :class:`~fminimax.game.Options`."""


depth = count_option("--depth", 0, MAX_DEPTH)


def seconds(text: str) -> float:
    """Return a --seconds budget: a finite number of seconds above 0 (at most a day)."""
    from fminimax.limits import checked_seconds

    try:
        value = float(text) if text.strip().isascii() else math.nan
        return checked_seconds(value, "--seconds")
    except ValueError:
        raise argparse.ArgumentTypeError(f"--seconds is a number of seconds above 0 and at "
                                         f"most 86,400, got {text[:40]!r}") from None


OPENSPIEL = "openspiel:"
"""How a game of OpenSpiel is named wherever a game is: ``openspiel:connect_four(rows=4)``."""


@contextmanager
def native_stderr_quiet() -> Iterator[None]:
    """Silence file descriptor 2 for the duration: OpenSpiel's C++ prints each error there
    before Python sees it as an exception, which the shell reports in its own one line."""
    sys.stderr.flush()
    saved, sink = os.dup(2), os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(sink, 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)
        os.close(sink)


def openspiel_made(text: str, options: Options) -> Made:
    """Return the OpenSpiel game ``text`` names (after ``openspiel:``), made with ``options``;
    a missing extra, an unknown or unsupported game is one ValueError."""
    try:
        from fminimax.interop import openspiel
    except ImportError as missing:
        raise ValueError(str(missing)) from None
    with native_stderr_quiet():
        return openspiel.made(text, options)


def importable_here(name: str) -> str:
    """Return the game ``name``, first putting the directory the command runs from on the
    module path when it names a game of your own (``mygame:ENTRY``, ``mygame.py`` here):
    an installed command's path does not hold it, as ``python -m`` puts it there."""
    if ":" in name and not name.startswith(OPENSPIEL) and os.getcwd() not in sys.path:
        sys.path.insert(0, os.getcwd())
    return name


def made(args: argparse.Namespace) -> Made:
    """Return the game, position and notation the options name (--size, --k, --board...)."""
    importable_here(args.game)
    options = Options(size=args.size, k=args.k, board=getattr(args, "board", None),
                      misere=args.misere, args=tuple(getattr(args, "args", None) or ()),
                      human=getattr(args, "human", None), book=getattr(args, "book", None))
    try:
        chosen = (openspiel_made(args.game[len(OPENSPIEL):], options)
                  if args.game.startswith(OPENSPIEL) else registry.make(args.game, options))
    except registry.UnknownOption as refused:
        takes = sorted(FLAGS[accepted] for accepted in refused.accepted)
        raise ValueError(f"{refused.game} does not take {FLAGS[refused.option]}; it takes "
                         f"{', '.join(takes) or 'no options'}") from None
    if args.heuristic == "zero":
        chosen = replace(chosen, game=replace(chosen.game, heuristic=zero))
    if args.depth is not None and chosen.game.heuristic is None:
        raise ValueError(f"{args.game} has no heuristic to score the positions --depth cuts "
                         f"off; add --heuristic zero (every cut-off called even)")
    return chosen


def refuse_untaken(args: argparse.Namespace, accepts: frozenset[str]) -> None:
    """Refuse a game option the named game does not take, listing only the ones it takes
    that this subcommand offers (solve has no --human, play no --board).

    >>> args = argparse.Namespace(game="nim", size="3x3", k=None, misere=False, args=["3"])
    >>> refuse_untaken(args, frozenset({"args", "misere"}))
    Traceback (most recent call last):
    ...
    ValueError: nim does not take --size; here it takes --misere, positional arguments
    """
    offered = [name for name in FLAGS if hasattr(args, name)]
    for name in offered:
        if getattr(args, name) not in (None, False, [], ()) and name not in accepts:
            takes = sorted(FLAGS[option] for option in offered if option in accepts)
            raise ValueError(f"{args.game} does not take {FLAGS[name]}; here it takes "
                             f"{', '.join(takes) or 'no options'}")


def game_made(args: argparse.Namespace) -> Made:
    """Return the game the options name (``made``), refusing first any game option
    the game does not take in the words of this subcommand."""
    if args.game in registry.GAMES:
        refuse_untaken(args, registry.entry(args.game).accepts)
    return made(args)


def games_help() -> str:
    """Return the registered games and their limits, for --help.

    >>> games_help().startswith("tictactoe: m x n tic-tac-toe, k in a row (--size up to 30x30")
    True
    """
    return "; ".join([*(f"{entry.name}: {entry.about} ({entry.limits})"
                        for entry in registry.entries()),
                      f"{OPENSPIEL}NAME(KEY=VALUE,...): any sequential, two-player, zero-sum "
                      f"OpenSpiel game of perfect information, chance allowed (the openspiel "
                      f"extra; --board: the actions played, as numbers); MODULE:NAME: a game of "
                      f"your own, the GameEntry NAME in MODULE (mygame:ENTRY for mygame.py in "
                      f"the directory you run from: docs/new-game.md)"])


def option_help(option: str) -> str:
    """Return what an option means for each game that takes it, for --help.

    >>> option_help("size")
    'tictactoe: ROWSxCOLS (3x3); connect4: WIDTHxHEIGHT (7x6)'
    """
    return "; ".join(f"{entry.name}: {meaning}" for entry in registry.entries()
                     for name, meaning in entry.options if name == option)


def _heuristics_help() -> str:
    """Return what each game's own estimate counts, for --heuristic's help."""
    return ", ".join(f"{entry.name}: {entry.heuristic}" for entry in registry.entries()
                     if entry.heuristic)


def describe_games(command: Parser, about: str) -> None:
    """Give ``command`` the description ``about``, then every game and its limits when its
    help is shown (``games_help`` imports every game).

    >>> command = Parser(prog="solve")
    >>> describe_games(command, "Search a position.")
    >>> command.description
    'Search a position.'
    >>> _ = command.format_help()  # now every game is loaded and described
    >>> command.description[:56]
    'Search a position.  Games: tictactoe: m x n tic-tac-toe,'
    """
    command.description = about

    def write() -> None:
        command.description = f"{about}  Games: {games_help()}"
    command.on_help(write)


def add_game_options(command: Parser) -> None:
    """Add the options that choose a game and its size to a subcommand (what each means for
    each game is written when help is shown: it imports every game)."""
    size = command.add_argument(FLAGS["size"])
    k = command.add_argument(FLAGS["k"])
    misere = command.add_argument(FLAGS["misere"], action="store_true")
    book = command.add_argument(FLAGS["book"], metavar="PATH")
    command.add_argument("--depth", type=depth, help="cut the search off after this many "
                         "plies and score the cut-off positions with the heuristic")
    heuristic = command.add_argument("--heuristic", choices=["game", "zero"], default="game")

    def write() -> None:
        size.help, k.help, misere.help, book.help = (
            option_help(name) for name in ("size", "k", "misere", "book"))
        heuristic.help = (f"game: the game's own estimate ({_heuristics_help()}); zero: call "
                          f"every cut-off even")
    command.on_help(write)
