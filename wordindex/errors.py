"""Named exceptions: the library raises these, the CLI turns them into one line on stderr.

Each carries the exit code the CLI uses (2 for every error).
"""


class WordIndexError(Exception):
    """Base of every error a user can cause; ``str()`` is the one line to show.

    Every error exits with status 2 (docs/cli.md: 0 yes, 1 a negative answer,
    2 an error of any kind); a negative answer is not an error.
    """

    exit_code = 2


class UsageError(WordIndexError):
    """The request itself is malformed (bad pattern, bad letters, bad number)."""

    exit_code = 2


class BadPatternError(UsageError):
    """A hangman pattern holds something other than letters, '-' and '_'."""


class NoLevelsError(UsageError):
    """A word level (``--difficulty``, ``--level``) was asked of an index built without levels."""


class DatabaseURLError(UsageError):
    """The database URL cannot be parsed or names an unsupported backend."""


class DictionaryError(WordIndexError):
    """The dictionary file is missing, unreadable, binary or has no valid word."""


class DatabaseError(WordIndexError):
    """The database cannot be reached or answered with an error."""


class NoIndexError(WordIndexError):
    """There is no index at the chosen location yet."""


class NotAnIndexError(WordIndexError):
    """The database exists but is not a wordindex index."""


class SchemaTooNewError(WordIndexError):
    """The index was written by a newer wordindex than this one."""


class SchemaTooOldError(WordIndexError):
    """The index predates this wordindex; ``wordindex db upgrade`` fixes it."""


class RefusedError(WordIndexError):
    """``build`` will not replace something it cannot prove is its own (a file, a schema)."""


class BuildBusyError(WordIndexError):
    """Another build of the same index is running."""


class NotFoundError(WordIndexError):
    """A thing the request names (a word, a length) is not in the index."""


class BusyError(WordIndexError):
    """Not now, but the same request may succeed shortly: too much is going on at once (a server says 503).

    ``retry_after`` is how many seconds to wait before asking again (a server's ``Retry-After``).
    """

    def __init__(self, message: str, retry_after: int = 1):
        super().__init__(message)
        self.retry_after = retry_after


class TooManyError(BusyError):
    """This client asked for more than its share (too many new games a minute; a server says 429)."""


class TimeLimitError(WordIndexError):
    """The work took longer than the caller's time budget and was stopped."""


class NegativeAnswer(WordIndexError):
    """Not an error: the question has no answer (no word fits). Shown as a plain line, exit status 1."""

    exit_code = 1


class BadMoveError(UsageError):
    """A game move that is not allowed now (a letter guessed twice, a word after the end)."""


class BadStateError(UsageError):
    """A saved game state that does not hold together (wrong game, version, or contents)."""
