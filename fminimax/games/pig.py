"""Pig, the dice game, with OpenSpiel's rules and parameters: a game with chance nodes.

On your turn you roll a die as often as you like: a 1 loses the turn's total and passes the
turn; any other face adds to the turn's total.  Holding banks the total and passes the turn.
The first to bank ``winscore`` wins (+1; the other -1).  As in OpenSpiel's ``pig``
(``winscore``, ``diceoutcomes`` faces, ``horizon``): the game also ends, drawn (0), once
``horizon`` decisions (rolls and holds) have been made, even right after a roll, whose die
is then never thrown; and a player whose banked score plus turn total reaches ``winscore``
may only hold.

A state is a :class:`Pig`; after a roll it is a chance state (``rolling``), whose outcomes
are the die's faces, each with probability 1/diceoutcomes (exact Fractions).  A chance
state's ``to_move`` is the player who did not roll (the protocol's convention: turns
alternate at decisions); a roll of 1 hands them the turn, any other face gives it back.

>>> from fminimax.algorithms import expectiminimax
>>> g = game(winscore=4, diceoutcomes=3, horizon=4)
>>> result = expectiminimax(g, start())
>>> result.value, result.move
(Fraction(8, 27), 'roll')
"""

from __future__ import annotations

from fractions import Fraction
from functools import partial
from typing import NamedTuple, cast

from fminimax.game import Game, GameEntry, Made, Notation, Options, Score, whole_number

__all__ = ["ENTRY", "EXACT_STATES", "FACES", "HORIZON", "MOVES", "PLAYERS", "SCORE", "Move",
           "Pig", "Rules", "bounds", "chances", "game", "heuristic", "is_over", "make", "moves",
           "notation", "play", "positions", "rules", "start", "to_move", "utility"]

Move = str
MOVES = ("roll", "hold")


class Pig(NamedTuple):
    """A Pig position: banked scores, the turn's total, whose turn, decisions made, rolling."""

    scores: tuple[int, int] = (0, 0)
    total: int = 0
    player: int = 0
    turns: int = 0
    rolling: bool = False


class Rules(NamedTuple):
    """One variant's parameters, as in OpenSpiel's ``pig``."""

    winscore: int
    diceoutcomes: int
    horizon: int


def rules(winscore: int = 100, diceoutcomes: int = 6, horizon: int = 1000) -> Rules:
    """Return a variant's rules, checking each parameter is an int >= 1 (faces >= 2).

    >>> rules(4, 3, 4)
    Rules(winscore=4, diceoutcomes=3, horizon=4)
    >>> rules(4, 1, 4)
    Traceback (most recent call last):
    ...
    ValueError: diceoutcomes must be an int >= 2, got 1
    """
    for name, value, least in (("winscore", winscore, 1), ("diceoutcomes", diceoutcomes, 2),
                               ("horizon", horizon, 1)):
        if isinstance(value, bool) or not isinstance(value, int) or value < least:
            raise ValueError(f"{name} must be an int >= {least}, got {value!r}")
    return Rules(winscore, diceoutcomes, horizon)


def start() -> Pig:
    """Return the start: no points, player 0 to decide.

    >>> start()
    Pig(scores=(0, 0), total=0, player=0, turns=0, rolling=False)
    """
    return Pig()


def is_over(r: Rules, state: Pig) -> bool:
    """Return whether someone has banked ``winscore`` or ``horizon`` decisions were made.

    >>> is_over(rules(4, 3, 4), Pig((4, 0), 0, 1, 3)), is_over(rules(4, 3, 4), Pig(turns=4))
    (True, True)
    """
    return state.turns >= r.horizon or max(state.scores) >= r.winscore


def moves(r: Rules, state: Pig) -> tuple[Move, ...]:
    """Return 'roll' and 'hold', only 'hold' once holding wins, none at a roll or the end.

    >>> moves(rules(4, 3, 4), Pig((2, 0), 1)), moves(rules(4, 3, 4), Pig((2, 0), 2))
    (('roll', 'hold'), ('hold',))
    """
    if state.rolling or is_over(r, state):
        return ()
    return ("hold",) if state.scores[state.player] + state.total >= r.winscore else MOVES


def play(r: Rules, state: Pig, move: Move) -> Pig:
    """Return the state after the player to move rolls (a chance state) or holds.

    >>> play(rules(4, 3, 4), Pig((1, 0), 2), "hold")
    Pig(scores=(3, 0), total=0, player=1, turns=1, rolling=False)
    >>> play(rules(4, 3, 4), Pig((1, 0), 2), "pass")
    Traceback (most recent call last):
    ...
    ValueError: illegal move 'pass'; the moves are ('roll', 'hold')
    """
    if move not in moves(r, state):
        raise ValueError(f"illegal move {move!r}; the moves are {moves(r, state)}")
    scores, total, player, turns, _ = state
    if move == "roll":
        return Pig(scores, total, player, turns + 1, True)
    banked = (scores[0] + total, scores[1]) if player == 0 else (scores[0], scores[1] + total)
    return Pig(banked, 0, 1 - player, turns + 1, False)


def chances(r: Rules, state: Pig) -> tuple[tuple[Score, Pig], ...]:
    """Return the die's outcomes after a roll, face 1 first, each 1/diceoutcomes; else none.

    >>> [(str(p), s.total, s.player) for p, s in chances(rules(4, 3, 4), Pig(total=1,
    ...                                                                       rolling=True))]
    [('1/3', 0, 1), ('1/3', 3, 0), ('1/3', 4, 0)]
    """
    if not state.rolling or is_over(r, state):
        return ()
    p = cast(Score, Fraction(1, r.diceoutcomes))  # exact: Score admits any real number
    scores, total, player, turns, _ = state
    return ((p, Pig(scores, 0, 1 - player, turns, False)),
            *((p, Pig(scores, total + face, player, turns, False))
              for face in range(2, r.diceoutcomes + 1)))


def to_move(state: Pig) -> int:
    """Return the player to decide; at a chance state the one who did not roll.

    >>> to_move(Pig(player=1)), to_move(Pig(player=1, rolling=True))
    (1, 0)
    """
    return 1 - state.player if state.rolling else state.player


def utility(r: Rules, state: Pig, player: int) -> Score:
    """Return +1 if ``player`` banked ``winscore``, -1 if the other did, else 0 (the horizon).

    >>> utility(rules(4, 3, 4), Pig((1, 5), 0, 0, 3), 1), utility(rules(4, 3, 4), Pig(turns=4), 0)
    (1, 0)
    """
    if state.scores[player] >= r.winscore:
        return 1
    return -1 if state.scores[1 - player] >= r.winscore else 0


def heuristic(r: Rules, state: Pig, player: int) -> Score:
    """Return an estimate for ``player``: the lead, the turn's total counted, over winscore.

    Strictly between -1 and 1, inside the game's bounds.

    >>> heuristic(rules(10, 6, 100), Pig((4, 2), 3, 0), 0), heuristic(rules(10), Pig((4, 2)), 1)
    (Fraction(1, 2), Fraction(-1, 5))
    """
    mine = state.scores[player] + (state.total if state.player == player else 0)
    theirs = state.scores[1 - player] + (state.total if state.player != player else 0)
    return cast(Score, Fraction(max(-r.winscore + 1, min(r.winscore - 1, mine - theirs)),
                                r.winscore))


def bounds(state: Pig) -> tuple[Score, Score]:
    """Return (-1, 1): every Pig value, for either player, lies between a loss and a win.

    >>> bounds(start())
    (-1, 1)
    """
    return (-1, 1)


def game(winscore: int = 100, diceoutcomes: int = 6, horizon: int = 1000) -> Game[Pig, Move]:
    """Return Pig with OpenSpiel's parameters as a game value (a game with chance nodes).

    >>> game(4, 3, 4).name
    'pig-w4-d3-h4'
    """
    r = rules(winscore, diceoutcomes, horizon)
    return Game(name=f"pig-w{winscore}-d{diceoutcomes}-h{horizon}", moves=partial(moves, r),
                play=partial(play, r), is_over=partial(is_over, r), to_move=to_move,
                utility=partial(utility, r), heuristic=partial(heuristic, r),
                chances=partial(chances, r), bounds=bounds,
                recipe=(game, (winscore, diceoutcomes, horizon)))


# --- the notation: scores and the turn's total, 'roll' and 'hold' ----------------------------

PLAYERS = ("player 1", "player 2")


def _read_position(r: Rules, text: str) -> Pig:
    """Return the position written as 'SCORE1 SCORE2 [TOTAL [PLAYER]]'."""
    parts = text.replace(",", " ").split()
    if len(parts) not in (2, 3, 4):
        raise ValueError(f"a Pig position is 'SCORE1 SCORE2 [TOTAL [PLAYER]]', e.g. '3 1 2 1', "
                         f"got {text[:40]!r}")
    first, second = (whole_number(part, "a banked score", 0, r.winscore - 1)
                     for part in parts[:2])
    total = whole_number(parts[2], "the turn's total", 0, 10 ** 6) if len(parts) > 2 else 0
    player = whole_number(parts[3], "the player to move", 1, 2) - 1 if len(parts) > 3 else 0
    return Pig((first, second), total, player)


def _read_move(r: Rules, state: Pig, text: str) -> Move:
    """Return 'roll' or 'hold' from what a person typed (r, roll, h, hold), checked."""
    word = text.strip().lower()
    move = "roll" if word in ("r", "roll") else "hold" if word in ("h", "hold") else None
    legal = moves(r, state)
    if move is None:
        raise ValueError(f"{text.strip()[:40]!r} is not a move; type roll (r) or hold (h)")
    if move not in legal:
        raise ValueError(f"you cannot {move} now; the moves are {' and '.join(legal) or 'none'}")
    return move


def _draw(state: Pig) -> str:
    """Return the scores and the turn's total."""
    doing = " (rolling)" if state.rolling else ""
    return (f"{PLAYERS[0]}: {state.scores[0]}   {PLAYERS[1]}: {state.scores[1]}   "
            f"turn total: {state.total}{doing}")


def _ended(r: Rules, state: Pig) -> str:
    """Return who won, or that the horizon ended the game drawn."""
    for player in (0, 1):
        if state.scores[player] >= r.winscore:
            return f"{PLAYERS[player]} won"
    return f"the horizon of {r.horizon} decisions was reached: draw"


def _show_outcome(before: Pig, after: Pig) -> str:
    """Return what the die showed."""
    if after.player != before.player:
        return f"{PLAYERS[before.player]} rolled a 1: the turn's total is lost"
    return f"{PLAYERS[before.player]} rolled a {after.total - before.total}"


def notation(winscore: int = 100, diceoutcomes: int = 6,
             horizon: int = 1000) -> Notation[Pig, Move]:
    """Return Pig's notation: positions 'SCORE1 SCORE2 [TOTAL [PLAYER]]', moves roll/hold.

    >>> spoken = notation(4, 3, 4)
    >>> state = spoken.read_position("3 1 2 2")
    >>> spoken.draw(state), spoken.side(game(4, 3, 4).to_move(state))
    ('player 1: 3   player 2: 1   turn total: 2', 'player 2')
    >>> spoken.read_move(state, "r")
    'roll'
    >>> spoken.read_move(spoken.read_position("3 1 1"), "r")
    Traceback (most recent call last):
    ...
    ValueError: you cannot roll now; the moves are hold
    >>> spoken.show_outcome(Pig(total=2, rolling=True), Pig(total=5))
    'player 1 rolled a 3'
    """
    r = rules(winscore, diceoutcomes, horizon)
    return Notation(read_position=partial(_read_position, r), read_move=partial(_read_move, r),
                    show_move=str, json_move=str, draw=_draw, side=PLAYERS.__getitem__,
                    players=(0, 1), ended=partial(_ended, r),
                    move_format="roll (r) or hold (h)", show_outcome=_show_outcome)


# --- the command line's entry -----------------------------------------------------------------

SCORE, FACES, HORIZON, EXACT_STATES = 1000, 20, 10_000, 1_000_000
"""The largest winscore, the most die faces, the longest horizon, and the most positions an
exact search takes (``positions``: a million, at most about 30 s of one core's time)."""


def _numbers(args: tuple[str, ...]) -> tuple[int, int, int]:
    """Return (winscore, faces, horizon) from up to three numbers typed (defaults 100 6 1000)."""
    if len(args) > 3:
        raise ValueError(f"pig takes at most 3 numbers (winscore, die faces, horizon), got "
                         f"{len(args)}")
    given = [whole_number(text, name, low, high) for text, (name, low, high) in zip(
        args, (("winscore", 1, SCORE), ("the die's faces", 2, FACES),
               ("the horizon", 1, HORIZON)), strict=False)]
    winscore, faces, horizon = given + [100, 6, 1000][len(given):]
    return winscore, faces, horizon


def positions(winscore: int, faces: int, horizon: int) -> int:
    """Return at most how many positions an exact search of this variant meets.

    A position is the banked scores (each below ``winscore``), the turn's total (below
    ``winscore + faces``), whose turn, whether a die is rolling, and the decisions made (below
    ``horizon``, all of them reachable: rolling a 1 or holding nothing passes the turn and
    changes no score): 4 * winscore**2 * (winscore + faces) * horizon.

    Why this bound, and not the positions a game of ``winscore`` usually takes: the exact
    search visits most of them.  Measured (the command line's exact search, expectiminimax
    with its table, over winscore 2-12, faces 2-10, horizon 10-1000): the nodes searched are
    0.1 to 0.8 of the bound (pig 3 6 1000: 147,405 of 324,000; pig 8 6 30: 86,045 of 107,520;
    pig 5 10 80: 84,867 of 120,000), each 27 to 37 microseconds of one core (exact fractions
    whose denominators grow with the horizon; 3.9 s for pig 3 6 1000), so EXACT_STATES
    positions take at most about 30 s of a core (a loaded machine's wall clock is longer).
    The old estimate capped the horizon at 4 * winscore decisions and let pig 8 6 (3.6
    million positions by this count) search for hours.

    >>> positions(4, 3, 4), positions(8, 6, 1000)
    (1792, 3584000)
    """
    return 4 * winscore ** 2 * (winscore + faces) * horizon


def _far(winscore: int, faces: int, horizon: int, position: Pig) -> str | None:
    """Return why an exact search of this variant is out of reach (any position), or None.

    >>> _far(4, 3, 4, start()) is None
    True
    >>> print(_far(8, 6, 1000, start()).split(" (")[0])
    pig 8 6 1000 has up to 3.6e+06 positions, beyond an exact search
    """
    states = positions(winscore, faces, horizon)
    return None if states <= EXACT_STATES else (
        f"pig {winscore} {faces} {horizon} has up to {states:.1e} positions, beyond an "
        f"exact search (at most {EXACT_STATES:.1e}, about 30 s) unless the horizon (the "
        f"third number) is shorter")


def make(options: Options) -> Made:
    """Return Pig made from command-line options: winscore, faces, horizon, and --board.

    >>> made = make(Options(args=("4", "3", "4"), board="3 1 2 2"))
    >>> made.game.name, made.state.player, made.beyond(made.state)
    ('pig-w4-d3-h4', 1, None)
    """
    winscore, faces, horizon = _numbers(options.args)
    spoken = notation(winscore, faces, horizon)
    state = start() if options.board is None else spoken.read_position(options.board)
    rules = game(winscore, faces, horizon)
    return Made(rules, rules, state, spoken, partial(_far, winscore, faces, horizon))


ENTRY = GameEntry(
    "pig", "Pig, the dice game, with OpenSpiel's winscore, die faces and horizon",
    (("args", "winscore, die faces and horizon (100 6 1000)"),
     ("board", "the banked scores, the turn's total and the player to move "
               "('SCORE1 SCORE2 [TOTAL [PLAYER]]')")),
    f"winscore up to {SCORE}, 2 to {FACES} faces, a horizon up to {HORIZON:,} decisions "
    f"(defaults 100 6 1000); an exact search up to {EXACT_STATES:,} positions "
    f"(4 x winscore^2 x (winscore + faces) x horizon)", make,
    ("4", "3", "4"), play_args=("20", "6", "60"), heuristic="the lead over winscore")
