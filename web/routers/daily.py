"""``GET /api/daily?date=&solve=``: today's puzzle, exactly the JSON of ``wordindex daily --json``.

Both front ends call ``wordindex.reports.daily`` with the UTC date of their own clock, so a worker
and the command line give the same board for the same day. The answer is kept in the worker's
answer cache like every query's (``queries._cached``), but under the date it was made for rather than
the parameters as sent: without ``date``, the request means today, and an answer kept at 23:59 must
not be today's at 00:01. Making it shakes and solves up to ``MAX_ATTEMPTS`` boards (a few on most
days, but up to 200), so it runs in a request thread holding a search slot (``queries.in_a_thread``).
"""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

from fastapi import APIRouter, Depends, Query, Request, Response

from ..answers import MEDIA_TYPE
from ..cache import AnswerCache
from ..deps import IndexProvider, LexiconCache
from ..errors import responses
from ..served import get_indexes, get_lexicons
from .queries import MAX_TEXT, in_a_thread

router = APIRouter(prefix="/api", tags=["queries"], responses=responses(400, 422, 503))


def today() -> dt.date:
    """Today's date in UTC: the day whose puzzle a request without ``date`` gets."""
    return dt.datetime.now(dt.UTC).date()


@router.get("/daily")
async def daily(
    request: Request,
    date: str | None = Query(None, max_length=MAX_TEXT, description="The day, YYYY-MM-DD (default: today, UTC)"),
    solve: bool = Query(False, description="List the board's main words and bonus words"),
    indexes: IndexProvider = Depends(get_indexes),
    lexicons: LexiconCache = Depends(get_lexicons),
) -> Any:
    """``wordindex daily [--date D] [--solve] --json``: the day's board, its number and word counts."""
    from wordindex import reports
    from wordindex.boggle.daily import check_date

    now = today()
    day = check_date(date, now)  # a bad or future date: 400 before a thread or a slot is taken

    def answer() -> Response:
        cache: AnswerCache = request.app.state.answers
        with indexes.use() as index:
            generation = index.generation()
            key = (indexes.location.url, generation, request.url.path, day.isoformat(), solve)
            body = cache.get(key)
            if body is None:
                lexicon = lexicons.get(index, generation)
                report = reports.daily(index, now, day.isoformat(), solve, lexicon)
                body = json.dumps(report, ensure_ascii=False).encode()
                cache.put(key, body, len(body))
        return Response(body, media_type=MEDIA_TYPE)

    return await in_a_thread(request, answer)
