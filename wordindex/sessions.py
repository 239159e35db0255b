"""Game sessions: one object per game, whatever front end drives it.

A session holds one game (hangman, Boggle human against computer, the word
game over a series of hands). Its whole state is a small JSON value, so a
game can be saved after any move and resumed on any process:

* ``SessionClass.create(index, **options)``: a new game from option values
  as a user gives them (checked, named errors for bad ones);
* ``session.state()``: the JSON-able dict that ``resume`` takes back (it may
  hold secrets: the random chooser's word; keep it on the server);
* ``SessionClass.resume(index, state)``: the same game again (``BadStateError``
  for a state that does not hold together);
* ``session.move(move)``: one move (a dict, or a string for the game's usual
  move) → an ``Event`` saying what happened; refused moves raise ``BadMoveError``;
* ``session.end()``: end the game now (end of input, a player leaving): the
  game ends with its result and the points already made count;
* ``session.view()``: what players may see (never a secret before the end);
* ``session.over``: whether the game has ended.

``create_session`` / ``resume_session`` pick the class by ``GameKind`` (the
state's ``"game"`` key). Game modules are imported only when used.
"""

from __future__ import annotations

import importlib
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Any, ClassVar, Self

from .errors import BadStateError

if TYPE_CHECKING:
    from wordindex.index.core import Index

#: Bumped when a state's shape changes; ``resume`` refuses other versions.
STATE_VERSION = 1


class GameKind(StrEnum):
    """The games, by the name states, the CLI (``play <game>``) and the web API use."""

    HANGMAN = "hangman"
    BOGGLE = "boggle"
    WORDGAME = "wordgame"


class GameStatus(StrEnum):
    """Where a game stands (hangman's ``won``/``lost``; the others ``over`` when finished)."""

    PLAYING = "playing"
    WON = "won"
    LOST = "lost"
    OVER = "over"


@dataclass(frozen=True)
class Event:
    """What one move did: a ``kind`` (per game, see docs/sessions.md) and its facts."""

    kind: str
    data: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, **self.data}

    def __getitem__(self, key: str) -> Any:
        return self.data[key]


class Session(ABC):
    """The interface every game session has (see the module docstring)."""

    kind: ClassVar[GameKind]

    def __init__(self, index: Index):
        self.index = index

    @classmethod
    @abstractmethod
    def create(cls, index: Index, **options: Any) -> Self:
        """A new game from option values as a user gives them."""

    @classmethod
    @abstractmethod
    def resume(cls, index: Index, state: Mapping[str, Any]) -> Self:
        """The game whose ``state()`` this was."""

    @abstractmethod
    def state(self) -> dict[str, Any]:
        """The whole state as a JSON-able dict (secrets included)."""

    @abstractmethod
    def view(self) -> dict[str, Any]:
        """What players may see now (no secret before the game is over)."""

    @abstractmethod
    def move(self, move: Mapping[str, Any] | str) -> Event:
        """Play one move; BadMoveError when it is not allowed now."""

    @abstractmethod
    def end(self) -> Event:
        """End the game now, with its result (points already made count)."""

    @property
    @abstractmethod
    def over(self) -> bool:
        """Whether the game has ended."""


#: Where each game's session class lives (imported on first use).
SESSION_CLASSES: dict[GameKind, str] = {
    GameKind.HANGMAN: "wordindex.hangman.session:HangmanSession",
    GameKind.BOGGLE: "wordindex.boggle.session:BoggleSession",
    GameKind.WORDGAME: "wordindex.wordgame.session:WordGameSession",
}


def game_kind(name: str | GameKind) -> GameKind:
    """The GameKind a name stands for; BadStateError naming the games otherwise."""
    try:
        return GameKind(str(name).strip().lower())
    except ValueError:
        raise BadStateError(f"unknown game {name!r}: choose one of {', '.join(GameKind)}") from None


def session_class(kind: str | GameKind) -> type[Session]:
    module, _, name = SESSION_CLASSES[game_kind(kind)].partition(":")
    cls: type[Session] = getattr(importlib.import_module(module), name)
    return cls


def create_session(kind: str | GameKind, index: Index, **options: Any) -> Session:
    """A new game of ``kind`` (``create`` of its class)."""
    return session_class(kind).create(index, **options)


def resume_session(index: Index, state: Mapping[str, Any]) -> Session:
    """The game a saved state describes, whatever its kind (``state["game"]``)."""
    if not isinstance(state, Mapping) or "game" not in state:
        raise BadStateError("a saved game is a JSON object with a 'game' key")
    return session_class(state["game"]).resume(index, state)


# -- helpers the game modules share ----------------------------------------


def check_state(state: Mapping[str, Any], kind: GameKind, keys: tuple[str, ...]) -> None:
    """BadStateError unless ``state`` is a version-1 state of ``kind`` holding ``keys``."""
    if not isinstance(state, Mapping):
        raise BadStateError("a saved game is a JSON object")
    if state.get("game") != kind.value:
        raise BadStateError(f"this is not a saved {kind.value} game (game: {state.get('game')!r})")
    if state.get("version") != STATE_VERSION:
        raise BadStateError(f"saved game version {state.get('version')!r} is not {STATE_VERSION}")
    missing = [key for key in keys if key not in state]
    if missing:
        raise BadStateError(f"the saved {kind.value} game lacks {', '.join(missing)}")


def move_field(move: Mapping[str, Any] | str, key: str, default_action: str) -> tuple[str, str | None]:
    """``(action, value of key)`` of a move: a string is ``default_action`` with that value.

    The value is text or absent: a number, a list or an object where a letter or a word belongs is
    refused here, with the field's name, before any game looks at it.
    """
    from .errors import BadMoveError

    if isinstance(move, str):
        return default_action, move
    if not isinstance(move, Mapping):
        raise BadMoveError("a move is a JSON object (or a string)")
    action = move.get("action", default_action)
    if not isinstance(action, str):
        raise BadMoveError("a move's 'action' is a string")
    value = move.get(key)
    if value is not None and not isinstance(value, str):
        raise BadMoveError(f"a move's {key!r} is a string, not {value!r}")
    return action, value


def new_seed() -> int:
    """A fresh seed, kept in the state so the rest of the game is reproducible."""
    import random

    return random.SystemRandom().randrange(2**32)
