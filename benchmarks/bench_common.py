"""What the benchmark scripts share: the wordindex script beside this interpreter, and an index to run on.

Run the scripts as ``python benchmarks/NAME.py``: Python puts this folder on
the import path, so ``from bench_common import ...`` works from any directory.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path


def wordindex_command() -> list[str]:
    """The ``wordindex`` script of this interpreter's environment (avoids slow version-manager shims)."""
    script = Path(sys.executable).with_name("wordindex")
    return [str(script)] if script.exists() else [shutil.which("wordindex") or "wordindex"]


def index_of(wordlist: Path | str, folder: Path | str, db: str | None = None) -> str:
    """``db`` when given, else a new index of ``wordlist`` built (quietly) in ``folder``."""
    if db:
        return db
    built = str(Path(folder) / f"{Path(wordlist).stem}.db")
    subprocess.run(
        [*wordindex_command(), "build", str(wordlist)],
        env={**os.environ, "WORDINDEX_DB": built},
        check=True,
        capture_output=True,
    )
    return built


def language_index(code: str, folder: Path) -> tuple[Path, str | None]:
    """The index of a language's default list in ``folder`` (``CODE.db``), built there if missing.

    Returns the path and, when the build failed, its error line (the list's package may be missing).
    """
    db = folder / f"{code}.db"
    if not db.exists():
        folder.mkdir(parents=True, exist_ok=True)
        built = subprocess.run(
            [*wordindex_command(), "--db", str(db), "build", "--language", code], capture_output=True, text=True
        )
        if built.returncode:
            return db, built.stderr.strip() or f"build failed ({built.returncode})"
    return db, None
