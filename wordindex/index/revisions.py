"""The schema revisions this wordindex knows, oldest first, and what the newest one holds.

The read path compares an index's ``alembic_version`` against this list
without importing alembic (start-up time matters for every query command).
A test checks that this tuple is exactly the chain the migrations define,
and that ``HEAD_COLUMNS`` is exactly what the schema models declare.
"""

from wordindex.languages.alphabet import COUNT_COLUMNS, POSITION_COLUMNS

REVISIONS = (
    "0001_words_prefixes",
    "0002_letter_totals",
    "0003_word_levels",
    "0004_boggle_lexicon",
    "0005_languages",
    "0006_partial_level_index",
)
HEAD = REVISIONS[-1]

#: PostgreSQL keeps the live index in its own schema so a rebuild can be
#: swapped in atomically by renaming schemas (see ``wordindex.build.load_postgres``).
PG_SCHEMA = "wordindex"
PG_BUILD_SCHEMA = "wordindex_build"
PG_OLD_SCHEMA = "wordindex_old"

#: Every table and column an index at ``HEAD`` has; checked once when an index is opened.
HEAD_COLUMNS: dict[str, frozenset[str]] = {
    "alembic_version": frozenset({"version_num"}),
    "words": frozenset(
        {"id", "word", "length", "signature"}
        | set(POSITION_COLUMNS)
        | set(COUNT_COLUMNS)
        | {"level", "vulgar", "spelling"}
    ),
    "prefixes": frozenset({"prefix", "is_word", "has_longer"}),
    "index_info": frozenset(
        {
            "id",
            "source_name",
            "source_sha256",
            "word_count",
            "lines_read",
            "blank_lines",
            "skipped_not_az",
            "skipped_duplicate",
            "skipped_too_long",
            "built_at",
            "build_seconds",
            "wordindex_version",
            "schema_revision",
            "has_levels",
            "language",
            "skipped_proper_name",
            "skipped_abbreviation",
        }
    ),
    "letter_totals": frozenset({"length", "letter", "occurrences", "words"}),
    "boggle_lexicon": frozenset({"id", "format", "source_sha256", "built_at", "word_count", "data"}),
}
