"""Benchmark fixtures: indexes of real dictionaries, built once per session.

Run with ``pytest benchmarks --benchmark-only`` (see README). Reference lists
come from ``WORDINDEX_WORDLISTS`` (the shared word lists); the bundled
dictionary is always there.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from wordindex.build.builder import build_index

ROOT = Path(__file__).resolve().parent.parent
BUNDLED = ROOT / "data" / "dictionary.txt"


@pytest.fixture(scope="session")
def bench_index_factory(tmp_path_factory):
    built: dict[str, Path] = {}

    def factory(name: str, source: Path) -> Path:
        if name not in built:
            target = tmp_path_factory.mktemp(f"bench-{name}") / "wordindex.db"
            build_index(str(target), source)
            built[name] = target
        return built[name]

    return factory


@pytest.fixture(scope="session")
def bundled_index(bench_index_factory) -> Path:
    """SQLite index of data/dictionary.txt."""
    return bench_index_factory("bundled", BUNDLED)


@pytest.fixture(scope="session")
def reference_list():
    """``reference_list("enable2k.txt")``: a shared reference list, or skip."""

    def get(name: str) -> Path:
        folder = os.environ.get("WORDINDEX_WORDLISTS")
        path = Path(folder or "/nonexistent") / name
        if not path.exists():
            pytest.skip(f"{name} not available (set WORDINDEX_WORDLISTS)")
        return path

    return get
