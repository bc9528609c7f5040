"""OpenSpiel's games as fminimax game values, and fminimax's searches as OpenSpiel bots.

Needs the ``openspiel`` extra (``pip install 'fminimax[openspiel]'``); without it, importing
this package is one ImportError naming the extra.

=====================  ======================================================================
``loading``            a game from text (``connect_four(columns=5,rows=4)``), checked, and
                       the refusal of the games fminimax cannot search
``rules``              the game value: immutable positions over pyspiel states, actions
                       shown by OpenSpiel's names, relays where a player moves twice
``notation``           reading and showing positions and moves, and the command line's game
``bot``                ``SearchBot``: any algorithm of the family as an OpenSpiel bot
=====================  ======================================================================

>>> from fminimax.algorithms import solve
>>> g = game("tic_tac_toe")
>>> solve(g, start("tic_tac_toe"), "alphabeta").value
0
"""

from __future__ import annotations

MISSING = "OpenSpiel is not installed; install the extra: pip install 'fminimax[openspiel]'"
"""What importing this package says when OpenSpiel is missing."""

try:
    import pyspiel  # noqa: F401  (the extra: checked here, once, for every module below)
except ImportError:
    raise ImportError(MISSING) from None

from fminimax.interop.openspiel.bot import SearchBot  # noqa: E402
from fminimax.interop.openspiel.loading import load, parsed, refusal  # noqa: E402
from fminimax.interop.openspiel.notation import PREFIX, made, notation  # noqa: E402
from fminimax.interop.openspiel.rules import (  # noqa: E402
    MOVER_NEVER_LOSES,
    PASS,
    Action,
    Heuristic,
    SpielPosition,
    game,
    position,
    spiel_state,
    start,
    string_key,
)

__all__ = ["MISSING", "MOVER_NEVER_LOSES", "PASS", "PREFIX", "Action", "Heuristic", "SearchBot",
           "SpielPosition", "game", "load", "made", "notation", "parsed", "position", "refusal",
           "spiel_state", "start", "string_key"]
