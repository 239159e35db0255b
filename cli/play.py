"""``wordindex play``: the interactive games (hangman, boggle, wordgame) share this group."""

import typer

play_app = typer.Typer(no_args_is_help=True, help="Play a game in the terminal: hangman, boggle or wordgame.")


def register(app: typer.Typer) -> None:
    """Add ``wordindex play ...`` to the app (the game modules add their commands to play_app)."""
    app.add_typer(play_app, name="play")
