"""Hangman and the word game in headless Chromium, each played to its end."""

from __future__ import annotations

import pytest

from .browser import new_page

expect = pytest.importorskip("playwright.sync_api").expect

pytestmark = pytest.mark.browser


def test_a_fair_hangman_game_to_the_end_with_keys_and_clicks(browser, live_server):
    page = new_page(browser)
    page.goto(f"{live_server}/hangman?seed=3")
    page.fill("#length", "4")
    page.select_option("#lives", "4")
    page.click("#start")
    page.locator("#pattern").wait_for()
    assert page.locator("#pattern").inner_text() == "____"
    assert page.locator("#lives-left").inner_text() == "4 misses left of 4"
    letters = iter("zqxjkvwyfbghmpcdulnotsriae")
    turn = 0
    while page.locator("#end").is_hidden():
        letter = next(letters)
        if turn % 2:
            page.keyboard.press(letter)  # the physical keyboard
        else:
            page.locator(f"#keyboard button[data-letter='{letter}']").click()  # the on-screen one
        expect(page.locator(f"#keyboard button[data-letter='{letter}']")).to_be_disabled()  # no eval: CSP
        turn += 1
    verdict = page.locator("#verdict").inner_text()
    answer = page.locator("#answer").inner_text()
    assert verdict in ("You won!", "Out of guesses.")
    assert answer.startswith("The word was ") and len(answer.removeprefix("The word was ").rstrip(".")) == 4
    if verdict == "Out of guesses.":
        assert page.locator("#gallows .part.shown").count() == 6
    assert page.js_errors == []
    page.close()


def test_an_evil_hangman_game_names_a_word_and_the_count(browser, live_server):
    page = new_page(browser)
    page.goto(f"{live_server}/hangman?chooser=evil")
    page.fill("#length", "4")
    page.select_option("#lives", "4")
    page.click("#start")
    page.locator("#pattern").wait_for()
    for letter in "zqxj":
        page.keyboard.press(letter)
        expect(page.locator(f"#keyboard button[data-letter='{letter}']")).to_be_disabled()  # no eval: CSP
    page.locator("#end").wait_for()
    assert page.locator("#verdict").inner_text() == "Out of guesses."
    answer = page.locator("#answer").inner_text()
    assert answer.startswith("The evil chooser names ") and "still possible at the end" in answer
    assert page.js_errors == []
    page.close()


def test_a_word_game_hand_played_to_the_total(browser, live_server):
    page = new_page(browser, viewport={"width": 390, "height": 844})
    page.goto(f"{live_server}/wordgame?seed=4")
    page.fill("#hands", "1")
    page.click("#setup button")
    page.locator("#tiles .tile").first.wait_for()
    tiles = page.locator("#tiles .tile")
    assert tiles.count() == 7 and page.locator("#tiles .tile.wild").count() == 1
    hand = "".join(t.split()[0] for t in tiles.all_inner_texts()).lower()
    best = page.request.get(f"{live_server}/api/best-word", params={"hand": hand}).json()

    page.click("#keep")
    page.locator("#substitute").wait_for(state="hidden")
    page.fill("#word", "zzzzz")
    page.press("#word", "Enter")
    page.get_by_text("That is not a valid word.").first.wait_for()
    page.click("#stop")
    page.click("#do-replay")
    page.locator("#play").wait_for()  # the replayed hand is dealt again before its tiles are pressed
    if best["word"]:
        for letter in best["word"]:
            page.locator("#tiles .tile", has_text=letter).first.click()  # spell it by pressing tiles
        assert page.input_value("#word") == best["word"]
        page.press("#word", "Enter")
        page.locator("#status", has_text=f'"{best["word"]}" earned {best["score"]} points').wait_for()
        assert page.locator("#hand-score").inner_text() == str(best["score"])
        # issue 34: each total says whose it is (the replayed hand's running total; the game's, 0 so far)
        said = page.locator("#status").inner_text()
        assert said == f'"{best["word"]}" earned {best["score"]} points. Total: {best["score"]} points'
        bar = page.locator(".scores").inner_text().split("\n")
        assert bar[1:] == [f"This hand: {best['score']}", "The game: 0 (hands finished)"]
    page.click("#stop")
    page.locator("#over").wait_for()
    total = best["score"] if best["word"] else 0
    assert page.locator("#final").inner_text() == f"Total score over all hands: {total}"
    assert page.js_errors == []
    page.close()


def test_the_api_docs_page_renders_with_no_other_host(browser, live_server):
    """Swagger UI draws the API's operations although every request to another host is refused."""
    page = new_page(browser)
    foreign: list[str] = []

    def only_this_server(route):
        if route.request.url.startswith(live_server):
            route.continue_()
        else:
            foreign.append(route.request.url)
            route.abort()

    page.route("**/*", only_this_server)
    page.goto(f"{live_server}/docs")
    page.locator(".opblock").first.wait_for()
    assert page.locator(".opblock-summary-path", has_text="/api/games").count() >= 1
    assert foreign == [] and page.js_errors == []
    page.close()
