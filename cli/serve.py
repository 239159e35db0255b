"""``wordindex serve``: the HTTP API and the web page on the index the other commands use.

Only parses options and starts uvicorn; the app is ``wordindex.web``. The
web stack (FastAPI, uvicorn: the ``serve`` extra) is imported here, inside
the command, so no other command pays for it.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from . import context
from .output import note

if TYPE_CHECKING:
    from wordindex.index.location import Location

#: The variables OpenBLAS (numpy's), MKL and OpenMP read for their thread counts when they load.
BLAS_THREAD_VARIABLES = ("OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS", "OMP_NUM_THREADS")


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
    index: list[str] = typer.Option(
        None,
        "--index",
        metavar="[LANG=]URL",
        help="Serve this index too, one per language (repeat for more): its build's language names it, "
        "and LANG= checks that it is that language; a directory serves each of its *.db indexes. "
        "Without --db (or WORDINDEX_DB) only the --index indexes are served, the first being the default.",
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

    Several languages: one index each (--index fr=fr.db, repeatable); a request picks one with
    language=fr, and GET /api/languages lists them.

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
    from wordindex.index.location import parse_location

    if not index:  # the variable serve hands its workers, also a user's way to say --index
        index = [line.strip() for line in os.environ.get("WORDINDEX_INDEXES", "").splitlines() if line.strip()]
    served = served_indexes(ctx, index)  # a missing, stale or misnamed index fails here, in one line
    location = served[0][1]
    settings = settings_from_environment(index=location)  # a bad WORDINDEX_* value fails here, in one line
    games = parse_location(games_db) if games_db else game_store_location(location)
    store = GameStore(games)
    try:
        store.migrate()  # once, before the workers start
    finally:
        store.close()
    # One BLAS thread per worker (the app limits it too, web/app.py one_blas_thread): set before any
    # worker loads numpy, so OpenBLAS starts no pool of threads beside the event loop.
    for variable in BLAS_THREAD_VARIABLES:
        os.environ.setdefault(variable, "1")
    # The workers build their app from the environment (they are separate processes).
    os.environ["WORDINDEX_DB"] = location.url
    os.environ["WORDINDEX_INDEXES"] = "\n".join(more.url for _, more in served[1:])
    os.environ["WORDINDEX_GAMES_DB"] = games.url
    os.environ["WORDINDEX_CORS_ORIGINS"] = ",".join(cors_origin or [])
    on = ", ".join(f"{where.display} ({code})" for code, where in served)
    note(f"wordindex serve: http://{host}:{port}/ on {on} (games: {games.display}), {workers} worker(s)")
    uvicorn.run(
        "wordindex.web.app:app_from_environment",
        factory=True,
        host=host,
        port=port,
        workers=workers,
        log_level="warning",
        **server_options(settings),  # header and keep-alive timeouts, connection limit (docs/serve.md)
    )


def served_indexes(ctx: typer.Context, specs: list[str]) -> list[tuple[str, Location]]:
    """The indexes to serve, default first, each with its language; one line and exit 2 for any problem.

    ``--db`` (or ``WORDINDEX_DB``) is served first when given, or when no ``--index`` is; each
    ``--index [LANG=]URL`` follows (a directory: its ``*.db`` indexes by file name). Every index is
    opened here once (a missing or stale one fails now, not on the first request), and two of one
    language are refused.
    """
    from wordindex.web.settings import split_language

    from wordindex.errors import NoIndexError, UsageError
    from wordindex.index.core import open_index
    from wordindex.index.location import parse_location
    from wordindex.languages import language

    wanted: list[tuple[str | None, Location, str]] = []
    if context.db_given(ctx) or not specs:
        wanted.append((None, context.location(ctx), "--db"))
    for spec in specs:
        code, url = split_language(spec)
        if code is not None:
            language(code)  # an unknown code names the known ones
        if code is None and Path(url).is_dir():
            wanted.extend((None, parse_location(str(path)), f"--index {path}") for path in indexes_in(Path(url)))
        else:
            wanted.append((code, parse_location(url), f"--index {spec}"))
    served: list[tuple[str, Location]] = []
    by_code: dict[str, str] = {}
    for code, where, given in wanted:
        try:
            with open_index(where) as opened:  # a missing or stale index fails here, in one line
                found = opened.language
        except NoIndexError:
            if given == "--db":
                raise  # the index the other commands use: the library's advice (`wordindex build PATH`) fits
            raise NoIndexError(f"no word index at {where.display}: {build_advice(where, code)}") from None
        if code is not None and code.lower() != found.code:
            raise UsageError(f"{given}: that index is {found.name} ({found.code}), not {language(code).name}")
        if found.code in by_code:
            raise UsageError(
                f"{by_code[found.code]} and {given} are both {found.name} indexes: serve one index per language"
            )
        by_code[found.code] = given
        served.append((found.code, where))
    return served


def build_advice(where: Location, code: str | None) -> str:
    """The command that builds a missing ``--index`` in its own language, at its own location.

    The library's advice (``wordindex build PATH``) builds the default index, in English; ``--index
    fr=fr.db`` wants ``wordindex --db fr.db build --language fr`` (the language's own list).
    """
    import shlex

    from wordindex.languages import CODES

    build = f"wordindex --db {shlex.quote(where.display)} build --language"
    if code is not None:
        return f"create it with `{build} {code.lower()}`"
    return f"create it with `{build} LANG` (LANG: one of {', '.join(CODES)})"


def indexes_in(folder: Path) -> list[Path]:
    """The SQLite indexes in a directory: its ``*.db`` files by name, not the game stores beside them."""
    from wordindex.errors import UsageError

    found = sorted(path for path in folder.glob("*.db") if path.is_file() and not path.stem.endswith("-games"))
    if not found:
        raise UsageError(f"--index {folder}: no *.db index files in that directory")
    return found


def register(app: typer.Typer) -> None:
    """Add ``wordindex serve``."""
    app.command(name="serve")(serve)
