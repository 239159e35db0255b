"""wordindex: a word-game engine on one precomputed, database-backed word index.

The package is the library: it never prints, prompts or reads the environment.
The command line lives in ``wordindex.cli`` and drives what is here.
"""

from __future__ import annotations

#: ``typing.TYPE_CHECKING`` without importing ``typing`` (mypy and ruff read the name alike): this module
#: is imported before the command line's Ctrl-C handler is in place, so it imports nothing it can avoid.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path

__version__ = "0.1.0"


def migrations_path() -> Path:
    """Where the packaged alembic scripts are (``wordindex.migrations``)."""
    from importlib import import_module
    from pathlib import Path

    return Path(str(import_module("wordindex.migrations").__file__)).parent
