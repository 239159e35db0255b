"""How a Boggle round feels in headless Chromium: refusals at the board, a found word's pop, used cells,
words by length, the sound toggle, the last ten seconds and reduced motion."""

from __future__ import annotations

import pytest

from .browser import cell_center, new_page, start_round
from .conftest import BOARD

pytestmark = pytest.mark.browser


def play(page, word: str) -> None:
    page.fill("#word", word)
    page.press("#word", "Enter")


def test_refusals_pop_used_cells_and_lengths(browser, live_server):
    page = new_page(browser)
    start_round(page, f"{live_server}/boggle?board={BOARD}&seconds=120", "Fay")
    for step, (r, c) in enumerate([(0, 0), (0, 1), (0, 2)], start=1):  # tap c, a, t: each cell lights as it comes
        x, y = cell_center(page, r, c)
        page.mouse.click(x, y)
        assert page.locator("#board .cell.on").count() == step
        if step > 1:
            assert page.locator("#board .cell.last").get_attribute("data-cell") == str(r * 4 + c)
    page.click("#clear")
    assert page.locator("#board .cell.on, #board .cell.last").count() == 0

    play(page, "coats")
    page.get_by_text("COATS: 2 points.").wait_for()
    assert page.locator("#found li.pop").get_attribute("data-word") == "coats"
    assert page.locator("#found li.pop").inner_text().split() == ["coats", "2"]
    # c-o-a-t-s: cells 0, 4, 1, 2, 3 fade once used by a found word
    used = page.locator("#board .cell.used").evaluate_all("ns => ns.map(n => Number(n.dataset.cell))")
    assert sorted(used) == [0, 1, 2, 3, 4]

    refusals = [
        ("ca", "too-short", "Too short", "CA is too short (at least 3 letters)."),
        ("tao", "not-a-word", "Not a word", "TAO is not in the dictionary."),
        ("coats", "already-found", "Already found", "You already have COATS."),
        ("zzz", "not-on-board", "Not on the board", "ZZZ cannot be traced on this board."),
    ]
    for word, kind, reason, status in refusals:
        play(page, word)
        page.get_by_text(status).wait_for()
        classes = page.locator("#board").get_attribute("class").split()
        assert [c for c in classes if c.startswith("refused")] == ["refused", f"refused-{kind}"]
        assert page.locator("#reason").inner_text() == reason
        assert page.locator("#reason").get_attribute("class") == f"reason small refused-{kind}"
    # the next word's path clears the reaction
    page.fill("#word", "c")
    page.locator("#word").dispatch_event("input")
    assert "refused" not in page.locator("#board").get_attribute("class")
    assert page.locator("#reason").inner_text() == ""

    play(page, "cat")
    page.get_by_text("CAT: 1 point.").wait_for()
    assert page.locator("#found li.pop").get_attribute("data-word") == "cat"
    assert page.locator("#found li.pop").count() == 1
    play(page, "beets")
    page.get_by_text("BEETS: 2 points.").wait_for()
    groups = page.locator("#by-length li").evaluate_all(
        "ns => ns.map(n => [n.dataset.length, n.firstChild.textContent, n.lastChild.textContent])"
    )
    assert groups == [["3", "3 letters: 1 found", "cat"], ["5", "5 letters: 2 found", "coats, beets"]]
    assert page.js_errors == []
    page.close()


def test_sound_toggle_is_remembered_and_sounds_follow_it(browser, live_server):
    page = new_page(browser)
    page.add_init_script("navigator.vibrate = (p) => { (window.buzzes = window.buzzes || []).push(p); return true; };")
    start_round(page, f"{live_server}/boggle?board={BOARD}&seconds=120", "Sam")
    assert page.locator("#sound").inner_text() == "Sound on"
    play(page, "cat")
    page.get_by_text("CAT: 1 point.").wait_for()
    assert page.locator("body").get_attribute("data-sound") == "found"  # the first gesture allowed sound
    play(page, "zzz")
    page.get_by_text("ZZZ cannot be traced on this board.").wait_for()
    assert page.locator("body").get_attribute("data-sound") == "refused"
    assert page.evaluate("window.buzzes") == [30, [60, 40, 60]]  # a short buzz for a word, a double one for a refusal

    page.click("#sound")
    assert page.locator("#sound").inner_text() == "Sound off"
    page.reload()
    page.locator("#board .cell").first.wait_for()
    assert page.locator("#sound").inner_text() == "Sound off"
    assert page.evaluate("localStorage.getItem('wi-sound')") == "off"
    play(page, "tab")
    page.get_by_text("TAB: 1 point.").wait_for()
    assert page.locator("body").get_attribute("data-sound") is None  # muted: nothing played
    assert page.evaluate("window.buzzes || []") == []  # nor vibrated
    page.click("#sound")
    assert page.evaluate("localStorage.getItem('wi-sound')") == "on"
    assert page.js_errors == []
    page.close()


def test_last_ten_seconds_warn_and_time_up_sounds(browser, live_server):
    page = new_page(browser)
    start_round(page, f"{live_server}/boggle?board={BOARD}&seconds=10", "Tim")
    page.locator("#timer.warn").wait_for()
    assert page.locator("#timer-note").inner_text() == "Ten seconds left!"
    assert page.locator("#timer-note").get_attribute("aria-live") == "assertive"
    page.locator("#results").wait_for(timeout=20_000)
    assert "warn" not in (page.locator("#timer").get_attribute("class") or "")
    assert page.locator("body").get_attribute("data-sound") == "timeup"
    assert page.js_errors == []
    page.close()


def test_reduced_motion_turns_the_animations_off(browser, live_server):
    page = new_page(browser)
    start_round(page, f"{live_server}/boggle?board={BOARD}&seconds=120", "Rae")
    play(page, "cat")
    page.get_by_text("CAT: 1 point.").wait_for()
    name = "el => getComputedStyle(el).animationName"
    assert page.locator("#found li.pop").evaluate(name) == "pop"
    play(page, "zzz")
    page.get_by_text("ZZZ cannot be traced on this board.").wait_for()
    assert page.locator("#board").evaluate(name) == "shake"

    page.emulate_media(reduced_motion="reduce")
    assert page.locator("#board").evaluate(name) == "none"
    play(page, "tab")
    page.get_by_text("TAB: 1 point.").wait_for()
    assert page.locator("#found li.pop").evaluate(name) == "none"
    assert page.locator("#board .cell").first.evaluate(name) == "none"
    assert page.js_errors == []
    page.close()
