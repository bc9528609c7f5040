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
from typing import IO, Any

from fminimax import policy, registry
from fminimax.cli.common import (
    EndOfInput,
    ask,
    choice,
    plural,
    progress_reporter,
)
from fminimax.cli.games import add_game_options, game_made, importable_here, seconds
from fminimax.game import playing
from fminimax.registry import Made

__all__ = ["DEFAULT_SECONDS", "PLAYABLE", "add", "run"]

DEFAULT_SECONDS = 3.0


def _legal(chosen: Made, state: Any) -> Callable[[str], str | None]:
    """Return an ``ask`` test: None for a legal move, else the notation's complaint."""
    def allowed(answer: str) -> str | None:
        try:
            chosen.notation.read_move(state, answer)
        except ValueError as error:
            return str(error)
        return None
    return allowed


def _refuse_idle_options(args: argparse.Namespace) -> None:
    """Refuse options that contradict each other or would change nothing."""
    if args.depth is not None and args.seconds is not None:
        raise ValueError("--seconds budgets a search without a fixed depth; give --depth or "
                         "--seconds, not both")
    if args.depth == 0:
        raise ValueError("--depth 0 looks at no move at all; give --depth 1 or more, or "
                         "leave it out to search within --seconds")


def _sides(args: argparse.Namespace, chosen: Made, read: Callable[[], str],
           out: IO[str]) -> tuple[Any, Any]:
    """Return the start and the human's player, asking who plays what where not given."""
    spoken, state = chosen.notation, chosen.state
    names = [spoken.side(player) for player in spoken.players]
    if args.human is not None and args.human not in names:
        raise ValueError(f"--human is one of {' or '.join(names)}, got {args.human[:40]!r}")
    if chosen.first is not None:  # either side may start: the human picks a side
        side = args.human or ask(f"play {' or '.join(names)}? ", choice(names), read, out)
        human = spoken.players[names.index(side)]
        first = args.first or ask("who starts, human or computer? ",
                                  choice(["human", "computer"]), read, out)
        computer = spoken.players[1 - names.index(side)]
        return chosen.first(human if first == "human" else computer), human
    first = args.first or ask("who starts, human or computer? ",
                              choice(["human", "computer"]), read, out)
    mover = chosen.game.to_move(state)
    other = spoken.players[1 - spoken.players.index(mover)]
    return state, mover if first == "human" else other


def _computer(args: argparse.Namespace, chosen: Made, state: Any, err: IO[str],
              out: IO[str]) -> Any:
    """Return the computer's move, saying what it plays."""
    progress = progress_reporter(err, args.quiet)
    try:
        result = policy.computer_move(chosen, state, seconds=args.seconds or DEFAULT_SECONDS,
                                      clock=time.perf_counter, depth=args.depth,
                                      hook=progress)
    except policy.TooDeep as error:
        raise ValueError(f"{error}; give a --depth below {args.depth}, or --seconds S") from None
    finally:
        progress.done()
    spoken = chosen.notation
    how = "" if result.exact else f" (searched {plural(result.depth or 0, 'ply')} deep)"
    out.write(f"computer ({spoken.side(chosen.game.to_move(state))}) plays "
              f"{spoken.show_move(result.move)}{how}\n")
    return result.move


def _played(args: argparse.Namespace, chosen: Made, state: Any, human: Any,
            read: Callable[[], str], out: IO[str], err: IO[str]) -> Any:
    """Return the final state of the game played from ``state``, move by move."""
    game, spoken = chosen.game, chosen.notation
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
            move = _computer(args, chosen, state, err, out)
        state = game.play(state, move)
    return state


def run(args: argparse.Namespace, out: IO[str], err: IO[str],
        read: Callable[[], str] | None = None) -> int:
    """Play the game against the computer; tic-tac-toe when no game is named."""
    read = read or sys.stdin.readline
    args.game = args.game or PLAYABLE[0]
    args.args = args.args or list(registry.entry(importable_here(args.game)).play_args)
    _refuse_idle_options(args)
    chosen: Made = playing(game_made(args))  # the opening book within reach of its moves
    if args.seed is not None and chosen.game.chances is None:
        raise ValueError(f"--seed seeds the dice, and {args.game} has none; drop --seed")
    spoken = chosen.notation
    try:
        if chosen.game.is_over(chosen.state):
            out.write(f"\n{spoken.draw(chosen.state)}\nthe game is over: "
                      f"{spoken.ended(chosen.state)}\n")
            return 0
        start, human = _sides(args, chosen, read, out)
        state = _played(args, chosen, start, human, read, out, err)
    except EndOfInput as end:
        out.write(f"\n{end}\n")
        return 0
    score = chosen.game.utility(state, human)
    verdict = "" if score == 0 else ", you win" if score > 0 else ", the computer wins"
    out.write(f"\n{spoken.draw(state)}\nthe game is over: {spoken.ended(state)}{verdict}\n")
    return 0


def _thrown(chosen: Made, state: Any, dice: random.Random, out: IO[str]) -> Any:
    """Return a chance state's outcome drawn by its probabilities, saying what it was."""
    outcomes = chosen.game.chances(state)  # type: ignore[misc]
    after = dice.choices([s for _, s in outcomes], [float(p) for p, _ in outcomes])[0]
    show = chosen.notation.show_outcome
    out.write(f"{show(state, after) if show is not None else 'chance decided'}\n")
    return after


PLAYABLE = [entry.name for entry in registry.entries() if entry.playable]


def _playable(text: str) -> str:
    """Return a game ``play`` can play: a playable game's name or a MODULE:NAME of your own."""
    if text in PLAYABLE or ":" in text:
        return text
    raise argparse.ArgumentTypeError(f"invalid choice: {text[:40]!r} (choose from "
                                     f"{', '.join(map(repr, PLAYABLE))}, or MODULE:NAME for "
                                     f"a game of your own)")


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
    play.add_argument("game", nargs="?", type=_playable, metavar="GAME",
                      help=f"one of {', '.join(PLAYABLE)} (default tictactoe), or MODULE:NAME, "
                      f"a game of your own (docs/new-game.md)")
    play.add_argument("args", nargs="*", default=[], metavar="ARG",
                      help="nim: the heap sizes (3 4 5); pig: winscore, die faces, horizon "
                      "(20 6 60)")
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
