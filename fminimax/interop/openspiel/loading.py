"""Loading an OpenSpiel game from text, checked, and refusing the games fminimax cannot search.

A game is written as OpenSpiel writes it: ``NAME`` or ``NAME(KEY=VALUE,...)``, such as
``connect_four(columns=5,rows=4)``.  The text is read here, not by OpenSpiel, so that every
mistake (an unknown game or parameter, a value of the wrong type, a huge number, unbalanced
parentheses, text that is not ASCII) is one ValueError naming it, before OpenSpiel is asked
for anything.  Each value is read by the type of the parameter's default.

fminimax searches sequential, two-player, zero-sum (or constant-sum) games of perfect
information, with or without explicit chance nodes; any other game is refused in one line
naming the property it lacks.

>>> load("connect_four(columns=5,rows=4)")
connect_four(columns=5,rows=4)
>>> load("goofspiel")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ValueError: OpenSpiel's goofspiel has simultaneous moves; fminimax searches sequential, ...
"""

from __future__ import annotations

import math
import re
from typing import Any

import pyspiel

__all__ = ["ACTION_LIMIT", "FLOAT_LIMIT", "INT_LIMIT", "SIZE_LIMIT", "TEXT_LIMIT", "load",
           "parsed", "refusal", "typed"]

TEXT_LIMIT = 200
"""The longest game text read (characters); a string parameter is at most half of it."""
INT_LIMIT = 1000
"""The largest whole-number parameter (in size), unless the parameter's default is larger."""
FLOAT_LIMIT = 1e6
"""The largest real-number parameter (in size)."""
ACTION_LIMIT = 100_000
"""The most distinct actions a game may have (its size, whatever its parameters)."""
SIZE_LIMIT = 10_000_000
"""The most numbers the children of one position may hold: distinct actions times the size of
a position (its observation tensor, else its longest game).  Chess is 6.0 million, Hex 26x26
4.1 million, Connect Four 7x6 882; Connect Four 1000x1000 (3 billion, 3.9 GB at depth 2) and
Dots and Boxes 200x200 are refused before a state is made."""

_NAME = re.compile(r"[a-z][a-z0-9_]*\Z")
_GAME = re.compile(r"([a-z][a-z0-9_]*)(?:\((.*)\))?\Z", re.DOTALL)
_SEARCHED = ("fminimax searches sequential, two-player, zero-sum games of perfect "
             "information")


def _shown(text: str) -> str:
    """Return ``text`` quoted for a message, cut when long."""
    return repr(text if len(text) <= 40 else f"{text[:20]}...({len(text)} characters)")


def parsed(text: str) -> tuple[str, dict[str, str]]:
    """Return the name and the parameters (as text) of a game written ``NAME(KEY=VALUE,...)``.

    >>> parsed("connect_four(columns=5, rows=4)")
    ('connect_four', {'columns': '5', 'rows': '4'})
    >>> parsed("connect_four(columns=5")
    Traceback (most recent call last):
    ...
    ValueError: unbalanced parentheses in the OpenSpiel game 'connect_four(columns=5'
    """
    _check_text(text)
    found = _GAME.match(text.strip())
    inside = found.group(2) if found is not None else None
    if found is None or (inside is not None and ("(" in inside or ")" in inside)):
        raise ValueError(_misshapen(text))
    return found.group(1), _parameters(text, inside or "")


def _misshapen(text: str) -> str:
    """Return what is wrong with the shape of a game's text: its parentheses, or else."""
    depth, deepest = 0, 0
    for character in text:
        depth += {"(": 1, ")": -1}.get(character, 0)
        deepest = max(deepest, depth)
        if depth < 0:
            break
    if depth != 0:
        return f"unbalanced parentheses in the OpenSpiel game {_shown(text)}"
    if deepest > 1:
        return (f"a game inside a game's parameters is not supported here, got "
                f"{_shown(text)}")
    return (f"an OpenSpiel game is NAME or NAME(KEY=VALUE,...), such as "
            f"'connect_four(columns=5,rows=4)', got {_shown(text)}")


def _check_text(text: str) -> None:
    """Raise unless ``text`` is printable ASCII, and not too long, to read a game from."""
    if not isinstance(text, str):
        raise TypeError(f"an OpenSpiel game is text such as 'tic_tac_toe', got "
                        f"{type(text).__name__}")
    if not (text.isascii() and text.isprintable()) or len(text) > TEXT_LIMIT:
        raise ValueError(f"an OpenSpiel game is printable ASCII text of at most {TEXT_LIMIT} "
                         f"characters, such as 'connect_four(columns=5,rows=4)', got "
                         f"{_shown(text)}")


def _parameters(text: str, inside: str) -> dict[str, str]:
    """Return the KEY=VALUE pairs between a game's parentheses, each key once."""
    parameters: dict[str, str] = {}
    for item in inside.split(",") if inside.strip() else ():
        key, equals, value = (part.strip() for part in item.partition("="))
        if not equals or not _NAME.match(key):
            raise ValueError(f"a parameter of an OpenSpiel game is KEY=VALUE, got "
                             f"{_shown(item.strip())} in {_shown(text)}")
        if key in parameters:
            raise ValueError(f"the parameter {key!r} is given twice in {_shown(text)}")
        parameters[key] = value
    return parameters


def typed(name: str, defaults: dict[str, Any], parameters: dict[str, str]) -> dict[str, Any]:
    """Return each parameter read by the type of its default, checked against its limits.

    >>> typed("nim", {"is_misere": True, "pile_sizes": "1;3;5;7"}, {"is_misere": "false"})
    {'is_misere': False}
    >>> typed("connect_four", {"rows": 6}, {"rows": "1" * 50})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: connect_four's rows is a whole number from 0 to 1000, got '111...'
    """
    values = {}
    for key, text in parameters.items():
        if key not in defaults:
            raise ValueError(f"{name} has no parameter {key!r}; its parameters are "
                             f"{', '.join(sorted(defaults)) or 'none'}")
        values[key] = _value(f"{name}'s {key}", defaults[key], text)
    return values


def _value(what: str, default: Any, text: str) -> Any:
    """Return one parameter's value read from ``text`` by the type of ``default``."""
    if isinstance(default, bool):
        if text.lower() not in ("true", "false", "1", "0"):
            raise ValueError(f"{what} is true or false, got {_shown(text)}")
        return text.lower() in ("true", "1")
    if isinstance(default, int):
        return _whole(what, default, text)
    if isinstance(default, float):
        return _real(what, text)
    if len(text) > TEXT_LIMIT // 2:
        raise ValueError(f"{what} is text of at most {TEXT_LIMIT // 2} characters, got "
                         f"{_shown(text)}")
    return text


def _whole(what: str, default: int, text: str) -> int:
    """Return a whole number from 0 up (from below 0 if the default is), not huge."""
    high = max(INT_LIMIT, abs(default))
    low = -high if default < 0 else 0
    digits = text[1:] if text.startswith("-") and low < 0 else text
    if not (digits.isascii() and digits.isdigit()) or len(digits) > len(str(high)) \
            or not low <= int(text) <= high:
        raise ValueError(f"{what} is a whole number from {low} to {high}, got {_shown(text)}")
    return int(text)


def _real(what: str, text: str) -> float:
    """Return a finite real number, not huge."""
    try:
        number = float(text) if len(text) <= 40 else math.nan
    except ValueError:
        number = math.nan
    if not (math.isfinite(number) and abs(number) <= FLOAT_LIMIT):
        raise ValueError(f"{what} is a number from {-FLOAT_LIMIT:g} to {FLOAT_LIMIT:g}, got "
                         f"{_shown(text)}")
    return number


_PROPERTIES = (
    ("dynamics", pyspiel.GameType.Dynamics.SEQUENTIAL, "has simultaneous moves"),
    ("information", pyspiel.GameType.Information.PERFECT_INFORMATION,
     "has imperfect information"),
)


def refusal(game_type: Any, players: int) -> str | None:
    """Return the property for which fminimax cannot search a game of this type, or None.

    >>> refusal(pyspiel.load_game("kuhn_poker").get_type(), 2)
    'has imperfect information'
    >>> refusal(pyspiel.load_game("tic_tac_toe").get_type(), 2) is None
    True
    """
    for attribute, wanted, lacking in _PROPERTIES:
        if getattr(game_type, attribute) != wanted:
            return lacking
    if players != 2:
        return f"has {players} players"
    utility = game_type.utility
    if utility not in (pyspiel.GameType.Utility.ZERO_SUM,
                       pyspiel.GameType.Utility.CONSTANT_SUM):
        return ("is general-sum" if utility == pyspiel.GameType.Utility.GENERAL_SUM
                else "is not zero-sum (its players share one payoff)")
    if game_type.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC:
        return "samples its chance outcomes (it lists no probabilities to average)"
    return None


def _types() -> dict[str, Any]:
    """Return OpenSpiel's registered game types by name."""
    return {game_type.short_name: game_type for game_type in pyspiel.registered_games()}


def load(game: Any) -> Any:
    """Return the OpenSpiel game ``game`` names (text, or a loaded game), if fminimax can
    search it; else a ValueError naming what is wrong or the property it lacks.

    >>> load("tic_tac_toe").num_distinct_actions()
    9
    >>> load("tic_tac_toe(foo=1)")
    Traceback (most recent call last):
    ...
    ValueError: tic_tac_toe has no parameter 'foo'; its parameters are none
    """
    if isinstance(game, pyspiel.Game):
        return _searchable(game, str(game))
    name, given = parsed(game)
    game_type = _types().get(name)
    if game_type is None:
        raise ValueError(f"OpenSpiel has no game {_shown(name)} (pyspiel.registered_names() "
                         f"lists them)")
    defaults = dict(game_type.parameter_specification)
    values = typed(name, defaults, given)
    players = values.get("players", defaults.get("players", 2))
    lacking = refusal(game_type, players if isinstance(players, int) else 2)
    if lacking is not None:
        raise ValueError(f"OpenSpiel's {name} {lacking}; {_SEARCHED}")
    loaded = _made(game, lambda: pyspiel.load_game(name, values))
    _check_actions(loaded, game)
    _check_size(loaded, game)
    _made(game, loaded.new_initial_state)  # a game that cannot start is refused now
    return _searchable(loaded, name)


def _made(text: str, make: Any) -> Any:
    """Return what ``make()`` makes, OpenSpiel's error (a C++ check) as one ValueError."""
    try:
        return make()
    except (RuntimeError, ValueError, MemoryError) as error:  # pyspiel.SpielError too
        raise ValueError(f"OpenSpiel cannot make {_shown(text)}: "
                         f"{' '.join(str(error).split())[:200]}") from None


def _check_actions(loaded: Any, text: str) -> None:
    """Raise unless the game has at most ACTION_LIMIT distinct actions (its size, before
    any state is made: a board of 1000 x 1000 cells is refused, not allocated)."""
    actions = loaded.num_distinct_actions()
    if actions > ACTION_LIMIT:
        raise ValueError(f"{_shown(text)} has {actions:,} distinct actions, more than "
                         f"{ACTION_LIMIT:,}: choose smaller parameters")


def _check_size(loaded: Any, text: str) -> None:
    """Raise unless one position's children hold at most SIZE_LIMIT numbers (before any
    state is made).

    >>> _check_size(pyspiel.load_game("connect_four(columns=1000,rows=1000)"), "c4")
    ... # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: 'c4' is too large to search: 1,000 actions of positions of 3,000,000 numbers...
    """
    if loaded.get_type().provides_observation_tensor:
        size = loaded.observation_tensor_size()
    else:
        size = loaded.max_game_length()
    actions = loaded.num_distinct_actions()
    if actions * size > SIZE_LIMIT:
        raise ValueError(f"{_shown(text)} is too large to search: {actions:,} actions of "
                         f"positions of {size:,} numbers ({actions * size:,} in the children "
                         f"of one position, more than {SIZE_LIMIT:,}); choose smaller "
                         f"parameters")


def _searchable(game: Any, name: str) -> Any:
    """Return ``game`` if fminimax can search it, else the ValueError naming why not."""
    lacking = refusal(game.get_type(), game.num_players())
    if lacking is not None:
        raise ValueError(f"OpenSpiel's {name} {lacking}; {_SEARCHED}")
    return game
