"""The problem set's transcripts, shared by the library and CLI tests of the word game."""

import random

from wordindex.wordgame import parse_hand
from wordindex.wordgame.game import PROMPTS

#: A small dictionary holding the transcripts' words.
WORDS = [
    "part", "ice", "out", "dad", "did", "dud", "jar", "fix", "fox", "fax", "at", "it", "cows", "caws",
    "trap", "tapir", "act", "cat", "pita", "tout", "toad", "dodo", "quad",
]  # fmt: skip

# Problem 6's transcript (the handout's "1" in "d d * 1 o u t" is the letter l).
PROBLEM_6 = """\
Enter total number of hands: 2
Current hand: a c i * p r t
Would you like to substitute a letter? no
Current hand: a c i * p r t
Please enter a word or '!!' to indicate you are done: part
"part" earned 114 points. Total: 114 points
Current hand: c i *
Please enter a word or '!!' to indicate you are done: ic*
"ic*" earned 84 points. Total: 198 points
Ran out of letters
Total score for this hand: 198
Would you like to replay the hand? no
Current hand: d d * l o u t
Would you like to substitute a letter? yes
Which letter would you like to replace: l
Current hand: d d * a o u t
Please enter a word or '!!' to indicate you are done: out
"out" earned 27 points. Total: 27 points
Current hand: d d * a
Please enter a word or '!!' to indicate you are done: !!
Total score for this hand: 27
Would you like to replay the hand? yes
Current hand: d d * a o u t
Please enter a word or '!!' to indicate you are done: d*d
"d*d" earned 36 points. Total: 36 points
Current hand: a o u t
Please enter a word or '!!' to indicate you are done: out
"out" earned 54 points. Total: 90 points
Current hand: a
Please enter a word or '!!' to indicate you are done: !!
Total score for this hand: 90
-----
Total score over all hands: 288""".splitlines()

PROBLEM_6_ANSWERS = [line[len(p) :] for line in PROBLEM_6 for p in PROMPTS.values() if line.startswith(p)]


class TranscriptDeal:
    """Deals the transcript's hands in order; its rng substitutes 'a' (as in the transcript)."""

    def __init__(self, *hands):
        self.hands = [parse_hand(h.replace(" ", "")) for h in hands]

    def __call__(self, n, rng):
        hand = self.hands.pop(0)
        assert sum(hand.values()) == n
        return hand


class PicksA(random.Random):
    """Substitutes 'a' when the hand lacks it (as in the transcript), else the first free letter."""

    def choice(self, seq):
        return "a" if "a" in seq else seq[0]
