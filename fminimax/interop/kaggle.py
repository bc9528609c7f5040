"""Kaggle's ConnectX: an ``agent(obs, config)`` that plays fminimax's Connect Four search in time.

ConnectX's contract: ``obs.board`` is the board as one list of ``rows * columns`` cells, the
top row first, each 0 (empty), 1 (the first player's) or 2; ``obs.mark`` (1 or 2) is the
agent's own; ``config`` has ``rows``, ``columns``, ``inarow`` and ``actTimeout`` (seconds a
move may take), as attributes (Kaggle's ``Struct``) or dict keys.  The answer is a column,
0-based, that is not full.

The agent reads the board into a fminimax position (``position``: the same checks as any
board, and the side to move must be ``obs.mark``), then asks the policy for a move by the
clock it is handed (``choice``): the exact solver first, then iterative deepening with the
open-window heuristic, all within ``TIME_SHARE`` of ``actTimeout``.  A choice says whether it
was exact: when the position was solved in time, its column keeps the game's value.

The agent needs no extra.  The ``kaggle`` extra (kaggle-environments) runs it in Kaggle's own
environment: ``episodes`` plays it against Kaggle's agents ("negamax", "random").

A ConnectX submission is one file whose last function is the agent; ``submission_text``
writes one from fminimax's own files (``fminimax submission main.py`` gathers them): the
package, zipped into the file, is unpacked into a temporary folder when Kaggle loads it, and
the file's last function calls this module's ``agent``.

On 7x6 the agent reads BitBully's opening book where ``bitbully-databases`` installed it
(the ``books`` extra), so its first moves are exact.  A submission leaves the book out, on
purpose: the book is 21 MB (28 MB more of base64 in the one file), and reading it costs
seconds on the first move, where ConnectX gives 2; the submitted agent plays its first moves
by iterative deepening, as without the extra, and exactly from 30 empty cells on.

>>> board = [0] * 42
>>> for cell in (35, 36, 37): board[cell] = 1    # three of mark 1 on the bottom row
>>> for cell in (28, 29, 30): board[cell] = 2
>>> agent({"board": board, "mark": 1}, {"rows": 6, "columns": 7, "inarow": 4, "actTimeout": 2})
3
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from fminimax.game import Made, Options, playing
from fminimax.games import connect4
from fminimax.limits import checked_seconds
from fminimax.policy import computer_move
from fminimax.registry import make

__all__ = ["TIME_SHARE", "Choice", "ConnectXConfig", "agent", "choice",
           "episodes", "position", "settings", "submission_text"]

TIME_SHARE = 0.6
"""Of ``actTimeout``, the share a move plans to spend (the rest is a margin for Kaggle, Python
and a loaded machine: benchmarks/connectx.py reports the longest move)."""

@dataclass(frozen=True)
class ConnectXConfig:
    """ConnectX's configuration as fminimax reads it: the board and the seconds a move has."""

    rows: int
    columns: int
    inarow: int
    seconds: float


def _field(value: Any, name: str, what: str) -> Any:
    """Return ``value``'s field ``name``: a key of a mapping or an attribute."""
    try:
        return value[name] if isinstance(value, Mapping) else getattr(value, name)
    except (KeyError, AttributeError):
        raise ValueError(f"{what} has no {name!r}") from None


def _whole(value: Any, name: str, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= high:
        raise ValueError(f"config.{name} must be a whole number from 1 to {high}, got "
                         f"{value!r}")
    return value


def settings(config: Any) -> ConnectXConfig:
    """Return the settings in a ConnectX configuration (attributes or dict keys), checked.

    >>> settings({"rows": 6, "columns": 7, "inarow": 4, "actTimeout": 2})
    ConnectXConfig(rows=6, columns=7, inarow=4, seconds=2.0)
    >>> settings({"rows": 6, "columns": 7, "inarow": 8, "actTimeout": 2})
    ... # doctest: +NORMALIZE_WHITESPACE
    Traceback (most recent call last):
    ...
    ValueError: config.inarow=8 cannot be made on a 7x6 board (nobody can win); fminimax
    plays inarow from 1 to 7
    """
    rows, columns, inarow = (_whole(_field(config, name, "config"), name, connect4.SIDE)
                             for name in ("rows", "columns", "inarow"))
    if inarow > max(rows, columns):
        raise ValueError(f"config.inarow={inarow} cannot be made on a {columns}x{rows} board "
                         f"(nobody can win); fminimax plays inarow from 1 to "
                         f"{max(rows, columns)}")
    seconds = _field(config, "actTimeout", "config")
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)):
        raise ValueError(f"config.actTimeout must be a number of seconds, got {seconds!r}")
    try:
        return ConnectXConfig(rows, columns, inarow, checked_seconds(seconds, "config.actTimeout"))
    except ValueError as error:
        raise ValueError(f"config.actTimeout must be above 0 and at most a day: "
                         f"{error}") from None


def _checked_length(board: Any, s: ConnectXConfig) -> None:
    """Raise unless ``board`` is a list (not text) of rows * columns cells."""
    if isinstance(board, (str, bytes)) or not isinstance(board, Sequence):
        got = type(board).__name__
    elif len(board) != s.rows * s.columns:
        got = f"{len(board)} cells"
    else:
        return
    raise ValueError(f"obs.board must be a list of {s.rows * s.columns} cells ({s.rows} rows "
                     f"of {s.columns}), got {got}")


def _rows_text(board: Any, s: ConnectXConfig) -> str:
    """Return a ConnectX board as fminimax's rows text, top first (1 is x, 2 is o)."""
    _checked_length(board, s)
    bad = [cell for cell in board if cell.__class__ is not int or cell not in (0, 1, 2)]
    if bad:
        raise ValueError(f"obs.board's cells are 0, 1 or 2, got {bad[0]!r}")
    marks = ".xo"
    return "/".join("".join(marks[cell] for cell in board[r * s.columns:(r + 1) * s.columns])
                    for r in range(s.rows))


def position(obs: Any, config: Any) -> Made:
    """Return fminimax's Connect Four made from a ConnectX observation, refusing bad ones.

    The board must be one a game can reach, not over, with ``obs.mark`` to move.

    >>> config = {"rows": 4, "columns": 4, "inarow": 3, "actTimeout": 1}
    >>> made = position({"board": [0] * 12 + [1, 2, 0, 0], "mark": 1}, config)
    >>> made.state == connect4.from_moves([0, 1], 4, 4, 3)  # 1 in column 0, then 2 in 1
    True
    >>> position({"board": [0] * 12 + [1, 2, 0, 0], "mark": 2}, config)
    Traceback (most recent call last):
    ...
    ValueError: obs.mark is 2, but on this board mark 1 is to move (mark 1 moves first)
    >>> position({"board": [0] * 8 + [1, 1, 0, 0] + [1, 2, 2, 2], "mark": 1}, config)
    Traceback (most recent call last):
    ...
    ValueError: the game is over (mark 2 made 3 in a row): there is no move to make
    >>> position({"board": [0] * 12 + [1, 1, 0, 0], "mark": 2}, config)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: obs.board is no ConnectX position (x is mark 1, o is mark 2): impossible ...
    """
    s = settings(config)
    mark = _field(obs, "mark", "obs")
    if mark.__class__ is not int or mark not in (1, 2):
        raise ValueError(f"obs.mark must be 1 or 2, got {mark!r}")
    text = _rows_text(_field(obs, "board", "obs"), s)
    try:
        made = make("connect4", Options(size=f"{s.columns}x{s.rows}", k=str(s.inarow),
                                        board=text))
    except ValueError as error:
        raise ValueError(f"obs.board is no ConnectX position (x is mark 1, o is mark 2): "
                         f"{error}") from None
    state = made.state
    if made.game.is_over(state):
        ended = (f"mark {2 - state.plies % 2} made {s.inarow} in a row" if state.won
                 else "the board is full")
        raise ValueError(f"the game is over ({ended}): there is no move to make")
    if mark != state.plies % 2 + 1:
        raise ValueError(f"obs.mark is {mark}, but on this board mark {state.plies % 2 + 1} "
                         f"is to move (mark 1 moves first)")
    return made


@dataclass(frozen=True)
class Choice:
    """A move and how it was found: ``exact`` when the position was solved in time (then
    ``value`` is the game's value for the side to move, a distance value: win in N), else the
    ``depth`` iterative deepening completed and its heuristic ``value``."""

    column: int
    exact: bool
    depth: int | None
    value: float


def choice(obs: Any, config: Any, *, clock: Callable[[], float]) -> Choice:
    """Return the move fminimax plays within TIME_SHARE of ``config.actTimeout`` by ``clock``.

    >>> config = {"rows": 4, "columns": 4, "inarow": 4, "actTimeout": 2}
    >>> still = lambda: 0.0  # a clock that stands still: every search ends in time
    >>> made = choice({"board": [0] * 16, "mark": 1}, config, clock=still)
    >>> made.exact, made.value  # 4x4 Connect Four is a draw
    (True, 0)
    """
    made = playing(position(obs, config))  # the opening book, where installed, within reach
    result = computer_move(made, made.state, seconds=settings(config).seconds * TIME_SHARE,
                           clock=clock)
    if result.move is None or result.move not in made.game.moves(made.state):
        raise ValueError(f"the search answered {result.move!r}, not an open column")
    return Choice(int(result.move), result.exact, result.depth, result.value)


def agent(obs: Any, config: Any) -> int:
    """Return the column fminimax plays: ConnectX's agent, timed by ``time.perf_counter``.

    See the module's docstring for the contract; ``choice`` says how the move was found.
    """
    return choice(obs, config, clock=time.perf_counter).column


def episodes(opponent: Any, games: int, configuration: Mapping[str, Any],
             first: bool = True) -> list[tuple[Any, Any]]:
    """Return the rewards (fminimax's, the opponent's) of ``games`` ConnectX games.

    Played in kaggle-environments (the ``kaggle`` extra) with fminimax's ``agent`` moving
    first or second; ``opponent`` is an agent function or Kaggle's name for one ("negamax",
    "random").  A reward is 1 for a win, -1 for a loss, 0 for a draw, None for a broken rule.
    """
    try:
        from kaggle_environments import evaluate
    except ImportError as error:
        raise ImportError(f"fminimax.interop.kaggle.episodes needs the kaggle extra: pip "
                          f"install 'fminimax[kaggle]' ({error})") from None
    agents = [agent, opponent] if first else [opponent, agent]
    rewards = evaluate("connectx", agents, dict(configuration), num_episodes=games)
    return [(pair[0], pair[1]) if first else (pair[1], pair[0]) for pair in rewards]


SUBMISSION = '''"""A ConnectX submission: fminimax {version}'s Connect Four agent in one file.

Written by ``fminimax submission``.  fminimax's package is zipped below; loading this file
unpacks it into a temporary folder and puts that folder first on sys.path.  The last function
is the agent (Kaggle's rule): fminimax.interop.kaggle.agent.
"""

import base64
import io
import sys
import tempfile
import zipfile

PACKAGE = (
{chunks}
)

_FOLDER = tempfile.mkdtemp(prefix="fminimax-")
zipfile.ZipFile(io.BytesIO(base64.b64decode("".join(PACKAGE)))).extractall(_FOLDER)
sys.path.insert(0, _FOLDER)
for _name in [name for name in sys.modules if name.split(".")[0] == "fminimax"]:
    del sys.modules[_name]  # another fminimax loaded before: this file's own plays

from fminimax.interop.kaggle import agent as _fminimax_agent  # noqa: E402


def agent(obs, config):
    """Return the column fminimax plays (fminimax.interop.kaggle.agent)."""
    return _fminimax_agent(obs, config)
'''


def submission_text(files: Mapping[str, bytes], version: str) -> str:
    """Return a ConnectX submission (one file of Python whose last function is the agent)
    holding ``files`` (paths inside the package, such as ``fminimax/game.py``, and their
    bytes), zipped.

    >>> text = submission_text({"fminimax/__init__.py": b""}, "0")
    >>> text.rstrip().splitlines()[-1].strip()
    'return _fminimax_agent(obs, config)'
    """
    import base64
    import io
    import zipfile

    packed = io.BytesIO()
    with zipfile.ZipFile(packed, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in sorted(files):
            archive.writestr(zipfile.ZipInfo(path, (1980, 1, 1, 0, 0, 0)), files[path],
                             zipfile.ZIP_DEFLATED)
    encoded = base64.b64encode(packed.getvalue()).decode("ascii")
    chunks = "\n".join(f'    "{encoded[i:i + 88]}"' for i in range(0, len(encoded), 88))
    return SUBMISSION.format(version=version, chunks=chunks)
