"""Every file output is checked before any search and written atomically, or refused in one line.

Each test failed on the base before the safe writer: a device, a FIFO, a directory's
neighbours, symbolic and hard links and a file's mode were all replaced or changed by a
rename, ``-`` wrote a file named ``-``, an empty path wrote nothing and said nothing, and two
outputs given one path kept only the last.  The tests run as root where they need to (a
device node, another owner) and skip otherwise.
"""

from __future__ import annotations

import io
import os
import stat
import time
from pathlib import Path
from typing import Any

import pytest

from fminimax.cli import main

SEED = "[[2,7],[1,8]]"
as_root = pytest.mark.skipif(os.geteuid() != 0, reason="needs root (a device node, chown)")


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(list(argv), out, err)
    return status, out.getvalue(), err.getvalue()


def refused(*argv: str) -> str:
    """Return the one error line of a refused command line (status 2, nothing printed)."""
    status, out, err = run(*argv)
    assert (status, out) == (2, ""), (argv, status, out[:200], err)
    assert err.count("\n") == 1 and "Traceback" not in err and "cannot write" in err, err
    return err


def no_temporary_files(folder: Path) -> bool:
    return not list(folder.glob(".fminimax-*"))


# --- what is refused, and left as it was -----------------------------------------------------


def test_a_fifo_is_refused_and_stays_a_fifo(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    assert "a FIFO" in refused("tree", SEED, "--html", str(fifo))
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode) and no_temporary_files(tmp_path)


@as_root
def test_a_device_is_refused_and_stays_a_device(tmp_path: Path) -> None:
    null = tmp_path / "null"
    os.mknod(null, 0o666 | stat.S_IFCHR, os.makedev(1, 3))  # the same device as /dev/null
    for flag in ("--html", "--dot"):
        assert "a device" in refused("tree", SEED, flag, str(null))
    assert "a device" in refused("solve", "nim", "2", "2", "--trace-html", str(null))
    assert stat.S_ISCHR(os.lstat(null).st_mode) and no_temporary_files(tmp_path)


def test_dev_null_is_refused_before_anything_is_written(monkeypatch: pytest.MonkeyPatch) -> None:
    from fminimax.cli import files

    written: list[str] = []  # a broken check must not clobber the machine's /dev/null
    monkeypatch.setattr(files, "write_atomically", lambda path, *rest: written.append(path))
    monkeypatch.setattr("fminimax.cli.common.write_atomically",
                        lambda path, *rest: written.append(path))
    assert "a device" in refused("tree", SEED, "--html", "/dev/null")
    assert written == [] and stat.S_ISCHR(os.stat("/dev/null").st_mode)


def test_a_directory_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "pages"
    folder.mkdir()
    assert "a directory" in refused("tree", SEED, "--html", str(folder))
    assert folder.is_dir() and list(folder.iterdir()) == []


def test_a_missing_folder_and_an_empty_path_are_refused(tmp_path: Path) -> None:
    assert "does not exist" in refused("tree", SEED, "--dot", str(tmp_path / "no" / "t.dot"))
    assert "give a FILE name" in refused("tree", SEED, "--html", "")
    assert "give a FILE name" in refused("solve", "nim", "2", "--trace-html", "")
    assert os.listdir(tmp_path) == []


def test_a_folder_that_refuses_new_files_is_refused_before_the_search() -> None:
    started = time.process_time()  # this process's work, not a loaded machine's wall clock
    wide = str([[i, i + 1] for i in range(20_000)])  # drawing it would take seconds
    assert "refuses a new file" in refused("tree", wide, "--html", "/proc/x.html")
    assert time.process_time() - started < 5


def test_a_hard_linked_file_is_refused_and_keeps_its_links(tmp_path: Path) -> None:
    first, second = tmp_path / "a.html", tmp_path / "b.html"
    first.write_text("mine")
    os.link(first, second)
    assert "2 hard links" in refused("tree", SEED, "--html", str(first))
    assert os.stat(first).st_nlink == 2 and second.read_text() == "mine"


def test_a_symbolic_link_is_followed_and_stays_a_link(tmp_path: Path) -> None:
    target, link = tmp_path / "real.html", tmp_path / "link.html"
    target.write_text("old")
    link.symlink_to(target)
    status, _, _ = run("tree", SEED, "--html", str(link), "--quiet")
    assert status == 0 and link.is_symlink() and os.readlink(link) == str(target)
    assert target.read_text().startswith("<!") and no_temporary_files(tmp_path)


def test_a_symbolic_link_to_a_fifo_or_in_a_circle_is_refused(tmp_path: Path) -> None:
    fifo, link, loop = tmp_path / "pipe", tmp_path / "to-pipe", tmp_path / "loop"
    os.mkfifo(fifo)
    link.symlink_to(fifo)
    loop.symlink_to(loop)
    assert "a FIFO" in refused("tree", SEED, "--html", str(link))
    refused("tree", SEED, "--html", str(loop))
    assert link.is_symlink() and loop.is_symlink()


# --- what is written keeps what it had --------------------------------------------------------


def test_an_existing_file_keeps_its_mode(tmp_path: Path) -> None:
    page = tmp_path / "private.html"
    page.write_text("old")
    page.chmod(0o600)
    assert run("tree", SEED, "--html", str(page), "--quiet")[0] == 0
    assert stat.S_IMODE(os.stat(page).st_mode) == 0o600 and page.read_text().startswith("<!")


def test_a_new_file_gets_the_usual_mode(tmp_path: Path) -> None:
    page = tmp_path / "new.html"
    umask = os.umask(0o027)
    try:
        assert run("tree", SEED, "--html", str(page), "--quiet")[0] == 0
    finally:
        os.umask(umask)
    assert stat.S_IMODE(os.stat(page).st_mode) == 0o640


@as_root
def test_an_existing_file_keeps_its_owner(tmp_path: Path) -> None:
    page = tmp_path / "theirs.html"
    page.write_text("old")
    os.chown(page, 1234, 1234)
    assert run("tree", SEED, "--html", str(page), "--quiet")[0] == 0
    found = os.stat(page)
    assert (found.st_uid, found.st_gid) == (1234, 1234) and page.read_text().startswith("<!")


# --- standard output and shared paths ---------------------------------------------------------


def test_dash_prints_the_page_where_solve_can_and_is_refused_elsewhere(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    status, out, err = run("solve", "tree", SEED, "--trace-html", "-", "--quiet")
    assert status == 0 and out.startswith("<!") and err == ""
    assert "standard output" in refused("tree", SEED, "--html", "-")
    assert os.listdir(tmp_path) == []  # never a file named '-'
    status, _, err = run("solve", "tree", SEED, "--trace-html", "-", "--json")
    assert status == 2 and "both print" in err


def test_two_outputs_given_one_path_are_refused_and_nothing_is_written(tmp_path: Path) -> None:
    same = tmp_path / "same"
    assert "writes it too" in refused("tree", SEED, "--html", str(same), "--dot", str(same))
    link = tmp_path / "link"
    link.symlink_to(same)
    assert "writes it too" in refused("tree", SEED, "--html", str(same), "--dot", str(link))
    assert sorted(os.listdir(tmp_path)) == ["link"]


def test_the_outputs_are_checked_before_any_search(tmp_path: Path) -> None:
    """Nim 3 3 4 4 without a table searches 4.9 M nodes (12 s); the refusal comes first."""
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    started = time.process_time()  # this process's work, not a loaded machine's wall clock
    refused("solve", "nim", "3", "3", "4", "4", "--no-table", "--trace-html", str(fifo))
    refused("solve", "nim", "3", "3", "4", "4", "--no-table", "--trace-html", str(tmp_path))
    assert time.process_time() - started < 2


def test_the_writer_refuses_what_the_check_refuses(tmp_path: Path) -> None:
    """A path that changed between the check and the write is still refused, not replaced."""
    from fminimax.cli import files

    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(ValueError, match="a FIFO"):
        files.write_atomically(str(fifo), b"data")
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode) and no_temporary_files(tmp_path)


@pytest.mark.parametrize("argv", [["quiz", "--seeds", "1-3", "--out"],
                                  ["tree", "[[2, 7], [1, 8]]", "--html"]])
def test_an_output_on_a_read_only_file_system_is_one_line_and_status_2(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path, argv: list[str]) -> None:
    """A read-only file system refuses every new file (EROFS), as /proc does."""
    import errno
    import tempfile

    def read_only(*args: Any, **kwargs: Any) -> Any:
        raise OSError(errno.EROFS, os.strerror(errno.EROFS))
    monkeypatch.setattr(tempfile, "mkstemp", read_only)
    where = tmp_path if argv[0] == "quiz" else tmp_path / "t.html"
    out, err = io.StringIO(), io.StringIO()
    status = main([*argv, str(where)], out, err)
    said = err.getvalue()
    assert (status, out.getvalue(), said.count("\n")) == (2, "", 1), said
    assert said.startswith("fminimax: error: --") and "Read-only file system" in said, said
    assert list(tmp_path.iterdir()) == []
