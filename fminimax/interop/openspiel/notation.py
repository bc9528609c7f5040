"""How people write an OpenSpiel game's positions and moves, and the command line's game.

A move is typed as OpenSpiel names it (``x(1,1)``, ``a4a3``) or by its action number; a
position is the actions played from the start, as numbers (OpenSpiel's history, chance
outcomes included): ``"4 0 8"``.  A position is drawn as OpenSpiel prints its state.

>>> spoken = notation("tic_tac_toe")
>>> at = spoken.read_position("4 0")
>>> spoken.read_move(at, "x(2,2)"), spoken.read_move(at, "8"), spoken.side(at.player)
(Action(8, 'x(2,2)'), Action(8, 'x(2,2)'), 'player 0')
"""

from __future__ import annotations

from dataclasses import fields
from functools import partial
from typing import Any

import pyspiel

from fminimax.game import PLIES, Made, Notation, Options
from fminimax.interop.openspiel.loading import load
from fminimax.interop.openspiel.rules import (
    Action,
    Heuristic,
    SpielPosition,
    game,
    moves,
    position,
)
from fminimax.registry import UnknownOption

__all__ = ["ACCEPTS", "EXACT_PLIES", "HISTORY_LIMIT", "PREFIX", "beyond", "draw", "ended", "made",
           "notation", "read_move", "read_position", "show_outcome", "side", "start_of"]

PREFIX = "openspiel:"
"""How the command line names an OpenSpiel game: ``openspiel:connect_four(columns=5,rows=4)``."""
ACCEPTS = frozenset({"board"})
"""The generic options an OpenSpiel game takes: a position (its history)."""
HISTORY_LIMIT = 100_000
"""The longest position read, in characters."""


def _shown(text: str) -> str:
    """Return ``text`` quoted for a message, cut when long."""
    return repr(text if len(text) <= 40 else f"{text[:20]}...({len(text)} characters)")


def read_position(spiel_game: Any, text: str) -> SpielPosition:
    """Return the position after the actions written in ``text`` (numbers, as in OpenSpiel's
    history), each checked against the legal actions (or chance outcomes) where it is played.

    >>> read_position("tic_tac_toe", "4 0 4")
    Traceback (most recent call last):
    ...
    ValueError: action 4 (the 3rd) is not legal there; the legal actions are 1, 2, 3, 5, 6, 7, 8
    """
    words = text.replace(",", " ").split() if len(text) <= HISTORY_LIMIT else None
    if words is None or not all(w.isascii() and w.isdigit() and len(w) <= 9 for w in words):
        raise ValueError(f"an OpenSpiel position is the actions played from the start, as "
                         f"numbers separated by spaces (its history), e.g. '4 0 8'; got "
                         f"{_shown(text)}")
    state = load(spiel_game).new_initial_state()
    for count, action in enumerate(map(int, words), start=1):
        legal = _legal(state)
        if action not in legal:
            shown = ", ".join(map(str, legal)) if legal else "none: the game is over"
            raise ValueError(f"action {action} (the {_ordinal(count)}) is not legal there; "
                             f"the legal actions are {shown}")
        state.apply_action(action)
    return position(state)


def _legal(state: Any) -> list[int]:
    """Return the actions (or chance outcomes) that may be played at a pyspiel state."""
    if state.is_chance_node():
        return [action for action, _ in state.chance_outcomes()]
    return [] if state.is_terminal() else list(state.legal_actions())


def _ordinal(count: int) -> str:
    """Return 1st, 2nd, 3rd, 4th, ... 11th, 12th, ... 21st."""
    last = count % 10 if count % 100 not in (11, 12, 13) else 0
    return f"{count}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(last, 'th')}"


def read_move(at: SpielPosition, text: str) -> Action:
    """Return the move typed as OpenSpiel names it or by its number, checked.

    >>> read_move(read_position("tic_tac_toe", "4"), "x(0,0)")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: 'x(0,0)' is not a move here; type one of o(0,0), o(0,1), o(0,2), o(1,0), ...
    """
    typed = text.strip()
    legal = moves(at)
    for move in legal:
        if typed in (move.label, str(int(move))):
            return move
    named = ", ".join(move.label for move in legal[:4]) + (", ..." if len(legal) > 4 else "")
    raise ValueError(f"{_shown(typed)} is not a move here; type one of {named or 'none'} "
                     f"(or an action's number)")


def draw(at: SpielPosition) -> str:
    """Return the position as OpenSpiel prints it.

    >>> print(draw(read_position("tic_tac_toe", "4 0")))
    o..
    .x.
    ...
    """
    return str(at.spiel).rstrip("\n")


def side(player: Any) -> str:
    """Return a player's name, in OpenSpiel's numbering.

    >>> side(0), side(1)
    ('player 0', 'player 1')
    """
    return f"player {player}"


def ended(at: SpielPosition) -> str:
    """Return how a finished game ended, with the players' returns.

    >>> ended(read_position("tic_tac_toe", "0 3 1 4 2"))
    'player 0 won (returns 1 and -1)'
    """
    first, second = at.spiel.returns()
    shown = f"(returns {first:g} and {second:g})"
    if first == second:
        return f"draw {shown}"
    return f"player {0 if first > second else 1} won {shown}"


def show_outcome(before: SpielPosition, after: SpielPosition) -> str:
    """Return what chance did, as OpenSpiel names the outcome.

    >>> from fminimax.interop.openspiel.rules import chances
    >>> rolled = read_position("pig(winscore=4)", "0")
    >>> show_outcome(rolled, chances(rolled)[2][1])
    'chance: Roll 3'
    """
    return f"chance: {before.spiel.action_to_string(pyspiel.PlayerId.CHANCE, after.history[-1])}"


def notation(spiel_game: Any) -> Notation[SpielPosition, Action]:
    """Return the notation of an OpenSpiel game: moves by name or number, positions as
    histories, states as OpenSpiel prints them.

    >>> notation("nim").move_format
    "an action, as OpenSpiel names it or by its number (e.g. 'pile:1, take:1;')"
    """
    loaded = load(spiel_game)
    example = moves(position(loaded.new_initial_state()))
    chance = loaded.get_type().chance_mode != pyspiel.GameType.ChanceMode.DETERMINISTIC
    return Notation(read_position=partial(read_position, loaded), read_move=read_move,
                    show_move=str, json_move=int, draw=draw, side=side, players=(0, 1),
                    ended=ended, move_format=f"an action, as OpenSpiel names it or by its "
                    f"number{f' (e.g. {example[0].label!r})' if example else ''}",
                    show_outcome=show_outcome if chance else None)


EXACT_PLIES = min(30, PLIES)
"""The most plies an OpenSpiel game may have left for an exact search: the limit of
fminimax's own Connect Four (30 empty cells).  OpenSpiel's games carry no table, order or
book of fminimax's, so a longer one (``connect_four``'s 42 plies) would search for hours in
silence; it is refused in one line, and ``--depth`` or ``--seconds`` bound its search."""


def beyond(longest: int, at: SpielPosition) -> str | None:
    """Return why an exact search of ``at`` is out of reach (a game that may last longer
    than an exact search takes), or None.

    >>> beyond(1000, start_of("pig")), beyond(9, start_of("tic_tac_toe"))
    ('the game may last 1000 more plies, more than an exact search follows (30)', None)
    """
    left = longest - len(at.history)
    return None if left <= EXACT_PLIES else (f"the game may last {left} more plies, more "
                                             f"than an exact search follows ({EXACT_PLIES})")


def start_of(text: str) -> SpielPosition:
    """Return a game's start (for doctests)."""
    return position(load(text).new_initial_state())


def made(text: str, options: Options, heuristic: Heuristic | None = None) -> Made:
    """Return the OpenSpiel game ``text`` made for the command line, from ``options``
    (``board``: the history played); a ValueError names what is wrong.

    >>> chosen = made("connect_four(columns=5,rows=4)", Options(board="2 2"))
    >>> chosen.game.name, len(chosen.state.history), chosen.beyond(chosen.state)
    ('openspiel:connect_four(columns=5,rows=4)', 2, None)
    >>> chosen.game.outcomes
    True
    """
    for option in fields(Options):
        given = getattr(options, option.name)
        if given not in (None, False, ()) and option.name not in ACCEPTS:
            raise UnknownOption(f"{PREFIX}{text[:40]}", option.name, ACCEPTS)
    loaded = load(text)
    rules = game(loaded, heuristic)
    spoken = notation(loaded)
    state = position(loaded.new_initial_state()) if options.board is None \
        else spoken.read_position(options.board)
    return Made(rules, rules, state, spoken, partial(beyond, loaded.max_game_length()))

