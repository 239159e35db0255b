"""The reasons a build leaves a line of its list out, by the names its report and ``info`` give them.

The build counts the lines it skips under these names (``wordindex.build.dictionary``) and records the
counts in the index; ``info`` reads them back (``wordindex.words.lookup``). The names live here, below
both, so that reading an index never imports the build.
"""

from __future__ import annotations

from wordindex.languages.alphabet import MAX_WORD_LENGTH

SKIP_NOT_AZ = "not a-z only"
#: The same reason as ``SKIP_NOT_AZ``, for a language whose letters are not a-z.
SKIP_OUTSIDE = "outside the alphabet"
SKIP_PROPER_NAME = "proper name"
SKIP_ABBREVIATION = "abbreviation"
SKIP_DUPLICATE = "duplicate"
SKIP_TOO_LONG = f"longer than {MAX_WORD_LENGTH} letters"
