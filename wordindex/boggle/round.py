"""A timed Boggle round for one or more players on one board: a session with a small state.

This is the game the web page plays: every player searches the same board
against the same clock; when it runs out (or every player says they are done)
the round is over and everyone sees every player's words, and every word on
the board with the ones nobody found marked. In a round of two or more
players a word found by more than one of them scores nothing for anyone (the
real game's rule). A round can point to its next round (same players, next
board), which is how "next round" keeps a group together.

Whoever has a round's link can send it moves, so every move that changes the round for others
names a joined player: ending a one-player round, saying one is done (final: a player who is done
sends no more words), asking a hint (``hints``: counted per player and shown in the results; only the
asking player's answer holds it), asking for the next round (only once the round is over; the next round's id
is made by the server, never taken from a move). The board's full solution is for the results,
which appear only once no word can be accepted any more (the clock plus ``GRACE_SECONDS``), so it
cannot be copied into late words. Players' names are normalised (NFC, runs of spaces as one, no
control or format characters) and told apart without case and by their look: two names whose UTS #39
skeletons are equal ("Ana", "Аna" with a Cyrillic А) are one name, and the later gets a number.

The session never reads the clock itself: every call takes ``now`` (seconds
since the epoch), so a stored round can be resumed by any process and tested
without waiting. ``state()`` is the whole serialisable state (player ids
included); ``view(player)`` is what one player may see (other players' words
only once the round is over).
"""

from __future__ import annotations

import random
import secrets
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from wordindex.index.core import Index
from wordindex.languages.confusables import name_keys

from ..errors import UsageError, WordIndexError
from ..languages import language
from .board import Board, board_key, find_path, parse_board
from .dice import get_dice, shake
from .faces import faces_of
from .hints import HINT_KINDS, next_letters, start_counts, unfound
from .rules import Rules, get_rules
from .scores import PlayerScore, final_scores, running_score, who_found
from .solution import Solution

#: The web page's default: three minutes, as in the real game.
DEFAULT_SECONDS = 180
MIN_SECONDS, MAX_SECONDS = 10, 3600
MAX_PLAYERS = 16
MAX_NAME = 24
#: A word that arrives this long after the clock ran out still counts (network delay).
GRACE_SECONDS = 2.0


class RoundOverError(WordIndexError):
    """A word or a join arrived after the round ended."""

    exit_code = 1


class RoundRunningError(WordIndexError):
    """A move that waits for the end of the round came while it still runs."""

    exit_code = 1


class PlayerError(UsageError):
    """An unknown player id, a bad name, or a full round."""


@dataclass(frozen=True)
class RoundSettings:
    """How a round is set up: board (or seed + size + dice), rules, duration."""

    board: str | None = None
    seed: int | None = None
    size: int = 4
    dice: str | None = None
    rules: str = "official"
    min_length: int | None = None
    seconds: int = DEFAULT_SECONDS
    multiplayer: bool = False
    #: The language of the index the round is played on: its dice, letters and faces.
    language: str = "en"


def player_name(text: Any) -> str:
    """A player's name as shown: NFC, spaces collapsed; PlayerError for control or format characters."""
    if not isinstance(text, str):
        raise PlayerError(f"a player's name is 1 to {MAX_NAME} characters")
    name = " ".join(unicodedata.normalize("NFC", text).split())
    if not 1 <= len(name) <= MAX_NAME:
        raise PlayerError(f"a player's name is 1 to {MAX_NAME} characters")
    if any(unicodedata.category(ch).startswith("C") for ch in name):
        raise PlayerError("a player's name has no control, format or unassigned characters")
    return name


def _check_seconds(seconds: int) -> int:
    if not MIN_SECONDS <= seconds <= MAX_SECONDS:
        raise UsageError(f"a round lasts {MIN_SECONDS} to {MAX_SECONDS} seconds, not {seconds}")
    return seconds


def deal_board(settings: RoundSettings, max_size: int = 6) -> tuple[Board, int | None]:
    """The round's board: the one given, else a shake of the dice from the seed (one is drawn if none)."""
    if settings.board is not None:
        board = parse_board(settings.board, faces=faces_of(language(settings.language).code))
        if board.size > max_size:
            raise UsageError(f"boards up to {max_size}×{max_size} are allowed here, not {board.size}×{board.size}")
        return board, None
    if settings.size > max_size:
        raise UsageError(f"boards up to {max_size}×{max_size} are allowed here, not {settings.size}×{settings.size}")
    seed = settings.seed if settings.seed is not None else random.SystemRandom().randrange(2**31)
    if not 0 <= seed < 2**63:
        raise UsageError(f"a seed is a whole number from 0 to 2^63 - 1, not {seed}")
    found = language(settings.language)
    return shake(get_dice(settings.dice, settings.size, found), random.Random(seed), faces_of(found.code)), seed


@lru_cache(maxsize=1024)
def _stored_board(text: str, code: str) -> Board:
    """A stored round's board, read once (a Board is immutable): every move and every view of a round
    resumes it, and a server's live streams resume each round once per player per move."""
    return parse_board(text, faces=faces_of(code))


class BoggleRound:
    """One round. Create with ``new``, store ``state()``, come back with ``resume``."""

    kind = "boggle"

    def __init__(self, state: dict[str, Any]):
        self._state = state
        self.language = state.get("language", "en")
        self.board = _stored_board(state["board"], self.language)
        self.rules: Rules = get_rules(state["rules"], state["min_length"])

    # -- life cycle -----------------------------------------------------------

    @classmethod
    def new(cls, settings: RoundSettings, now: float, max_size: int = 6) -> BoggleRound:
        rules = get_rules(settings.rules, settings.min_length)
        board, seed = deal_board(settings, max_size)
        seconds = _check_seconds(settings.seconds)
        return cls(
            {
                "board": board.text,
                "language": language(settings.language).code,
                "seed": seed,
                "dice": settings.dice,
                "rules": rules.name,
                "min_length": rules.min_length,
                "seconds": seconds,
                "started_at": now,
                "ends_at": now + seconds,
                "multiplayer": settings.multiplayer,
                "players": [],
                "ended": False,
                "next": None,
            }
        )

    @classmethod
    def resume(cls, state: dict[str, Any]) -> BoggleRound:
        return cls(state)

    def state(self) -> dict[str, Any]:
        return self._state

    def next_settings(self) -> RoundSettings:
        """The settings of the round after this one: same size, dice, rules and clock; a new board."""
        s = self._state
        return RoundSettings(
            size=self.board.size,
            dice=s["dice"],
            rules=s["rules"],
            min_length=s["min_length"],
            seconds=s["seconds"],
            multiplayer=s["multiplayer"],
            language=self.language,
        )

    # -- the clock --------------------------------------------------------------

    def hidden_board(self) -> tuple[str, float]:
        """The board's key (``board_key``) and the moment its words become everyone's (the clock plus the
        grace): until then ``/api/boggle`` does not answer that board, so nobody pastes in its solution."""
        return board_key(self.board, self.language), self._state["ends_at"] + GRACE_SECONDS

    def over(self, now: float) -> bool:
        s = self._state
        if s["ended"] or now >= s["ends_at"]:
            return True
        players = s["players"]
        return bool(players) and all(p["done"] for p in players)

    def closed(self, now: float) -> bool:
        """Whether no word can be accepted any more: over, and past the grace for words on their way."""
        return self.over(now - GRACE_SECONDS)

    def seconds_left(self, now: float) -> float:
        return 0.0 if self.over(now) else max(0.0, self._state["ends_at"] - now)

    # -- moves --------------------------------------------------------------------

    def move(self, move: dict[str, Any], index: Index, now: float, solution: Solution | None = None) -> dict[str, Any]:
        """Apply one move and say what happened.

        ``{"join": name}`` → ``{"joined": player_id}``; ``{"player": id, "word": w}``
        → the verdict; ``{"player": id, "done": true}`` (a player stops, for good);
        ``{"player": id, "end": true}`` (a one-player round ends at once); once the round is over,
        ``done`` and ``end`` are refused (RoundOverError, 409) as late words are. ``{"player": id,
        "hint": "starts" | "letters"}`` → the hint (``hint``), which needs the board's ``solution``.
        The next round is not a move: see ``ask_next`` and ``link_next``.
        """
        if not isinstance(move, dict):
            raise UsageError('a Boggle move is an object such as {"player": "...", "word": "..."}')
        if "next" in move:
            raise UsageError('ask for the next round with {"player": ID, "next": true} once the round is over')
        if "join" in move:
            return self._join(move["join"], now)
        if "hint" in move:
            return self._hint(self.check_hint(move, now), move["hint"], solution)
        player = self._player(move.get("player"))
        if (move.get("end") is True or move.get("done") is True) and self.over(now):
            # Nothing left to end: refused like a late word, so the round's version (and every view's
            # results, made again per version) stays as it is.
            raise RoundOverError("the round is over already")
        if move.get("end") is True:
            if self._state["multiplayer"]:
                raise UsageError("a multiplayer round ends with its clock (or when every player is done)")
            self._state["ended"] = True
            return {"ended": True}
        if move.get("done") is True:
            player["done"] = True
            return {"done": True}
        if "word" not in move or not isinstance(move["word"], str):
            raise UsageError('a Boggle move needs "word" (or "done", "hint", "join", "end", "next")')
        if self.closed(now):
            raise RoundOverError("the round is over: no more words")
        if player["done"]:
            raise RoundOverError("you are done in this round: no more words")
        return self._play_word(player, move["word"], index)

    def check_hint(self, move: dict[str, Any], now: float) -> dict[str, Any]:
        """The player asking the hint ``move``, if it may be given now: a joined player (PlayerError),
        a hint kind (UsageError), a round still on and a player not done (RoundOverError). Cheap: the
        server checks it before it solves the board for the hint."""
        player = self._player(move.get("player"))
        if move.get("hint") not in HINT_KINDS:
            raise UsageError(f'a hint is {" or ".join(map(repr, HINT_KINDS))}: {{"player": ID, "hint": "starts"}}')
        if self.over(now):
            raise RoundOverError("the round is over: no more hints")
        if player["done"]:
            raise RoundOverError("you are done in this round: no more hints")
        return player

    def _hint(self, player: dict[str, Any], kind: str, solution: Solution | None) -> dict[str, Any]:
        """A hint for ``player`` from the board's ``solution`` (``wordindex.boggle.hints``), counted in
        their ``hints``; a letters hint when every word is found says so (``null``) and is not counted."""
        if solution is None:
            raise ValueError("a hint needs the board's solution")
        left = unfound(solution.texts, set(player["words"]))
        hints = player.setdefault("hints", {})
        if kind == "starts":
            hints["starts"] = hints.get("starts", 0) + 1
            return {"hint": "starts", "starts": start_counts(self.board, left, solution.texts)}
        told = player.get("hint_word")
        chosen = next_letters(left, None if told is None else (told[0], told[1]))
        if chosen is None:
            return {"hint": "letters", "letters": None}
        player["hint_word"] = [chosen[0], chosen[1]]
        hints["letters"] = hints.get("letters", 0) + 1
        return {"hint": "letters", "letters": chosen[0][: chosen[1]]}

    def _join(self, text: Any, now: float) -> dict[str, Any]:
        name = player_name(text)
        if self.over(now):
            raise RoundOverError("the round is over: join the next round")
        players = self._state["players"]
        if len(players) >= MAX_PLAYERS:
            raise PlayerError(f"this round is full ({MAX_PLAYERS} players)")
        if not self._state["multiplayer"] and players:
            raise PlayerError("this is a one-player round")
        taken: set[str] = set().union(*(name_keys(p["name"]) for p in players))
        shown, n = name, 2
        while name_keys(shown) & taken:
            shown, n = f"{name} ({n})", n + 1
        player_id = secrets.token_urlsafe(9)
        players.append({"id": player_id, "name": shown, "words": [], "done": False})
        return {"joined": player_id, "name": shown}

    def _player(self, player_id: Any) -> dict[str, Any]:
        players: list[dict[str, Any]] = self._state["players"]
        for player in players:
            if player["id"] == player_id:
                return player
        raise PlayerError("unknown player: join the round first")

    def _play_word(self, player: dict[str, Any], text: str, index: Index) -> dict[str, Any]:
        from wordindex.words.lookup import check_words

        typed = "".join(text.split())
        word = index.alphabet.play(typed) or ""
        longest = self.board.cell_count * self.board.face_set.max_letters
        if not word or len(word) > longest:
            return {"word": typed.lower()[:longest], "verdict": "not_a_word", "score": 0}
        if len(word) < self.rules.min_length:
            return {"word": word, "verdict": "too_short", "score": 0}
        if word in player["words"]:
            return {"word": word, "verdict": "already_found", "score": 0}
        path = find_path(self.board, word)
        if path is None:
            return {"word": word, "verdict": "not_on_board", "score": 0}
        if not check_words(index, [word])[0][1]:
            return {"word": word, "verdict": "not_a_word", "score": 0}
        player["words"].append(word)
        return {
            "word": word,
            "verdict": "accepted",
            "score": self.rules.points(len(word)),
            "path": [list(cell) for cell in path],
        }

    # -- the next round ---------------------------------------------------------------

    def ask_next(self, player_id: Any, now: float) -> str | None:
        """The linked next round's id (None: none yet), for a joined player once the round is over.

        PlayerError for anyone else; RoundRunningError (409) while the round is on: the next
        round's clock starts when it is made, so it is made only after this one ends.
        """
        self._player(player_id)
        if not self.over(now):
            raise RoundRunningError("the round is still on: ask for the next round when it is over")
        next_id: str | None = self._state["next"]
        return next_id

    def link_next(self, game_id: str) -> str:
        """Link the next round (a game id the server made); the first link wins and is returned."""
        if self._state["next"] is None:
            self._state["next"] = game_id
        linked: str = self._state["next"]
        return linked

    # -- what players see -------------------------------------------------------------

    def view(self, now: float, player_id: str | None = None, solution: Solution | None = None) -> dict[str, Any]:
        """What ``player_id`` may see now. Pass the board's ``solution`` once the round is ``closed``."""
        s = self._state
        over = self.over(now)
        me = next((p for p in s["players"] if p["id"] == player_id), None)
        view: dict[str, Any] = {
            "game": self.kind,
            "board": self.board.text,
            "rows": self.board.rows(),
            "size": self.board.size,
            "seed": s["seed"],
            "rules": s["rules"],
            "min_length": s["min_length"],
            "seconds": s["seconds"],
            "seconds_left": round(self.seconds_left(now), 1),
            "multiplayer": s["multiplayer"],
            "over": over,
            "next": s["next"],
            "players": [{"name": p["name"], "words": len(p["words"]), "done": p["done"] or over} for p in s["players"]],
        }
        if me is not None:
            view["you"] = self._yours(me, now)
        if self.closed(now) and solution is not None:
            view["results"] = self.results(solution)
        return view

    def scores(self) -> list[PlayerScore]:
        """Every player's final score (``scores.final_scores``): the one source of the scoreboard, the
        end screen and each player's own panel once the round is closed."""
        return final_scores(self.rules, [(p["name"], p["words"]) for p in self._state["players"]])

    def _yours(self, me: dict[str, Any], now: float) -> dict[str, Any]:
        """A player's own words and score: running while a word can still come (``{"word", "score"}``
        each, every word at its points), final once the round is closed (the row of the results'
        scoreboard, each word with ``"shared"``), so the end screen and the scoreboard say the same."""
        if self.closed(now):
            mine = next(i for i, p in enumerate(self._state["players"]) if p is me)
            return {**self.scores()[mine].to_json(), "hints": hints_used(me)}
        return {**running_score(self.rules, me["name"], me["words"]).to_json(), "hints": hints_used(me)}

    def results(self, solution: Solution) -> dict[str, Any]:
        """Everyone's words and scores (shared words struck out when several play); every word on the board."""
        finders = self._finders()
        return {
            "players": self._table(),
            "words": [
                {
                    "word": w.word,
                    "score": w.score,
                    "path": [list(cell) for cell in w.path],
                    "found_by": finders.get(w.word, []),
                }
                for w in solution.words
            ],
            **self._totals(solution, finders),
        }

    def results_text(self, solution: Solution) -> str:
        """``json.dumps(self.results(solution), ensure_ascii=False)``, with the board's words written
        straight from the solution (``answer_text``): a round's close, and every player's view of it,
        would otherwise build and encode an object per word and per cell of its path (a few ms for a
        dense board, many times a second on a busy server)."""
        import json

        from .answer_text import words_text

        finders = self._finders()
        players = json.dumps(self._table(), ensure_ascii=False)
        totals = json.dumps(self._totals(solution, finders))
        return f'{{"players": {players}, "words": {words_text(solution, finders)}, {totals[1:]}'

    def _finders(self) -> dict[str, list[str]]:
        """Who found each word, in the order of the players."""
        return who_found((p["name"], p["words"]) for p in self._state["players"])

    def _table(self) -> list[dict[str, Any]]:
        """The scoreboard: each player's words with their scores, a shared word struck (``scores``), and
        the hints each asked."""
        players = self._state["players"]
        return [{**row.to_json(), "hints": hints_used(p)} for row, p in zip(self.scores(), players, strict=True)]

    @staticmethod
    def _totals(solution: Solution, finders: dict[str, list[str]]) -> dict[str, int]:
        return {
            "count": solution.count,
            "score": solution.score,
            "missed": sum(1 for word in solution.texts if word not in finders),
        }


def hints_used(player: dict[str, Any]) -> dict[str, int]:
    """How many hints of each kind a player asked (``{"starts": n, "letters": n}``; a round stored
    before hints has none)."""
    asked = player.get("hints", {})
    return {kind: asked.get(kind, 0) for kind in HINT_KINDS}
