"""The answer of every query command as one JSON-ready value: the one contract of ``--json`` and the web API.

Each function takes an open index and the option values as a user gives
them (strings and ints, ``None`` for an option left out), parses and checks
them with the library's own parsers (so bad input raises the same named
``wordindex.errors`` exception, with the same message, in every front end),
and returns plain dicts, lists, strings, numbers and booleans. The command
line prints exactly this value with ``--json`` and renders its plain text
from it; the web service returns it from ``GET /api/<command>``.

Key names follow the table in ``docs/cli.md`` (``board`` + ``rows`` for a
board, ``word_count`` for index sizes, snake_case everywhere).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # heavy modules stay out of start-up; each function imports what it uses
    import datetime as dt

    from wordindex.build.builder import BuildReport
    from wordindex.index.core import Index

    from .boggle.best import SearchResult
    from .boggle.board import Board
    from .boggle.engine import Engine
    from .boggle.rules import Rules
    from .boggle.solution import FoundWord, Solution
    from .boggle.stop import SearchStop
    from .boggle.trie import Trie
    from .wordgame.best import WordPlay

JSON = dict[str, Any]


def snake(text: str) -> str:
    """A reason or label as a snake_case key: ``"not a-z only"`` → ``"not_a_z_only"``."""
    return re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_")


def snake_keys(counts: Mapping[str, int]) -> dict[str, int]:
    return {snake(reason): int(n) for reason, n in counts.items()}


# -- the index -------------------------------------------------------------


def build_summary(report: BuildReport) -> JSON:
    """``wordindex build --json``: what the build did."""
    return {
        "database": report.database,
        "language": report.language,
        "source": report.source_name,
        "word_count": report.words,
        "lines_read": report.lines_read,
        "blank_lines": report.blank_lines,
        "skipped": snake_keys(report.skipped),
        "seconds": round(report.seconds, 3),
    }


def languages() -> list[JSON]:
    """``wordindex languages``: each language's code, names, alphabet and default list."""
    from .languages import languages as all_languages

    return [
        {
            "code": item.code,
            "name": item.name,
            "native_name": item.native_name,
            "alphabet": item.letters,
            "letter_count": item.alphabet.size,
            "default_list": item.default_list.path,
            "package": item.default_list.package,
            "bundled": item.default_list.bundled,
            "licence": item.default_list.licence,
            "encoding": item.default_list.encoding,
        }
        for item in all_languages()
    ]


def info(index: Index) -> JSON:
    """``wordindex info --json``: the build record and the words per length."""
    from wordindex.words.lookup import index_info

    facts = index_info(index)
    return {
        "database": facts.database,
        "language": facts.language,
        "source": facts.source_name,
        "sha256": facts.source_sha256,
        "word_count": facts.word_count,
        "lines_read": facts.lines_read,
        "skipped": snake_keys(facts.skipped),
        "built_at": facts.built_at,
        "seconds": facts.build_seconds,
        "wordindex_version": facts.wordindex_version,
        "schema_revision": facts.schema_revision,
        "counts_by_length": [{"length": n, "word_count": c} for n, c in facts.counts_by_length],
        "has_levels": facts.has_levels,
        "counts_by_level": [{"level": n, "word_count": c} for n, c in facts.counts_by_level],
        "vulgar_word_count": facts.vulgar_words,
    }


def check(index: Index, words: Sequence[str], prefix: bool = False) -> list[JSON]:
    """``wordindex check``: ``[{"word", "valid", "level", "vulgar", "spellings"}]``, or ``[{"prefix", "valid"}]``.

    ``word`` is the letters the word plays as (French ``ete`` for ``été``); ``level`` its
    commonness level (null when unknown or not a word); ``vulgar`` whether the index flags it
    (valid, but never picked or suggested by default); ``spellings`` how the list spells it
    (``["été"]``; empty when it is not a word).
    """
    from wordindex.words.lookup import check_prefixes, describe_words

    if prefix:
        return [{"prefix": item, "valid": ok} for item, ok in check_prefixes(index, words)]
    return [
        {"word": f.word, "valid": f.valid, "level": f.level, "vulgar": f.vulgar, "spellings": list(f.spellings)}
        for f in describe_words(index, words)
    ]


def words(
    index: Index, pattern: str, guessed: str | None = None, limit: int | None = None, level: str | None = None
) -> JSON:
    """``wordindex words``: ``{"count": total, "words": [sorted, at most limit], "spellings": {...}}``.

    Only words of ``level`` when given. ``spellings`` maps each listed word whose list spelling
    differs from its letters to those spellings (``{"ete": ["été"]}``; empty for English).
    """
    from wordindex.words.levels import parse_levels
    from wordindex.words.lookup import words_matching
    from wordindex.words.pattern import parse_letters, parse_pattern

    alphabet = index.alphabet
    parsed = parse_pattern(pattern, alphabet)
    letters = parse_letters(guessed, alphabet=alphabet) if guessed is not None else None
    levels = parse_levels(level, "--level") if level is not None else None
    matches = words_matching(index, parsed, letters, limit, levels)
    return {"count": matches.count, "words": matches.words, "spellings": spelt(index, matches.words)}


def spelt(index: Index, words: Sequence[str]) -> dict[str, list[str]]:
    """The ``spellings`` key of an answer that lists words: the list's spellings where they differ."""
    from wordindex.words.lookup import spellings

    if not index.language.respells:  # every word is spelt as it plays (English, Polish)
        return {}
    return {word: list(found) for word, found in spellings(index, words).items()}


# -- hangman ---------------------------------------------------------------


def guess(
    index: Index,
    pattern: str,
    guessed: str | None = None,
    strategy: str | None = None,
    against: str | None = None,
) -> JSON:
    """``wordindex guess``: the next letter (``?`` when none is left) and what it was chosen from.

    The ``optimal`` strategy adds ``against`` (the chooser it assumes), ``exact`` (whether the
    letter is proven value-achieving) and ``misses`` (the position's value when exact).
    """
    from .hangman.guessers import DEFAULT_STRATEGY, Strategy, check_strategy, next_guess
    from .hangman.opponent import check_opponent
    from .hangman.state import parse_position

    chosen = check_strategy(strategy or DEFAULT_STRATEGY)
    opponent = check_opponent(against or "greedy").value
    position = parse_position(pattern, guessed, index.alphabet)
    result = next_guess(index, position, chosen, opponent)
    report: JSON = {
        "guess": result.letter,
        "strategy": str(result.strategy),
        "candidates": result.candidates,
        "frequencies": result.frequencies,
    }
    if chosen is Strategy.OPTIMAL:
        report.update({"against": opponent, "exact": result.exact, "misses": result.misses})
    return report


def evil(
    index: Index,
    length: int,
    guessed: str,
    difficulty: str | None = None,
    allow_vulgar: bool = False,
    chooser: str | None = None,
) -> JSON:
    """``wordindex evil``: the evil chooser's answer to each guess, and the family left.

    ``difficulty`` and ``allow_vulgar`` choose the words the chooser may keep, as in a game.
    ``chooser`` is ``greedy`` (CS106L's, the default) or ``optimal`` (the family forcing the
    most misses; each step then says whether its choice was ``exact``).
    """
    from .hangman.choosers import EvilChooser, OptimalChooser
    from .hangman.opponent import Opponent, check_opponent
    from .hangman.session import word_pool
    from .hangman.state import check_length, parse_guess_sequence

    check_length(length)
    optimal = check_opponent(chooser or "greedy") is Opponent.OPTIMAL
    letters = parse_guess_sequence(guessed, "guesses", index.alphabet)
    pool = word_pool(difficulty, allow_vulgar)
    replay = OptimalChooser(index, length, pool=pool) if optimal else EvilChooser(index, length, pool=pool)
    for letter in letters:
        replay.guess(letter)
    return {
        "steps": [
            {
                "letter": s.letter,
                "occurrences": s.occurrences,
                "pattern": s.pattern,
                "family_size": s.family_size,
                **({"exact": s.exact} if optimal else {}),
            }
            for s in replay.steps
        ],
        "words": replay.words(),
    }


def solve(
    index: Index, word: str, strategy: str | None = None, lives: int | None = None, against: str | None = None
) -> JSON:
    """``wordindex solve``: a guesser plays against a known word; its guesses and whether it won.

    ``against`` is the chooser the ``optimal`` strategy assumes (greedy or optimal).
    """
    from .hangman.guessers import DEFAULT_STRATEGY
    from .hangman.opponent import check_opponent
    from .hangman.solver import DEFAULT_LIVES
    from .hangman.solver import solve as run_solver

    opponent = check_opponent(against or "greedy").value
    result = run_solver(index, word, strategy or DEFAULT_STRATEGY, DEFAULT_LIVES if lives is None else lives, opponent)
    return {
        "word": result.word,
        "won": result.won,
        "guesses": result.guesses,
        "wrong": result.wrong,
        "strategy": str(result.strategy),
        "lives": result.lives,
        "steps": [{"letter": s.letter, "occurrences": s.occurrences, "pattern": s.pattern} for s in result.steps],
    }


# -- Boggle ----------------------------------------------------------------


def board_json(board: Board) -> JSON:
    """A board as both its string and its rows (``docs/cli.md``)."""
    return {"board": board.text, "rows": board.rows()}


def path_json(path: Sequence[tuple[int, int]]) -> list[list[int]]:
    return [[int(r), int(c)] for r, c in path]


def found_word_json(found: FoundWord) -> JSON:
    return {"word": found.word, "score": found.score, "path": path_json(found.path)}


def _solved(
    index: Index,
    board: str,
    rules: str | None,
    min_length: int | None,
    lexicon: Trie | None,
    engine: Engine | None,
    stop: SearchStop | None = None,
) -> tuple[JSON, Solution]:
    """The answer's head (board, rules) and the board's solution (``SearchStopped`` once ``stop`` is set)."""
    from .boggle.board import parse_board
    from .boggle.engine import solve_board
    from .boggle.faces import faces_of
    from .boggle.rules import get_rules
    from .boggle.store import load_trie

    chosen = get_rules(rules, min_length)
    parsed = parse_board(board, faces=faces_of(index.language.code))
    solution = solve_board(lexicon if lexicon is not None else load_trie(index), parsed, chosen, engine, stop)
    return {**board_json(parsed), "rules": str(chosen.name), "min_length": chosen.min_length}, solution


def boggle(
    index: Index,
    board: str,
    rules: str | None = None,
    min_length: int | None = None,
    show: str | None = None,
    lexicon: Trie | None = None,
    engine: Engine | None = None,
    stop: SearchStop | None = None,
) -> JSON:
    """``wordindex boggle``: every word of the board with its score and path, and the totals.

    With ``show``, only that word (``NotFoundError`` is never raised: a word
    that is not on the board gives ``"word": null`` and ``"found": false``,
    a negative answer the command line turns into exit status 1).
    ``lexicon``: this index's stored Boggle lexicon (``boggle.store.load_trie``),
    when the caller keeps it loaded (a server does); by default it is loaded here.
    ``engine``: the search to use (by default the compiled one once this process has compiled it).
    ``stop``: the search gives up with ``SearchStopped`` once it is set (a server's time budget).
    """
    head, solution = _solved(index, board, rules, min_length, lexicon, engine, stop)
    if show is not None:
        typed = "".join(show.split())
        wanted = index.alphabet.play(typed) or typed.lower()
        found = solution.find(wanted)
        return {
            **head,
            "found": found is not None,
            "word": found.word if found else wanted,
            "score": found.score if found else 0,
            "path": path_json(found.path) if found else None,
            "count": solution.count,
        }
    return {
        **head,
        "count": solution.count,
        "score": solution.score,
        "words": [found_word_json(w) for w in solution.words],
    }


def boggle_text(
    index: Index,
    board: str,
    rules: str | None = None,
    min_length: int | None = None,
    show: str | None = None,
    lexicon: Trie | None = None,
    engine: Engine | None = None,
    stop: SearchStop | None = None,
) -> str:
    """``json.dumps(boggle(...), ensure_ascii=False)``, the words written straight from the solution.

    What ``wordindex boggle --json`` prints and ``/api/boggle`` sends (the same characters, see
    ``boggle.answer_text``): a dense board's answer in a tenth of the time of the dict.
    """
    import json

    if show is not None:
        return json.dumps(boggle(index, board, rules, min_length, show, lexicon, engine, stop), ensure_ascii=False)
    from .boggle.answer_text import words_text

    head, solution = _solved(index, board, rules, min_length, lexicon, engine, stop)
    totals = json.dumps({**head, "count": solution.count, "score": solution.score}, ensure_ascii=False)
    return f'{totals[:-1]}, "words": {words_text(solution)}}}'


def boggle_best(result: SearchResult, size: int, rules: Rules, seed: int, target: int | None) -> JSON:
    """``wordindex boggle-best --json``: the best board a search found (``score``, ``board``, ``rows``,
    after ``seconds``), every board it kept (``boards``), and what the search did: ``steps``,
    ``boards_scored``, ``elapsed`` seconds, ``interrupted`` (Ctrl-C), ``reached_target``."""
    best = result.boards
    return {
        "size": size,
        "rules": rules.name,
        "seed": seed,
        "score": best[0].score,
        **board_json(best[0].board),
        "seconds": round(best[0].seconds, 2),
        "target": target,
        "reached_target": result.reached_target,
        "elapsed": round(result.seconds, 2),
        "steps": result.steps,
        "boards_scored": result.boards_scored,
        "interrupted": result.interrupted,
        "boards": [
            {**board_json(b.board), "score": b.score, "count": b.count, "seconds": round(b.seconds, 2)} for b in best
        ],
    }


def daily(
    index: Index, today: dt.date, date: str | None = None, solve: bool = False, lexicon: Trie | None = None
) -> JSON:
    """``wordindex daily --json``: the day's board (``date``, YYYY-MM-DD, up to ``today``; today when None),
    its number, and how many main and bonus words it has; with ``solve``, the words themselves
    (``main_words`` and ``bonus_words``, each by score, then alphabetically). ``today`` is the UTC date
    the front end reads from its clock (the library reads none). ``lexicon`` as for ``boggle``."""
    from .boggle.daily import check_date
    from .boggle.daily import daily as daily_puzzle

    day = daily_puzzle(index, check_date(date, today), lexicon)
    report: JSON = {
        "date": day.date.isoformat(),
        "day": day.day,
        "language": day.language,
        **board_json(day.board),
        "rules": str(day.rules.name),
        "min_length": day.rules.min_length,
        "levelled": day.levelled,
        "main_count": len(day.main),
        "main_score": day.main_score,
        "bonus_count": len(day.bonus),
        "bonus_score": day.bonus_score,
        "longest": max((len(w.word) for w in day.main), default=0),
        "attempt": day.attempt,
        "passed_filter": day.passed,
    }
    if solve:
        report["main_words"] = [found_word_json(w) for w in day.main]
        report["bonus_words"] = [found_word_json(w) for w in day.bonus]
    return report


# -- the word game ---------------------------------------------------------


def play_json(play: WordPlay) -> JSON:
    return {"word": play.word, "spelled": play.spelled, "score": play.score}


def best_word(index: Index, letters: str, all_words: bool = False, allow_vulgar: bool = False) -> JSON:
    """``wordindex best-word``: the best word for a hand (``"word": null`` when none), or every word.

    Words the index flags as vulgar are left out unless ``allow_vulgar``. The hand is read in the
    index's language; ``spellings`` maps a word whose list spelling differs to it (``words``).
    """
    from .wordgame import best_word as best_play
    from .wordgame import parse_hand, playable_words
    from .wordgame.tiles import tiles_of

    chosen = tiles_of(index)
    hand = parse_hand(letters, chosen)
    shown = "".join(letters.split()).lower()
    if all_words:
        plays = playable_words(hand, index, allow_vulgar, chosen)
        return {
            "hand": shown,
            "words": [play_json(p) for p in plays],
            "spellings": spelt(index, [p.spelled for p in plays]),
        }
    best = best_play(hand, index, allow_vulgar, chosen)  # the first of playable_words, without sorting them all
    if best is None:
        return {"hand": shown, "word": None, "spelled": None, "score": 0, "spellings": {}}
    return {"hand": shown, **play_json(best), "spellings": spelt(index, [best.spelled])}


#: The query commands' report functions, by command name: ``GET /api/<command>`` calls the one of its
#: name (``web/routers/queries.py``), so the web answer is the ``--json`` of the command of that name.
QUERY_REPORTS = {
    "info": info,
    "check": check,
    "words": words,
    "guess": guess,
    "evil": evil,
    "solve": solve,
    "boggle": boggle,
    "best-word": best_word,
}
