"""``wordindex serve --index [LANG=]URL``: which indexes a server serves, checked before it starts."""

from __future__ import annotations

import pytest

from .test_api_languages import trio  # noqa: F401 - the module's indexes, shared


@pytest.fixture
def started(monkeypatch) -> list[dict[str, str | None]]:
    """uvicorn.run replaced by a recorder of the indexes serve hands its workers (restored after the test)."""
    import os

    import uvicorn

    calls: list[dict[str, str | None]] = []
    names = ("WORDINDEX_DB", "WORDINDEX_INDEXES")
    monkeypatch.setattr(uvicorn, "run", lambda *args, **kwargs: calls.append({n: os.environ.get(n) for n in names}))
    for name in ("WORDINDEX_DB", "WORDINDEX_INDEXES", "WORDINDEX_GAMES_DB", "WORDINDEX_CORS_ORIGINS"):
        monkeypatch.setenv(name, "")
    return calls


def test_serve_hands_every_index_to_the_workers_default_first(run_cli, trio, started):  # noqa: F811
    english, french, german = trio
    result = run_cli(["serve", "--index", f"fr={french.url}", "--index", german.url], db=english.url)
    assert result.exit_code == 0, result.stderr
    assert started == [{"WORDINDEX_DB": english.url, "WORDINDEX_INDEXES": f"{french.url}\n{german.url}"}]
    assert f"on {english.display} (en), {french.display} (fr), {german.display} (de) (games:" in result.stderr


def test_without_db_the_first_index_is_the_default(run_cli, trio, started):  # noqa: F811
    _, french, german = trio
    result = run_cli(["serve", "--index", f"de={german.url}", "--index", f"FR={french.url}"])
    assert result.exit_code == 0, result.stderr
    assert started == [{"WORDINDEX_DB": german.url, "WORDINDEX_INDEXES": french.url}]


def test_the_indexes_may_come_from_the_environment(run_cli, trio, started, monkeypatch):  # noqa: F811
    english, french, german = trio
    monkeypatch.setenv("WORDINDEX_INDEXES", f"{german.url}\n\nfr={french.url}\n")
    result = run_cli(["serve"], db=english.url)
    assert result.exit_code == 0, result.stderr
    assert started == [{"WORDINDEX_DB": english.url, "WORDINDEX_INDEXES": f"{german.url}\n{french.url}"}]


@pytest.mark.parametrize(
    ("specs", "message"),
    [
        (["de={fr}"], "Error: --index de={fr}: that index is French (fr), not German"),
        (
            ["{fr}", "fr={fr}"],
            "Error: --index {fr} and --index fr={fr} are both French indexes: serve one index per language",
        ),
        (["{en}"], "Error: --db and --index {en} are both English indexes: serve one index per language"),
        (["xx={fr}"], "Error: unknown language 'xx': choose one of en, fr, de, es, it, pt, nl, pl, sv"),
    ],
)
def test_serve_refuses_indexes_that_do_not_fit(run_cli, trio, started, specs, message):  # noqa: F811
    english, french, _ = trio
    args = [item for spec in specs for item in ("--index", spec.format(fr=french.url, en=english.url))]
    result = run_cli(["serve", *args], db=english.url)
    assert result.exit_code == 2 and result.stderr.strip() == message.format(fr=french.url, en=english.url)
    assert started == []


def test_serve_refuses_a_missing_index_among_several(run_cli, trio, started, tmp_path):  # noqa: F811
    result = run_cli(["serve", "--index", str(tmp_path / "none.db")], db=trio[0].url)
    assert result.exit_code == 2 and result.stderr.startswith(f"Error: no word index at {tmp_path / 'none.db'}")
    assert started == []


@pytest.mark.parametrize(
    ("spec", "advice"),
    [
        ("fr={path}", "create it with `wordindex --db {path} build --language fr`"),
        ("DE={path}", "create it with `wordindex --db {path} build --language de`"),
        ("{path}", "create it with `wordindex --db {path} build --language LANG` (LANG: one of {codes})"),
    ],
)
def test_a_missing_index_is_built_in_its_own_language_at_its_own_place(run_cli, trio, started, tmp_path, spec, advice):  # noqa: F811
    """Not the English default's ``wordindex build data/dictionary.txt``: that builds another index."""
    from wordindex.languages import CODES

    path = tmp_path / "fr.db"
    result = run_cli(["serve", "--index", spec.format(path=path)], db=trio[0].url)
    expected = f"Error: no word index at {path}: {advice.format(path=path, codes=', '.join(CODES))}\n"
    assert (result.exit_code, result.stderr) == (2, expected)
    assert started == []


@pytest.mark.sqlite_only
def test_a_directory_serves_each_of_its_indexes_by_file_name(run_cli, started, tmp_path):
    from wordindex.build.builder import build_index
    from wordindex.index.location import sqlite_location

    from .test_api_languages import FRENCH, GERMAN

    folder = tmp_path / "indexes"
    folder.mkdir()
    for code, words in (("fr", FRENCH), ("de", GERMAN)):
        source = tmp_path / f"{code}.txt"
        source.write_text("\n".join(words) + "\n", encoding="utf-8")
        build_index(str(folder / f"{code}.db"), source, language_code=code)
    (folder / "de-games.db").write_bytes(b"")  # a game store beside an index is not served
    (folder / "notes.txt").write_text("not an index")
    result = run_cli(["serve", "--index", str(folder)])
    assert result.exit_code == 0, result.stderr
    german, french = sqlite_location(folder / "de.db"), sqlite_location(folder / "fr.db")
    assert started == [{"WORDINDEX_DB": german.url, "WORDINDEX_INDEXES": french.url}]

    empty = tmp_path / "empty"
    empty.mkdir()
    refused = run_cli(["serve", "--index", str(empty)])
    assert refused.exit_code == 2
    assert refused.stderr.strip() == f"Error: --index {empty}: no *.db index files in that directory"
