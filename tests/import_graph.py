"""The package's real import graph, read with ``ast``, and the map docs/architecture.md draws.

Every ``import`` and ``from ... import`` in every module of ``fminimax/`` counts, those inside
functions too (a late import is still an edge).  tests/test_layout.py checks the rules on this
graph; ``python tests/import_graph.py`` rewrites the map in docs/architecture.md, and a test
checks the file holds the map of the code as it is.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "fminimax"
DOC = ROOT / "docs" / "architecture.md"
ALLOWED: dict[str, set[str]] = {
    "fminimax.game": set(),
    "fminimax.build": set(),
    "fminimax.limits": set(),
    "fminimax.board": {"fminimax.game"},
    "fminimax.contract": {"fminimax.game"},
    "fminimax.reference": {"fminimax.game"},
    "fminimax.core": {"fminimax.game", "fminimax.core"},
    "fminimax.algorithms": {"fminimax.game", "fminimax.core", "fminimax.mcts"},
    "fminimax.mcts": {"fminimax.game", "fminimax.core", "fminimax.mcts", "fminimax.limits"},
    "fminimax.games": {"fminimax.game", "fminimax.build", "fminimax.board", "fminimax.games"},
    "fminimax.registry": {"fminimax.game", "fminimax.board", "fminimax.games"},
    "fminimax.tictactoe": {"fminimax.game", "fminimax.board", "fminimax.games",
                           "fminimax.reference", "fminimax.core", "fminimax.algorithms"},
    "fminimax.curried": {"fminimax.game", "fminimax.board", "fminimax.tictactoe"},
    "fminimax.trace": {"fminimax.game", "fminimax.core", "fminimax.algorithms",
                       "fminimax.mcts", "fminimax.trace"},
    "fminimax.policy": {"fminimax.game", "fminimax.core", "fminimax.algorithms",
                        "fminimax.policy"},
    "fminimax.parallel": {"fminimax.game", "fminimax.core", "fminimax.algorithms",
                          "fminimax.parallel"},
    "fminimax.match": {"fminimax.game", "fminimax.core", "fminimax.algorithms",
                       "fminimax.mcts", "fminimax.policy", "fminimax.limits"},
    "fminimax.quiz": {"fminimax.game", "fminimax.core", "fminimax.algorithms",
                      "fminimax.games", "fminimax.trace"},
    "fminimax.notebook": {"fminimax.game", "fminimax.board", "fminimax.games",
                          "fminimax.trace"},
    "fminimax.mpi": {"fminimax.game", "fminimax.core", "fminimax.algorithms",
                     "fminimax.parallel", "fminimax.policy"},
    "fminimax.interop": {"fminimax.game", "fminimax.core", "fminimax.algorithms",
                         "fminimax.policy", "fminimax.games", "fminimax.registry",
                         "fminimax.interop", "fminimax.limits"},
}
"""What each part of the package may import from fminimax (a part is a top-level module or a
subpackage).  The shell (fminimax.cli, fminimax.__main__) may import anything; the package's
``__init__`` anything but the shell."""

BEGIN, END = "<!-- map: begin (python tests/import_graph.py writes it) -->", "<!-- map: end -->"


def module_name(path: Path) -> str:
    """Return the dotted name of a module file (a package is its ``__init__``)."""
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    """Return every module of the package by dotted name."""
    return {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def _resolved(node: ast.ImportFrom, here: str, is_package: bool) -> str:
    """Return the absolute module a ``from`` import names (relative imports resolved)."""
    if not node.level:
        return node.module or ""
    base = here.split(".")
    base = base if is_package else base[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def imports_of(path: Path) -> Iterator[tuple[str, str]]:
    """Yield (module, name) for each import in ``path``: name is '' for ``import module``."""
    here, is_package = module_name(path), path.name == "__init__.py"
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, ""
        elif isinstance(node, ast.ImportFrom):
            module = _resolved(node, here, is_package)
            for alias in node.names:
                yield module, alias.name


def graph() -> dict[str, set[str]]:
    """Return each fminimax module's set of the fminimax modules it imports."""
    known = modules()
    edges: dict[str, set[str]] = {name: set() for name in known}
    for name, path in known.items():
        for module, imported in imports_of(path):
            target = f"{module}.{imported}" if f"{module}.{imported}" in known else module
            if target in known and target != name:
                edges[name].add(target)
    return edges


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Return the strongly connected groups of more than one module (Tarjan), sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in sorted(edges[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return sorted(found)


def part(name: str) -> str:
    """Return the part of the map a module belongs to: its subpackage, or itself."""
    pieces = name.split(".")
    return ".".join(pieces[:2])


def map_text(edges: dict[str, set[str]]) -> str:
    """Return the Mermaid map of the package: one box a part, its modules inside, its arrows."""
    parts: dict[str, list[str]] = {}
    for name in sorted(edges):
        parts.setdefault(part(name), []).append(name)
    arrows = sorted({(part(a), part(b)) for a, targets in edges.items() for b in targets
                     if part(a) != part(b) and part(b) != "fminimax"})
    lines = ["```mermaid", "flowchart TD"]
    for box, members in parts.items():
        inner = sorted({m.split(".")[-1] if m != box else "__init__" for m in members})
        label = box.replace("fminimax.", "") if box != "fminimax" else "fminimax"
        shown = label + ("/" if (PACKAGE / label).is_dir() else "")
        detail = "<br/>" + " ".join(inner) if len(members) > 1 else ""
        lines.append(f'  {_node(box)}["{shown}{detail}"]')
    lines += [f"  {_node(a)} --> {_node(b)}" for a, b in arrows]
    lines.append("```")
    lines += ["", "| part | may import from fminimax |", "|---|---|"]
    lines += [f"| `{name}` | {_below(name)} |" for name in ALLOWED]
    lines += ["| `fminimax.cli`, `fminimax.__main__` | anything (the shell) |",
              "| `fminimax` (the package's table of contents) | anything but the shell |"]
    return "\n".join(lines)


def _below(name: str) -> str:
    """Return the parts ``name`` may import, as the page lists them."""
    others = sorted(a for a in ALLOWED[name] if a != name)
    return ", ".join(f"`{a}`" for a in others) or "nothing"


def _node(name: str) -> str:
    return name.replace(".", "_")


def current_doc(edges: dict[str, set[str]]) -> str:
    """Return docs/architecture.md with its map block replaced by the map of ``edges``."""
    text = DOC.read_text(encoding="utf-8")
    head, rest = text.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    return f"{head}{BEGIN}\n{map_text(edges)}\n{END}{tail}"


if __name__ == "__main__":
    DOC.write_text(current_doc(graph()), encoding="utf-8")
    sys.stdout.write(f"wrote the map of {len(modules())} modules to {DOC}\n")
