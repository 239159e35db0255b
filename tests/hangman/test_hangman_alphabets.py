"""Every hangman engine answers the same for a list and for the same list written in another alphabet's
letters (issue 19 item 5).

The other alphabet is Polish, the largest (32 letters: ``aąbcćdeęfghijklłmnńoóprsśtuwyzźż``): a-z are
written as 26 of its letters, in order (so "earliest letter" ties fall the same way), always including
``ą ł ż`` and otherwise drawn by hypothesis, so the slots used are scattered over all 32. The engines:
the exact values (greedy sweep and optimal search, and the sweep's root kept in its table instead of its
bitmap), the optimal guesser's letter and the optimal chooser's family; on an index (both backends): the
six guessers, the three choosers, the game session and its state, the solver, the strength tree and the
length values. Then what only another alphabet has: input in NFD and any case, and error messages that
name the alphabet.
"""

from __future__ import annotations

import json
import random
import string
import unicodedata
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_greedy_sweep import play  # tests/hangman is on the path (no __init__)
from test_hangman_exact import brute_value

from wordindex import reports
from wordindex.build.builder import build_index
from wordindex.errors import BadPatternError, UsageError
from wordindex.hangman.choosers import EvilChooser, OptimalChooser, RandomChooser
from wordindex.hangman.exact import best_letter, optimal_family, value
from wordindex.hangman.greedy_sweep import GreedySweep
from wordindex.hangman.guessers import STRATEGIES, next_guess
from wordindex.hangman.optimal import length_value
from wordindex.hangman.session import HangmanSession
from wordindex.hangman.state import BadGuessError, check_letter, parse_position
from wordindex.hangman.strength import evil_misses, honest_tree
from wordindex.index.core import open_index
from wordindex.languages import language

POLISH = language("pl").alphabet
ENGLISH_LETTERS = string.ascii_lowercase
KEPT = (POLISH.slot["ą"], POLISH.slot["ł"], POLISH.slot["ż"])
SMALL_WORDS = Path(__file__).parents[1] / "data" / "small_words.txt"


def polish_table(slots: list[int]) -> dict[str, str]:
    """a-z onto the Polish letters of ``slots`` (26, ascending)."""
    return {english: POLISH.letters[slot] for english, slot in zip(ENGLISH_LETTERS, sorted(slots), strict=True)}


#: Order-preserving ways to write a-z in Polish letters, each using ą, ł and ż.
tables = st.sets(
    st.integers(min_value=0, max_value=31).filter(lambda slot: slot not in KEPT), min_size=23, max_size=23
).map(lambda slots: polish_table([*slots, *KEPT]))
#: The table of the index tests: every Polish letter but ć ę ń ó ś ź.
FIXED = polish_table([POLISH.slot[x] for x in POLISH.letters if x not in "ćęńóśź"])


def written(text: str | None, table: dict[str, str]) -> str | None:
    return None if text is None else "".join(table.get(ch, ch) for ch in text)


def written_all(words, table):
    return [written(w, table) for w in words]


#: The keys of the hangman answers whose values are letters or words (the others: numbers, states, names).
LETTER_KEYS = frozenset({"letter", "pattern", "word", "words", "guesses", "guessed", "missed_letters"})


def written_answer(answer, table, key=None):
    """An answer (JSON) with its letters and words written in ``table``'s letters, the rest as it is."""
    if isinstance(answer, dict):
        return {k: written_answer(v, table, k) for k, v in answer.items()}
    if isinstance(answer, list):
        return [written_answer(v, table, key) for v in answer]
    if isinstance(answer, str) and key in LETTER_KEYS:
        return written(answer, table)
    return answer


word_lists = st.integers(min_value=1, max_value=4).flatmap(
    lambda length: st.lists(
        st.text(alphabet="abcdefgh", min_size=length, max_size=length), min_size=1, max_size=12, unique=True
    )
)


# ---- the exact values, without an index -------------------------------------------------------------


@settings(max_examples=120, deadline=None)
@given(word_lists, tables, st.sampled_from(["greedy", "optimal"]))
def test_exact_values_are_the_same_in_polish_letters(words, table, chooser):
    english = value(words, chooser)
    polish = value(written_all(words, table), chooser, alphabet=POLISH)
    assert (polish.lower, polish.upper, polish.exact) == (english.lower, english.upper, english.exact)
    assert polish.misses == brute_value(tuple(sorted(words)), chooser)
    assert polish.letter == written(english.letter, table)
    assert polish.positions == english.positions  # the same search, letter for letter


@settings(max_examples=80, deadline=None)
@given(word_lists, tables, st.sampled_from(["greedy", "optimal"]), st.sets(st.sampled_from("abcdefgh"), max_size=3))
def test_the_optimal_guesser_and_chooser_answer_the_same_in_polish_letters(words, table, chooser, guessed):
    expected = best_letter(words, chooser, guessed)
    found = best_letter(written_all(words, table), chooser, {table[x] for x in guessed}, alphabet=POLISH)
    assert (found.letter, found.exact, found.lower, found.upper) == (
        written(expected.letter, table),
        expected.exact,
        expected.lower,
        expected.upper,
    )
    for letter in sorted(set("".join(words))):
        english = optimal_family(words, letter)
        polish = optimal_family(written_all(words, table), written(letter, table), alphabet=POLISH)
        assert (polish.mask, polish.exact, polish.misses) == (english.mask, english.exact, english.misses)
        assert polish.words == written_all(english.words, table)


@settings(max_examples=120, deadline=None)
@given(word_lists, tables, st.booleans(), st.sampled_from([1, 2]))
def test_the_greedy_sweep_is_the_same_in_polish_letters_with_its_root_in_a_bitmap_or_a_table(
    words, table, in_table, jobs
):
    """The root's sets of misses kept in the table (as an alphabet of more than 26 splitting letters
    needs) give the same value, line and step count as the bitmap."""
    english = GreedySweep(words, jobs=jobs).value(25, line_known=False)
    sweep = GreedySweep(written_all(words, table), jobs=jobs, alphabet=POLISH)
    if in_table:
        sweep.bitmap_letters = 0
    polish = sweep.value(25, line_known=False)
    assert (polish.lower, polish.upper) == (english.lower, english.upper) == (english.upper, english.upper)
    assert polish.upper == brute_value(tuple(sorted(words)), "greedy")
    if jobs == 1:  # two workers race: their lines may differ, each as good
        assert polish.line == written_all(english.line, table) and polish.steps == english.steps
    if len(words) > 1:
        misses, left = play(written_all(words, table), polish.line, POLISH)
        assert misses == polish.upper and len(left) == 1


def test_a_root_whose_table_of_sets_is_full_stops_with_sound_bounds():
    words = written_all(["ally", "beta", "cool", "deal", "else", "flew", "good", "hope", "ibex"], FIXED)
    sweep = GreedySweep(words, alphabet=POLISH)
    sweep.bitmap_letters, sweep.root_slots = 0, 2
    said: list[str] = []
    found = sweep.value(8, line_known=False, on_progress=said.append)
    assert not found.exact and found.lower <= 2 <= found.upper
    assert said == ["the root's table of sets of misses is full (2 slots): bounds only"]


def test_a_polish_list_with_more_than_26_splitting_letters_is_swept_in_the_table():
    """400 random eight-letter words, letter frequencies falling as 1/rank: all 32 letters split the root
    (a bitmap of every set of misses would take 4.5 GB), and the sweep finds the value in its table."""
    rng = random.Random(19)
    letters = list(POLISH.letters)
    rng.shuffle(letters)
    weights = [1 / (1 + i) for i in range(POLISH.size)]
    words = sorted({"".join(rng.choices(letters, weights, k=8)) for _ in range(400)}, key=POLISH.sort_key)
    sweep = GreedySweep(words, alphabet=POLISH)
    assert sum(sweep.child(sweep.root(), j) is not None for j in range(POLISH.size)) == 32
    found = sweep.value(31, line_known=False)
    assert (found.exact, found.upper) == (True, 1)
    misses, left = play(words, found.line, POLISH)
    assert misses == 1 and len(left) == 1


# ---- on an index --------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def both(index_factory):
    """The small list's index in English and in Polish letters (``FIXED``), both open."""
    words = SMALL_WORDS.read_text().split()
    english = index_factory("alphabet-en", words)
    polish = index_factory("alphabet-pl", written_all(words, FIXED), language="pl")
    with open_index(english) as e, open_index(polish) as p:
        yield e, p


POSITIONS = [
    ("----", None),
    ("----", "e"),
    ("-o--", "eo"),
    ("-----", "ae"),
    ("--a--", "r"),
    ("---", None),
    ("q---", None),
]


@pytest.mark.parametrize("strategy", STRATEGIES)
@pytest.mark.parametrize(("pattern", "guessed"), POSITIONS)
def test_every_guesser_answers_the_same_in_polish_letters(both, strategy, pattern, guessed):
    english, polish = both
    expected = next_guess(english, parse_position(pattern, guessed), strategy)
    found = next_guess(polish, parse_position(written(pattern, FIXED), written(guessed, FIXED), POLISH), strategy)
    assert found.letter == written(expected.letter, FIXED)
    assert found.candidates == expected.candidates
    assert found.frequencies == {written(x, FIXED): n for x, n in expected.frequencies.items()}
    assert (found.exact, found.misses) == (expected.exact, expected.misses)


@pytest.mark.parametrize("kind", [EvilChooser, OptimalChooser])
def test_the_evil_and_optimal_choosers_answer_the_same_in_polish_letters(both, kind):
    english, polish = both
    for length, guesses in [(4, "eotdcs"), (5, "aeiourst"), (3, "zyx")]:
        a, b = kind(english, length, seed=3), kind(polish, length, seed=3)
        for letter in guesses:
            assert b.guess(written(letter, FIXED)) == a.guess(letter)
            assert b.pattern == written(a.pattern, FIXED)
        assert [(s.occurrences, s.family_size, s.exact) for s in b.steps] == [
            (s.occurrences, s.family_size, s.exact) for s in a.steps
        ]
        assert b.words() == written_all(a.words(), FIXED)
        assert b.final_word() == written(a.final_word(), FIXED)


def test_the_random_chooser_picks_the_same_word_in_polish_letters(both):
    english, polish = both
    for seed in range(5):
        assert RandomChooser(polish, 5, seed=seed).word == written(RandomChooser(english, 5, seed=seed).word, FIXED)


@pytest.mark.parametrize("strategy", ["paga", "split", "optimal"])
def test_the_solver_plays_the_same_game_in_polish_letters(both, strategy):
    english, polish = both
    for word in ["cool", "quiz", "coders"]:
        a = reports.solve(english, word, strategy)
        b = reports.solve(polish, written(word, FIXED), strategy)
        assert b == written_answer(a, FIXED)


def test_a_game_session_and_its_state_in_polish_letters(both):
    english, polish = both
    a = HangmanSession.create(english, chooser="evil", length=4, seed=9)
    b = HangmanSession.create(polish, chooser="evil", length=4, seed=9)
    for letter in "etaoz":
        assert b.move(written(letter, FIXED)).data == written_answer(a.move(letter).data, FIXED)
    state = b.state()
    assert state["guessed"] == written("etaoz", FIXED) == "dsamż"
    assert state["pattern"] == written(a.state()["pattern"], FIXED)
    assert json.loads(json.dumps(state, ensure_ascii=False)) == state  # small, readable: letters as letters
    resumed = HangmanSession.resume(polish, state)
    assert resumed.view(candidates=True) == b.view(candidates=True)
    random_game = HangmanSession.create(polish, chooser="random", length=5, seed=1)
    assert HangmanSession.resume(polish, random_game.state()).state() == random_game.state()


@pytest.mark.sqlite_only
@pytest.mark.parametrize("strategy", ["paga", "split"])
def test_the_strength_tree_and_the_evil_misses_are_the_same_in_polish_letters(both, strategy):
    english, polish = both
    for length in (3, 4, 5):
        a, b = honest_tree(english, length, strategy), honest_tree(polish, length, strategy)
        assert (b.words, b.wins, b.families) == (a.words, a.wins, a.families)
        assert evil_misses(polish, length, strategy) == evil_misses(english, length, strategy)


@pytest.mark.parametrize("chooser", ["greedy", "optimal"])
def test_length_values_are_the_same_in_polish_letters(both, chooser):
    english, polish = both
    for length in (3, 4, 5):
        a = length_value(english, length, chooser).report()
        b = length_value(polish, length, chooser).report()
        a.pop("seconds"), b.pop("seconds")
        assert b == {**a, "first_guess": written(a["first_guess"], FIXED)}


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(word_lists, tables)
def test_an_index_of_any_list_answers_the_same_in_polish_letters(tmp_path_factory, words, table):
    """Random lists, each built twice (SQLite): the guessers, the evil chooser and the values."""
    folder = tmp_path_factory.mktemp("lists")
    (folder / "en.txt").write_text("\n".join(words) + "\n")
    (folder / "pl.txt").write_text("\n".join(written_all(words, table)) + "\n")
    build_index(str(folder / "en.db"), folder / "en.txt")
    build_index(str(folder / "pl.db"), folder / "pl.txt", language_code="pl")
    length = len(words[0])
    with open_index(str(folder / "en.db")) as english, open_index(str(folder / "pl.db")) as polish:
        for strategy in STRATEGIES:
            a = next_guess(english, parse_position("-" * length), strategy)
            b = next_guess(polish, parse_position("-" * length, None, POLISH), strategy)
            assert b.letter == written(a.letter, table) and b.candidates == a.candidates
        evil = reports.evil(english, length, "abcdefgh")
        assert reports.evil(polish, length, written("abcdefgh", table)) == written_answer(evil, table)
        for chooser in ("greedy", "optimal"):
            a_value = length_value(english, length, chooser).result
            b_value = length_value(polish, length, chooser).result
            assert (b_value.lower, b_value.upper) == (a_value.lower, a_value.upper)


# ---- what only another alphabet has -------------------------------------------------------------------


def test_polish_input_in_nfd_and_any_case_is_read_as_its_letters(both):
    _, polish = both
    nfc = reports.guess(polish, "-m--", "dm")
    decomposed = unicodedata.normalize("NFD", "-M--")
    assert reports.guess(polish, decomposed, unicodedata.normalize("NFD", "DM")) == nfc
    assert reports.words(polish, unicodedata.normalize("NFD", "ŁĄ--"), "Ż") == reports.words(polish, "łą--", "ż")
    session = HangmanSession.create(polish, chooser="random", length=4, seed=2)
    assert session.move(unicodedata.normalize("NFD", "Ą"))["letter"] == "ą"
    assert session.guessed == "ą"


def test_errors_name_the_polish_alphabet_and_english_ones_say_a_z(both):
    english, polish = both
    letters = "aąbcćdeęfghijklłmnńoóprsśtuwyzźż"
    with pytest.raises(BadPatternError, match=f"^pattern '-x--' has 'x' at position 2: use letters {letters} and"):
        reports.guess(polish, "-x--")
    with pytest.raises(BadPatternError, match="^pattern '-ą--' has 'ą' at position 2: use letters a-z and"):
        reports.guess(english, "-ą--")
    with pytest.raises(UsageError, match=f"include 'q': only letters {letters} are allowed"):
        reports.words(polish, "----", "eq")
    session = HangmanSession.create(polish, chooser="evil", length=4, seed=1)
    with pytest.raises(BadGuessError, match=f"^a guess must be a letter {letters}, not 'v'$"):
        session.move("v")
    with pytest.raises(UsageError, match=f"^'xyz' is not a word of letters {letters}$"):
        reports.solve(polish, "XYZ")


def test_folds_play_as_their_letters_and_a_fold_to_two_letters_is_not_one_guess():
    french, german = language("fr").alphabet, language("de").alphabet
    assert parse_position("-É-", "ô", french).pattern.text == "-e-"
    assert parse_position("-É-", "ô", french).guessed == {"e", "o"}
    assert parse_position("GROßE", None, german).pattern.text == "grosse"  # ß is ss: six letters
    assert check_letter("Ö", (), german) == "ö" and check_letter("é", (), french) == "e"
    with pytest.raises(BadGuessError, match=r"^a guess must be exactly one letter, not 'ß' \(it plays as 'ss'\)$"):
        check_letter("ß", (), german)
    with pytest.raises(BadGuessError, match="^'e' was already guessed$"):
        check_letter("È", ("e",), french)
    with pytest.raises(BadGuessError, match="^a guess must be a letter a-z, not 'é'$"):
        check_letter("é")  # English has no folds


def test_the_commands_take_polish_letters_as_typed(run_cli, index_factory):
    db = index_factory("alphabet-pl", written_all(SMALL_WORDS.read_text().split(), FIXED), language="pl")
    decomposed = unicodedata.normalize("NFD", "-M--")
    result = run_cli(["guess", "-p", decomposed, "-g", unicodedata.normalize("NFD", "DM"), "--json"], db=db)
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["guess"] == written("c", FIXED) == "b"  # English: c
    refused = run_cli(["guess", "-p", "-x--"], db=db)
    assert refused.exit_code == 2
    assert refused.stderr == (
        "Error: pattern '-x--' has 'x' at position 2: use letters aąbcćdeęfghijklłmnńoóprsśtuwyzźż "
        "and '-' or '_' for unknown letters\n"
    )
    evil = run_cli(["evil", "-n", "4", "-g", written("eotdc", FIXED), "--json"], db=db)
    assert json.loads(evil.stdout)["words"] == written_all(["ants"], FIXED)
