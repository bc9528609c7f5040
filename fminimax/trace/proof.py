"""Why a search of several passes knows its value: each pass's question, answer and proof.

A multi-pass search (MTD(f), bisection, SSS*, aspiration windows, iterative deepening) asks
the root one question a pass.  A learner stepping through it should hear the question when
the pass starts, the answer only when the pass ends, and at the very end why the answers
together prove the value ("pass 1 showed ≥ 3, pass 2 showed ≤ 3: the value is 3").  A
re-search (PVS searching a child again, an aspiration window widened) is said to be one,
with its reason.  The sentences are data: ``events.explanations`` and the page use them.

>>> from fminimax import algorithms
>>> from fminimax.games import tree
>>> from fminimax.trace.data import trace_of, visits
>>> t = trace_of(algorithms.mtdf(tree.game(), tree.start([[3, 4], [2, 5]]),
...                               trace=True))
>>> proof_str(visits(t), str)
'Together: pass 1 showed ≥ 3 and pass 2 showed ≤ 3, so the value is 3.'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from fminimax.game import Score
from fminimax.trace.data import EXACT, LOWER, UPPER, Visit

__all__ = ["end_note", "outcome_str", "pass_roots", "proof_str", "pv_visits", "research_note",
           "start_note"]

Number = Callable[[Score], str]


def pass_roots(every: Sequence[Visit]) -> list[Visit]:
    """Return the root visit of each pass, in order (the visits whose parent is 0)."""
    return [visit for visit in every if visit.parent == 0]


_OUTCOMES = {LOWER: "fail high", UPPER: "fail low", EXACT: "exact"}


def outcome_str(root: Visit, number: Number) -> str:
    """Return what a pass returned, as its header's end reveals it: '≥ 3, fail high'.

    >>> from fminimax.trace.data import Visit
    >>> outcome_str(Visit(1, 3, (), 0, True, 2, 3, 2, "node", (), (), 3, relation="≤"), str)
    '≤ 2, fail low'
    """
    return f"{root.relation} {number(root.value)}, {_OUTCOMES[root.relation]}"


def start_note(kind: str | None, roots: Sequence[Visit], index: int, bound: Number) -> str:
    """Return what a pass asks, said when it starts ('' for a lone pass or an unknown kind).

    ``kind`` is the core's ``Pass.kind``; ``roots`` the passes' roots; ``index`` this
    pass's place (from 0); ``bound`` writes a window's bound.
    """
    root = roots[index]
    if kind == "null window":
        return (f"; a null window asks one question: is the value above α "
                f"{bound(root.alpha)}? (failing high says yes, at least β {bound(root.beta)}; "
                f"failing low says no, at most α)")
    if kind == "re-search" and index > 0:
        before = roots[index - 1]
        return (f"; a re-search: pass {index} showed {before.relation} "
                f"{bound(before.value)}, outside its window, so the root is searched again "
                f"with a wider one")
    if kind == "aspiration":
        return ("; an aspiration window: a guess around the expected value, narrower than "
                "(-∞, +∞) so that more is pruned; if the value lies outside, a re-search follows")
    if kind in ("full", "last") and len(roots) > 1:
        return "; a full window finds the value exactly"
    if kind is not None and kind.startswith("depth") and index > 0:
        return "; iterative deepening: one ply deeper than the pass before"
    return ""


def end_note(root: Visit, number: Number) -> str:
    """Return what a pass's answer says about the value, said when the pass ends."""
    if root.relation == LOWER:
        return f" It fails high: the value is at least {number(root.value)}."
    if root.relation == UPPER:
        return f" It fails low: the value is at most {number(root.value)}."
    return ""


def proof_str(every: Sequence[Visit], number: Number) -> str:
    """Return why the passes together prove the value ('' for a search of one pass, or of
    passes that each found a value, as iterative deepening's do).

    Each pass is listed with what it showed; the value is the last pass's.
    """
    roots = pass_roots(every)
    if len(roots) < 2 or all(root.relation == EXACT for root in roots):
        return ""  # one pass, or passes that each found a value (deeper and deeper)
    shown = [f"pass {index + 1} "
             + (f"found {number(root.value)} exactly" if root.relation == EXACT
                else f"showed {root.relation} {number(root.value)}")
             for index, root in enumerate(roots)]
    listed = ", ".join(shown[:-1]) + " and " + shown[-1]
    return f"Together: {listed}, so the value is {number(roots[-1].value)}."


def _relation_str(visit: Visit) -> str:
    """Return '' for an exact value, else the bound's sign and a space ('≥ ')."""
    return "" if visit.relation == EXACT else f"{visit.relation} "


def research_note(visit: Visit, by_number: dict[int, Visit], number: Number) -> str:
    """Return why a child is searched again (a PVS re-search), or '' for a first search.

    The first search was a null window around the best so far; it failed high (the move
    may be better than the best so far) and the exact value is needed.
    """
    if not visit.again:
        return ""
    parent = by_number[visit.parent]
    first = [by_number[kid] for kid in parent.kids
             if kid < visit.number and by_number[kid].path == visit.path]
    before = first[-1] if first else None
    said = ("its null-window search failed high" if before is None else
            f"its null-window search returned {_relation_str(before)}{number(before.value)}")
    return (f"; a re-search: {said}, so this move may be better than the best so far and "
            f"is searched again with the full window to learn its value")


def pv_visits(every: Sequence[Visit], pv: Sequence[object]) -> list[Visit]:
    """Return the visits along the principal variation in the last pass: its root, then the
    child each move of ``pv`` leads to (its last search, after any re-search), as far as the
    trace holds them.

    >>> from fminimax.games import tree
    >>> from fminimax.trace.data import traced, visits
    >>> t = traced(tree.game(), tree.start([[2, 7], [1, 8]]))
    >>> [v.path for v in pv_visits(visits(t), t.pv)]
    [(), (0,), (0, 0)]
    """
    roots = pass_roots(every)
    if not roots:
        return []
    by_number = {visit.number: visit for visit in every}
    found = [roots[-1]]
    for move in pv:
        kids = [by_number[kid] for kid in found[-1].kids
                if kid in by_number and by_number[kid].path[-1] == move]
        if not kids:
            break
        found.append(kids[-1])
    return found
