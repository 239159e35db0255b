"""``Index.generation`` and ``Index.ping``: what a long-running reader (the server) asks of an open index."""

from __future__ import annotations

import pytest

from wordindex.build.builder import build_index
from wordindex.errors import DatabaseError
from wordindex.index.core import open_index


def test_generation_changes_when_the_index_is_rebuilt(index_factory, tmp_path):
    target = index_factory("generation", ["cat", "dog"])
    with open_index(target) as index:
        before = index.generation()
        assert before is not None and index.generation() == before  # stable while nothing changes
        index.ping()
    source = tmp_path / "more.txt"
    source.write_text("cat\ndog\nemu\n", encoding="utf-8")
    build_index(str(target), source)
    with open_index(target) as index:
        assert index.generation() != before


@pytest.mark.sqlite_only
def test_ping_fails_with_a_named_error_when_the_index_is_gone(tmp_path):
    source = tmp_path / "words.txt"
    source.write_text("cat\n", encoding="utf-8")
    target = tmp_path / "words.db"
    build_index(str(target), source)
    index = open_index(target)
    index.connection.close()  # as if the file could no longer be read
    with pytest.raises(DatabaseError):
        index.ping()
