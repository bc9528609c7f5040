"""An OpenSpiel game as a fminimax game value: positions that wrap pyspiel states, immutably.

A :class:`SpielPosition` holds a pyspiel state that nothing changes: a move clones it and plays
the clone.  Positions are equal when their histories (every action from the start, chance
outcomes too) are, so a table keys on the history; a game whose printed state is its whole
position can key on that instead (:func:`string_key`) and find transpositions.

A move is an :class:`Action`: OpenSpiel's action number (an int, equal to what
``legal_actions`` lists, so ``play(position, 4)`` works), shown as OpenSpiel's
``action_to_string`` for the player who plays it.  Values are for the player to move, from
the game's returns; a constant-sum game's are centred, ``(own - other) / 2``.

fminimax's engine takes turns in strict alternation.  Where an OpenSpiel player moves twice
in a row (a capture that goes on, a box completed), the wrapper puts a *relay* position
between the two moves: the opponent's turn, with the single move :data:`PASS`.  It is a ply
of the depth, and the values are the game's own.

>>> from fminimax.algorithms import alphabeta
>>> g = game("tic_tac_toe")
>>> root = play(play(start("tic_tac_toe"), 4), 0)
>>> result = alphabeta(g, root)
>>> result.value, result.move, g.moves(root)[:2]
(0, Action(1, 'x(0,1)'), (Action(1, 'x(0,1)'), Action(2, 'x(0,2)')))
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from functools import cached_property, partial
from typing import Any, Final

import pyspiel

from fminimax.game import Game, Score, may_lose_by_own_move, zero
from fminimax.interop.openspiel.loading import load

__all__ = ["MOVER_NEVER_LOSES", "PASS", "Action", "Heuristic", "SpielPosition", "chances",
           "estimate", "game", "is_over", "moves", "play", "position",
           "replayed", "spiel_state", "start", "string_key", "to_move", "utility"]

Heuristic = Callable[[Any, int], Score]
"""An estimate of an unfinished pyspiel state for a player (0 or 1), as OpenSpiel's
``value_function`` gives it for the maximizing player; it should stay within the game's
``min_utility()`` and ``max_utility()``."""


class Action(int):
    """An OpenSpiel action: its number, shown as OpenSpiel's name for it.

    >>> move = Action(4, "x(1,1)")
    >>> move == 4, str(move), move
    (True, 'x(1,1)', Action(4, 'x(1,1)'))
    """

    label: str

    def __new__(cls, number: int, label: str) -> Action:
        """Return action ``number`` named ``label``."""
        made = super().__new__(cls, number)
        made.label = label
        return made

    def __repr__(self) -> str:
        return f"Action({int(self)}, {self.label!r})"

    def __str__(self) -> str:
        return self.label

    def __reduce__(self) -> tuple[Any, ...]:
        return (Action, (int(self), self.label))


PASS = Action(pyspiel.INVALID_ACTION, "pass")
"""The only move of a relay position: the opponent's turn passes while a player moves again."""


@dataclass(frozen=True)
class SpielPosition:
    """A position of an OpenSpiel game: its history, the player to move, whether it relays.

    ``spiel`` is the pyspiel state, never changed (``spiel_state`` gives a copy); it takes
    no part in equality.  ``player`` is the protocol's player to move: at a chance state
    and at the end, the player other than the one who moved last.
    """

    history: tuple[int, ...]
    player: int
    relay: bool = False
    spiel: Any = field(default=None, compare=False, repr=False)

    @cached_property
    def moves(self) -> tuple[Action, ...]:
        """Return the legal moves, each named for the player to move (computed once)."""
        state = self.spiel
        if self.relay:
            return (PASS,)
        if state.is_terminal() or state.is_chance_node():
            return ()
        try:
            found = tuple(Action(a, state.action_to_string(self.player, a))
                          for a in state.legal_actions())
        except UnicodeDecodeError:  # OpenSpiel's own fault: a name not in UTF-8
            raise ValueError(f"OpenSpiel's {state.get_game()} names its moves in bytes that "
                             f"are not UTF-8 text: fminimax cannot show them") from None
        if not found:
            raise ValueError(f"OpenSpiel's {state.get_game()} has no legal action in a "
                             f"position that is not over (history {list(self.history)})")
        return found

    @cached_property
    def hashed(self) -> int:
        """Return the position's hash, computed once (a table asks for it often)."""
        return hash((self.history, self.player, self.relay))

    def __hash__(self) -> int:
        return self.hashed

    def __reduce__(self) -> tuple[Any, ...]:
        return (replayed, (str(self.spiel.get_game()), self.history, self.player, self.relay))


def replayed(text: str, history: tuple[int, ...], player: int, relay: bool) -> SpielPosition:
    """Return the position reached by playing ``history`` in the game ``text`` (unpickling).

    >>> replayed("tic_tac_toe", (4,), 1, False) == play(start("tic_tac_toe"), 4)
    True
    """
    state = load(text).new_initial_state()
    for action in history:
        state.apply_action(action)
    return SpielPosition(tuple(history), player, relay, state)


def _after(state: Any, history: tuple[int, ...], mover: int) -> SpielPosition:
    """Return the position after ``mover`` played: a relay if ``mover`` moves again."""
    again = not (state.is_terminal() or state.is_chance_node()) and \
        state.current_player() == mover
    return SpielPosition(history, 1 - mover, again, state)


def position(state: Any) -> SpielPosition:
    """Return a pyspiel state as a position (of a copy: ``state`` is never changed).

    >>> import pyspiel
    >>> state = pyspiel.load_game("tic_tac_toe").new_initial_state()
    >>> state.apply_action(4)
    >>> position(state)
    SpielPosition(history=(4,), player=1, relay=False)
    """
    if not isinstance(state, pyspiel.State):
        raise TypeError(f"a position is made from a pyspiel state, got {type(state).__name__}")
    load(state.get_game())
    copy = state.clone()
    if not (copy.is_terminal() or copy.is_chance_node()):
        made = SpielPosition(tuple(copy.history()), copy.current_player(), False, copy)
        made.moves  # noqa: B018  (refuses a position with no move that is not over)
        return made
    movers = [step.player for step in copy.full_history() if step.player >= 0]
    return SpielPosition(tuple(copy.history()), 1 - movers[-1] if movers else 0, False, copy)


def start(spiel_game: Any) -> SpielPosition:
    """Return the start of an OpenSpiel game (text such as 'nim' or a loaded game).

    >>> start("nim(pile_sizes=1;2)").player
    0
    """
    return position(load(spiel_game).new_initial_state())


def spiel_state(at: SpielPosition) -> Any:
    """Return a copy of the pyspiel state of a position (to change as one likes).

    >>> str(spiel_state(play(start("tic_tac_toe"), 4))).split()
    ['...', '.x.', '...']
    """
    return at.spiel.clone()


def moves(at: SpielPosition) -> tuple[Action, ...]:
    """Return the legal moves of a position; none at a chance state or the end.

    >>> [str(move) for move in moves(start("nim(pile_sizes=1;2)"))]
    ['pile:1, take:1;', 'pile:2, take:1;', 'pile:2, take:2;']
    """
    return at.moves


def play(at: SpielPosition, move: int) -> SpielPosition:
    """Return the position after ``move`` (an Action or its number); ``at`` is unchanged.

    >>> play(start("tic_tac_toe"), 9)
    Traceback (most recent call last):
    ...
    ValueError: 9 is not a legal action here; the legal actions are 0, 1, 2, 3, 4, 5, 6, 7, 8
    """
    if at.relay:
        if move != PASS:
            raise ValueError(f"{move!r} is not a legal move here: the only move is PASS "
                             f"({int(PASS)}), as the other player moves again")
        return SpielPosition(at.history, 1 - at.player, False, at.spiel)
    if isinstance(move, bool) or move not in at.moves:
        raise ValueError(f"{move!r} is not a legal action here; the legal actions are "
                         f"{', '.join(str(int(a)) for a in at.moves) or 'none'}")
    state = at.spiel.clone()
    try:
        state.apply_action(int(move))
    except RuntimeError as error:  # pyspiel.SpielError: a C++ check of the game's own
        raise ValueError(f"OpenSpiel refused action {int(move)} after "
                         f"{list(at.history)[-20:]}: {' '.join(str(error).split())[:200]}") \
            from None
    return _after(state, at.history + (int(move),), at.player)


def chances(at: SpielPosition) -> tuple[tuple[Score, SpielPosition], ...]:
    """Return a chance state's outcomes as (probability, position); none elsewhere.

    >>> [(p, o.player) for p, o in chances(play(start("pig(winscore=4)"), 0))][:2]
    [(0.16666666666666666, 1), (0.16666666666666666, 0)]
    """
    if at.relay or not at.spiel.is_chance_node():
        return ()
    outcomes = []
    for action, probability in at.spiel.chance_outcomes():
        state = at.spiel.clone()
        state.apply_action(action)
        player = at.player if state.is_terminal() or state.is_chance_node() \
            else state.current_player()
        outcomes.append((probability, SpielPosition(at.history + (action,), player, False, state)))
    return tuple(outcomes)


def is_over(at: SpielPosition) -> bool:
    """Return whether the game has ended.

    >>> is_over(start("tic_tac_toe"))
    False
    """
    return bool(at.spiel.is_terminal())


def to_move(at: SpielPosition) -> int:
    """Return the player to move (0 or 1); at a chance state, the one who did not move last.

    >>> to_move(play(start("tic_tac_toe"), 4))
    1
    """
    return at.player


def _number(value: float) -> Score:
    """Return a whole float as an int (OpenSpiel's 1.0 as fminimax's 1), else the float."""
    return int(value) if float(value).is_integer() else value


def utility(centred: bool, at: SpielPosition, player: int) -> Score:
    """Return the final score for ``player``: its return, or (own - other) / 2 if ``centred``.

    >>> over = replayed("tic_tac_toe", (0, 3, 1, 4, 2), 1, False)
    >>> utility(False, over, 0), utility(True, over, 1)
    (1, -1)
    """
    returns = at.spiel.returns()
    own = returns[player]
    return _number((own - returns[1 - player]) / 2 if centred else own)


def estimate(heuristic: Heuristic, at: SpielPosition, player: int) -> Score:
    """Return ``heuristic``'s estimate of a position for ``player`` (given a copy of its state).

    >>> estimate(lambda state, player: len(state.history()), start("tic_tac_toe"), 0)
    0
    """
    return heuristic(at.spiel.clone(), player)


def string_key(at: SpielPosition) -> Hashable:
    """Return a table key from the printed state: for games whose print is the whole position.

    Tic-tac-toe's or Connect Four's board says all there is, so equal boards reached by
    different move orders share one entry; a game whose print leaves something out (Pig's
    count of turns against its horizon) must keep the default key, the history.

    >>> string_key(play(play(start("tic_tac_toe"), 4), 0)) == string_key(
    ...     play(play(start("tic_tac_toe"), 4), 0))
    True
    """
    return (at.player, at.relay, str(at.spiel))


def game(spiel_game: Any, heuristic: Heuristic | None = None,
         key: Callable[[SpielPosition], Hashable] | None = None) -> Game[SpielPosition, Action]:
    """Return an OpenSpiel game (text such as 'connect_four(columns=5,rows=4)', or a loaded
    game) as a game value.

    ``heuristic(state, player)`` scores the positions a depth limit cuts off (by default 0,
    every cut-off called even); ``key`` keys the table (by default the history).

    >>> game("connect_four(columns=5,rows=4)").name
    'openspiel:connect_four(columns=5,rows=4)'
    """
    loaded = load(spiel_game)
    centred = loaded.get_type().utility == pyspiel.GameType.Utility.CONSTANT_SUM
    low, high = loaded.min_utility(), loaded.max_utility()
    if centred:
        low, high = (low - high) / 2, (high - low) / 2
    stochastic = loaded.get_type().chance_mode != pyspiel.GameType.ChanceMode.DETERMINISTIC
    outcomes = not stochastic and (low, high) == (-1, 1)  # win, draw, loss: no other return
    safe = loaded.get_type().short_name in MOVER_NEVER_LOSES
    return Game(name=f"openspiel:{loaded}", moves=moves, play=play, is_over=is_over,
                to_move=to_move, utility=partial(utility, centred),
                heuristic=zero if heuristic is None else partial(estimate, heuristic),
                key=key, chances=chances if stochastic else None,
                bounds=partial(_bounds, (_number(low), _number(high))),
                recipe=(game, (str(loaded), heuristic, key)), outcomes=outcomes,
                loses_by_own_move=None if safe else may_lose_by_own_move)


MOVER_NEVER_LOSES: Final = frozenset({"connect_four", "tic_tac_toe"})
"""The OpenSpiel games (short names) where nobody loses by their own move, which
mate-distance bounds (so bisection, ``solve``'s fastest path) assume: the games fminimax has
rules for too.  Any other game is taken to allow it (Othello's last move may lose, and so
may Go's second pass): measured, bisection over OpenSpiel's Othello gave a win in 7 where
the win is in 6, its bounds having pruned the leaf that showed it."""



def _bounds(bounds: tuple[Score, Score], at: SpielPosition) -> tuple[Score, Score]:
    """Return the game's least and greatest utility (any position)."""
    return bounds
