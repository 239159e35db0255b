"""A Boggle round's scores, computed here and nowhere else.

Every view of a round (a player's own panel, the scoreboard, the end screen, the API, the terminal
game) shows the numbers this module gives, so no two of them can disagree. Before, the round's end
screen summed a player's words while its scoreboard struck the shared ones: one player was told
"you scored 10" beside "Ana: 5 points".

The rule (the published Boggle rules): when two or more play, a word found by more than one player
scores for none of them. It holds under either rule set (``simple`` or ``official``): the rule sets
differ in the minimum length and the points per length, and CS106B's game, where ``simple`` comes
from, has a single player, so it says nothing about shared words. Alone, every word counts.

A word is only known to be shared once every player's words are in: during a round a player may
not learn which of their words another player has also found (that would tell them the other's
words), so a round shows ``running`` scores until it closes and ``final`` ones after.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from .rules import Rules

#: What a struck word says where it is shown (the web page's tooltip and note, the terminal's line).
SHARED_NOTE = "found by another player too: no points"


@dataclass(frozen=True)
class ScoredWord:
    """One word of a player's: what its length is worth, whether it is shared, what it counts."""

    word: str
    points: int
    shared: bool = False

    @property
    def score(self) -> int:
        """The points the word adds to its player's score: none when shared."""
        return 0 if self.shared else self.points

    def to_json(self) -> dict[str, Any]:
        """``{"word", "score", "shared"}``: the results' form of a word."""
        return {"word": self.word, "score": self.score, "shared": self.shared}


@dataclass(frozen=True)
class PlayerScore:
    """One player's words, each scored, and their total."""

    name: str
    words: tuple[ScoredWord, ...]
    #: False while the round is on: no word is known to be shared yet.
    final: bool = True

    @property
    def score(self) -> int:
        return sum(word.score for word in self.words)

    def to_json(self) -> dict[str, Any]:
        """``{"name", "words", "score"}``: a row of the results' scoreboard (a running score's words
        have no ``"shared"``: that is not known yet)."""
        words = [w.to_json() if self.final else {"word": w.word, "score": w.score} for w in self.words]
        return {"name": self.name, "words": words, "score": self.score}


def who_found(players: Iterable[tuple[str, Sequence[str]]]) -> dict[str, list[str]]:
    """Who found each word, in the order of the players."""
    found: dict[str, list[str]] = {}
    for name, words in players:
        for word in words:
            found.setdefault(word, []).append(name)
    return found


def final_scores(rules: Rules, players: Sequence[tuple[str, Sequence[str]]]) -> list[PlayerScore]:
    """Every player's score once all words are in, in the order of ``players`` ((name, words) pairs):
    a word found by more than one player scores nothing for anyone when two or more play."""
    found = who_found(players)
    strike = len(players) > 1
    return [
        PlayerScore(name, tuple(ScoredWord(w, rules.points(len(w)), strike and len(found[w]) > 1) for w in words))
        for name, words in players
    ]


def running_score(rules: Rules, name: str, words: Sequence[str]) -> PlayerScore:
    """A player's score while a round is on: every word at its points (whether another player has it
    too is not known, nor may be told, until the round closes)."""
    return PlayerScore(name, tuple(ScoredWord(w, rules.points(len(w))) for w in words), final=False)
