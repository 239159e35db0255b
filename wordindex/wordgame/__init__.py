"""The MIT 6.0001 problem set 3 word game on the word index.

The problem set's functions keep their names and meaning (``get_word_score``,
``display_hand``, ``deal_hand``, ``calculate_handlen``, ``update_hand``,
``is_valid_word``, ``substitute_hand``, ``play_hand``, ``play_game``); the
game itself is the ``WordGame`` state machine, and ``best_word`` /
``playable_words`` find the best word for any hand with one indexed query.
"""

from .best import MAX_SIGNATURES, WordPlay, best_word, hand_signatures, playable_words, word_play
from .game import (
    BadEntryError,
    Entry,
    EntryKind,
    HandPlay,
    HandRecord,
    Line,
    LineKind,
    Phase,
    WordGame,
    play_game,
    play_hand,
)
from .hand import (
    CONSONANTS,
    HAND_SIZE,
    SCRABBLE_LETTER_VALUES,
    VOWELS,
    BadHandError,
    calculate_handlen,
    deal_hand,
    display_hand,
    get_frequency_dict,
    get_word_score,
    is_valid_word,
    parse_hand,
    substitute_hand,
    update_hand,
    wildcard_spellings,
)
from .tiles import WILDCARD, Tiles, tiles

__all__ = [
    "CONSONANTS",
    "HAND_SIZE",
    "MAX_SIGNATURES",
    "SCRABBLE_LETTER_VALUES",
    "VOWELS",
    "WILDCARD",
    "Tiles",
    "tiles",
    "BadEntryError",
    "BadHandError",
    "Entry",
    "EntryKind",
    "HandPlay",
    "HandRecord",
    "Line",
    "LineKind",
    "Phase",
    "WordGame",
    "WordPlay",
    "best_word",
    "calculate_handlen",
    "deal_hand",
    "display_hand",
    "get_frequency_dict",
    "get_word_score",
    "hand_signatures",
    "is_valid_word",
    "parse_hand",
    "play_game",
    "play_hand",
    "playable_words",
    "substitute_hand",
    "update_hand",
    "wildcard_spellings",
    "word_play",
]
