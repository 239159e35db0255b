"""The query commands as ``GET /api/<command>?<option>=<value>``: exactly the JSON of ``--json``.

Each endpoint hands the option values, as given, to the same
``wordindex.reports`` function the command line prints with ``--json``, so
both front ends give one answer and one error message. A negative answer
(not a word, no word fits) is still an answer: 200 with the JSON, where the
CLI exits 1. Every query option of a command is a parameter of its endpoint,
named by the option's long name (``min_length`` for ``--min-length``, ``all``
for ``--all``; ``tests/web/test_api_params.py`` walks the CLI's options against
the OpenAPI document); a repeated argument (``check``'s words) is a repeated
parameter. A parameter the endpoint does not take is a 422 naming it
(``query_params.py``), never dropped. Every endpoint takes ``language`` (a served
language's code, ``GET /api/languages``): that language's index answers, the
server's default one without it.

Every answer's work is bounded (docs/serve.md, *Bounds*): by the size of what a request can
ask (texts of ``MAX_TEXT`` characters, ``MAX_CHECK`` words, hands of ``MAX_HAND`` tiles, boards
of the configured size), by refusing the one search that cannot be bounded (the ``optimal``
hangman strategy: its answers search the game, seconds each), and by the worker's search
slots (``in_a_thread``: a search made in a request thread first waits for a slot, not a thread, and
gets a 503 past its wait; an answer made on the event loop is bounded by ``INLINE_SECONDS``).

The event loop answers every request of the worker, so an answer made there must hold it at most
``INLINE_SECONDS`` (5 ms): one whose work the request's size makes longer is routed to a request
thread before it starts (a ``check`` of more than ``CHECK_ON_THE_LOOP`` words, a hand of more than
``MAX_HAND_ON_THE_LOOP`` tiles or ``MAX_WILDCARDS_ON_THE_LOOP`` wildcards, ``all=true``), and one
tried there stops at its next question or step past the time, or before listing more than
``wordindex.index.held.MOST_LISTED_ON_THE_LOOP`` words, and is made again in a thread. The longest stall
per endpoint is measured by ``benchmarks/loop_stalls.py`` (docs/serve.md).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Hashable
from typing import Any

from fastapi import APIRouter, Depends, Query, Request, Response

from wordindex.errors import UsageError
from wordindex.index.core import Index, WouldWait

from ..answers import MEDIA_TYPE
from ..boards import board_not_in_play
from ..cache import AnswerCache
from ..deps import IndexProvider, LexiconCache
from ..errors import responses
from ..games import MAX_HAND
from ..limits import INLINE_SECONDS, Overran, inline_budget, time_budget
from ..query_params import answer_key
from ..served import get_indexes, get_lexicons

router = APIRouter(prefix="/api", tags=["queries"], responses=responses(400, 422, 503))

#: Longest text a query parameter may hold (patterns, boards and hands are short).
MAX_TEXT = 200
#: Most words one ``check`` request may ask about.
MAX_CHECK = 1000
#: Largest ``best-word`` hand answered on the event loop (``_held_report``), and its most wildcards: the
#: problem set's hands are 7 tiles with one. Every word a hand can play is scored in Python after the
#: held words' screen, so the time grows with the hand: 10 tiles with two wildcards held the loop 12 to
#: 18 ms (docs/serve.md, ``benchmarks/loop_stalls.py``); larger hands are a request thread's.
MAX_HAND_ON_THE_LOOP = 8
MAX_WILDCARDS_ON_THE_LOOP = 1
#: The share of ``INLINE_SECONDS`` a held words' answer tried on the event loop may spend asking
#: questions (``HeldOnly``): it stops at the first question or step past it, so the rest is for the
#: step then under way (a letter's split, a length's screen: up to a millisecond on the bundled
#: dictionary's longest lengths) and the answer's JSON.
HELD_SHARE_OF_THE_LOOP = 0.6
#: Most words (or prefixes) one ``check`` answers on the event loop: 1,000 held it 26 ms (each is
#: normalised, looked up and put in the JSON in Python); more are a search in a request thread.
CHECK_ON_THE_LOOP = 100


def _report(request: Request, indexes: IndexProvider, command: str, *args: Any, **options: Any) -> Response:
    """The ``--json`` answer of ``wordindex <command>``: its function in ``reports.QUERY_REPORTS``,
    sent as the CLI prints it (``json.dumps``: no ``jsonable_encoder`` walk), kept (``_cached``)."""
    return _cached(request, indexes, _reported(command, *args, **options))


async def in_a_thread(request: Request, function: Callable[..., Response], *args: Any) -> Response:
    """``function(*args)`` in a request thread, holding one of the worker's search slots (it waits for
    one, 503 past its wait): searches are kept below the threads, so a game move or a page always
    finds one. An answer made on the event loop takes no slot: the loop makes one at a time, within
    ``INLINE_SECONDS``, and an answer kept from before is not a search."""
    from starlette.concurrency import run_in_threadpool

    slots = request.app.state.searches
    await slots.enter()
    try:
        return await run_in_threadpool(function, *args)
    finally:
        slots.leave()


def _reported(command: str, *args: Any, **options: Any) -> Callable[[Index, Hashable], str]:
    from wordindex.reports import QUERY_REPORTS

    return lambda index, _: json.dumps(QUERY_REPORTS[command](index, *args, **options), ensure_ascii=False)


async def _held_report(
    request: Request,
    indexes: IndexProvider,
    command: str,
    *args: Any,
    on_the_loop: bool = True,
    search: bool = True,
    **options: Any,
) -> Response:
    """``_report``, made on the event loop from the worker's held words when it can be.

    Held, a hangman or word-game answer takes tens of microseconds: less than the hop to a request
    thread and back, with the two threads taking turns at the GIL. So the answer is first made on
    the loop, its questions allowed only the lengths already held and ``HELD_SHARE_OF_THE_LOOP`` of
    ``INLINE_SECONDS`` in all (``wordindex.index.held.HeldOnly``, checked at every question and every step
    of one), listing at most ``MOST_LISTED_ON_THE_LOOP`` words at once. An answer that needs a
    scan, a load, more time or a longer listing stops there and is made again in a request thread
    (with a search slot, for a ``search``). ``on_the_loop`` False: the request's size says it would
    take longer; a thread at once.
    SQLite's indexed lookups (``check --prefix``) are microseconds and may run on the loop; on
    PostgreSQL the loop's own index never asks the server (``WouldWait``), so an answer that needs
    a query there goes to a thread too.
    """
    answer = _reported(command, *args, **options)
    held = indexes.held
    if on_the_loop and held is not None and indexes.answers_on_the_loop():
        from wordindex.index.held import HeldOnly, NotHeldNow
        from wordindex.words.held_source import holding

        def held_only(index: Index, generation: Hashable) -> str:
            # The loop's own source, handed to this answer alone: the shared index is not changed.
            seconds = INLINE_SECONDS * HELD_SHARE_OF_THE_LOOP
            return answer(index.with_words(holding(HeldOnly(held, seconds))), generation)

        try:
            return _cached(request, indexes, held_only)
        except (NotHeldNow, WouldWait):  # a scan, a load, more time, or a question for the server
            pass
    if not search:
        from starlette.concurrency import run_in_threadpool

        return await run_in_threadpool(_cached, request, indexes, answer)
    return await in_a_thread(request, _cached, request, indexes, answer)


def _cached(request: Request, indexes: IndexProvider, answer: Callable[[Index, Hashable], str]) -> Response:
    """``answer(index, generation)``'s text as the response, or the same text kept from an earlier request.

    An answer is a pure function of the index (its location and generation: a rebuild is a new
    generation, so what was kept before it is never answered again), the path and the parameters
    the endpoint takes, as it reads them (``query_params.answer_key``: in any order or spelling, and
    nothing else: a parameter it does not take is a 422 before this); so a class that opens one
    board's results at once costs one solve. Errors (4xx, a budget's 503) are raised, never kept.
    Bounded by ``answer_cache_entries`` and ``_bytes``."""
    answers: AnswerCache = request.app.state.answers
    with indexes.use() as index:
        generation = index.generation()  # a query on PostgreSQL: read once, handed to the answer
        key = (indexes.location.url, generation, request.url.path, answer_key(request))
        body = answers.get(key)
        if body is None:
            body = answer(index, generation).encode()
            answers.put(key, body, len(body))
    return Response(body, media_type=MEDIA_TYPE)


@router.get("/info")
def info(request: Request, indexes: IndexProvider = Depends(get_indexes)) -> Any:
    """``wordindex info --json``."""
    return _report(request, indexes, "info")


@router.get("/check")
async def check(
    request: Request,
    word: list[str] | None = Query(None, description=f"A word to check (repeat for more, up to {MAX_CHECK})"),
    prefix: list[str] | None = Query(None, description=f"A prefix to check (repeat for more, up to {MAX_CHECK})"),
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
    longest = max(len(item) for item in items)
    if longest > MAX_TEXT:
        raise UsageError(f"a word to check is at most {MAX_TEXT} characters, not {longest}")
    # A few words: a lookup, from the held words on the event loop when it can be (a thread, no slot, when not).
    # Many: a search, in a request thread with a search slot (its time grows with the words).
    few = len(items) <= CHECK_ON_THE_LOOP
    return await _held_report(request, indexes, "check", items, prefix=bool(prefix), on_the_loop=few, search=not few)


def _served(strategy: str | None) -> str | None:
    """The strategy, unless it is ``optimal`` (refused: its answers search the game, seconds each)."""
    from wordindex.hangman.guessers import Strategy, check_strategy

    if strategy is not None and check_strategy(strategy) is Strategy.OPTIMAL:
        raise UsageError(
            "the optimal strategy is not served (its answers search the game and can take seconds): "
            "choose another, or use the command line"
        )
    return strategy


def _served_chooser(chooser: str | None) -> str | None:
    """``evil``'s chooser, unless it is ``optimal`` (refused as the optimal strategy is: each guess searches
    the family's game, up to ``ANSWER_LIMITS``; a dozen guesses took 8 s on the bundled dictionary)."""
    from wordindex.hangman.opponent import Opponent, check_opponent

    if chooser is not None and check_opponent(chooser) is Opponent.OPTIMAL:
        raise UsageError(
            "the optimal chooser is not served (its answers search the game and can take seconds): "
            "choose greedy, or use the command line"
        )
    return chooser


#: The descriptions of the parameters several endpoints share (the CLI's help, in short).
LEVEL_HELP = "Only words of these levels: easy, medium, hard, N (N and more common) or N-M (an index with levels)"
AGAINST_HELP = "The chooser the optimal strategy assumes: greedy (default) or optimal"
VULGAR_HELP = "Let the answer be a word the index flags as vulgar"


@router.get("/words")
async def words(
    request: Request,
    pattern: str = Query(
        ..., min_length=1, max_length=MAX_TEXT, description="Letters and - for unknown ones, e.g. -o--"
    ),
    guessed: str | None = Query(None, max_length=MAX_TEXT),
    limit: int | None = Query(None, ge=0, le=2**63 - 1),
    level: str | None = Query(None, max_length=MAX_TEXT, description=LEVEL_HELP),
    indexes: IndexProvider = Depends(get_indexes),
) -> Any:
    """``wordindex words --pattern P [--guessed L] [--limit N] [--level LEVEL] --json``."""
    return await _held_report(request, indexes, "words", pattern, guessed=guessed, limit=limit, level=level)


@router.get("/guess")
async def guess(
    request: Request,
    pattern: str = Query(..., min_length=1, max_length=MAX_TEXT),
    guessed: str | None = Query(None, max_length=MAX_TEXT),
    strategy: str | None = Query(None, max_length=MAX_TEXT),
    against: str | None = Query(None, max_length=MAX_TEXT, description=AGAINST_HELP),
    indexes: IndexProvider = Depends(get_indexes),
) -> Any:
    """``wordindex guess --pattern P [--guessed L] [--strategy S] [--against C] --json``."""
    strategy = _served(strategy)
    return await _held_report(request, indexes, "guess", pattern, guessed=guessed, strategy=strategy, against=against)


@router.get("/evil")
async def evil(
    request: Request,
    length: int = Query(...),
    guessed: str | None = Query(None, max_length=MAX_TEXT, description="Letters guessed, in order"),
    guesses: str | None = Query(None, max_length=MAX_TEXT, description="Old name of guessed"),
    chooser: str | None = Query(
        None, max_length=MAX_TEXT, description="greedy (CS106L's, the default); optimal is not served"
    ),
    difficulty: str | None = Query(
        None, max_length=MAX_TEXT, description="The words the chooser may keep, by level (as level for words)"
    ),
    allow_vulgar: bool = Query(False, description="Let the family kept hold words the index flags as vulgar"),
    indexes: IndexProvider = Depends(get_indexes),
) -> Any:
    """``wordindex evil --length N --guessed LETTERS [--chooser C] [--difficulty LEVEL] [--allow-vulgar] --json``
    (``guesses`` is the old name of ``guessed``, still accepted)."""
    if guessed is not None and guesses is not None:
        raise UsageError("give guessed=... (or its old name guesses=...), not both")
    letters = guessed if guessed is not None else guesses
    if letters is None:
        raise UsageError("give the letters guessed, in order: guessed=...")
    from wordindex.hangman.state import check_length

    check_length(length)  # read before the chooser, as the CLI does: two bad values, one message
    chooser = _served_chooser(chooser)
    return await _held_report(
        request, indexes, "evil", length, letters, difficulty=difficulty, allow_vulgar=allow_vulgar, chooser=chooser
    )


@router.get("/solve")
async def solve(
    request: Request,
    word: str = Query(..., min_length=1, max_length=MAX_TEXT),
    strategy: str | None = Query(None, max_length=MAX_TEXT),
    lives: int | None = Query(None),
    against: str | None = Query(None, max_length=MAX_TEXT, description=AGAINST_HELP),
    indexes: IndexProvider = Depends(get_indexes),
) -> Any:
    """``wordindex solve WORD [--strategy S] [--lives N] [--against C] --json``."""
    from wordindex.hangman.opponent import check_opponent

    if against is not None:
        check_opponent(against)  # read before the strategy, as the CLI does: two bad values, one message
    strategy = _served(strategy)
    # The split guesser weighs every letter's split at every guess: a whole game of it held the loop
    # 8 ms (benchmarks/loop_stalls.py, idle), past ``INLINE_SECONDS``, so it is made in a thread.
    from wordindex.hangman.guessers import Strategy, check_strategy

    splits = strategy is not None and check_strategy(strategy) is Strategy.SPLIT
    return await _held_report(
        request, indexes, "solve", word, strategy=strategy, lives=lives, against=against, on_the_loop=not splits
    )


@router.get("/boggle", dependencies=[Depends(board_not_in_play)], responses=responses(409))  # web/boards.py
async def boggle(
    request: Request,
    board: str = Query(..., min_length=1, max_length=MAX_TEXT, description="Letters row by row; q is the Qu cube"),
    rules: str | None = Query(None, max_length=MAX_TEXT),
    min_length: int | None = Query(None),
    show: str | None = Query(None, max_length=MAX_TEXT),
    indexes: IndexProvider = Depends(get_indexes),
    lexicons: LexiconCache = Depends(get_lexicons),
) -> Any:
    """``wordindex boggle BOARD [--rules R] [--min-length N] [--show WORD] --json``.

    Solved on the event loop first: a board takes about a tenth of a millisecond, less than the hop
    to a request thread and back (with the two threads taking turns at the GIL, the hop halved the
    requests a worker answers). A search still running after ``INLINE_SECONDS`` (5 ms) is stopped and
    run again in a request thread under the request's budget, so no board holds the loop longer.
    The loop never waits on a database server: on PostgreSQL it answers from its own index, whose
    generation the worker's watch knows (``IndexProvider``); while the watch cannot vouch for it, or
    before that index is open, ``WouldWait`` sends the board to a thread.
    """
    from wordindex import reports
    from wordindex.boggle.board import parse_board
    from wordindex.boggle.engine import Engine
    from wordindex.boggle.faces import faces_of
    from wordindex.boggle.rules import get_rules

    settings = request.app.state.settings
    get_rules(rules, min_length)  # read before the board, as the CLI does: two bad values, one message

    def answer(index: Index, lexicon: Any, budget: Any) -> str:
        size = parse_board(board, faces=faces_of(index.language.code)).size  # the CLI's BoardError for a bad board
        if size > settings.max_board_size:
            largest = settings.max_board_size
            raise UsageError(f"boards up to {largest}×{largest} are allowed here, not {size}×{size}")
        with budget as stop:
            return reports.boggle_text(
                index,
                board,
                rules=rules,
                min_length=min_length,
                show=show,
                lexicon=lexicon,
                engine=Engine.COMPILED,
                stop=stop,
            )

    def on_the_loop(index: Index, generation: Hashable) -> str:
        lexicon = lexicons.current(index, generation)
        if lexicon is None:  # not loaded since the last rebuild: loading is a request thread's work
            raise Overran
        return answer(index, lexicon, inline_budget())

    def solved_in_a_thread(index: Index, generation: Hashable) -> str:
        return answer(index, lexicons.get(index, generation), time_budget(settings.request_seconds))

    def from_a_thread() -> Response:
        response = _cached(request, indexes, solved_in_a_thread)
        indexes.ready_the_loop()  # PostgreSQL: the loop's own index, if it could not be opened at start-up
        return response

    if indexes.answers_on_the_loop():
        try:
            return _cached(request, indexes, on_the_loop)
        except (Overran, WouldWait):  # too long a search, or a question for the server: a thread's work
            pass
    return await in_a_thread(request, from_a_thread)


@router.get("/best-word")
async def best_word(
    request: Request,
    hand: str = Query(
        ..., min_length=1, max_length=MAX_TEXT, description=f"The hand's letters, * for the wildcard (up to {MAX_HAND})"
    ),
    all: bool = Query(False, description="Every playable word, best first"),  # noqa: A002 - the CLI's --all
    allow_vulgar: bool = Query(False, description=VULGAR_HELP),
    indexes: IndexProvider = Depends(get_indexes),
) -> Any:
    """``wordindex best-word HAND [--all] [--allow-vulgar] --json``."""
    tiles = len("".join(hand.split()))
    if tiles > MAX_HAND:
        raise UsageError(f"a hand of at most {MAX_HAND} tiles is served here, not {tiles}")
    # Every play of a large hand is thousands of words scored in Python between two questions: a thread's work.
    wildcards = hand.count("*")
    small = not all and tiles <= MAX_HAND_ON_THE_LOOP and wildcards <= MAX_WILDCARDS_ON_THE_LOOP
    return await _held_report(
        request, indexes, "best-word", hand, all_words=all, allow_vulgar=allow_vulgar, on_the_loop=small
    )
