"""``fminimax quiz``: seeded exercise trees, as pages in predict mode and answer keys.

One seed (``--seed N``) prints the exercise's tree (or, with ``--json``, its answer key)
and writes ``--html FILE`` (the page) and ``--key FILE`` (the key) when asked.  A set of
seeds (``--seeds 1-20``, or ``1-5,9``) writes ``quiz-SEED.html`` and ``quiz-SEED.json``
for each into ``--out DIR``.  Every setting, seed and file is checked before any tree is
made: the limits are ``fminimax.quiz``'s, and an existing file in DIR is refused unless
``--force`` is given.
"""

from __future__ import annotations

import argparse
import json
import os
from typing import IO, Any

from fminimax import quiz
from fminimax.cli.common import PROG, count_option
from fminimax.cli.files import check_output, write_atomically

__all__ = ["MAX_SEEDS", "add", "run", "seeds_of"]

MAX_SEEDS = 1000
"""The most seeds one command writes."""


def _signed(flag: str) -> Any:
    """Return an argparse ``type`` reading a whole number within ±quiz.MAX_VALUE."""
    def read(text: str) -> int:
        body = text.strip()
        digits = body[1:] if body[:1] in "+-" else body
        if not (digits.isascii() and digits.isdigit()) or len(digits) > 3 \
                or abs(int(body)) > quiz.MAX_VALUE:
            raise argparse.ArgumentTypeError(
                f"{flag} is a whole number from {-quiz.MAX_VALUE} to {quiz.MAX_VALUE}, "
                f"got {text!r}")
        return int(body)
    read.__name__ = flag.strip("-")
    return read


def seeds_of(text: str) -> list[int]:
    """Return the seeds a ``--seeds`` text names: ranges 'A-B' and single seeds, by commas.

    >>> seeds_of("1-3,7"), seeds_of("5")
    ([1, 2, 3, 7], [5])
    >>> seeds_of("3-1")
    Traceback (most recent call last):
    ...
    ValueError: --seeds range '3-1' is reversed: give FIRST-LAST with FIRST <= LAST
    """
    found: list[int] = []
    for part in text.split(","):
        first, dash, last = part.strip().partition("-")
        low = _seed(first, text)
        high = _seed(last, text) if dash else low
        if low > high:
            raise ValueError(f"--seeds range {part.strip()!r} is reversed: give FIRST-LAST "
                             f"with FIRST <= LAST")
        if len(found) + high - low + 1 > MAX_SEEDS:
            raise ValueError(f"--seeds {text!r} names more than {MAX_SEEDS} seeds; give "
                             f"at most {MAX_SEEDS}")
        found.extend(seed for seed in range(low, high + 1) if seed not in found)
    return found


def _seed(word: str, text: str) -> int:
    """Return one seed of a --seeds text, or a ValueError naming the text."""
    word = word.strip()
    if not (word.isascii() and word.isdigit()) or len(word) > 10 or int(word) > quiz.MAX_SEED:
        raise ValueError(f"--seeds takes seeds from 0 to {quiz.MAX_SEED} as FIRST-LAST or "
                         f"N, joined by commas (e.g. 1-20), got {text!r}")
    return int(word)


def _settings(args: argparse.Namespace) -> quiz.ExerciseSpec:
    """Return the exercise settings of the command line, refused at once when wrong."""
    settings = quiz.ExerciseSpec(args.depth, args.branching, args.low, args.high, args.algorithm)
    problem = quiz.settings_error(settings)
    if problem:
        raise ValueError(f"{problem}; nothing was written")
    return settings


def _refuse_contradictions(args: argparse.Namespace) -> None:
    """Refuse options that belong to the other form (one seed or a set)."""
    if args.seeds is not None:
        for flag, given in (("--seed", args.seed), ("--html", args.html),
                            ("--key", args.key), ("--json", args.json or None)):
            if given is not None:
                raise ValueError(f"{flag} is for one exercise; --seeds writes each page and "
                                 f"key into --out DIR")
        if args.out is None:
            raise ValueError("--seeds writes one page and one key a seed: give --out DIR")
    elif args.out is None and args.force:
        raise ValueError("--force replaces files in --out DIR; give --out DIR")


def _folder(path: str) -> str:
    """Return the folder --out names, made if its parent exists; refuse anything else."""
    if path == "":
        raise ValueError("--out cannot be '': give a folder")
    target = os.path.realpath(path)
    if os.path.exists(target) and not os.path.isdir(target):
        raise ValueError(f"--out {path!r} is not a folder; give a folder (it is made if "
                         f"missing)")
    if not os.path.isdir(os.path.dirname(target)):
        raise ValueError(f"--out {path!r}: the folder {os.path.dirname(target)!r} does not "
                         f"exist")
    return target


def _made_folder(given: str, folder: str) -> None:
    """Make the folder --out names (its parent exists), its failure one line (/proc, a
    read-only file system, no permission)."""
    try:
        os.mkdir(folder)
    except OSError as error:
        raise ValueError(f"--out {given!r}: cannot make the folder: "
                         f"{error.strerror or error}") from None


def _planned(args: argparse.Namespace, seeds: list[int]) -> list[tuple[int, str, str]]:
    """Return (seed, page path, key path) for each seed, every path checked before work."""
    if args.out is None:
        return []
    folder = _folder(args.out)
    found = [(seed, os.path.join(folder, f"quiz-{seed}.html"),
              os.path.join(folder, f"quiz-{seed}.json")) for seed in seeds]
    if os.path.isdir(folder):
        for _, page, key in found:
            for path in (page, key):
                if os.path.lexists(path) and not args.force:
                    raise ValueError(f"--out: {path!r} exists; give --force to replace it, "
                                     f"or another folder")
                check_output("--out", path)
    return found


def _check_files(args: argparse.Namespace) -> None:
    """Check --key's file (--html's is checked for every subcommand) and that they differ."""
    if args.key is None:
        return
    check_output("--key", args.key)
    if args.html is not None and os.path.realpath(args.html) == os.path.realpath(args.key):
        raise ValueError(f"--key cannot write {args.key!r}: --html writes it too; give each "
                         f"its own FILE")


def _write(path: str, text: str, args: argparse.Namespace, err: IO[str]) -> None:
    """Write a file through the safe writer and say so unless --quiet."""
    write_atomically(path, text.encode("utf-8"))
    if not args.quiet:
        err.write(f"{PROG}: wrote {path}\n")


def run(args: argparse.Namespace, out: IO[str], err: IO[str]) -> int:
    """Make the exercises asked for: print one, or write pages and keys."""
    _refuse_contradictions(args)
    settings = _settings(args)
    seeds = seeds_of(args.seeds) if args.seeds is not None else [
        1 if args.seed is None else args.seed]
    _check_files(args)
    planned = _planned(args, seeds)
    if planned and not os.path.isdir(os.path.dirname(planned[0][1])):
        _made_folder(args.out, os.path.dirname(planned[0][1]))
    for seed, page, key in planned:
        made = quiz.exercise(seed, settings)
        _write(page, quiz.exercise_page(made), args, err)
        _write(key, quiz.key_json(made), args, err)
    if args.seeds is not None:
        return 0
    made = quiz.exercise(seeds[0], settings)
    if args.html is not None:
        _write(args.html, quiz.exercise_page(made), args, err)
    if args.key is not None:
        _write(args.key, quiz.key_json(made), args, err)
    if args.json:
        out.write(quiz.key_json(made))
    else:
        out.write(f"{made.title}\n{json.dumps(made.tree)}\n")
    return 0


def add(sub: Any) -> None:
    """Add the ``quiz`` subcommand to the program's subparsers."""
    command = sub.add_parser(
        "quiz", help="seeded exercise trees: a page in predict mode and an answer key",
        description="Make a random game tree to search by hand from a seed (the same seed "
        "and settings give the same exercise): print it, write the step-through page in "
        "predict mode (--html) and the answer key (--key, --json), or write a page and a "
        "key for each of a set of seeds (--seeds 1-20 --out DIR).")
    command.add_argument("--seed", type=count_option("--seed", 0, quiz.MAX_SEED),
                         help="the exercise's seed (default 1)")
    command.add_argument("--seeds", metavar="SEEDS",
                         help=f"a set of seeds, e.g. 1-20 or 1-5,9 (at most {MAX_SEEDS}); "
                         "needs --out DIR")
    command.add_argument("--depth", type=count_option("--depth", 1, quiz.MAX_DEPTH),
                         default=3, help=f"plies, MAX at the root (1 to {quiz.MAX_DEPTH}; "
                         "default 3)")
    command.add_argument("--branching", type=count_option("--branching", 2,
                                                          quiz.MAX_BRANCHING),
                         default=2, help=f"moves at each node (2 to {quiz.MAX_BRANCHING}; "
                         f"default 2; at most {quiz.MAX_LEAVES} leaves in all)")
    command.add_argument("--low", type=_signed("--low"), default=-9,
                         help="the smallest leaf value (default -9)")
    command.add_argument("--high", type=_signed("--high"), default=9,
                         help="the largest leaf value (default 9)")
    command.add_argument("--algorithm", choices=quiz.ALGORITHMS, default="alphabeta",
                         help="the search to predict (default alphabeta; expectiminimax, "
                         "star1 and star2 get chance nodes)")
    command.add_argument("--html", metavar="FILE", help="write the page in predict mode")
    command.add_argument("--key", metavar="FILE", help="write the answer key as JSON")
    command.add_argument("--json", action="store_true",
                         help="print the answer key as JSON instead of the tree")
    command.add_argument("--out", metavar="DIR",
                         help="with --seeds: the folder for quiz-SEED.html and quiz-SEED.json")
    command.add_argument("--force", action="store_true",
                         help="replace existing files in --out DIR")
    command.add_argument("--quiet", action="store_true", help="no file messages on stderr")
    command.set_defaults(run=run)
