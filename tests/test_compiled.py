"""The two builds: which one runs, and what both must do alike.

CI runs the suite twice: against the pure source (README's test command) and against a wheel
compiled by mypyc and installed into its own environment (.ci/run).  FMINIMAX_EXPECT_BUILD
names the build a pass means to test ('pure' when unset: the source tree), so a pass that
quietly imported the other build, or a source tree with compiled modules built in place
beside their .py files, fails here.  The deep searches below run in both passes with the
same expected messages: both builds refuse them alike.
"""

from __future__ import annotations

import importlib
import importlib.util
import multiprocessing
import os
import subprocess
import sys
import textwrap
from concurrent.futures import ProcessPoolExecutor
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest

from fminimax import build, core
from fminimax.cli import version

ROOT = Path(__file__).resolve().parent.parent
EXPECTED = os.environ.get("FMINIMAX_EXPECT_BUILD", "pure")


def test_the_build_running_is_the_one_this_run_means_to_test() -> None:
    assert build.build() == EXPECTED
    compiled = EXPECTED == "compiled"
    assert build.compiled_modules() == (build.COMPILED_MODULES if compiled else ())
    for name in build.COMPILED_MODULES:  # imported, each comes from the file the check named
        origin = importlib.import_module(name).__file__ or ""
        assert origin.endswith(tuple(EXTENSION_SUFFIXES)) == compiled, origin


def test_version_says_which_build_runs() -> None:
    assert version().endswith(f" ({EXPECTED})")
    done = subprocess.run([sys.executable, "-m", "fminimax", "--version"], capture_output=True,
                          text=True, timeout=60, env={**os.environ, "PYTHONSAFEPATH": "1"})
    assert done.returncode == 0
    assert (done.stdout + done.stderr).strip() == f"fminimax {version()}"


def test_a_pool_worker_process_runs_the_build_this_run_tests() -> None:
    # a worker process takes its parent's sys.path: a module that put the repository first
    # (a benchmark script the tests import) made the compiled pass's workers run ./fminimax
    context = multiprocessing.get_context("forkserver")
    with ProcessPoolExecutor(1, mp_context=context) as pool:
        assert pool.submit(build.build).result(timeout=60) == EXPECTED


def test_every_compiled_module_is_a_source_file_of_the_package() -> None:
    # setup.py compiles exactly these files (it reads COMPILED_MODULES from fminimax/build.py)
    for name in build.COMPILED_MODULES:
        assert (ROOT / (name.replace(".", "/") + ".py")).is_file(), name


def _backend() -> object:
    """Return build_backend.py (the repository's build backend) loaded by its path."""
    spec = importlib.util.spec_from_file_location("build_backend", ROOT / "build_backend.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_compiled_build_asks_for_mypy_and_the_dependencies_mypyc_reads(
        monkeypatch: pytest.MonkeyPatch) -> None:
    tomllib = pytest.importorskip("tomllib")  # Python 3.11+
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    backend = _backend()
    monkeypatch.setenv("FMINIMAX_COMPILE", "1")
    asked = backend.get_requires_for_build_wheel()  # type: ignore[attr-defined]
    assert asked[0].startswith("mypy") and asked[1:] == project["dependencies"]


def test_a_compiled_editable_install_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    backend = _backend()
    monkeypatch.setenv("FMINIMAX_COMPILE", "1")
    with pytest.raises(SystemExit, match="never an editable install: compiled modules in the "
                       "source tree would shadow their .py files"):
        backend.get_requires_for_build_editable()  # type: ignore[attr-defined]


# --- deep searches: refused by the ply limit, alike in both builds ----------------------------

DEEP = textwrap.dedent("""
    import sys
    from fminimax import core
    from fminimax.games import tree
    from fminimax.games.tree.frozen import Chance

    def chain(plies, chance):
        deep = 0  # a draw: every option takes it (mate bounds refuse a +1 for the mover)
        for _ in range(plies):
            deep = (Chance(((1, deep),)),) if chance else (deep,)
        return tree.Node(deep, ())

    OPTIONS = {
        "alpha-beta": {}, "minimax": {"prune": False}, "table": {"table": core.Table},
        "traced": {"trace": True}, "pvs and history": {"scout": True, "history": True},
        "mate": {"mate": True, "distances": True},
        "expectiminimax": {"distances": False},
        "star1 traced, table": {"distances": False, "star": 1, "bounds": (-1, 1), "trace": True,
                                "table": core.Table},
        "star2": {"distances": False, "star": 2, "bounds": (-1, 1)},
    }
    for name, options in OPTIONS.items():
        chance = "star" in name or "expecti" in name
        options = {k: v() if v is core.Table else v for k, v in options.items()}
        # (a chance node at the limit would be scored by a heuristic: the chain ends before)
        at_limit = core.search(tree.game(), chain(core.MAX_PLIES - chance, chance), **options)
        try:
            core.search(tree.game(), chain(core.MAX_PLIES + 10, chance), **options)
            print(name, at_limit.value, "not refused")
        except ValueError as error:
            print(name, at_limit.value, error)
""")


def test_a_search_deeper_than_the_ply_limit_is_refused_and_one_at_it_runs() -> None:
    # in its own process: a compiled search out of C stack would end the process, not raise
    done = subprocess.run([sys.executable, "-c", DEEP], capture_output=True, text=True,
                          timeout=300, env={**os.environ, "PYTHONSAFEPATH": "1"})
    assert done.returncode == 0, (done.returncode, done.stderr[-500:])
    refusal = ("the search of 'tree' went 2,000 plies deep without reaching an end, the most "
               "the core searches; give a depth")
    lines = done.stdout.splitlines()
    assert len(lines) == 9
    for line in lines:
        name, _, rest = line.rpartition(" 0 ")  # searched to its draw at the limit
        assert rest == refusal, line


def test_the_command_line_refuses_a_game_deeper_than_the_limit_in_one_line() -> None:
    # Pig's horizon allows 10,000 decisions; a search past MAX_PLIES is refused, not a crash
    done = subprocess.run([sys.executable, "-m", "fminimax", "solve", "pig", "2", "2",
                           str(core.MAX_PLIES + 10)], capture_output=True, text=True,
                          timeout=120, env={**os.environ, "PYTHONSAFEPATH": "1"})
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == ("fminimax: error: a search of 'pig-w2-d2-h2010' goes deeper than "
                           "the engine can follow a line; bound it with --depth N, or "
                           "--algorithm iterative (an estimate)\n")


# --- bad values handed to Connect Four: named in the library's words, alike in both builds ----

BAD_CONNECT_FOUR = [
    ("start", ("7", 6), ValueError, "width must be a positive int, got '7'"),
    ("shape", (7, 6.0), ValueError, "height must be a positive int, got 6.0"),
    ("rules", (7, 6, True), ValueError, "k must be a positive int, got True"),
    ("game", (None,), ValueError, "width must be a positive int, got None"),
    ("solver", (7, "6"), ValueError, "height must be a positive int, got '6'"),
    ("from_moves", ("33", "7"), ValueError, "width must be a positive int, got '7'"),
    ("from_moves", (33,), TypeError, "a move list is a text of column digits or a sequence of "
                                     "ints, got 33"),
]


@pytest.mark.parametrize("name, args, error, message", BAD_CONNECT_FOUR)
def test_connect_four_names_a_bad_size_or_move_list_in_its_own_words(
        name: str, args: tuple[object, ...], error: type[Exception], message: str) -> None:
    # compiled, a parameter declared int would answer "int object expected; got str" first
    from fminimax.games import connect4

    with pytest.raises(error) as raised:
        getattr(connect4, name)(*args)
    assert str(raised.value) == message


def test_connect_four_names_a_bad_column_in_its_own_words() -> None:
    from fminimax.games import connect4

    with pytest.raises(ValueError) as raised:
        connect4.play(connect4.shape(), connect4.start(), "3")
    assert str(raised.value) == "illegal move '3': columns are 0 to 6"
