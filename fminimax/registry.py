"""The shipped games by name: the table of their modules, their entries, and ``make``.

Each game module carries its own :class:`~fminimax.game.GameEntry` (its options, their
meaning, its limits, how to make it); this module only lists them, by the module that holds
each, which is imported the first time its game is asked for (``entry``): a command line
loads only the game it runs.  The command line knows no game: it looks a name up here and
gets a :class:`~fminimax.game.Made` record (the game value, the game for exact searches, the
position and the game's notation).  Every limit is checked by the game's maker, on the text
a person typed, before anything is allocated; each refusal is one ValueError naming the
limit and the value.  Adding a game is its module (rules, notation and ``ENTRY``) and one
line in ``GAMES``.

>>> made = make("connect4", Options(size="5x4", board="33"))
>>> made.notation.show_move(2), made.beyond(made.state) is None
('3', True)
>>> make("nim", Options(args=("1000000",)))
Traceback (most recent call last):
...
ValueError: a heap size is a whole number from 0 to 1000, got '1000000'
"""

from __future__ import annotations

from dataclasses import fields
from importlib import import_module

from fminimax.game import GameEntry, Made, Options, whole_number

__all__ = ["GAMES", "Made", "Options", "UnknownOption", "entries", "entry", "make",
           "whole_number"]
# Made, Options and whole_number are fminimax.game's, re-exported for the shell's old imports

GAMES: dict[str, str | GameEntry] = {
    "tictactoe": "fminimax.games.tictactoe",
    "connect4": "fminimax.games.connect4",
    "nim": "fminimax.games.nim",
    "pig": "fminimax.games.pig",
    "tree": "fminimax.games.tree",
}
"""Every game the command line offers, in the order help lists them: its name and the module
whose ``ENTRY`` it is (or the entry itself, for a game made elsewhere: docs/new-game.md)."""


def entry(name: str) -> GameEntry:
    """Return the entry of the game ``name``, importing its module on first use.

    >>> entry("nim").name, sorted(entry("nim").accepts)
    ('nim', ['args', 'misere'])
    >>> entry("chess")
    Traceback (most recent call last):
    ...
    ValueError: unknown game 'chess'; choose from tictactoe, connect4, nim, pig, tree
    """
    listed = GAMES.get(name)
    if listed is None:
        raise ValueError(f"unknown game {name[:40]!r}; choose from {', '.join(GAMES)}")
    if isinstance(listed, GameEntry):
        return listed
    found: GameEntry = import_module(listed).ENTRY
    return found


def entries() -> list[GameEntry]:
    """Return every game's entry, in the order of ``GAMES`` (all the games load: for help).

    >>> [game.name for game in entries()]
    ['tictactoe', 'connect4', 'nim', 'pig', 'tree']
    """
    return [entry(name) for name in GAMES]


class UnknownOption(ValueError):
    """A game was given an option it does not take; ``option`` and ``accepted`` name them
    by their :class:`~fminimax.game.Options` field, for the shell to put in its own words."""

    def __init__(self, game: str, option: str, accepted: frozenset[str]) -> None:
        """Remember the game, the option given and those it takes."""
        super().__init__(f"{game} does not take the option {option!r}; it takes "
                         f"{', '.join(sorted(accepted)) or 'none'}")
        self.game, self.option, self.accepted = game, option, accepted


def make(name: str, options: Options) -> Made:
    """Return the game ``name`` made from ``options``, refusing options it does not take.

    >>> make("tictactoe", Options(board="oox/xx5/oo8")).notation.side("x")
    'x'
    >>> make("connect4", Options(misere=True))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    fminimax.registry.UnknownOption: connect4 does not take the option 'misere'; it takes ...
    >>> make("chess", Options())
    Traceback (most recent call last):
    ...
    ValueError: unknown game 'chess'; choose from tictactoe, connect4, nim, pig, tree
    """
    game = entry(name)
    for option in fields(Options):
        given = getattr(options, option.name)
        if given not in (None, False, ()) and option.name not in game.accepts:
            raise UnknownOption(name, option.name, game.accepts)
    return game.make(options)
