"""Children a test interrupts with SIGINT, whatever the test run's own SIGINT is.

A process started with SIGINT ignored passes the ignoring on to its children (``nohup``, a job a
non-interactive shell starts with ``&``, a CI runner that ignores it), and the wordindex command,
like any program, leaves an ignored SIGINT ignored: a background job is out of the terminal's Ctrl-C
reach. So a test that sends SIGINT starts its child with SIGINT set back to its default action
(``preexec_fn=sigint_default``), and passes however the suite was started.
"""

from __future__ import annotations

import signal


def sigint_default() -> None:
    """In the child, before it runs the command: SIGINT's default action, even if the parent ignores it."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
