"""wordindex.limits: every search budget is checked in one place (issue 24 item 1)."""

from __future__ import annotations

import math

import pytest

from wordindex.errors import UsageError
from wordindex.limits import Limits, check_count, check_seconds


@pytest.mark.parametrize("seconds", [math.nan, math.inf, -math.inf, 0, 0.0, -1.5, True, "3"])
def test_seconds_that_are_not_a_finite_number_above_zero_are_refused(seconds):
    with pytest.raises(UsageError, match=f"^seconds must be a finite number above 0, not {seconds}$"):
        Limits(seconds=seconds)
    with pytest.raises(UsageError, match=f"^--seconds must be a finite number above 0, not {seconds}$"):
        check_seconds(seconds, "--seconds")


@pytest.mark.parametrize("positions", [0, -1, 2.5, True])
def test_counts_below_one_or_not_whole_are_refused(positions):
    with pytest.raises(UsageError, match=f"^positions must be 1 or more, not {positions}$"):
        Limits(positions=positions)
    with pytest.raises(UsageError, match=f"^--jobs must be 1 or more, not {positions}$"):
        check_count(positions, "--jobs")


def test_good_limits_and_no_limit_pass():
    assert Limits() == Limits(None, None)
    assert Limits(seconds=0.25, positions=1) == Limits(0.25, 1)
    assert Limits(seconds=2).seconds == 2
    assert check_seconds(None) is None and check_seconds(3, "--seconds") == 3.0
    assert check_count(None, "n") is None and check_count(7, "n") == 7
