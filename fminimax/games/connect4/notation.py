"""Connect Four's notation: columns 1..width, as players and solvers write them; its entry.

Moves are column numbers, 0 on the left, everywhere in the library (``from_moves``,
``play``, results' moves and lines).  People number columns 1 to width, as the Connect Four
solving community does ("4453"): the conversion happens only here (``notation``,
``read_sequence``), which the command line uses for everything it reads and shows.
``strong_score`` gives that community's score of an exact value.

>>> print(board_str(read_sequence("2233", 4, 4), 4, 4))
. . . .
. . . .
. o o .
. x x .
x to move
"""

from __future__ import annotations

from functools import partial

from fminimax.game import (
    WIN,
    GameEntry,
    Made,
    Notation,
    Options,
    Score,
    board_size,
    quoted,
    whole_number,
)
from fminimax.games.connect4.book import Book, from_file, installed, with_book
from fminimax.games.connect4.position import (
    C4,
    MARKS,
    Move,
    Shape,
    has_run,
    is_over,
    moves,
    play,
    shape,
    start,
)
from fminimax.games.connect4.solving import game, solver

__all__ = ["ENTRY", "EXACT_CELLS", "HOPELESS_CELLS", "SIDE", "board_str", "cell", "make",
           "notation", "opening_book", "parse", "read_sequence", "strong_score"]


def cell(s: Shape, state: C4, column: int, row: int) -> str:
    """Return 'x', 'o' or '.' for the cell at (column, row), row 0 at the bottom.

    >>> from fminimax.games.connect4 import from_moves
    >>> cell(shape(4, 4), from_moves("1", 4, 4), 1, 0)
    'x'
    """
    bit = 1 << (column * (s.height + 1) + row)
    if not state.mask & bit:
        return "."
    mover = state.plies % 2
    return MARKS[mover] if state.current & bit else MARKS[1 - mover]


def board_str(state: C4, width: int = 7, height: int = 6) -> str:
    """Return the board drawn top row first ('x' starts, '.' empty) and who moves next.

    >>> print(board_str(read_sequence("2", 3, 2, k=3), 3, 2))
    . . .
    . x .
    o to move
    """
    s = shape(width, height, 1)
    rows = [" ".join(cell(s, state, c, r) for c in range(width))
            for r in reversed(range(height))]
    return "\n".join(rows + [f"{MARKS[state.plies % 2]} to move"])


# --- reading a board drawn as rows ----------------------------------------------------------


def _rows(text: str, width: int, height: int) -> list[str]:
    """Return the rows of board text, top first: ``height`` rows of ``width`` cells."""
    rows = text.strip().replace("\r\n", "\n").replace("\n", "/").replace(" ", "").split("/")
    if len(rows) != height or any(len(row) != width for row in rows):
        raise ValueError(f"a {width}x{height} board is {height} rows of {width} cells, "
                         f"split by one '/', got {quoted(text)}")
    return rows


def _stones(rows: list[str], height: int) -> tuple[int, int, int]:
    """Return x's stones, o's stones and every stone, checking that each stone stands."""
    stones, mask = [0, 0], 0
    for r, row in enumerate(reversed(rows)):
        for c, ch in enumerate(row):
            if ch in "._":
                continue
            if ch.lower() not in MARKS:
                raise ValueError(f"unknown cell {ch!r} at column {c + 1}; use x, o and '.'")
            if r > 0 and not mask & (1 << (c * (height + 1) + r - 1)):
                raise ValueError(f"the stone in column {c + 1}, row {r + 1} from the bottom "
                                 f"floats over an empty cell")
            bit = 1 << (c * (height + 1) + r)
            stones[MARKS.index(ch.lower())] |= bit
            mask |= bit
    return stones[0], stones[1], mask


def _tops(s: Shape, mask: int) -> list[int]:
    """Return the bit of the top stone of every column that holds one."""
    h1 = s.height + 1
    columns = [(mask >> (c * h1)) & ((1 << h1) - 1) for c in range(s.width)]
    return [1 << (c * h1 + column.bit_length() - 1) for c, column in enumerate(columns)
            if column]


def _check_ending(s: Shape, stones: tuple[int, int], mask: int) -> None:
    """Raise unless the game ended at its last stone, if it ended: only the side that moved
    last holds a run, and one of its top stones is in every run it holds."""
    nx, no = stones[0].bit_count(), stones[1].bit_count()
    last = 0 if nx > no else 1  # x starts: with equal counts o moved last
    if has_run(s, stones[1 - last]):
        winner, other = MARKS[1 - last], MARKS[last]
        raise ValueError(f"{winner} holds a run, yet {other} has {max(nx, no)} stones to "
                         f"{winner}'s {min(nx, no)}: {other} moved after the game ended")
    mine = stones[last]
    if has_run(s, mine) and all(has_run(s, mine & ~top) for top in _tops(s, mask)
                                if top & mine):
        raise ValueError(f"{MARKS[last]}'s run was complete before its last stone: the game "
                         f"ended, and then moves were made")


def parse(text: str, width: int = 7, height: int = 6, k: int = 4) -> C4:
    """Return the position drawn in ``text``: rows top first of 'x', 'o' and '.', split by '/'.

    The stones must be able to stand (no gaps under them), x, who starts, has as many
    stones as o or one more, and nobody moved after the game ended.

    >>> from fminimax.games.connect4 import from_moves
    >>> parse("..../..../.o../.x..", 4, 4) == from_moves("11", 4, 4)
    True
    >>> parse("..../..../.x../....", 4, 4)
    Traceback (most recent call last):
    ...
    ValueError: the stone in column 2, row 2 from the bottom floats over an empty cell
    >>> parse("..../o.../ooo./xxxx", 4, 4)
    Traceback (most recent call last):
    ...
    ValueError: x holds a run, yet o has 4 stones to x's 4: o moved after the game ended
    """
    s = shape(width, height, k)
    x, o, mask = _stones(_rows(text, width, height), height)
    nx, no = x.bit_count(), o.bit_count()
    if nx - no not in (0, 1):
        raise ValueError(f"impossible stone counts: x has {nx} and o has {no}; x starts, so "
                         f"x has as many as o or one more")
    plies = nx + no
    if has_run(s, x) and has_run(s, o):
        raise ValueError("both x and o hold a run; a game ends at the first run")
    _check_ending(s, (x, o), mask)
    stones = (x, o)
    return C4(stones[plies % 2], mask, plies, has_run(s, stones[1 - plies % 2]))


# --- the notation: columns 1..width, as Connect Four players and solvers write them -----------


def read_sequence(text: str, width: int = 7, height: int = 6, k: int = 4) -> C4:
    """Return the position after the columns in ``text``, 1-based (1 = leftmost: "4453").

    The solving community's notation (one digit a column, so widths up to 9).

    >>> from fminimax.games.connect4 import from_moves
    >>> read_sequence("4455") == from_moves("3344")
    True
    >>> read_sequence("48")
    Traceback (most recent call last):
    ...
    ValueError: a move sequence is column digits 1 to 7, got '48'
    """
    s = shape(width, height, k)
    if width > 9 or not all(ch in "123456789"[:width] for ch in text):
        raise ValueError(f"a move sequence is column digits 1 to {min(width, 9)}, got "
                         f"{quoted(text)}" + ("; boards wider than 9 are written as rows"
                                              if width > 9 else ""))
    state = start(width, height, k)
    for ch in text:
        try:
            state = play(s, state, int(ch) - 1)  # the rules say what is wrong, 0-based
        except ValueError:
            why = "the game is over before the end of" if state.won else f"column {ch} is full in"
            raise ValueError(f"{why} the sequence {quoted(text)}") from None
    return state


def strong_score(state: C4, value: Score, width: int = 7, height: int = 6) -> int:
    """Return the strong score of an exact distance value, as Connect Four solvers give it.

    0 a draw; positive when the side to move wins: (W*H+1)//2 + 1 minus the stones the
    winner has when the game ends (22 minus them on 7x6); negative when it loses.

    >>> strong_score(read_sequence("4455"), WIN - 3)  # x wins with its 4th stone
    18
    >>> strong_score(read_sequence("4455"), 0), strong_score(start(), -(WIN - 42))
    (0, -1)
    >>> strong_score(start(), 12)
    Traceback (most recent call last):
    ...
    ValueError: a strong score needs an exact value (a win, a loss or 0), got 12
    """
    if value == 0:
        return 0
    if abs(value) < WIN // 2:
        raise ValueError(f"a strong score needs an exact value (a win, a loss or 0), got "
                         f"{value!r}")
    plies = int(WIN - abs(value))  # to the end of the game, the winner's stone last
    top = (width * height + 1) // 2 + 1
    if value > 0:
        return top - (state.plies // 2 + (plies + 1) // 2)
    return -(top - ((state.plies + 1) // 2 + plies // 2))


def _read_position(width: int, height: int, k: int, text: str) -> C4:
    """Return a position from a 1-based move sequence or rows top first; blank is refused."""
    body = text.strip()
    if not body:
        raise ValueError(f"a Connect Four position is the columns played, 1-based (e.g. "
                         f"4453), or the rows top first split by '/', got {quoted(text)}")
    if body.isascii() and body.isdigit():
        return read_sequence(body, width, height, k)
    return parse(body, width, height, k)


def _read_move(width: int, height: int, k: int, state: C4, text: str) -> Move:
    """Return the 0-based column of the 1-based column a person typed, checked."""
    s = shape(width, height, k)
    if is_over(s, state):
        raise ValueError("the game is over: there is no move to make")
    column = whole_number(text, "a column", 1, width) - 1
    if column not in moves(s, state):
        raise ValueError(f"column {column + 1} is full; open columns are "
                         f"{' '.join(str(c + 1) for c in moves(s, state))}")
    return column


def _draw(width: int, height: int, state: C4) -> str:
    """Return the board top row first, the column numbers 1..width under it."""
    s = shape(width, height, 1)
    wide = len(str(width))
    rows = [" ".join(cell(s, state, c, r).rjust(wide) for c in range(width))
            for r in reversed(range(height))]
    return "\n".join([*rows, " ".join(str(c + 1).rjust(wide) for c in range(width))])


def _ended(state: C4) -> str:
    """Return how a finished game ended: 'x won', 'o won' or 'draw'."""
    return f"{MARKS[1 - state.plies % 2]} won" if state.won else "draw"


def _show_move(column: Move) -> str:
    return str(column + 1)


def _json_move(column: Move) -> int:
    return column + 1


def _strong(width: int, height: int, state: C4, value: Score) -> int:
    return strong_score(state, value, width, height)


def notation(width: int = 7, height: int = 6, k: int = 4) -> Notation[C4, Move]:
    """Return Connect Four's notation: columns 1..width in and out, x moves first.

    >>> spoken = notation(4, 4)
    >>> state = spoken.read_position("2233")
    >>> print(spoken.draw(state))
    . . . .
    . . . .
    . o o .
    . x x .
    1 2 3 4
    >>> spoken.read_move(state, "4"), spoken.show_move(3), spoken.side(0)
    (3, '4', 'x')
    >>> spoken.read_move(state, "5")
    Traceback (most recent call last):
    ...
    ValueError: a column is a whole number from 1 to 4, got '5'
    >>> notation().score(read_sequence("4455"), WIN - 3)
    18
    """
    shape(width, height, k)
    return Notation(read_position=partial(_read_position, width, height, k),
                    read_move=partial(_read_move, width, height, k), show_move=_show_move,
                    json_move=_json_move, draw=partial(_draw, width, height),
                    side=MARKS.__getitem__, players=(0, 1), ended=_ended,
                    move_format=f"a column 1-{width}", score=partial(_strong, width, height))


# --- the command line's entry -----------------------------------------------------------------

SIDE, EXACT_CELLS, HOPELESS_CELLS = 20, 30, 42
"""The longest side a board may have; the most empty cells an exact search is tried on
within a move's few seconds (``play``, the agents: beyond it iterative deepening gets the
whole time); and the most empty cells ``solve`` searches exactly without an opening book
that reaches the position (the whole 7x6 board: beyond it no budget here could see an exact
search end, so it is refused before any work, after the probe for a forced end; at or
below it the budget decides)."""


def _beyond(width: int, height: int, position: C4) -> str | None:
    """Return why an exact search of ``position`` is out of reach of a move's few seconds
    (too many empty cells), or None."""
    empty = width * height - position.plies
    return None if empty <= EXACT_CELLS else (
        f"Connect Four {width}x{height} with {empty} empty cells is far beyond an exact "
        f"search (at most {EXACT_CELLS} empty cells)")


def _hopeless(width: int, height: int, booked: int, position: C4) -> str | None:
    """Return why no budget could see an exact search of ``position`` end: more empty cells
    than the whole 7x6 board and no opening book reached (``booked`` stones, -1 without a
    book), or None.

    >>> print(_hopeless(8, 7, -1, start(8, 7)))  # doctest: +NORMALIZE_WHITESPACE
    Connect Four 8x7 with 56 empty cells and no opening book is beyond any exact search
    (at most 42 empty cells, the whole 7x6 board)
    >>> _hopeless(7, 6, -1, start()) is None, _hopeless(8, 7, 12, start(8, 7)) is None
    (True, True)
    """
    empty = width * height - position.plies
    if empty <= HOPELESS_CELLS or _booked(booked, position):
        return None
    return (f"Connect Four {width}x{height} with {empty} empty cells and no opening book is "
            f"beyond any exact search (at most {HOPELESS_CELLS} empty cells, the whole 7x6 "
            f"board)")


def _booked(booked: int, position: C4) -> bool:
    """Return whether ``position`` has fewer stones than the opening book's positions
    (``booked`` stones; -1 without a book), which end an exact search of it."""
    return position.plies < booked


def opening_book(options: Options, width: int, height: int, k: int,
                 state: C4) -> Book | None:
    """Return the opening book the searches use: the file given, none for 'none', else
    the one installed for four in a row on the board (``book.installed``: the user's, at
    ``book.user_path``, else BitBully's 12-ply book with distances on 7x6) when the
    position has no more stones than its positions (else it would not be reached).

    >>> opening_book(Options(book="none"), 7, 6, 4, start()) is None
    True
    """
    if options.book == "none":
        return None
    if options.book is not None:
        if k != 4:
            raise ValueError(f"an opening book is for four in a row, not k={k}")
        return from_file(options.book, width, height)
    return installed(width, height, state.plies) if k == 4 else None


def make(options: Options) -> Made:
    """Return Connect Four made from command-line options: --size, --k and --board.

    >>> made = make(Options(size="5x4", board="33"))
    >>> made.notation.show_move(2), made.beyond(made.state) is None, made.exact.name
    ('3', True, 'connect4-5x4-k4-solver')
    """
    width, height = board_size(options.size, (7, 6), ("columns", "rows"), SIDE)
    k = 4 if options.k is None else whole_number(options.k, "k", 1, SIDE)
    spoken = notation(width, height, k)
    state = start(width, height, k) if options.board is None else spoken.read_position(
        options.board)
    found = opening_book(options, width, height, k, state)
    exact = solver(width, height, k) if found is None else with_book(solver(width, height, k),
                                                                      found)
    booked = -1 if found is None else found.depth
    return Made(game(width, height, k), exact, state, spoken, partial(_beyond, width, height),
                booked=partial(_booked, booked),
                hopeless=partial(_hopeless, width, height, booked))


ENTRY = GameEntry(
    "connect4", "Connect Four, any width x height, k in a row",
    (("size", "WIDTHxHEIGHT (7x6)"), ("k", "how many in a row win (4)"),
     ("board", "the columns played, 1-based (e.g. 4453), or the rows top first"),
     ("book", "an opening book (BitBully's or Pons' format; by default the one at "
              "$FMINIMAX_BOOKS/connect4-WxH.book or your data folder's fminimax/books/, else "
              "BitBully's 12-ply book where bitbully-databases installed it, on 7x6; 'none': "
              "no book)")),
    f"--size up to {SIDE}x{SIDE}; k from 1 to the longer side; solve: an exact search up to "
    f"{HOPELESS_CELLS} empty cells (or where the opening book is reached) within its budget; "
    f"play: an exact search tried up to {EXACT_CELLS} empty cells", make,
    ("--size", "4x4", "--board", "2233"),
    heuristic="open windows")
