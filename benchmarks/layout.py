"""The layout's figures: what issue-size limits the code keeps, measured on the tree as it is.

    python benchmarks/layout.py [PACKAGE_DIR]

Prints the blocks radon rates C or worse (complexity above 10) with the worst, the longest
modules, the longest parameter list, and the import circles (imports inside functions
count), for the package at PACKAGE_DIR (default: this checkout's fminimax/).
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

from radon.complexity import cc_visit

HERE = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(HERE / "tests"))

import import_graph  # noqa: E402


def figures(package: Path) -> list[str]:
    """Return the figures of the package at ``package`` as lines of text."""
    files = sorted(package.rglob("*.py"))
    blocks, params, sizes = [], [], []
    for path in files:
        text = path.read_text(encoding="utf-8")
        name = str(path.relative_to(package.parent))
        sizes.append((len(text.splitlines()), name))
        blocks += [(b.complexity, f"{name}:{b.fullname}") for b in cc_visit(text)]
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                a = node.args
                count = (len(a.posonlyargs) + len(a.args) + len(a.kwonlyargs)
                         + (a.vararg is not None) + (a.kwarg is not None))
                params.append((count, f"{name}:{node.name}"))
    worse = sorted((b for b in blocks if b[0] > 10), reverse=True)
    lines = [f"modules: {len(files)}; blocks: {len(blocks)}; rated C or worse (> 10): "
             f"{len(worse)}" + (f"; worst {worse[0][1]} ({worse[0][0]})" if worse else "")]
    lines += [f"  {c:3d} {where}" for c, where in worse[:10]]
    lines.append("longest modules: " + ", ".join(f"{n} ({c})" for c, n in
                                                   sorted(sizes, reverse=True)[:5]))
    lines.append(f"modules over 500 lines: {sum(c > 500 for c, _ in sizes)}")
    top = max(params)
    lines.append(f"longest parameter list: {top[0]} ({top[1]}); functions over 8: "
                 f"{sum(c > 8 for c, _ in params)}")
    if package.resolve() == import_graph.PACKAGE.resolve():
        lines.append(f"import circles: {import_graph.cycles(import_graph.graph()) or 'none'}")
    return lines


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else import_graph.PACKAGE
    sys.stdout.write("\n".join(figures(target)) + "\n")
