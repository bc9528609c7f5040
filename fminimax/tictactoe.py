"""The card's functions for tic-tac-toe: the Clojure text's pipeline on tic-tac-toe boards.

The card's functions keep its names and argument order: ``open_spaces``, ``fill_board``,
``generate_boards``, ``winning_marker``, ``game_over``, ``retrieve_score``,
``optimal_score``, ``scores_map`` and ``best_move``.  They take a board and the two
markers, where :mod:`fminimax.reference`'s functions of the same names take a game value
and a state; both give the same scores (tested on every reachable position).  The rules
live in :mod:`fminimax.games.tictactoe` (re-exported here); ``retrieve_score`` is the
text's recursion, ``optimal_score`` over ``generate_boards``, min or max by depth parity.
Anything faster says so in its name: ``alphabeta_scores_map`` (alpha-beta with a table)
and ``distance_scores_map`` (the same, scoring quicker wins higher).

The text's example, with the computer 'x' and the human 'o':

>>> board = parse_board("oox xx5 oo8")
>>> scores = scores_map(board, "x", "o")
>>> scores
{5: 1, 8: 0}
>>> best_move(scores)
5

Boards of other sizes take their shape and the run length ``k`` by keyword; square boards
default to k = side.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any, NamedTuple

from pyrsistent import PVector, pvector

from fminimax import core
from fminimax.board import (
    Board,
    board_str,
    empty_board,
    fill_board,
    markers,
    open_spaces,
    parse_board,
)
from fminimax.game import Game, Score
from fminimax.games.tictactoe import (
    UNSEEN,
    Line,
    Position,
    game,
    game_over,
    generate_boards,
    heuristic,
    lines,
    notation,
    shape_of,
    start,
    validate_board,
    winning_marker,
)
from fminimax.games.tictactoe.rules import completes, completes_pair, lines_through
from fminimax.reference import best_move, best_moves

__all__ = [
    "PLAIN_LIMIT", "TABLE_LIMIT", "UNSEEN", "Position", "alphabeta_scores_map", "best_move",
    "best_moves", "board_str", "empty_board", "fill_board", "game", "game_over",
    "generate_boards", "heuristic", "lines", "notation", "open_spaces", "optimal_score",
    "parse_board", "play_move", "distance_scores_map", "retrieve_score", "scores_map", "shape_of",
    "start",
    "validate_board", "winning_marker",
]


# --- the card's pipeline ----------------------------------------------------------------


PLAIN_LIMIT = 9
"""The most open spaces the card's plain recursion takes (a 3x3 board: ~550,000 positions)."""
TABLE_LIMIT = 12
"""The most open spaces the card's recursion takes with a table (a few seconds, ~100 MB)."""


Wins = Callable[[Sequence[Any], Any, Hashable], bool]
"""Whether a marker completes a line through a space, given the other cells of its lines."""


class _Card(NamedTuple):
    """What the card's recursion is handed once, checked: the two markers and the shape."""

    computer: Hashable
    opponent: Hashable
    rows: int
    cols: int
    k: int


def _mover(card: _Card, depth: int) -> Hashable:
    """Return who moves at ``depth``: the computer at even depths, the opponent at odd."""
    return card.computer if depth % 2 == 0 else card.opponent


def _score(card: _Card, board: Board) -> Score:
    """Return a finished board's score: +1 if the computer holds a line, -1 the opponent, 0."""
    winner = winning_marker(board, card.rows, card.cols, card.k)
    return 1 if winner == card.computer else -1 if winner == card.opponent else 0


def _retrieve_score(card: _Card, board: Board, depth: int,
                    table: dict[Any, Score] | None) -> Score:
    """Return the card's retrieve-score of a checked ``board`` reached at ``depth``.

    Base case first: a finished board's score; else ``optimal_score`` of the boards the
    player moving at ``depth`` can make.  With a ``table`` every board's score is kept in
    it, keyed on the immutable board and who moves on it: the one place this caches.
    """
    key = (board, depth % 2)
    if table is not None and key in table:
        return table[key]
    if game_over(board, card.rows, card.cols, card.k):
        score = _score(card, board)
    else:
        score = _optimal_score(card, generate_boards(_mover(card, depth), board), depth + 1,
                               table)
    if table is not None:
        table[key] = score
    return score


def _optimal_score(card: _Card, boards: Sequence[Board], depth: int,
                   table: dict[Any, Score] | None) -> Score:
    """Return the max (odd depth: the computer just moved) or min of the boards' scores."""
    scores = [_retrieve_score(card, board, depth, table) for board in boards]
    return max(scores) if depth % 2 == 1 else min(scores)


def _depth(depth: Any) -> int:
    """Return ``depth`` if it is a whole number of plies (an int >= 0), else raise."""
    if isinstance(depth, bool) or not isinstance(depth, int):
        raise TypeError(f"depth is a whole number of plies (an int >= 0), got {depth!r}")
    if depth < 0:
        raise ValueError(f"depth is a whole number of plies (an int >= 0), got {depth!r}")
    return depth


def _card(board: Board, computer: Hashable, opponent: Hashable, rows: int | None,
          cols: int | None, k: int | None) -> _Card:
    """Return the card of ``board``'s shape (a square board's from its cells; k the side)."""
    rows, cols, k = shape_of(board, rows, cols, k)
    if len(board) != rows * cols:
        raise ValueError(f"a {rows}x{cols} board has {rows * cols} cells, got {len(board)}")
    if computer == opponent:
        raise ValueError(f"the two players need different markers, got {computer!r} twice")
    lines(rows, cols, k)  # refuses a k that does not fit
    return _Card(computer, opponent, rows, cols, k)


def _board(board: Board) -> Board:
    """Return ``board`` as a pvector (the card's functions also take a list of cells)."""
    if isinstance(board, PVector):
        return board
    if isinstance(board, str) or not isinstance(board, Sequence):
        raise TypeError(f"a board is a sequence of cells (see parse_board), got {board!r}")
    return pvector(board)


def _within_limit(boards: Sequence[Board], table: object) -> None:
    """Raise if a board has more open spaces than the card's exact recursion takes."""
    limit = PLAIN_LIMIT if table is None else TABLE_LIMIT
    most = max((len(open_spaces(board)) for board in boards), default=0)
    if most > limit:
        raise ValueError(f"a board with {most} open spaces is too large for the card's exact "
                         f"recursion, which takes at most {PLAIN_LIMIT} without a table and at "
                         f"most {TABLE_LIMIT} with one; use alphabeta_scores_map or "
                         f"distance_scores_map (alpha-beta with a table) or "
                         f"fminimax.algorithms.alphabeta")


def retrieve_score(board: Board, computer: Hashable, opponent: Hashable, depth: int,
                   table: dict[Any, Score] | None = None, *, rows: int | None = None,
                   cols: int | None = None, k: int | None = None) -> Score:
    """Return the score of ``board``, reached at ``depth``: +1 computer wins, -1 loses, 0 tie.

    The card's plain recursion, as the Clojure text writes it: a finished board scores
    itself, any other asks ``optimal_score(generate_boards(...))`` of the boards one move
    later.  On a board of any shape (a square board's is read from it; others give ``rows``
    and ``cols``; ``k`` defaults to the smaller side) with at most ``PLAIN_LIMIT`` open
    spaces, or ``TABLE_LIMIT`` with a ``table``.  ``depth`` is a whole number of plies: its
    parity says who moves (the computer at even depths).  The arguments are checked here,
    once; the recursion below trusts them.

    >>> retrieve_score(parse_board("oox xx5 oo8"), "x", "o", 0)
    1
    >>> retrieve_score(empty_board(4, 4), "x", "o", 0)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: a board with 16 open spaces is too large for the card's exact recursion, ...
    >>> retrieve_score(parse_board("oox xx5 oo8"), "x", "o", 1.5)
    Traceback (most recent call last):
    ...
    TypeError: depth is a whole number of plies (an int >= 0), got 1.5
    """
    board, depth = _board(board), _depth(depth)
    card = _card(board, computer, opponent, rows, cols, k)
    _within_limit([board], table)
    return _retrieve_score(card, board, depth, table)


def optimal_score(boards: Sequence[Board], computer: Hashable, opponent: Hashable, depth: int,
                  table: dict[Any, Score] | None = None, *, rows: int | None = None,
                  cols: int | None = None, k: int | None = None) -> Score:
    """Return the max (odd depth: the computer just moved) or min of the boards' scores.

    >>> optimal_score(generate_boards("x", parse_board("oox xx5 oo8")), "x", "o", 1)
    1
    >>> optimal_score([], "x", "o", 1)
    Traceback (most recent call last):
    ...
    ValueError: optimal_score needs at least one board to choose from, got []
    """
    depth = _depth(depth)
    if not boards:
        raise ValueError(f"optimal_score needs at least one board to choose from, got "
                         f"{boards!r}")
    boards = [_board(board) for board in boards]
    card = _card(boards[0], computer, opponent, rows, cols, k)
    _within_limit(boards, table)
    return _optimal_score(card, boards, depth, table)


# --- the plain scores map, asking game_over of the move ------------------------------------


def _plain_score(wins: Wins, through: tuple[tuple[Line, ...], ...], board: Board,
                 mover: Hashable, waiting: Hashable, won: Score, left: int) -> Score:
    """Return ``_retrieve_score`` of an unfinished ``board`` with ``left`` open spaces.

    ``mover`` moves now and ``waiting`` next; ``won`` is what a line ``mover`` completes
    scores (+1 for the computer, -1 for the opponent), so the computer's turns take the max;
    ``wins`` is ``completes``, or ``completes_pair`` for lines of three.

    Why a second recursion: the card's ``game_over`` reads every line of every board, and
    most of the ~550,000 boards of an empty 3x3 board's tree are made only to be found
    finished.  A board one move after an unfinished one can only be won on a line through
    the space just filled (``through``), and it is full when that space was the last; asked
    of the move, as the mutable-list minimax asks it, a finished board needs no board made
    and no call.  The same positions, the same scores: tests/test_tictactoe.py holds it to
    ``retrieve_score`` on every reachable position; benchmarks/card.py times it.
    """
    cells = board.tolist()  # a list reads faster than a pvector, cell by cell
    scores = [won if wins(cells, through[space], mover) else 0 if left == 1 else
              _plain_score(wins, through, board.set(space, mover), waiting, mover, -won,
                           left - 1)
              for space in cells if space.__class__ is int]
    return max(scores) if won > 0 else min(scores)


def _plain_scores_map(card: _Card, board: Board) -> dict[int, Score]:
    """Return each open space's plain score for the computer, to move on unfinished ``board``."""
    through, left = lines_through(card.rows, card.cols, card.k), len(open_spaces(board))
    wins: Wins = completes_pair if card.k == 3 else completes
    computer, opponent = card.computer, card.opponent
    return {space: 1 if wins(board, through[space], computer) else 0 if left == 1
            else _plain_score(wins, through, board.set(space, computer), opponent, computer,
                              -1, left - 1)
            for space in open_spaces(board)}


def _checked(board: Board, computer: Hashable, opponent: Hashable, rows: int | None = None,
             cols: int | None = None, k: int | None = None) -> Board:
    """Return a valid board on which it may be the computer's turn, else raise."""
    validate_board(board, rows, cols, k, first=computer)  # equal counts: the computer began
    count = {m: sum(1 for cell in board if cell == m) for m in (computer, opponent)}
    unknown = [m for m in markers(board) if m not in count]
    if unknown:
        raise ValueError(f"the board holds {unknown[0]!r}, which is neither the computer "
                         f"{computer!r} nor the opponent {opponent!r}")
    if count[computer] > count[opponent]:
        raise ValueError(f"{opponent!r} is to move, not {computer!r}: {computer!r} has "
                         f"{count[computer]} markers and {opponent!r} has {count[opponent]}")
    return board


def _root(board: Board, computer: Hashable, opponent: Hashable, rows: int | None,
          cols: int | None, k: int | None) -> tuple[Game[Position, int], Position | None]:
    """Return the game of ``board`` and the computer's position on it (None if it is over)."""
    board = _board(board)
    card = _card(board, computer, opponent, rows, cols, k)
    rules = game(computer, opponent, card.rows, card.cols, card.k)
    _checked(board, computer, opponent, rows, cols, k)
    position = Position(board, computer)
    return rules, None if rules.is_over(position) else position


def scores_map(board: Board, computer: Hashable, opponent: Hashable, *, memo: bool = False,
               rows: int | None = None, cols: int | None = None,
               k: int | None = None) -> dict[int, Score]:
    """Return each open space's score for the computer moving there now: the card's recursion.

    Each space is scored as ``retrieve_score`` scores the board after the computer takes it
    (at depth 1): the plain recursion, the teaching reference, with at most ``PLAIN_LIMIT``
    open spaces (it asks whether a board is finished of the move that made it: see
    ``_plain_score``).  ``memo=True`` runs ``retrieve_score`` itself memoized in one dict
    owned by this call (at most ``TABLE_LIMIT`` open spaces).  Boards of any shape: a square
    board's is read from it, others give ``rows`` and ``cols``; ``k`` defaults to the
    smaller side.  A finished board has no spaces to score.  Faster: ``alphabeta_scores_map``.

    >>> scores_map(parse_board("oox xx5 oo8"), "x", "o")
    {5: 1, 8: 0}
    >>> scores_map(parse_board("xo.. .x.. o.x. ...o"), "x", "o", memo=True)[2]
    0
    """
    _, position = _root(board, computer, opponent, rows, cols, k)
    if position is None:
        return {}
    board = position.board
    card = _card(board, computer, opponent, rows, cols, k)
    if not memo:
        _within_limit([board], None)
        return _plain_scores_map(card, board)
    table: dict[Any, Score] = {}
    _within_limit([board], table)
    return {space: _retrieve_score(card, after, 1, table)
            for space, after in zip(open_spaces(board), generate_boards(computer, board),
                                    strict=True)}


def alphabeta_scores_map(board: Board, computer: Hashable, opponent: Hashable, *,
                         rows: int | None = None, cols: int | None = None,
                         k: int | None = None) -> dict[int, Score]:
    """Return ``scores_map``'s +1/0/-1 scores, searched by alpha-beta with a table.

    The engine's alpha-beta, each move with its full window, and one transposition table
    owned by this call (an empty 4x4 board takes seconds); the values equal the card's
    recursion's, checked on every reachable 3x3 position.

    >>> alphabeta_scores_map(parse_board("oox xx5 oo8"), "x", "o")
    {5: 1, 8: 0}
    >>> set(alphabeta_scores_map(parse_board("xo.. .x.. o.x. ...o"), "x", "o").values())
    {0}
    """
    rules, position = _root(board, computer, opponent, rows, cols, k)
    if position is None:
        return {}
    return core.move_values(rules, position, distances=False, table=core.Table())


def distance_scores_map(board: Board, computer: Hashable, opponent: Hashable, *,
                     rows: int | None = None, cols: int | None = None,
                     k: int | None = None) -> dict[int, Score]:
    """Return each open space's depth-aware score: quicker wins and slower losses score more.

    A win at ply d is worth ``WIN - d`` and a loss ``-(WIN - d)`` (see core.distance_value);
    the signs agree with ``scores_map``, and boards of any shape are read as there.
    Searched as ``alphabeta_scores_map`` is: alpha-beta with a table owned by the call.

    >>> distance_scores_map(parse_board("oox xx5 oo8"), "x", "o")
    {5: 999999, 8: 0}
    """
    rules, position = _root(board, computer, opponent, rows, cols, k)
    if position is None:
        return {}
    return core.move_values(rules, position, table=core.Table())


def play_move(board: Board, computer: Hashable, opponent: Hashable, *, rows: int | None = None,
              cols: int | None = None, k: int | None = None) -> int:
    """Return the space the computer plays: the quickest win, else a draw, else the latest loss.

    >>> play_move(parse_board("xx2 oo5 678"), "x", "o")
    2
    """
    return best_move(distance_scores_map(board, computer, opponent, rows=rows, cols=cols, k=k))
