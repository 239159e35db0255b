"""The package's docstring is its map: every module it names exists, every module is named.

Issue 24 item 8 found it describing a ``game`` module, ``BoggleGame``, ``lexicon`` and ``solver``
long after they were gone; this keeps the map and the package in step.
"""

from __future__ import annotations

import importlib
import pkgutil
import re

import wordindex.boggle as package

BULLET = re.compile(r"^\* (?P<modules>(?:``\w+``(?: / )?)+): (?P<text>.*?)(?=^\* |^\S|\Z)", re.M | re.S)
NAME = re.compile(r"``([A-Za-z_]\w*)``")


def bullets() -> list[tuple[list[str], list[str]]]:
    found = []
    for match in BULLET.finditer(package.__doc__ or ""):
        modules = NAME.findall(match["modules"])
        names = [name for name in NAME.findall(match["text"]) if any(c.isupper() or c == "_" for c in name)]
        found.append((modules, names))
    return found


def test_every_module_of_the_package_is_named_once():
    named = [module for modules, _ in bullets() for module in modules]
    present = {info.name for info in pkgutil.iter_modules(package.__path__)}
    assert sorted(named) == sorted(present)


def test_every_class_and_function_named_is_in_its_bullets_modules():
    present = {info.name for info in pkgutil.iter_modules(package.__path__)}
    for modules, names in bullets():
        loaded = [importlib.import_module(f"wordindex.boggle.{module}") for module in modules]
        for name in names:
            assert name in present or any(hasattr(module, name) for module in loaded), (modules, name)
