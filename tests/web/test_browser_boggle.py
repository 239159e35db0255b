"""Boggle in headless Chromium: a whole round by dragging, tapping and typing; a two-player round."""

from __future__ import annotations

import pytest

from .browser import cell_center, drag_path, new_page, start_round
from .conftest import BOARD

pytestmark = pytest.mark.browser


def found_words(page) -> list[str]:
    return [t.split()[0] for t in page.locator("#found li").all_inner_texts()]


def test_a_whole_round_by_dragging_tapping_and_typing(browser, live_server):
    page = new_page(browser)
    page.goto(f"{live_server}/boggle?board={BOARD}&seconds=120")
    page.get_by_text("Replaying the board CATSOEABTSEQIBXL from the link.").wait_for()
    page.fill("#name", "Ann")
    page.click("#start")
    page.locator("#board .cell").first.wait_for()
    assert page.locator("#board .cell").all_inner_texts()[11] == "Qu"  # the Qu cube survived the link
    assert page.locator("#timer").inner_text() in ("2:00", "1:59")

    drag_path(page, [(0, 0), (1, 0), (0, 1), (0, 2), (0, 3)])  # c-o-a-t-s
    page.get_by_text("COATS: 2 points.").wait_for()
    drag_path(page, [(1, 3), (2, 2), (1, 1), (0, 2), (0, 3)])  # b-e-e-t-s
    page.get_by_text("BEETS: 2 points.").wait_for()
    drag_path(page, [(0, 0), (0, 1)])  # "ca": too short
    page.get_by_text("CA is too short (at least 3 letters).").wait_for()

    for r, c in [(0, 0), (0, 1), (0, 2), (0, 2)]:  # tap c, a, t, and t again to send it
        x, y = cell_center(page, r, c)
        page.mouse.click(x, y)
    page.get_by_text("CAT: 1 point.").wait_for()

    page.focus("#word")
    page.keyboard.type("tacos")
    assert page.locator("#board .cell.on").count() == 5  # the typed word's path is highlighted
    page.keyboard.press("Enter")
    page.get_by_text("TACOS: 2 points.").wait_for()
    page.keyboard.type("zzz")
    page.keyboard.press("Enter")
    page.get_by_text("ZZZ cannot be traced on this board.").wait_for()
    assert found_words(page) == ["tacos", "cat", "beets", "coats"]
    assert page.locator("#score-line").inner_text() == "4 words, 7 points"

    page.click("#done")
    page.locator("#results").wait_for()
    summary = page.locator("#all-summary").inner_text()
    assert summary.startswith("30 words, 33 points on this board; 4 found, 26 missed")
    assert page.locator("#all-words li.missed").count() == 26
    page.locator("#all-words button", has_text="stab").hover()
    shown = page.locator("#board .cell.show").all_inner_texts()
    assert sorted(shown) == ["A", "B", "S", "T"]
    assert page.locator("#scoreboard").inner_text().startswith("Ann: 7 points")
    replay = page.locator("#replay").get_attribute("href")
    assert replay is not None and f"board={BOARD}" in replay
    assert page.js_errors == []
    page.close()


def test_touch_taps_select_cells(browser, live_server):
    page = new_page(browser, has_touch=True, viewport={"width": 390, "height": 844}, is_mobile=True)
    start_round(page, f"{live_server}/boggle?board={BOARD}", "Tess")
    for r, c in [(0, 2), (1, 2), (1, 3), (1, 3)]:  # t-a-b, tap b again
        x, y = cell_center(page, r, c)
        page.touchscreen.tap(x, y)
    page.get_by_text("TAB: 1 point.").wait_for()
    assert page.js_errors == []
    page.close()


def test_keyboard_only_selection(browser, live_server):
    page = new_page(browser)
    start_round(page, f"{live_server}/boggle?board={BOARD}", "Kay")
    page.locator("#board .cell").nth(0).focus()
    for key in ("Space", "ArrowDown", "Space", "ArrowUp", "ArrowRight", "Space", "ArrowRight", "Space", "Space"):
        page.keyboard.press(key)  # c, o, a, t, then t again to send
    page.get_by_text("COAT: 1 point.").wait_for()
    label = page.locator("#board .cell").nth(11).get_attribute("aria-label")
    assert label == "Qu, row 3, column 4"
    assert page.js_errors == []
    page.close()


def ann_and_bob(browser, live_server):
    """Ann starts a multiplayer round on BOARD; Bob, in another browser context, joins it by its link."""
    ann = new_page(browser)
    ann.goto(f"{live_server}/boggle?board={BOARD}&multi=1")
    ann.fill("#name", "Ann")
    ann.click("#start")
    link = ann.locator("#share-link")
    link.wait_for()
    url = link.inner_text()
    assert "/boggle?game=" in url
    bob = new_page(browser)
    bob.goto(url)
    bob.fill("#join-name", "Bob")
    bob.click("#join button")
    bob.locator("#board .cell").first.wait_for()
    return ann, bob


def test_two_players_share_a_round_and_shared_words_are_struck(browser, live_server):
    ann, bob = ann_and_bob(browser, live_server)
    assert bob.locator("#board .cell").all_inner_texts() == ann.locator("#board .cell").all_inner_texts()

    for page, words in ((ann, ["coats", "cat"]), (bob, ["coats", "beets"])):
        for word in words:
            page.fill("#word", word)
            page.press("#word", "Enter")
            page.get_by_text(f"{word.upper()}: ").wait_for()
    ann.get_by_text("Players: Ann (2), Bob (2)").wait_for()

    ann.click("#done")
    bob.click("#done")
    for page in (ann, bob):
        page.locator("#results").wait_for()
        board = page.locator("#scoreboard")
        board.get_by_text("Ann: 1 point").wait_for()
        assert board.get_by_text("Bob: 2 points").count() == 1
        assert board.locator("s", has_text="coats").count() == 2  # struck for both players

    bob.click("#next-round")
    bob.wait_for_url("**&auto=1")
    bob.locator("#board .cell").first.wait_for()
    ann.click("#next-round")
    ann.wait_for_url("**&auto=1")
    ann.locator("#board .cell").first.wait_for()
    assert ann.url.split("game=")[1].split("&")[0] == bob.url.split("game=")[1].split("&")[0]
    ann.get_by_text("Players: Bob (0), Ann (0)").wait_for()
    assert ann.js_errors == [] and bob.js_errors == []
    ann.close()
    bob.close()


def test_two_players_sharing_a_word_are_told_the_same_scores_on_both_screens_and_by_the_api(browser, live_server):
    """Issue 34 item 1: the end screen said "You scored 10" beside "Ana: 5 points". Now Ann's and Bob's
    screens (their own panel, the end screen, the scoreboard) and the API say the same, number for
    number, and a word both found is struck out where it is shown, saying why."""
    import json
    import re
    import urllib.request

    ann, bob = ann_and_bob(browser, live_server)
    game_id = ann.url.split("game=")[1].split("&")[0]
    for page, words in ((ann, ["coats", "cat", "tea"]), (bob, ["coats", "beets"])):
        for word in words:
            page.fill("#word", word)
            page.press("#word", "Enter")
            page.get_by_text(f"{word.upper()}: ").wait_for()
    # while the round runs, every word counts "so far": that Bob has coats too is not told to Ann
    assert ann.locator("#score-line").inner_text() == "3 words, 4 points so far"
    assert bob.locator("#score-line").inner_text() == "2 words, 4 points so far"
    ann.click("#done")
    bob.click("#done")

    def api_state(page):
        player = page.evaluate("id => localStorage.getItem(`wi-boggle-player-${id}`)", game_id)
        with urllib.request.urlopen(f"{live_server}/api/games/{game_id}?player={player}") as answer:
            return json.loads(answer.read())["state"]

    for page, name, lost in ((ann, "Ann", "coats"), (bob, "Bob", "coats")):
        page.locator("#results").wait_for()
        page.locator("#scoreboard").get_by_text("Bob: ").wait_for()
        state = api_state(page)
        you = state["you"]
        # the scoreboard: every player's score as the API gives it
        headings = page.locator("#scoreboard h3").all_inner_texts()
        assert headings == [f"{p['name']}: {p['score']} points" for p in state["results"]["players"]]
        assert headings == ["Ann: 2 points", "Bob: 2 points"]
        # the end screen and the player's own panel: the same number as their row of the scoreboard
        assert page.locator("#status").inner_text() == (
            f"The round is over. You scored {you['score']} points (1 word struck out: found by another player too)."
        )
        assert page.locator("#score-line").inner_text() == f"{len(you['words'])} words, {you['score']} points"
        assert f"{name}: {you['score']} points" in headings
        # the shared word is struck where it is shown, and says why (tooltip, and a visible note)
        for where in ("#found", "#scoreboard"):
            struck = page.locator(f"{where} s", has_text=lost)
            assert struck.count() == (1 if where == "#found" else 2)
            assert struck.first.get_attribute("title") == "found by another player too: no points"
        assert (
            page.locator("#found li.shared").inner_text().split("\n")[-1]
            == "0 (found by another player too: no points)"
        )
        assert page.locator("#shared-note").is_visible()
        in_all = page.locator("#all-words li", has_text=lost).locator("s")  # the board's list strikes its points
        assert (in_all.inner_text(), in_all.get_attribute("title")) == ("2", "found by another player too: no points")
        shown = {t.split()[0]: t.split()[-1] for t in page.locator("#found li:not(.shared)").all_inner_texts()}
        assert shown == {w["word"]: str(w["score"]) for w in you["words"] if not w["shared"]}
        assert re.fullmatch(r"\d+ words, \d+ points", page.locator("#score-line").inner_text())
    assert ann.js_errors == [] and bob.js_errors == []
    ann.close()
    bob.close()


def test_the_clock_ends_the_round_and_shows_the_results(browser, live_server):
    page = new_page(browser)
    start_round(page, f"{live_server}/boggle?board={BOARD}&seconds=10", "Tim")
    assert page.locator("#timer").inner_text() in ("0:10", "0:09")
    page.fill("#word", "coats")
    page.press("#word", "Enter")
    page.get_by_text("COATS: 2 points.").wait_for()
    page.locator("#results").wait_for(timeout=30_000)  # no button pressed: the clock ran out
    assert page.locator("#timer").inner_text() == "0:00"
    assert page.locator("#entry").is_hidden()
    assert page.locator("#scoreboard").inner_text().startswith("Tim: 2 points")
    assert page.js_errors == []
    page.close()


def test_players_see_each_others_counts_change_without_reloading(browser, live_server):
    """Issue 20 item 3: Bob's page learns of Ann's words from the server's push (no reload, no
    polling: the page says it is on the live stream), and both learn of the end the same way."""
    ann, bob = ann_and_bob(browser, live_server)
    bob.get_by_text("Players: Ann (0), Bob (0)").wait_for()
    for page in (ann, bob):
        page.wait_for_function("document.body.dataset.live === 'push'")

    requests: list[str] = []
    bob.on("request", lambda request: requests.append(request.url))
    for word in ("coats", "cat"):
        ann.fill("#word", word)
        ann.press("#word", "Enter")
        ann.get_by_text(f"{word.upper()}: ").wait_for()
    bob.get_by_text("Players: Ann (2), Bob (0)").wait_for(timeout=5000)
    bob.fill("#word", "beets")
    bob.press("#word", "Enter")
    ann.get_by_text("Players: Ann (2), Bob (1)").wait_for(timeout=5000)
    assert [url for url in requests if "/api/games/" in url and "/moves" not in url] == []  # no polling

    ann.click("#done")
    bob.click("#done")
    for page in (ann, bob):
        page.locator("#scoreboard").get_by_text("Ann: 3 points").wait_for()
    assert ann.js_errors == [] and bob.js_errors == []
    ann.close()
    bob.close()


def test_a_stream_the_server_ends_while_the_round_runs_is_opened_again(browser, sqlite_web_index, make_app):
    """Issue 32 item 5: the server ends a stream whose game has been idle (here after 1 s; and every
    stream when it shuts down); the page's EventSource opens it again and stays on the push, not polling."""
    from .conftest import serving

    with serving(make_app(sqlite_web_index, live_poll_seconds=0.05, stream_idle_seconds=1)) as url:
        ann, bob = ann_and_bob(browser, url)
        requests: list[str] = []
        bob.on("request", lambda request: requests.append(request.url))
        bob.get_by_text("Players: Ann (0), Bob (0)").wait_for()
        bob.wait_for_timeout(5000)  # the stream ended at least once, after 1 s of nothing
        ann.fill("#word", "coats")
        ann.press("#word", "Enter")
        bob.get_by_text("Players: Ann (1), Bob (0)").wait_for(timeout=10000)
        assert bob.evaluate("document.body.dataset.live") == "push"
        streams = [u for u in requests if u.split("?")[0].endswith("/events")]
        assert len(streams) >= 1  # opened again after the server ended it
        assert [u for u in requests if "/api/games/" in u and "/events" not in u and "/moves" not in u] == []
        assert ann.js_errors == [] and bob.js_errors == []
        ann.close()
        bob.close()


def test_hints_and_rotation(browser, live_server):
    """Issue 34 item 4: the counts of the words left to find drawn on each cell (as the server's
    solution gives them, and following the words found), a growing prefix of an unfound word, a board
    rotated by a button and by R that still plays the same words, and the hints counted in the results."""
    import json
    import urllib.request

    from wordindex.boggle.board import parse_board
    from wordindex.boggle.hints import start_counts

    page = new_page(browser)
    start_round(page, f"{live_server}/boggle?board={BOARD}&seconds=120", "Hana")
    game_id = page.url.split("game=")[1].split("&")[0]
    page.click("#hint-starts")
    page.get_by_text("Each cell shows how many of the words you have not found start there.").wait_for()

    def counts():
        return [page.locator(f'#board .cell[data-cell="{cell}"] .count').inner_text() for cell in range(16)]

    shown = counts()
    c_label = page.locator('#board .cell[data-cell="0"]').get_attribute("aria-label")
    assert c_label == f"C, row 1, column 1, {shown[0]} words to find start here"
    drag_path(page, [(0, 0), (1, 0), (0, 1), (0, 2), (0, 3)])  # c-o-a-t-s
    page.get_by_text("COATS: 2 points.").wait_for()
    assert counts() == [str(int(shown[0]) - 1), *shown[1:]]  # coats starts only at the c

    page.click("#hint-letters")
    page.get_by_text("A word you have not found starts with A.").first.wait_for()
    page.click("#hint-letters")
    page.locator("#hint-line", has_text="A word you have not found starts with AC.").wait_for()

    page.click("#rotate")  # a quarter turn clockwise: the bottom left cell (I) is shown top left
    assert page.locator("#board .cell").first.get_attribute("data-cell") == "12"
    assert page.locator("#board .cell").first.get_attribute("aria-label").startswith("I, row 1, column 1")

    def drag_cells(numbers):  # by the cells' own numbers, wherever they are shown
        boxes = [page.locator(f'#board .cell[data-cell="{n}"]').bounding_box() for n in numbers]
        points = [(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2) for b in boxes]
        page.mouse.move(*points[0])
        page.mouse.down()
        for x, y in points[1:]:
            page.mouse.move(x, y, steps=4)
        page.mouse.up()

    drag_cells([2, 6, 7])  # t-a-b, dragged on the turned board
    page.get_by_text("TAB: 1 point.").wait_for()
    page.locator('#board .cell[data-cell="5"]').focus()
    for turns in (2, 3, 0):
        page.keyboard.press("r")
        assert page.locator("#board .cell").first.get_attribute("data-cell") == {2: "15", 3: "3", 0: "0"}[turns]
    assert found_words(page) == ["tab", "coats"]

    page.click("#done")
    page.locator("#results").wait_for()
    assert page.locator("#scoreboard .hints-used").inner_text() == (
        "Hints used: 3 (where words start: 1, first letters: 2)."
    )
    assert page.locator("#status").inner_text() == "The round is over. You scored 3 points. You used 3 hints."
    assert page.locator("#board .cell .count").count() == 0
    with urllib.request.urlopen(f"{live_server}/api/games/{game_id}") as answer:
        results = json.loads(answer.read())["state"]["results"]
    assert results["players"][0]["hints"] == {"starts": 1, "letters": 2}
    expected = start_counts(parse_board(BOARD), [w["word"] for w in results["words"]])
    assert shown == [str(n) for row in expected for n in row]  # the page drew the server's counts
    assert page.js_errors == []
    page.close()
