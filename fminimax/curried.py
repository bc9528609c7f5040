"""The card's pipeline, curried with toolz for the REPL: give the first arguments, pipe the board.

Each name is the plain function from :mod:`fminimax.tictactoe`, wrapped in ``toolz.curry`` so
that it can be partially applied and chained with ``toolz.pipe`` (the Clojure text's ``->>``).
The engine never calls these: currying costs about four times a plain call on a hot path.

>>> from toolz import pipe
>>> from fminimax.curried import best_move, fill_board, generate_boards, scores_map
>>> from fminimax.tictactoe import parse_board, winning_marker
>>> board = parse_board("oox xx5 oo8")
>>> pipe(board, scores_map(computer="x", opponent="o"), best_move)
5
>>> [winning_marker(b) for b in pipe(board, generate_boards("x"))]
['x', None]
>>> pipe(board, fill_board(5, marker="x"), winning_marker)
'x'
"""

from __future__ import annotations

from toolz import curry

from fminimax import tictactoe

__all__ = ["best_move", "fill_board", "generate_boards", "optimal_score", "retrieve_score",
           "scores_map"]

fill_board = curry(tictactoe.fill_board)
generate_boards = curry(tictactoe.generate_boards)
retrieve_score = curry(tictactoe.retrieve_score)
optimal_score = curry(tictactoe.optimal_score)
scores_map = curry(tictactoe.scores_map)
best_move = tictactoe.best_move
