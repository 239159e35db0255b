"""Today's puzzle in headless Chromium (issue 35): play words by dragging and typing, main words and
bonus words listed apart, progress kept over a reload, the day completed, and the result to share.

The page checks words against the lists it fetched once (``/api/daily?solve=true``); the test reads
the same lists from the API to choose its words. The server serves the bundled dictionary, which has
levels, so the day has bonus words.
"""

from __future__ import annotations

import json
import urllib.request

import pytest

from .browser import drag_path, new_page
from .conftest import serving

pytestmark = pytest.mark.browser

#: A fixed clock for the share text: 3 h 30 min before the next puzzle (midnight UTC).
CLOCK = "T20:30:00Z"
LINK = "https://example.org/daily?date="


@pytest.fixture(scope="module")
def daily_server(bundled_index):
    from wordindex.web.app import create_app
    from wordindex.web.settings import Settings

    from wordindex.index.location import parse_location

    with serving(create_app(Settings(index=parse_location(str(bundled_index))))) as url:
        yield url


@pytest.fixture(scope="module")
def day(daily_server):
    with urllib.request.urlopen(f"{daily_server}/api/daily?solve=true") as answer:
        return json.load(answer)


def bucket_square(words: list[str], found: set[str]) -> str:
    got = sum(w in found for w in words)
    return "🟩" if got == len(words) else "🟨" if got else "⬜"


def expected_share(day, found: set[str]) -> str:
    """The share text the page must make for ``found`` at CLOCK, written out independently."""
    main = [w for w in day["main_words"] if w["word"] in found]
    bonus = [w for w in day["bonus_words"] if w["word"] in found]
    score = sum(w["score"] for w in main + bonus)
    buckets: dict[int, list[str]] = {}
    for w in day["main_words"]:
        buckets.setdefault(min(len(w["word"]), 8), []).append(w["word"])
    grid = "".join(bucket_square(buckets[b], found) for b in sorted(buckets))
    return (
        f"wordindex daily #{day['day']} ({day['date']})\n"
        f"{len(main)}/{day['main_count']} main words, {len(bonus)} bonus, {score} point{'' if score == 1 else 's'}\n"
        f"{grid}\n{LINK}{day['date']}\nNext puzzle in 3h 30m"
    )


def cells(path: list[list[int]]) -> list[tuple[int, int]]:
    return [(r, c) for r, c in path]


def listed(page, list_id: str) -> list[str]:
    return [t.split()[0] for t in page.locator(f"#{list_id} li").all_inner_texts()]


def test_play_keep_and_share_todays_puzzle(browser, daily_server, day):
    assert day["levelled"] and day["bonus_words"], "the bundled dictionary's day has bonus words"
    template = expected_share(day, set()) + "\ncomplete!"
    # Words that cannot appear in the share text's own wording, so "no word given away" means something.
    mains = [w for w in day["main_words"] if len(w["word"]) >= 4 and w["word"] not in template]
    bonus = next(w for w in day["bonus_words"] if w["word"] not in template)
    dragged, typed = mains[0], mains[1]
    total = day["main_count"]

    page = new_page(browser, permissions=["clipboard-read", "clipboard-write"])
    page.goto(f"{daily_server}/daily")
    page.locator("#board .cell").first.wait_for()
    assert "".join(page.locator("#board .cell").all_inner_texts()).lower().replace("qu", "q") == day["board"]
    assert page.locator("#progress").inner_text() == f"0 of {total} main words"

    drag_path(page, cells(dragged["path"]))
    word = dragged["word"].upper()
    page.get_by_text(f"{word}: {dragged['score']} point{'' if dragged['score'] == 1 else 's'}.").wait_for()
    page.fill("#word", typed["word"])
    page.press("#word", "Enter")
    page.locator("#main-found li").nth(1).wait_for()
    page.fill("#word", bonus["word"])
    page.press("#word", "Enter")
    page.get_by_text(f"{bonus['word'].upper()}: ", exact=False).wait_for()
    assert page.locator("#status").inner_text().endswith("(bonus word).")
    page.fill("#word", typed["word"])
    page.press("#word", "Enter")
    page.get_by_text(f"You already have {typed['word'].upper()}.").wait_for()

    assert listed(page, "main-found") == [typed["word"], dragged["word"]]  # newest first
    assert listed(page, "bonus-found") == [bonus["word"]]
    assert page.locator("#progress").inner_text() == f"2 of {total} main words"

    page.reload()
    page.locator("#board .cell").first.wait_for()
    page.locator("#main-found li").nth(1).wait_for()
    assert listed(page, "main-found") == [typed["word"], dragged["word"]]
    assert listed(page, "bonus-found") == [bonus["word"]]
    assert page.locator("#progress").inner_text() == f"2 of {total} main words"

    found = {dragged["word"], typed["word"], bonus["word"]}
    fixed = page.evaluate(
        "([found, now, link]) => shareText(S.day, found, new Date(now), link)",
        [sorted(found), day["date"] + CLOCK, LINK + day["date"]],
    )
    assert fixed == expected_share(day, found)
    shown = page.locator("#share-text").input_value()
    assert shown.split("\n")[:3] == fixed.split("\n")[:3]
    assert shown.split("\n")[3] == f"{daily_server}/daily?date={day['date']}"
    for text in (fixed, shown):
        assert not any(w in text.lower() for w in found)

    page.click("#copy")
    page.get_by_text("Copied.").wait_for()
    assert page.evaluate("navigator.clipboard.readText()") == page.locator("#share-text").input_value()
    assert page.js_errors == []
    page.close()


def test_finding_every_main_word_completes_the_day(browser, daily_server, day):
    page = new_page(browser)
    page.goto(f"{daily_server}/daily")
    page.locator("#board .cell").first.wait_for()
    *others, last = [w["word"] for w in day["main_words"]]
    page.evaluate(
        "([key, found]) => localStorage.setItem(key, JSON.stringify({found}))",
        [f"wi-daily-{day['language']}-{day['date']}", others],
    )
    page.reload()
    page.locator("#board .cell").first.wait_for()
    total = day["main_count"]
    assert page.locator("#progress").inner_text() == f"{total - 1} of {total} main words"
    page.fill("#word", last)
    page.press("#word", "Enter")
    page.get_by_text(f"{last.upper()}: you found every main word. Today's puzzle is complete!").wait_for()
    assert page.locator("#progress").inner_text() == f"{total} of {total} main words: complete!"
    assert page.locator("#share-text").input_value().split("\n")[0].endswith(" complete!")
    assert page.js_errors == []
    page.close()
