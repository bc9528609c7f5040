"""The shipped games by name: the table of their modules, their entries, and ``make``.

Each game module carries its own :class:`~fminimax.game.GameEntry` (its options, their
meaning, its limits, how to make it); this module only lists them, by the module that holds
each, which is imported the first time its game is asked for (``entry``): a command line
loads only the game it runs.  The command line knows no game: it looks a name up here and
gets a :class:`~fminimax.game.Made` record (the game value, the game for exact searches, the
position and the game's notation).  Every limit is checked by the game's maker, on the text
a person typed, before anything is allocated; each refusal is one ValueError naming the
limit and the value.  Shipping a game is its module (rules, notation and ``ENTRY``) and one
line in ``GAMES``; a game of your own needs neither: it is named ``MODULE:NAME`` wherever a
game is (``own_entry``, docs/new-game.md).

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
from types import ModuleType

from fminimax.game import GameEntry, Made, Options, whole_number

__all__ = ["GAMES", "Made", "Options", "UnknownOption", "entries", "entry", "make",
           "own_entry", "whole_number"]
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

    A name ``MODULE:NAME`` is a game of your own: the :class:`~fminimax.game.GameEntry`
    called NAME in the module MODULE, imported as Python imports any module (``own_entry``).

    >>> entry("nim").name, sorted(entry("nim").accepts)
    ('nim', ['args', 'misere'])
    >>> entry("fminimax.games.nim:ENTRY") is entry("nim")
    True
    >>> entry("chess")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: unknown game 'chess'; choose from tictactoe, connect4, nim, pig, tree, or name ...
    """
    if ":" in name:
        return own_entry(name)
    listed = GAMES.get(name)
    if listed is None:
        raise ValueError(f"unknown game {name[:40]!r}; choose from {', '.join(GAMES)}, or "
                         f"name a game of your own as MODULE:NAME")
    if isinstance(listed, GameEntry):
        return listed
    found: GameEntry = import_module(listed).ENTRY
    return found


def own_entry(reference: str) -> GameEntry:
    """Return the GameEntry ``reference`` names as ``MODULE:NAME``, refusing in one line a
    reference that is malformed, a module that cannot be imported, a missing NAME or a NAME
    that is not a GameEntry.

    >>> own_entry("fminimax.games.pig:ENTRY").name
    'pig'
    >>> own_entry("no_such_module_here:ENTRY")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: no module named 'no_such_module_here' (for the game no_such_module_here:ENTRY): ...
    >>> own_entry("fminimax.games.nim:game")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: fminimax.games.nim:game is a function, not a fminimax.game.GameEntry (a game's ...
    >>> own_entry("nim:")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: a game of your own is named MODULE:NAME, such as mygame:ENTRY (NAME a GameEntry ...
    """
    module_name, _, attribute = reference.partition(":")
    if not (module_name and attribute.isidentifier() and all(
            part.isidentifier() for part in module_name.split("."))):
        raise ValueError(f"a game of your own is named MODULE:NAME, such as mygame:ENTRY (NAME "
                         f"a GameEntry in mygame.py), got {reference[:60]!r}")
    module = _own_module(module_name, reference)
    found = getattr(module, attribute, None)
    if found is None:
        raise ValueError(f"module {module_name!r} has no {attribute} (for the game "
                         f"{reference}); it has {', '.join(_entries_in(module)) or 'no GameEntry'}")
    if not isinstance(found, GameEntry):
        raise ValueError(f"{reference} is a {type(found).__name__}, not a "
                         f"fminimax.game.GameEntry (a game's command-line entry: "
                         f"docs/new-game.md)")
    return found


def _own_module(module_name: str, reference: str) -> ModuleType:
    """Return the module ``module_name``, imported; any failure is one ValueError."""
    try:
        return import_module(module_name)
    except ModuleNotFoundError as missing:
        if missing.name is not None and module_name.startswith(missing.name):
            top = module_name.split(".")[0]
            raise ValueError(f"no module named {missing.name!r} (for the game {reference}): "
                             f"put {top}.py in the directory you run from, or install it"
                             ) from None
        raise ValueError(f"importing {module_name} for the game {reference} failed: "
                         f"{missing}") from None
    except Exception as failed:  # the learner's module: whatever it raises is one line
        raise ValueError(f"importing {module_name} for the game {reference} failed: "
                         f"{type(failed).__name__}: {failed}") from None


def _entries_in(module: ModuleType) -> list[str]:
    """Return the names of the GameEntry values a module holds, sorted."""
    return sorted(name for name, value in vars(module).items() if isinstance(value, GameEntry))


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
    >>> make("chess", Options())  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: unknown game 'chess'; choose from tictactoe, connect4, nim, pig, tree, or name ...
    """
    game = entry(name)
    for option in fields(Options):
        given = getattr(options, option.name)
        if given not in (None, False, ()) and option.name not in game.accepts:
            raise UnknownOption(name, option.name, game.accepts)
    return game.make(options)
