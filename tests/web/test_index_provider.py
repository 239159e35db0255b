"""A worker's index connections: one per request thread, and none left behind by a thread that ended
(the thread pool ends idle threads and starts new ones, burst after burst)."""

from __future__ import annotations

import threading

from wordindex.web.deps import IndexProvider

from wordindex.index.core import ServerIndex


def in_a_thread_of_its_own(provider: IndexProvider):
    opened = []
    thread = threading.Thread(target=lambda: opened.append(provider.get()))
    thread.start()
    thread.join()
    return opened[0]


def test_the_index_of_a_thread_that_ended_is_closed_when_another_thread_opens_one(web_index):
    provider = IndexProvider(web_index)
    try:
        first = in_a_thread_of_its_own(provider)
        assert provider.open_indexes == 1
        second = in_a_thread_of_its_own(provider)
        assert second is not first
        assert provider.open_indexes == 1  # the first thread's connection went with it
        if isinstance(first, ServerIndex):
            assert first.connection.closed
        mine = provider.get()  # a live thread's connection stays
        in_a_thread_of_its_own(provider)
        assert provider.open_indexes == 2 and provider.get() is mine
    finally:
        provider.close()
    assert provider.open_indexes == 0
