"""The web page: static HTML, CSS and JavaScript from the package (no build step, nothing from another host)."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter, FastAPI
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles

STATIC = Path(__file__).resolve().parent.parent / "static"
PAGES = {"/": "index.html", "/boggle": "boggle.html", "/hangman": "hangman.html", "/wordgame": "wordgame.html"}

router = APIRouter(include_in_schema=False)


def _page(name: str):  # type: ignore[no-untyped-def]
    def serve() -> FileResponse:
        return FileResponse(STATIC / name, headers={"cache-control": "no-cache"})

    return serve


for route, file_name in PAGES.items():
    router.add_api_route(route, _page(file_name), methods=["GET"])


def mount_static(app: FastAPI) -> None:
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
