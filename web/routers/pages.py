"""The web page: static HTML, CSS and JavaScript from the package (no build step, nothing from another host)."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter, FastAPI
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles

STATIC = Path(__file__).resolve().parent.parent / "static"
PAGES = {
    "/": "index.html",
    "/boggle": "boggle.html",
    "/daily": "daily.html",
    "/hangman": "hangman.html",
    "/wordgame": "wordgame.html",
}

router = APIRouter(include_in_schema=False)

#: The pages load scripts, styles and data from this server only and may not be framed; inline style
#: attributes are allowed (a few layout tweaks), inline scripts are not.
PAGE_HEADERS = {
    "cache-control": "no-cache",
    "content-security-policy": (
        "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
        "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
    ),
}


def _page(name: str):  # type: ignore[no-untyped-def]
    def serve() -> FileResponse:
        return FileResponse(STATIC / name, headers=PAGE_HEADERS)

    return serve


for route, file_name in PAGES.items():
    router.add_api_route(route, _page(file_name), methods=["GET"])


def mount_static(app: FastAPI) -> None:
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
