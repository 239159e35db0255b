"""Helpers of the browser tests: Debian's Chromium under Playwright, and pointer gestures on the board."""

from __future__ import annotations

from typing import Any

CHROMIUM = "/usr/bin/chromium"
#: Chromium flags for a container: no sandbox, no GPU, and no network of its own (updates, sync).
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
]


def new_page(browser: Any, **context: Any) -> Any:
    """A page in a fresh context (its own storage: another player)."""
    page = browser.new_context(**context).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    # A page's own script, style or request that its Content-Security-Policy blocks is an error too.
    page.on("console", lambda m: errors.append(m.text) if "Content Security Policy" in m.text else None)
    page.js_errors = errors
    page.set_default_timeout(10_000)
    return page


def cell_center(page: Any, row: int, col: int) -> tuple[float, float]:
    size = int(page.locator("#board").evaluate("b => getComputedStyle(b).getPropertyValue('--n')") or 4)
    box = page.locator("#board .cell").nth(row * size + col).bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def drag_path(page: Any, cells: list[tuple[int, int]]) -> None:
    """Press on the first cell, move through the others' centres, release: a drag."""
    x, y = cell_center(page, *cells[0])
    page.mouse.move(x, y)
    page.mouse.down()
    for r, c in cells[1:]:
        x, y = cell_center(page, r, c)
        page.mouse.move(x, y, steps=4)
    page.mouse.up()


def start_round(page: Any, url: str, name: str) -> None:
    """Open a Boggle set-up page, start the round as ``name`` and wait for the board."""
    page.goto(url)
    page.fill("#name", name)
    page.click("#start")
    page.locator("#board .cell").first.wait_for()
