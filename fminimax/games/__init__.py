"""Games shipped with fminimax, one module each; each offers ``game(...)`` and ``start(...)``."""
