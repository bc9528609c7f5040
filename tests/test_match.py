"""Matches: pure, seeded, paired openings, results as data with a Wilson interval."""

from __future__ import annotations

import random

import pytest

from fminimax import match
from fminimax import tictactoe as ttt
from fminimax.games import connect4, pig


def test_the_same_seed_gives_the_same_match_and_another_seed_other_openings() -> None:
    args = (ttt.game(), ttt.start(), match.parse_spec("alphabeta:depth=2"),
            match.parse_spec("alphabeta:depth=1"), 6)
    one = match.match(*args, rng=random.Random(5), openings=2)
    two = match.match(*args, rng=random.Random(5), openings=2)
    other = match.match(*args, rng=random.Random(6), openings=2)
    assert one == two
    assert [g.opening for g in one.games] != [g.opening for g in other.games]


def test_games_go_in_pairs_from_one_opening_with_colours_swapped() -> None:
    result = match.match(ttt.game(), ttt.start(), match.Spec(depth=1), match.Spec(depth=2), 5,
                         rng=random.Random(2), openings=3)
    games = result.games
    assert [g.first_moved_first for g in games] == [True, False, True, False, True]
    assert games[0].opening == games[1].opening and games[2].opening == games[3].opening
    assert all(len(g.opening) == 3 for g in games)
    assert sum(result.as_first) + sum(result.as_second) == 5


def test_perfect_play_never_loses_and_the_interval_holds_the_score() -> None:
    result = match.match(ttt.game(), ttt.start(), match.Spec(), match.Spec(depth=1), 10,
                         rng=random.Random(0), openings=1)
    assert result.losses == 0 and result.wins + result.draws == 10
    assert 0 <= result.low <= result.score <= result.high <= 1


def test_dice_are_rolled_from_the_rng_given_and_progress_is_told_each_game() -> None:
    seen: list[tuple[int, int]] = []
    result = match.match(pig.game(5, 3, 8), pig.start(), match.parse_spec("star2:table"),
                         match.parse_spec("expectiminimax:depth=1"), 4, rng=random.Random(3),
                         progress=lambda done, total, so_far: seen.append((done, total)))
    assert seen == [(1, 4), (2, 4), (3, 4), (4, 4)]
    assert result.wins + result.draws + result.losses == 4


def test_a_time_limit_uses_the_callers_clock() -> None:
    ticks = iter(range(10 ** 6))
    result = match.match(connect4.game(5, 4), connect4.start(5, 4),
                         match.parse_spec("iterative:seconds=3"), match.Spec(depth=1), 2,
                         rng=random.Random(1), openings=2, clock=lambda: next(ticks))
    assert len(result.games) == 2
    with pytest.raises(ValueError, match="needs a clock"):
        match.match(ttt.game(), ttt.start(), match.parse_spec("iterative:seconds=1"),
                    match.Spec(), 2, rng=random.Random(1))


@pytest.mark.parametrize("text, message", [
    ("chess", "unknown algorithm 'chess'"),
    ("alphabeta:width=3", "unknown option 'width'"),
    ("alphabeta:depth=-1", "depth must be an int >= 0"),
    ("alphabeta:seconds=1", "needs the iterative algorithm"),
    ("iterative:seconds=0", "seconds must be a number above 0 and at most 86,400"),
    ("iterative:seconds=1e9", "seconds must be a number above 0 and at most 86,400"),
    ("alphabeta:table=maybe", "table is on/true/yes/1 or off/false/no/0"),
])
def test_bad_specs_are_refused_in_one_line(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message) as error:
        match.parse_spec(text)
    assert "\n" not in str(error.value)


def test_a_spec_reads_back_from_its_text() -> None:
    for text in ("alphabeta", "alphabeta:depth=4,quiescence=4", "iterative:seconds=0.5,table"):
        assert match.spec_str(match.parse_spec(text)) == text


@pytest.mark.parametrize("value, on", [("on", True), ("off", False), ("true", True),
                                       ("no", False), ("1", True)])
def test_a_flag_reads_on_and_off_as_its_message_says(value: str, on: bool) -> None:
    assert match.parse_spec(f"iterative:depth=2,table={value}").table is on
    assert match.parse_spec(f"mcts:iterations=20,solver={value}").solver is on
