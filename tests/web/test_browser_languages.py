"""The pages in other languages, in headless Chromium: the picker, a Polish hangman game won on the
on-screen keys, German word-game tiles, and a Boggle board's multi-letter faces."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from wordindex.index.location import parse_location

from .browser import new_page
from .conftest import WEB_WORDS, serving
from .test_api_languages import FRENCH, GERMAN, GERMAN_BOARD

expect = pytest.importorskip("playwright.sync_api").expect

pytestmark = pytest.mark.browser

#: Polish words; "śnieg" is the only one of five letters, so a fair game of length 5 holds it.
POLISH = "żółw źle łódź kot pies dom mąka ryż ćma śnieg gęś".split()
POLISH_LETTERS = "aąbcćdeęfghijklłmnńoóprsśtuwyzźż"
#: The German Scrabble edition's letter values (docs/languages.md).
GERMAN_VALUES = {
    **dict.fromkeys("adeinrstu", 1),
    **dict.fromkeys("ghlo", 2),
    **dict.fromkeys("bmwz", 3),
    **dict.fromkeys("cfkp", 4),
    **dict.fromkeys("äjüv", 6),
    "ö": 8,
    "x": 8,
    "q": 10,
    "y": 10,
    "*": 0,
}


@pytest.fixture(scope="module")
def languages_server(index_factory) -> Iterator[str]:
    """A live server on the English test index (the default), a Polish, a German and a French one."""
    from wordindex.web.app import create_app
    from wordindex.web.settings import Settings

    english = parse_location(str(index_factory("web", WEB_WORDS)))
    polish = parse_location(str(index_factory("web-pl", POLISH, language="pl")))
    german = parse_location(str(index_factory("web-de", GERMAN, language="de")))
    french = parse_location(str(index_factory("web-fr", FRENCH, language="fr")))
    with serving(create_app(Settings(index=english, more_indexes=(polish, german, french)))) as url:
        yield url


def started(browser, url: str, start: str, ready: str):
    """A new page on ``url`` with its game started (``start`` pressed) and ``ready`` shown."""
    page = new_page(browser)
    page.goto(url)
    page.click(start)
    page.locator(ready).first.wait_for()
    return page


def fair_game(page, length: int) -> None:
    """Start a fair hangman game of ``length`` letters on the open page; wait for its blank pattern."""
    page.fill("#length", str(length))
    page.click("input[value=random]")
    page.click("#start")
    expect(page.locator("#pattern")).to_have_text("_" * length)  # no eval: the pages' CSP forbids it


def press(page, letter: str) -> None:
    """Press the on-screen key of ``letter`` and wait until the guess is answered (the key is then disabled)."""
    page.locator(f"#keyboard button[data-letter='{letter}']").click()
    expect(page.locator(f"#keyboard button[data-letter='{letter}']")).to_be_disabled()


def keys(page) -> str:
    """The on-screen keys' letters, once the page has drawn them (after asking the server its languages)."""
    page.locator("#keyboard button").first.wait_for(state="attached")
    return "".join(page.locator("#keyboard button").evaluate_all("keys => keys.map(k => k.dataset.letter)"))


def test_a_polish_hangman_game_won_on_the_on_screen_keys(browser, languages_server):
    page = new_page(browser)
    page.goto(f"{languages_server}/hangman")
    picker = page.locator("#language")
    picker.wait_for()
    assert picker.locator("option").all_inner_texts() == [
        "English",
        "polski (Polish)",
        "Deutsch (German)",
        "français (French)",
    ]
    assert keys(page) == "abcdefghijklmnopqrstuvwxyz"
    with page.expect_navigation():
        picker.select_option("pl")
    assert page.url == f"{languages_server}/hangman?language=pl"
    assert keys(page) == POLISH_LETTERS  # all 32 letters, in the Polish alphabet's order
    assert page.locator("#keyboard button[data-letter='ł']").get_attribute("aria-label") == "Guess Ł"
    assert [a.get_attribute("href") for a in page.locator("header nav a").all()] == [
        "/?language=pl",
        "/boggle?language=pl",
        "/wordgame?language=pl",
    ]

    fair_game(page, 5)
    assert "language=pl" in page.url and "game=" in page.url
    for letter, pattern in (("ż", "_____"), ("ś", "Ś____"), ("e", "Ś__E_"), ("n", "ŚN_E_"), ("i", "ŚNIE_")):
        press(page, letter)
        assert page.locator("#pattern").inner_text() == pattern
    assert page.locator("#missed").inner_text() == "Ż"
    assert "miss" in (page.locator("#keyboard button[data-letter='ż']").get_attribute("class") or "")
    page.locator("#keyboard button[data-letter='g']").click()
    page.locator("#end").wait_for()
    assert page.locator("#verdict").inner_text() == "You won!"
    assert page.locator("#answer").inner_text() == "The word was ŚNIEG."

    page.reload()  # the game's link: its own language, whatever the default
    page.locator("#end").wait_for()
    assert keys(page) == POLISH_LETTERS and page.locator("#language").input_value() == "pl"
    assert page.js_errors == []
    page.close()


def test_a_french_player_types_an_accented_letter_on_the_keyboard(browser, languages_server):
    # "fenêtre" is the only seven-letter French word here; it plays as fenetre, and ê is typed as e.
    page = new_page(browser)
    page.goto(f"{languages_server}/hangman?language=fr")
    fair_game(page, 7)
    # A French keyboard's ê key (Playwright's keyboard has no such key: the browser event it sends).
    page.evaluate("document.body.dispatchEvent(new KeyboardEvent('keydown', {key: 'ê', bubbles: true}))")
    expect(page.locator("#keyboard button[data-letter='e']")).to_be_disabled()
    assert page.locator("#pattern").inner_text() == "_E_E__E"
    for letter in "fntr":  # one guess at a time: the page takes the next once the last is answered
        press(page, letter)
    page.locator("#end").wait_for()
    assert page.locator("#answer").inner_text() == "The word was FENETRE."
    assert page.js_errors == []
    page.close()


def test_the_word_game_deals_german_tiles_with_german_values(browser, languages_server):
    page = started(
        browser, f"{languages_server}/wordgame?language=de&seed=5", "#setup button[type=submit]", "#tiles .tile"
    )
    tiles = page.locator("#tiles .tile").evaluate_all(
        "tiles => tiles.map(t => [t.firstChild.textContent, t.querySelector('.value').textContent])"
    )
    assert len(tiles) == 7
    assert all(int(value) == GERMAN_VALUES[letter] for letter, value in tiles), tiles
    assert page.locator("#tiles").get_attribute("lang") == "de"
    assert page.js_errors == []
    page.close()


def test_a_boggle_board_shows_multi_letter_faces_as_they_are(browser, languages_server):
    page = started(browser, f"{languages_server}/boggle?board=catsoeab[th]seqibxl", "#start", "#board .cell")
    faces = page.locator("#board .cell").all_inner_texts()
    assert faces[:9] == ["C", "A", "T", "S", "O", "E", "A", "B", "Th"]
    assert faces[11] == "Qu"
    assert page.js_errors == []
    page.close()


def test_a_polish_boggle_word_typed_lights_its_path_and_scores(browser, languages_server):
    # Rows łód / kźo / tap: łódź runs ł ó d along the top, then down to ź.
    page = started(browser, f"{languages_server}/boggle?language=pl&board=łódkźotap", "#start", "#board .cell")
    assert page.locator("#board .cell").all_inner_texts() == ["Ł", "Ó", "D", "K", "Ź", "O", "T", "A", "P"]
    assert page.locator("#board").get_attribute("lang") == "pl"
    page.fill("#word", "ŁÓDŹ")
    lit = page.locator("#board .cell.on").evaluate_all("cells => cells.map(c => Number(c.dataset.cell))")
    assert lit == [0, 1, 2, 4]
    page.press("#word", "Enter")
    page.locator("#found li").first.wait_for()
    assert page.locator("#found li").first.inner_text().split() == ["łódź", "1"]
    assert page.js_errors == []
    page.close()


def test_the_home_page_picker_and_links_keep_the_language(browser, languages_server):
    page = new_page(browser)
    page.goto(f"{languages_server}/?language=de")
    page.locator("#language").wait_for()
    assert page.locator("#language").input_value() == "de"
    expect(page.locator("nav a").first).to_have_attribute("href", "/daily?language=de")  # today's puzzle first
    assert [a.get_attribute("href") for a in page.locator("main h2 a").all()] == [
        "/daily?language=de",
        "/boggle?language=de",
        "/hangman?language=de",
        "/wordgame?language=de",
    ]
    page.goto(f"{languages_server}/hangman?language=xx")  # not served: said, and the default is played
    page.locator("#keyboard button").first.wait_for(state="attached")
    assert page.locator("#status").inner_text() == "The language xx is not served here; playing in English."
    assert page.locator("#language").input_value() == "en"
    assert page.js_errors == []
    page.close()


def test_a_french_boggle_word_links_to_its_french_wiktionary_page_as_it_is_written(browser, languages_server):
    """Issue 34 item 7: a word of the results looks itself up on its language's Wiktionary, written as its
    players write it (the index plays été as ete; the link goes to été's page)."""
    # Rows ete / caf / xxx: été along the top; café runs c a f, then up to the last e.
    page = started(browser, f"{languages_server}/boggle?language=fr&board=etecafxxx", "#start", "#board .cell")
    page.fill("#word", "été")
    page.press("#word", "Enter")
    page.locator("#found li").first.wait_for()
    page.click("#done")
    page.locator("#all-words li").first.wait_for()
    ete = "https://fr.wiktionary.org/wiki/%C3%A9t%C3%A9"
    for where in ("#found", "#all-words"):
        expect(page.locator(f"{where} a.lookup[data-word=ete]")).to_have_attribute("href", ete)
    expect(page.locator("#all-words a.lookup[data-word=cafe]")).to_have_attribute(
        "href", "https://fr.wiktionary.org/wiki/caf%C3%A9"
    )
    assert page.locator("#found a.lookup").get_attribute("rel") == "noopener"
    assert page.js_errors == []
    page.close()


def test_a_german_noun_links_to_its_page_with_its_capital(browser, languages_server):
    """The German list writes Haus with its capital (the board plays haus); Wiktionary's page is Haus."""
    page = started(browser, f"{languages_server}/boggle?language=de&board={GERMAN_BOARD}", "#start", "#board .cell")
    page.click("#done")
    page.locator("#all-words li").first.wait_for()
    expect(page.locator("#all-words a.lookup[data-word=haus]")).to_have_attribute(
        "href", "https://de.wiktionary.org/wiki/Haus"
    )
    assert page.locator("#all-words a.lookup[data-word=haus]").get_attribute("aria-label") == (
        "Look up Haus in Wiktionary (opens in a new tab)"
    )
    assert page.js_errors == []
    page.close()
