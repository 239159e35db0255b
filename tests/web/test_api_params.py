"""The API is the CLI (issue 31 item 11, issue 32 item 9): every query option of a command is a parameter of
its endpoint (``level``, ``against``, ``evil``'s ``chooser``, ``difficulty`` and ``allow_vulgar``, ...), and answers
as the command does. Unknown parameters: ``test_api_unknown_params.py``; 2,000 random questions:
``test_api_differential.py``."""

from __future__ import annotations

import json
import re
from pathlib import Path

import click
import pytest
from fastapi.testclient import TestClient

from wordindex.index.location import parse_location

ROOT = Path(__file__).resolve().parents[2]

#: Eight-letter words fitting ---p--l- (the issue's example), at their levels, a vulgar one, and four-letter words.
LEVELLED = """\
despoils\t50
grapnels\t60
shoptalk\t55
unspilt\t50
cool\t10
good\t10
hope\t20
damn\t35\tvulgar
crap\t35\tvulgar
ibex\t55
oryx\t70
zebu\t-
"""

#: Each query command and its endpoint.
ENDPOINTS = {
    "info": "/api/info",
    "check": "/api/check",
    "words": "/api/words",
    "guess": "/api/guess",
    "evil": "/api/evil",
    "solve": "/api/solve",
    "boggle": "/api/boggle",
    "daily": "/api/daily",
    "best-word": "/api/best-word",
}
#: A command's argument, by the name of its endpoint's parameter.
ARGUMENTS = {
    ("check", "words"): "word",
    ("solve", "word"): "word",
    ("boggle", "board"): "board",
    ("best-word", "letters"): "hand",
}
#: Options of a command that ask no question of the index, so no endpoint takes them (and why).
CLI_ONLY = {
    ("boggle", "--path"): "how the text is drawn: the JSON always has each word's path",
    ("boggle", "--batch"): "a file of boards: the API answers one board per request",
}
#: Parameters an endpoint takes that no command option is (and why).
API_ONLY = {
    "language": "the CLI names its index with --db",
}


@pytest.fixture(scope="module")
def levelled_db(tmp_path_factory, index_factory):
    source = tmp_path_factory.mktemp("api-levelled") / "levelled.txt"
    source.write_text(LEVELLED)
    return index_factory("api-levelled", path=source)


@pytest.fixture(scope="module")
def levelled(levelled_db):
    from wordindex.web.app import create_app
    from wordindex.web.settings import Settings

    with TestClient(create_app(Settings(index=parse_location(str(levelled_db))))) as client:
        yield client


def _cli_command(name: str) -> click.Command:
    from wordindex.cli.commands import load_command

    command = load_command(name)
    assert command is not None, name
    return command


def test_the_issues_example_answers_as_the_cli_does(levelled, levelled_db, run_cli):
    """Issue 31 item 11: ``level`` was dropped, so every level's words came back where the CLI found none."""
    response = levelled.get("/api/words", params={"pattern": "---p--l-", "guessed": "cjlpw", "level": "easy"})
    cli = run_cli(["words", "--pattern", "---p--l-", "--guessed", "cjlpw", "--level", "easy", "--json"], db=levelled_db)
    assert cli.exit_code == 1
    assert response.status_code == 200
    assert response.json() == json.loads(cli.stdout) == {"count": 0, "words": [], "spellings": {}}
    medium = levelled.get("/api/words", params={"pattern": "---p--l-", "level": "medium"}).json()
    assert medium["words"] == ["despoils"]


@pytest.mark.parametrize("command", sorted(ENDPOINTS))
def test_every_option_of_a_command_is_a_parameter_of_its_endpoint(client, command):
    """The CLI's options, read from its click commands, against the OpenAPI document: both ways."""
    parameters = {
        p["name"] for p in client.get("/openapi.json").json()["paths"][ENDPOINTS[command]]["get"]["parameters"]
    }
    wanted = set()
    for param in _cli_command(command).params:
        if isinstance(param, click.Argument):
            wanted.add(ARGUMENTS[(command, param.name)])
            continue
        if param.name == "json_output":
            continue
        long = [name for name in param.opts if name.startswith("--")]
        if not long or (command, long[0]) in CLI_ONLY:
            continue  # a short-only hidden alias (words -n) has no name to give
        wanted.add(long[0].removeprefix("--").replace("-", "_"))
    assert sorted(wanted - parameters) == []  # no option the API lacks
    assert sorted(parameters - wanted - set(API_ONLY)) == []  # and no parameter the CLI lacks


def test_the_docs_list_each_endpoints_parameters(client):
    """docs/serve.md's table of the endpoints' parameters is the OpenAPI document's (``language``: below it)."""
    paths = client.get("/openapi.json").json()["paths"]
    rows = re.findall(r"^\| `(/api/[a-z-]+)` \| (.*) \|$", (ROOT / "docs" / "serve.md").read_text(), re.MULTILINE)
    listed = {path: {name for name in re.findall(r"`([a-z_]+)`", cell)} for path, cell in rows}
    assert sorted(listed) == sorted(ENDPOINTS.values())
    for path, names in listed.items():
        assert names == {p["name"] for p in paths[path]["get"].get("parameters", [])} - set(API_ONLY), path


# -- evil takes the CLI's --chooser, --difficulty and --allow-vulgar (issue 32 item 9) --------------------------


@pytest.mark.parametrize(
    ("params", "args"),
    [
        ({"difficulty": "easy"}, ["--difficulty", "easy"]),
        ({"difficulty": "55-70"}, ["--difficulty", "55-70"]),
        ({"allow_vulgar": "true"}, ["--allow-vulgar"]),
        ({"allow_vulgar": "true", "difficulty": "medium"}, ["--allow-vulgar", "--difficulty", "medium"]),
        ({"chooser": "greedy"}, ["--chooser", "greedy"]),
    ],
)
def test_evil_takes_the_clis_pool_and_chooser(levelled, levelled_db, run_cli, params, args):
    response = levelled.get("/api/evil", params={"length": 4, "guessed": "oae", **params})
    cli = run_cli(["evil", "--length", "4", "--guessed", "oae", *args, "--json"], db=levelled_db)
    assert cli.exit_code == 0, cli.stderr
    assert response.status_code == 200, response.text
    assert response.json() == json.loads(cli.stdout)


def test_evil_pools_change_the_answer(levelled):
    def words(**params):
        return levelled.get("/api/evil", params={"length": 4, "guessed": "x", **params}).json()["words"]

    assert words() == ["cool", "good", "hope", "zebu"]  # ibex and oryx hold the x
    assert words(difficulty="easy") == ["cool", "good", "hope"]
    assert words(allow_vulgar="true") == ["cool", "crap", "damn", "good", "hope", "zebu"]


def test_evil_refuses_the_optimal_chooser_and_a_bad_one_as_the_cli_does(levelled, levelled_db, run_cli):
    optimal = levelled.get("/api/evil", params={"length": 4, "guessed": "e", "chooser": "optimal"})
    assert optimal.status_code == 400
    assert optimal.json()["error"].startswith("the optimal chooser is not served")
    bad = levelled.get("/api/evil", params={"length": 4, "guessed": "e", "chooser": "cruel"})
    cli = run_cli(["evil", "--length", "4", "--guessed", "e", "--chooser", "cruel"], db=levelled_db)
    assert bad.status_code == 400 and cli.exit_code == 2
    assert bad.json()["error"] == cli.stderr.strip().removeprefix("Error: ")


@pytest.mark.parametrize(
    ("url", "args"),
    [
        ("/api/guess?pattern=----&against=optimal", ["guess", "--pattern", "----", "--against", "optimal"]),
        ("/api/solve?word=cool&against=greedy", ["solve", "cool", "--against", "greedy"]),
        ("/api/best-word?hand=damn&allow_vulgar=true", ["best-word", "damn", "--allow-vulgar"]),
        ("/api/best-word?hand=damn", ["best-word", "damn"]),
        ("/api/guess?pattern=----&against=cruel", ["guess", "--pattern", "----", "--against", "cruel"]),
    ],
)
def test_the_other_new_parameters_answer_as_the_cli(levelled, levelled_db, run_cli, url, args):
    response = levelled.get(url)
    cli = run_cli([*args, "--json"], db=levelled_db)
    if cli.exit_code == 2:
        assert response.status_code == 400
        assert response.json()["error"] == cli.stderr.strip().removeprefix("Error: ")
    else:
        assert response.status_code == 200, response.text
        assert response.json() == json.loads(cli.stdout)
