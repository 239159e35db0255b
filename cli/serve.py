"""``wordindex serve``: the HTTP API and the web page on the index the other commands use.

Only parses options and starts uvicorn; the app is ``wordindex.web``. The
web stack (FastAPI, uvicorn: the ``serve`` extra) is imported here, inside
the command, so no other command pays for it.
"""

from __future__ import annotations

import os

import typer

from . import context
from .output import note


def serve(
    ctx: typer.Context,
    host: str = typer.Option(
        "127.0.0.1", "--host", metavar="ADDRESS", help="Address to listen on (0.0.0.0 to accept other machines)."
    ),
    port: int = typer.Option(8000, "--port", metavar="PORT", help="TCP port, 1 to 65535."),
    workers: int = typer.Option(
        1, "--workers", metavar="N", help="Worker processes (1 to 64); they share the index and the games."
    ),
    games_db: str = typer.Option(
        None,
        "--games-db",
        envvar="WORDINDEX_GAMES_DB",
        metavar="URL",
        help="Where games are stored. Default: beside the index (SQLite: <index>-games.db; "
        "PostgreSQL: schema wordindex_games of the index's database).",
        show_default=False,
    ),
    cors_origin: list[str] = typer.Option(
        None,
        "--cors-origin",
        envvar="WORDINDEX_CORS_ORIGINS",
        metavar="ORIGIN",
        help="Let pages from ORIGIN (e.g. https://example.org) call the API; repeat for more. "
        "Default: none (CORS off).",
        show_default=False,
    ),
) -> None:
    """Serve the JSON API and the web page (Boggle, hangman, the word game) over HTTP.

    Every query command is also GET /api/<command> with the same JSON as
    --json; games are POST /api/games. OpenAPI documentation at /docs.
    Listens on 127.0.0.1 unless --host says otherwise; more settings in
    docs/serve.md (environment variables WORDINDEX_*).

    Examples: wordindex serve;  wordindex --db postgresql://host/words serve --workers 4 --host 0.0.0.0
    """
    from wordindex.errors import UsageError

    if not 1 <= port <= 65535:
        raise UsageError(f"--port must be 1 to 65535, not {port}")
    if not 1 <= workers <= 64:
        raise UsageError(f"--workers must be 1 to 64, not {workers}")
    try:
        import uvicorn
    except ImportError:
        raise UsageError("wordindex serve needs the web stack: pip install 'wordindex[serve]'") from None

    from wordindex.web.protocol import server_options
    from wordindex.web.settings import settings_from_environment

    from wordindex.gamestore import GameStore, game_store_location
    from wordindex.location import parse_location

    location = context.location(ctx)
    settings = settings_from_environment(index=location)  # a bad WORDINDEX_* value fails here, in one line
    with context.open_index(ctx):  # a missing or stale index fails here, in one line
        pass
    games = parse_location(games_db) if games_db else game_store_location(location)
    store = GameStore(games)
    try:
        store.migrate()  # once, before the workers start
    finally:
        store.close()
    # The workers build their app from the environment (they are separate processes).
    os.environ["WORDINDEX_DB"] = location.url
    os.environ["WORDINDEX_GAMES_DB"] = games.url
    os.environ["WORDINDEX_CORS_ORIGINS"] = ",".join(cors_origin or [])
    note(f"wordindex serve: http://{host}:{port}/ on {location.display} (games: {games.display}), {workers} worker(s)")
    uvicorn.run(
        "wordindex.web.app:app_from_environment",
        factory=True,
        host=host,
        port=port,
        workers=workers,
        log_level="warning",
        **server_options(settings),  # header and keep-alive timeouts, connection limit (docs/serve.md)
    )


def register(app: typer.Typer) -> None:
    """Add ``wordindex serve``."""
    app.command(name="serve")(serve)
