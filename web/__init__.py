"""``wordindex serve``: the HTTP API and the web page, a front end beside ``wordindex.cli``.

Installed as ``wordindex.web`` with the ``serve`` extra (FastAPI, uvicorn).
Like the CLI it only validates, routes and serialises: the answers come from
``wordindex.reports`` and the games from the session objects, stored by
``wordindex.gamestore``. Nothing here is imported by any other command.
"""
