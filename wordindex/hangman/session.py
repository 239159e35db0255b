"""One hangman game as a session: a chooser, lives, and the letters guessed in order.

The state is a few fields (``docs/sessions.md``): the chooser kind, length,
lives, seed, pattern, the letters guessed in order, the misses, and for the
random (fair) chooser its secret word. The evil chooser's state is never a
word list: its family is asked of the index (``pattern`` + ``guessed``) when
a move needs it. ``view()`` never shows the word before the game is over.

A guesser can play instead of a person: ``autoplay(strategy)`` is the one
loop in wordindex where a guesser plays a chooser (``solve``, the evil
strength measure and ``play hangman --strategy`` all run it).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, Self

from wordindex.index.core import Index
from wordindex.words.levels import WordPool, parse_levels
from wordindex.words.pattern import letters_named, parse_pattern

from ..errors import BadMoveError, BadStateError, NotFoundError, UsageError
from ..sessions import STATE_VERSION, Event, GameKind, GameStatus, Session, check_state, move_field, new_seed
from .choosers import Chooser, ChooserKind, RandomChooser, check_chooser, make_chooser
from .guessers import DEFAULT_STRATEGY, Guess, Strategy, check_strategy, next_guess
from .state import Position, check_length, check_letter, parse_guess_sequence

DEFAULT_LIVES = 6
STATE_KEYS = ("chooser", "length", "lives", "seed", "pattern", "guessed", "misses", "word", "ended")


def word_pool(difficulty: str | None, allow_vulgar: bool) -> WordPool:
    """The words a chooser may hold: a difficulty's levels (None: any level), vulgar words only if allowed."""
    levels = parse_levels(difficulty, "--difficulty") if difficulty is not None else None
    return WordPool(levels, allow_vulgar=allow_vulgar)


def check_lives(lives: int) -> int:
    """UsageError for fewer than 1 life (the number of wrong guesses that loses)."""
    if isinstance(lives, bool) or not isinstance(lives, int) or lives < 1:
        raise UsageError(f"lives must be 1 or more, not {lives}")
    return lives


class HangmanSession(Session):
    """One game against the evil or random chooser (or a known word, for ``solve``)."""

    kind = GameKind.HANGMAN

    def __init__(
        self,
        index: Index,
        chooser: Chooser,
        lives: int,
        seed: int | None,
        guessed: str = "",
        misses: int = 0,
        difficulty: str | None = None,
        allow_vulgar: bool = False,
    ):
        super().__init__(index)
        self.chooser = chooser
        self.difficulty = difficulty
        self.allow_vulgar = allow_vulgar
        self.lives = check_lives(lives)
        self.seed = seed
        self.guessed = guessed
        self.misses = misses
        self.ended = False

    # -- creating and resuming ------------------------------------------------

    @classmethod
    def create(
        cls,
        index: Index,
        *,
        chooser: str | ChooserKind = ChooserKind.EVIL,
        length: int | None = None,
        lives: int = DEFAULT_LIVES,
        seed: int | None = None,
        word: str | None = None,
        difficulty: str | None = None,
        allow_vulgar: bool = False,
        **_: Any,
    ) -> Self:
        """A new game. ``word`` (random chooser only) fixes the secret word, as ``solve`` does.

        ``difficulty`` (easy, medium, hard, a level N or a range N-M) and
        ``allow_vulgar`` choose the pool the word comes from (docs/hangman.md).
        """
        kind = check_chooser(chooser)
        check_lives(lives)
        if word is not None:
            if kind is not ChooserKind.RANDOM:
                raise UsageError("only the random chooser can be given its word")
            word = known_word(index, word)
            length = len(word)
        if length is None:
            raise UsageError("give the word length")
        check_length(length)
        seed = new_seed() if seed is None else seed
        pool = None if word is not None else word_pool(difficulty, allow_vulgar)
        chooser_made = make_chooser(index, kind, length, seed, word=word, pool=pool)
        return cls(index, chooser_made, lives, seed, difficulty=difficulty, allow_vulgar=allow_vulgar)

    @classmethod
    def resume(cls, index: Index, state: Mapping[str, Any]) -> Self:
        check_state(state, GameKind.HANGMAN, STATE_KEYS)
        alphabet = index.alphabet
        try:
            kind = check_chooser(state["chooser"])
            length = check_length(int(state["length"]))
            lives = check_lives(state["lives"])
            guessed = "".join(parse_guess_sequence(state["guessed"] or "", "guessed letters", alphabet))
            pattern = parse_pattern(state["pattern"], alphabet)
        except (UsageError, TypeError, ValueError) as exc:
            raise BadStateError(f"the saved hangman game does not hold together: {exc}") from None
        if pattern.length != length or not pattern.revealed_letters <= set(guessed):
            raise BadStateError("the saved hangman game's pattern does not fit its length and guesses")
        missed = [x for x in guessed if x not in pattern.revealed_letters]
        if state["misses"] != len(missed):
            raise BadStateError("the saved hangman game's misses do not match its guesses")
        position = Position(pattern, frozenset(guessed))
        word = state["word"]
        if kind is ChooserKind.RANDOM:
            if not isinstance(word, str) or not alphabet.is_word_text(word) or len(word) != length:
                raise BadStateError("a saved random-chooser game holds its word")
            if "".join(ch if ch in guessed else "-" for ch in word) != pattern.text:
                raise BadStateError("the saved hangman game's pattern does not fit its word")
        difficulty = state.get("difficulty")
        allow_vulgar = bool(state.get("allow_vulgar", False))
        try:
            pool = word_pool(difficulty, allow_vulgar)
        except UsageError as exc:
            raise BadStateError(f"the saved hangman game does not hold together: {exc}") from None
        chooser = make_chooser(index, kind, length, state["seed"], position, word, pool)
        chooser.guesses = list(guessed)
        session = cls(index, chooser, lives, state["seed"], guessed, len(missed), difficulty, allow_vulgar)
        session.ended = bool(state["ended"])
        return session

    def state(self) -> dict[str, Any]:
        secret = self.chooser.word if isinstance(self.chooser, RandomChooser) else None
        return {
            "game": GameKind.HANGMAN.value,
            "version": STATE_VERSION,
            "chooser": self.chooser.kind.value,
            "length": self.chooser.length,
            "lives": self.lives,
            "seed": self.seed,
            "pattern": self.pattern,
            "guessed": self.guessed,
            "misses": self.misses,
            "word": secret,
            "ended": self.ended,
            "difficulty": self.difficulty,
            "allow_vulgar": self.allow_vulgar,
        }

    # -- the game -----------------------------------------------------------

    @property
    def pattern(self) -> str:
        return self.chooser.pattern

    @property
    def position(self) -> Position:
        return self.chooser.position

    @property
    def lives_left(self) -> int:
        return max(0, self.lives - self.misses)

    @property
    def missed_letters(self) -> str:
        """The wrong guesses, in the order they were made."""
        shown = set(self.pattern)
        return "".join(x for x in self.guessed if x not in shown)

    @property
    def status(self) -> GameStatus:
        if self.chooser.is_complete:
            return GameStatus.WON
        if self.misses >= self.lives or self.ended:
            return GameStatus.LOST
        return GameStatus.PLAYING

    @property
    def over(self) -> bool:
        return self.status is not GameStatus.PLAYING

    def answer(self) -> str:
        """The word the chooser names; only once the game is over (the secret stays secret before)."""
        if not self.over:
            raise BadMoveError("the word is only named once the game is over")
        return self.chooser.final_word()

    def candidates(self) -> int:
        """Words still consistent with the game so far (one COUNT query when not known)."""
        return self.chooser.family_size

    def check(self, text: str | None) -> str:
        """The letter ``text`` stands for; BadGuessError (a BadMoveError) saying why it is refused."""
        return check_letter(text.strip() if isinstance(text, str) else text, self.position.guessed, self.index.alphabet)

    def move(self, move: Mapping[str, Any] | str) -> Event:
        """Guess a letter: ``"e"`` or ``{"letter": "e"}``. Event ``guess``."""
        action, letter = move_field(move, "letter", "guess")
        if action != "guess":
            raise BadMoveError(f"hangman has one move, guess, not {action!r}")
        if self.over:
            raise BadMoveError(f"the game is over ({self.status.value})")
        letter = self.check(letter)
        occurrences = self.chooser.guess(letter)
        self.guessed += letter
        self.misses += occurrences == 0
        data: dict[str, Any] = {
            "letter": letter,
            "occurrences": occurrences,
            "pattern": self.pattern,
            "misses": self.misses,
            "lives_left": self.lives_left,
            "status": self.status.value,
        }
        if self.over:
            data["word"] = self.answer()
        return Event("guess", data)

    def end(self) -> Event:
        """Stop playing: an unfinished game is lost and the word is named."""
        if not self.over:
            self.ended = True
        return Event("over", {"status": self.status.value, "pattern": self.pattern, "word": self.answer()})

    def hint(self, strategy: str | Strategy = DEFAULT_STRATEGY, against: str | None = None) -> Guess:
        """What a guesser would play now.

        ``against`` is the chooser the ``optimal`` strategy assumes: by default
        the optimal chooser when it is the one playing, else the greedy one.
        """
        if against is None:
            against = "optimal" if self.chooser.kind is ChooserKind.OPTIMAL else "greedy"
        return next_guess(self.index, self.position, check_strategy(strategy), against)

    def autoplay(self, strategy: str | Strategy = DEFAULT_STRATEGY, against: str | None = None) -> Iterator[Event]:
        """Let ``strategy`` play to the end, one ``guess`` event per move.

        A guesser with no letter left (every letter of its candidates guessed)
        yields one ``stuck`` event and stops; the game is then still playing.
        """
        chosen = check_strategy(strategy)
        while not self.over:
            suggestion = self.hint(chosen, against)
            if not suggestion.found:
                yield Event("stuck", {"strategy": chosen.value, "pattern": self.pattern})
                return
            yield self.move(suggestion.letter)

    def view(self, candidates: bool = False) -> dict[str, Any]:
        """What the player may see; ``candidates=True`` adds the words left (one query)."""
        over = self.over
        shown: dict[str, Any] = {
            "game": GameKind.HANGMAN.value,
            "chooser": self.chooser.kind.value,
            "length": self.chooser.length,
            "lives": self.lives,
            "lives_left": self.lives_left,
            "pattern": self.pattern,
            "guessed": self.guessed,
            "misses": self.misses,
            "missed_letters": self.missed_letters,
            "status": self.status.value,
            "word": self.answer() if over else None,
        }
        if candidates:
            shown["candidates"] = self.candidates()
        return shown


def known_word(index: Index, word: str) -> str:
    """The letters ``word`` plays as (typed any way: ``Été`` is French ``ete``), when it is a word of the
    index (UsageError / NotFoundError otherwise)."""
    alphabet = index.alphabet
    typed = (word or "").strip()
    played = alphabet.play(typed)
    if not played:
        raise UsageError(f"{alphabet.lower(typed)!r} is not a word of letters {letters_named(alphabet)}")
    if not index.words.is_word(played):
        raise NotFoundError(f"{played!r} is not in the index, so no guesser can find it")
    return played
