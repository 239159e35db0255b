"""The schema revisions this wordindex knows, oldest first.

The read path compares an index's ``alembic_version`` against this list
without importing alembic (start-up time matters for every query command).
A test checks that this tuple is exactly the chain the migrations define.
"""

REVISIONS = ("0001_words_prefixes", "0002_letter_totals", "0003_word_levels")
HEAD = REVISIONS[-1]

#: PostgreSQL keeps the live index in its own schema so a rebuild can be
#: swapped in atomically by renaming schemas (see ``wordindex.load_postgres``).
PG_SCHEMA = "wordindex"
PG_BUILD_SCHEMA = "wordindex_build"
PG_OLD_SCHEMA = "wordindex_old"
