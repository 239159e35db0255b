"""UTS #39 confusable skeletons (``wordindex.languages.confusables``): the table generated from Unicode's data."""

from __future__ import annotations

import pytest

from wordindex.languages.confusable_table import VERSION
from wordindex.languages.confusables import name_keys, skeleton


def test_the_table_is_unicode_17():
    assert VERSION == "17.0.0"


@pytest.mark.parametrize(
    "text, looks_like",
    [
        ("\u0410na", "Ana"),  # Cyrillic capital A
        ("p\u0430yp\u0430l", "paypal"),  # Cyrillic small a
        ("\u0440\u0430\u0443\u0440\u0430\u04cf", "paypal"),  # all Cyrillic, its palochka for the l
        ("m", "rn"),  # a prototype of two letters
        ("I", "l"),
        ("0", "O"),
        ("\uff21na", "Ana"),  # fullwidth
        ("A\u034fna\u200b", "Ana"),  # default-ignorable code points are dropped
        ("Ren\u00e9e", "Rene\u0301e"),  # NFD on both sides
    ],
)
def test_texts_that_look_alike_have_one_skeleton(text, looks_like):
    assert skeleton(text) == skeleton(looks_like)


@pytest.mark.parametrize("text, other", [("Ana", "Anna"), ("ai", "al"), ("Ana", "Ama"), ("Zoe", "Zoë")])
def test_texts_that_look_different_do_not(text, other):
    assert skeleton(text) != skeleton(other)
    assert not name_keys(text) & name_keys(other)


@pytest.mark.parametrize("name, other", [("Ann", "ANN"), ("LIAM", "liam"), ("AI", "Al"), ("\u0410NN", "ann")])
def test_names_meet_without_case_and_by_their_look(name, other):
    assert name_keys(name) & name_keys(other)
