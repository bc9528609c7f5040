"""A traced search as a story: its passes, its enter and exit events, a sentence for each.

The core records a trace in *finishing* order (``core.Step``); ``data.visits`` gives the
*entry* order.  A teacher at the board shows both at once: a node is entered, its children
are searched, and it returns its value to its parent.  This module turns a trace into that
sequence of events, as data; ``page`` plays them back in a browser.

* ``passes(source)``: the root searches of a trace (iterative deepening, re-searches), each
  the ``PassSteps`` of one pass under a header; a trace of one search is one pass.
* ``events(source)``: the enter and exit events, in the order they happened, each saying
  which frame is on top of the call stack afterwards and its window and best value so far.
* ``explanations(source)``: one sentence per event.

A node that only learned a bound (a cut-off) returns ``≤ v`` or ``≥ v``, never a value:

>>> from fminimax.games import tree
>>> from fminimax.trace.data import traced
>>> from fminimax.trace.labels import tree_labels
>>> game, root = tree.game(), tree.start([[5, 6], [3, 1]])
>>> explanations(traced(game, root, label=tree_labels(game, root)))[-2]
'MIN 1 returns ≤ 3 to MAX root; α stays 5.'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any, cast

from fminimax.core import SearchResult, Step
from fminimax.game import Game, Score
from fminimax.trace.data import (
    EXACT,
    Trace,
    Traceable,
    Visit,
    is_chance,
    role_of,
    trace_of,
    visits,
)
from fminimax.trace.labels import (
    Label,
    Moves,
    Path,
    Show,
    bound_str,
    number_str,
    path_str,
    replayed,
    safe_show,
)
from fminimax.trace.proof import end_note, pass_roots, proof_str, research_note, start_note
from fminimax.trace.text import pass_str

__all__ = ["CUT_KINDS", "Estimate", "Event", "Names", "PassSteps", "Story", "enter_notes",
           "estimated_leaves", "events", "explanations", "pass_of", "passes", "story_events",
           "story_of"]

Estimate = Callable[[Path], bool]
CUT_KINDS = ("cutoff", "chance-cutoff", "quiescence-cutoff")
"""The kinds of a node whose last child's return made it stop searching (a cut-off)."""


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
            cutoff = parent.kind in CUT_KINDS and parent.kids[-1] == number
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


# --- the sentence of each step ------------------------------------------------------------


@dataclass(frozen=True)
class Names:
    """How a page names nodes and writes values: the trace's label and show, and estimates."""

    label: Label
    show: Show
    estimate: Estimate | None
    moves: Moves = str

    def bound(self, value: Score) -> str:
        """A window's bound, infinities as ∞."""
        return bound_str(self.show, value)

    def number(self, value: Score) -> str:
        """A value as the trace shows values (a bound's neighbour as a plain number)."""
        return safe_show(self.show, value)

    def title(self, visit: Visit) -> str:
        """Who acts at a node, then its name: 'MIN 1', 'leaf 7', 'CHANCE 0'."""
        return f"{role_of(visit)} {self.name(visit.path)}"

    def name(self, path: Path) -> str:
        """A node's one-line name: its label, or its path when the label has several lines."""
        label = self.label(path)
        return path_str(path, self.moves) if "\n" in label else label

    def is_estimate(self, visit: Visit) -> bool:
        """Whether the heuristic scored this leaf at the depth limit."""
        return visit.kind == "leaf" and self.estimate is not None and self.estimate(visit.path)

    def value(self, visit: Visit) -> str:
        """What a node returns: its value or bound (≤ v, ≥ v) and where it came from."""
        relation = "" if visit.relation == EXACT else f"{visit.relation} "
        note = (" (estimated)" if self.is_estimate(visit)
                else " (from the table)" if visit.kind == "table"
                else " (a mate-distance bound)" if visit.kind == "mate" else "")
        return relation + self.number(visit.value) + note

    def entered(self, visit: Visit) -> str:
        """What entering a node already tells: the depth limit, the table, a mate bound."""
        return ("; the depth limit stops the search here" if self.is_estimate(visit)
                else "; the table already holds its value" if visit.kind == "table"
                else "; a mate-distance bound settles it" if visit.kind == "mate" else "")

    def reason(self, visit: Visit) -> str:
        """Why a node left moves unsearched: its cut-off ('1 ≤ α 2'), a probe, a mate bound."""
        if visit.kind == "probe":
            return "probed: first move only"
        if visit.kind == "mate":
            return "a mate-distance bound"
        value = self.number(visit.value)
        if visit.value >= visit.beta:
            return f"{value} ≥ β {self.bound(visit.beta)}"
        return f"{value} ≤ α {self.bound(visit.alpha)}"


@dataclass
class _Teller:
    """Writes the sentence of each event, keeping each frame's window and best as shown."""

    names: Names
    by_number: dict[int, Visit]
    windows: bool
    many: bool
    frames: dict[int, tuple[str, str, str]]
    notes: dict[int, str]  # what entering a pass's root or a re-searched child tells

    def window(self, visit: Visit) -> str:
        return (f" with window [α {self.names.bound(visit.alpha)}, "
                f"β {self.names.bound(visit.beta)}]" if self.windows else "")

    def enter(self, event: Event, visit: Visit) -> str:
        names = self.names
        self.frames[visit.number] = (names.bound(event.alpha), names.bound(event.beta), "")
        note = self.notes.get(visit.number, "")
        said = f"{self.window(visit)}{names.entered(visit)}{note}."
        if visit.parent == 0:
            start = f"Pass {event.pass_number} starts" if self.many else "The search starts"
            return f"{start} at {names.title(visit)}{said}"
        again = " again" if visit.again else ""
        return f"{names.title(visit)} is entered{again} from " \
               f"{names.title(self.by_number[visit.parent])}{said}"

    def exit(self, event: Event, visit: Visit) -> str:
        names = self.names
        if event.top is None:
            what = f"pass {event.pass_number}" if self.many else "the search"
            end = end_note(visit, names.number) if self.many else ""
            return f"{names.title(visit)} returns {names.value(visit)}: the value of {what}.{end}"
        parent = self.by_number[event.top]
        said = f"{names.title(visit)} returns {names.value(visit)} to {names.title(parent)}"
        old, new = self.frames[event.top], (
            names.bound(event.alpha), names.bound(event.beta),
            names.number(event.best) if event.best is not None else "")
        self.frames[event.top] = new
        if event.cutoff:
            return self.cut(said, parent)
        if is_chance(parent):
            return f"{said}, with probability {number_str(visit.probability or 0)}."
        return self.moved(said, parent, old, new)

    def moved(self, said: str, parent: Visit, old: tuple[str, str, str],
              new: tuple[str, str, str]) -> str:
        """A return that changed the parent's window (alpha-beta) or best (minimax), or not."""
        if self.windows:
            which = 0 if parent.is_max else 1
            verb = "stays" if old[which] == new[which] else "becomes"
            return f"{said}; {'αβ'[which]} {verb} {new[which]}."
        return f"{said}; the best so far {'stays' if old[2] == new[2] else 'becomes'} {new[2]}."

    def cut(self, said: str, parent: Visit) -> str:
        cut = [self.names.name(parent.path + (move,)) for move in parent.pruned]
        reason = self.names.reason(parent)
        if not cut:
            return f"{said}: {reason}, a cut-off with no move left to prune."
        return (f"{said}: {reason}, a cut-off; {', '.join(cut)} "
                f"{'is' if len(cut) == 1 else 'are'} pruned.")


def explanations(source: Traceable | Sequence[Traceable], *,
                 estimate: Estimate | None = None) -> tuple[str, ...]:
    """Return one sentence per event: what the step does and what it changes.

    ``estimate(path)`` says which leaves the heuristic scored (``estimated_leaves``).  The
    page's script writes the same sentences from the page's data.

    >>> from fminimax.games import tree
    >>> from fminimax.trace.data import traced
    >>> from fminimax.trace.labels import tree_labels
    >>> game, root = tree.game(), tree.start([[2, 7], [1, 8]])
    >>> t = traced(game, root, label=tree_labels(game, root), prune=False)
    >>> explanations(t)[3:5]
    ('leaf 2 returns 2 to MIN 0; the best so far becomes 2.', 'leaf 7 is entered from MIN 0.')
    """
    told = story_of(source)
    trace = told.trace
    names = Names(trace.label, trace.show, estimate, trace.moves)
    teller = _Teller(names, {visit.number: visit for visit in told.visits}, trace.windows,
                     len(told.passes) > 1, {}, enter_notes(told, names))
    found = [teller.enter(event, teller.by_number[event.node]) if event.action == "enter"
             else teller.exit(event, teller.by_number[event.node])
             for event in story_events(told)]
    proof = proof_str(told.visits, names.number)
    return tuple(found[:-1] + [f"{found[-1]} {proof}"] if proof else found)


def enter_notes(told: Story, names: Names) -> dict[int, str]:
    """Return, by visit number, what entering a node tells beyond its window: the question
    a pass asks (``proof.start_note``) and why a child is searched again (a re-search)."""
    roots = pass_roots(told.visits)
    kinds = {one.number: one.kind for one in told.trace.passes}
    by_number = {visit.number: visit for visit in told.visits}
    found = {root.number: start_note(kinds.get(root.pass_number), roots, index, names.bound)
             for index, root in enumerate(roots)} if len(roots) > 1 else {}
    found.update({visit.number: research_note(visit, by_number, names.number)
                  for visit in told.visits if visit.again})
    return {number: note for number, note in found.items() if note}


def estimated_leaves(game: Game[Any, Any], root: Any) -> Estimate:
    """Return a test of which leaves a depth-limited search estimated: those not over.

    >>> from fminimax import tictactoe as ttt
    >>> estimated = estimated_leaves(ttt.game(), ttt.Position(ttt.parse_board("oox xx5 oo8"), "x"))
    >>> estimated((5,)), estimated((8,))
    (False, True)
    """
    def estimated(path: Path) -> bool:
        return not game.is_over(replayed(game, root, path))
    return estimated
