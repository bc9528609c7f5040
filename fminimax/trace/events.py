"""A traced search as a story: its passes, and its enter and exit events.

The core records a trace in *finishing* order (``core.Step``); ``data.visits`` gives the
*entry* order.  A teacher at the board shows both at once: a node is entered, its children
are searched, and it returns its value to its parent.  This module turns a trace into that
sequence of events, as data; ``page`` plays them back in a browser.

* ``passes(source)``: the root searches of a trace (iterative deepening, re-searches), each
  the ``PassSteps`` of one pass under a header; a trace of one search is one pass.
* ``events(source)``: the enter and exit events, in the order they happened, each saying
  which frame is on top of the call stack afterwards and its window and best value so far.

The sentence of each event is written by ``sentences`` (``explanations``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, cast

from fminimax.core import SearchResult, Step
from fminimax.game import Score
from fminimax.trace.data import (
    CUT_KINDS,
    Trace,
    Traceable,
    Visit,
    is_chance,
    is_cut,
    trace_of,
    visits,
)
from fminimax.trace.labels import (
    number_str,
)
from fminimax.trace.text import pass_str

__all__ = ["CUT_KINDS", "Event", "PassSteps", "Story", "events", "pass_of", "passes",
           "story_events", "story_of"]


# --- passes: the root searches of a trace -------------------------------------------------


@dataclass(frozen=True)
class PassSteps:
    """The steps of one root pass of a trace: its number (from 1), a header, and its steps.

    ``steps`` are in finishing order, as the core records them; ``header`` is empty for
    a trace of one pass.  (The core's ``core.Pass`` is the record of the pass itself:
    its window, depth and value.)
    """

    number: int
    header: str
    steps: tuple[Step, ...]


def pass_of(step: Step) -> int:
    """Return the index of the root pass a step belongs to (``Step.pass_number``, from 0).

    >>> from fminimax.core import Step
    >>> pass_of(Step((), 0, True, 0, 1, 1, "leaf")), pass_of(Step((), 0, True, 0, 1, 1,
    ...                                                          "leaf", pass_number=2))
    (0, 2)
    """
    return step.pass_number


def _is_trace_sequence(source: Any) -> bool:
    """Return whether ``source`` is a sequence of traces (not of steps)."""
    return (isinstance(source, Sequence) and not isinstance(source, Trace | SearchResult)
            and bool(source) and all(isinstance(part, Trace | SearchResult)
                                     for part in source))


def _combined(source: Traceable | Sequence[Traceable]) -> tuple[Trace, dict[int, str]]:
    """Return one trace of a source, and the core's pass headers by pass index.

    A sequence of traces is played one after another: each part's passes are numbered on
    from the last part's; the label, show and windows are the first part's.
    """
    if not _is_trace_sequence(source):
        trace = trace_of(source)  # type: ignore[arg-type]
        return trace, {one.number: pass_str(trace, one.number, outcome=False)
                       for one in trace.passes}
    parts = [trace_of(part) for part in cast(Sequence[Traceable], source)]
    steps: list[Step] = []
    for part in parts:
        offset = steps[-1].pass_number + 1 if steps else 0
        steps += [replace(step, pass_number=offset + step.pass_number) for step in part.steps]
    return replace(parts[0], steps=tuple(steps), passes=()), {}


def _window_str(alpha: Score, beta: Score) -> str:
    """Return a window as '(α, β)' with infinities as ∞."""
    return f"({number_str(alpha)}, {number_str(beta)})"


def _header(index: int, steps: Sequence[Step], many: bool, core: str | None) -> str:
    """Return a pass's header: none for a lone pass, else the core's, else window and depth."""
    if not many:
        return ""
    if core is not None:
        return core
    root = steps[-1]
    depth = max(step.depth for step in steps) - root.depth
    return f"pass {index + 1}: window {_window_str(root.alpha, root.beta)}, depth {depth}"


@dataclass(frozen=True)
class Story:
    """A source made ready to play: one trace, its passes, its visits, each pass's place.

    ``place`` maps a step's pass index to the pass's position in ``passes`` (from 0).
    """

    trace: Trace
    passes: tuple[PassSteps, ...]
    visits: tuple[Visit, ...]
    place: dict[int, int]


def story_of(source: Traceable | Sequence[Traceable],
             headers: Sequence[str] | None = None) -> Story:
    """Return a trace, or a sequence of traces played one by one, ready to play.

    >>> from fminimax.games import tree
    >>> from fminimax.trace.data import traced
    >>> told = story_of(traced(tree.game(), tree.start([[2, 7], [1, 8]])))
    >>> len(told.passes), len(told.visits), told.place
    (1, 6, {0: 0})
    """
    trace, given = _combined(source)
    groups: dict[int, list[Step]] = {}
    for step in trace.steps:
        groups.setdefault(pass_of(step), []).append(step)
    numbers = sorted(groups)
    if headers is not None and len(headers) != len(numbers):
        raise ValueError(f"got {len(headers)} headers for {len(numbers)} passes; give one "
                         f"header per pass")
    found = tuple(PassSteps(index + 1, headers[index] if headers is not None
                            else _header(index, groups[number], len(numbers) > 1,
                                         given.get(number)), tuple(groups[number]))
                  for index, number in enumerate(numbers))
    return Story(trace, found, visits(trace), {n: i for i, n in enumerate(numbers)})


def passes(source: Traceable | Sequence[Traceable],
           headers: Sequence[str] | None = None) -> tuple[PassSteps, ...]:
    """Return the root searches of a trace, or of a sequence of traces played one by one.

    Steps are grouped by their pass index (``pass_of``); a sequence of traces (say one per
    depth of iterative deepening) is one pass per trace.  Headers come from ``headers``,
    else from a SearchResult's ``passes``, else from the root's window and depth.

    >>> from fminimax.games import tree
    >>> from fminimax.trace.data import traced
    >>> game, root = tree.game(), tree.start([[2, 7], [1, 8]])
    >>> [(p.number, p.header, len(p.steps)) for p in passes(traced(game, root))]
    [(1, '', 6)]
    >>> estimating = tree.game(tree.zero)
    >>> deepening = [traced(estimating, root, depth=d) for d in (1, 2)]
    >>> [(p.number, p.header, len(p.steps)) for p in passes(deepening)]
    [(1, 'pass 1: window (-∞, +∞), depth 1', 3), (2, 'pass 2: window (-∞, +∞), depth 2', 6)]
    """
    return story_of(source, headers).passes


# --- events: the search as a teacher plays it ---------------------------------------------


@dataclass(frozen=True)
class Event:
    """One step of the stepper: a node entered or left, and the top frame after it.

    ``node`` numbers nodes in visit order over all passes (from 1); ``action`` is 'enter'
    or 'exit'; ``pass_number`` counts passes from 1.  ``top`` is the node whose frame is on
    top of the call stack afterwards (the node entered, or the parent returned to; None
    when a pass ends), with its ``alpha``, ``beta`` and ``best`` value so far, all for MAX
    (``best`` None before a child returns, and at chance nodes, which average).  ``cutoff``
    is True when this return made the parent stop searching.
    """

    action: str
    node: int
    pass_number: int
    top: int | None
    alpha: Score
    beta: Score
    best: Score | None
    cutoff: bool = False


def _order(every: Sequence[Visit]) -> list[tuple[str, Visit]]:
    """Return the enter and exit of every node, depth first: a node's exit after its subtree."""
    by_number = {visit.number: visit for visit in every}
    found: list[tuple[str, Visit]] = []
    for root in (visit for visit in every if visit.parent == 0):
        stack: list[tuple[str, Visit]] = [("enter", root)]
        while stack:
            action, visit = stack.pop()
            found.append((action, visit))
            if action == "enter":
                stack.append(("exit", visit))
                stack.extend(("enter", by_number[kid]) for kid in reversed(visit.kids))
    return found


Frame = tuple[Score, Score, Score | None]


def _narrowed(parent: Visit, frame: Frame, value: Score, windows: bool) -> Frame:
    """Return a frame's (alpha, beta, best) after a child returns ``value`` (MAX's view)."""
    alpha, beta, best = frame
    if is_chance(parent):  # a chance node averages its outcomes: no best, no narrowing
        return frame
    if parent.is_max:
        best = value if best is None else max(best, value)
        return (max(alpha, best) if windows else alpha), beta, best
    best = value if best is None else min(best, value)
    return alpha, (min(beta, best) if windows else beta), best


def story_events(told: Story) -> list[Event]:
    """Return the events of a story (see ``events``)."""
    every, windows = told.visits, told.trace.windows
    by_number = {visit.number: visit for visit in every}
    frames: dict[int, Frame] = {}
    found = []
    for action, visit in _order(every):
        number, place = visit.number, told.place[visit.pass_number] + 1
        if action == "enter":
            frames[number] = (visit.alpha, visit.beta, None)
            found.append(Event("enter", number, place, number, visit.alpha, visit.beta, None))
        elif visit.parent == 0:
            found.append(Event("exit", number, place, None, visit.alpha, visit.beta,
                               visit.value))
        else:
            parent = by_number[visit.parent]
            frames[parent.number] = _narrowed(parent, frames[parent.number], visit.value,
                                              windows)
            cutoff = is_cut(parent) and parent.kids[-1] == number
            found.append(Event("exit", number, place, parent.number, *frames[parent.number],
                               cutoff))
    return found


def events(source: Traceable | Sequence[Traceable]) -> tuple[Event, ...]:
    """Return the search as enter and exit events in the order they happened, pass by pass.

    Derived from the visits (entry order) and the steps (finishing order): a node is
    entered, its children's events follow in search order, then it exits.  Each event
    names the frame on top of the stack afterwards, with its window and best so far.

    >>> from fminimax.games import tree
    >>> from fminimax.trace.data import traced
    >>> t = traced(tree.game(), tree.start([[2, 7], [1, 8]]))
    >>> for e in events(t)[6:]:
    ...     print(e.action, e.node, e.top, e.alpha, e.beta, e.best, e.cutoff)
    exit 2 1 2 inf 2 False
    enter 5 5 2 inf None False
    enter 6 6 2 inf None False
    exit 6 5 2 1 1 True
    exit 5 1 2 inf 2 False
    exit 1 None -inf inf 2 False
    """
    return tuple(story_events(story_of(source)))
