"""The server around the API: health, readiness, bounds, CORS, settings, pages; `serve` stays out of other commands."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from fastapi.testclient import TestClient

from wordindex.errors import UsageError
from wordindex.index.location import sqlite_location

from .conftest import BOARD


def test_health_and_readiness(api):
    assert api.get("/healthz").json() == {"status": "ok"}
    assert api.get("/readyz").json() == {"status": "ok", "index": "ok", "games": "ok"}


def test_not_ready_without_an_index(tmp_path, make_app):
    with TestClient(make_app(sqlite_location(tmp_path / "missing.db"))) as client:
        assert client.get("/healthz").status_code == 200
        ready = client.get("/readyz")
        assert ready.status_code == 503
        assert ready.json()["index"].startswith("no word index at missing.db: create one with")  # no server path
        assert ready.json()["games"] == "ok"
        game = client.post("/api/games", json={"game": "boggle"})
        assert game.status_code == 503 and game.json()["type"] == "NoIndexError"


def test_request_bodies_are_bounded(sqlite_web_index, make_app):
    with TestClient(make_app(sqlite_web_index, max_body_bytes=512)) as client:
        big = client.post("/api/games", content=b'{"game": "boggle", "board": "' + b"a" * 600 + b'"}')
        assert big.status_code == 413
        assert big.json() == {"error": "the request body is larger than 512 bytes", "type": "UsageError"}
        assert client.post("/api/games", json={"game": "boggle", "board": BOARD}).status_code == 201


def test_board_size_is_bounded(sqlite_web_index, make_app):
    with TestClient(make_app(sqlite_web_index, max_board_size=4)) as client:
        refused = client.post("/api/games", json={"game": "boggle", "size": 5})
        assert refused.status_code == 400
        assert refused.json()["error"] == "boards up to 4×4 are allowed here, not 5×5"


def test_cors_is_off_unless_configured(sqlite_web_index, make_app):
    origin = {"origin": "https://elsewhere.example"}
    with TestClient(make_app(sqlite_web_index)) as client:
        assert "access-control-allow-origin" not in client.get("/healthz", headers=origin).headers
    with TestClient(make_app(sqlite_web_index, cors_origins=("https://elsewhere.example",))) as client:
        allowed = client.get("/healthz", headers=origin).headers
        assert allowed["access-control-allow-origin"] == "https://elsewhere.example"


def test_pages_and_assets_are_served_from_the_package(client):
    for path in ("/", "/boggle", "/hangman", "/wordgame"):
        page = client.get(path)
        assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
        assert "https://" not in page.text and "http://" not in page.text  # nothing fetched from another host
    for asset in ("/static/common.js", "/static/common.css", "/static/boggle.js"):
        assert client.get(asset).status_code == 200
    assert client.get("/openapi.json").json()["info"]["title"] == "wordindex"


def test_settings_from_the_environment():
    from wordindex.web.settings import settings_from_environment

    settings = settings_from_environment(
        {
            "WORDINDEX_DB": "/tmp/x/words.db",
            "WORDINDEX_CORS_ORIGINS": "https://a.example, https://b.example",
            "WORDINDEX_MAX_BOARD_SIZE": "5",
            "WORDINDEX_GAMES_DB": "postgresql://u@h/games",
            "WORDINDEX_ANSWER_CACHE_ENTRIES": "0",
            "WORDINDEX_ANSWER_CACHE_BYTES": "1000",
        }
    )
    assert (settings.answer_cache_entries, settings.answer_cache_bytes) == (0, 1000)
    defaults = settings_from_environment({"WORDINDEX_DB": "w.db"})
    assert (defaults.answer_cache_entries, defaults.answer_cache_bytes) == (2000, 64 << 20)
    assert settings.index.sqlite_path is not None and str(settings.index.sqlite_path) == "/tmp/x/words.db"
    assert settings.cors_origins == ("https://a.example", "https://b.example")
    assert settings.max_board_size == 5 and settings.games is not None and settings.games.backend == "postgresql"
    with pytest.raises(UsageError, match="WORDINDEX_MAX_BOARD_SIZE must be 2 to 6, not 9"):
        settings_from_environment({"WORDINDEX_DB": "w.db", "WORDINDEX_MAX_BOARD_SIZE": "9"})
    with pytest.raises(UsageError, match="WORDINDEX_THREADS must be a number"):
        settings_from_environment({"WORDINDEX_DB": "w.db", "WORDINDEX_THREADS": "many"})


def test_an_empty_index_variable_is_refused_and_an_unset_one_is_the_default_index():
    """docs/index.md: an empty WORDINDEX_DB is a usage error, never the default index (as on the command line)."""
    from wordindex.web.settings import settings_from_environment

    from wordindex.errors import DatabaseURLError
    from wordindex.index.location import default_location

    with pytest.raises(DatabaseURLError, match="^WORDINDEX_DB is empty: give a database path or URL"):
        settings_from_environment({"WORDINDEX_DB": ""})
    with pytest.raises(DatabaseURLError, match="^WORDINDEX_DB is empty"):
        settings_from_environment({"WORDINDEX_DB": "  "})
    assert settings_from_environment({}).index == default_location()


def test_the_web_front_end_imports_neither_the_cli_nor_typer():
    """web/ is a front end of the library, beside the CLI: it takes nothing from it (issue 24 item 5)."""
    probe = (
        "import json, sys\n"
        "from wordindex.web.app import create_app\n"
        "from wordindex.web.settings import settings_from_environment\n"
        "create_app(settings_from_environment({}))\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in ('typer', 'click')"
        " or m.startswith('wordindex.cli'))))\n"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout
    assert json.loads(out) == []


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["serve", "--port", "0"], "Error: --port must be 1 to 65535, not 0"),
        (["serve", "--workers", "0"], "Error: --workers must be 1 to 64, not 0"),
    ],
)
def test_serve_refuses_bad_options(run_cli, sqlite_web_index, args, message):
    result = run_cli(args, db=sqlite_web_index.url)
    assert result.exit_code == 2 and result.stderr.strip() == message


def test_serve_refuses_a_missing_index_in_one_line(run_cli, tmp_path):
    result = run_cli(["serve"], db=tmp_path / "none.db")
    assert result.exit_code != 0
    assert result.stderr.startswith(f"Error: no word index at {tmp_path / 'none.db'}")


def test_one_shot_commands_do_not_import_the_web_stack(small_index):
    """`wordindex check` must stay fast: FastAPI, uvicorn, starlette and pydantic are for `serve` only."""
    probe = (
        "import sys\n"
        "from wordindex.cli.app import main\n"
        "sys.argv = ['wordindex', 'check', 'cool']\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "heavy = sorted({m.split('.')[0] for m in sys.modules} & {'fastapi', 'uvicorn', 'starlette', 'pydantic'})\n"
        "print(__import__('json').dumps(heavy))\n"
    )
    env = {**os.environ, "WORDINDEX_DB": str(small_index)}
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=env, check=True).stdout
    assert out.splitlines()[0] == "cool: a word"
    assert json.loads(out.splitlines()[-1]) == []


def _blas_threads() -> list[int]:
    from threadpoolctl import threadpool_info

    return [pool["num_threads"] for pool in threadpool_info() if pool["user_api"] == "blas"]


def test_the_server_runs_numerical_code_on_one_blas_thread(sqlite_web_index, make_app):
    """The held words' matrix product must not start OpenBLAS's pool beside the event loop (issue 31
    item 2): while the app runs, every BLAS library of the worker uses one thread."""
    import numpy as np

    with TestClient(make_app(sqlite_web_index)) as running:
        assert running.get("/api/guess", params={"pattern": "-e--", "guessed": "e"}).status_code == 200
        threads = _blas_threads()
        assert threads and set(threads) == {1}
        assert float(np.ones((64, 64), np.float32).sum()) == 4096.0  # and numpy still computes


def test_serve_starts_its_workers_with_one_blas_thread(run_cli, sqlite_web_index, monkeypatch):
    """``wordindex serve`` sets the BLAS libraries' thread variables before a worker loads numpy
    (a value the operator set is kept)."""
    import uvicorn

    blas = ("OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS", "OMP_NUM_THREADS")
    for variable in (*blas, "WORDINDEX_INDEXES", "WORDINDEX_GAMES_DB", "WORDINDEX_CORS_ORIGINS"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("MKL_NUM_THREADS", "3")
    seen: dict[str, str] = {}
    monkeypatch.setattr(uvicorn, "run", lambda *args, **kwargs: seen.update(os.environ))
    result = run_cli(["serve", "--port", "8123"], db=sqlite_web_index.url)
    assert result.exit_code == 0, result.stderr
    assert (seen["OPENBLAS_NUM_THREADS"], seen["OMP_NUM_THREADS"], seen["MKL_NUM_THREADS"]) == ("1", "1", "3")
