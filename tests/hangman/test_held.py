"""The words held in memory (``wordindex.index.held``, a server worker's copy) answer every hangman and
pattern question exactly as its SQL does, on both backends.

Two connections to one index, opened with the two words sources (``wordindex.words.source``): one
reads the table with SQL (``SqlWords``), the other holds the words (``HeldSource``). Hypothesis
draws positions from the bundled dictionary's own words (levels and vulgar flags included), so the
sets compared are rarely empty; then the reports of the specification examples, byte for byte; then
an alphabet the database cannot sort (Spanish ñ); then the bounds; last, every question of the
``WordsSource`` interface asked of both implementations directly.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wordindex import reports
from wordindex.hangman import queries
from wordindex.hangman.state import NoSuchLengthError, Position
from wordindex.index.core import Index, open_index
from wordindex.index.held import HeldBudget, HeldWords
from wordindex.words.held_source import holding
from wordindex.words.levels import DEFAULT_POOL, LevelRange, WordPool
from wordindex.words.lookup import words_matching
from wordindex.words.pattern import parse_pattern

BUNDLED = Path(__file__).parents[2] / "data" / "dictionary.txt"
WORDS = [line.split("\t")[0] for line in BUNDLED.read_text(encoding="ascii").splitlines()]
BY_LENGTH: dict[int, list[str]] = {}
for _word in WORDS:
    BY_LENGTH.setdefault(len(_word), []).append(_word)

POOLS = [None, DEFAULT_POOL, WordPool(LevelRange(None, 2)), WordPool(LevelRange(3, 5), allow_vulgar=True)]


@pytest.fixture(scope="module")
def pair(bundled_index) -> Iterator[tuple[Index, Index]]:
    """The bundled index twice: read with SQL, and with its words held."""
    words = HeldWords(1_000_000)
    with open_index(bundled_index) as sql, open_index(bundled_index, words=holding(words)) as held:
        assert words.warm(held) == len(WORDS)  # every question below reads the arrays
        yield sql, held


@st.composite
def positions(draw: st.DrawFn) -> Position:
    """A position some word of the dictionary reaches: its letters in ``guessed`` shown, the rest
    wrong guesses; or (a third of the time) one no word reaches, shown at random positions."""
    length = draw(st.sampled_from([2, 3, 4, 5, 6, 7, 8, 11, 15]))
    word = draw(st.sampled_from(BY_LENGTH[length]))
    guessed = draw(st.sets(st.sampled_from("abcdeilmnorstuyz"), max_size=6))
    if draw(st.integers(0, 2)) == 0:
        word = "".join(draw(st.sampled_from("aeost")) for _ in word)
    text = "".join(ch if ch in guessed else "-" for ch in word)
    return Position(parse_pattern(text), frozenset(guessed))


SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@SETTINGS
@given(position=positions(), exclusive=st.booleans(), containing=st.booleans())
def test_letter_counts_are_the_sql_ones(pair, position, exclusive, containing):
    sql, held = pair
    expected = queries.letter_counts(sql, position, exclusive=exclusive, containing=containing)
    assert queries.letter_counts(held, position, exclusive=exclusive, containing=containing) == expected
    assert queries.letter_counts_many(held, [position, position]) == queries.letter_counts_many(sql, [position] * 2)


@SETTINGS
@given(position=positions(), pool=st.sampled_from(POOLS), letters=st.sets(st.sampled_from("aeinrstuz")))
def test_family_splits_are_the_sql_ones(pair, position, pool, letters):
    sql, held = pair
    letters = sorted(letters - position.guessed)
    assert queries.split_families(held, position, letters, pool) == queries.split_families(sql, position, letters, pool)
    many = [(position, letters), (position, letters[:1])]
    assert queries.split_families_many(held, many) == queries.split_families_many(sql, many)


@SETTINGS
@given(position=positions(), pool=st.sampled_from(POOLS), offset=st.integers(0, 50))
def test_family_words_size_and_nth_are_the_sql_ones(pair, position, pool, offset):
    sql, held = pair
    words = queries.family_words(sql, position, pool)
    assert queries.family_words(held, position, pool) == words
    assert queries.family_size(held, position, pool) == len(words)
    if words:
        nth = offset % len(words)
        assert queries.nth_word(held, position, nth, pool) == queries.nth_word(sql, position, nth, pool)
    length = position.pattern.length
    assert outcome(queries.count_words_of_length, held, length, pool) == outcome(
        queries.count_words_of_length, sql, length, pool
    )


def outcome(function, *args, **kwargs):
    """What a call returns, or its error's type and message."""
    try:
        return function(*args, **kwargs)
    except Exception as exc:
        return type(exc).__name__, str(exc)


@SETTINGS
@given(
    position=positions(),
    exclusive=st.booleans(),
    limit=st.sampled_from([None, 0, 1, 7]),
    levels=st.sampled_from([None, LevelRange(None, 1), LevelRange(2, 4)]),
)
def test_words_matching_is_the_sql_answer(pair, position, exclusive, limit, levels):
    sql, held = pair
    guessed = position.guessed if exclusive else None
    expected = words_matching(sql, position.pattern, guessed, limit, levels)
    assert words_matching(held, position.pattern, guessed, limit, levels) == expected


#: The specification examples' reports (README, docs/hangman.md): the same bytes either way.
REPORTS = [
    ("words", ("-o--",), {"limit": 20}),
    ("words", ("c--l",), {"guessed": "clxz"}),
    ("guess", ("-e--",), {"guessed": "e"}),
    ("guess", ("-----",), {"guessed": "eaz", "strategy": "pattern"}),
    ("guess", ("-e--",), {"guessed": "e", "strategy": "naive"}),
    ("guess", ("--a--",), {"guessed": "ra", "strategy": "split"}),
    ("evil", (4, "e"), {}),
    ("evil", (8, "eaiou"), {"difficulty": "easy"}),
    ("solve", ("cool",), {}),
    ("solve", ("jazz",), {"strategy": "paga"}),
    ("solve", ("hangman",), {"strategy": "containing"}),
    ("solve", ("quiz",), {"strategy": "split"}),
    ("solve", ("vocabulary",), {"strategy": "pattern"}),
]


CHECKED = st.lists(
    st.sampled_from([*WORDS[:300], *WORDS[-300:], "zzzz", "Cool", " cool ", "qqq", "a" * 70]), max_size=8
)


@SETTINGS
@given(words=CHECKED)
def test_checked_words_are_the_sql_answer(pair, words):
    """``check``: each word's validity, level, vulgar flag and spellings, from a binary search."""
    sql, held = pair
    if words:
        assert reports.check(held, words) == reports.check(sql, words)


def test_solve_refuses_a_word_not_in_the_index_as_sql_does(pair):
    sql, held = pair
    assert outcome(reports.solve, held, "zzzzq") == outcome(reports.solve, sql, "zzzzq")
    assert outcome(reports.solve, held, "zzzzq")[0] == "NotFoundError"


@pytest.mark.parametrize(("command", "args", "options"), REPORTS)
def test_reports_are_the_same_bytes_with_the_words_held(pair, command, args, options):
    sql, held = pair
    answer = json.dumps(reports.QUERY_REPORTS[command](sql, *args, **options))
    assert json.dumps(reports.QUERY_REPORTS[command](held, *args, **options)) == answer


def test_the_evil_chooser_keeps_the_cs106l_family(pair):
    """CS106L's example against the bundled dictionary: after ``e`` the largest four-letter family
    is the one without ``e``, as SQL finds it."""
    _, held = pair
    answer = reports.evil(held, 4, "e")
    assert answer["steps"][0]["pattern"] == "----"
    assert answer["steps"][0]["family_size"] == reports.evil(pair[0], 4, "e")["steps"][0]["family_size"]


SPANISH = ["ñu", "nudo", "ñame", "nabo", "mano", "maño", "moño", "mono", "ola", "año", "ano", "oca"]


def test_an_alphabet_the_database_cannot_sort_lists_the_same_words(index_factory):
    """Spanish sorts ñ after n: the held words are sorted in Python exactly as the SQL path sorts them."""
    path = index_factory("held-es", SPANISH, language="es")
    with open_index(path) as sql, open_index(path, words=holding(HeldWords(1000))) as held:
        alphabet = sql.alphabet
        for text, guessed in [("----", None), ("-a--", None), ("m-ño", "mñ"), ("---", "o")]:
            pattern = parse_pattern(text, alphabet)
            letters = frozenset(guessed) if guessed is not None else None
            assert words_matching(held, pattern, letters) == words_matching(sql, pattern, letters)
            assert reports.check(held, [pattern.text.replace("-", "o")]) == reports.check(
                sql, [pattern.text.replace("-", "o")]
            )
            position = Position(pattern, letters or frozenset())
            assert queries.family_words(held, position) == queries.family_words(sql, position)
        assert words_matching(held, parse_pattern("-a--", alphabet)).words == ["mano", "maño", "nabo", "ñame"]


def test_a_length_past_the_budget_is_answered_by_sql(bundled_index):
    """``max_words`` bounds what is held: a length that does not fit is not held, and is still answered."""
    held = HeldWords(len(BY_LENGTH[3]) + len(BY_LENGTH[2]))
    with open_index(bundled_index, words=holding(held)) as index:
        assert held.warm(index) == len(BY_LENGTH[3]) + len(BY_LENGTH[2])
        assert held.length(index, 3) is not None
        assert held.length(index, 4) is None
        assert queries.family_size(index, Position(parse_pattern("----"), frozenset())) == len(BY_LENGTH[4])
        assert HeldWords(0).length(index, 3) is None


def test_a_new_generation_is_loaded_again(bundled_index):
    """A rebuild (a new generation) drops what was held: the next question loads the new rows."""
    with open_index(bundled_index) as index:
        held = HeldWords(1_000_000)
        first = held.length(index, 5, "before")
        assert first is not None and held.length(index, 5, "before") is first
        again = held.length(index, 5, "after")
        assert again is not None and again is not first and list(again.words) == list(first.words)


def test_a_length_with_no_word_is_held_empty_and_sql_says_why(bundled_index):
    held = HeldWords(1_000_000)
    with open_index(bundled_index, words=holding(held)) as index:
        empty = held.length(index, 30)
        assert empty is not None and len(empty) == 0
        position = Position(parse_pattern("-" * 30), frozenset("e"))
        assert queries.letter_counts(index, position).candidates == 0
        assert words_matching(index, position.pattern).count == 0
        with pytest.raises(NoSuchLengthError, match="no word of length 30"):
            queries.count_words_of_length(index, 30)
        assert held.length(index, 64) is None  # past the longest word the table can hold


HANDS = st.lists(st.sampled_from("abcdeeilnorsstuxyz**"), min_size=1, max_size=12).map("".join)


@SETTINGS
@given(hand=HANDS, allow_vulgar=st.booleans())
def test_the_word_game_plays_the_same_words_with_the_words_held(pair, hand, allow_vulgar):
    """Every playable word, its play and score, best first: the same from the arrays as from SQL."""
    sql, held = pair
    expected = reports.best_word(sql, hand, all_words=True, allow_vulgar=allow_vulgar)
    assert reports.best_word(held, hand, all_words=True, allow_vulgar=allow_vulgar) == expected
    assert reports.best_word(held, hand) == reports.best_word(sql, hand)


LONG_WORDS = ["a" * 63, "ab" * 20, "ba" * 20, "a" * 39 + "b", "b" * 40, "c" * 33, "abc" * 11, "cool"]


def test_words_longer_than_32_letters_keep_their_positions(index_factory):
    """``pos_x`` holds up to 63 positions: a length past 32 is held in 64 bits, and answers as SQL does."""
    path = index_factory("held-long", LONG_WORDS)
    with open_index(path) as sql, open_index(path, words=holding(HeldWords(1000))) as held:
        cases = [("-" * 40, ""), ("-" * 39 + "b", "b"), ("a" + "-" * 39, "a"), ("-" * 63, "a"), ("-" * 33, "")]
        for text, guessed in cases:
            position = Position(parse_pattern(text), frozenset(guessed))
            assert queries.letter_counts(held, position) == queries.letter_counts(sql, position)
            assert queries.family_words(held, position) == queries.family_words(sql, position)
            assert queries.split_families(held, position, "ab") == queries.split_families(sql, position, "ab")
            assert words_matching(held, position.pattern) == words_matching(sql, position.pattern)
        assert queries.family_words(held, Position(parse_pattern("-" * 39 + "b"), frozenset("b"))) == ["a" * 39 + "b"]


def test_a_word_the_list_spells_otherwise_is_checked_with_its_spellings(index_factory):
    """French folds accents: ``ete`` plays as the list's ``été`` (and ``côte``/``cote``/``coté`` are
    one word of three spellings); ``check`` names them from the held words as from SQL."""
    path = index_factory("held-fr", ["été", "côte", "cote", "coté", "mère", "maison"], language="fr")
    with open_index(path) as sql, open_index(path, words=holding(HeldWords(1000))) as held:
        asked = ["ete", "Été", "cote", "mere", "zzz", "maisons"]
        answer = reports.check(held, asked)
        assert answer == reports.check(sql, asked)
        assert answer[0]["spellings"] == ["été"] and len(answer[2]["spellings"]) == 3


def test_one_budget_bounds_the_words_held_for_every_index(bundled_index, index_factory):
    """A server's indexes share their worker's budget: what one holds, another cannot; a rebuild gives
    its old words back. A length that did not fit is answered by SQL (until the next rebuild)."""
    budget = HeldBudget(len(BY_LENGTH[3]) + len(BY_LENGTH[4]))
    small = index_factory("held-budget", ["cat", "dog", "bird"])
    with open_index(bundled_index) as big, open_index(small) as other:
        first, second = HeldWords(budget), HeldWords(budget)
        assert first.length(big, 3) is not None and first.length(big, 4) is not None
        assert budget.used == budget.words
        assert second.length(other, 3) is None  # nothing left
        assert second.length(other, 9) is not None  # a length with no word costs nothing
        assert first.length(big, 4, "rebuilt") is not None  # the old generation's words given back
        assert budget.used == len(BY_LENGTH[4])
        assert second.length(other, 4) is not None  # "bird" fits now
        assert budget.used == len(BY_LENGTH[4]) + 1


def test_a_length_too_many_letters_for_exact_float32_sums_is_not_held(bundled_index, monkeypatch):
    """A length is held only while its letters number at most ``MAX_HELD_LENGTH_LETTERS`` (2**24), so
    its float32 sums are exact; past it SQL answers (here the limit is lowered to fall between)."""
    import wordindex.index.held

    monkeypatch.setattr(wordindex.index.held, "MAX_HELD_LENGTH_LETTERS", 3 * len(BY_LENGTH[3]) - 1)
    held = HeldWords(1_000_000)
    with open_index(bundled_index, words=holding(held)) as index:
        assert held.length(index, 2) is not None  # 2 × 73 letters
        assert held.length(index, 3) is None  # 3 × 745 letters: one too many
        position = Position(parse_pattern("c--"), frozenset("c"))
        assert queries.family_size(index, position) == sum(1 for w in BY_LENGTH[3] if w.count("c") == 1 and w[0] == "c")


# Every question of the words source interface, asked of both implementations directly: SQL
# (``SqlWords``) and the held words (``HeldSource``), each drawn by hypothesis.

LEVELS = [None, LevelRange(None, 1), LevelRange(2, 4)]


def _family(position: Position) -> tuple[object, frozenset[str]]:
    return position.pattern, position.guessed


@st.composite
def _letters(draw: st.DrawFn, position: Position) -> list[str]:
    return sorted(draw(st.sets(st.sampled_from("aeinrstuz"))) - position.guessed)


@st.composite
def _split_request(draw: st.DrawFn) -> tuple[object, frozenset[str], list[str]]:
    position = draw(positions())
    return position.pattern, position.guessed, draw(_letters(position))


def _hand(text: str, allow_vulgar: bool) -> object:
    from wordindex.wordgame import parse_hand
    from wordindex.wordgame.best import hand_question
    from wordindex.wordgame.tiles import tiles

    return hand_question(parse_hand(text), allow_vulgar, tiles())


POOL = st.sampled_from(POOLS)
#: Per question of ``WordsSource``: its arguments (a tuple) and keyword arguments (a dict), drawn.
QUESTIONS: dict[str, st.SearchStrategy[tuple[tuple[object, ...], dict[str, object]]]] = {
    "totals": st.sampled_from([None, 2, 5, 30]).map(lambda n: ((n,), {})),
    "letter_counts": st.tuples(positions(), st.booleans(), st.booleans()).map(
        lambda t: (_family(t[0]), {"exclusive": t[1], "containing": t[2]})
    ),
    "letter_counts_many": st.lists(positions(), max_size=3).map(lambda ps: (([_family(p) for p in ps],), {})),
    "split_families": st.tuples(_split_request(), POOL).map(lambda t: ((*t[0], t[1]), {})),
    "split_families_many": st.lists(_split_request(), max_size=3).map(lambda rs: ((rs,), {})),
    "length_size": st.tuples(st.sampled_from([1, 2, 4, 9, 15, 29, 30, 63, 64]), POOL).map(lambda t: (t, {})),
    "family_words": st.tuples(positions(), POOL).map(lambda t: ((*_family(t[0]), t[1]), {})),
    "family_size": st.tuples(positions(), POOL).map(lambda t: ((*_family(t[0]), t[1]), {})),
    "nth_word": st.tuples(positions(), st.integers(0, 60), POOL).map(lambda t: ((*_family(t[0]), t[1], t[2]), {})),
    "matching": st.tuples(positions(), st.booleans(), st.sampled_from([None, 0, 1, 7]), st.sampled_from(LEVELS)).map(
        lambda t: (
            (t[0].pattern, t[0].guessed if t[1] else None, t[2], None if t[3] is None else WordPool(t[3], True)),
            {},
        )
    ),
    "facts": st.lists(st.sampled_from([*WORDS[:300], *WORDS[-300:], "zzzz", "qqq", "a" * 70]), max_size=8).map(
        lambda words: ((sorted(set(words)),), {})
    ),
    "is_word": st.sampled_from([*WORDS[:100], *WORDS[-100:], "zzzz", "a" * 70]).map(lambda word: ((word,), {})),
    "playable": st.tuples(HANDS, st.booleans()).map(lambda t: ((_hand(*t),), {})),
}


def test_every_question_of_the_interface_is_asked_of_both():
    """A question added to ``WordsSource`` needs its draw here, so both implementations answer it."""
    from wordindex.words.source import WordsSource

    asked = {name for name in vars(WordsSource) if not name.startswith("_") and callable(getattr(WordsSource, name))}
    assert asked == set(QUESTIONS)


@pytest.mark.parametrize("question", sorted(QUESTIONS))
@SETTINGS
@given(data=st.data())
def test_each_question_is_answered_alike_by_sql_and_the_held_words(pair, question, data):
    from wordindex.words.held_source import HeldSource
    from wordindex.words.source import SqlWords

    sql, held = pair
    assert type(sql.words) is SqlWords and type(held.words) is HeldSource
    args, kwargs = data.draw(QUESTIONS[question])
    expected = outcome(getattr(sql.words, question), *args, **kwargs)
    answer = outcome(getattr(held.words, question), *args, **kwargs)
    if question == "playable":  # unsorted: the same words, in any order
        expected, answer = sorted(expected), sorted(answer)
    assert answer == expected


def test_a_view_with_another_source_leaves_the_index_as_it_was(bundled_index):
    """The event loop's answer gets its own source (``Index.with_words``): a view sharing the
    connection, while the index others use keeps its source."""
    from wordindex.index.held import HeldOnly, NotHeldNow

    held = HeldWords(1_000_000)
    with open_index(bundled_index, words=holding(held)) as index:
        source = index.words
        assert held.length(index, 4) is not None  # loaded; length 5 is not
        view = index.with_words(holding(HeldOnly(held, 60.0)))
        assert view.words is not source and index.words is source
        assert view.rows("SELECT COUNT(*) FROM words") == index.rows("SELECT COUNT(*) FROM words")
        four = Position(parse_pattern("----"), frozenset())
        assert queries.family_size(view, four) == len(BY_LENGTH[4])
        with pytest.raises(NotHeldNow):
            queries.family_size(view, Position(parse_pattern("-----"), frozenset()))
        assert queries.family_size(index, Position(parse_pattern("-----"), frozenset())) == len(BY_LENGTH[5])


def test_the_loop_source_checks_its_time_between_the_steps_of_a_question(bundled_index):
    """A split of several letters (or a hand's screen of several lengths) is one question: the
    loop's source checks its time before each letter too, so it stops within one letter's work of
    its deadline, not after the whole question. A thread's source takes every step."""
    from wordindex.index.held import HeldOnly, NotHeldNow

    held = HeldWords(1_000_000)
    with open_index(bundled_index, words=holding(held)) as index:
        held.warm(index)
        calls: list[int] = []

        def clock() -> float:  # the deadline passes at the clock's 5th reading
            calls.append(1)
            return 0.0 if len(calls) < 5 else 10.0

        view = index.with_words(holding(HeldOnly(held, 5.0, clock=clock)))
        position = Position(parse_pattern("--------"), frozenset())
        with pytest.raises(NotHeldNow, match="out of time"):
            queries.split_families(view, position, "aeiou")
        assert len(calls) == 5  # the deadline, the length, then the letters a, e and i (past it)
        assert queries.split_families(index, position, "aeiou") == queries.split_families(
            index.with_words(holding(HeldOnly(held, 60.0))), position, "aeiou"
        )
