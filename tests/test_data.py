"""The reference data in tests/data is an unedited copy of the shared original."""

from __future__ import annotations

from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent / "data"
SHARED = Path(__file__).resolve().parents[2] / "shared" / "data"


@pytest.mark.parametrize("name", ["connect4-7x6-scored.txt"])
def test_the_copy_equals_the_shared_reference_file(name: str) -> None:
    copy = (HERE / name).read_bytes()
    lines = copy.decode("ascii").splitlines()
    assert len(lines) == 260 and all(len(line.split()) == 3 for line in lines)
    if (SHARED / name).exists():  # on the team's machines; a fresh CI checkout has the copy
        assert copy == (SHARED / name).read_bytes()
