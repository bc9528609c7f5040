"""The committed pictures of docs/tracing.md are drawn from the DOT the code makes today."""

from __future__ import annotations

import importlib
import io
import shlex
import sys
from pathlib import Path
from typing import Any

import pytest

from fminimax import cli
from fminimax import trace as tr

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "docs" / "pictures" / "make.sh"


def picture_commands() -> list[tuple[list[str], str]]:
    """Return each fminimax command of make.sh with its --svg FILE taken out, and the FILE."""
    commands = []
    for line in SCRIPT.read_text().splitlines():
        if line.startswith("fminimax "):
            words = shlex.split(line.split(">")[0])[1:]
            at = words.index("--svg")
            commands.append((words[:at] + words[at + 2:], words[at + 1]))
    return commands


def screenshot_scripts() -> list[str]:
    """Return the PNGs that make.sh draws through Python scripts (docs/pictures/NAME.py)."""
    return [f"{Path(line.split()[1]).stem}.png" for line in SCRIPT.read_text().splitlines()
            if line.startswith("python docs/pictures/")]


def test_make_sh_draws_every_picture_the_page_shows() -> None:
    shown = {part.split(")")[0] for part in
             (ROOT / "docs" / "tracing.md").read_text().split("](pictures/")[1:]}
    drawn = {Path(path).name for _, path in picture_commands()} | set(screenshot_scripts())
    assert drawn == shown
    assert all((ROOT / "docs" / "pictures" / name).is_file() for name in shown)


@pytest.mark.parametrize("words, path", picture_commands())
def test_each_svg_was_drawn_from_the_dot_made_today(words: list[str], path: str) -> None:
    out = io.StringIO()
    assert cli.main([*words, "--dot"], out, io.StringIO()) == 0
    picture = (ROOT / path).read_text()
    assert f"drawn from DOT sha256 {tr.dot_digest(out.getvalue())}" in picture, (
        f"{path} is out of date: run bash docs/pictures/make.sh")


def picture_script(name: str) -> Any:
    """Return the module of docs/pictures/NAME.py (the scripts import their neighbours)."""
    folder = str(ROOT / "docs" / "pictures")
    sys.path.insert(0, folder)
    try:
        return importlib.import_module(name)
    finally:
        sys.path.remove(folder)


def test_the_mtdf_picture_names_its_moves_as_the_tree_does() -> None:
    html = picture_script("stepper_mtdf").page()
    assert "best move a; principal variation a a" in html
    assert "best move 0" not in html


def test_the_chance_picture_is_expectiminimax_averaging_its_outcomes() -> None:
    html = picture_script("chance").page()
    assert "<title>expectiminimax on " in html and "alphabeta" not in html
    assert "2.5" in html  # the value: 0.5 × 4 + 0.5 × 1


def test_every_picture_is_small() -> None:
    pictures = sorted((ROOT / "docs" / "pictures").glob("*.png"))
    assert pictures
    assert [p.name for p in pictures if p.stat().st_size > 250_000] == []
