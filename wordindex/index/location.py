"""Where an index lives: parse a database URL (or a bare file path).

SQLite URLs are parsed by hand so the query commands never import SQLAlchemy
for them; any other URL goes through SQLAlchemy's own parser.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from wordindex.errors import DatabaseURLError

SUPPORTED_BACKENDS = ("sqlite", "postgresql")
#: The default index's file name, in the user's data directory.
DEFAULT_FILE_NAME = "wordindex.db"


@dataclass(frozen=True)
class Location:
    """A parsed database location.

    ``url`` is the SQLAlchemy URL to connect with; ``sqlite_path`` is set for
    SQLite files; ``display`` is safe to show (no password).
    """

    url: str
    backend: str
    display: str
    sqlite_path: Path | None = None


def sqlite_location(path: str | Path) -> Location:
    """The location of a SQLite index file."""
    path = Path(path).expanduser()
    return Location(url=f"sqlite:///{path}", backend="sqlite", display=str(path), sqlite_path=path)


def default_location() -> Location:
    """The index every front end uses when none is named: ``wordindex.db`` in the user's data directory.

    The platform's convention decides the directory (``~/.local/share/wordindex`` on Linux), so
    the command line and the web server agree on it without either importing the other.
    """
    from platformdirs import user_data_path

    return sqlite_location(user_data_path("wordindex", appauthor=False) / DEFAULT_FILE_NAME)


def parse_location(text: str | Path) -> Location:
    """Parse ``--db`` / ``WORDINDEX_DB``: a SQLAlchemy URL or a path to a SQLite file."""
    if isinstance(text, Path):
        return sqlite_location(text)
    text = (text or "").strip()
    if not text:
        raise DatabaseURLError("database URL is empty")
    if "://" not in text:
        if text.lower().startswith("sqlite:"):
            raise DatabaseURLError(
                f"malformed SQLite URL {text!r}: use sqlite:///relative.db or sqlite:////absolute.db"
            )
        return sqlite_location(text)
    scheme = text.split("://", 1)[0].lower()
    if scheme == "sqlite" or scheme.startswith("sqlite+"):
        rest = text.split("://", 1)[1]
        if rest in ("", "/", "/:memory:"):
            raise DatabaseURLError(
                "an in-memory SQLite database cannot hold an index: name a file, e.g. sqlite:///words.db"
            )
        if not rest.startswith("/"):
            raise DatabaseURLError(
                f"malformed SQLite URL {text!r}: use sqlite:///relative.db or sqlite:////absolute.db"
            )
        return sqlite_location(rest[1:].split("?", 1)[0])
    return _parse_server_url(text)


def _parse_server_url(text: str) -> Location:
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    try:
        url = make_url(text)
    except (ArgumentError, ValueError) as exc:
        raise DatabaseURLError(f"malformed database URL {text!r}: {exc}") from None
    backend = url.get_backend_name()
    if backend == "postgres":
        backend = "postgresql"
    if backend not in SUPPORTED_BACKENDS:
        raise DatabaseURLError(f"unsupported database {backend!r}: wordindex stores its index in SQLite or PostgreSQL")
    if url.drivername in ("postgresql", "postgres"):
        # psycopg (version 3) is the driver wordindex installs.
        url = url.set(drivername="postgresql+psycopg")
    return Location(
        url=url.render_as_string(hide_password=False),
        backend=backend,
        display=url.render_as_string(hide_password=True),
    )
