"""Starting the program: only the subcommand asked for is loaded, and Ctrl-C while it loads is
one line and status 130 (the base printed a 10-20 line KeyboardInterrupt traceback)."""

from __future__ import annotations

import importlib.abc
import io
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from typing import Any

import pytest

from fminimax.cli import main

PY = sys.executable


class Interrupting(importlib.abc.MetaPathFinder):
    """An import hook that raises KeyboardInterrupt when ``name`` is imported (Ctrl-C)."""

    def __init__(self, name: str) -> None:
        self.name = name

    def find_spec(self, fullname: str, path: Any, target: Any = None) -> None:
        if fullname == self.name:
            raise KeyboardInterrupt
        return None


@pytest.fixture()
def unloaded() -> Iterator[None]:
    """Forget the subcommand modules for a test, and bring the same ones back after it."""
    kept = {name: module for name, module in sys.modules.items()
            if name.startswith("fminimax.cli.") and name != "fminimax.cli.common"}
    for name in kept:
        del sys.modules[name]
    try:
        yield
    finally:
        sys.modules.update(kept)
        for name, module in kept.items():  # `from fminimax.cli import solve` finds these too
            parent, _, child = name.rpartition(".")
            setattr(sys.modules[parent], child, module)


@pytest.mark.parametrize("module", ["fminimax.cli.solve", "fminimax.cli.files",
                                    "fminimax.cli.pools"])
def test_ctrl_c_while_a_subcommand_loads_is_one_line_and_130(unloaded: None,
                                                             module: str) -> None:
    hook = Interrupting(module)
    sys.meta_path.insert(0, hook)
    out, err = io.StringIO(), io.StringIO()
    try:
        status = main(["solve", "nim", "3", "4"], out, err)
    finally:
        sys.meta_path.remove(hook)
    assert (status, err.getvalue(), out.getvalue()) == (130, "fminimax: interrupted\n", "")


def test_only_the_subcommand_named_is_loaded() -> None:
    code = ("import sys; from fminimax.cli import main; main(['best-move', 'oox/xx5/oo8']);"
            "print(sorted(m for m in sys.modules if m.startswith('fminimax.cli.')))")
    done = subprocess.run([PY, "-c", code], capture_output=True, text=True, timeout=60)
    loaded = done.stdout.strip().splitlines()[-1]
    assert "fminimax.cli.best_move" in loaded
    for other in ("match", "play", "solve", "tree"):
        assert f"fminimax.cli.{other}'" not in loaded, loaded


def test_a_real_ctrl_c_as_the_shell_loads_is_one_line_and_130() -> None:
    """SIGINT once the shell's first module has loaded: the rest still loads, then searches."""
    argv = [PY, "-X", "importtime", "-m", "fminimax", "solve", "nim", "3", "3", "4", "4",
            "--no-table", "--quiet"]
    process = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert process.stderr is not None
    for line in process.stderr:
        if re.search(r"\|\s*fminimax\.cli\.common$", line.rstrip()):
            break
    process.send_signal(signal.SIGINT)
    out, rest = process.communicate(timeout=60)
    said = [line for line in rest.splitlines() if not line.startswith("import time:")]
    assert (process.returncode, said, out) == (130, ["fminimax: interrupted"], "")


CONSOLE_SCRIPT = """import re
import sys
from fminimax.cli import command
if __name__ == '__main__':
    sys.argv[0] = re.sub(r'(-script\\.pyw|\\.exe)?$', '', sys.argv[0])
    sys.exit(command())
"""
"""The script pip writes for the ``fminimax`` command (its console-script entry)."""


@pytest.mark.parametrize("how", ["script", "-m"])
@pytest.mark.parametrize("delay", [0.0, 0.005, 0.02, 0.1])
def test_a_ctrl_c_from_the_program_s_first_module_on_is_never_a_traceback(
        how: str, delay: float, tmp_path: Any) -> None:
    """SIGINT at any moment once the shell's package has begun loading (its first statement
    catches it): one line and 130, or the program's normal finish; never a traceback.  The
    interpreter's own start-up, before any of fminimax runs, is Python's."""
    script = tmp_path / "fminimax"
    script.write_text(CONSOLE_SCRIPT)
    start = [str(script)] if how == "script" else ["-m", "fminimax"]
    argv = [PY, "-X", "importtime", *start, "solve", "nim", "3", "3", "--quiet"]
    process = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert process.stderr is not None
    seen = []
    for line in process.stderr:
        seen.append(line)
        if re.search(r"\|\s*fminimax\.cli\.signals$", line.rstrip()):
            break
    time.sleep(delay)
    process.send_signal(signal.SIGINT)
    out, rest = process.communicate(timeout=60)
    said = [line for line in "".join(seen).splitlines() + rest.splitlines()
            if not line.startswith("import time:")]
    assert "Traceback" not in rest, rest
    assert (process.returncode, said) in ((130, ["fminimax: interrupted"]), (0, [])), (
        process.returncode, said, out)
    if process.returncode == 0:
        assert "win" in out or "loss" in out, out


def test_a_library_importing_the_shell_keeps_python_s_ctrl_c() -> None:
    """Only the program itself catches Ctrl-C before main: a script importing fminimax.cli,
    or calling main(), still gets its KeyboardInterrupt."""
    code = ("import signal\nfrom fminimax.cli import main\n"
            "assert signal.getsignal(signal.SIGINT) is signal.default_int_handler\n"
            "main(['best-move', 'oox/xx5/oo8'])\n"
            "assert signal.getsignal(signal.SIGINT) is signal.default_int_handler\n"
            "print('kept')")
    done = subprocess.run([PY, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.stdout.splitlines()[-1:] == ["kept"], done.stderr


def loaded_by(argv: list[str]) -> set[str]:
    """Return the modules a fresh process has loaded once ``main(argv)`` returns."""
    code = (f"import sys\nfrom fminimax.cli import main\ntry: main({argv!r})\n"
            f"finally: print(' '.join(sorted(sys.modules)))")
    done = subprocess.run([PY, "-c", code], capture_output=True, text=True, timeout=60)
    return set(done.stdout.split())


def test_version_loads_no_subcommand_no_game_and_no_metadata() -> None:
    loaded = loaded_by(["--version"])
    assert "fminimax.cli" in loaded
    for heavy in ("fminimax.cli.solve", "fminimax.cli.pools", "fminimax.game",
                  "fminimax.core", "importlib.metadata", "tempfile", "multiprocessing"):
        assert heavy not in loaded, heavy


def test_solve_loads_neither_process_pools_nor_the_trace_package() -> None:
    loaded = loaded_by(["solve", "nim", "3", "4", "--json"])
    assert "fminimax.cli.solve" in loaded
    for heavy in ("multiprocessing", "concurrent.futures.process", "fminimax.trace",
                  "fminimax.parallel", "tempfile", "importlib.metadata"):
        assert heavy not in loaded, heavy


def test_the_version_printed_is_the_installed_one_and_pyproject_s() -> None:
    from importlib.metadata import version as installed
    from pathlib import Path

    import fminimax
    from fminimax.build import build
    from fminimax.cli import version

    project = Path(__file__).resolve().parent.parent / "pyproject.toml"
    said = re.search(r'^version = "([^"]+)"$', project.read_text(), re.MULTILINE)
    assert said is not None
    assert fminimax.__version__ == installed("fminimax") == said.group(1)
    assert version() == f"{fminimax.__version__} ({build()})"
    out = subprocess.run([PY, "-m", "fminimax", "--version"], capture_output=True,
                         text=True, timeout=60).stdout
    assert out == f"fminimax {said.group(1)} ({build()})\n"


def test_a_ctrl_c_after_the_answer_is_ignored_not_a_death_by_sigint(tmp_path: Any) -> None:
    """Once ``main`` has answered, the process is ending: a Ctrl-C then is ignored (the
    interpreter's shutdown would set Python's handler back to the default, and a SIGINT
    late in it ended the process by the signal after a whole answer).  The Ctrl-C comes
    from an exit handler that runs after the program's own."""
    script = tmp_path / "fminimax"
    script.write_text("import atexit, os, signal, sys, time\n"
                      "atexit.register(lambda: (os.kill(os.getpid(), signal.SIGINT),\n"
                      "                         time.sleep(0.2)))\n"
                      "from fminimax.cli import command\n"
                      "sys.exit(command())\n")
    done = subprocess.run([PY, str(script), "solve", "nim", "3", "3", "--quiet"],
                          capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stderr) == (0, ""), (done.returncode, done.stderr)
    assert "value:     loss in 6" in done.stdout, done.stdout
