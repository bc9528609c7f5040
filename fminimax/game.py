"""The game protocol and the type glossary.

Glossary
--------
State   any immutable, hashable value that describes a position, including whose turn it is.
Move    a hashable value naming one choice in a state (a space number, a column, a pair).
Player  a hashable value naming a side ('x' and 'o', or True for MAX and False for MIN).
Score   a number: how good a state is for one player; the negation is how good for the other.

A game is a value: a :class:`Game` record of pure functions.  Nothing inherits from it and
the engine never imports a particular game.  Turns alternate: the player to move in a child
is always the other player, so depth parity and ``to_move`` agree.

>>> from fminimax.games import nim
>>> game = nim.game()
>>> state = nim.start((1, 2))
>>> game.moves(state)
((0, 1), (1, 1), (1, 2))
>>> game.play(state, (1, 2))
Nim(heaps=(1, 0), player=1)
>>> game.is_over(game.play(state, (1, 2)))
False
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, fields, replace
from typing import Any, Generic, TypeVar

State = TypeVar("State", bound=Hashable)
Move = TypeVar("Move", bound=Hashable)
Player = Hashable
Score = int | float  # an int, or any real number (a Fraction works too)


@dataclass(frozen=True)
class Game(Generic[State, Move]):
    """A two-player, zero-sum game of perfect information, as a record of pure functions.

    ``moves(state)``            the legal moves, in the game's natural order (ties go to the
                                first of them); empty exactly when the game is over.
    ``play(state, move)``       the state after ``move``; never changes ``state``.
    ``is_over(state)``          whether the game has ended.
    ``to_move(state)``          the player whose turn it is.
    ``utility(state, player)``  the final score of an ended state for ``player``: positive a
                                win, negative a loss, 0 a draw; zero-sum, so the other player
                                gets the negation.
    ``heuristic(state, player)`` optional: an estimate for an unfinished state, used where a
                                depth limit cuts the search off.
    ``order(state, moves)``     optional: the moves in the order to search them (best first).
    ``key(state)``              optional: the transposition-table key; states with equal
                                keys must have equal values (for example mirror images).
    ``decided(state)``          optional: the end the rules see without searching, as (final
                                score for the player to move, plies to it), else None: a
                                win next move is (1, 1), every move losing at once (-1, 2);
                                the first move of ``order`` must reach it.  Searches to the
                                end use it (``connect4.solver``).
    ``recipe``                  optional: (function, arguments) that make this game again.
                                A game pickles by its recipe, plus any field changed since
                                (``dataclasses.replace``), so rules built as closures (fast,
                                but not picklable) still cross process boundaries.

    >>> from fminimax.games import tree
    >>> tree.game().name
    'tree'
    """

    name: str
    moves: Callable[[State], Sequence[Move]]
    play: Callable[[State, Move], State]
    is_over: Callable[[State], bool]
    to_move: Callable[[State], Any]
    utility: Callable[[State, Any], Score]
    heuristic: Callable[[State, Any], Score] | None = None
    order: Callable[[State, Sequence[Move]], Sequence[Move]] | None = None
    key: Callable[[State], Hashable] | None = None
    recipe: tuple[Callable[..., Game[Any, Any]], tuple[Any, ...]] | None = None
    decided: Callable[[State], tuple[Score, int] | None] | None = None

    def __reduce__(self) -> tuple[Any, ...]:
        """Return how pickle makes this game again: by its recipe if it has one.

        >>> import pickle
        >>> from fminimax.games import connect4
        >>> pickle.loads(pickle.dumps(connect4.game(5, 4))).name
        'connect4-5x4-k4'
        """
        if self.recipe is None:
            return (Game, tuple(getattr(self, f.name) for f in fields(self)))
        made = self.recipe[0](*self.recipe[1])
        changed = {f.name: getattr(self, f.name) for f in fields(self)
                   if getattr(self, f.name) is not getattr(made, f.name)
                   and getattr(self, f.name) != getattr(made, f.name)}
        return (_remade, (self.recipe, changed))


def _remade(recipe: tuple[Callable[..., Game[Any, Any]], tuple[Any, ...]],
            changed: dict[str, Any]) -> Game[Any, Any]:
    """Return the game its recipe makes, with the changed fields put back."""
    return replace(recipe[0](*recipe[1]), **changed)


def zero(state: Any, player: Any) -> Score:
    """Return 0 for any state: the heuristic that knows nothing (every cut-off called even).

    >>> zero("any state", "any player")
    0
    """
    return 0


def children(game: Game[State, Move], state: State) -> list[State]:
    """Return the states one move after ``state``, in the game's move order.

    >>> from fminimax.games import tree
    >>> children(tree.game(), tree.start([[2, 7], [1, 8]]))
    [Node(tree=(2, 7), path=(0,)), Node(tree=(1, 8), path=(1,))]
    """
    return [game.play(state, move) for move in game.moves(state)]
