"""The API is the CLI (issue 31 item 11): the same 2,000 random questions, asked of ``GET /api/<command>``
and of ``wordindex <command> --json``, get the same answers and the same errors, in three languages.

The questions are seeded (``SEED``): patterns with known and unknown letters, guessed letters (some
repeated, some not letters), levels and difficulties (good and bad), hands with wildcards, words to
check, boards, strategies and choosers, on small English, French and German lists with levels and
vulgar flags, served by one app (the English index the default, the others by ``language``). A
negative answer is the CLI's exit 1 and the API's 200 with the same JSON (a position no word fits: the
CLI's exit 1 with a line on stderr, the API's 404 with that line); an error is the CLI's exit 2 with
``Error: message`` and the API's 400 (404 for a thing not in the index) with that message. The API
refuses the optimal strategy and chooser (seconds of search per answer): ``test_api_params.py`` tests
that refusal.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from wordindex.index.location import Location, parse_location

SEED = 31_11
QUESTIONS = 2_000
#: On PostgreSQL every command connects to the server (about 11 ms, twice the rest of an answer): the first
#: 600 of the same questions keep the test within 20 seconds there; SQLite asks all 2,000 in about 8.
QUESTIONS_ON_A_SERVER = 600

#: Word, level (or -), vulgar flag: a few lengths, every level band, two vulgar words per language.
ENGLISH = """\
cool 10
good 10
hope 20
deal 20
beta 35
else 35
flew 50
ibex 55
oryx 70
zebu -
damn 35 vulgar
crap 40 vulgar
cat 10
act 20
tea 10
eat 10
sat 35
coat 20
coats 35
taco 50
tacos 55
seat 20
east 10
stab 50
tabs 55
quit 20
quiet 35
quite 20
quote 35
suit 20
apple 10
mango 35
lemon 20
melon 35
grape 50
peach 55
despoils 50
grapnels 60
shoptalk 55
"""
FRENCH = """\
été 10
fête 20
café 10
maison 10
chat 10
chien 10
père 20
mère 20
élève 35
fenêtre 35
thé 20
blé 50
clé 35
pré 55
rue 10
eau 10
âme 50
île 35
noël 55
merde 35 vulgar
zut 50
garçon 20
leçon 35
œuvre 55
"""
GERMAN = """\
Größe 20
Bär 35
Käse 10
Öl 35
müde 20
Haus 10
Maus 20
Brot 10
schön 10
Tür 20
Äpfel 35
Füße 35
Hund 10
Mund 20
rund 35
Bund 50
Straße 35
Fuß 20
Scheiße 50 vulgar
Mist 55
hass 70
Spaß 20
"""
LISTS = {"en": ENGLISH, "fr": FRENCH, "de": GERMAN}
#: The letters each language's questions are made of: its own, a few capitals, and some that are no letter.
LETTERS = {
    "en": "abcdeghilmnopqrstuyzACE",
    "fr": "abcdefghilmnoprstuvzéèêâîëçœÉ",
    "de": "abcdefghiklmnoprstuüäößÄÖ",
}
STRANGERS = "1-?* "
#: Values of each kind of option: good ones, and bad ones ``_pick`` takes now and then.
LEVELS = (["easy", "medium", "hard", "20", "35-55", "10-10", "70"], ["55-20", "huge", "", "-5"])
STRATEGIES = (["naive", "pattern", "paga", "containing", "split"], ["psychic"])
AGAINST = (["greedy", "optimal"], ["cruel"])
CHOOSERS = (["greedy"], ["evil", "cruel"])
#: The commands asked, and how often (in thirtieths, roughly).
COMMANDS = {"words": 30, "guess": 20, "evil": 15, "solve": 8, "check": 10, "best-word": 10, "boggle": 6, "info": 1}


@pytest.fixture(scope="module")
def indexes(tmp_path_factory, index_factory) -> dict[str, Location]:
    folder = tmp_path_factory.mktemp("differential")
    built = {}
    for code, text in LISTS.items():
        source = folder / f"{code}.txt"
        rows = ("\t".join(line.split()) for line in text.splitlines())
        source.write_text("\n".join(rows) + "\n", encoding="utf-8")
        built[code] = parse_location(str(index_factory(f"differential-{code}", path=source, language=code)))
    return built


@pytest.fixture(scope="module")
def api(indexes) -> Iterator[TestClient]:
    from wordindex.web.app import create_app
    from wordindex.web.settings import Settings

    app = create_app(Settings(index=indexes["en"], more_indexes=(indexes["fr"], indexes["de"])))
    with TestClient(app) as client:
        yield client


def _words(code: str) -> list[str]:
    return [line.split()[0] for line in LISTS[code].splitlines()]


def _text(rng: random.Random, code: str, low: int, high: int, stranger: float = 0.05) -> str:
    letters = LETTERS[code]
    return "".join(
        rng.choice(STRANGERS) if rng.random() < stranger else rng.choice(letters) for _ in range(rng.randint(low, high))
    )


def _pick(rng: random.Random, values: tuple[list[str], list[str]], left_out: float = 0.4) -> str | None:
    """None (the option left out), else a good value, or one time in ten a bad one."""
    if rng.random() < left_out:
        return None
    good, bad = values
    return rng.choice(bad if rng.random() < 0.1 else good)


def _guessed(rng: random.Random, code: str, most: int = 6) -> str | None:
    """Letters guessed: distinct mostly, now and then one twice or one that is no letter."""
    if rng.random() < 0.2:
        return None
    if rng.random() < 0.15:
        return _text(rng, code, 0, most, stranger=0.1)
    return "".join(rng.sample(LETTERS[code], rng.randint(0, most)))


def _pattern(rng: random.Random, code: str) -> str:
    """A word's pattern with some letters hidden (most questions), or random text."""
    if rng.random() < 0.8:
        word = rng.choice(_words(code))
        return "".join(c if rng.random() < 0.3 else rng.choice("--_") for c in word)
    return _text(rng, code, 1, 8, stranger=0.1).replace(" ", "-") or "-"


class Question:
    """One question: the endpoint's parameters and the command's arguments."""

    def __init__(self, code: str, command: str, params: list[tuple[str, Any]], args: list[str]):
        self.code = code
        self.command = command
        self.params = [(name, value) for name, value in params if value is not None]
        self.args = args

    def __repr__(self) -> str:
        return f"{self.code} {self.command} {self.params}"


def _flag(rng: random.Random, name: str, cli: str, args: list[str], params: list[tuple[str, Any]]) -> None:
    if rng.random() < 0.3:
        params.append((name, "true"))
        args.append(cli)


def _option(value: Any, cli: str, args: list[str]) -> None:
    if value is not None:
        args += [cli, str(value)]


def _question(rng: random.Random) -> Question:
    code = rng.choice(list(LISTS))
    command = rng.choices(list(COMMANDS), weights=list(COMMANDS.values()))[0]
    params: list[tuple[str, Any]] = []
    args: list[str] = []
    if command == "words":
        pattern, guessed = _pattern(rng, code), _guessed(rng, code)
        limit = rng.choice([None, None, 0, 1, 3])
        level = _pick(rng, LEVELS, 0.5)
        params = [("pattern", pattern), ("guessed", guessed), ("limit", limit), ("level", level)]
        args = ["--pattern", pattern]
        _option(guessed, "--guessed", args)
        _option(limit, "--limit", args)
        _option(level, "--level", args)
    elif command == "guess":
        pattern, guessed = _pattern(rng, code), _guessed(rng, code)
        strategy, against = _pick(rng, STRATEGIES), _pick(rng, AGAINST, 0.6)
        params = [("pattern", pattern), ("guessed", guessed), ("strategy", strategy), ("against", against)]
        args = ["--pattern", pattern]
        _option(guessed, "--guessed", args)
        _option(strategy, "--strategy", args)
        _option(against, "--against", args)
    elif command == "evil":
        length = len(rng.choice(_words(code))) if rng.random() < 0.9 else rng.choice([0, 2, 9, 40])
        guessed = _guessed(rng, code, 8) or ""
        chooser, difficulty = _pick(rng, CHOOSERS, 0.5), _pick(rng, LEVELS, 0.6)
        params = [("length", length), ("guessed", guessed), ("chooser", chooser), ("difficulty", difficulty)]
        args = ["--length", str(length), "--guessed", guessed]
        _option(chooser, "--chooser", args)
        _option(difficulty, "--difficulty", args)
        _flag(rng, "allow_vulgar", "--allow-vulgar", args, params)
    elif command == "solve":
        word = rng.choice(_words(code)) if rng.random() < 0.85 else _text(rng, code, 1, 6)
        if rng.random() < 0.2:
            word = word.upper()
        strategy, against = _pick(rng, STRATEGIES), _pick(rng, AGAINST, 0.6)
        lives = rng.choice([None, None, 1, 3, 6, 12, 0])
        params = [("word", word), ("strategy", strategy), ("lives", lives), ("against", against)]
        _option(strategy, "--strategy", args)
        _option(lives, "--lives", args)
        _option(against, "--against", args)
        args += ["--", word]
    elif command == "check":
        items = [
            rng.choice(_words(code)) if rng.random() < 0.5 else _text(rng, code, 1, 7) for _ in range(rng.randint(1, 4))
        ]
        prefix = rng.random() < 0.3
        if prefix:
            items = [item[: rng.randint(1, 3)] for item in items]
            args.append("--prefix")
        params = [("prefix" if prefix else "word", item) for item in items]
        args += ["--", *items]
    elif command == "best-word":
        hand = _text(rng, code, 1, 9, stranger=0.0)
        hand = "".join("*" if rng.random() < 0.1 else c for c in hand)
        if rng.random() < 0.05:
            hand += rng.choice(["1", "?"])
        params = [("hand", hand)]
        _flag(rng, "all", "--all", args, params)
        _flag(rng, "allow_vulgar", "--allow-vulgar", args, params)
        args += ["--", hand]
    elif command == "boggle":
        side = rng.choice([2, 3, 3, 4])
        board = "".join(rng.choice(LETTERS[code][:-3]) for _ in range(side * side - rng.choice([0, 0, 0, 1])))
        rules = rng.choice([None, None, "official", "simple", "house"])
        min_length = rng.choice([None, None, 1, 3, 4])
        show = rng.choice([None, None, rng.choice(_words(code))])
        params = [("board", board), ("rules", rules), ("min_length", min_length), ("show", show)]
        _option(rules, "--rules", args)
        _option(min_length, "--min-length", args)
        _option(show, "--show", args)
        args += ["--", board]
    return Question(code, command, [*params, ("language", code)], args)


def questions() -> list[Question]:
    rng = random.Random(SEED)
    return [_question(rng) for _ in range(QUESTIONS)]


def _asked_of_the_cli(runner: CliRunner, location: Location, question: Question) -> tuple[str, Any]:
    args = ["--db", location.url, question.command, "--json", *question.args]
    result = runner.invoke(_app(), args, catch_exceptions=False)
    if result.exit_code == 1 and not result.stdout:  # no position to answer (no word fits): a line on stderr
        return "none", result.stderr.strip()
    if result.exit_code in (0, 1):
        return "answer", json.loads(result.stdout)
    assert result.exit_code == 2, (question, result.exit_code, result.output)
    assert result.stderr.startswith("Error: "), (question, result.stderr)
    return "error", result.stderr.strip().removeprefix("Error: ")


def _asked_of_the_api(api: TestClient, question: Question) -> tuple[str, Any]:
    response = api.get(f"/api/{question.command}", params=question.params)
    if response.status_code == 200:
        return "answer", response.json()
    body = response.json()
    assert response.status_code in (400, 404), (question, response.status_code, response.text)
    return "none" if body["type"] in _negative_answers() else "error", body["error"]


def _negative_answers() -> set[str]:
    """The names of the errors that are a negative answer (the CLI's exit 1, not 2): ``NegativeAnswer``'s kinds."""
    import wordindex.hangman.state  # noqa: F401 - defines NoCandidateError
    from wordindex.errors import NegativeAnswer

    found, kinds = set(), [NegativeAnswer]
    while kinds:
        kind = kinds.pop()
        found.add(kind.__name__)
        kinds += kind.__subclasses__()
    return found


def _app() -> Any:
    from wordindex.cli.app import app

    return app


def test_the_api_and_the_cli_answer_2000_random_questions_alike(api, indexes, backend, monkeypatch):
    monkeypatch.delenv("WORDINDEX_DB", raising=False)
    runner = CliRunner()
    asked = questions()[: QUESTIONS if backend == "sqlite" else QUESTIONS_ON_A_SERVER]
    differences = []
    outcomes: Counter[tuple[str, str]] = Counter()
    for question in asked:
        cli = _asked_of_the_cli(runner, indexes[question.code], question)
        web = _asked_of_the_api(api, question)
        outcomes[question.command, cli[0]] += 1
        if cli != web:
            differences.append((question, cli, web))
    shown = "\n".join(f"{question}: CLI {cli}, API {web}" for question, cli, web in differences[:10])
    assert not differences, f"{len(differences)} differences, the first:\n{shown}"
    # every command is asked in every language and answers most questions; some questions are refused
    assert {(q.code, q.command) for q in asked} == {(code, command) for code in LISTS for command in COMMANDS}
    for command in COMMANDS:
        answered, refused = outcomes[command, "answer"] + outcomes[command, "none"], outcomes[command, "error"]
        assert answered > refused, (command, answered, refused)
    assert sum(n for (_, outcome), n in outcomes.items() if outcome == "error") > len(asked) // 10
