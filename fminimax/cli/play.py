"""``fminimax play [GAME]``: play any registered game against the computer in the terminal.

The computer's move searches the exact game under the per-move budget (``--seconds``) and
plays exactly when that search ends in time; otherwise it plays the deepest move iterative
deepening finished within the budget.  ``--depth D`` plays a fixed-depth search instead.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from typing import IO, Any

from fminimax import core, registry
from fminimax.cli.common import (
    EndOfInput,
    Progress,
    ask,
    choice,
    exact_within,
    progress_reporter,
)
from fminimax.cli.games import add_game_options, made, seconds
from fminimax.game import zero
from fminimax.registry import Made

DEFAULT_SECONDS = 3.0
EXACT_SHARE = 2 / 3  # of the budget, for the exact search; the rest for iterative deepening


def _never() -> bool:
    return False


def computer_move(chosen: Made, state: Any, depth: int | None, budget: float,
                  progress: Progress | None = None) -> core.SearchResult[Any]:
    """Return the search result the computer plays from: to ``depth``, or within ``budget``.

    Without a depth the exact search gets two thirds of the budget; if it does not end in
    time, iterative deepening gets the rest (at least depth 1 is always finished).  A
    position the registry calls far beyond an exact search gives iterative deepening the
    whole budget (which is exact if it reaches every end).
    """
    hook: Callable[[], bool] = progress if progress is not None else _never
    if depth is not None:
        return core.search(chosen.game, state, depth=depth, table=core.Table(),
                             quick=chosen.quick, stop=hook)
    started = time.perf_counter()

    def until(share: float) -> Callable[[], bool]:
        return lambda: bool(hook()) or time.perf_counter() - started > budget * share

    if chosen.beyond(state) is None:
        exact = exact_within(chosen.exact, state, chosen.quick, stop=until(EXACT_SHARE))
        if exact is not None:
            return exact
    game = chosen.game if chosen.game.heuristic is not None else replace(chosen.game,
                                                                         heuristic=zero)
    try:
        return core.iterative_deepening(game, state, stop=until(1.0), quick=chosen.quick,
                                          reached=None if progress is None
                                          else progress.reached)
    except ValueError:  # the budget ran out before depth 1: finish depth 1 anyway
        return core.search(game, state, depth=1, quick=chosen.quick)


def _legal(chosen: Made, state: Any) -> Callable[[str], str | None]:
    """Return an ``ask`` test: None for a legal move, else the notation's complaint."""
    def allowed(answer: str) -> str | None:
        try:
            chosen.notation.read_move(state, answer)
        except ValueError as error:
            return str(error)
        return None
    return allowed


def run(args: argparse.Namespace, out: IO[str], err: IO[str],
        read: Callable[[], str] | None = None) -> int:
    """Play the game against the computer; tic-tac-toe when no game is named."""
    read = read or sys.stdin.readline
    if args.game is None:
        args.game = PLAYABLE[0]
    if not args.args:
        args.args = list(registry.GAMES[args.game].play_args)
    if args.depth is not None and args.seconds is not None:
        raise ValueError("--seconds budgets a search without a fixed depth; give --depth or "
                         "--seconds, not both")
    if args.depth == 0:
        raise ValueError("--depth 0 looks at no move at all; give --depth 1 or more, or "
                         "leave it out to search within --seconds")
    chosen = made(args)
    game, spoken, state = chosen.game, chosen.notation, chosen.state
    names = [spoken.side(player) for player in spoken.players]
    budget = args.seconds or DEFAULT_SECONDS
    try:
        if game.is_over(state):
            out.write(f"\n{spoken.draw(state)}\nthe game is over: {spoken.ended(state)}\n")
            return 0
        if args.human is not None and args.human not in names:
            raise ValueError(f"--human is one of {' or '.join(names)}, got {args.human[:40]!r}")
        if chosen.first is not None:  # either side may start: the human picks a side
            side = args.human or ask(f"play {' or '.join(names)}? ", choice(names), read, out)
            human = spoken.players[names.index(side)]
            first = args.first or ask("who starts, human or computer? ",
                                      choice(["human", "computer"]), read, out)
            computer = spoken.players[1 - names.index(side)]
            state = chosen.first(human if first == "human" else computer)
        else:
            first = args.first or ask("who starts, human or computer? ",
                                      choice(["human", "computer"]), read, out)
            mover = game.to_move(state)
            other = spoken.players[1 - spoken.players.index(mover)]
            human = mover if first == "human" else other
        dice = random.Random(args.seed)  # the shell's randomness, for games with chance
        while not game.is_over(state):
            if game.chances is not None and game.chances(state):
                state = _thrown(chosen, state, dice, out)
                continue
            mover = game.to_move(state)
            out.write(f"\n{spoken.draw(state)}\n{spoken.side(mover)} to move\n")
            if mover == human:
                answer = ask(f"your move ({spoken.side(mover)}; {spoken.move_format}): ",
                             _legal(chosen, state), read, out)
                move = spoken.read_move(state, answer)
            else:
                progress = progress_reporter(err, args.quiet)
                try:
                    result = computer_move(chosen, state, args.depth, budget, progress)
                finally:
                    progress.done()
                move = result.move
                how = "" if result.exact else f" (searched {result.depth} plies deep)"
                out.write(f"computer ({spoken.side(mover)}) plays "
                          f"{spoken.show_move(move)}{how}\n")
            state = game.play(state, move)
        score = game.utility(state, human)
        verdict = "" if score == 0 else ", you win" if score > 0 else ", the computer wins"
        out.write(f"\n{spoken.draw(state)}\nthe game is over: {spoken.ended(state)}"
                  f"{verdict}\n")
        return 0
    except EndOfInput as end:
        out.write(f"\n{end}\n")
        return 0


def _thrown(chosen: Made, state: Any, dice: random.Random, out: IO[str]) -> Any:
    """Return a chance state's outcome drawn by its probabilities, saying what it was."""
    outcomes = chosen.game.chances(state)  # type: ignore[misc]
    after = dice.choices([s for _, s in outcomes], [float(p) for p, _ in outcomes])[0]
    show = chosen.notation.show_outcome
    out.write(f"{show(state, after) if show is not None else 'chance decided'}\n")
    return after


PLAYABLE = [entry.name for entry in registry.GAMES.values() if entry.playable]


def add(sub: Any) -> None:
    """Add the play subcommand to the program's subparsers."""
    play = sub.add_parser("play", help="play a game against the computer",
                          description="Play a game in the terminal: "
                          f"{', '.join(PLAYABLE)} (tic-tac-toe if none is named).  The "
                          "computer plays exactly when the exact search ends within "
                          f"--seconds (default {DEFAULT_SECONDS:g}); otherwise the deepest "
                          "search that did.  End with quit, Ctrl-D or Ctrl-C.  Examples: 'play', "
                          "'play tictactoe --size 4x4 --human o', 'play connect4 --size 5x4 "
                          "--first human', 'play nim 3 4 5 --misere', 'play connect4 --seconds "
                          "10'.")
    play.add_argument("game", nargs="?", choices=PLAYABLE,
                      help="the game (default tictactoe)")
    play.add_argument("args", nargs="*", metavar="ARG", help="nim: the heap sizes (3 4 5); "
                      "pig: winscore, die faces, horizon (20 6 60)")
    play.add_argument("--human", metavar="SIDE",
                      help="your side, where either may start (tictactoe: x or o)")
    play.add_argument("--first", choices=["human", "computer"],
                      help="who moves first (asked if not given)")
    play.add_argument("--seconds", type=seconds,
                      help=f"the computer's time for a move (default {DEFAULT_SECONDS:g})")
    play.add_argument("--quiet", action="store_true", help="no progress line on stderr")
    play.add_argument("--seed", type=int, default=None,
                      help="pig: seed the dice (default: a fresh throw each run)")
    add_game_options(play)
    play.set_defaults(run=run)
