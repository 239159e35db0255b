"""Fixtures of the Boggle tests: the hand-checked dictionary's index and the ENABLE2K index."""

from __future__ import annotations

import pytest
from boggle_data import HAND_WORDS


@pytest.fixture(scope="session")
def hand_index(index_factory):
    return index_factory("boggle_hand", words=sorted(set(HAND_WORDS)))


@pytest.fixture(scope="session")
def enable_index(index_factory, wordlist):
    return index_factory("enable2k", path=wordlist("enable2k.txt"))
