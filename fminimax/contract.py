"""A game's contract, checked on a sample of its positions: the one call a learner runs on a
game value before searching it (docs/new-game.md, "Check a game first").

Each contract of :class:`fminimax.game.Game`'s protocol is checked where it can be seen:
moves are empty exactly when the game is over, a chance state has no moves and
probabilities that sum to 1, ``play`` returns a new state and leaves the old one unchanged,
the player to move changes at every move and there are two of them, final scores are
finite and zero-sum, estimates finite, keys and moves hashable.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Sequence
from numbers import Real
from typing import Any

from fminimax.game import Game, Move, State, quoted

__all__ = ["checked_game"]


def checked_game(game: Game[State, Move], state: State,
                 positions: int = 1_000) -> Game[State, Move]:
    """Return ``game`` if the first ``positions`` states reached from ``state`` keep its contract.

    Run it first on a game of one's own: it walks the states breadth first and raises a
    ValueError (TypeError for a value of the wrong kind) naming the first contract broken,
    the state and what the rules returned: states hashable; ``moves`` empty exactly when
    ``is_over`` (a chance state: no moves, not over, outcomes with probabilities summing to
    1); ``play`` gives a new state and leaves the old one unchanged, the same each time; the
    player to move changes at every move, and there are two players; a final score is a
    finite number and zero-sum; a ``heuristic`` gives finite numbers; a ``key`` is hashable.

    >>> from fminimax.games import nim
    >>> checked_game(nim.game(), nim.start((1, 2))).name
    'nim'
    >>> counting = Game(name="counting", moves=lambda s: (1, 2),  # moves even when over
    ...                 play=lambda s, move: (s[0] + move, 1 - s[1]),
    ...                 is_over=lambda s: s[0] >= 10, to_move=lambda s: s[1],
    ...                 utility=lambda s, player: -1 if player == s[1] else 1)
    >>> checked_game(counting, (0, 0))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: game 'counting' breaks the contract that moves are empty exactly when ...
    """
    if not isinstance(game, Game):
        raise TypeError(f"checked_game needs a Game, got {quoted(repr(game), 60)}")
    players: set[Any] = set()
    seen, waiting = {_hashed(game, state)}, deque([state])
    while waiting and len(seen) <= positions:
        state = waiting.popleft()
        for child in _checked_state(game, state, players):
            if _hashed(game, child) not in seen:
                seen.add(child)
                waiting.append(child)
    return game


def _checked_state(game: Game[Any, Any], state: Any, players: set[Any]) -> list[Any]:
    """Return the states after ``state`` (its moves' or its outcomes'), checking its contract."""
    over, moves = game.is_over(state), tuple(game.moves(state))
    outcomes = tuple(game.chances(state)) if game.chances is not None else ()
    mover = _checked_mover(game, state, players)
    if over and moves:
        _broken(game, "moves are empty exactly when the game is over",
                f"is_over is true at {_shown(state)} but moves gives {_shown(moves)}")
    if outcomes:
        return _checked_chance(game, state, over, moves, outcomes)
    return _checked_decision(game, state, over, moves, mover, players)


def _checked_mover(game: Game[Any, Any], state: Any, players: set[Any]) -> Any:
    """Return the player to move at ``state``, checking that no third player ever moves."""
    mover = game.to_move(state)
    players.add(mover)
    if len(players) > 2:
        _broken(game, "there are two players", f"to_move gives {len(players)} players, "
                f"{quoted(repr(sorted(map(repr, players))), 60)}")
    return mover


def _checked_decision(game: Game[Any, Any], state: Any, over: bool, moves: Sequence[Any],
                      mover: Any, players: set[Any]) -> list[Any]:
    """Return the states after a decision state's moves, checking its end, scores and keys."""
    if not over and not moves:
        _broken(game, "moves are empty exactly when the game is over",
                f"is_over is false at {_shown(state)} but moves gives none")
    if over:
        _checked_utility(game, state, mover, players)
        return []
    if game.heuristic is not None:
        _checked_number(game, "a heuristic estimate", game.heuristic(state, mover), state)
    if game.key is not None:
        _hashed(game, game.key(state), "a key")
    return [_checked_play(game, state, move, mover) for move in moves]


def _checked_play(game: Game[Any, Any], state: Any, move: Any, mover: Any) -> Any:
    """Return ``play(state, move)``, checking it is a new state, the same each time, that the
    old state is unchanged and that the other player moves next."""
    _hashed(game, move, "a move")
    before = (repr(state), hash(state))
    child = game.play(state, move)
    if child is state or (repr(state), hash(state)) != before:
        _broken(game, "play returns a new state and leaves the old one unchanged",
                f"play({_shown(state)}, {_shown(move)}) changed or returned the state")
    if game.play(state, move) != child:
        _broken(game, "play gives the same state each time", f"play({_shown(state)}, "
                f"{_shown(move)}) gave {_shown(child)}, then something else")
    if game.to_move(child) == mover:
        _broken(game, "the player to move changes at every move", f"{_shown(mover)} moves "
                f"at {_shown(state)} and again after {_shown(move)}")
    return child


def _checked_chance(game: Game[Any, Any], state: Any, over: bool, moves: Sequence[Any],
                    outcomes: Sequence[tuple[Any, Any]]) -> list[Any]:
    """Return a chance state's outcomes, checking it has no moves and its probabilities."""
    if over or moves:
        _broken(game, "a chance state has no moves and is not over", f"{_shown(state)} has "
                f"outcomes, and {'is over' if over else 'moves ' + _shown(moves)}")
    probabilities = [probability for probability, _ in outcomes]
    for probability in probabilities:
        _checked_number(game, "a probability", probability, state)
    if min(probabilities) < 0 or not math.isclose(sum(probabilities), 1, abs_tol=1e-9):
        _broken(game, "a chance state's probabilities are at least 0 and sum to 1",
                f"{_shown(state)} gives {_shown(probabilities)}")
    return [outcome for _, outcome in outcomes]


def _checked_utility(game: Game[Any, Any], state: Any, mover: Any, players: set[Any]) -> None:
    """Check an ended state's final score: a finite number, the negation for the other."""
    score = _checked_number(game, "a final score", game.utility(state, mover), state)
    for other in players - {mover}:
        theirs = _checked_number(game, "a final score", game.utility(state, other), state)
        if theirs != -score:
            _broken(game, "the game is zero-sum: the other player's final score is the "
                    "negation", f"utility at {_shown(state)} is {score!r} for {_shown(mover)} "
                    f"and {theirs!r} for {_shown(other)}")


def _checked_number(game: Game[Any, Any], what: str, value: Any, state: Any) -> Any:
    """Return ``value`` if it is a finite real number (not a bool), else a TypeError/ValueError."""
    if isinstance(value, bool) or not isinstance(value, Real):
        raise TypeError(f"game {game.name!r}: {what} must be a real number, got "
                        f"{_shown(value)} at {_shown(state)}")
    if not math.isfinite(value):
        _broken(game, f"{what} is a finite number", f"got {value!r} at {_shown(state)}")
    return value


def _hashed(game: Game[Any, Any], value: Any, what: str = "a state") -> Any:
    """Return ``value`` if it is hashable (the table keys on states), else a TypeError."""
    try:
        hash(value)
    except TypeError:
        raise TypeError(f"game {game.name!r}: {what} must be hashable (immutable), got "
                        f"{_shown(value)}") from None
    return value


def _broken(game: Game[Any, Any], contract: str, how: str) -> None:
    """Raise the ValueError naming ``game``, the ``contract`` it breaks and ``how``."""
    raise ValueError(f"game {game.name!r} breaks the contract that {contract}: {how}")


def _shown(value: Any) -> str:
    """Return ``value``'s repr, cut to about 60 characters."""
    shown = repr(value)
    return shown if len(shown) <= 60 else shown[:57] + "..."
