"""Games shipped with fminimax, one module (or package) each; each offers ``game(...)``,
``start(...)``, ``notation(...)`` and its command-line ``ENTRY``."""

__all__: list[str] = []
