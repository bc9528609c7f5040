"""Tic-tac-toe's rules on m x n boards with k in a row: positions, lines, the game value.

A position is the board, the marker to move and the marker holding a line; the board is the
card's (:mod:`fminimax.board`).

>>> g = game()
>>> state = start(3, 3, "oox/xx5/oo8")
>>> g.moves(state), g.play(state, 5).winner
([5, 8], 'x')

Boards of other sizes take their shape and the run length ``k`` by keyword; square boards
default to k = side.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from enum import Enum
from functools import lru_cache, partial
from typing import Any, NamedTuple

from fminimax.board import (
    Board,
    checked_marker,
    empty_board,
    fill_board,
    is_open,
    markers,
    open_spaces,
    parse_board,
    square_shape,
)
from fminimax.game import Game, Score

__all__ = [
    "UNSEEN", "Line", "Position", "Unseen", "game", "game_over", "generate_boards",
    "heuristic", "lines", "shape_of", "start", "validate_board", "winning_marker",
]

Line = tuple[int, ...]


class Unseen(Enum):
    """The winner of a position whose maker did not say who holds a line."""

    UNSEEN = "unseen"

    def __repr__(self) -> str:
        """Return the name a person can type back at the REPL: ``UNSEEN``."""
        return "UNSEEN"


UNSEEN = Unseen.UNSEEN


class Position(NamedTuple):
    """A tic-tac-toe state: the board, the marker to move, and the marker holding a line.

    ``winner`` is None while nobody holds a line.  A position made by hand may leave it
    ``UNSEEN`` (the default): the rules then read the board.  The game's ``play`` fills it
    in by looking only at the lines through the space just taken, so a search never scans
    the whole board for a winner.

    >>> game().play(Position(parse_board("xx2 oo5 678"), "x"), 2).winner
    'x'
    """

    board: Board
    player: Hashable
    winner: Hashable = UNSEEN


_position = partial(tuple.__new__, Position)  # Position(*fields) without a Python-level call


@lru_cache(maxsize=64)
def lines(rows: int = 3, cols: int = 3, k: int = 3) -> tuple[Line, ...]:
    """Return every run of ``k`` spaces in a row, column or diagonal of a rows x cols board.

    >>> len(lines()), lines()[:2]
    (8, ((0, 1, 2), (3, 4, 5)))
    >>> lines(3, 3, 4)
    Traceback (most recent call last):
    ...
    ValueError: k=4 does not fit on a 3x3 board; k must be between 1 and 3
    """
    if isinstance(k, bool) or not isinstance(k, int) or not 1 <= k <= max(rows, cols):
        raise ValueError(f"k={k!r} does not fit on a {rows}x{cols} board; k must be between "
                         f"1 and {max(rows, cols)}")
    return tuple(run for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1))
                 for r in range(rows) for c in range(cols)
                 if (run := _run(rows, cols, k, (r, c), (dr, dc))) is not None)


def _run(rows: int, cols: int, k: int, first: tuple[int, int],
         step: tuple[int, int]) -> Line | None:
    """Return the k spaces from ``first`` in direction ``step``, or None if they leave the board."""
    (r, c), (dr, dc) = first, step
    end_r, end_c = r + dr * (k - 1), c + dc * (k - 1)
    if not (0 <= end_r < rows and 0 <= end_c < cols):
        return None
    return tuple((r + dr * i) * cols + c + dc * i for i in range(k))


def shape_of(board: Sequence[Any], rows: int | None = None, cols: int | None = None,
             k: int | None = None) -> tuple[int, int, int]:
    """Return (rows, cols, k) of a board: a square board's shape read from it, k the side.

    >>> shape_of(range(16)), shape_of(range(12), 3, 4)
    ((4, 4, 4), (3, 4, 3))
    """
    if rows is None or cols is None:
        rows, cols = square_shape(board)
    return rows, cols, min(rows, cols) if k is None else k


def winning_marker(board: Board, rows: int | None = None, cols: int | None = None,
                   k: int | None = None) -> Any:
    """Return the marker that holds a whole line, or None.

    >>> winning_marker(parse_board("xxx oo5 678")), winning_marker(parse_board("x.. .o. ..."))
    ('x', None)
    """
    return _holder(list(board), lines(*shape_of(board, rows, cols, k)))


def _holder(cells: Sequence[Any], runs: tuple[Line, ...]) -> Any:
    """Return the marker that fills one of the ``runs`` of ``cells``, or None.

    Open spaces hold distinct numbers, so a run of equal cells is a run of one marker (the
    rare equal run is checked for an open space, which a one-cell run may be).  Runs of three
    get an unrolled loop: this is the hot path of every tic-tac-toe search.
    """
    if runs and len(runs[0]) == 3:
        for a, b, c in runs:
            if cells[a] == cells[b] == cells[c] and not is_open(cells[a]):
                return cells[a]
        return None
    for run in runs:
        first = cells[run[0]]
        if all(cells[i] == first for i in run) and not is_open(first):
            return first
    return None


def game_over(board: Board, rows: int | None = None, cols: int | None = None,
              k: int | None = None) -> bool:
    """Return whether someone has won or no open space is left.

    >>> game_over(parse_board("oox xx5 oo8")), game_over(parse_board("xxx oo5 678"))
    (False, True)
    """
    return winning_marker(board, rows, cols, k) is not None or not open_spaces(board)


def generate_boards(marker: Hashable, board: Board) -> list[Board]:
    r"""Return one new board per open space, that space filled with ``marker``.

    >>> from fminimax.board import board_str
    >>> [board_str(child) for child in generate_boards("x", parse_board("oox xx5 oo8"))]
    ['o o x\nx x x\no o 8', 'o o x\nx x 5\no o x']
    >>> generate_boards(parse_board("oox xx5 oo8"), "x")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    TypeError: generate_boards(marker, board) takes the marker first: board must be a ...
    """
    if isinstance(board, str) or not isinstance(board, Sequence):
        raise TypeError(f"generate_boards(marker, board) takes the marker first: board must "
                        f"be a sequence of cells, got {board!r}")
    checked_marker(marker)
    return [fill_board(space, board, marker) for space in open_spaces(board)]


# --- which boards can arise in a game -------------------------------------------------------


def validate_board(board: Board, rows: int | None = None, cols: int | None = None,
                   k: int | None = None, first: Hashable = "x") -> Board:
    """Return ``board`` if it could arise in a game, else raise a ValueError saying why.

    The side holding a line moved last: it has one mark more than the other, or as many
    when the other moved first (with equal counts, ``first`` is who moved first, as in
    ``start``).

    >>> validate_board(parse_board("xxx ooo 678"))
    Traceback (most recent call last):
    ...
    ValueError: both o and x hold a line; a game ends at the first line
    >>> validate_board(parse_board("xxx o.. ..."))
    Traceback (most recent call last):
    ...
    ValueError: impossible marker counts: x has 3 and o has 1; they may differ by at most one
    >>> validate_board(parse_board("xxx oo. o.."))
    Traceback (most recent call last):
    ...
    ValueError: x holds a line, yet o has as many marks as x (3 each): o moved after the game ended
    """
    rows, cols, k = shape_of(board, rows, cols, k)
    if len(board) != rows * cols:
        raise ValueError(f"a {rows}x{cols} board has {rows * cols} cells, got {len(board)}")
    counts = _counts(board)
    winners = {board[line[0]] for line in lines(rows, cols, k)
               if not is_open(board[line[0]]) and all(board[i] == board[line[0]] for i in line)}
    if len(winners) > 1:
        a, b = sorted(map(str, winners))
        raise ValueError(f"both {a} and {b} hold a line; a game ends at the first line")
    if winners:
        _check_last_mover(next(iter(winners)), counts, first)
    return board


def _counts(board: Board) -> dict[Any, int]:
    """Return each marker's number of marks, checking there are at most two markers whose
    counts differ by at most one (a lone marker has at most one mark)."""
    found = markers(board)
    if len(found) > 2:
        raise ValueError(f"a board holds two markers, got {len(found)}: {found}")
    counts = {m: sum(1 for cell in board if cell == m) for m in found}
    if len(found) == 2 and abs(counts[found[0]] - counts[found[1]]) > 1 or (
            len(found) == 1 and counts[found[0]] > 1):
        a, b = (found + ["o" if found[0] != "o" else "x"])[:2]
        raise ValueError(f"impossible marker counts: {a} has {counts.get(a, 0)} and {b} has "
                         f"{counts.get(b, 0)}; they may differ by at most one")
    return counts


def _check_last_mover(winner: Hashable, counts: dict[Any, int], first: Hashable) -> None:
    """Raise unless ``winner`` can have made the last move, given the marker counts."""
    others = [m for m in counts if m != winner]
    other = others[0] if others else "o" if winner != "o" else "x"
    mine, theirs = counts[winner], counts.get(other, 0)
    if mine < theirs:
        raise ValueError(f"{winner} holds a line with {mine} marks to {other}'s {theirs}: "
                         f"{other} moved after the game ended")
    if mine == theirs and winner == first:
        raise ValueError(f"{winner} holds a line, yet {other} has as many marks as {winner} "
                         f"({mine} each): {other} moved after the game ended")


# --- the rules as a game value --------------------------------------------------------------


def _completes(board: Board, others: tuple[Line, ...], marker: Hashable) -> bool:
    """Return whether ``marker`` holds all the ``others`` cells of some line (the lines
    through the space it just took, that space left out).  Pairs get an unrolled loop."""
    if others and len(others[0]) == 2:
        for a, b in others:
            if board[a] == marker and board[b] == marker:
                return True
        return False
    return any(all(board[i] == marker for i in rest) for rest in others)


def _heuristic(runs: tuple[Line, ...], state: Position, player: Hashable) -> Score:
    """Return the lines still open to ``player`` minus those still open to the other side."""
    board, score = state.board, 0
    for line in runs:
        held = {board[i] for i in line if not is_open(board[i])}
        if len(held) == 1:
            score += 1 if player in held else -1
    return score


def heuristic(state: Position, player: Hashable, rows: int = 3, cols: int = 3,
              k: int | None = None) -> Score:
    """Return an estimate for ``player``: lines they could still fill minus the other's.

    >>> heuristic(Position(parse_board("x.. ... ..."), "o"), "x")
    3
    """
    return _heuristic(lines(rows, cols, min(rows, cols) if k is None else k), state, player)


class _Rules(NamedTuple):
    """What the rules of one game share: its lines, for each space the other cells of each
    line through it, the board's size and the two markers."""

    runs: tuple[Line, ...]
    through: tuple[tuple[Line, ...], ...]
    size: int
    computer: Hashable
    opponent: Hashable


def _winner(rules: _Rules, state: Position) -> Any:
    """Return the marker holding a line, reading the board only if the position did not say."""
    winner = state.winner
    return _holder(state.board.tolist(), rules.runs) if winner is UNSEEN else winner


def _moves(rules: _Rules, state: Position) -> list[int]:
    """Return the open spaces, or no moves once someone holds a line."""
    if _winner(rules, state) is not None:
        return []
    return [cell for cell in state.board.tolist() if cell.__class__ is int]


def _play(rules: _Rules, state: Position, space: int) -> Position:
    """Return the position after the player to move fills ``space`` (fill_board checks it).

    Only a line through ``space`` can be new, so only those are looked at.
    """
    runs, through, size, computer, opponent = rules
    board, player, winner = state
    if space.__class__ is int and 0 <= space < size and board[space].__class__ is int:
        board = board.set(space, player)
    else:
        board = fill_board(space, board, player)
    if winner is UNSEEN:
        winner = _holder(board.tolist(), runs)
    elif winner is None and _completes(board, through[space], player):
        winner = player
    return _position((board, opponent if player == computer else computer, winner))


def _is_over(rules: _Rules, state: Position) -> bool:
    """Return whether someone holds a line or both markers fill the board."""
    runs, _, size, computer, opponent = rules
    board, _, winner = state
    if winner is UNSEEN:
        winner = _holder(board.tolist(), runs)
    return winner is not None or board.count(computer) + board.count(opponent) == size


def _noisy(rules: _Rules, state: Position) -> list[int]:
    """Return the spaces that complete a line for the player to move, else those that block
    the other's line: the noisy moves, for quiescence search.

    >>> g = game()
    >>> g.noisy(Position(parse_board("xx2 o45 o78"), "x"))
    [2]
    >>> g.noisy(Position(parse_board("xx2 o45 678"), "o"))
    [2]
    >>> g.noisy(Position(parse_board("x12 345 678"), "o"))
    []
    """
    if _winner(rules, state) is not None:
        return []
    cells, player = state.board.tolist(), state.player
    other = rules.opponent if player == rules.computer else rules.computer
    spaces = [cell for cell in cells if cell.__class__ is int]
    return _completing(rules, cells, spaces, player) or _completing(rules, cells, spaces, other)


def _completing(rules: _Rules, cells: list[Any], spaces: list[int],
                marker: Hashable) -> list[int]:
    """Return the open ``spaces`` where ``marker`` would complete a line."""
    return [space for space in spaces
            if any(all(cells[i] == marker for i in rest) for rest in rules.through[space])]


def _utility(rules: _Rules, state: Position, player: Hashable) -> Score:
    winner = _winner(rules, state)
    return 0 if winner is None else 1 if winner == player else -1


def _to_move(state: Position) -> Hashable:
    return state.player


def _rules(computer: Hashable, opponent: Hashable, rows: int, cols: int,
           k: int | None) -> _Rules:
    """Return the shared record of a board's lines and markers, checking the markers."""
    if computer == opponent:
        raise ValueError(f"the two players need different markers, got {computer!r} twice")
    for marker in (computer, opponent):
        checked_marker(marker)
    empty_board(rows, cols)
    size = rows * cols
    runs = lines(rows, cols, min(rows, cols) if k is None else k)
    through = tuple(tuple(tuple(i for i in run if i != space) for run in runs if space in run)
                    for space in range(size))
    return _Rules(runs, through, size, computer, opponent)


def game(computer: Hashable = "x", opponent: Hashable = "o", rows: int = 3, cols: int = 3,
         k: int | None = None) -> Game[Position, int]:
    """Return tic-tac-toe on a rows x cols board with k in a row, as a game value.

    The rules share one record of this board's lines, made once here (bound by ``partial``,
    so a game can be pickled to worker processes).  A position carries its winner
    (``Position.winner``), so ``play`` looks only at the lines through the space just taken
    and the other rules never scan the board.

    >>> g = game()
    >>> g.moves(Position(parse_board("oox xx5 oo8"), "x"))
    [5, 8]
    """
    rules = _rules(computer, opponent, rows, cols, k)
    return Game(name=f"tictactoe-{rows}x{cols}-k{len(rules.runs[0])}",
                moves=partial(_moves, rules), play=partial(_play, rules),
                is_over=partial(_is_over, rules), to_move=_to_move,
                utility=partial(_utility, rules), heuristic=partial(_heuristic, rules.runs),
                noisy=partial(_noisy, rules), outcomes=True)


# --- positions of any size, for the generic engine and the command line -----------------------


def start(rows: int = 3, cols: int = 3, board: str | Board | None = None,
          k: int | None = None, first: str = "x") -> Position:
    """Return the position on ``board`` (empty by default); the side with fewer markers moves.

    With equal counts ``first`` moves ('x' by default), as on the empty board.

    >>> start().board, start().player
    (pvector([0, 1, 2, 3, 4, 5, 6, 7, 8]), 'x')
    >>> start(3, 3, "oox xx5 oo8").player
    'x'
    >>> start(3, 4, "xo.. .... ....", k=3).player
    'x'
    >>> start(3, 3, "xx. ... ...")
    Traceback (most recent call last):
    ...
    ValueError: impossible marker counts: x has 2 and o has 0; they may differ by at most one
    """
    if first not in ("x", "o"):
        raise ValueError(f"first must be 'x' or 'o', got {first!r}")
    cells = empty_board(rows, cols) if board is None else (
        parse_board(board, rows, cols) if isinstance(board, str) else board)
    validate_board(cells, rows, cols, k, first)
    x, o = _xo_counts(cells)
    return Position(cells, first if x == o else "o" if x > o else "x")


def _xo_counts(cells: Board) -> tuple[int, int]:
    """Return how many marks x and o have, refusing any other marker."""
    unknown = [m for m in markers(cells) if m not in ("x", "o")]
    if unknown:
        raise ValueError(f"unknown marker {unknown[0]!r}; boards use x and o")
    return cells.count("x"), cells.count("o")
