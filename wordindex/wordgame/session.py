"""The word game over a series of hands as a session (the MIT 6.0001 problem set 3 game).

The engine is ``WordGame`` (its text protocol gives the problem set's
transcript line for line); the session adds structured moves, the saved
state and the public view. A move is either a structured action or the
player's raw reply to the current prompt:

* ``{"action": "substitute", "letter": "a"}`` / ``{"action": "keep"}``: at the
  start of a hand, while the one substitution of the game is unused;
* ``{"action": "play", "word": "c*ws"}`` (or the string ``"c*ws"``), and
  ``{"action": "stop"}`` (the problem set's ``!!``) to end the hand;
* ``{"action": "replay"}`` / ``{"action": "next"}`` after a hand, while the one
  replay of the game is unused;
* ``{"action": "hands", "hands": 3}`` when the game was created without a number of hands;
* ``{"action": "reply", "text": "..."}``: the text protocol (what the terminal sends).

Every move returns an ``Event("lines", ...)`` holding the transcript lines to
show (each with a ``kind``) and where the game now stands.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self

from wordindex.index.core import Index

from ..errors import BadMoveError
from ..sessions import STATE_VERSION, Event, GameKind, Session, check_state, move_field
from .game import STOP, Line, Phase, WordGame, hand_text
from .hand import HAND_SIZE, display_hand

STATE_KEYS = ("seed", "hands", "hand_size", "phase", "hand_number", "hand", "records")

#: Which phases accept which structured actions, and the reply each stands for.
ACTIONS: dict[str, tuple[Phase, str | None]] = {
    "hands": (Phase.HANDS, None),
    "substitute": (Phase.SUBSTITUTE, "yes"),
    "keep": (Phase.SUBSTITUTE, "no"),
    "play": (Phase.PLAY, None),
    "stop": (Phase.PLAY, STOP),
    "replay": (Phase.REPLAY, "yes"),
    "next": (Phase.REPLAY, "no"),
}


def line_json(line: Line) -> dict[str, str]:
    return {"kind": line.kind.value, "text": line.text}


class WordGameSession(Session):
    """A whole word game: hands dealt from the seed, one substitution and one replay per game."""

    kind = GameKind.WORDGAME

    def __init__(self, index: Index, game: WordGame, opening: list[Line] | None = None):
        super().__init__(index)
        self.game = game
        self.opening = opening or []

    @classmethod
    def create(
        cls,
        index: Index,
        *,
        hands: int | None = None,
        hand_size: int = HAND_SIZE,
        seed: int | None = None,
        **_: Any,
    ) -> Self:
        """A new game (``hands=None``: the first move gives the number of hands)."""
        game = WordGame(index, hands=hands, hand_size=hand_size, rng=seed)
        opening = game.start()
        return cls(index, game, opening)

    @classmethod
    def resume(cls, index: Index, state: Mapping[str, Any]) -> Self:
        check_state(state, GameKind.WORDGAME, STATE_KEYS)
        return cls(index, WordGame.from_state(index, state))

    def state(self) -> dict[str, Any]:
        return {"game": GameKind.WORDGAME.value, "version": STATE_VERSION, **self.game.to_state()}

    @property
    def over(self) -> bool:
        return self.game.over

    @property
    def prompt(self) -> str:
        return self.game.prompt

    def move(self, move: Mapping[str, Any] | str) -> Event:
        if self.over:
            raise BadMoveError("the game is over")
        action, value = move_field(move, "word", "play")
        if action == "reply":
            text = move.get("text") if isinstance(move, Mapping) else value
        elif action in ACTIONS:
            phase, reply = ACTIONS[action]
            if action in ("play", "stop") and self.game.phase is Phase.SUBSTITUTE:
                lines = self.game.answer("no")  # playing a word declines the substitution
                event = self.move(move)
                event.data["lines"][:0] = [line_json(line) for line in lines]
                return event
            if self.game.phase is not phase:
                raise BadMoveError(f"{action!r} is not a move now (the game is at {self.game.phase.value})")
            if action == "hands":
                value = move.get("hands") if isinstance(move, Mapping) else value
            text = reply if reply is not None else value
        else:
            raise BadMoveError(f"unknown word game move {action!r}")
        if text is None:
            raise BadMoveError(f"the move {action!r} needs its value")
        lines = self.game.answer(str(text))
        if action == "substitute" and self.game.phase is Phase.LETTER:
            letter = move.get("letter") if isinstance(move, Mapping) else None
            if letter is None:
                raise BadMoveError("a substitution names the letter to replace")
            lines += self.game.answer(str(letter))
        return self._event(lines)

    def end(self) -> Event:
        """End now: the hand being played counts with the points already made."""
        return self._event(self.game.end())

    def _event(self, lines: list[Line]) -> Event:
        return Event("lines", {"lines": [line_json(line) for line in lines], **self._standing()})

    def _standing(self) -> dict[str, Any]:
        game = self.game
        current = game.current
        return {
            "phase": game.phase.value,
            "prompt": game.prompt,
            "hand_number": game.hand_number,
            "hand": hand_text(current.hand if current is not None else game.hand),
            "hand_score": current.total if current is not None else 0,
            "total": game.total,
            "over": game.over,
        }

    def view(self) -> dict[str, Any]:
        game = self.game
        current = game.current
        left = current.hand if current is not None else game.hand
        return {
            "game": GameKind.WORDGAME.value,
            **self._standing(),
            "shown_hand": display_hand(left),
            "hands": game.hands,
            "hand_size": game.hand_size,
            "dealt": hand_text(game.hand),
            "substitution_used": game.substitution_used,
            "replay_used": game.replay_used,
            "records": [
                {"number": r.number, "hand": hand_text(r.hand), "scores": list(r.scores), "score": r.score}
                for r in game.records
            ],
            "opening": [line_json(line) for line in self.opening],
        }
