"""Fixtures of the word game tests."""

from __future__ import annotations

import pytest
from wordgame_transcripts import WORDS

from wordindex.index.core import open_index


@pytest.fixture(scope="module")
def transcript_index(index_factory):
    """The index of the problem set's transcript words, open for one test module."""
    with open_index(index_factory("wordgame-transcripts", WORDS)) as index:
        yield index
