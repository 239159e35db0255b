"""The query commands as ``GET /api/<command>?<option>=<value>``: exactly the JSON of ``--json``.

Each endpoint hands the option values, as given, to the same
``wordindex.reports`` function the command line prints with ``--json``, so
both front ends give one answer and one error message. A negative answer
(not a word, no word fits) is still an answer: 200 with the JSON, where the
CLI exits 1. Option names are the CLI's long names (``min_length`` for
``--min-length``, ``all`` for ``--all``); a repeated argument (``check``'s
words) is a repeated parameter. Every endpoint takes ``language`` (a served
language's code, ``GET /api/languages``): that language's index answers, the
server's default one without it.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Depends, Query, Request

from wordindex.errors import UsageError

from ..answers import json_answer, text_answer
from ..deps import IndexProvider, LexiconCache
from ..served import get_indexes, get_lexicons

router = APIRouter(prefix="/api", tags=["queries"])

#: Longest text a query parameter may hold (patterns, boards and hands are short).
MAX_TEXT = 200
#: Most words one ``check`` request may ask about.
MAX_CHECK = 1000


def _report(indexes: IndexProvider, command: str, *args: Any, **options: Any) -> Any:
    """The ``--json`` answer of ``wordindex <command>``: its function in ``reports.QUERY_REPORTS``,
    sent as the CLI prints it (``answers.json_answer``: no ``jsonable_encoder`` walk)."""
    from wordindex.reports import QUERY_REPORTS

    with indexes.use() as index:
        return json_answer(QUERY_REPORTS[command](index, *args, **options))


@router.get("/info")
def info(indexes: IndexProvider = Depends(get_indexes)) -> Any:
    """``wordindex info --json``."""
    return _report(indexes, "info")


@router.get("/check")
def check(
    word: list[str] | None = Query(None, max_length=MAX_TEXT, description="A word to check (repeat for more)"),
    prefix: list[str] | None = Query(None, max_length=MAX_TEXT, description="A prefix to check (repeat for more)"),
    indexes: IndexProvider = Depends(get_indexes),
) -> Any:
    """``wordindex check WORD... [--prefix] --json``: ``?word=cool&word=zzzz`` or ``?prefix=co``."""
    if word and prefix:
        raise UsageError("give words (word=...) or prefixes (prefix=...), not both")
    items = word or prefix
    if not items:
        raise UsageError("give at least one word=... (or prefix=...)")
    if len(items) > MAX_CHECK:
        raise UsageError(f"at most {MAX_CHECK} words per request, not {len(items)}")
    return _report(indexes, "check", items, prefix=bool(prefix))


@router.get("/words")
def words(
    pattern: str = Query(..., max_length=MAX_TEXT, description="Letters and - for unknown ones, e.g. -o--"),
    guessed: str | None = Query(None, max_length=MAX_TEXT),
    limit: int | None = Query(None, ge=0),
    indexes: IndexProvider = Depends(get_indexes),
) -> Any:
    """``wordindex words --pattern P [--guessed L] [--limit N] --json``."""
    return _report(indexes, "words", pattern, guessed=guessed, limit=limit)


@router.get("/guess")
def guess(
    pattern: str = Query(..., max_length=MAX_TEXT),
    guessed: str | None = Query(None, max_length=MAX_TEXT),
    strategy: str | None = Query(None, max_length=MAX_TEXT),
    indexes: IndexProvider = Depends(get_indexes),
) -> Any:
    """``wordindex guess --pattern P [--guessed L] [--strategy S] --json``."""
    return _report(indexes, "guess", pattern, guessed=guessed, strategy=strategy)


@router.get("/evil")
def evil(
    length: int = Query(...),
    guessed: str | None = Query(None, max_length=MAX_TEXT, description="Letters guessed, in order"),
    guesses: str | None = Query(None, max_length=MAX_TEXT, description="Old name of guessed"),
    indexes: IndexProvider = Depends(get_indexes),
) -> Any:
    """``wordindex evil --length N --guessed LETTERS --json`` (``guesses`` is the old name, still accepted)."""
    if guessed is not None and guesses is not None:
        raise UsageError("give guessed=... (or its old name guesses=...), not both")
    letters = guessed if guessed is not None else guesses
    if letters is None:
        raise UsageError("give the letters guessed, in order: guessed=...")
    return _report(indexes, "evil", length, letters)


@router.get("/solve")
def solve(
    word: str = Query(..., max_length=MAX_TEXT),
    strategy: str | None = Query(None, max_length=MAX_TEXT),
    lives: int | None = Query(None),
    indexes: IndexProvider = Depends(get_indexes),
) -> Any:
    """``wordindex solve WORD [--strategy S] [--lives N] --json``."""
    return _report(indexes, "solve", word, strategy=strategy, lives=lives)


@router.get("/boggle")
def boggle(
    request: Request,
    board: str = Query(..., max_length=MAX_TEXT, description="Letters row by row; q is the Qu cube"),
    rules: str | None = Query(None, max_length=MAX_TEXT),
    min_length: int | None = Query(None),
    show: str | None = Query(None, max_length=MAX_TEXT),
    indexes: IndexProvider = Depends(get_indexes),
    lexicons: LexiconCache = Depends(get_lexicons),
) -> Any:
    """``wordindex boggle BOARD [--rules R] [--min-length N] [--show WORD] --json``."""
    from wordindex import reports
    from wordindex.boggle.board import parse_board
    from wordindex.boggle.engine import Engine
    from wordindex.boggle.faces import faces_of

    largest = request.app.state.settings.max_board_size
    with indexes.use() as index:
        size = parse_board(board, faces=faces_of(index.language.code)).size  # the CLI's BoardError for a bad board
        if size > largest:
            raise UsageError(f"boards up to {largest}×{largest} are allowed here, not {size}×{size}")
        lexicon = lexicons.get(index)
        text = reports.boggle_text(
            index, board, rules=rules, min_length=min_length, show=show, lexicon=lexicon, engine=Engine.COMPILED
        )
    return text_answer(text)


@router.get("/best-word")
def best_word(
    hand: str = Query(..., max_length=MAX_TEXT, description="The hand's letters, * for the wildcard"),
    all: bool = Query(False, description="Every playable word, best first"),  # noqa: A002 - the CLI's --all
    indexes: IndexProvider = Depends(get_indexes),
) -> Any:
    """``wordindex best-word HAND [--all] --json``."""
    return _report(indexes, "best-word", hand, all_words=all)
