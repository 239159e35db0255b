"""The word game as state machines: one hand (``HandPlay``) and a whole game (``WordGame``).

Nothing here prints or reads. ``WordGame`` speaks the problem set's text
protocol: ``prompt`` is the question to ask now, ``answer(text)`` takes the
player's reply and returns the lines to show (with a ``kind`` so a terminal
front end can style them). The lines are the problem set's transcript
(``"part" earned 114 points. Total: 114 points``, ``Total score for this
hand: 198``, ...). A reply that is not understood (a non-number for the
number of hands, ``maybe`` for a yes/no question, ``c0ws`` for a word)
returns one ``retry`` line and the same question is asked again.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..errors import BadStateError, UsageError
from .best import WordPlay, best_word
from .hand import (
    HAND_SIZE,
    BadHandError,
    Hand,
    Words,
    _rng,
    calculate_handlen,
    deal_hand,
    display_hand,
    get_frequency_dict,
    get_word_score,
    is_valid_word,
    substitute_hand,
    update_hand,
)
from .tiles import WILDCARD, Tiles, tiles_of

STOP = "!!"


def new_seed() -> int:
    import random as _random

    return _random.SystemRandom().randrange(2**32)


def hand_rng(seed: int, hand_number: int, purpose: str) -> random.Random:
    """The random source of hand ``hand_number``'s deal (``purpose="deal"``) or substitution."""
    return random.Random(f"{seed}:{hand_number}:{purpose}")


def hand_text(hand: Mapping[str, int]) -> str:
    """A hand as letters in its own order, repeats included (``get_frequency_dict`` reads it back)."""
    return "".join(letter * count for letter, count in hand.items())


class BadEntryError(BadHandError):
    """An entry that is neither a word of letters (``*`` allowed) nor ``!!``."""


class EntryKind(enum.StrEnum):
    """What one entry of a hand did (``played``: an entry restored from a saved game)."""

    SCORED = "scored"
    INVALID = "invalid"
    STOPPED = "stopped"
    PLAYED = "played"


@dataclass(frozen=True)
class Entry:
    """What one entry did (an ``EntryKind``), its points, the running total and the hand after it."""

    kind: EntryKind
    word: str
    points: int
    total: int
    hand: Hand  # the hand after the entry


class HandPlay:
    """One play of one hand: the problem set's ``play_hand`` without the I/O.

    ``play(entry)`` scores a valid word (n = letters in the hand when it is
    played), refuses an invalid one, and spends the word's letters either
    way; ``!!`` ends the hand, and so does running out of letters.
    """

    def __init__(self, hand: Mapping[str, int], words: Words, letters_of: Tiles | None = None):
        if calculate_handlen(hand) < 1:
            raise UsageError("a hand needs at least 1 letter")
        self.dealt = dict(hand)
        self.hand = dict(hand)
        self.words = words
        self.tiles = tiles_of(words, letters_of)
        self.total = 0
        self.over = False
        self.ran_out = False
        self.entries: list[Entry] = []

    def play(self, entry: str) -> Entry:
        if self.over:
            raise UsageError("this hand is over")
        typed = entry.strip()
        if typed == STOP:
            self.over = True
            result = Entry(EntryKind.STOPPED, typed, 0, self.total, dict(self.hand))
        else:
            word = self.tiles.play(typed) if typed else None
            if not word:
                raise BadEntryError("Please enter a word of letters (* for the wildcard), or '!!' to finish.")
            if is_valid_word(word, self.hand, self.words, self.tiles):
                points = get_word_score(word, calculate_handlen(self.hand), self.tiles)
                self.total += points
                kind = EntryKind.SCORED
            else:
                points = 0
                kind = EntryKind.INVALID
            self.hand = update_hand(self.hand, word)
            if calculate_handlen(self.hand) == 0:
                self.over = self.ran_out = True
            result = Entry(kind, word, points, self.total, dict(self.hand))
        self.entries.append(result)
        return result


def play_hand(hand: Mapping[str, int], words: Words, entries: Iterable[str]) -> int:
    """Play ``entries`` (words, then ``!!`` or until the letters run out) on ``hand``; the hand's total score."""
    play = HandPlay(hand, words)
    for entry in entries:
        play.play(entry)
        if play.over:
            break
    return play.total


class Phase(enum.StrEnum):
    HANDS = "hands"
    SUBSTITUTE = "substitute"
    LETTER = "letter"
    PLAY = "play"
    REPLAY = "replay"
    OVER = "over"


PROMPTS = {
    Phase.HANDS: "Enter total number of hands: ",
    Phase.SUBSTITUTE: "Would you like to substitute a letter? ",
    Phase.LETTER: "Which letter would you like to replace: ",
    Phase.PLAY: "Please enter a word or '!!' to indicate you are done: ",
    Phase.REPLAY: "Would you like to replay the hand? ",
}

SEPARATOR = "-----"
YES = frozenset({"yes", "y"})
NO = frozenset({"no", "n"})


class LineKind(enum.StrEnum):
    """What a transcript line is about (a front end styles lines by kind)."""

    HAND = "hand"
    SCORED = "scored"
    INVALID = "invalid"
    RAN_OUT = "ran_out"
    HAND_TOTAL = "hand_total"
    BEST = "best"
    SEPARATOR = "separator"
    TOTAL = "total"
    RETRY = "retry"


@dataclass(frozen=True)
class Line:
    """One line to show, and its kind."""

    kind: LineKind
    text: str


@dataclass
class HandRecord:
    """A finished hand: the hand played, its score(s) (two after a replay), the best word it allowed."""

    number: int
    hand: Hand
    scores: list[int] = field(default_factory=list)
    best: WordPlay | None = None

    @property
    def score(self) -> int:
        """The score that counts: the better of the play and the replay."""
        return max(self.scores)


def best_word_line(best: WordPlay | None) -> str:
    if best is None:
        return "No word could be made from this hand."
    spelled = f" ({best.spelled})" if best.word != best.spelled else ""
    return f'Best word for this hand: "{best.word}"{spelled} for {best.score} points'


class WordGame:
    """The problem set's ``play_game`` as a state machine.

    ``hands``: number of hands (None: the first question asks for it).
    ``rng``: Random or int seed for dealing and substituting. ``deal(n, rng)``
    deals a hand (``deal_hand`` unless given, e.g. to replay a transcript).
    One substitution and one replay are allowed per game; a replayed hand
    counts the better of its two scores. After each hand (and its replay)
    the best word that hand allowed is shown.
    """

    def __init__(
        self,
        words: Words,
        hands: int | None = None,
        hand_size: int = HAND_SIZE,
        rng: random.Random | int | None = None,
        deal: Callable[[int, random.Random], Hand] | None = None,
    ):
        if hands is not None and (isinstance(hands, bool) or not isinstance(hands, int) or hands < 1):
            raise UsageError(f"the number of hands must be 1 or more, not {hands}")
        if isinstance(hand_size, bool) or not isinstance(hand_size, int) or hand_size < 1:
            raise UsageError(f"the hand size must be 1 or more, not {hand_size}")
        self.words = words
        self.hands = hands
        self.hand_size = hand_size
        # An int seed (or none: one is drawn) makes every deal and substitution a function of
        # (seed, hand number), so a saved game resumes with the same future. A Random instance
        # (tests, scripted deals) is used as it is.
        self.seed: int | None = None if isinstance(rng, random.Random) else (rng if rng is not None else new_seed())
        self.rng = _rng(rng)
        self.tiles = tiles_of(words)
        self.deal = deal or self._deal
        self.phase = Phase.HANDS
        self.substitution_used = False
        self.replay_used = False
        self.hand: Hand = {}
        self.current: HandPlay | None = None
        self.records: list[HandRecord] = []
        self.transcript: list[str] = []
        self.hand_number = 0  # 1-based number of the hand being played
        self._replaying = False
        self._started = False

    # -- protocol ---------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def prompt(self) -> str:
        """The question to ask now ('' once the game is over)."""
        return PROMPTS.get(self.phase, "")

    @property
    def total(self) -> int:
        """Total over the finished hands."""
        return sum(record.score for record in self.records)

    def start(self) -> list[Line]:
        """The opening lines; call once before the first ``answer``."""
        if self._started:
            raise UsageError("the game has already started")
        self._started = True
        lines = [] if self.hands is None else self._next_hand()
        return self._log(lines)

    def answer(self, text: str) -> list[Line]:
        """Take the reply to ``prompt`` and return the lines to show next."""
        if not self._started:
            raise UsageError("start the game first")
        if self.over:
            raise UsageError("the game is over")
        self.transcript.append(self.prompt + text)
        reply = text.strip()
        handler = {
            Phase.HANDS: self._answer_hands,
            Phase.SUBSTITUTE: self._answer_substitute,
            Phase.LETTER: self._answer_letter,
            Phase.PLAY: self._answer_play,
            Phase.REPLAY: self._answer_replay,
        }[self.phase]
        return self._log(handler(reply))

    def _deal(self, n: int, rng: random.Random) -> Hand:
        """The default deal: ``deal_hand`` in the game's language."""
        return deal_hand(n, rng, self.tiles)

    def draws(self, purpose: str) -> random.Random:
        """The random source of one deal or substitution: ``hand_rng(seed, hand, purpose)``."""
        if self.seed is None:
            return self.rng
        return hand_rng(self.seed, self.hand_number, purpose)

    def end(self) -> list[Line]:
        """End the game now (end of input): a hand being played counts with the points made so far."""
        if self.over:
            return []
        lines: list[Line] = []
        if self.phase is Phase.PLAY and self.current is not None and self.current.entries:
            if self._replaying:
                self.records[-1].scores.append(self.current.total)
            else:
                self.records.append(
                    HandRecord(number=self.hand_number, hand=dict(self.hand), scores=[self.current.total])
                )
            lines.append(Line(LineKind.HAND_TOTAL, f"Total score for this hand: {self.current.total}"))
        self.current = None
        self.phase = Phase.OVER
        finished = len(self.records)
        hands = "hand" if finished == 1 else "hands"
        lines.append(
            Line(LineKind.TOTAL, f"Game ended early. Total score over the {finished} {hands} played: {self.total}")
        )
        return self._log(lines)

    # -- saving and resuming ---------------------------------------------

    def to_state(self) -> dict[str, Any]:
        """The game as a small JSON-able dict (``from_state`` takes it back); needs an int seed."""
        if self.seed is None:
            raise UsageError("only a game dealt from a seed can be saved")
        current = self.current
        return {
            "seed": self.seed,
            "hands": self.hands,
            "hand_size": self.hand_size,
            "phase": self.phase.value,
            "started": self._started,
            "hand_number": self.hand_number,
            "hand": hand_text(self.hand),
            "substitution_used": self.substitution_used,
            "replay_used": self.replay_used,
            "replaying": self._replaying,
            "left": hand_text(current.hand) if current is not None else None,
            "hand_score": current.total if current is not None else 0,
            "played": [entry.word for entry in current.entries] if current is not None else [],
            "records": [
                {"number": r.number, "hand": hand_text(r.hand), "scores": list(r.scores)} for r in self.records
            ],
        }

    @classmethod
    def from_state(cls, words: Words, state: Mapping[str, Any]) -> WordGame:
        """The game ``to_state`` described (BadStateError when it does not hold together)."""
        try:
            game = cls(words, hands=state["hands"], hand_size=state["hand_size"], rng=int(state["seed"]))
            game.phase = Phase(state["phase"])
            game._started = bool(state["started"])
            game.hand_number = int(state["hand_number"])
            game.hand = get_frequency_dict(state["hand"])
            game.substitution_used = bool(state["substitution_used"])
            game.replay_used = bool(state["replay_used"])
            game._replaying = bool(state["replaying"])
            game.records = [
                HandRecord(
                    number=int(r["number"]), hand=get_frequency_dict(r["hand"]), scores=[int(s) for s in r["scores"]]
                )
                for r in state["records"]
            ]
            if game.phase in (Phase.PLAY, Phase.REPLAY) and state["left"] is not None:
                # the hand being played, or (REPLAY) the one just finished, whose score is on show
                current = HandPlay(game.hand, words, game.tiles)
                current.hand = get_frequency_dict(state["left"])
                current.total = int(state["hand_score"])
                current.entries = [Entry(EntryKind.PLAYED, str(w), 0, 0, {}) for w in state["played"]]
                current.over = game.phase is Phase.REPLAY
                game.current = current
        except (KeyError, TypeError, ValueError, UsageError) as exc:
            raise BadStateError(f"the saved word game does not hold together: {exc}") from None
        return game

    # -- phases -----------------------------------------------------------

    def _log(self, lines: list[Line]) -> list[Line]:
        self.transcript.extend(line.text for line in lines)
        return lines

    def _hand_line(self, hand: Mapping[str, int]) -> Line:
        return Line(LineKind.HAND, f"Current hand: {display_hand(hand)}")

    def _next_hand(self) -> list[Line]:
        if self.hands is None or len(self.records) >= self.hands:
            self.phase = Phase.OVER
            return [
                Line(LineKind.SEPARATOR, SEPARATOR),
                Line(LineKind.TOTAL, f"Total score over all hands: {self.total}"),
            ]
        self.hand_number += 1
        self.hand = self.deal(self.hand_size, self.draws("deal"))
        if not self.substitution_used:
            self.phase = Phase.SUBSTITUTE
            return [self._hand_line(self.hand)]
        return self._begin_play()

    def _begin_play(self) -> list[Line]:
        self.current = HandPlay(self.hand, self.words, self.tiles)
        self.phase = Phase.PLAY
        return [self._hand_line(self.hand)]

    def _answer_hands(self, reply: str) -> list[Line]:
        if not (reply.isascii() and reply.isdigit()) or int(reply) < 1:
            return [Line(LineKind.RETRY, "Please enter a whole number of hands, 1 or more.")]
        self.hands = int(reply)
        return self._next_hand()

    def _yes_no(self, reply: str) -> bool | None:
        word = reply.lower()
        return True if word in YES else False if word in NO else None

    def _answer_substitute(self, reply: str) -> list[Line]:
        choice = self._yes_no(reply)
        if choice is None:
            return [Line(LineKind.RETRY, "Please answer yes or no.")]
        if choice:
            self.phase = Phase.LETTER
            return []
        return self._begin_play()

    def _answer_letter(self, reply: str) -> list[Line]:
        if reply.strip() == WILDCARD:
            return [Line(LineKind.RETRY, "The wildcard * cannot be replaced; choose a letter of the hand.")]
        letter = self.tiles.alphabet.play(reply) or ""
        if len(letter) != 1:
            return [Line(LineKind.RETRY, "Please enter one letter of the hand.")]
        if self.hand.get(letter, 0) <= 0:
            return [Line(LineKind.RETRY, f"The hand holds no '{letter}'; choose a letter of the hand.")]
        try:
            self.hand = substitute_hand(self.hand, letter, self.draws("substitute"), self.tiles)
        except UsageError as exc:
            self.substitution_used = True
            return [Line(LineKind.RETRY, f"No substitution is possible: {exc}."), *self._begin_play()]
        self.substitution_used = True
        return self._begin_play()

    def _answer_play(self, reply: str) -> list[Line]:
        current = self.current
        if current is None:
            raise UsageError("no hand is being played")
        try:
            entry = current.play(reply)
        except BadEntryError as exc:
            return [Line(LineKind.RETRY, str(exc))]
        lines: list[Line] = []
        if entry.kind is EntryKind.SCORED:
            lines.append(
                Line(LineKind.SCORED, f'"{entry.word}" earned {entry.points} points. Total: {entry.total} points')
            )
        elif entry.kind is EntryKind.INVALID:
            lines.append(Line(LineKind.INVALID, "That is not a valid word. Please choose another word."))
        if not current.over:
            lines.append(self._hand_line(current.hand))
            return lines
        if current.ran_out:
            lines.append(Line(LineKind.RAN_OUT, "Ran out of letters"))
        lines.append(Line(LineKind.HAND_TOTAL, f"Total score for this hand: {current.total}"))
        if self._replaying:
            self._replaying = False
            self.records[-1].scores.append(current.total)
            return lines + self._finish_hand()
        self.records.append(HandRecord(number=self.hand_number, hand=dict(self.hand), scores=[current.total]))
        if self.replay_used:
            return lines + self._finish_hand()
        self.phase = Phase.REPLAY
        return lines

    def _answer_replay(self, reply: str) -> list[Line]:
        choice = self._yes_no(reply)
        if choice is None:
            return [Line(LineKind.RETRY, "Please answer yes or no.")]
        if choice:
            self.replay_used = self._replaying = True
            return self._begin_play()
        return self._finish_hand()

    def _finish_hand(self) -> list[Line]:
        record = self.records[-1]
        record.best = best_word(record.hand, self.words)
        self.current = None
        return [Line(LineKind.BEST, best_word_line(record.best)), *self._next_hand()]


def play_game(
    words: Words,
    answers: Iterable[str],
    hands: int | None = None,
    hand_size: int = HAND_SIZE,
    rng: random.Random | int | None = None,
    deal: Callable[[int, random.Random], Hand] | None = None,
) -> WordGame:
    """Play a whole game from scripted ``answers``; the game (``.total``, ``.transcript``, ``.records``).

    Stops when the game is over or the answers run out.
    """
    game = WordGame(words, hands=hands, hand_size=hand_size, rng=rng, deal=deal)
    game.start()
    for text in answers:
        if game.over:
            break
        game.answer(text)
    return game
