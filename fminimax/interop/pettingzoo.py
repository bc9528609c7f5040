"""fminimax's games as PettingZoo AEC environments, and fminimax playing PettingZoo's own.

Needs the ``pettingzoo`` extra (``pip install 'fminimax[pettingzoo]'``); importing this module
without it raises one ImportError naming the extra.  ``import fminimax`` never loads it.

Environments (``env(encoding)``; the encodings are ``tictactoe``, ``connect_four``, ``nim``
and ``pig``) follow PettingZoo's classic convention: agents ``player_0`` (who moves first) and
``player_1``; each observation is a dict of ``"observation"`` (an array seen from the
observing agent's side) and ``"action_mask"`` (1 for each legal action of the agent to move,
all zeros for the other agent); the reward is +1 to the winner and -1 to the loser at the end,
0 otherwise.  Tic-tac-toe's agents are ``player_1`` and ``player_2``, as ``tictactoe_v3``
names them.  An action of the action space that the mask does not allow ends the game with
-1 to the agent that played it (and 0 to the other), as PettingZoo's classic games do
(``connect_four_v3``); an action outside the space is a ValueError.  The encodings keep the
command line's limits (a board, heaps or Pig's numbers the command line refuses are
refused here, before anything is allocated).  Actions are ints; each encoding says how they
map to fminimax's moves:

==============  ============================================================================
tic-tac-toe     action i is fminimax's space i (row-major, 0 at the top left); planes
                (rows, cols, 2): the observer's marks, then the opponent's
Connect Four    action c is column c (0-based, as fminimax's moves); planes (height, width, 2)
                top row first, the observer's stones then the opponent's (connect_four_v3's)
Nim             action h * m + (n - 1) takes n objects from heap h (m: the largest starting
                heap); the observation is the heap sizes
Pig             action 0 rolls, 1 holds; the observation is the observer's banked score, the
                other's, the turn's total and the decisions made so far
==============  ============================================================================

Chance belongs to the environment, as in any stochastic PettingZoo game: after a step into a
chance state (Pig's roll) the environment throws the dice with its own generator, seeded by
``reset(seed=...)``, with the game's probabilities, so agents act only where a player decides
and the same seed and actions replay the same game.

Agents for PettingZoo's own ``connect_four_v3`` and ``tictactoe_v3`` decode the observation
planes into a fminimax position (``connect_four_position``, ``tictactoe_position``), search it
and answer an action the mask allows (``connect_four_action``, ``tictactoe_action``).
Tic-tac-toe v3 numbers its cells down the columns (action i is row i % 3, column i // 3).

>>> from pettingzoo.test import api_test
>>> api_test(env(nim((1, 2))), num_cycles=20)
Starting API test
Passed API test
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

try:
    import numpy as np
    from gymnasium import spaces
    from gymnasium.utils import seeding
    from pettingzoo import AECEnv
except ImportError as error:  # one line naming the extra, not a traceback into pettingzoo
    raise ImportError(f"fminimax.interop.pettingzoo needs the pettingzoo extra: pip install "
                      f"'fminimax[pettingzoo]' ({error})") from None

from fminimax.core import SearchResult, Table, search
from fminimax.game import Game, Made, Options, playing
from fminimax.games import connect4 as c4
from fminimax.games import nim as nim_game
from fminimax.games import pig as pig_game
from fminimax.games import tictactoe as ttt
from fminimax.limits import checked_seconds
from fminimax.policy import computer_move
from fminimax.registry import make

__all__ = ["AGENTS", "TICTACTOE_V3", "Encoding", "FminimaxEnv", "connect_four",
           "connect_four_action", "connect_four_position", "env", "nim", "pig", "tictactoe",
           "tictactoe_action", "tictactoe_position"]

AGENTS = ("player_0", "player_1")
"""The agents, in turn order: player_0 moves first."""
TICTACTOE_AGENTS = ("player_1", "player_2")
"""Tic-tac-toe's agents, in turn order, as ``tictactoe_v3`` names them."""
ILLEGAL_REWARD = -1
"""The reward of an agent whose action the mask does not allow: the game ends there."""


@dataclass(frozen=True)
class Encoding:
    """How one fminimax game meets PettingZoo: moves as ints, positions as arrays.

    ``players`` are the game's players in the agents' order; ``action(move)`` and
    ``move(action)`` map between moves and ints below ``actions``; ``observe(state, player)``
    is the observation as nested lists of ints from ``player``'s side, of ``shape``, each
    from 0 to ``high``; ``draw(state)`` is the position as text (``render``); ``agents`` name
    the players in turn order.
    """

    name: str
    game: Game[Any, Any]
    start: Any
    players: tuple[Any, Any]
    actions: int
    action: Callable[[Any], int]
    move: Callable[[int], Any]
    observe: Callable[[Any, Any], Any]
    shape: tuple[int, ...]
    high: int
    draw: Callable[[Any], str]
    agents: tuple[str, str] = AGENTS


def _identity(value: int) -> int:
    return value


def _ttt_planes(rows: int, cols: int, state: ttt.Position, player: Any) -> list[Any]:
    """Return the (rows, cols, 2) planes of a tic-tac-toe position from ``player``'s side."""
    cells = state.board.tolist()
    return [[[int(cell == player), int(not isinstance(cell, int) and cell != player)]
             for cell in cells[r * cols:(r + 1) * cols]] for r in range(rows)]


def tictactoe(rows: int = 3, cols: int = 3, k: int | None = None) -> Encoding:
    """Return the encoding of tic-tac-toe on rows x cols with k in a row (x moves first).

    >>> e = tictactoe()
    >>> e.actions, e.shape, e.move(4)
    (9, (3, 3, 2), 4)
    """
    make("tictactoe", Options(size=f"{rows}x{cols}", k=None if k is None else str(k)))
    game = ttt.game("x", "o", rows, cols, k)
    return Encoding(game.name, game, ttt.start(rows, cols, k=k), ("x", "o"), rows * cols,
                    _identity, _identity, partial(_ttt_planes, rows, cols), (rows, cols, 2), 1,
                    ttt.notation(rows, cols, k).draw, TICTACTOE_AGENTS)


def _c4_planes(width: int, height: int, state: c4.C4, player: int) -> list[Any]:
    """Return the (height, width, 2) planes of a Connect Four position, top row first."""
    s, mine = c4.shape(width, height, 1), c4.MARKS[player]
    cells = [[c4.cell(s, state, c, r) for c in range(width)] for r in reversed(range(height))]
    return [[[int(cell == mine), int(cell not in (mine, "."))] for cell in row]
            for row in cells]


def connect_four(width: int = 7, height: int = 6, k: int = 4) -> Encoding:
    """Return the encoding of Connect Four on width x height with k in a row.

    On 7x6 its observations are connect_four_v3's, action for action.

    >>> e = connect_four(5, 4)
    >>> e.actions, e.shape, e.action(2)
    (5, (4, 5, 2), 2)
    """
    make("connect4", Options(size=f"{width}x{height}", k=str(k)))  # the command line's limits
    game = c4.game(width, height, k)
    return Encoding(game.name, game, c4.start(width, height, k), (0, 1), width, _identity,
                    _identity, partial(_c4_planes, width, height), (height, width, 2), 1,
                    c4.notation(width, height, k).draw)


def _nim_action(largest: int, move: tuple[int, int]) -> int:
    return move[0] * largest + move[1] - 1


def _nim_move(largest: int, action: int) -> tuple[int, int]:
    return action // largest, action % largest + 1


def _nim_heaps(state: nim_game.Nim, player: int) -> list[int]:
    return list(state.heaps)


def nim(heaps: Sequence[int] = (3, 4, 5), misere: bool = False) -> Encoding:
    """Return the encoding of Nim from ``heaps`` (action h * m + n - 1 takes n from heap h).

    >>> e = nim((1, 2))
    >>> e.actions, e.move(3), e.action((1, 2))
    (4, (1, 2), 3)
    >>> nim((0, 0))
    Traceback (most recent call last):
    ...
    ValueError: a Nim game needs an object to take, got the heaps (0, 0)
    """
    make("nim", Options(args=tuple(str(heap) for heap in heaps)))  # the command line's limits
    start = nim_game.start(heaps)
    if not any(start.heaps):
        raise ValueError(f"a Nim game needs an object to take, got the heaps {start.heaps}")
    largest = max(start.heaps)
    game = nim_game.game(misere)
    return Encoding(game.name, game, start, (0, 1), len(start.heaps) * largest,
                    partial(_nim_action, largest), partial(_nim_move, largest), _nim_heaps,
                    (len(start.heaps),), largest, nim_game.notation(misere).draw)


def _pig_action(move: str) -> int:
    return pig_game.MOVES.index(move)


def _pig_move(action: int) -> str:
    return pig_game.MOVES[action]


def _pig_seen(state: pig_game.Pig, player: int) -> list[int]:
    return [state.scores[player], state.scores[1 - player], state.total, state.turns]


def pig(winscore: int = 20, diceoutcomes: int = 6, horizon: int = 200) -> Encoding:
    """Return the encoding of Pig (OpenSpiel's rules): action 0 rolls, 1 holds.

    >>> e = pig()
    >>> e.actions, e.shape, e.move(0), e.observe(pig_game.Pig((5, 7), 3, 1, 9), 0)
    (2, (4,), 'roll', [5, 7, 3, 9])
    """
    make("pig", Options(args=(str(winscore), str(diceoutcomes), str(horizon))))  # its limits
    game = pig_game.game(winscore, diceoutcomes, horizon)
    return Encoding(game.name, game, pig_game.start(), (0, 1), len(pig_game.MOVES),
                    _pig_action, _pig_move, _pig_seen, (4,),
                    max(winscore + diceoutcomes, horizon),
                    pig_game.notation(winscore, diceoutcomes, horizon).draw)


class FminimaxEnv(AECEnv):  # type: ignore[misc]  # pettingzoo's AECEnv is untyped here
    """A fminimax game as a PettingZoo AEC environment (see the module's conventions).

    The position is an immutable fminimax state (``position``); a step replaces it by the
    game's ``play``.  An action the mask does not allow ends the game, -1 to its agent; one
    outside the action space raises a ValueError naming the legal ones.
    """

    metadata = {"render_modes": ["ansi"], "name": "fminimax", "is_parallelizable": False}

    def __init__(self, encoding: Encoding, render_mode: str | None = None) -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', got {render_mode!r}")
        self.encoding, self.render_mode = encoding, render_mode
        self.metadata = {**self.metadata, "name": f"fminimax_{encoding.name}"}
        self.possible_agents = list(encoding.agents)
        box = spaces.Box(0, encoding.high, encoding.shape,
                         np.int8 if encoding.high < 128 else np.int64)
        mask = spaces.Box(0, 1, (encoding.actions,), np.int8)
        self.observation_spaces = {agent: spaces.Dict({"observation": box, "action_mask": mask})
                                   for agent in encoding.agents}
        self.action_spaces = {agent: spaces.Discrete(encoding.actions)
                              for agent in encoding.agents}
        self.position = encoding.start

    def observation_space(self, agent: str) -> Any:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        return self.action_spaces[agent]

    def _agent_of(self, player: Any) -> str:
        return self.encoding.agents[self.encoding.players.index(player)]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start again from the encoding's start; ``seed`` seeds the dice (chance games)."""
        self.np_random, self.np_random_seed = seeding.np_random(seed)
        self.position = self._settled(self.encoding.start)
        agents = self.encoding.agents
        self.agents = list(agents)
        self.rewards = dict.fromkeys(agents, 0)
        self._cumulative_rewards = dict.fromkeys(agents, 0)
        self.terminations = dict.fromkeys(agents, False)
        self.truncations = dict.fromkeys(agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in agents}
        self.agent_selection = self._agent_of(self.encoding.game.to_move(self.position))

    def legal_actions(self) -> list[int]:
        """Return the actions of the agent to move, in the game's order of moves."""
        game = self.encoding.game
        return [self.encoding.action(m) for m in game.moves(self.position)]

    def observe(self, agent: str) -> dict[str, Any]:
        if agent not in self.encoding.agents:
            raise ValueError(f"agent is one of {', '.join(self.encoding.agents)}, got "
                             f"{agent!r}")
        player = self.encoding.players[self.encoding.agents.index(agent)]
        box = self.observation_spaces[agent]["observation"]
        planes = np.asarray(self.encoding.observe(self.position, player), dtype=box.dtype)
        mask = np.zeros(self.encoding.actions, dtype=np.int8)
        if agent == self.agent_selection and not self.terminations[agent]:
            mask[self.legal_actions()] = 1
        return {"observation": planes, "action_mask": mask}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        legal = self.legal_actions()
        if isinstance(action, bool) or not isinstance(action, (int, np.integer)) \
                or not 0 <= int(action) < self.encoding.actions:
            raise ValueError(f"{agent} may play one of the actions {legal}, got {action!r}")
        self._cumulative_rewards[agent] = 0
        if int(action) not in legal:
            self._lost_by_illegal(agent, int(action), legal)
            return
        game = self.encoding.game
        self.position = self._settled(game.play(self.position, self.encoding.move(int(action))))
        if game.is_over(self.position):
            for index, name in enumerate(self.encoding.agents):
                score = game.utility(self.position, self.encoding.players[index])
                self.rewards[name] = (score > 0) - (score < 0)
            self.terminations = dict.fromkeys(self.encoding.agents, True)
        self.agent_selection = self._agent_of(game.to_move(self.position))
        self._accumulate_rewards()

    def _lost_by_illegal(self, agent: str, action: int, legal: list[int]) -> None:
        """End the game lost by ``agent``'s illegal ``action``, as PettingZoo's games do."""
        self.rewards = {name: ILLEGAL_REWARD * (name == agent) for name in self.encoding.agents}
        self.terminations = dict.fromkeys(self.encoding.agents, True)
        self.infos[agent] = {"illegal_action": action, "legal_actions": legal}
        self._accumulate_rewards()

    def _settled(self, state: Any) -> Any:
        """Return the decision (or end) the dice lead to from ``state``, thrown by np_random."""
        game = self.encoding.game
        while game.chances is not None and not game.is_over(state):
            outcomes = game.chances(state)
            if not outcomes:
                break
            pick = self.np_random.choice(len(outcomes), p=[float(p) for p, _ in outcomes])
            state = outcomes[int(pick)][1]
        return state

    def render(self) -> str | None:
        """Return the position as text (render_mode 'ansi'), or None without a render mode."""
        return None if self.render_mode is None else self.encoding.draw(self.position)

    def close(self) -> None:
        """Nothing to release."""


def env(encoding: Encoding, render_mode: str | None = None) -> FminimaxEnv:
    """Return the AEC environment of ``encoding``, reset and ready to step.

    >>> e = env(tictactoe())
    >>> e.agent_selection, e.observe("player_1")["action_mask"].tolist()
    ('player_1', [1, 1, 1, 1, 1, 1, 1, 1, 1])
    >>> e.step(4); e.observe("player_2")["observation"][1].tolist()  # x in the centre
    [[0, 0], [0, 1], [0, 0]]
    """
    made = FminimaxEnv(encoding, render_mode)
    made.reset()
    return made


# --- fminimax playing PettingZoo's own connect_four_v3 and tictactoe_v3 -------------------------


def _planes(observation: Any, shape: tuple[int, int]) -> tuple[Any, Any]:
    """Return the observation's planes and mask as arrays, checking their shapes."""
    if not isinstance(observation, dict) or set(observation) < {"observation", "action_mask"}:
        raise TypeError(f"an observation is a dict of 'observation' and 'action_mask', got "
                        f"{type(observation).__name__}")
    planes, mask = np.asarray(observation["observation"]), np.asarray(observation["action_mask"])
    if planes.shape != (*shape, 2):
        raise ValueError(f"the observation must be {(*shape, 2)} planes of 0 and 1, got "
                         f"shape {planes.shape}")
    if not np.isin(planes, (0, 1)).all():
        odd = sorted(set(np.unique(planes).tolist()) - {0, 1})[:3]
        raise ValueError(f"the observation's planes hold only 0 and 1, got "
                         f"{', '.join(f'{v:g}' for v in odd)}")
    if not np.isin(mask, (0, 1)).all() or not mask.any():
        raise ValueError(f"the action mask allows no action ({mask.tolist()}): it is not this "
                         f"agent's turn, or the game is over")
    if (planes[..., 0] & planes[..., 1]).any():
        raise ValueError("a cell holds stones of both players")
    return planes, mask


def _rows_text(planes: Any, marks: str) -> str:
    """Return planes as rows text, each cell x, o or '.': ``marks`` names plane 0 and 1."""
    mine, theirs = planes[..., 0].tolist(), planes[..., 1].tolist()
    return "/".join("".join(marks[0] if a else marks[1] if b else "."
                            for a, b in zip(r, s, strict=True))
                    for r, s in zip(mine, theirs, strict=True))


def _marks(planes: Any) -> str:
    """Return which marks planes 0 and 1 hold: the mover is x with equal counts, else o."""
    mine, theirs = int(planes[..., 0].sum()), int(planes[..., 1].sum())
    if mine == theirs:
        return "xo"
    if theirs == mine + 1:
        return "ox"
    raise ValueError(f"the agent to move has {mine} stones and the other {theirs}: the side "
                     f"to move has as many as the other or one fewer")


def connect_four_position(observation: dict[str, Any]) -> c4.C4:
    """Return the fminimax position of a connect_four_v3 observation of the agent to move.

    >>> e = env(connect_four())
    >>> for column in (3, 3, 4):
    ...     e.step(column)
    >>> connect_four_position(e.observe(e.agent_selection)) == c4.from_moves("334")
    True
    """
    planes, mask = _planes(observation, (6, 7))
    state = c4.parse(_rows_text(planes, _marks(planes)), 7, 6, 4)
    _check_mask(mask, c4.game().moves(state), range(7))
    return state


def _check_mask(mask: Any, moves: Sequence[Any], actions: Sequence[int]) -> None:
    """Raise unless the mask allows exactly the decoded position's moves."""
    allowed = [a for a in range(len(mask)) if mask[a]]
    legal = sorted(actions[m] for m in moves)
    if allowed != legal:
        raise ValueError(f"the action mask allows {allowed} but the position's moves are "
                         f"{legal}: the observation and the mask disagree")


TICTACTOE_V3 = tuple(3 * (i % 3) + i // 3 for i in range(9))
"""fminimax's space of each tictactoe_v3 action (v3 numbers down the columns; the map is
its own inverse: it is the transpose)."""


def tictactoe_position(observation: dict[str, Any]) -> ttt.Position:
    """Return the fminimax position of a tictactoe_v3 observation of the agent to move.

    tictactoe_v3's planes hold cell (row r, column c) at [c, r]: they are the transpose.

    >>> board = np.zeros((3, 3, 2), dtype=np.int8); board[0, 1, 1] = 1  # x: row 1, column 0
    >>> tictactoe_position({"observation": board, "action_mask": 1 - board.sum(2).ravel()})
    Position(board=pvector([0, 1, 2, 'x', 4, 5, 6, 7, 8]), player='o', winner=None)
    """
    planes, mask = _planes(observation, (3, 3))
    state = ttt.start(3, 3, _rows_text(planes.transpose(1, 0, 2), _marks(planes)))
    state = ttt.Position(state.board, state.player, ttt.winning_marker(state.board))
    _check_mask(mask, ttt.game().moves(state), TICTACTOE_V3)
    return state


def _result(made: Made, depth: int | None, seconds: float | None,
            clock: Callable[[], float] | None) -> SearchResult[Any]:
    """Return the search result: to ``depth``, within ``seconds`` by ``clock``, else exact."""
    if depth is not None:
        return search(made.game, made.state, depth=depth, table=Table())
    if seconds is not None:
        return computer_move(made, made.state, seconds=checked_seconds(seconds),
                             clock=clock or time.monotonic)
    reason = made.beyond(made.state)
    if reason is not None:
        raise ValueError(f"{reason}; give a depth or seconds")
    return search(made.exact, made.state, table=Table())  # a table: the book's lines meet


def connect_four_action(observation: dict[str, Any], *, depth: int | None = None,
                        seconds: float | None = None,
                        clock: Callable[[], float] | None = None) -> int:
    """Return the column fminimax plays in a connect_four_v3 observation (the mask allows it).

    To ``depth`` plies with the open-window heuristic, or within ``seconds`` (above 0, at
    most a day) by ``clock`` (default ``time.monotonic``; exact when the solver ends in
    time), else exact (30 empty cells at most).

    >>> e = env(connect_four())
    >>> for column in (3, 0, 3, 0, 3):
    ...     e.step(column)
    >>> connect_four_action(e.observe(e.agent_selection), depth=2)  # blocks the fourth
    3
    """
    state = connect_four_position(observation)
    made = playing(make("connect4", Options(board=_c4_text(state))))  # the book within reach
    return _move(_result(made, depth, seconds, clock))


def _move(result: SearchResult[Any]) -> int:
    """Return the result's move as an int (a position with a mask allowing moves has one)."""
    if result.move is None:
        raise ValueError("the search found no move: the game is over")
    return int(result.move)


def _c4_text(state: c4.C4) -> str:
    """Return a 7x6 position as rows text, top first (what registry's connect4 reads)."""
    s = c4.shape(7, 6, 4)
    return "/".join("".join(c4.cell(s, state, c, r) for c in range(7))
                    for r in reversed(range(6)))


def tictactoe_action(observation: dict[str, Any]) -> int:
    """Return the tictactoe_v3 action of fminimax's exact best move (the mask allows it).

    >>> board = np.zeros((3, 3, 2), dtype=np.int8)
    >>> board[0, 0, 0] = board[1, 0, 0] = board[2, 1, 1] = board[2, 2, 1] = 1  # xx./..o/..o
    >>> tictactoe_action({"observation": board, "action_mask": 1 - board.sum(2).ravel()})
    6
    """
    state = tictactoe_position(observation)
    cells = "/".join("".join("." if isinstance(v, int) else v for v in state.board[r:r + 3])
                     for r in (0, 3, 6))
    made = make("tictactoe", Options(board=cells))
    return TICTACTOE_V3[_move(_result(made, None, None, None))]
