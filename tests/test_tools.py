"""The CI rule: a test whose tool is missing skips on a laptop and fails under CI=true."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from conftest import needs_module, needs_tool


def test_a_missing_tool_or_module_skips_locally(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match="no-such-tool-xyz is not installed"):
        needs_tool("no-such-tool-xyz")
    with pytest.raises(pytest.skip.Exception, match="no_such_module_xyz"):
        needs_module("no_such_module_xyz")


def test_a_missing_tool_or_module_fails_under_ci(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="CI=true: tests that need a tool must run"):
        needs_tool("no-such-tool-xyz")
    with pytest.raises(pytest.fail.Exception,
                       match="module no_such_module_xyz is not installed.*CI=true"):
        needs_module("no_such_module_xyz")
    with pytest.raises(pytest.fail.Exception, match="mpiexec is not installed at /nowhere"):
        needs_tool("mpiexec", Path("/nowhere/mpiexec"))


def test_a_tool_that_is_there_is_returned() -> None:
    assert needs_tool("python", Path(sys.executable)) == sys.executable
    assert needs_module("json").dumps([]) == "[]"
