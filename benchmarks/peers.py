"""Peer and baseline searches for the benchmark, independent of fminimax.

Each runner solves one workload with one peer and returns a `PeerResult`: the answer, the
number of positions entered (when the peer lets us count them) and the seconds spent searching
(setup such as imports, building boards or peer game objects is not counted). Every runner
checks its answer against the known one (`expected`), so `PeerResult.ok` says if it is right.

Interface
---------
    run_peer(peer, workload, **params) -> PeerResult(answer, nodes, seconds, ok)
    median_run(peer, workload, repeat, **params) -> PeerResult  (median seconds of `repeat`)
    median_seconds(fn, repeat) -> float  (median wall seconds of a zero-argument callable)
    RUNNERS: dict[(peer, workload)] -> runner;  pairs() lists them in a stable order
    unavailable(peer) -> str | None  ("easyAI not installed" etc., None when it can run)
    expected(workload, **params) -> the right answer;  answer_str(workload, answer) -> str
    is_slow(peer, workload, **params) -> bool  (over ~2 minutes here; bench.py skips unless --slow)
    WORKLOADS: dict[workload] -> list of parameter dicts the benchmark runs

Peers
-----
    mutable-minimax     plain minimax, no pruning, on a Python list (ttt-solve only)
    mutable-alphabeta   negamax alpha-beta on a Python list: try a move, recurse, undo;
                        no transposition table, natural move order (cells 0..8, columns left
                        to right, heaps left to right taking 1, 2, ... objects)
    easyai              easyAI 2.0.12 Negamax (no table) on its own game classes
    easyai-tt           the same with easyAI's TranspositionTable (one table per run,
                        shared by the searches of that run)
                        For Connect Four these use ListC4, a TwoPlayerGame on a Python list
                        with unmake_move (easyAI's own ConnectFour is fixed at 7x6):
    easyai-numpy(-tt)   Connect Four only: easyAI's own numpy ConnectFour class resized; it
                        has no unmake_move, so Negamax deep-copies the game at every node
    openspiel           open_spiel.python.algorithms.minimax.alpha_beta_search on pyspiel

Workloads and answers
---------------------
    ttt-solve   {}: the value of each first move 0..8 from the empty board, for x
                (+1 win, 0 draw, -1 loss); the answer is a tuple of 9 values, all 0.
    ttt-all     {}: a best move for each of the 4,520 reachable non-terminal positions (x
                starts); the answer maps each position (9 chars of 'x', 'o', '.', cells 0..8
                row by row) to a cell; it is right when every move keeps the position's value.
    c4-solve    {width, height}: the exact value for the first player (+1, 0, -1) of Connect
                Four (4 in a row) on width x height.
    c4-depth    {width, height, depth}: the negamax value for the first player of the start
                position searched `depth` plies deep, scoring leaves with `c4_heuristic`.
    nim         {heaps}: normal-play Nim (taking the last object wins); +1 when the first
                player wins (xor of heaps != 0), else -1.

Conventions: values are from the first player's point of view (x, Connect Four's first player,
Nim's first player); the mutable baselines score a win +1 and a loss -1 with no preference for
quick wins, and search from the root with the window (-inf, +inf). Node counts include the root
and every position made by a move, including terminal ones found by checking the lines through
the last move. easyAI and OpenSpiel do not expose a node count (None).

Run `python benchmarks/peers.py [--slow] [--repeat N]` for the table in PEERS.md.
"""

from __future__ import annotations

import argparse
import functools
import importlib.util
import platform
import statistics
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

INF = float("inf")


@dataclass(frozen=True)
class PeerResult:
    """What one peer found for one workload: answer, positions entered, search seconds."""

    answer: Any
    nodes: int | None
    seconds: float
    ok: bool


# --------------------------------------------------------------------------------------------
# Workloads and known answers

WORKLOADS: dict[str, list[dict[str, Any]]] = {
    "ttt-solve": [{}],
    "ttt-all": [{}],
    "c4-solve": [
        {"width": 4, "height": 4},
        {"width": 5, "height": 4},
        {"width": 4, "height": 5},
        {"width": 6, "height": 4},
        {"width": 5, "height": 5},
        {"width": 6, "height": 5},
    ],
    "c4-depth": [{"width": 7, "height": 6, "depth": 6}],
    "nim": [{"heaps": (3, 4, 5)}, {"heaps": (1, 2, 3, 4)},
            # larger Nim, where the search itself dominates the fixed cost of a search
            {"heaps": (2, 3, 4, 5, 6)}, {"heaps": (1, 3, 5, 7, 9)}],
}

# Exact Connect Four values for the first player (John Tromp's table): 6x4 a second-player win.
C4_VALUES: dict[tuple[int, int], int] = {
    (4, 4): 0,
    (5, 4): 0,
    (4, 5): 0,
    (6, 4): -1,
    (5, 5): 0,
    (6, 5): 0,
}

# The depth-limited value of 7x6 Connect Four under `c4_heuristic`, agreed by all peers here.
C4_DEPTH_VALUES: dict[tuple[int, int, int], int] = {(7, 6, 6): -5}


def expected(workload: str, **params: Any) -> Any:
    """The right answer of a workload (for ttt-all: the table of position values, see
    `ttt_values`)."""
    if workload == "ttt-solve":
        return (0,) * 9
    if workload == "ttt-all":
        return ttt_values()
    if workload == "c4-solve":
        return C4_VALUES[(params["width"], params["height"])]
    if workload == "c4-depth":
        return C4_DEPTH_VALUES.get((params["width"], params["height"], params["depth"]))
    if workload == "nim":
        return 1 if functools.reduce(lambda a, b: a ^ b, params["heaps"], 0) else -1
    raise ValueError(f"unknown workload {workload!r}; known: {sorted(WORKLOADS)}")


def is_right(workload: str, answer: Any, **params: Any) -> bool:
    """Whether an answer is the known one (ttt-all: every chosen move keeps the value)."""
    if workload == "ttt-all":
        values = ttt_values()
        positions = ttt_positions()
        return set(answer) == set(positions) and all(
            -values[ttt_after(pos, move)] == values[pos] for pos, move in answer.items()
        )
    want = expected(workload, **params)
    return want is None or answer == want


def answer_str(workload: str, answer: Any) -> str:
    """A short rendering of an answer for a table cell."""
    if workload == "ttt-all":
        return f"{len(answer)} best moves"
    if workload == "ttt-solve":
        return " ".join(f"{v:+d}" for v in answer)
    return f"{answer:+d}" if isinstance(answer, int) else str(answer)


# --------------------------------------------------------------------------------------------
# Tic-tac-toe reference: positions as 9-char strings ('x', 'o', '.'), x moves first.

TTT_LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
# For each cell, the pairs of other cells that complete a line through it.
TTT_THROUGH: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple(tuple(c for c in line if c != cell) for line in TTT_LINES if cell in line)  # type: ignore[misc]
    for cell in range(9)
)


def ttt_winner(pos: str) -> str | None:
    """The mark with three in a row, or None."""
    for a, b, c in TTT_LINES:
        if pos[a] != "." and pos[a] == pos[b] == pos[c]:
            return pos[a]
    return None


def ttt_to_move(pos: str) -> str:
    """Whose turn it is: x when the counts are equal."""
    return "x" if pos.count("x") == pos.count("o") else "o"


def ttt_after(pos: str, cell: int) -> str:
    """The position after the side to move takes a cell."""
    return pos[:cell] + ttt_to_move(pos) + pos[cell + 1 :]


@functools.cache
def ttt_value(pos: str) -> int:
    """The exact value of a position for the side to move (+1, 0, -1), by memoized minimax."""
    if ttt_winner(pos) is not None:
        return -1
    if "." not in pos:
        return 0
    return max(-ttt_value(ttt_after(pos, c)) for c in range(9) if pos[c] == ".")


@functools.cache
def ttt_paths() -> dict[str, tuple[int, ...]]:
    """Every reachable non-terminal position with one move sequence that reaches it."""
    found: dict[str, tuple[int, ...]] = {}

    def visit(pos: str, path: tuple[int, ...]) -> None:
        if pos in found or ttt_winner(pos) is not None or "." not in pos:
            return
        found[pos] = path
        for c in range(9):
            if pos[c] == ".":
                visit(ttt_after(pos, c), (*path, c))

    visit("." * 9, ())
    return found


def ttt_positions() -> list[str]:
    """The 4,520 reachable non-terminal positions, in discovery order."""
    return list(ttt_paths())


def ttt_values() -> dict[str, int]:
    """The value for the side to move of every reachable position, terminal ones included."""
    values: dict[str, int] = {}
    for pos in ttt_positions():
        values[pos] = ttt_value(pos)
        for c in range(9):
            if pos[c] == ".":
                child = ttt_after(pos, c)
                values[child] = ttt_value(child)
    return values


# --------------------------------------------------------------------------------------------
# Connect Four: windows and the fixed heuristic for c4-depth.
# Cells are numbered col * height + row, row 0 at the bottom.


@functools.cache
def c4_windows(width: int, height: int) -> tuple[tuple[int, int, int, int], ...]:
    """Every four-in-a-row window of cells on a width x height board."""
    found = []
    for col in range(width):
        for row in range(height):
            for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
                end_c, end_r = col + 3 * dc, row + 3 * dr
                if 0 <= end_c < width and 0 <= end_r < height:
                    found.append(tuple((col + k * dc) * height + row + k * dr for k in range(4)))
    return tuple(found)  # type: ignore[arg-type]


C4_WEIGHTS = (0, 1, 10, 100, 0)


def c4_heuristic(cells: Sequence[int], width: int, height: int) -> int:
    """The c4-depth leaf score for the first player: over every window of four cells, +1/+10/+100
    for 1/2/3 of the first player's pieces and none of the second's, and the mirror negative.

    `cells` holds 1 (first player), 2 (second) or 0, indexed col * height + row (row 0 at the
    bottom). Four in a row is terminal and scored +-C4_WIN by the search before this is asked.
    """
    score = 0
    for a, b, c, d in c4_windows(width, height):
        w = (cells[a], cells[b], cells[c], cells[d])
        ones = w.count(1)
        twos = w.count(2)
        if twos == 0:
            score += C4_WEIGHTS[ones]
        elif ones == 0:
            score -= C4_WEIGHTS[twos]
    return score


C4_WIN = 1_000_000


# --------------------------------------------------------------------------------------------
# Mutable baselines: a Python list, try a move, recurse, undo.


def _ttt_wins(board: list[int], cell: int, mark: int) -> bool:
    """Whether the mark just put on a cell completes a line through it."""
    for a, b in TTT_THROUGH[cell]:
        if board[a] == mark and board[b] == mark:
            return True
    return False


def _ttt_mutable(board: list[int], alphabeta: bool) -> tuple[Callable[..., int], list[int]]:
    """A negamax over a mutable ttt board (1 = x, 2 = o) and its node counter."""
    count = [0]
    wins = _ttt_wins

    def search(mark: int, empties: int, alpha: float, beta: float) -> int:
        best = -2
        other = 3 - mark
        for cell in range(9):
            if board[cell]:
                continue
            board[cell] = mark
            count[0] += 1
            if wins(board, cell, mark):
                value = 1
            elif empties == 1:
                value = 0
            else:
                value = -search(other, empties - 1, -beta, -alpha)
            board[cell] = 0
            if value > best:
                best = value
                if alphabeta:
                    if value > alpha:
                        alpha = value
                    if alpha >= beta:
                        break
        return best

    return search, count


def _ttt_board(pos: str) -> list[int]:
    return [" xo".index(ch) if ch != "." else 0 for ch in pos]


def mutable_ttt_solve(alphabeta: bool = True) -> PeerResult:
    """ttt-solve by plain minimax or alpha-beta on a list board."""
    board = [0] * 9
    search, count = _ttt_mutable(board, alphabeta)
    start = time.perf_counter()
    values = []
    count[0] = 1
    for cell in range(9):
        board[cell] = 1
        count[0] += 1
        values.append(-search(2, 8, -INF, INF))
        board[cell] = 0
    seconds = time.perf_counter() - start
    answer = tuple(values)
    return PeerResult(answer, count[0], seconds, is_right("ttt-solve", answer))


def mutable_ttt_all() -> PeerResult:
    """ttt-all by alpha-beta on a list board: a full-window root search per position."""
    positions = ttt_positions()
    boards = [(pos, _ttt_board(pos)) for pos in positions]
    board = [0] * 9
    search, count = _ttt_mutable(board, True)
    wins = _ttt_wins
    answer: dict[str, int] = {}
    start = time.perf_counter()
    for pos, cells in boards:
        board[:] = cells
        empties = board.count(0)
        mark = 1 if empties % 2 == 1 else 2
        count[0] += 1
        alpha = -INF
        best_move = -1
        for cell in range(9):
            if board[cell]:
                continue
            board[cell] = mark
            count[0] += 1
            if wins(board, cell, mark):
                value = 1
            elif empties == 1:
                value = 0
            else:
                value = -search(3 - mark, empties - 1, -INF, -alpha)
            board[cell] = 0
            if value > alpha:
                alpha = value
                best_move = cell
        answer[pos] = best_move
    seconds = time.perf_counter() - start
    return PeerResult(answer, count[0], seconds, is_right("ttt-all", answer))


def _c4_wins(cells: list[int], width: int, height: int, col: int, row: int, mark: int) -> bool:
    """Whether the piece at (col, row) makes four in a row, checking only lines through it."""
    for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
        run = 1
        c, r = col + dc, row + dr
        while 0 <= c < width and 0 <= r < height and cells[c * height + r] == mark:
            run += 1
            c += dc
            r += dr
        c, r = col - dc, row - dr
        while 0 <= c < width and 0 <= r < height and cells[c * height + r] == mark:
            run += 1
            c -= dc
            r -= dr
        if run >= 4:
            return True
    return False


def mutable_c4(width: int, height: int, depth: int | None = None) -> PeerResult:
    """c4-solve (depth None) or c4-depth by negamax alpha-beta on a list board."""
    cells = [0] * (width * height)
    heights = [0] * width
    count = [1]
    columns = range(width)
    wins = _c4_wins
    heuristic = c4_heuristic
    win = 1 if depth is None else C4_WIN

    def search(mark: int, empties: int, left: int, alpha: float, beta: float) -> int:
        if left == 0:
            score = heuristic(cells, width, height)
            return score if mark == 1 else -score
        best = -INF
        other = 3 - mark
        for col in columns:
            row = heights[col]
            if row == height:
                continue
            cell = col * height + row
            cells[cell] = mark
            heights[col] = row + 1
            count[0] += 1
            if wins(cells, width, height, col, row, mark):
                value = win
            elif empties == 1:
                value = 0
            else:
                value = -search(other, empties - 1, left - 1, -beta, -alpha)
            cells[cell] = 0
            heights[col] = row
            if value > best:
                best = value
                if value > alpha:
                    alpha = value
                if alpha >= beta:
                    break
        return best  # type: ignore[return-value]

    start = time.perf_counter()
    answer = search(1, width * height, -1 if depth is None else depth, -INF, INF)
    seconds = time.perf_counter() - start
    workload, params = _c4_workload(width, height, depth)
    return PeerResult(answer, count[0], seconds, is_right(workload, answer, **params))


def _c4_workload(width: int, height: int, depth: int | None) -> tuple[str, dict[str, int]]:
    if depth is None:
        return "c4-solve", {"width": width, "height": height}
    return "c4-depth", {"width": width, "height": height, "depth": depth}


def mutable_nim(heaps: Sequence[int]) -> PeerResult:
    """nim by negamax alpha-beta on a list of heaps (normal play)."""
    piles = list(heaps)
    count = [1]
    indices = range(len(piles))

    def search(alpha: float, beta: float) -> int:
        best = -1  # with no move left the previous player took the last object and won
        for i in indices:
            size = piles[i]
            for take in range(1, size + 1):
                piles[i] = size - take
                count[0] += 1
                value = -search(-beta, -alpha)
                if value > best:
                    best = value
                    if value > alpha:
                        alpha = value
                if alpha >= beta:
                    piles[i] = size
                    return best
            piles[i] = size
        return best

    start = time.perf_counter()
    answer = search(-INF, INF)
    seconds = time.perf_counter() - start
    return PeerResult(answer, count[0], seconds, is_right("nim", answer, heaps=tuple(heaps)))


# --------------------------------------------------------------------------------------------
# easyAI 2.0.12: Negamax(depth, scoring, tt=None); the value is Negamax.alpha for the side to
# move, scaled by (1 + 0.001 * depth left) at terminal nodes, so only its sign is read here.
# Exact searches use depth = empty cells + 1, so every leaf is terminal and the remaining depth
# of a position is the same from any root (which keeps a shared table sound).


def _sign(value: float) -> int:
    return (value > 0) - (value < 0)


@functools.cache
def _easyai_classes() -> dict[str, type]:
    """easyAI's TicTacToe (plus ttentry), Connect Four of any size on a list (ListC4) and as
    easyAI's own numpy class resized (NumpyC4), and easyAI's Nim scored for normal play."""
    import numpy as np
    from easyAI import TwoPlayerGame
    from easyAI.games import ConnectFour, Nim, TicTacToe

    class TTT(TicTacToe):  # type: ignore[misc]
        """easyAI's TicTacToe plus the ttentry its TranspositionTable needs."""

        def ttentry(self) -> tuple[int, ...]:
            return tuple(self.board)

    class NumpyC4(ConnectFour):  # type: ignore[misc]
        """easyAI's ConnectFour (numpy board, no unmake_move) on any width x height."""

        def __init__(self, players: list[Any], width: int, height: int) -> None:
            super().__init__(players, board=np.zeros((height, width), dtype=int))
            self.width = width
            self.height = height
            # easyAI's POS_DIR: rows, columns, then the diagonals long enough for four.
            self.pos_dir = np.array(
                [[[i, 0], [0, 1]] for i in range(height)]
                + [[[0, i], [1, 0]] for i in range(width)]
                + [[[i, 0], [1, 1]] for i in range(1, height - 3)]
                + [[[0, i], [1, 1]] for i in range(width - 3)]
                + [[[i, width - 1], [1, -1]] for i in range(1, height - 3)]
                + [[[0, i], [1, -1]] for i in range(3, width)]
            )

        def possible_moves(self) -> list[int]:
            return [i for i in range(self.width) if self.board[:, i].min() == 0]

        def lose(self) -> bool:
            # easyAI's find_four, with the board size as a parameter.
            board, who = self.board, self.opponent_index
            for pos, direction in self.pos_dir:
                streak = 0
                while (0 <= pos[0] < self.height) and (0 <= pos[1] < self.width):
                    if board[pos[0], pos[1]] == who:
                        streak += 1
                        if streak == 4:
                            return True
                    else:
                        streak = 0
                    pos = pos + direction
            return False

        def ttentry(self) -> bytes:
            return bytes(self.board.tobytes())

        def cells(self) -> list[int]:
            """The board as c4_heuristic's cell list (col * height + row)."""
            return [int(v) for v in self.board.T.flatten()]

    class ListC4(TwoPlayerGame):  # type: ignore[misc]
        """Connect Four as an easyAI TwoPlayerGame on a Python list, with unmake_move and lines
        checked through the last move (the same game logic as the mutable baseline)."""

        def __init__(self, players: list[Any], width: int, height: int) -> None:
            self.players = players
            self.current_player = 1
            self.width = width
            self.height = height
            self.cells = [0] * (width * height)
            self.heights = [0] * width
            self.moves: list[int] = []

        def possible_moves(self) -> list[int]:
            return [c for c in range(self.width) if self.heights[c] < self.height]

        def make_move(self, column: int) -> None:
            self.cells[column * self.height + self.heights[column]] = self.current_player
            self.heights[column] += 1
            self.moves.append(column)

        def unmake_move(self, column: int) -> None:
            self.heights[column] -= 1
            self.cells[column * self.height + self.heights[column]] = 0
            self.moves.pop()

        def lose(self) -> bool:
            if not self.moves:
                return False
            col = self.moves[-1]
            row = self.heights[col] - 1
            return _c4_wins(self.cells, self.width, self.height, col, row, self.opponent_index)

        def is_over(self) -> bool:
            return len(self.moves) == len(self.cells) or self.lose()

        def scoring(self) -> int:
            return -100 if self.lose() else 0

        def ttentry(self) -> bytes:
            return bytes(self.cells)

    class NormalNim(Nim):  # type: ignore[misc]
        """easyAI's Nim under normal play: the side to move with no objects left has lost."""

        def scoring(self) -> int:
            return -100 if self.win() else 0

    return {"ttt": TTT, "c4": ListC4, "c4-numpy": NumpyC4, "nim": NormalNim}


def _easyai(use_tt: bool) -> tuple[Callable[..., Any], Callable[[], Any]]:
    """easyAI's Negamax class and a maker of one fresh table (or None) per run."""
    from easyAI import Negamax, TranspositionTable

    return Negamax, (TranspositionTable if use_tt else (lambda: None))


def _ai_players() -> list[Any]:
    from easyAI import AI_Player

    return [AI_Player(None), AI_Player(None)]


def easyai_ttt_solve(use_tt: bool) -> PeerResult:
    """ttt-solve with easyAI: one Negamax per first move, from the position after it."""
    negamax, table = _easyai(use_tt)
    ttt = _easyai_classes()["ttt"]
    games = []
    for move in range(1, 10):
        game = ttt(_ai_players())
        game.make_move(move)
        game.switch_player()
        games.append(game)
    tt = table()
    start = time.perf_counter()
    values = []
    for game in games:
        ai = negamax(9, tt=tt)
        ai(game)
        values.append(-_sign(ai.alpha))
    seconds = time.perf_counter() - start
    answer = tuple(values)
    return PeerResult(answer, None, seconds, is_right("ttt-solve", answer))


def easyai_ttt_all(use_tt: bool) -> PeerResult:
    """ttt-all with easyAI: Negamax's ai_move for every position."""
    negamax, table = _easyai(use_tt)
    ttt = _easyai_classes()["ttt"]
    games = []
    for pos in ttt_positions():
        game = ttt(_ai_players())
        game.board = _ttt_board(pos)
        game.current_player = 1 if ttt_to_move(pos) == "x" else 2
        games.append((pos, game, pos.count(".") + 1))
    tt = table()
    answer: dict[str, int] = {}
    start = time.perf_counter()
    for pos, game, depth in games:
        answer[pos] = negamax(depth, tt=tt)(game) - 1
    seconds = time.perf_counter() - start
    return PeerResult(answer, None, seconds, is_right("ttt-all", answer))


def easyai_c4(
    use_tt: bool, width: int, height: int, depth: int | None = None, numpy: bool = False
) -> PeerResult:
    """c4-solve or c4-depth with easyAI's Negamax, on ListC4 or (numpy=True) on easyAI's own
    ConnectFour resized, which has no unmake_move, so Negamax deep-copies it at every node."""
    negamax, table = _easyai(use_tt)
    game = _easyai_classes()["c4-numpy" if numpy else "c4"](_ai_players(), width, height)
    if depth is None:
        ai = negamax(width * height + 1, tt=table())
    else:

        def scoring(g: Any) -> int:
            if g.lose():
                return -C4_WIN
            cells = g.cells() if numpy else g.cells
            score = c4_heuristic(cells, width, height)
            return score if g.current_player == 1 else -score

        ai = negamax(depth, scoring, tt=table())
    start = time.perf_counter()
    ai(game)
    seconds = time.perf_counter() - start
    answer = _sign(ai.alpha) if depth is None else round(ai.alpha)
    workload, params = _c4_workload(width, height, depth)
    return PeerResult(answer, None, seconds, is_right(workload, answer, **params))


def easyai_nim(use_tt: bool, heaps: Sequence[int]) -> PeerResult:
    """nim with easyAI's Nim, scored for normal play."""
    negamax, table = _easyai(use_tt)
    game = _easyai_classes()["nim"](_ai_players(), piles=tuple(heaps))
    ai = negamax(sum(heaps) + 1, tt=table())
    start = time.perf_counter()
    ai(game)
    seconds = time.perf_counter() - start
    answer = _sign(ai.alpha)
    return PeerResult(answer, None, seconds, is_right("nim", answer, heaps=tuple(heaps)))


# --------------------------------------------------------------------------------------------
# OpenSpiel: alpha_beta_search(game, state, value_function, maximum_depth,
# maximizing_player_id) -> (value for maximizing_player_id, action); it clones the state for
# every child.


def _openspiel() -> tuple[Any, Callable[..., tuple[float, int]]]:
    import pyspiel
    from open_spiel.python.algorithms.minimax import alpha_beta_search

    return pyspiel, alpha_beta_search


def openspiel_ttt_solve() -> PeerResult:
    """ttt-solve with OpenSpiel: one alpha_beta_search per first move, x maximizing."""
    pyspiel, search = _openspiel()
    game = pyspiel.load_game("tic_tac_toe")
    states = []
    for action in range(9):
        state = game.new_initial_state()
        state.apply_action(action)
        states.append(state)
    start = time.perf_counter()
    values = [
        int(search(game, state=s, maximum_depth=10, maximizing_player_id=0)[0]) for s in states
    ]
    seconds = time.perf_counter() - start
    answer = tuple(values)
    return PeerResult(answer, None, seconds, is_right("ttt-solve", answer))


def openspiel_ttt_all() -> PeerResult:
    """ttt-all with OpenSpiel: the action alpha_beta_search returns for every position."""
    pyspiel, search = _openspiel()
    game = pyspiel.load_game("tic_tac_toe")
    states = []
    for pos, path in ttt_paths().items():
        state = game.new_initial_state()
        for action in path:
            state.apply_action(action)
        states.append((pos, state))
    answer: dict[str, int] = {}
    start = time.perf_counter()
    for pos, state in states:
        answer[pos] = search(
            game, state=state, maximum_depth=10, maximizing_player_id=state.current_player()
        )[1]
    seconds = time.perf_counter() - start
    return PeerResult(answer, None, seconds, is_right("ttt-all", answer))


def _openspiel_cells(state: Any, width: int, height: int) -> list[int]:
    """An OpenSpiel connect_four state as c4_heuristic's cell list (from its string: top row
    first, 'x' the first player, 'o' the second)."""
    rows = str(state).split()
    marks = {".": 0, "x": 1, "o": 2}
    return [marks[rows[height - 1 - row][col]] for col in range(width) for row in range(height)]


def openspiel_c4(width: int, height: int, depth: int | None = None) -> PeerResult:
    """c4-solve or c4-depth with OpenSpiel's connect_four(columns, rows)."""
    pyspiel, search = _openspiel()
    game = pyspiel.load_game("connect_four", {"columns": width, "rows": height})
    params = game.get_parameters()
    if (params.get("columns"), params.get("rows"), params.get("x_in_row", 4)) != (
        width,
        height,
        4,
    ):
        raise ValueError(f"connect_four did not take columns={width}, rows={height}: {params}")
    if depth is None:
        start = time.perf_counter()
        value, _ = search(game, maximum_depth=width * height + 1, maximizing_player_id=0)
    else:

        def value_function(state: Any) -> int:
            return c4_heuristic(_openspiel_cells(state, width, height), width, height)

        start = time.perf_counter()
        value, _ = search(
            game, value_function=value_function, maximum_depth=depth, maximizing_player_id=0
        )
    seconds = time.perf_counter() - start
    answer = int(value)
    workload, params = _c4_workload(width, height, depth)
    return PeerResult(answer, None, seconds, is_right(workload, answer, **params))


def openspiel_nim(heaps: Sequence[int]) -> PeerResult:
    """nim with OpenSpiel's nim(pile_sizes, is_misere=False)."""
    pyspiel, search = _openspiel()
    game = pyspiel.load_game("nim", {"pile_sizes": ";".join(map(str, heaps)), "is_misere": False})
    start = time.perf_counter()
    value, _ = search(game, maximum_depth=sum(heaps) + 1, maximizing_player_id=0)
    seconds = time.perf_counter() - start
    answer = int(value)
    return PeerResult(answer, None, seconds, is_right("nim", answer, heaps=tuple(heaps)))


# --------------------------------------------------------------------------------------------
# Registry


Runner = Callable[..., PeerResult]

RUNNERS: dict[tuple[str, str], Runner] = {
    ("mutable-minimax", "ttt-solve"): functools.partial(mutable_ttt_solve, alphabeta=False),
    ("mutable-alphabeta", "ttt-solve"): mutable_ttt_solve,
    ("mutable-alphabeta", "ttt-all"): mutable_ttt_all,
    ("mutable-alphabeta", "c4-solve"): mutable_c4,
    ("mutable-alphabeta", "c4-depth"): mutable_c4,
    ("mutable-alphabeta", "nim"): mutable_nim,
    ("easyai", "ttt-solve"): functools.partial(easyai_ttt_solve, False),
    ("easyai", "ttt-all"): functools.partial(easyai_ttt_all, False),
    ("easyai", "c4-solve"): functools.partial(easyai_c4, False),
    ("easyai", "c4-depth"): functools.partial(easyai_c4, False),
    ("easyai", "nim"): functools.partial(easyai_nim, False),
    ("easyai-tt", "ttt-solve"): functools.partial(easyai_ttt_solve, True),
    ("easyai-tt", "ttt-all"): functools.partial(easyai_ttt_all, True),
    ("easyai-tt", "c4-solve"): functools.partial(easyai_c4, True),
    ("easyai-tt", "c4-depth"): functools.partial(easyai_c4, True),
    ("easyai-tt", "nim"): functools.partial(easyai_nim, True),
    ("easyai-numpy", "c4-solve"): functools.partial(easyai_c4, False, numpy=True),
    ("easyai-numpy", "c4-depth"): functools.partial(easyai_c4, False, numpy=True),
    ("easyai-numpy-tt", "c4-solve"): functools.partial(easyai_c4, True, numpy=True),
    ("easyai-numpy-tt", "c4-depth"): functools.partial(easyai_c4, True, numpy=True),
    ("openspiel", "ttt-solve"): openspiel_ttt_solve,
    ("openspiel", "ttt-all"): openspiel_ttt_all,
    ("openspiel", "c4-solve"): openspiel_c4,
    ("openspiel", "c4-depth"): openspiel_c4,
    ("openspiel", "nim"): openspiel_nim,
}

def bitbully_solver() -> Callable[[str], tuple[int, int, float, float]]:
    """Return ``solve(sequence)``: (Pons' score, nodes, search seconds, CPU seconds) of a
    7x6 position (1-based columns, Pons' sets' notation) by BitBully's C++ solver, no book.

    Only Pons' sets use it (BitBully plays 7x6 alone; benchmarks/pons_peers.py).  One solver
    object: its transposition table is kept from one call to the next (clearing it costs
    about a second); ``nullWindow`` is Pons' null-window search for the exact score.
    """
    from bitbully import bitbully_core

    solver = bitbully_core.BitBullyCore()

    def solve(sequence: str) -> tuple[int, int, float, float]:
        board = bitbully_core.BoardCore()
        if not board.play([int(column) - 1 for column in sequence]):
            raise ValueError(f"BitBully refused the position {sequence!r}")
        solver.resetNodeCounter()
        cpu, start = time.process_time(), time.perf_counter()
        score = solver.nullWindow(board)
        seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
        return int(score), int(solver.getNodeCounter()), seconds, cpu

    return solve


PEERS = (
    "mutable-minimax",
    "mutable-alphabeta",
    "easyai",
    "easyai-tt",
    "easyai-numpy",
    "easyai-numpy-tt",
    "openspiel",
)

# Connect Four runs (peer, width, height) over ~2 minutes on the 2-core reference machine
# (see PEERS.md); everything else takes seconds.
_BIG = ((6, 4), (5, 5), (6, 5))
SLOW: frozenset[tuple[str, int, int]] = frozenset(
    [(p, w, h) for p in ("mutable-alphabeta", "openspiel", "easyai-tt") for w, h in _BIG]
    + [("easyai", w, h) for w, h in ((5, 4), *_BIG)]
    + [("easyai-numpy", w, h) for w, h in ((5, 4), (4, 5), *_BIG)]
    + [("easyai-numpy-tt", w, h) for w, h in ((5, 4), *_BIG)]
)


def pairs() -> list[tuple[str, str]]:
    """Every (peer, workload) pair that has a runner, peers in PEERS order."""
    order = list(WORKLOADS)
    return sorted(RUNNERS, key=lambda pw: (PEERS.index(pw[0]), order.index(pw[1])))


def unavailable(peer: str) -> str | None:
    """Why a peer cannot run here ("easyAI not installed"), or None when it can."""
    if peer.startswith("easyai"):
        missing = [m for m in ("easyAI", "numpy") if importlib.util.find_spec(m) is None]
        return f"{', '.join(missing)} not installed" if missing else None
    if peer == "openspiel":
        return None if importlib.util.find_spec("pyspiel") else "open_spiel not installed"
    if peer == "bitbully":
        return None if importlib.util.find_spec("bitbully") else "bitbully not installed"
    if peer in PEERS:
        return None
    raise ValueError(f"unknown peer {peer!r}; known: {PEERS}")


NIM_UNTABLED = frozenset({"mutable-alphabeta", "easyai", "openspiel", "fminimax-ab"})
"""Nim searches without a table: over a minute past ``NIM_OBJECTS`` objects (2,3,4,5,6)."""
NIM_OBJECTS = 15


def is_slow(peer: str, workload: str, **params: Any) -> bool:
    """Whether a run takes over ~2 minutes here, so the benchmark skips it unless --slow."""
    if workload == "nim":
        return peer in NIM_UNTABLED and sum(params["heaps"]) > NIM_OBJECTS
    return workload == "c4-solve" and (peer, params["width"], params["height"]) in SLOW


def run_peer(peer: str, workload: str, **params: Any) -> PeerResult:
    """One run of a peer on a workload."""
    if (peer, workload) not in RUNNERS:
        raise ValueError(f"no runner for ({peer!r}, {workload!r}); known: {pairs()}")
    reason = unavailable(peer)
    if reason is not None:
        raise RuntimeError(reason)
    return RUNNERS[(peer, workload)](**params)


def median_seconds(fn: Callable[[], object], repeat: int = 5) -> float:
    """The median wall seconds of `repeat` calls of a zero-argument callable."""
    if repeat < 1:
        raise ValueError(f"repeat must be at least 1, got {repeat}")
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def median_run(peer: str, workload: str, repeat: int = 5, **params: Any) -> PeerResult:
    """`repeat` runs of a peer; the first run's answer and nodes, the median search seconds,
    and ok only if every run was right."""
    if repeat < 1:
        raise ValueError(f"repeat must be at least 1, got {repeat}")
    runs = [run_peer(peer, workload, **params) for _ in range(repeat)]
    return PeerResult(
        runs[0].answer,
        runs[0].nodes,
        statistics.median(r.seconds for r in runs),
        all(r.ok for r in runs),
    )


# --------------------------------------------------------------------------------------------
# Shell: print the peer table (python benchmarks/peers.py [--slow] [--repeat N])


def params_str(params: dict[str, Any]) -> str:
    """Return a workload's parameters as the tables show them: 5x4, 7x6 d6, (3,4,5)."""
    if "width" in params:
        extra = f" d{params['depth']}" if "depth" in params else ""
        return f"{params['width']}x{params['height']}{extra}"
    if "heaps" in params:
        return "(" + ",".join(map(str, params["heaps"])) + ")"
    return ""


def _rows(args: argparse.Namespace) -> Iterator[str]:
    yield (
        f"| peer | workload | params | seconds (median of {args.repeat}) | nodes | nodes/s | "
        "answer | right |"
    )
    yield "|---|---|---|---:|---:|---:|---|---|"
    for peer, workload in pairs():
        if args.peer and peer not in args.peer or args.workload and workload not in args.workload:
            continue
        for params in WORKLOADS[workload]:
            head = f"| {peer} | {workload} | {params_str(params)} |"
            reason = unavailable(peer)
            if reason is not None:
                yield f"{head} {reason} | | | | |"
                continue
            if is_slow(peer, workload, **params) and not args.slow:
                yield f"{head} skipped (slow; --slow) | | | | |"
                continue
            repeat = 1 if is_slow(peer, workload, **params) else args.repeat
            r = median_run(peer, workload, repeat, **params)
            nodes = "" if r.nodes is None else f"{r.nodes:,}"
            rate = "" if r.nodes is None else f"{r.nodes / r.seconds:,.0f}"
            yield (
                f"{head} {r.seconds:.4g} | {nodes} | {rate} | "
                f"{answer_str(workload, r.answer)} | {'yes' if r.ok else 'NO'} |"
            )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Time the peer and baseline searches.")
    parser.add_argument("--slow", action="store_true", help="include runs over ~2 minutes")
    parser.add_argument("--repeat", type=int, default=3, help="runs per figure (median)")
    parser.add_argument("--peer", action="append", help="only this peer (repeatable)")
    parser.add_argument("--workload", action="append", help="only this workload (repeatable)")
    args = parser.parse_args(argv)
    print(
        f"# {platform.node()}: {platform.processor() or platform.machine()}, "
        f"Python {platform.python_version()}"
    )
    for row in _rows(args):
        print(row, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
