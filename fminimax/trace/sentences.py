"""The sentence of each step of a traced search: what it does and what it changes.

``explanations(source)`` gives one sentence per event of ``events.events``; a page holds
each as a template and the names and values that fill it (``story_sentences``), and its
script only shows them.  A cut-off's sentence gives the condition, then the reason: what the
other side already has elsewhere, so the node's other moves cannot matter (``cut_reason``).

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
from dataclasses import dataclass, field
from typing import Any

from fminimax.game import Game, Score
from fminimax.trace.data import EXACT, Traceable, Visit, is_chance, role_of
from fminimax.trace.events import Event, Story, story_events, story_of
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

__all__ = ["Estimate", "Names", "Said", "cut_reason", "enter_notes", "estimated_leaves",
           "explanations", "said_str", "story_sentences"]

Estimate = Callable[[Path], bool]


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
        return self.moved(words, parent, old, new)

    def moved(self, words: _Words, parent: Visit, old: tuple[str, str, str],
              new: tuple[str, str, str]) -> Said:
        """A return that changed the parent's window (alpha-beta) or best (minimax), or not."""
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
    >>> from fminimax.trace.data import traced, visits
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
