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
>>> explanations(traced(game, root, label=tree_labels(game, root), distances=False))[-2]
'MIN b returns ≤ 3 to MAX root; α stays 5.'
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, cast

from fminimax.core import SearchResult, Step
from fminimax.game import Game, Score
from fminimax.trace.data import (
    CUT_KINDS,
    EXACT,
    Trace,
    Traceable,
    Visit,
    is_chance,
    is_cut,
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

__all__ = ["CUT_KINDS", "Estimate", "Event", "Names", "PassSteps", "Said", "Story",
           "cut_reason", "enter_notes", "estimated_leaves", "events", "explanations", "pass_of",
           "passes", "said_str", "story_events", "story_of", "story_sentences"]

Estimate = Callable[[Path], bool]


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
    >>> told = story_of(traced(tree.game(), tree.start([[2, 7], [1, 8]]), distances=False))
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
    >>> t = traced(tree.game(), tree.start([[2, 7], [1, 8]]), distances=False)
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
        """Who acts at a node, then its name: 'MIN b', 'leaf 7', 'CHANCE a'."""
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
        return relation + self.number(visit.value) + self.value_note(visit)

    def value_note(self, visit: Visit) -> str:
        """Where a node's value came from, when not from its children: an estimate, the
        table, a mate-distance bound."""
        return (" (estimated)" if self.is_estimate(visit)
                else " (from the table)" if visit.kind == "table"
                else " (a mate-distance bound)" if visit.kind == "mate" else "")

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


Said = tuple[str, tuple[str, ...]]
"""A sentence as a template and the strings filling its ``{}`` slots in order: node names,
values and bounds, so a page's data holds each template and each name once (``said_str``
writes the sentence)."""


def said_str(said: Said) -> str:
    """Return a sentence from its template and the strings that fill its slots.

    >>> said_str(("leaf {} returns {} to MIN {}.", ("2", "2", "a")))
    'leaf 2 returns 2 to MIN a.'
    """
    return said[0].format(*said[1])


class _Words:
    """A sentence being written: its template's text and the strings of its slots."""

    def __init__(self, names: Names) -> None:
        self.names = names
        self.text: list[str] = []
        self.slots: list[str] = []

    def say(self, *parts: str) -> _Words:
        """Add fixed words (no braces)."""
        self.text += parts
        return self

    def slot(self, filled: str) -> _Words:
        """Add a string that varies: a name, a value, a bound, a note."""
        self.text.append("{}")
        self.slots.append(filled)
        return self

    def title(self, visit: Visit) -> _Words:
        """Add who acts at a node and its name: 'MIN {}' filled with 'a'."""
        return self.say(role_of(visit), " ").slot(self.names.name(visit.path))

    def value(self, visit: Visit, left_out: int = 0) -> _Words:
        """Add what a node returns (``Names.value``), and how many nodes not drawn it was
        worked out from."""
        if visit.relation != EXACT:
            self.say(visit.relation, " ")
        self.slot(self.names.number(visit.value)).say(self.names.value_note(visit))
        if left_out:
            self.say(f" (worked out from {left_out} node{'s' * (left_out != 1)} below it, "
                     f"not drawn)")
        return self

    def said(self) -> Said:
        return "".join(self.text), tuple(self.slots)


@dataclass
class _Teller:
    """Writes the sentence of each event, keeping each frame's window and best as shown."""

    names: Names
    by_number: dict[int, Visit]
    windows: bool
    many: bool
    frames: dict[int, tuple[str, str, str]]
    notes: dict[int, str]  # what entering a pass's root or a re-searched child tells
    hidden: dict[int, int]  # nodes a drawing leaves out below a drawn node, by its number
    bests: Bests = field(default_factory=dict)  # each node's best children so far

    def enter(self, event: Event, visit: Visit) -> Said:
        names, words = self.names, _Words(self.names)
        self.frames[visit.number] = (names.bound(event.alpha), names.bound(event.beta), "")
        if visit.parent == 0:
            if self.many:
                words.say("Pass ").slot(str(event.pass_number)).say(" starts at ")
            else:
                words.say("The search starts at ")
            words.title(visit)
        else:
            words.title(visit).say(" is entered", " again" if visit.again else "", " from ")
            words.title(self.by_number[visit.parent])
        if self.windows:
            words.say(" with window [α ").slot(names.bound(visit.alpha)).say(", β ")
            words.slot(names.bound(visit.beta)).say("]")
        words.say(names.entered(visit))
        note = self.notes.get(visit.number, "")
        if note:
            words.slot(note)
        return words.say(".").said()

    def exit(self, event: Event, visit: Visit) -> Said:
        names, words = self.names, _Words(self.names)
        words.title(visit).say(" returns ").value(visit, self.hidden.get(visit.number, 0))
        if event.top is None:
            if self.many:
                words.say(": the value of pass ").slot(str(event.pass_number)).say(".")
                return words.slot(end_note(visit, names.number)).said()
            return words.say(": the value of the search.").said()
        parent = self.by_number[event.top]
        words.say(" to ").title(parent)
        old, new = self.frames[event.top], (
            names.bound(event.alpha), names.bound(event.beta),
            names.number(event.best) if event.best is not None else "")
        self.frames[event.top] = new
        if event.cutoff:
            return self.cut(words, parent)
        if is_chance(parent):
            return words.say(", with probability ").slot(
                number_str(visit.probability or 0)).say(".").said()
        which = (0 if parent.is_max else 1) if self.windows else 2
        words.say("; ", "αβ"[which] if self.windows else "the best so far",
                  " stays " if old[which] == new[which] else " becomes ")
        return words.slot(new[which]).say(".").said()

    def cut(self, words: _Words, parent: Visit) -> Said:
        """A return that made its parent stop: the condition, why it settles the parent,
        and the moves left unsearched (a cut-off always leaves some: ``data.is_cut``)."""
        cut = [self.names.name(parent.path + (move,)) for move in parent.pruned]
        words.say(": ").slot(self.names.reason(parent)).say(", a cut-off. ")
        cut_words(words, parent, self.by_number, self.bests)
        words.say(": ")
        for index, name in enumerate(cut):
            words.say(", " if index else "").slot(name)
        return words.say(" is" if len(cut) == 1 else " are", " pruned.").said()


Bests = dict[int, tuple[list[int], list["Visit | None"]]]


def _bests(above: Visit, by_number: dict[int, Visit], known: Bests
           ) -> tuple[list[int], list[Visit | None]]:
    """Return a node's children's numbers and, before each, the child that gave the node
    its best so far (None before the first): once per node, kept in ``known``."""
    if above.number not in known:
        best: Visit | None = None
        before: list[Visit | None] = []
        for kid in (by_number[number] for number in above.kids):
            before.append(best)
            if best is None or (kid.value > best.value if above.is_max
                                else kid.value < best.value):
                best = kid
        known[above.number] = (list(above.kids), before)
    return known[above.number]


def _settled_by(visit: Visit, by_number: dict[int, Visit], for_max: bool, bound: Score,
                known: Bests) -> Visit | None:
    """Return the node searched earlier that gave ``visit``'s window its bound: the best
    child so far, searched before the line to ``visit``, of the nearest ancestor where MAX
    (``for_max``) or MIN moves that is worth ``bound``; None when the bound came with the
    pass's window."""
    below, above = visit, by_number.get(visit.parent)
    while above is not None:
        if not is_chance(above) and above.is_max == for_max:
            kids, before = _bests(above, by_number, known)
            source = before[bisect.bisect_left(kids, below.number)]
            if source is not None and source.value == bound:
                return source
        below, above = above, by_number.get(above.parent)
    return None


def cut_words(words: _Words, visit: Visit, by_number: dict[int, Visit],
              known: Bests | None = None) -> _Words:
    """Add why a cut-off settles a node (``cut_reason``); ``known`` keeps each node's best
    children so far between calls."""
    names = words.names
    if visit.kind == "probe":
        return words.title(visit).say(" is probed: its first move only bounds it")
    if visit.kind == "mate":
        return words.say("a mate-distance bound settles ").title(visit)
    high = visit.value >= visit.beta
    if is_chance(visit):
        words.say("whatever the outcomes left are worth, ").title(visit)
        return words.say("'s average stays ", "at least β" if high else "at most α",
                         ", so they cannot matter")
    bound = visit.beta if high else visit.alpha
    source = _settled_by(visit, by_number, not high, bound, {} if known is None else known)
    if high:
        words.say("MIN already holds MAX to ").slot(names.bound(bound))
        if source is not None:
            words.say(" with ").title(source)
        else:
            words.say(" by the window of this search")
        words.say(", so once ").title(visit).say(" can reach ")
    else:
        words.say("MAX already has ").slot(names.bound(bound))
        if source is not None:
            words.say(" from ").title(source)
        else:
            words.say(" from the window of this search")
        words.say(", so once ").title(visit).say(" can hold it to ")
    words.slot(names.number(visit.value)).say(", ").title(visit)
    return words.say("'s other moves cannot matter")


def cut_reason(visit: Visit, by_number: dict[int, Visit], names: Names) -> str:
    """Return why a cut-off settles a node: what the other side already has elsewhere, so
    the node's other moves cannot matter.

    >>> from fminimax.games import tree
    >>> from fminimax.trace.data import traced
    >>> from fminimax.trace.labels import tree_labels
    >>> game, root = tree.game(), tree.start([[3, 12, 8], [2, 4, 6]])
    >>> told = visits(traced(game, root, label=tree_labels(game, root), distances=False))
    >>> names = Names(tree_labels(game, root), str, None)
    >>> cut_reason(told[5], {v.number: v for v in told}, names)
    "MAX already has 3 from MIN a, so once MIN b can hold it to 2, MIN b's other moves \
cannot matter"
    """
    return said_str(cut_words(_Words(names), visit, by_number).said())


def explanations(source: Traceable | Sequence[Traceable], *,
                 estimate: Estimate | None = None) -> tuple[str, ...]:
    """Return one sentence per event: what the step does and what it changes.

    ``estimate(path)`` says which leaves the heuristic scored (``estimated_leaves``).  The
    page shows these sentences (``page.page_data`` computes them; its script only shows them).

    >>> from fminimax.games import tree
    >>> from fminimax.trace.data import traced
    >>> from fminimax.trace.labels import tree_labels
    >>> game, root = tree.game(), tree.start([[2, 7], [1, 8]])
    >>> t = traced(game, root, label=tree_labels(game, root), distances=False, prune=False)
    >>> explanations(t)[3:5]
    ('leaf 2 returns 2 to MIN a; the best so far becomes 2.', 'leaf 7 is entered from MIN a.')
    """
    told = story_of(source)
    trace = told.trace
    names = Names(trace.label, trace.show, estimate, trace.moves)
    return tuple(map(said_str, story_sentences(told, names, story_events(told))))


def story_sentences(told: Story, names: Names, shown: Sequence[Event],
                    hidden: dict[int, int] | None = None) -> list[Said]:
    """Return the sentence of each event of ``shown`` (a story's events, or those of the
    nodes a page draws) as a template and its strings, the proof after the last; ``hidden``
    counts, by visit number, the nodes a drawing leaves out below a drawn node (its value
    is worked out from them)."""
    teller = _Teller(names, {visit.number: visit for visit in told.visits}, told.trace.windows,
                     len(told.passes) > 1, {}, enter_notes(told, names), hidden or {})
    found = [teller.enter(event, teller.by_number[event.node]) if event.action == "enter"
             else teller.exit(event, teller.by_number[event.node])
             for event in shown]
    proof = proof_str(told.visits, names.number)
    if proof and found:
        template, filled = found[-1]
        found[-1] = (template + " {}", (*filled, proof))
    return found


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
