"""fminimax's ConnectX agent against Kaggle's own agents, in kaggle-environments.

    python benchmarks/connectx.py [--games N] [--timeout S] [--size COLUMNSxROWS] [--inarow K]
                                  [--opponent negamax|random ...]

Plays N games against each opponent, half with fminimax moving first and half second, in
Kaggle's ``connectx`` environment (the ``kaggle`` extra), and prints one Markdown row per
opponent and side: wins, draws, losses, broken rules (Kaggle's reward None: a timeout, an
error or an invalid column), fminimax's moves, how many of them were exact (the position
solved in time), the mean completed depth of the others, the longest and mean time a move
took, and how many moves took longer than the agent plans (``TIME_SHARE`` of ``actTimeout``)
or than ``actTimeout`` itself (Kaggle then draws on the agent's overage time).

Timing and printing live here; the agent is ``fminimax.interop.kaggle``'s own.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from fminimax.interop import kaggle  # noqa: E402


def recording_agent(log: list[tuple[kaggle.Choice, float]]) -> Any:
    """Return a ConnectX agent that plays fminimax's choice and logs it with its time."""
    def timed(obs: Any, config: Any) -> int:
        began = time.perf_counter()
        made = kaggle.choice(obs, config, clock=time.perf_counter)
        log.append((made, time.perf_counter() - began))
        return made.column
    return timed


def side_row(opponent: str, first: bool, games: int, configuration: dict[str, Any]) -> str:
    """Return the Markdown row of ``games`` games against ``opponent`` on one side."""
    from kaggle_environments import make
    log: list[tuple[kaggle.Choice, float]] = []
    tally = {"win": 0, "draw": 0, "loss": 0, "broken": 0}
    for _ in range(games):
        env = make("connectx", configuration=configuration)
        ours = recording_agent(log)
        env.run([ours, opponent] if first else [opponent, ours])
        reward = env.state[0 if first else 1].reward
        key = ("broken" if reward is None else "win" if reward > 0 else
               "loss" if reward < 0 else "draw")
        tally[key] += 1
    exact = sum(made.exact for made, _ in log)
    depths = [made.depth for made, _ in log if not made.exact and made.depth is not None]
    seconds = [spent for _, spent in log]
    planned = configuration["actTimeout"] * kaggle.TIME_SHARE
    over = sum(spent > planned for spent in seconds)
    late = sum(spent > configuration["actTimeout"] for spent in seconds)
    return (f"| {opponent} | {'first' if first else 'second'} | {games} | {tally['win']} | "
            f"{tally['draw']} | {tally['loss']} | {tally['broken']} | {len(log)} | {exact} | "
            f"{statistics.mean(depths) if depths else float('nan'):.1f} | "
            f"{max(seconds):.2f} | {statistics.mean(seconds):.2f} | {over} | {late} |")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per opponent (20)")
    parser.add_argument("--timeout", type=float, default=2.0, help="actTimeout in seconds (2)")
    parser.add_argument("--size", default="7x6", help="COLUMNSxROWS (7x6)")
    parser.add_argument("--inarow", type=int, default=4, help="how many in a row win (4)")
    parser.add_argument("--opponent", nargs="+", default=["negamax", "random"])
    args = parser.parse_args(argv)
    columns, rows = (int(n) for n in args.size.lower().split("x"))
    configuration = {"rows": rows, "columns": columns, "inarow": args.inarow,
                     "actTimeout": args.timeout}
    sys.stdout.write(f"ConnectX {columns}x{rows}, {args.inarow} in a row, actTimeout "
                     f"{args.timeout:g} s (planned {args.timeout * kaggle.TIME_SHARE:g} s)\n\n"
                     f"| opponent | fminimax moves | games | won | "
                     f"drawn | lost | broken | moves | exact | mean depth (others) | "
                     f"longest move s | mean move s | over plan | over actTimeout |\n"
                     f"|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n")
    for opponent in args.opponent:
        for first in (True, False):
            if (args.games + first) // 2 == 0:
                continue
            sys.stdout.write(side_row(opponent, first, (args.games + first) // 2,
                                      configuration) + "\n")
            sys.stdout.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
