"""The app factory: ``create_app(settings)`` wires the routers, the index, the game store and the bounds.

``app_from_environment`` is what uvicorn's workers call (``--workers N``
starts N processes, each building its own app from the environment that
``wordindex serve`` prepared).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Iterator
from typing import Any

from fastapi import APIRouter, Depends, FastAPI
from fastapi_offline import FastAPIOffline

from wordindex import __version__
from wordindex.errors import WordIndexError
from wordindex.gamestore import GameStore, game_store_location

from . import errors
from .boards import HidingGameStore
from .cache import AnswerCache
from .games import ROUND_RESULTS_BYTES, ROUND_RESULTS_KEPT
from .limits import BodyLimit, CreationRate, SearchSlots
from .live import DRAIN, GameWatch, StreamSlots
from .served import ServedIndexes
from .settings import Settings, settings_from_environment

log = logging.getLogger("wordindex.web")


async def _cleanup_loop(store: GameStore, settings: Settings) -> None:
    """Delete old games every ``cleanup_minutes`` (each worker does; the DELETE is idempotent)."""
    while True:
        try:
            removed = await asyncio.to_thread(
                store.cleanup, settings.keep_finished_hours * 3600, settings.keep_idle_days * 86400
            )
            if removed:
                log.info("removed %d old games", removed)
        except Exception as exc:  # a store that is down now may be up next time
            log.warning("game cleanup failed: %s", exc)
        await asyncio.sleep(settings.cleanup_minutes * 60)


@contextlib.contextmanager
def _start_up_frozen() -> Iterator[None]:
    """Leave what start-up made (modules, the app, each lexicon and compiled search) out of the
    garbage collector's full passes while the app serves (``gc.freeze``): it lives as long as the
    worker. Under load the objects of requests in flight outlive the young generations, so full
    passes come every second or so, and each walked all of it with the worker stopped: ~85 ms each,
    6 % of the time under game moves; now each walks what requests made since (~5 ms). Given back
    to the collector when the app stops (an app made again and again, as in tests, leaks nothing)."""
    import gc

    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


#: BLAS threads a worker's numerical code may use (``one_blas_thread``).
BLAS_THREADS = 1


def one_blas_thread() -> contextlib.AbstractContextManager[Any]:
    """Numerical code of this process on one BLAS thread while the app runs (threadpoolctl).

    Why: the held words' letter sums are a matrix-vector product (``wordindex.index.held``), and OpenBLAS
    runs one on its own pool of threads, as many as the cores: started from the event loop, the loop
    then waits for threads that take turns with every request thread (``/healthz`` p95 16 ms, max
    40 ms measured), for a product of a few thousand columns that one thread does in microseconds.
    numpy is imported first, so its BLAS library is loaded and found; the limit is lifted again
    when the app stops (an app made in a test leaves the process as it was). ``wordindex serve`` also
    sets ``OPENBLAS_NUM_THREADS`` before any worker loads numpy, so no pool is even started."""
    import numpy  # noqa: F401 - loads the BLAS library threadpoolctl limits
    from threadpoolctl import threadpool_limits

    return threadpool_limits(limits=BLAS_THREADS, user_api="blas")


def create_app(settings: Settings) -> FastAPI:
    """A new app on ``settings.indexes`` (one per language); the game store opens (and migrates) at start-up."""

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[dict[str, Any]]:
        with one_blas_thread():
            async with serving(app) as state:
                yield state

    @contextlib.asynccontextmanager
    async def serving(app: FastAPI) -> AsyncIterator[dict[str, Any]]:
        import anyio
        import anyio.to_thread

        anyio.to_thread.current_default_thread_limiter().total_tokens = settings.threads
        app.state.move_threads = anyio.CapacityLimiter(settings.move_threads)
        # A GameStore that hides running rounds' boards from /api/boggle (web/boards.py).
        store = HidingGameStore(settings.games or game_store_location(settings.index), pool_size=settings.threads)
        try:
            await asyncio.to_thread(store.migrate)
        except WordIndexError as exc:  # a read-only or broken store: the worker stays up, its writes get 503s
            log.warning("the game store cannot be prepared: %s", exc)
        app.state.served.start()  # on PostgreSQL, each index's generation watched (no query per answer)
        await asyncio.to_thread(app.state.served.resolve_quietly)  # each index's language, read once
        app.state.store = store
        slots = StreamSlots(settings.max_streams, settings.max_streams_per_address, settings.max_streams_per_game)
        app.state.watch = GameWatch(store, settings.live_poll_seconds, slots, settings.stream_idle_seconds)
        for served in app.state.served.all:  # each language's lexicon loaded and search compiled before a request
            try:
                await asyncio.to_thread(served.lexicons.warm)
            except Exception as exc:  # an index that cannot be used now: /readyz says why
                log.warning("Boggle search not warmed on %s: %s", served.location.display, exc)
            try:
                await asyncio.to_thread(served.indexes.warm_held)
                await asyncio.to_thread(served.indexes.warm_answers)  # not the loop: each kind's first answer
            except Exception as exc:
                log.warning("words not held in memory for %s: %s", served.location.display, exc)
            await asyncio.to_thread(served.indexes.ready_the_loop)  # PostgreSQL: the event loop's own index
        cleanup = asyncio.create_task(_cleanup_loop(store, settings))
        try:
            with _start_up_frozen():
                yield {DRAIN: app.state.watch.drain}  # the server's protocol calls it on SIGTERM (protocol.py)
        finally:
            cleanup.cancel()
            app.state.served.close()
            store.close()

    # /docs and /redoc with Swagger UI's and ReDoc's files served from this server (the fastapi-offline
    # package), not FastAPI's default public CDN: the pages work offline and on a private network.
    app = FastAPIOffline(
        title="wordindex",
        version=__version__,
        description="Word games on one precomputed word index: the JSON of every query command, and game sessions.",
        lifespan=lifespan,
        static_url="/docs-static",
    )
    app.state.settings = settings
    app.state.served = ServedIndexes(settings.indexes, settings.held_words)
    app.state.searches = SearchSlots(settings.max_searches, settings.request_seconds)
    app.state.creations = CreationRate(settings.new_games_per_minute)
    app.state.round_results = AnswerCache(ROUND_RESULTS_KEPT, ROUND_RESULTS_BYTES)
    app.state.answers = AnswerCache(settings.answer_cache_entries, settings.answer_cache_bytes)
    errors.install(app)

    from .query_params import known_query
    from .routers import daily, games, health, languages, pages, queries

    for router in (health.router, queries.router, daily.router, languages.router, games.router, pages.router):
        _answer_head(router)
        if router.prefix.startswith("/api"):  # a query parameter a route does not take is a 422, not ignored
            app.include_router(router, dependencies=[Depends(known_query)], responses=errors.responses(422))
        else:
            app.include_router(router)
    for route in list(app.router.routes):  # /docs and /redoc
        _answer_head_of(app.router, route)
    pages.mount_static(app)

    if settings.cors_origins:
        from fastapi.middleware.cors import CORSMiddleware

        app.add_middleware(
            CORSMiddleware,
            allow_origins=list(settings.cors_origins),
            allow_methods=["GET", "POST"],
            allow_headers=["content-type"],
        )
    app.add_middleware(BodyLimit, max_bytes=settings.max_body_bytes)
    return app


def _answer_head(router: APIRouter) -> None:
    """``HEAD`` wherever ``GET``: FastAPI routes answer only the methods they name (405 otherwise), so
    each GET route gets a HEAD twin after the router's other routes, outside the OpenAPI document. A
    GET matches before reaching the twins: no cost per request. The server drops a HEAD's body.
    Idempotent (the routers are modules' own, and every app includes them)."""
    for route in list(router.routes):
        _answer_head_of(router, route)


def _answer_head_of(router: APIRouter, route: Any) -> None:
    from fastapi.responses import StreamingResponse
    from fastapi.routing import APIRoute

    if not isinstance(route, APIRoute) or "GET" not in route.methods or route.response_class is StreamingResponse:
        return  # a live stream's HEAD would hold the connection for the whole game
    if any(isinstance(r, APIRoute) and r.path == route.path and "HEAD" in r.methods for r in router.routes):
        return
    twin = APIRoute(
        route.path,
        route.endpoint,
        methods=["HEAD"],
        dependencies=route.dependencies,
        status_code=route.status_code,
        response_class=route.response_class,
        include_in_schema=False,
    )
    router.routes.append(twin)


def app_from_environment() -> FastAPI:
    """The app a uvicorn worker builds (``uvicorn --factory wordindex.web.app:app_from_environment``)."""
    return create_app(settings_from_environment())
