"""The family of search algorithms, as data: one :class:`Algorithm` record each.

Every algorithm takes a game value and a state (and options: a
:class:`~fminimax.core.SearchOptions`, keyword changes to it, a ``table`` and a ``stop``
test) and returns a :class:`~fminimax.core.SearchResult`: the value for the player to move,
the best move, the principal variation, the statistics, the name of the algorithm that ran
and its root passes.  None of them has a recursion of its own: each sets options of the one
core, :func:`fminimax.core.search`, or calls it several times at the root with different
windows (:mod:`fminimax.core.drivers`: the MTD family, aspiration windows, bisection;
:mod:`fminimax.core.iterative`: iterative deepening).

``FAMILY`` is the list of them, each with what it is (``family_str`` shows them all) and
what it needs and allows (a table, windows, a depth, quiescence, chance nodes, bounds,
splitting over workers, a budget): the command line reads these records, and adding an
algorithm is one function and one record.

``depth_limited`` (alpha-beta to a depth, the heuristic at the cut-off: text 1) is the core
with ``depth`` given; it is no member of the family, which names searches to the end.

On a game without chance nodes, expectiminimax is minimax and star1, star2 are alphabeta.
An algorithm fixes the options that define it (minimax never prunes; the MTD family always
keeps a table) and honours the others it lists.

>>> from fminimax.games import tree
>>> game, root = tree.game(), tree.start([[2, 7], [1, 8]])
>>> [(name, by_name(name).run(game, root).stats.leaves)
...  for name in ("minimax", "negamax", "alphabeta", "memoized")]
[('minimax', 4), ('negamax', 4), ('alphabeta', 3), ('memoized', 3)]
>>> sorted({a.run(tree.game(tree.zero), root).value for a in FAMILY
...         if not a.estimate})
[2]

``mcts`` (Monte Carlo tree search, :mod:`fminimax.mcts`) is the one member whose value is
an estimate (``estimate=True``; ``exact`` False in its result unless its solver proved it).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, Literal, Protocol

from fminimax.core import (
    MateError,
    SearchOptions,
    SearchResult,
    Table,
    iterative_deepening,
    search,
)
from fminimax.core.drivers import aspiration, bisection, dual, mtdf, sss
from fminimax.core.options import options_for, options_of
from fminimax.game import Game, Move, State

__all__ = ["FAMILY", "NAMES", "Algorithm", "Progress", "alphabeta", "aspiration", "auto",
           "bisection", "by_name", "depth_limited", "dual", "expectiminimax", "family_str",
           "history", "iterative", "mate", "mcts", "memoized", "minimax", "mtdf", "negamax", "pvs",
           "solve", "sss", "star1", "star2"]

Stop = Callable[[], bool] | None
Options = SearchOptions | None


def _fixed(name: str, options: Options, changes: dict[str, Any],
           **fixed: Any) -> SearchOptions:
    """Return the options with what defines algorithm ``name`` set, refusing a change to it.

    >>> _fixed("minimax", None, {"prune": True}, prune=False)
    Traceback (most recent call last):
    ...
    TypeError: minimax sets prune=False itself; it does not take prune=True
    """
    for option, value in fixed.items():
        if option in changes and changes[option] != value:
            raise TypeError(f"{name} sets {option}={value!r} itself; it does not take "
                            f"{option}={changes[option]!r}")
    return options_of(options, {**changes, **fixed})


def _named(result: SearchResult[Move], name: str) -> SearchResult[Move]:
    """Return ``result`` saying that algorithm ``name`` ran."""
    return replace(result, algorithm=name)


@dataclass(frozen=True)
class Preset:
    """An algorithm that is one search of the core with the options that define it set.

    ``fixed`` are those options, as (name, value) pairs: a change to one is refused;
    ``own_table`` gives the search a fresh table when the caller gives none; ``doc`` says
    what it is and which options it honours.  Calling it searches, as every member of the
    family does: ``preset(game, state, options=None, /, *, table=None, stop=None,
    **changes)`` returns the core's result named for the preset.  Module-level values (no
    closures), so an algorithm crosses a process boundary by plain ``pickle``.

    >>> from fminimax.games import tree
    >>> search_all = Preset("minimax", (("prune", False),))
    >>> search_all(tree.game(), tree.start([[2, 7], [1, 8]])).stats.leaves
    4
    """

    name: str
    fixed: tuple[tuple[str, Any], ...] = ()
    own_table: bool = False
    doc: str = ""

    def __call__(self, game: Game[State, Move], state: State, options: Options = None, /,
                 *, table: Table | None = None, stop: Stop = None,
                 **changes: Any) -> SearchResult[Move]:
        """Return the core's search with this preset's options, named for it."""
        chosen = _fixed(self.name, options, changes, **dict(self.fixed))
        table = Table() if table is None and self.own_table else table
        return _named(search(game, state, chosen, table=table, stop=stop), self.name)


# --- one pass: the core with the options that define an algorithm ------------------------

minimax = Preset("minimax", (("prune", False),), doc="""
    Return the search result of plain minimax: every node, no pruning.

    Honours depth, distances, order, trace, alpha, beta, max_nodes, complete, quiescence and a
    ``table`` (never prune).

    >>> from fminimax.games import tree
    >>> minimax(tree.game(), tree.start([[2, 7], [1, 8]])).stats.leaves
    4
    """)

negamax = minimax
"""The family's negamax: the core without pruning, the same search as ``minimax``."""

alphabeta = Preset("alphabeta", (("prune", True),), doc="""
    Return the search result of alpha-beta: the minimax value with fewer nodes.

    Honours depth, distances, order, trace, alpha, beta, max_nodes, complete, mate, scout,
    history, quiescence and a ``table`` (always prune).

    >>> from fminimax.games import tree
    >>> alphabeta(tree.game(), tree.start([[2, 7], [1, 8]])).stats.leaves
    3
    """)

memoized = Preset("memoized", (), own_table=True, doc="""
    Return the result of alpha-beta with a transposition table (a fresh one by default).

    Honours prune, depth, distances, order, trace, complete and quiescence.

    >>> from fminimax import tictactoe as ttt
    >>> result = memoized(ttt.game(), ttt.start())
    >>> result.value, result.stats.table_hits > 0
    (0, True)
    """)

mate = Preset("mate", (("mate", True),), own_table=True, doc="""
    Return memoized alpha-beta with mate-distance bounds clipping every window.

    At ply p no line can beat a win at ply p + 1 or do worse than a loss at ply p + 2, so a
    node whose window lies outside those bounds returns at once, and a win found cuts off
    every line that could only win later.  Distance values of games scoring -1, 0 or +1 only
    (a ``MateError`` says so otherwise); with ``distances=False`` it is memoized alpha-beta.
    Honours depth, distances, order, trace and a ``table`` (a fresh one by default).

    >>> from fminimax import tictactoe as ttt
    >>> board = ttt.start(3, 3, "xx. oo. ...")
    >>> clipped, plain = mate(ttt.game(), board), memoized(ttt.game(), board)
    >>> clipped.value == plain.value, clipped.stats.nodes < plain.stats.nodes
    (True, True)
    """)

history = Preset("history", (("history", True),), own_table=True, doc="""
    Return memoized alpha-beta ordering moves by the history heuristic and killer moves.

    A move that caused a cut-off gains history (more the nearer the root) and becomes one
    of its ply's two killers; at each node the killers go first, then the rest by history,
    after the game's own order (equal scores keep it) and the table's best move first.
    Honours depth, distances, order, trace, mate and a ``table`` (a fresh one by default).

    >>> from fminimax.games import tree
    >>> history(tree.game(), tree.start([[2, 7], [1, 8]])).value
    2
    """)

pvs = Preset("pvs", (("scout", True),), doc="""
    Return principal variation search (NegaScout): null windows after the first move.

    The first move is searched with the full window; each later one with a null window
    just above the best so far, which only asks whether it is better; when it is (a
    fail-high below beta) it is searched again with the full window.  Honours depth,
    distances, order, trace, mate, history and a ``table``.

    >>> from fminimax.games import tree
    >>> result = pvs(tree.game(), tree.start([[2, 7], [1, 8]]), trace=True)
    >>> result.value, [(step.path, step.alpha, step.beta) for step in result.trace][3:]
    (2, [((1, 0), 2, 3), ((1,), -3, -2), ((), -inf, inf)])
    """)

expectiminimax = Preset("expectiminimax", (("prune", False), ("star", 0)), doc="""
    Return the expectiminimax result: every node, chance nodes averaged, no pruning.

    Honours depth, distances, order, trace, quiescence and a ``table``.

    >>> from fminimax.games import tree
    >>> root = tree.parse('[{"chance": [[0.5, 4], [0.5, [1, 9]]]}, 2]')
    >>> result = expectiminimax(tree.game(), root)
    >>> result.value, result.move, result.stats.nodes
    (2.5, 0, 7)
    """)

star1 = Preset("star1", (("prune", True), ("star", 1)), doc="""
    Return the expectiminimax value with alpha-beta and Ballard's Star1 chance pruning.

    Honours depth, distances, order, trace, bounds, quiescence and a ``table``.

    >>> from fminimax.games import tree
    >>> root = tree.start([2, {"chance": [[0.5, [0, 3]], [0.5, [1, 9]]]}])
    >>> star1(tree.game(), root).stats.nodes, tree.size(root)
    (8, 9)
    """)

star2 = Preset("star2", (("prune", True), ("star", 2)), doc="""
    Return the expectiminimax value with Star2: Star1 after probing each outcome's first move.

    Honours what ``star1`` honours.

    >>> from fminimax.games import tree
    >>> root = tree.start([2, {"chance": [[0.5, [0, 3]], [0.5, [1, 9]]]}])
    >>> result = star2(tree.game(), root)
    >>> result.value, result.stats.nodes
    (2, 7)
    """)

__test__ = {preset.name: preset.doc for preset in (
    minimax, alphabeta, memoized, mate, history, pvs, expectiminimax, star1, star2)}
"""The presets' examples, run by doctest as a function's are."""


def depth_limited(game: Game[State, Move], state: State, depth: int, options: Options = None,
                  /, *, table: Table | None = None, stop: Stop = None,
                  **changes: Any) -> SearchResult[Move]:
    """Return the result of a search cut off ``depth`` plies down, scored by the heuristic.

    ``exact`` in the result says whether any heuristic estimate went into the value.
    Honours prune, distances, order, trace, quiescence and a ``table``.

    >>> from fminimax import tictactoe as ttt
    >>> result = depth_limited(ttt.game(), ttt.start(), 1)
    >>> result.move, result.value, result.exact
    (4, 4, False)
    """
    return search(game, state, _fixed("depth_limited", options, changes, depth=depth),
                  table=table, stop=stop)


def auto(game: Game[State, Move], state: State, options: Options = None, /, *,
         table: Table | None = None, stop: Stop = None, **changes: Any) -> SearchResult[Move]:
    """Return the fastest exact path that applies: ``bisection`` or else ``memoized``.

    Bisection needs a table, distance values, a search to the end and final scores of -1, 0
    or +1; otherwise (or when a final score is another number) alpha-beta with the table
    given runs.  ``algorithm`` in the result says which ran.  Honours depth, distances, order
    and trace.

    >>> from fminimax.games import tree
    >>> auto(tree.game(), tree.start([[2, 7], [1, 8]]), table=Table()).algorithm
    'memoized'
    >>> from fminimax import tictactoe as ttt
    >>> auto(ttt.game(), ttt.start(), table=Table()).algorithm
    'bisection'
    """
    chosen = options_for(game, options, changes)
    if table is not None and chosen.depth is None and chosen.distances:
        try:
            return bisection(game, state, chosen, table=table, stop=stop)
        except MateError:  # (its passes' entries hold mate-bounded values: not kept)
            table = table.emptied()
    result = search(game, state, chosen, table=table, stop=stop)
    return _named(result, "memoized" if table is not None else "alphabeta")


def iterative(game: Game[State, Move], state: State, options: Options = None, /, *,
              table: Table | None = None, stop: Stop = None, max_depth: int | None = None,
              reached: Callable[[SearchResult[Move]], object] | None = None,
              **changes: Any) -> SearchResult[Move]:
    """Return the deepest complete result within ``max_nodes`` or before ``stop()``.

    Honours max_nodes (over all depths), distances, order, trace, quiescence, ``max_depth``
    and ``reached`` (told each depth completed); see ``core.iterative_deepening``.

    >>> from fminimax import tictactoe as ttt
    >>> result = iterative(ttt.game(), ttt.start(), max_nodes=300)
    >>> result.depth, result.move, [p.kind for p in result.passes]
    (3, 4, ['depth 1', 'depth 2', 'depth 3'])
    """
    return iterative_deepening(game, state, options, table=table, stop=stop,
                               max_depth=max_depth, reached=reached, **changes)


def mcts(game: Game[State, Move], state: State, options: Options = None, /, *,
         table: Table | None = None, stop: Stop = None, **changes: Any) -> SearchResult[Move]:
    """Return UCT's move and estimated value: :func:`fminimax.mcts.mcts`, imported on first
    use (its tree and random playouts are no part of an exact search: start-up time).

    Honours iterations, seed or rng, exploration, solver, best and a ``stop`` test."""
    from fminimax.mcts.family import mcts as uct
    return uct(game, state, options, table=table, stop=stop, **changes)


# --- the family as data -----------------------------------------------------------------------


@dataclass(frozen=True)
class Algorithm:
    """One algorithm of the family: its name, how to run it, and what it needs and allows.

    ``run(game, state, options=None, /, *, table=None, stop=None, **changes)`` searches.
    ``table``       'always': it keeps a table of its own when given none; 'optional': a
                    table only when given one
    ``windows``     it prunes with alpha-beta windows (False: every node is searched)
    ``depth``       it can be cut off at a depth (False: it solves to the end only)
    ``quiescence``  it takes ``quiescence`` (the others search to the end or by windows)
    ``chance``      it is made for games with chance nodes (all of the family search them)
    ``bounds``      it needs bounds on the scores (the game's ``bounds`` or ``bounds=``)
    ``split``       young brothers wait (``fminimax.parallel``) can split it over workers
    ``budget``      it runs within a node budget or a stop test (iterative deepening)
    ``estimate``    its value is an estimate (random playouts), not the exact value

    >>> by_name("sss").table, by_name("minimax").windows, by_name("bisection").depth
    ('always', False, False)
    """

    name: str
    run: Callable[..., SearchResult[Any]]
    about: str
    table: Literal["always", "optional"] = "optional"
    windows: bool = True
    depth: bool = True
    quiescence: bool = False
    chance: bool = False
    bounds: bool = False
    split: bool = False
    budget: bool = False
    estimate: bool = False


FAMILY: tuple[Algorithm, ...] = (
    Algorithm("minimax", minimax, "every node, no pruning (the card's depth-parity minimax, "
              "in negamax form: a min at odd plies is the negation of a max)",
              windows=False, quiescence=True, split=True),
    Algorithm("negamax", negamax, "the same search by text 3's name (reference."
              "negamax_score is text 3's value-only recursion)", windows=False,
              quiescence=True),
    Algorithm("alphabeta", alphabeta, "minimax with alpha-beta cut-offs (texts 2 and 4)",
              quiescence=True, split=True),
    Algorithm("memoized", memoized, "alpha-beta with a transposition table keyed on the "
              "position (or the game's key), entries exact, lower or upper bounds",
              table="always", quiescence=True, split=True),
    Algorithm("iterative", iterative, "iterative deepening under a node budget or a stop "
              "test, one table shared, the last best move first", table="always",
              quiescence=True, budget=True),
    Algorithm("mate", mate, "memoized alpha-beta, windows clipped by mate-distance bounds",
              table="always"),
    Algorithm("history", history, "memoized alpha-beta ordering moves by the history "
              "heuristic and killers", table="always"),
    Algorithm("pvs", pvs, "principal variation search (NegaScout): null windows after "
              "the first move"),
    Algorithm("aspiration", aspiration, "alpha-beta in a window around a guess, searched "
              "again if it fails", table="always"),
    Algorithm("mtdf", mtdf, "MTD(f): null-window searches from a guess, converging on the "
              "value", table="always"),
    Algorithm("sss", sss, "SSS* as MTD(+inf): the leaves of Stockman's best-first SSS*",
              table="always"),
    Algorithm("dual", dual, "DUAL* as MTD(-inf)", table="always"),
    Algorithm("bisection", bisection, "strong solving: null windows bisecting the win/loss "
              "distance", table="always", depth=False),
    Algorithm("auto", auto, "the fastest exact path: bisection where it applies, else "
              "memoized", split=True),
    Algorithm("expectiminimax", expectiminimax, "every node of a game with chance nodes, "
              "each the probability-weighted mean of its outcomes (OpenSpiel's)",
              windows=False, quiescence=True, chance=True),
    Algorithm("star1", star1, "expectiminimax with alpha-beta and Ballard's Star1 pruning "
              "at chance nodes (needs bounds on the scores)", quiescence=True, chance=True,
              bounds=True),
    Algorithm("star2", star2, "Star1 after a probing phase: one move of each outcome "
              "searched first", quiescence=True, chance=True, bounds=True),
    Algorithm("mcts", mcts, "Monte Carlo tree search (UCT): random playouts, the most "
              "visited move; an estimate, not exact (its solver mode proves wins and "
              "losses)", windows=False, depth=False, chance=True, estimate=True),
)
"""Every algorithm: each runs as ``solve(game, state, name)`` and can be traced."""

NAMES: tuple[str, ...] = tuple(sorted(algorithm.name for algorithm in FAMILY))
"""The family's names, sorted."""

_BY_NAME = {algorithm.name: algorithm for algorithm in FAMILY}


def family_str(width: int = 88) -> str:
    """Return the family as a table of names and what each is, wrapped to ``width``.

    >>> print(family_str().split("\\n")[0])
    minimax         every node, no pruning (the card's depth-parity minimax, in negamax
    """
    import textwrap  # here: a search does not need it (start-up time)

    def row(algorithm: Algorithm) -> str:
        return textwrap.fill(algorithm.about, width, initial_indent=f"{algorithm.name:<16}",
                             subsequent_indent=" " * 16)
    return "\n".join(row(algorithm) for algorithm in FAMILY)


def by_name(name: str) -> Algorithm:
    """Return the algorithm called ``name``, or a ValueError listing the family.

    >>> by_name("dual").about
    'DUAL* as MTD(-inf)'
    >>> by_name("sss*")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: unknown algorithm 'sss*'; choose from alphabeta, aspiration, auto, ...
    """
    if name not in _BY_NAME:
        raise ValueError(f"unknown algorithm {name!r}; choose from {', '.join(NAMES)}")
    return _BY_NAME[name]


class Progress(Protocol):
    """A progress display: called every 1,024 nodes (returns False), told each depth done."""

    def __call__(self) -> bool: ...

    def reached(self, result: SearchResult[Any]) -> None: ...


def solve(game: Game[State, Move], state: State, algorithm: str = "auto",
          options: Options = None, /, *, table: bool | Table = True, stop: Stop = None,
          progress: Progress | None = None, **changes: Any) -> SearchResult[Move]:
    """Return the result of the named algorithm, with or without a table, to ``depth``.

    ``algorithm`` is a name in ``NAMES``; ``auto`` (the default) picks the fastest exact
    path, and the result's ``algorithm`` says which ran.  ``table=False`` drops the table
    where an algorithm can do without (those whose record says ``table='always'`` keep
    one); a ``Table`` is the table to search with (``Table(megabytes=64)``: its bound; a
    fresh one by default).  ``max_nodes`` and ``stop`` bound an algorithm with a
    ``budget`` (iterative deepening), and ``depth`` caps it.  A ``progress`` hook (the
    shell's display) is called every 1,024 nodes and told each depth iterative deepening
    completes; it never changes the result.  ``trace`` records every pass.  ``quiescence``
    plies of noisy moves go on past ``depth`` (the algorithms whose record says
    ``quiescence``).

    >>> from fminimax.games import tree
    >>> solve(tree.game(), tree.start([[2, 7], [1, 8]]), "minimax").pv
    (0, 0)
    """
    record = by_name(algorithm)
    chosen = options_of(options, changes)
    _check_fit(record, chosen, stop)
    if record.budget:
        depth = chosen.depth
        return record.run(game, state, options_of(chosen, {"depth": None}),
                          table=table if isinstance(table, Table) else None,
                          stop=_watched(stop, progress), max_depth=depth,
                          reached=None if progress is None else progress.reached)
    kept = (table if isinstance(table, Table)
            else Table() if table or record.table == "always" else None)
    result = record.run(game, state, chosen, table=kept, stop=progress)
    return result if result.algorithm else replace(result, algorithm=algorithm)


def _check_fit(record: Algorithm, options: SearchOptions, stop: Stop) -> None:
    """Refuse options the algorithm cannot honour: a budget, a depth, quiescence."""
    if options.quiescence and not record.quiescence:
        takes = ", ".join(a.name for a in FAMILY if a.quiescence)
        raise ValueError(f"quiescence applies to {takes}, not {record.name!r}")
    if (options.max_nodes is not None or stop is not None) and not record.budget:
        raise ValueError(f"a node budget or a time limit needs the iterative algorithm, not "
                         f"{record.name!r}")
    if options.depth is not None and not record.depth:
        raise ValueError(f"{record.name} solves to the end of the game; depth must be None, "
                         f"got {options.depth!r}")


def _watched(stop: Stop, progress: Progress | None) -> Stop:
    """Return a stop test that also feeds the progress display, or just one of them."""
    if progress is None or stop is None:
        return stop or progress

    def test() -> bool:
        progress()
        return stop()
    return test
