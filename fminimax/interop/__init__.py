"""fminimax among other game-AI tools: OpenSpiel, PettingZoo and Kaggle ConnectX, each an
optional extra imported lazily."""

__all__: list[str] = []  # the parts are imported by name: each needs its extra
