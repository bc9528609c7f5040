"""Start-up: a command line loads the game it names and nothing it does not use,
while every game stays listed in the help and in the errors, and reachable by name.

The time itself is measured by ``benchmarks/startup.py``, never asserted here; these tests
check what a fresh process imports (``python -X importtime``), which is what the time is.
"""

from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import sys
from dataclasses import replace
from typing import Any

import pytest

from fminimax import policy, registry
from fminimax.cli import main
from fminimax.cli.common import help_width
from fminimax.game import zero

PY = sys.executable
SOLVE = ["solve", "connect4", "--board", "4455", "--json"]
UNUSED = ("fminimax.games.tictactoe", "fminimax.games.pig", "fminimax.games.tree",
          "fminimax.games.nim", "fminimax.mcts", "fminimax.trace", "fminimax.parallel",
          "concurrent.futures", "multiprocessing", "fractions", "shutil", "textwrap",
          "decimal", "tempfile", "importlib.metadata")
"""What ``solve connect4 --board 4455 --json`` has no use for: the other games (tic-tac-toe's
persistent boards, Pig's fractions, the tree's JSON reader), UCT, the pools' futures, and
what only help, rare numbers or file outputs need."""


def imported_by(*argv: str) -> tuple[set[str], str]:
    """Return the modules a fresh process has imported once ``fminimax ARGV`` is done (even by
    ``--help``'s exit), and what it printed before them.

    ``sys.modules``, not ``python -X importtime``: that report leaves out modules imported by
    ``importlib.import_module``, as the registry and the shell import games and subcommands.
    """
    code = (f"import sys\nfrom fminimax.cli import main\ntry: main({list(argv)!r})\n"
            f"finally: print('\\n' + ' '.join(sorted(sys.modules)))")
    done = subprocess.run([PY, "-c", code], capture_output=True, text=True, timeout=120)
    printed, _, names = done.stdout.rpartition("\n\n")
    return set(names.split()), printed


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(list(argv), out, err)
    return status, out.getvalue(), err.getvalue()


def test_solving_connect_four_imports_only_connect_four_and_the_search() -> None:
    names, out = imported_by(*SOLVE)
    assert {"fminimax.games.connect4", "fminimax.core", "fminimax.policy", "argparse",
            "json"} <= names  # the importtime report is read right
    assert sorted(names & set(UNUSED)) == []
    assert not any(name.startswith(("concurrent.", "multiprocessing.", "fminimax.mcts."))
                   for name in names)
    record = json.loads(out)  # the nodes differ: the book (where installed) lets the exact
    assert (record["value"], record["best_move"], record["pv"]) == (  # search answer it
        999_997, 3, [3, 2, 6])


def test_each_game_loads_only_its_own_module() -> None:
    for name in registry.GAMES:
        names, _ = imported_by("solve", name, *registry.entry(name).example, "--json", "--quiet")
        games = {module for module in names
                 if module.count(".") == 2 and module.startswith("fminimax.games.")}
        assert games == {registry.GAMES[name]}, (name, games)


def test_every_game_is_reachable_by_name_and_is_its_module_s_entry() -> None:
    from importlib import import_module

    assert list(registry.GAMES) == ["tictactoe", "connect4", "nim", "pig", "tree"]
    for name, module in registry.GAMES.items():
        assert isinstance(module, str)
        entry = registry.entry(name)
        assert entry is import_module(module).ENTRY and entry.name == name
    assert [entry.name for entry in registry.entries()] == list(registry.GAMES)


def test_a_game_registered_as_an_entry_is_used_as_it_is() -> None:
    nim = registry.entry("nim")
    registry.GAMES["nim2"] = replace(nim, name="nim2")
    try:
        assert registry.entry("nim2").name == "nim2"
        assert registry.make("nim2", registry.Options(args=("1", "2"))).state == (
            nim.make(registry.Options(args=("1", "2"))).state)
    finally:
        del registry.GAMES["nim2"]


def test_help_still_names_every_game_its_limits_and_what_each_option_means() -> None:
    done = subprocess.run([PY, "-m", "fminimax", "solve", "--help"], capture_output=True,
                          text=True, timeout=120, env={**os.environ, "COLUMNS": "10000"})
    assert done.returncode == 0
    for entry in registry.entries():
        assert f"{entry.name}: {entry.about} ({entry.limits})" in done.stdout
        for option, meaning in entry.options:
            if option in ("size", "k", "misere"):
                assert f"{entry.name}: {meaning}" in done.stdout
        if entry.heuristic:
            assert f"{entry.name}: {entry.heuristic}" in done.stdout
    assert "one of tictactoe, connect4, nim, pig, tree, or MODULE:NAME" in done.stdout


def test_help_of_every_subcommand_taking_a_game_loads_every_game() -> None:
    for command in ("solve", "play", "match"):
        names, out = imported_by(command, "--help")
        assert {"fminimax.games.tictactoe", "fminimax.games.pig",
                "fminimax.games.tree", "fminimax.games.nim"} <= names, command
        assert "tictactoe" in out and "connect4" in out


@pytest.mark.parametrize("argv", [["solve", "chess"], ["solve", "chess", "--board", "-"],
                                  ["match", "chess", "--first", "alphabeta",
                                   "--second", "alphabeta"]])
def test_an_unknown_game_is_one_line_naming_every_game(argv: list[str]) -> None:
    status, out, err = run(*argv)
    assert (status, out) == (2, "")
    assert err == ("fminimax: error: unknown game 'chess'; choose from tictactoe, connect4, "
                   "nim, pig, tree, or name a game of your own as MODULE:NAME\n")


def test_play_names_every_playable_game_when_the_name_is_wrong() -> None:
    status, out, err = run("play", "chess")
    playable = [entry.name for entry in registry.entries() if entry.playable]
    assert status == 2 and err.count("\n") == 1
    assert all(f"'{name}'" in err for name in playable), err


@pytest.mark.parametrize("columns", [None, "", "abc", "0", "-5", "40", "132"])
def test_help_is_as_wide_as_argparse_would_make_it(monkeypatch: pytest.MonkeyPatch,
                                                   columns: str | None) -> None:
    if columns is None:
        monkeypatch.delenv("COLUMNS", raising=False)
    else:
        monkeypatch.setenv("COLUMNS", columns)
    assert help_width() == shutil.get_terminal_size().columns - 2


def test_the_probe_ends_at_the_forced_end_it_finds() -> None:
    """4455's win in 3 is found at depth 3 (117 nodes); the probe used to search on into
    deeper depths until its stop test was next asked (1,024 nodes later), 2,800 nodes."""
    made = registry.make("connect4", registry.Options(board="4455"))
    played: list[int] = []

    def play(state: Any, move: int) -> Any:
        played.append(move)
        return made.game.play(state, move)

    game = replace(made.game, heuristic=zero, play=play)
    found = policy.decisive_within(game, made.state, policy.PROBE_NODES)
    assert found is not None and found.exact
    assert (found.value, found.move, found.pv, found.depth, found.stats.nodes) == (
        999_997, 2, (2, 1, 5), 3, 117)
    assert len(played) < 300, len(played)


@pytest.mark.parametrize("enabled", [True, False])
def test_the_collector_paused_while_modules_load_is_as_it_was_after(enabled: bool) -> None:
    import gc

    was = gc.isenabled()
    (gc.enable if enabled else gc.disable)()
    try:
        assert run("solve", "nim", "2", "1", "--json")[0] == 0
        assert run("solve", "chess")[0] == 2
        assert gc.isenabled() is enabled
    finally:
        (gc.enable if was else gc.disable)()


def test_at_exit_the_program_s_objects_are_frozen_out_of_the_last_collections() -> None:
    """Handlers registered before the program starts run after its own (last in, first
    out): by then the collector's permanent generation holds the loaded objects.  The
    library alone (``main`` called in a program of one's own) freezes nothing."""
    code = ("import atexit, gc, sys\n"
            "atexit.register(lambda: print('frozen', gc.get_freeze_count() > 1000))\n"
            "from fminimax.cli import command, main\n"
            "sys.argv[1:] = ['solve', 'nim', '2', '1', '--json', '--quiet']\n"
            "command()\n")
    program = subprocess.run([PY, "-c", code], capture_output=True, text=True, timeout=120)
    library = subprocess.run([PY, "-c", code.replace("command()", "main()")],
                             capture_output=True, text=True, timeout=120)
    for done in (program, library):
        assert done.returncode == 0 and done.stderr == ""
        assert json.loads(done.stdout.splitlines()[0])["value"] == 999_997  # a win in 3
    assert program.stdout.splitlines()[-1] == "frozen True"
    assert library.stdout.splitlines()[-1] == "frozen False"
