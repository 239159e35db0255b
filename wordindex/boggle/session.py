"""One round of Boggle as a session: people against the computer on one board (CS106B's Boggle).

Any number of named players find words on the same board (one player,
``you``, in the terminal game; several in a web round). Each word is checked
in the order the assignment gives: long enough, in the dictionary, not
already found by that player, can be formed on the board (a backtracking
search for that one word, separate from the computer's all-words search).
When the round ends, the computer takes every word of the board no player
found, and wins only with a strictly greater score than every player. A word
found by more than one player scores for none of them (``scores``, the rule
a web round's scoreboard follows too).

The state (``docs/sessions.md``) is the board, the rules, the timer, the
seed and each player's words in the order found; scores and paths are
recomputed from them, and the computer's words are found again when needed.
An optional timer (``minutes``) sets a deadline; a word played after it is
refused with the verdict ``time_up``. The clock is passed in (``now``), so
the session itself never reads the time unless asked to.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Self

from wordindex.index.core import Index

from ..errors import BadMoveError, BadStateError, UsageError
from ..sessions import STATE_VERSION, Event, GameKind, Session, check_state, move_field, new_seed
from .board import Board, BoardError, find_path, parse_board
from .faces import faces_of
from .rules import DEFAULT_GAME_RULES, Rules, get_rules
from .scores import PlayerScore, final_scores

if TYPE_CHECKING:
    from ..languages import Language
    from .solution import FoundWord, Solution

#: Board sides the game is played on (the real sets: Boggle, Big Boggle, Super Big Boggle).
GAME_SIZES = (4, 5, 6)
DEFAULT_SIZE = 4
DEFAULT_PLAYER = "you"
STATE_KEYS = ("board", "rules", "min_length", "minutes", "deadline", "seed", "players", "over")


class Verdict(StrEnum):
    """What became of a word a player typed."""

    ACCEPTED = "accepted"
    TOO_SHORT = "too_short"
    NOT_A_WORD = "not_a_word"
    ALREADY_FOUND = "already_found"
    NOT_ON_BOARD = "not_on_board"
    TIME_UP = "time_up"


def check_minutes(minutes: float | None) -> float | None:
    if minutes is None:
        return None
    if isinstance(minutes, bool) or not isinstance(minutes, int | float) or not 0 < minutes <= 24 * 60:
        raise UsageError(f"--minutes must be more than 0 (the real game's timer is 3), not {minutes}")
    return float(minutes)


def game_board(board: str | None, size: int | None, dice: str | None, seed: int, found: Language) -> Board:
    """The board to play in a language: ``board`` as typed (checked), or one shaken from its dice with ``seed``."""
    import random

    from .dice import get_dice, shake

    faces = faces_of(found.code)
    if board is not None:
        parsed = parse_board(board, size, faces)
        size = size or parsed.size
    if size is None:
        key = dice.strip().lower() if dice else ""
        size = next((d.size for d in found.dice if d.name == key), DEFAULT_SIZE)
    if size not in GAME_SIZES:
        raise BoardError(f"play boggle uses 4×4, 5×5 or 6×6 boards (--size 4, 5 or 6), not {size}×{size}")
    dice_set = get_dice(dice, size, found)
    if board is not None:
        return parsed
    return shake(dice_set, random.Random(seed), faces)


class BoggleSession(Session):
    """One board, its rules and timer, each player's words; the computer's turn at the end."""

    kind = GameKind.BOGGLE

    def __init__(
        self,
        index: Index,
        board: Board,
        rules: Rules,
        players: Mapping[str, list[str]],
        *,
        minutes: float | None = None,
        deadline: float | None = None,
        seed: int | None = None,
        over: bool = False,
    ):
        super().__init__(index)
        self.board = board
        self.rules = rules
        self.players: dict[str, list[str]] = {name: list(words) for name, words in players.items()}
        self.minutes = minutes
        self.deadline = deadline
        self.seed = seed
        self._over = over
        self._solution: Solution | None = None
        self._paths: dict[str, tuple[tuple[int, int], ...]] = {}

    # -- creating and resuming ------------------------------------------------

    @classmethod
    def create(
        cls,
        index: Index,
        *,
        board: str | None = None,
        size: int | None = None,
        dice: str | None = None,
        rules: str | None = None,
        min_length: int | None = None,
        seed: int | None = None,
        minutes: float | None = None,
        players: tuple[str, ...] | list[str] = (DEFAULT_PLAYER,),
        now: float | None = None,
        **_: Any,
    ) -> Self:
        """A new round: a typed ``board``, or one shaken from ``dice`` of ``size`` with ``seed``."""
        chosen = get_rules(rules, min_length, default=DEFAULT_GAME_RULES)
        minutes = check_minutes(minutes)
        seed = new_seed() if seed is None else seed
        played = game_board(board, size, dice, seed, index.language)
        names = [check_player(name) for name in players]
        if not names or len(set(names)) != len(names):
            raise UsageError("a round needs at least one player, each with a different name")
        deadline = None if minutes is None else (time.time() if now is None else now) + 60 * minutes
        return cls(index, played, chosen, {name: [] for name in names}, minutes=minutes, deadline=deadline, seed=seed)

    @classmethod
    def resume(cls, index: Index, state: Mapping[str, Any]) -> Self:
        check_state(state, GameKind.BOGGLE, STATE_KEYS)
        try:
            board = parse_board(state["board"], faces=faces_of(index.language.code))
            rules = get_rules(state["rules"], state["min_length"])
            minutes = check_minutes(state["minutes"])
            players = {check_player(name): [str(w) for w in words] for name, words in dict(state["players"]).items()}
        except (UsageError, TypeError, ValueError, AttributeError) as exc:
            raise BadStateError(f"the saved Boggle game does not hold together: {exc}") from None
        deadline = state["deadline"]
        if deadline is not None and not isinstance(deadline, int | float):
            raise BadStateError("the saved Boggle game's deadline is not a time")
        return cls(
            index,
            board,
            rules,
            players,
            minutes=minutes,
            deadline=deadline,
            seed=state["seed"],
            over=bool(state["over"]),
        )

    def state(self) -> dict[str, Any]:
        return {
            "game": GameKind.BOGGLE.value,
            "version": STATE_VERSION,
            "board": self.board.text,
            "rules": self.rules.name.value,
            "min_length": self.rules.min_length,
            "minutes": self.minutes,
            "deadline": self.deadline,
            "seed": self.seed,
            "players": {name: list(words) for name, words in self.players.items()},
            "over": self._over,
        }

    # -- the players' turn ----------------------------------------------------

    @property
    def over(self) -> bool:
        return self._over

    def time_left(self, now: float | None = None) -> float | None:
        """Seconds until the deadline (0 once passed); None without a timer."""
        if self.deadline is None:
            return None
        return max(0.0, self.deadline - (time.time() if now is None else now))

    def _in_dictionary(self, word: str) -> bool:
        return bool(self.index.rows("SELECT 1 FROM words WHERE word = :word", {"word": word}))

    def path(self, word: str) -> tuple[tuple[int, int], ...] | None:
        """One path of cells spelling ``word`` on the board (remembered), or None."""
        if word not in self._paths:
            found = find_path(self.board, word)
            if found is None:
                return None
            self._paths[word] = found
        return self._paths[word]

    def check_word(self, word: str, player: str = DEFAULT_PLAYER) -> Verdict:
        """The first reason ``word`` does not count for ``player``, in the assignment's order; or ACCEPTED."""
        word = self.index.alphabet.play(word.strip()) or word.strip().lower()
        if len(word) < self.rules.min_length:
            return Verdict.TOO_SHORT
        if not self._in_dictionary(word):
            return Verdict.NOT_A_WORD
        if word in self.players[player]:
            return Verdict.ALREADY_FOUND
        if self.path(word) is None:
            return Verdict.NOT_ON_BOARD
        return Verdict.ACCEPTED

    def move(self, move: Mapping[str, Any] | str, now: float | None = None) -> Event:
        """A word (``"knife"`` or ``{"player": "ann", "word": "knife"}``), ``{"action": "join",
        "player": "bob"}``, or ``{"action": "end"}``. Events ``word``, ``joined``, ``over``."""
        action, word = move_field(move, "word", "word")
        player = (move.get("player") if isinstance(move, Mapping) else None) or self._only_player()
        if action == "end":
            return self.end()
        if self._over:
            raise BadMoveError("the round is over")
        if action == "join":
            name = check_player(player)
            if name in self.players:
                raise BadMoveError(f"there is already a player called {name!r}")
            self.players[name] = []
            return Event("joined", {"player": name})
        if action != "word":
            raise BadMoveError(f"Boggle moves are word, join and end, not {action!r}")
        if player not in self.players:
            raise BadMoveError(f"no player called {player!r} in this round")
        if not isinstance(word, str):
            raise BadMoveError("a word move needs the word")
        typed = "".join(word.split())
        word = self.index.alphabet.play(typed) or typed.lower()
        left = self.time_left(now)
        verdict = Verdict.TIME_UP if left is not None and left <= 0 else self.check_word(word, player)
        data: dict[str, Any] = {"player": player, "word": word, "verdict": verdict.value, "score": 0, "path": None}
        if verdict is Verdict.ACCEPTED:
            self.players[player].append(word)
            data["score"] = self.rules.points(len(word))
            data["path"] = path_json(self.path(word) or ())
            data["total"] = self.score(player)
        return Event("word", data)

    def _only_player(self) -> str:
        return next(iter(self.players)) if len(self.players) == 1 else DEFAULT_PLAYER

    # -- the computer's turn and the result -----------------------------------------

    def end(self) -> Event:
        """End the round: the computer takes every word no player found. Event ``over``."""
        self._over = True
        return Event("over", self.result())

    def solution(self) -> Solution:
        """Every word of the board under the rules (found once, then remembered)."""
        if self._solution is None:
            from .engine import solve_board
            from .store import load_trie

            self._solution = solve_board(load_trie(self.index), self.board, self.rules)
        return self._solution

    def computer_words(self) -> list[FoundWord]:
        """The words no player found, alphabetically (only once the round is over)."""
        if not self._over:
            raise BadMoveError("the computer plays when the round is over")
        found = {word for words in self.players.values() for word in words}
        return sorted((w for w in self.solution().words if w.word not in found), key=lambda w: w.word)

    def scores(self) -> dict[str, PlayerScore]:
        """Every player's score (``scores.final_scores``, as a web round's): every word is in view here, so
        a word found by more than one player scores for none of them as soon as the second finds it."""
        return {row.name: row for row in final_scores(self.rules, list(self.players.items()))}

    def score(self, player: str) -> int:
        return self.scores()[player].score

    def words_of(self, player: str) -> list[dict[str, Any]]:
        return [
            {**word.to_json(), "path": path_json(self.path(word.word) or ())} for word in self.scores()[player].words
        ]

    def result(self) -> dict[str, Any]:
        """The computer's words (with paths) and score, each player's score, who won."""
        mine = self.computer_words()
        computer_score = sum(w.score for w in mine)
        scores = {name: row.score for name, row in self.scores().items()}
        best = max(scores.values(), default=0)
        return {
            "computer": {
                "words": [{"word": w.word, "score": w.score, "path": path_json(w.path)} for w in mine],
                "score": computer_score,
            },
            "scores": scores,
            "computer_won": computer_score > best,
            "winners": [] if computer_score > best else [name for name, s in scores.items() if s == best],
        }

    def view(self, now: float | None = None) -> dict[str, Any]:
        shown: dict[str, Any] = {
            "game": GameKind.BOGGLE.value,
            "board": self.board.text,
            "rows": self.board.rows(),
            "size": self.board.size,
            "rules": self.rules.name.value,
            "min_length": self.rules.min_length,
            "minutes": self.minutes,
            "deadline": self.deadline,
            "seconds_left": self.time_left(now),
            "players": {
                name: {"words": self.words_of(name), "score": row.score} for name, row in self.scores().items()
            },
            "over": self._over,
        }
        if self._over:
            shown.update(self.result())
        return shown


def check_player(name: Any) -> str:
    """A player's name: 1 to 40 printable characters."""
    if not isinstance(name, str) or not name.strip() or len(name.strip()) > 40 or not name.strip().isprintable():
        raise UsageError(f"a player's name is 1 to 40 printable characters, not {name!r}")
    return name.strip()


def path_json(path: tuple[tuple[int, int], ...] | list[tuple[int, int]]) -> list[list[int]]:
    return [[int(r), int(c)] for r, c in path]
