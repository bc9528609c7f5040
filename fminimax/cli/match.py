"""``fminimax match GAME --first SPEC --second SPEC --games N``: which search plays better.

The library's ``fminimax.match.match`` plays (a pure function given a seeded
``random.Random``, the clock for ``seconds`` and a progress callback); this module reads
the specs, draws the progress bar on a terminal and prints the result: wins, draws and
losses of the first spec, and its score with a 95% Wilson score interval.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import IO, Any

from fminimax import match as matches
from fminimax import registry
from fminimax.cli.common import plural
from fminimax.cli.games import OPENSPIEL, add_game_options, game_made
from fminimax.cli.report import write_json
from fminimax.game import playing
from fminimax.policy.searches import searches_every_node
from fminimax.registry import Made

__all__ = ["BAR", "MAX_GAMES", "Bar", "add", "run"]

MAX_GAMES = 100_000
BAR = 30


def _spec(text: str) -> matches.Spec:
    """Return a spec read by the library, its error as argparse's one line."""
    try:
        return matches.parse_spec(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _count(low: int, high: int, what: str) -> Any:
    """Return an argparse type for a whole number from ``low`` to ``high``."""
    def read(text: str) -> int:
        try:
            return registry.whole_number(text, what, low, high)
        except ValueError as error:
            raise argparse.ArgumentTypeError(str(error)) from None
    return read


class Bar:
    """A progress bar on stderr, drawn only on a terminal and without --quiet."""

    def __init__(self, err: IO[str], enabled: bool, first: str, second: str) -> None:
        self.err, self.enabled, self.first, self.second = err, enabled, first, second
        self.width = 0

    def __call__(self, done: int, total: int, so_far: matches.MatchResult) -> None:
        if not self.enabled:
            return
        filled = BAR * done // total
        text = (f"[{'#' * filled}{'.' * (BAR - filled)}] {done}/{total}  "
                f"+{so_far.wins} ={so_far.draws} -{so_far.losses}  "
                f"score {so_far.score:.3f}")
        self.err.write("\r" + text.ljust(self.width))
        self.err.flush()
        self.width = len(text)

    def done(self) -> None:
        if self.width:
            self.err.write("\r" + " " * self.width + "\r")
            self.err.flush()


def _checked(args: argparse.Namespace, chosen: Made) -> None:
    """Refuse a match that cannot be played, before the first game."""
    if chosen.game.is_over(chosen.state):
        raise ValueError("the position is over: there is no game to play from it")
    for spec in (args.first, args.second):
        # an opening book brings the exact search within reach of a spec with cut-offs
        reach = chosen if searches_every_node(spec.algorithm) else playing(chosen)
        far = reach.beyond(chosen.state)
        if spec.depth is None and spec.seconds is None and far and spec.algorithm != "mcts":
            raise ValueError(f"the spec {matches.spec_str(spec)!r} searches to the end, but "
                             f"{far}; give it depth=N or seconds=S (iterative)")
        matches.check_spec(chosen.game, spec)


def _record(args: argparse.Namespace, chosen: Made, result: matches.MatchResult,
            first: str, second: str) -> dict[str, Any]:
    """Return the match as its JSON record."""
    return {"game": chosen.game.name, "first": first, "second": second,
            "games": len(result.games), "openings": args.openings, "seed": args.seed,
            "wins": result.wins, "draws": result.draws, "losses": result.losses,
            "score": round(result.score, 6), "low": round(result.low, 6),
            "high": round(result.high, 6), "interval": "95% Wilson score",
            "as_first": dict(zip(("wins", "draws", "losses"), result.as_first, strict=True)),
            "as_second": dict(zip(("wins", "draws", "losses"), result.as_second,
                                  strict=True))}


def _text(args: argparse.Namespace, chosen: Made, result: matches.MatchResult, first: str,
          second: str) -> str:
    """Return the match as the lines match prints."""
    pairs = ("each opening played twice, colours swapped" if len(result.games) > 1
             else "one game: the first moves first")
    return (f"game:    {chosen.game.name}\n"
            f"first:   {first}\n"
            f"second:  {second}\n"
            f"games:   {len(result.games)} ({plural(args.openings, 'random opening ply')}, "
            f"seed {args.seed}; {pairs})\n"
            f"first's wins {result.wins}, draws {result.draws}, losses {result.losses}\n"
            f"  moving first:  {'/'.join(map(str, result.as_first))} (w/d/l)\n"
            f"  moving second: {'/'.join(map(str, result.as_second))} (w/d/l)\n"
            f"score:   {result.score:.3f} for the first (a draw counts 1/2); 95% Wilson "
            f"interval {result.low:.3f} to {result.high:.3f}\n")


def run(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    """Play the match and print its result."""
    if args.depth is not None:
        raise ValueError("match takes each side's depth in its SPEC (e.g. --first "
                         "alphabeta:depth=4), not --depth")
    chosen: Made = game_made(args)
    _checked(args, chosen)
    first, second = matches.spec_str(args.first), matches.spec_str(args.second)
    bar = Bar(err, not args.quiet and err.isatty(), first, second)
    try:
        result = matches.match(chosen.game, chosen.state, args.first, args.second, args.games,
                               rng=random.Random(args.seed), openings=args.openings,
                               clock=time.monotonic, progress=bar, exact=chosen.exact)
    finally:
        bar.done()
    if args.json:
        write_json(_record(args, chosen, result, first, second), out)
    else:
        out.write(_text(args, chosen, result, first, second))
    return 0


def add(sub: Any) -> None:
    """Add the match subcommand to the program's subparsers."""
    command = sub.add_parser(
        "match", help="play one search against another, many games",
        description="Play N games between two searches from random openings (each opening "
        "twice, colours swapped) and print the first's wins, draws and losses and its score "
        "with a 95% Wilson interval.  A SPEC is ALGORITHM[:option=value,...] with options "
        "depth, seconds (iterative and mcts), table and quiescence, e.g. "
        "'alphabeta:depth=4,quiescence=4'; mcts takes iterations, exploration and solver, "
        "e.g. 'mcts:iterations=2000'.  Example: 'match connect4 --first "
        "alphabeta:depth=4,quiescence=4 --second alphabeta:depth=4 --games 100'.")
    command.add_argument("game", metavar="GAME", help=f"one of {', '.join(registry.GAMES)}, "
                         f"or an OpenSpiel game: {OPENSPIEL}NAME(KEY=VALUE,...), e.g. "
                         f"'{OPENSPIEL}connect_four(columns=5,rows=4)' (the openspiel extra)")
    command.add_argument("args", nargs="*", default=[], metavar="ARG",
                         help="nim: the heap sizes; pig: winscore, die faces, horizon")
    add_game_options(command)
    command.add_argument("--board", help="the starting position, in the game's notation")
    command.add_argument("--first", type=_spec, required=True, metavar="SPEC",
                         help="the search whose score is reported")
    command.add_argument("--second", type=_spec, required=True, metavar="SPEC",
                         help="its opponent")
    command.add_argument("--games", type=_count(1, MAX_GAMES, "--games"), default=100,
                         help="how many games (default 100)")
    command.add_argument("--openings", type=_count(0, 1000, "--openings"), default=4,
                         metavar="RANDOM_PLIES", help="random plies before each opening "
                         "pair (default 4)")
    command.add_argument("--seed", type=int, default=1, help="seed of the openings and dice "
                         "(default 1)")
    command.add_argument("--json", action="store_true", help="print the result as JSON")
    command.add_argument("--quiet", action="store_true", help="no progress bar on stderr")
    command.set_defaults(run=run)
