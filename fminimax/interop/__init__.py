"""Bridges to the game-AI tools people already use: each module imports its extra itself.

``fminimax.interop.openspiel`` (the ``openspiel`` extra): OpenSpiel's sequential, two-player,
zero-sum games of perfect information as fminimax game values, and fminimax's searches as
OpenSpiel bots.  ``fminimax.interop.pettingzoo`` (the ``pettingzoo`` extra): fminimax's
games as PettingZoo AEC environments, and agents for PettingZoo's own ``connect_four_v3`` and
``tictactoe_v3``.  ``fminimax.interop.kaggle`` (the ``kaggle`` extra): an ``agent(obs,
config)`` for Kaggle's ConnectX.  Nothing here is imported by ``import fminimax``: a bridge
loads its tool only when it is imported, and without its extra says in one line which extra
to install.
"""

__all__: list[str] = []
