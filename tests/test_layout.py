"""The layout, checked on the real import graph: the rules docs/architecture.md states.

Imports flow one way (from the shell down to the core, from games down to the protocol), no
import circle anywhere (imports inside functions count), no module reaches for another's
private names, only the shell prints, reads, exits, parses arguments, runs programs or
writes files, and every module stays small enough to read: at most 500 lines, no function
above cyclomatic complexity 10 (radon's grades A and B: ``radon cc -n C fminimax`` lists
nothing) or with more than 8 parameters.
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest
from import_graph import (
    ALLOWED,
    PACKAGE,
    current_doc,
    cycles,
    graph,
    imports_of,
    modules,
    part,
)

SHELL = ("fminimax.cli", "fminimax.__main__", "fminimax.mpi.__main__")
EFFECTS = {"print", "input", "exit", "quit", "breakpoint"}
SHELL_MODULES = {"argparse", "subprocess", "tempfile", "shutil", "signal", "graphviz"}
FILE_METHODS = {"write_text", "write_bytes", "unlink", "rename", "touch", "mkdir"}
OS_WRITES = {"replace", "rename", "unlink", "remove", "mkfifo", "chmod", "write", "open",
             "makedirs", "system", "popen", "kill", "_exit"}


def in_shell(name: str) -> bool:
    return name.startswith(SHELL)


def below_shell() -> dict[str, Path]:
    return {name: path for name, path in modules().items() if not in_shell(name)}


def test_the_shell_is_the_package_fminimax_cli() -> None:
    assert (PACKAGE / "cli" / "__init__.py").is_file() and not (PACKAGE / "cli.py").exists()


@pytest.fixture(scope="module")
def edges() -> dict[str, set[str]]:
    """Return the import graph, read once for this module's tests (reading it parses every
    module of the package: once per parametrized case, it took a second each)."""
    return graph()


def test_there_is_no_import_circle_anywhere_counting_imports_inside_functions(
        edges: dict[str, set[str]]) -> None:
    assert cycles(edges) == []


@pytest.mark.parametrize("name", sorted(modules()))
def test_each_part_imports_only_the_parts_below_it(name: str, edges: dict[str, set[str]]) -> None:
    if in_shell(name):
        return
    if name == "fminimax":
        assert {t for t in edges[name] if in_shell(t)} == set()
        return
    allowed = ALLOWED[part(name)]
    assert {part(t) for t in edges[name]} - allowed == set(), (name, allowed)


@pytest.mark.parametrize("name", sorted(modules()))
def test_no_module_imports_another_modules_private_names(name: str) -> None:
    path = modules()[name]
    private = {f"{module}.{imported}" for module, imported in imports_of(path)
               if module.startswith("fminimax") and imported.startswith("_")
               and not imported.startswith("__")}
    tree = ast.parse(path.read_text(encoding="utf-8"))
    aliases = {alias.asname or alias.name for node in ast.walk(tree)
               if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("fminimax")
               for alias in node.names}
    aliases |= {alias.asname or alias.name.split(".")[0] for node in ast.walk(tree)
                if isinstance(node, ast.Import) for alias in node.names
                if alias.name.startswith("fminimax")}
    reached = {f"{node.value.id}.{node.attr}" for node in ast.walk(tree)
               if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
               and node.value.id in aliases and node.attr.startswith("_")
               and not node.attr.startswith(("__", "_repr_"))}  # Jupyter's display hooks
    assert private | reached == set()


@pytest.mark.parametrize("name", sorted(below_shell()))
def test_only_the_shell_prints_reads_exits_parses_runs_programs_or_writes_files(
        name: str) -> None:
    path = modules()[name]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    calls = {node.func.id for node in ast.walk(tree)
             if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)}
    assert calls & EFFECTS == set()
    imported = {module.split(".")[0] for module, _ in imports_of(path)}
    imported |= {node.args[0].value for node in ast.walk(tree) if isinstance(node, ast.Call)
                 and isinstance(node.func, ast.Attribute) and node.func.attr == "import_module"
                 and node.args and isinstance(node.args[0], ast.Constant)}
    assert imported & SHELL_MODULES == set()
    attributes = [node.func for node in ast.walk(tree)
                  if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)]
    assert {a.attr for a in attributes} & FILE_METHODS == set()
    assert {a.attr for a in attributes if isinstance(a.value, ast.Name)
            and a.value.id in ("os", "sys")} & (OS_WRITES | {"exit"}) == set()
    opened = [node for node in ast.walk(tree) if isinstance(node, ast.Call)
              and isinstance(node.func, ast.Name) and node.func.id == "open"]
    modes = [arg.value for node in opened for arg in [*node.args[1:2],
             *(k.value for k in node.keywords if k.arg == "mode")]
             if isinstance(arg, ast.Constant)]
    assert [mode for mode in modes if set(str(mode)) & set("wax+")] == []


@pytest.mark.parametrize("name", sorted(modules()))
def test_every_module_declares_its_public_names(name: str) -> None:
    tree = ast.parse(modules()[name].read_text(encoding="utf-8"))
    assigned = {target.id for node in tree.body if isinstance(node, (ast.Assign, ast.AnnAssign))
                for target in (node.targets if isinstance(node, ast.Assign) else [node.target])
                if isinstance(target, ast.Name)}
    assert "__all__" in assigned


@pytest.mark.parametrize("name", sorted(modules()))
def test_no_module_is_over_500_lines(name: str) -> None:
    assert len(modules()[name].read_text(encoding="utf-8").splitlines()) <= 500


def _functions(tree: ast.AST) -> list[ast.FunctionDef | ast.AsyncFunctionDef]:
    return [node for node in ast.walk(tree)
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))]


@pytest.mark.parametrize("name", sorted(modules()))
def test_no_function_takes_more_than_8_parameters(name: str) -> None:
    tree = ast.parse(modules()[name].read_text(encoding="utf-8"))
    counts = {node.name: len(node.args.posonlyargs) + len(node.args.args)
              + len(node.args.kwonlyargs) + (node.args.vararg is not None)
              + (node.args.kwarg is not None) for node in _functions(tree)}
    assert {fn: n for fn, n in counts.items() if n > 8} == {}


@pytest.mark.parametrize("name", sorted(modules()))
def test_no_block_is_above_cyclomatic_complexity_10(name: str) -> None:
    radon = pytest.importorskip("radon.complexity")
    blocks = radon.cc_visit(modules()[name].read_text(encoding="utf-8"))
    assert {block.fullname: block.complexity for block in blocks if block.complexity > 10} == {}


def test_each_subcommand_runs_in_about_40_lines() -> None:
    for path in (PACKAGE / "cli").glob("*.py"):
        for node in _functions(ast.parse(path.read_text(encoding="utf-8"))):
            if node.name == "run":
                assert (node.end_lineno or 0) - node.lineno + 1 <= 45, path.name


def test_the_registry_and_the_games_know_no_command_line_flag() -> None:
    for path in [PACKAGE / "registry.py", *(PACKAGE / "games").glob("*.py")]:
        strings = [node.value for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
                   if isinstance(node, ast.Constant) and isinstance(node.value, str)]
        assert [s for s in strings if s.lstrip().startswith("--")] == [], path.name


def test_the_architecture_page_draws_the_import_graph_as_it_is(
        edges: dict[str, set[str]]) -> None:
    from import_graph import DOC
    assert DOC.read_text(encoding="utf-8") == current_doc(edges), (
        "docs/architecture.md is out of date: run python tests/import_graph.py")


def test_the_packages_table_of_contents_names_every_public_name_once() -> None:
    import fminimax

    homes = [name for names in fminimax._HOMES.values() for name in names]
    assert sorted(homes) == sorted(fminimax.__all__) and len(set(homes)) == len(homes)
    assert all(getattr(fminimax, name) is not None for name in fminimax.__all__)


def test_every_module_of_the_table_of_contents_is_reached_from_a_fresh_import() -> None:
    import fminimax

    listed = re.findall(r"^``fminimax\.(\w+)``", fminimax.__doc__ or "", re.MULTILINE)
    assert "reference" in listed and "tictactoe" in listed and len(listed) >= 10
    code = (f"import fminimax\nfor name in {listed!r}:\n"
            f"    assert getattr(fminimax, name).__name__ == 'fminimax.' + name, name")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr[-400:]


def test_each_top_level_name_means_one_thing_the_generic_textbooks() -> None:
    import fminimax
    from fminimax import reference
    from fminimax.games import tree

    game, seed = tree.game(), tree.start([[2, 7], [1, 8]])
    assert fminimax.retrieve_score(game, seed, True) == 2
    assert fminimax.scores_map(game, seed) == {0: 2, 1: 1}
    for name in set(fminimax.__all__) & set(reference.__all__):
        assert getattr(fminimax, name) is getattr(reference, name), name
    from fminimax import tictactoe  # the card's, on boards: reached by its module's name
    assert fminimax.tictactoe is tictactoe and tictactoe.scores_map is not fminimax.scores_map


def test_a_name_is_defined_once_across_the_package() -> None:
    """``Position``, ``children`` and ``Settings`` each meant several things: one each now."""
    defined: dict[str, list[str]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:
            names = ([node.name] if isinstance(node, (ast.FunctionDef, ast.ClassDef)) else
                     [target.id for target in getattr(node, "targets", [])
                      if isinstance(target, ast.Name)])
            for name in names:
                defined.setdefault(name, []).append(str(path.relative_to(PACKAGE)))
    for name in ("Position", "children", "Settings"):
        assert len(defined.get(name, [])) <= 1, (name, defined[name])


PAGE_API = {"before", "go", "predict", "sentences", "snapshot"}
"""``window.fminimax``'s names in the pages' JavaScript, which the docs and tests also call."""


def test_every_dotted_reference_to_the_package_names_something_that_exists() -> None:
    import importlib

    root = PACKAGE.parent
    places = [*PACKAGE.rglob("*.py"), *PACKAGE.rglob("*.js"), *(root / "docs").glob("*.md"),
              root / "README.md", *(root / "benchmarks").glob("*.py")]
    missing, absent = set(), object()
    for path in places:
        text = path.read_text(encoding="utf-8")
        for found in re.finditer(r"\bfminimax((?:\.[A-Za-z_]\w*)+)", text):
            parts = found.group(1).split(".")[1:]
            if parts[0] in PAGE_API or "__main__" in parts:
                continue
            for cut in range(len(parts), 0, -1):
                try:
                    value: object = importlib.import_module(".".join(["fminimax", *parts[:cut]]))
                except ImportError:
                    continue
                for attribute in parts[cut:]:
                    value = getattr(value, attribute, absent)
                if value is absent:
                    missing.add(f"fminimax.{'.'.join(parts)} in {path.name}")
                break
    assert not missing, sorted(missing)


def test_the_core_arithmetic_and_the_presets_live_in_one_place() -> None:
    from fminimax import algorithms, core
    from fminimax.parallel import serial
    from fminimax.policy import searches

    assert serial.farther is core.farther and serial.nearer is core.nearer
    assert searches.parent_value is core.parent_value
    presets = [algorithms.minimax, algorithms.alphabeta, algorithms.memoized, algorithms.mate,
               algorithms.history, algorithms.pvs, algorithms.expectiminimax,
               algorithms.star1, algorithms.star2]
    assert all(isinstance(preset, algorithms.Preset) for preset in presets)
    assert {preset.name for preset in presets if preset.own_table} == {
        record.name for record in algorithms.FAMILY
        if record.table == "always" and isinstance(record.run, algorithms.Preset)}


def test_the_tic_tac_toe_benchmarks_search_the_rules_the_command_line_searches() -> None:
    sys.path.insert(0, str(PACKAGE.parent))
    from benchmarks import bench
    from fminimax import registry

    made = registry.make("tictactoe", registry.Options())
    game, start = bench.ttt_rules()
    assert game.name == made.exact.name and start == made.state
    assert not (PACKAGE / "games" / "tictactoe" / "bits.py").exists()
