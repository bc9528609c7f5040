"""The layout: imports flow one way, and only the shell prints, reads or exits."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "fminimax"


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


def in_shell(path: Path) -> bool:
    """Return whether ``path`` is part of the shell: the package fminimax/cli or __main__."""
    return path.name == "__main__.py" or (PACKAGE / "cli") in path.parents


def test_the_shell_is_the_package_fminimax_cli() -> None:
    assert (PACKAGE / "cli" / "__init__.py").is_file() and not (PACKAGE / "cli.py").exists()


def module_name(path: Path) -> str:
    return ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts)


def test_the_engine_and_the_protocol_never_import_a_game_or_the_shell() -> None:
    for path in [*(PACKAGE / "core").glob("*.py"), PACKAGE / "reference.py",
                 PACKAGE / "game.py", PACKAGE / "board.py"]:
        name = path.name
        imports = imported_modules(path)
        assert not {m for m in imports if m.startswith(("fminimax.games", "fminimax.cli",
                                                        "fminimax.tictactoe"))}, name


def test_games_import_only_the_protocol_and_boards_never_the_engine_or_shell() -> None:
    for path in (PACKAGE / "games").glob("*.py"):
        imports = imported_modules(path)
        assert not {m for m in imports if m.startswith(("fminimax.cli", "fminimax.parallel",
                                                        "fminimax.trace"))}, path.name


def test_nothing_below_the_shell_imports_the_shell() -> None:
    for path in PACKAGE.rglob("*.py"):
        if in_shell(path):
            continue
        assert not {m for m in imported_modules(path) if m.startswith("fminimax.cli")}, path.name


def test_only_the_shell_prints_reads_or_exits() -> None:
    for path in PACKAGE.rglob("*.py"):
        if in_shell(path):
            continue
        calls = {node.func.id for node in ast.walk(ast.parse(path.read_text()))
                 if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)}
        assert not calls & {"print", "input", "exit"}, path.name
