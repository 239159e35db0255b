"""What a test needs from outside the repository (a server, a browser, a word list) when it is missing.

Locally a missing prerequisite skips the tests that need it. Under CI (``CI`` set, as ``.ci/run``
does) it fails them instead: CI installs every one of them, so a skip there would hide a broken
setup behind a green run.
"""

from __future__ import annotations

import os
from typing import NoReturn

import pytest


def under_ci() -> bool:
    return os.environ.get("CI", "").lower() not in ("", "0", "false", "no")


def missing(what: str) -> NoReturn:
    """Skip for want of ``what``, or fail under CI."""
    if under_ci():
        pytest.fail(f"{what}, and CI must provide it (.ci/run)", pytrace=False)
    pytest.skip(what)
