"""Issue 34 item 7, results a phone can read, in headless Chromium: after a round on a phone the results
come first and in view; tapping any word of them (the player's list, the scoreboard, every word on the
board) lights exactly its path on the board, in order; each word links to its Wiktionary page."""

from __future__ import annotations

import json
import urllib.request

import pytest

from .browser import new_page, start_round
from .conftest import BOARD

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}


def play_and_finish(page, words: list[str]) -> None:
    for word in words:
        page.fill("#word", word)
        page.press("#word", "Enter")
        page.get_by_text(f"{word.upper()}: ").wait_for()
    page.click("#done")
    page.locator("#results").wait_for()


def api_results(page, live_server: str) -> dict:
    """The round's results as the API gives them to this page's player."""
    game_id = page.url.split("game=")[1].split("&")[0]
    player = page.evaluate("id => localStorage.getItem(`wi-boggle-player-${id}`)", game_id)
    with urllib.request.urlopen(f"{live_server}/api/games/{game_id}?player={player}") as answer:
        return json.loads(answer.read())["state"]["results"]


def shown_path(page) -> list[int]:
    """The board's cells lit for a shown word, in the order their steps give."""
    steps = page.locator("#board .cell.show").evaluate_all(
        "cells => cells.map(c => [Number(c.dataset.step), Number(c.dataset.cell)])"
    )
    return [cell for _, cell in sorted(steps)]


def cells_of(path: list[list[int]], size: int = 4) -> list[int]:
    return [r * size + c for r, c in path]


def test_on_a_phone_the_results_come_first_and_a_tapped_word_lights_its_path(browser, live_server):
    page = new_page(browser, **PHONE)
    start_round(page, f"{live_server}/boggle?board={BOARD}&seconds=120", "Pia")
    play_and_finish(page, ["coats", "tacos", "beets"])
    results = page.locator("#results")
    results.locator("#all-words li").first.wait_for()

    # the results are above the board's section and in view, the end's message just above them
    box, game = results.bounding_box(), page.locator("#game").bounding_box()
    assert box["y"] < game["y"]
    assert 0 <= box["y"] < 844
    status = page.locator("#status").bounding_box()
    assert 0 <= status["y"] < box["y"]
    assert page.locator("#status").inner_text() == "The round is over. You scored 6 points."

    paths = {w["word"]: cells_of(w["path"]) for w in api_results(page, live_server)["words"]}
    assert paths["coats"] == [0, 4, 1, 2, 3]
    # the player's list, the scoreboard, every word on the board: a tap lights exactly the word's path
    for where, word in (("#found", "coats"), ("#scoreboard", "tacos"), ("#all-words", "stab"), ("#all-words", "beets")):
        page.locator(f"{where} button.word[data-word={word}]").tap()
        assert shown_path(page) == paths[word], (where, word)
        assert page.locator(f"{where} button.word[data-word={word}]").get_attribute("aria-pressed") == "true"
        # the lit board is on the screen while the results are read
        for cell in paths[word]:
            lit = page.locator("#board .cell").nth(cell).bounding_box()
            assert 0 <= lit["y"] and lit["y"] + lit["height"] <= 844
    assert page.locator("#board .cell.show").count() == 5  # beets: one word's path only

    page.locator("#all-words li.missed").first.scroll_into_view_if_needed()
    link = page.locator("#found a.lookup[data-word=coats]")
    assert link.get_attribute("href") == "https://en.wiktionary.org/wiki/coats"
    assert (link.get_attribute("target"), link.get_attribute("rel")) == ("_blank", "noopener")
    assert page.locator("#all-words a.lookup").count() == page.locator("#all-words li").count()
    assert page.locator("#all-words a.lookup[data-word=stab]").get_attribute("href") == (
        "https://en.wiktionary.org/wiki/stab"
    )
    assert page.js_errors == []
    page.close()


def test_on_a_desktop_a_word_of_the_results_shows_its_path_from_the_keyboard(browser, live_server):
    page = new_page(browser, viewport={"width": 1280, "height": 800})
    start_round(page, f"{live_server}/boggle?board={BOARD}&seconds=120", "Dee")
    play_and_finish(page, ["coats", "cat"])
    page.locator("#all-words li").first.wait_for()
    # on a wide screen the board keeps its place beside the player's words, the results below
    assert page.locator("#results").bounding_box()["y"] > page.locator("#board").bounding_box()["y"]
    paths = {w["word"]: cells_of(w["path"]) for w in api_results(page, live_server)["words"]}

    page.locator("#found button.word[data-word=cat]").focus()  # focus shows it; Enter keeps it shown
    assert shown_path(page) == paths["cat"]
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")  # on to its lookup link: the path stays
    assert page.evaluate("document.activeElement.className") == "lookup"
    assert shown_path(page) == paths["cat"]
    page.locator("#all-words button.word[data-word=tacos]").hover()  # a hover shows another for a while
    assert shown_path(page) == paths["tacos"]
    page.mouse.move(1, 1)
    assert shown_path(page) == paths["cat"]
    assert page.js_errors == []
    page.close()
