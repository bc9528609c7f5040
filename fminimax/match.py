"""Matches: which search plays better, as a pure function from specs to results as data.

A :class:`Spec` names an algorithm of ``fminimax.algorithms`` and its options (depth,
seconds, table, quiescence; for ``mcts`` iterations, exploration and solver);
``parse_spec`` reads one from text such as ``"alphabeta:depth=4,quiescence=4"`` or
``"mcts:iterations=2000"``.  An ``mcts`` spec draws its playouts from a generator seeded,
at each move, by the match's own ``rng``, so a seeded match replays exactly.

``match`` plays N games between two specs from varied openings: the games go in pairs from
the same opening, the first spec moving first in one and second in the other.  Openings are
random plies drawn from a ``random.Random`` the caller passes in (randomness is an input),
as are the dice of a game with chance nodes;
a spec with ``seconds`` needs the caller's ``clock``.  Nothing here prints: ``progress`` is
told each finished game.

The score is the first spec's mean per-game score (a win 1, a draw 1/2, a loss 0), with a
95% Wilson score interval on it (draws counted as half a success; it stays inside [0, 1]
even when every game is won).

>>> import random
>>> from fminimax import tictactoe as ttt
>>> result = match(ttt.game(), ttt.start(), parse_spec("alphabeta"),
...                parse_spec("alphabeta:depth=1"), 4, rng=random.Random(1), openings=2)
>>> (result.wins, result.draws, result.losses), result.score >= 0.5
((2, 2, 0), True)
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, fields, replace
from typing import Any

from fminimax import mcts, policy
from fminimax.algorithms import FAMILY, NAMES, by_name
from fminimax.game import Game, State
from fminimax.limits import MAX_EXPLORATION, MAX_ITERATIONS, MAX_SECONDS
from fminimax.policy.searches import distances_for, family, searches_every_node

__all__ = ["Z95", "MatchResult", "Played", "Spec", "check_spec", "match", "opening",
           "parse_spec", "result_of", "result_str", "MatchOptions", "spec_str", "wilson"]

Z95 = 1.959963984540054


@dataclass(frozen=True)
class Spec:
    """A search that plays: an algorithm and its options (None: to the end, no limit).

    ``iterations``, ``exploration`` and ``solver`` are MCTS's (None: its defaults).

    >>> Spec("alphabeta", depth=4, quiescence=4)  # doctest: +ELLIPSIS
    Spec(algorithm='alphabeta', depth=4, seconds=None, table=False, quiescence=4, ...)
    """

    algorithm: str = "alphabeta"
    depth: int | None = None
    seconds: float | None = None
    table: bool = False
    quiescence: int = 0
    iterations: int | None = None
    exploration: float | None = None
    solver: bool = False


_OPTIONS = {f.name for f in fields(Spec)} - {"algorithm"}
_MCTS_OPTIONS = ("iterations", "exploration", "solver")
_FLAGS = ("table", "solver")  # on when named alone
ON, OFF = ("on", "true", "yes", "1"), ("off", "false", "no", "0")
"""How a flag's value is written: on when named alone."""


def parse_spec(text: str) -> Spec:
    """Return the spec written as ``ALGORITHM[:option=value,...]`` (``table`` alone is on).

    Each option at most once; ``quiescence`` with an algorithm that takes it, and a depth
    or a time limit for it to extend.

    >>> parse_spec("iterative:seconds=0.5,table")  # doctest: +ELLIPSIS
    Spec(algorithm='iterative', depth=None, seconds=0.5, table=True, quiescence=0, ...)
    >>> parse_spec("mcts:iterations=2000,solver").iterations
    2000
    >>> parse_spec("alphabeta:depth=four")
    Traceback (most recent call last):
    ...
    ValueError: bad spec 'alphabeta:depth=four': depth must be an int >= 0, got 'four'
    >>> parse_spec("alphabeta:depth=1,depth=2")
    Traceback (most recent call last):
    ...
    ValueError: bad spec 'alphabeta:depth=1,depth=2': depth is given twice
    """
    name, colon, rest = text.partition(":")
    if name not in NAMES:
        raise ValueError(f"bad spec {text!r}: unknown algorithm {name!r}; choose from "
                         f"{', '.join(NAMES)}")
    if colon and not rest.strip():
        raise ValueError(f"bad spec {text!r}: no options after ':'; write {name!r} alone")
    options: dict[str, Any] = {}
    for item in (part.strip() for part in rest.split(",")) if colon else ():
        key, eq, value = item.partition("=")
        _check_key(text, name, key, options)
        options[key] = _option(text, key, value if eq else None)
    return _checked(text, Spec(name, **options))


def _check_key(text: str, name: str, key: str, given: dict[str, Any]) -> None:
    """Raise a ValueError unless ``key`` is an option ``name`` takes, given once so far."""
    if key not in _OPTIONS:
        raise ValueError(f"bad spec {text!r}: unknown option {key!r}; the options are "
                         f"{', '.join(sorted(_OPTIONS))}")
    if key in given:
        raise ValueError(f"bad spec {text!r}: {key} is given twice")
    if key == "table" and name == "mcts":  # on or off: MCTS keeps its own tree
        raise ValueError(f"bad spec {text!r}: mcts keeps its own tree, no table; drop table")


def _checked(text: str, spec: Spec) -> Spec:
    """Return ``spec`` if its options fit its algorithm, else raise naming the spec."""
    if spec.seconds is not None and spec.algorithm not in ("iterative", "mcts"):
        raise ValueError(f"bad spec {text!r}: a time limit (seconds) needs the iterative "
                         f"algorithm (or mcts)")
    _checked_mcts(text, spec)
    if spec.quiescence and not by_name(spec.algorithm).quiescence:
        takers = ", ".join(a.name for a in FAMILY if a.quiescence)
        raise ValueError(f"bad spec {text!r}: {spec.algorithm} takes no quiescence; the "
                         f"algorithms that do are {takers}")
    if spec.quiescence and spec.depth is None and spec.seconds is None:
        raise ValueError(f"bad spec {text!r}: quiescence goes on past a depth limit; give "
                         f"depth=N (or seconds=S with iterative) with it")
    return spec


def _checked_mcts(text: str, spec: Spec) -> None:
    """Refuse MCTS's options on another algorithm, and what MCTS cannot take."""
    given = [name for name in _MCTS_OPTIONS if getattr(spec, name) not in (None, False)]
    if given and spec.algorithm != "mcts":
        raise ValueError(f"bad spec {text!r}: {', '.join(given)} belong to mcts, not "
                         f"{spec.algorithm}")
    if spec.algorithm == "mcts" and (spec.depth is not None or spec.table):
        raise ValueError(f"bad spec {text!r}: mcts plays random games to the end; it takes "
                         f"no depth and no table (give iterations=N or seconds=S)")


def check_spec(game: Game[Any, Any], spec: Spec) -> None:
    """Raise a ValueError naming ``spec`` if it cannot play ``game`` (before any game).

    >>> from fminimax.games import nim
    >>> check_spec(nim.game(), parse_spec("alphabeta:depth=1"))
    Traceback (most recent call last):
    ...
    ValueError: the spec 'alphabeta:depth=1' cuts the search off, but nim has no heuristic
    to score the positions it cuts off
    """
    shown = spec_str(spec)
    if spec.depth == 0:
        raise ValueError(f"the spec {shown!r} looks at no move at all (depth=0); give "
                         f"depth=1 or more")
    if spec.depth is not None and game.heuristic is None:
        raise ValueError(f"the spec {shown!r} cuts the search off, but {game.name} has no "
                         f"heuristic to score the positions it cuts off")
    if spec.quiescence and game.noisy is None:
        raise ValueError(f"{game.name} has no noisy moves, so no quiescence; drop "
                         f"quiescence from {shown!r}")


def _option(text: str, key: str, value: str | None) -> Any:
    """Return one option's value read from text, or raise naming the spec."""
    if key in _FLAGS:
        if value in (None, *ON):
            return True
        if value in OFF:
            return False
        raise ValueError(f"bad spec {text!r}: {key} is {'/'.join(ON)} or {'/'.join(OFF)} "
                         f"(alone: on), got {value!r}")
    real = key in ("seconds", "exploration")
    try:
        number = float(value) if real else int(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        number = -1
    if not _fits(key, number):
        kind = {"seconds": f"a number above 0 and at most {MAX_SECONDS:,}",
                "exploration": f"a number from 0 to {MAX_EXPLORATION:,}",
                "iterations": f"an int from 1 to {MAX_ITERATIONS:,}"}.get(key, "an int >= 0")
        raise ValueError(f"bad spec {text!r}: {key} must be {kind}, got {value!r}")
    return number


def _fits(key: str, number: float) -> bool:
    """Return whether a spec's number fits its option (NaN fits none)."""
    if key == "seconds":
        return 0 < number <= MAX_SECONDS
    if key == "iterations":
        return 1 <= number <= MAX_ITERATIONS
    if key == "exploration":
        return 0 <= number <= MAX_EXPLORATION
    return 0 <= number < math.inf


def spec_str(spec: Spec) -> str:
    """Return a spec written back as text, as ``parse_spec`` reads it.

    >>> spec_str(Spec("alphabeta", depth=4, quiescence=4)), spec_str(Spec(depth=0))
    ('alphabeta:depth=4,quiescence=4', 'alphabeta:depth=0')
    """
    defaults = Spec()
    options = [f"{f.name}={getattr(spec, f.name)}" for f in fields(Spec)
               if f.name in _OPTIONS and f.name not in _FLAGS
               and getattr(spec, f.name) != getattr(defaults, f.name)]
    options += [flag for flag in _FLAGS if getattr(spec, flag)]
    return spec.algorithm + (":" + ",".join(options) if options else "")


@dataclass(frozen=True)
class Played:
    """One game of a match: its opening, who moved first, the first spec's score, its plies."""

    opening: tuple[Any, ...]
    first_moved_first: bool
    score: float
    plies: int


@dataclass(frozen=True)
class MatchResult:
    """A match as data: the games, the first spec's wins, draws, losses, score and interval.

    ``as_first`` and ``as_second`` split the first spec's (wins, draws, losses) by whether
    it moved first; ``low`` and ``high`` bound the score (95% Wilson score interval).
    """

    games: tuple[Played, ...]
    wins: int
    draws: int
    losses: int
    score: float
    low: float
    high: float
    as_first: tuple[int, int, int]
    as_second: tuple[int, int, int]


def wilson(score: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Return the Wilson score interval of a mean score in [0, 1] over n games.

    >>> [round(x, 3) for x in wilson(0.5, 100)], [round(x, 3) for x in wilson(1.0, 10)]
    ([0.404, 0.596], [0.722, 1.0])
    """
    if n == 0:
        return 0.0, 1.0
    centre = (score + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(score * (1 - score) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def result_of(games: tuple[Played, ...]) -> MatchResult:
    """Return the match result of the games played so far.

    >>> r = result_of((Played((), True, 1.0, 9), Played((), False, 0.5, 9)))
    >>> r.wins, r.draws, r.losses, r.score, r.as_first, r.as_second
    (1, 1, 0, 0.75, (1, 0, 0), (0, 1, 0))
    """
    def tally(chosen: list[Played]) -> tuple[int, int, int]:
        return (sum(g.score == 1 for g in chosen), sum(g.score == 0.5 for g in chosen),
                sum(g.score == 0 for g in chosen))
    wins, draws, losses = tally(list(games))
    score = sum(g.score for g in games) / len(games) if games else 0.0
    low, high = wilson(score, len(games))
    return MatchResult(games, wins, draws, losses, score, low, high,
                       tally([g for g in games if g.first_moved_first]),
                       tally([g for g in games if not g.first_moved_first]))


def result_str(result: MatchResult, first: str = "first", second: str = "second") -> str:
    """Return a match result in one line: wins, draws, losses and the score's interval.

    >>> print(result_str(result_of((Played((), True, 1.0, 9), Played((), False, 0.5, 9)))))
    first vs second: 2 games, 1 wins, 1 draws, 0 losses; score 0.750 (95% Wilson 0.198-0.973)
    """
    return (f"{first} vs {second}: {len(result.games)} games, {result.wins} wins, "
            f"{result.draws} draws, {result.losses} losses; score {result.score:.3f} "
            f"(95% Wilson {result.low:.3f}-{result.high:.3f})")


def _outcome(game: Game[State, Any], state: State, rng: random.Random) -> State:
    """Return an outcome of a chance state drawn by its probabilities."""
    outcomes = game.chances(state)  # type: ignore[misc]
    return rng.choices([s for _, s in outcomes], weights=[float(p) for p, _ in outcomes])[0]


def _is_chance(game: Game[State, Any], state: State) -> bool:
    return game.chances is not None and bool(game.chances(state))


def opening(game: Game[State, Any], state: State, plies: int,
            rng: random.Random) -> tuple[State, tuple[Any, ...]]:
    """Return the state after ``plies`` random moves (dice rolled as they fall) and the moves.

    Openings that end the game are drawn again (up to 100 times), so a game remains.

    >>> from fminimax import tictactoe as ttt
    >>> state, moves = opening(ttt.game(), ttt.start(), 2, random.Random(3))
    >>> moves, state.player
    ((3, 2), 'x')
    """
    for _ in range(100):
        current, moves = state, list[Any]()
        while len(moves) < plies and not game.is_over(current):
            if _is_chance(game, current):
                current = _outcome(game, current, rng)
                continue
            move = rng.choice(list(game.moves(current)))
            current, moves = game.play(current, move), moves + [move]
        while _is_chance(game, current):
            current = _outcome(game, current, rng)
        if not game.is_over(current):
            return current, tuple(moves)
    raise ValueError(f"every opening of {plies} random plies ended the game; use fewer")


@dataclass(frozen=True)
class MatchOptions:
    """How a match is played besides its specs: random plies of each opening, the clock for
    specs with a time limit, a progress callback, distance values (None: by the game), and
    the rules a spec that searches to the end with cut-offs plays by (``Made.exact``: the
    fastest exact rules, an opening book's among them; None: the game's own)."""

    openings: int = 0
    clock: Callable[[], float] | None = None
    progress: Callable[[int, int, MatchResult], object] | None = None
    distances: bool | None = None
    exact: Game[Any, Any] | None = None


def _checked_match(game: Game[Any, Any], specs: tuple[Spec, Spec], games: int,
                   settings: MatchOptions) -> None:
    """Raise a ValueError naming the first thing a match cannot be played with."""
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ValueError(f"a match needs at least one game, got {games!r}")
    openings = settings.openings
    if isinstance(openings, bool) or not isinstance(openings, int) or openings < 0:
        raise ValueError(f"openings must be an int >= 0 (random plies), got {openings!r}")
    for spec in specs:
        if spec.seconds is not None and settings.clock is None:
            raise ValueError(f"the spec {spec_str(spec)!r} has a time limit, so the match "
                             f"needs a clock")
        check_spec(game, spec)


def match(game: Game[State, Any], state: State, first: Spec, second: Spec, games: int, *,
          rng: random.Random, **settings: Any) -> MatchResult:
    """Return the result of ``games`` games between two specs, in pairs from random openings.

    Game 2k and 2k+1 start from the same opening (``openings`` random plies from
    ``state``), the first spec moving first in game 2k.  The ``settings`` are those of
    :class:`MatchOptions`: ``openings``, the ``clock`` specs with a time limit read, a
    ``progress(done, total, result so far)`` called after each game, and ``distances`` (by
    default the game's own ``outcomes``), which makes the searches prefer quicker wins.
    Both specs are checked against the game before the first game.

    >>> from fminimax import tictactoe as ttt
    >>> match(ttt.game(), ttt.start(), Spec(), Spec(), 0, rng=random.Random(0))
    Traceback (most recent call last):
    ...
    ValueError: a match needs at least one game, got 0
    """
    given = MatchOptions(**settings)
    _checked_match(game, (first, second), games, given)
    distances = distances_for(game, given.distances)
    played: list[Played] = []
    begun, moves = state, ()
    for index in range(games):
        if index % 2 == 0:
            begun, moves = opening(game, state, given.openings, rng)
        first_moves = index % 2 == 0
        score, plies = _play_one(game, begun, first if first_moves else second,
                                 second if first_moves else first, rng, given, distances)
        played.append(Played(moves, first_moves, score if first_moves else 1 - score, plies))
        if given.progress is not None:
            given.progress(index + 1, games, result_of(tuple(played)))
    return result_of(tuple(played))


def _play_one(game: Game[State, Any], state: State, starter: Spec, other: Spec,
              rng: random.Random, given: MatchOptions,
              distances: bool) -> tuple[float, int]:
    """Return the starter's score (1, 1/2, 0) and the plies of one game from ``state``."""
    leader, plies = game.to_move(state), 0
    while not game.is_over(state):
        if _is_chance(game, state):
            state = _outcome(game, state, rng)
            continue
        spec = starter if game.to_move(state) == leader else other
        move = _move(game, state, spec, (given.clock, rng, given.exact), distances)
        state, plies = game.play(state, move), plies + 1
    utility = game.utility(state, leader)
    return (1.0 if utility > 0 else 0.0 if utility < 0 else 0.5), plies


def _move(game: Game[State, Any], state: State, spec: Spec,
          inputs: tuple[Callable[[], float] | None, random.Random, Game[State, Any] | None],
          distances: bool) -> Any:
    """Return the move ``spec`` plays at ``state``, a refusal naming the spec.

    ``inputs`` are the clock (for a time limit), the match's generator, which seeds an
    mcts spec's playouts afresh at each move, and the exact rules a spec that searches to
    the end with cut-offs plays by (None: the game's).
    """
    clock, rng, exact = inputs
    if exact is not None and spec.depth is None and spec.seconds is None and \
            spec.algorithm != "mcts" and not searches_every_node(spec.algorithm):
        game = exact  # the fastest exact rules (an opening book ends the search there)
    stop = None
    if spec.seconds is not None and clock is not None:
        stop = _deadline(clock, clock() + spec.seconds)
    if spec.algorithm == "mcts":
        return _mcts_move(game, state, spec, stop, random.Random(rng.getrandbits(64)))
    try:
        return family(game, state, spec.algorithm, table=spec.table, depth=spec.depth,
                      stop=stop, distances=distances, quiescence=spec.quiescence).move
    except policy.TooDeep as error:
        raise ValueError(f"the spec {spec_str(spec)!r} cannot play {game.name}: {error}; "
                         f"give it depth=N or seconds=S (iterative)") from None


def _mcts_move(game: Game[State, Any], state: State, spec: Spec,
               stop: Callable[[], bool] | None, rng: random.Random) -> Any:
    """Return the move UCT plays: within its iterations (or as many as fit ``seconds``)."""
    settings = mcts.UctOptions(solver=spec.solver)
    if spec.exploration is not None:
        settings = replace(settings, exploration=spec.exploration)
    iterations = spec.iterations or (mcts.MAX_ITERATIONS if stop is not None else 1000)
    return mcts.result_of(mcts.uct(game, state, rng, iterations=iterations, stop=stop,
                                   settings=settings)).move


def _deadline(clock: Callable[[], float], deadline: float) -> Callable[[], bool]:
    """Return a stop test that turns true once ``clock()`` reaches ``deadline``."""
    def stop() -> bool:
        return clock() >= deadline
    return stop
