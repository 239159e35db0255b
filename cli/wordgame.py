"""Commands of the wordgame issue; see that issue for what they must do."""

import typer


def register(app: typer.Typer) -> None:
    """Add this module's commands to the app (none until the wordgame work lands)."""
