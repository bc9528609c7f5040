"""Shared fixtures: every reachable tic-tac-toe position, computed once per session."""

from __future__ import annotations

import pytest

from fminimax import tictactoe as ttt


def reachable_positions() -> list[ttt.Position]:
    """Return every position reachable from the empty 3x3 board with x to move first."""
    start = ttt.Position(ttt.empty_board(), "x")
    seen = {start}
    frontier = [start]
    game = ttt.game()
    while frontier:
        following = []
        for position in frontier:
            for move in game.moves(position):
                child = game.play(position, move)
                if child not in seen:
                    seen.add(child)
                    following.append(child)
        frontier = following
    return sorted(seen, key=lambda p: (len(ttt.open_spaces(p.board)) * -1, list(map(str, p.board))))


@pytest.fixture(scope="session")
def positions() -> list[ttt.Position]:
    return reachable_positions()
