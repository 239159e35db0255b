"""The package's imports form no circle (issue 21 item 2).

A circle means a shared piece lives in the wrong room: two modules that need each other should both
import a third, lower one. The graph is read from the source (``ast``), over every module of the
installed package ``wordindex.*``, including ``wordindex.cli`` and ``wordindex.web`` (``cli/`` and
``web/`` in the repository: the directories come from pyproject.toml's ``package-dir``).

Every import statement is an edge, wherever it stands: at module level, inside a function (the lazy
imports the commands and the games use on purpose, so a one-shot command loads only what it needs) and
under ``if TYPE_CHECKING``. A lazy import only delays a dependency; it does not make it go the other
way, so a module low down may import a higher one lazily no more than at its top. (Importing a
submodule also runs its package's ``__init__``; those implicit edges are not counted: the package
``__init__`` files import nothing of their own children's.)
"""

from __future__ import annotations

import ast
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def package_modules() -> dict[str, tuple[Path, bool]]:
    """Every module of the package: dotted name -> (file, is a package ``__init__``)."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    directories: dict[str, str] = config["package-dir"]
    modules: dict[str, tuple[Path, bool]] = {}
    for package in config["packages"]:
        folder = ROOT / directories.get(package, package.replace(".", "/"))
        for path in sorted(folder.glob("*.py")):
            is_package = path.stem == "__init__"
            name = package if is_package else f"{package}.{path.stem}"
            modules[name] = (path, is_package)
    return modules


def _targets(node: ast.Import | ast.ImportFrom, module: str, is_package: bool, known: set[str]) -> list[str]:
    """The package modules an import statement loads (``from . import x`` loads ``x`` if it is a module)."""
    if isinstance(node, ast.Import):
        names = [alias.name for alias in node.names]
    else:
        base = module if is_package else module.rpartition(".")[0]
        for _ in range(node.level - 1):
            base = base.rpartition(".")[0]
        target = (f"{base}.{node.module}" if node.module else base) if node.level else (node.module or "")
        names = [f"{target}.{alias.name}" if f"{target}.{alias.name}" in known else target for alias in node.names]
    found = []
    for name in names:
        while name and name not in known:  # ``import wordindex.hangman.exact.x``: the module part
            name = name.rpartition(".")[0]
        if name and name != module:
            found.append(name)
    return found


def import_graph() -> dict[str, set[str]]:
    modules = package_modules()
    known = set(modules)
    graph: dict[str, set[str]] = {}
    for module, (path, is_package) in modules.items():
        edges: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import | ast.ImportFrom):
                edges.update(_targets(node, module, is_package, known))
        graph[module] = edges
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in sorted(graph[node]):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_the_package_imports_form_no_circle():
    assert circles(import_graph()) == []


def test_the_graph_covers_the_front_ends_and_reads_lazy_imports():
    graph = import_graph()
    assert {"wordindex.cli.app", "wordindex.web.app", "wordindex.hangman.exact"} <= set(graph)
    assert "wordindex.hangman.optimal" in graph["wordindex.hangman.guessers"]  # inside next_guess
    assert "wordindex.cli.board_view" in graph["wordindex.cli.boggle_play"]  # ``from .board_view import``
    assert "wordindex.cli.context" in graph["wordindex.cli.hangman"]  # ``from . import context``


def test_a_circle_through_a_lazy_import_is_found():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert circles(graph) == [["a", "b", "c"]]


#: The library's floors, lowest first (docs/architecture.md): a module imports only from its own floor
#: or the floors below it, so the tree reads as the layers (issue 31 item 7). The longest prefix decides.
FLOORS = {
    "wordindex": 0,  # the package: its version and where the migrations are
    "wordindex.errors": 0,
    "wordindex.limits": 0,
    "wordindex.processes": 0,
    "wordindex.popcount": 0,
    "wordindex.languages": 1,  # letters, folds, dice, tile values: facts, no index
    "wordindex.index": 2,  # the index as stored: schema, migrations, opening, generations, held words
    # questions on an index: patterns, lookups, prefix walks, levels, the words sources; one floor with
    # index/ (opening an index hands it its default words source, SQL), whose modules form no circle with it
    "wordindex.words": 2,
    "wordindex.sessions": 3,  # the interface every game session has
    "wordindex.gamestore": 3,  # game states in tables of their own
    "wordindex.boggle": 4,  # the engines
    "wordindex.hangman": 4,
    "wordindex.wordgame": 4,
    "wordindex.build": 5,  # writes an index: reads a list, derives the engines' tables, loads, swaps
    "wordindex.reports": 6,  # every query's JSON answer, for both front ends
    "wordindex.migrations": 7,  # alembic's environment reads the schema's models
    "wordindex.cli": 7,  # the front ends
    "wordindex.web": 7,
}


def floor_of(module: str) -> int:
    name = module
    while name not in FLOORS:
        name = name.rpartition(".")[0]
        assert name, f"{module} stands on no floor: add its package to FLOORS"
    return FLOORS[name]


def test_no_import_runs_back_up_a_floor():
    upward = sorted(
        f"{module} -> {target}"
        for module, targets in import_graph().items()
        for target in targets
        if floor_of(target) > floor_of(module)
    )
    assert upward == []


def test_the_library_root_holds_only_the_floor_below_everything_and_the_top():
    """The root's modules are the ground floor's few (errors, limits) and the top's (reports), no more:
    everything else lives in the folder of its part (build, index, words, the engines, languages)."""
    root = sorted(path.stem for path in (ROOT / "wordindex").glob("*.py"))
    assert root == ["__init__", "errors", "gamestore", "limits", "popcount", "processes", "reports", "sessions"]
