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
from dataclasses import dataclass, field, fields, replace
from functools import partial
from typing import Any, Final, Generic, TypeVar

__all__ = ["PLIES", "WIN", "Game", "GameEntry", "Made", "Move", "Notation", "Options", "Player",
           "Score", "State", "board_size", "brief", "children", "is_booked",
           "may_lose_by_own_move", "playing", "quoted", "whole_number", "zero"]

State = TypeVar("State", bound=Hashable)
Move = TypeVar("Move", bound=Hashable)
Player = Hashable
COMPILING = False
"""False whenever this code runs; True only to mypyc's type checker while it compiles the
compiled build (setup.py says ``--always-true=COMPILING``, pyproject.toml tells mypy False)."""
if COMPILING:
    # Why: compiled code checks every declared type when a value arrives, and to it
    # ``int | float`` would refuse a Fraction (exact chance probabilities) and any bad value
    # before the search's own message names it; compiled, a score is any object.
    Score = Any
else:
    Score = int | float  # an int, or any real number (a Fraction works too)

WIN: Final = 1_000_000  # Final: the compiled build reads it as a C constant
"""The unit of the engine's distance values: a final score u reached d plies from the root is
worth ``u * WIN - sign(u) * d`` (core.distance_value); a game's field score reads them."""


@dataclass(frozen=True)
class Game(Generic[State, Move]):
    """A two-player, zero-sum game of perfect information, as a record of pure functions.

    Chance (dice) is optional: a game with ``chances`` has chance states between decisions.

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
                                the first move of ``order`` must reach it, and None
                                promises neither (no win next move, a move that does not
                                lose at once).  Searches to the end use it
                                (``connect4.solver``).  A rule whose ends come from a
                                book of values (``connect4.book.with_book``) has the
                                attribute ``names_moves = False``: the root of a search
                                is then searched (for its move), and a line ends where
                                the book answers (``is_booked``).
    ``plies_left(state)``       optional: the most plies the game can still last (Connect
                                Four: its empty cells); bisection then asks about short
                                wins and losses first.
    ``recipe``                  optional: (function, arguments) that make this game again.
                                A game pickles by its recipe, plus any field changed since
                                (``dataclasses.replace``), so rules built as closures (fast,
                                but not picklable) still cross process boundaries.
    ``chances(state)``          optional: at a chance state (a roll of dice), its outcomes as
                                ``[(probability, state), ...]`` with probabilities summing to 1;
                                empty at a decision state or an ended one.  A chance state has
                                no moves and is not over.  Its ``to_move`` is the player other
                                than the one who moved into it (turns alternate at decisions, as
                                always); each outcome says its own player to move, which may be
                                either (a roll of 1 in Pig passes the turn).
    ``bounds(state)``           optional: (low, high), the least and greatest value any state
                                below ``state`` can have for either player (utilities and
                                heuristic estimates); Star1 and Star2 pruning need them.
    ``noisy(state)``            optional: the moves that change the position sharply (win or
                                block a win); quiescence search goes on through them past the
                                depth limit until the position is quiet.
    ``show_move(move)``         optional: a move as its notation writes it, so traces name
                                nodes as the command line does (a tree's: a, b, ...).
    ``outcomes``                whether every final score is an outcome, +1 a win, 0 a draw
                                and -1 a loss, with no chance: a search then gives distance
                                values by default (a win in 3 beats a win in 5).  False (the
                                default): final scores are payoffs (a tree's leaves, a
                                return, dice), and a search shows them as they are.
    ``loses_by_own_move(state)`` optional: whether a player may lose by their own move at
                                or below ``state`` (an ended state scoring above 0 for its
                                player to move: misere Nim, a tree leaf won by the side whose
                                turn it is).  Mate-distance bounds assume nobody does, and
                                prune the very ends that would show it; a game that says so
                                here is refused by them at once (a ``MateError``: ``solve``
                                then searches without them), not answered with a wrong value.
    ``fast_node(run)``          optional: a fast path for the core's node, written for this
                                game alone: given a search run (``fminimax.core``'s), the
                                node function that serves it exactly (the same values,
                                counts and table entries as the core's node), or None
                                where it does not (the core's node runs).  Connect Four's
                                ``solver`` has one (``games/connect4/native.py``).

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
    chances: Callable[[State], Sequence[tuple[Score, State]]] | None = None
    bounds: Callable[[State], tuple[Score, Score]] | None = None
    noisy: Callable[[State], Sequence[Move]] | None = None
    decided: Callable[[State], tuple[Score, int] | None] | None = None
    plies_left: Callable[[State], int] | None = None
    show_move: Callable[[Move], str] | None = None
    outcomes: bool = False
    fast_node: Callable[[Any], Any] | None = None
    loses_by_own_move: Callable[[State], bool] | None = None

    def __post_init__(self) -> None:
        """Refuse a field of the wrong kind when the game is made, naming it: a rule that is
        not a function would fail only deep in a search, in Python's words.

        >>> from fminimax.games import nim
        >>> replace(nim.game(), order=[2, 1])
        Traceback (most recent call last):
        ...
        TypeError: a Game's order must be a function (or None), got [2, 1] (list)
        """
        if not isinstance(self.name, str):
            raise TypeError(f"a Game's name must be a str, got {_shown(self.name)}")
        if not isinstance(self.outcomes, bool):
            raise TypeError(f"a Game's outcomes must be True or False, got "
                            f"{_shown(self.outcomes)}")
        for part in fields(self):
            value = getattr(self, part.name)
            rule = part.name in _RULES or (part.name in _OPTIONAL_RULES and value is not None)
            if rule and not callable(value):
                optional = " (or None)" if part.name in _OPTIONAL_RULES else ""
                raise TypeError(f"a Game's {part.name} must be a function{optional}, got "
                                f"{_shown(value)}")

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
                   if not _same_part(getattr(self, f.name), getattr(made, f.name))}
        return (_remade, (self.recipe, changed))


_RULES: Final = frozenset({"moves", "play", "is_over", "to_move", "utility"})
_OPTIONAL_RULES: Final = frozenset({"heuristic", "order", "key", "chances", "bounds", "noisy",
                                    "decided", "plies_left", "show_move", "fast_node",
                                    "loses_by_own_move"})


def _shown(value: Any) -> str:
    """Return a value for a message: its repr cut to 60 characters, and its type."""
    return f"{brief(value, 60)} ({type(value).__name__})"


def may_lose_by_own_move(state: Any) -> bool:
    """Return True: the ``loses_by_own_move`` of a game where, as far as it says, a player may
    lose by their own move anywhere (misere Nim; an OpenSpiel game fminimax does not know)."""
    return True


def _same_part(part: Any, made: Any) -> bool:
    """Return whether a game's ``part`` is the one its recipe makes: the same object, an
    equal value, or a ``functools.partial`` of the same function over equal arguments.

    Why the last: partials compare by identity, so a game whose rules wrap equal copies of
    its recipe's (as a process that unpickled it holds) would send its rules whole, and
    pickle the same game to other bytes (``parallel.table_id`` names tables by them).

    >>> from functools import partial
    >>> _same_part(partial(divmod, 7), partial(divmod, 7)), _same_part(partial(divmod, 7), 7)
    (True, False)
    """
    if part is made or part == made:
        return True
    return (isinstance(part, partial) and isinstance(made, partial) and part.func is made.func
            and part.args == made.args and part.keywords == made.keywords)


@dataclass(frozen=True)
class Notation(Generic[State, Move]):
    """How people write one game: pure functions between its values and text.

    A game module builds its notation beside its rules; the command line uses nothing else
    to read and show the game, so it never needs to know which game it runs.

    ``read_position(text)``   the position written in ``text``, or ValueError (blank text
                              too: a game's start is made without text, by its maker).
    ``read_move(state, text)`` the move a person typed, checked against ``state``; a
                              ValueError in the field's own words ("column 8 does not
                              exist") otherwise.
    ``show_move(move)``       the move as a person types it (what is shown can be typed).
    ``json_move(move)``       the move as a JSON value (the same numbering as ``show_move``).
    ``draw(state)``           the position for a person, with coordinates, without whose turn.
    ``side(player)``          a player's name ("x", "the first player").
    ``players``               the two players, in the game's own values.
    ``ended(state)``          how a finished game ended ("x won", "draw").
    ``move_format``           how to type a move, for prompts ("a column 1-7").
    ``score(state, value)``   optional: the field's score of an exact distance value.
    ``show_outcome(before, after)`` optional, for games with chance: what a throw of the
                              dice did ("rolled a 4"), from the chance state and its outcome.

    >>> from fminimax.games import nim
    >>> spoken = nim.notation()
    >>> state = spoken.read_position("3 4 5")
    >>> spoken.show_move(spoken.read_move(state, "1:2")), spoken.side(state.player)
    ('1:2', 'the first player')
    """

    read_position: Callable[[str], State]
    read_move: Callable[[State, str], Move]
    show_move: Callable[[Move], str]
    json_move: Callable[[Move], Any]
    draw: Callable[[State], str]
    side: Callable[[Any], str]
    players: tuple[Any, Any]
    ended: Callable[[State], str]
    move_format: str
    score: Callable[[State, Score], int] | None = None
    show_outcome: Callable[[State, State], str] | None = None


# --- a game on the command line: its options as typed, what they make, its entry -------------

PLIES = 500
"""The deepest search Python's default recursion limit (1000) leaves room for: a game that
can last longer is beyond an exact search, and a depth limit stops here."""


@dataclass(frozen=True)
class Options:
    """The generic game options as typed on a command line (text, not yet checked).

    ``size`` a board's size ('5x4'), ``k`` how many in a row win, ``board`` a position,
    ``misere`` the misere variant, ``args`` the game's positional arguments, ``human`` the
    side a person plays, ``book`` an opening book's file ('none': no book).  Each game's
    entry says which it takes and what they mean for it.
    """

    size: str | None = None
    k: str | None = None
    board: str | None = None
    misere: bool = False
    args: tuple[str, ...] = ()
    human: str | None = None
    book: str | None = None


@dataclass(frozen=True)
class Made:
    """A game made from options: rules, the fastest exact rules, a position, its notation.

    ``beyond(state)`` says why an exact search of a position is out of reach (None when it
    is within reach: every position by default); ``first(player)`` makes the start with
    ``player`` moving first, for games where either side may start (None otherwise);
    ``booked(state)`` whether an opening book ends ``exact``'s search of a position a few
    plies down, so that ``solve`` searches it exactly although it is beyond (a match or an
    agent, whose games go on past the book, still takes ``beyond`` as it says).
    ``hopeless(state)`` says why no budget could see an exact search of a position end, so
    that ``solve`` refuses it before any work; None means ``beyond`` says it (a game whose
    ``beyond`` is only about a move's few seconds in ``play`` has its own, and ``solve``'s
    budget decides the rest).
    """

    game: Game[Any, Any]
    exact: Game[Any, Any]
    state: Any
    notation: Notation[Any, Any]
    beyond: Callable[[Any], str | None] = field(default=lambda state: None)
    first: Callable[[Any], Any] | None = None
    booked: Callable[[Any], bool] = field(default=lambda state: False)
    hopeless: Callable[[Any], str | None] | None = None


def playing(made: Made) -> Made:
    """Return ``made`` as a player searches it (``play``, ``match``, the agents): a position
    whose exact search an opening book ends a few plies down is within reach, the others
    as ``made.beyond`` says.

    A player's games go on past the book, where ``beyond`` still rules; ``solve`` keeps
    ``made`` itself (it refuses the algorithms that search every node above the book).

    >>> from fminimax.games import nim
    >>> made = Made(nim.game(), nim.game(), nim.start((1, 2)), None,
    ...             beyond=lambda state: "too big", booked=lambda state: True)
    >>> made.beyond(made.state), playing(made).beyond(made.state)
    ('too big', None)
    """
    return replace(made, beyond=_Reach(made.beyond, made.booked))


class _Reach:
    """``beyond`` for a player: None where the book ends the exact search (picklable when
    both tests are: an agent's state may travel to a worker)."""

    def __init__(self, beyond: Callable[[Any], str | None],
                 booked: Callable[[Any], bool]) -> None:
        self.beyond, self.booked = beyond, booked

    def __call__(self, state: Any) -> str | None:
        return None if self.booked(state) else self.beyond(state)


@dataclass(frozen=True)
class GameEntry:
    """One game on the command line: its name, its options, its limits and its maker.

    ``options`` pairs each :class:`Options` field the game takes with what it means for this
    game (for help texts); ``make`` turns options into a :class:`Made`, checking every limit
    on the text typed before anything is allocated.  ``example`` is a small position's
    arguments (after the game's name), which the tests play, solve and print for every
    registered game; ``play_args`` are what ``play`` uses when none are given;
    ``heuristic`` says what the game's estimate counts.

    >>> from fminimax.games import nim
    >>> sorted(nim.ENTRY.accepts), nim.ENTRY.make(Options(args=("1", "2"))).state
    (['args', 'misere'], Nim(heaps=(1, 2), player=0))
    """

    name: str
    about: str
    options: tuple[tuple[str, str], ...]
    limits: str
    make: Callable[[Options], Made]
    example: tuple[str, ...]
    playable: bool = True
    play_args: tuple[str, ...] = ()
    heuristic: str | None = None

    @property
    def accepts(self) -> frozenset[str]:
        """Return the names of the :class:`Options` fields this game takes."""
        return frozenset(name for name, _ in self.options)


def board_size(text: str | None, default: tuple[int, int], names: tuple[str, str],
               high: int) -> tuple[int, int]:
    """Return the two numbers of a size such as '5x4', each from 1 to ``high``.

    >>> board_size("5x4", (7, 6), ("columns", "rows"), 20), board_size(None, (7, 6), ("c", "r"), 20)
    ((5, 4), (7, 6))
    >>> board_size("5", (7, 6), ("columns", "rows"), 20)
    Traceback (most recent call last):
    ...
    ValueError: a size is columns x rows, two numbers such as 5x4, got '5'
    """
    if text is None:
        return default
    parts = text.lower().split("x")
    if len(parts) != 2:
        raise ValueError(f"a size is {names[0]} x {names[1]}, two numbers such as 5x4, got "
                         f"{quoted(text)}")
    first, second = (whole_number(part, f"the number of {name}", 1, high)
                     for part, name in zip(parts, names, strict=True))
    return first, second


def whole_number(text: str, what: str, low: int, high: int) -> int:
    """Return ``text`` read as a whole number from ``low`` to ``high``, or a ValueError.

    Only the ASCII digits 0-9 count (not '²' or other Unicode digits), and a number with
    more digits than ``high`` is refused before it is converted.

    >>> whole_number("12", "a heap size", 0, 1000)
    12
    >>> whole_number("²", "a column", 1, 7)
    Traceback (most recent call last):
    ...
    ValueError: a column is a whole number from 1 to 7, got '²'
    """
    text = text.strip()
    if not (text.isascii() and text.isdigit()) or len(text) > len(str(high)) \
            or not low <= int(text) <= high:
        raise ValueError(f"{what} is a whole number from {low} to {high}, got {quoted(text)}")
    return int(text)


def brief(value: Any, limit: int = 80) -> str:
    """Return ``value``'s repr for a message, cut to about ``limit`` characters.

    >>> brief((1, 2)), brief(list(range(100)))[-8:], brief(10 ** 5000)
    ('(1, 2)', '0, 21...', 'a number too long to write out')
    """
    try:
        shown = repr(value)
    except ValueError:  # an int with more digits than Python writes out
        return "a number too long to write out"
    return shown if len(shown) <= limit else shown[:limit - 3] + "..."


def quoted(text: str, limit: int = 40) -> str:
    """Return ``text`` quoted for a message, cut to about ``limit`` characters when longer.

    >>> quoted("4453"), quoted("1" * 1000)
    ("'4453'", "'11111111111111111111...(1000 characters)'")
    """
    return repr(text if len(text) <= limit else f"{text[:limit // 2]}...({len(text)} characters)")


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


def is_booked(game: Game[Any, Any], state: Any) -> bool:
    """Return whether the game's ``decided`` rule reads ``state``'s end from a book of values
    (a rule with ``names_moves = False``), which names no move: a line ends there.

    >>> from fminimax.games import nim
    >>> is_booked(nim.game(), nim.start((1, 2)))
    False
    """
    decided = game.decided
    if decided is None or getattr(decided, "names_moves", True):
        return False
    holds = getattr(decided, "holds", None)  # the book itself, not a rule it falls back on
    return bool(holds(state)) if holds is not None else decided(state) is not None
