"""The ``wordindex`` console script's entry point (``main``), kept light on purpose.

``main`` puts the Ctrl-C handler in place (``interrupt.install``) before the first heavy import: typer,
click and the commands are imported after it, from ``root``, where the typer app is. Interrupted while
it loads, a command says ``Interrupted.`` and exits 130 like one interrupted later (it used to print
a ``KeyboardInterrupt`` traceback). ``app`` is still importable from here (tests drive it in-process).
"""

from __future__ import annotations

from . import interrupt

TYPE_CHECKING = False  # ``typing`` itself is not imported before the handler is in place
if TYPE_CHECKING:
    from typing import Any


def main() -> None:
    """Console-script entry point."""
    interrupt.install()
    from .root import app

    app()


def __getattr__(name: str) -> Any:
    """``from wordindex.cli.app import app``: the typer app, imported from ``root`` when first asked for."""
    if name == "app":
        from .root import app

        return app
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
