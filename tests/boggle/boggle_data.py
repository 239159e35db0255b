"""Data of the Boggle tests: the hand-checked dictionary and the golden answers' totals."""

from __future__ import annotations

#: Words checked by hand against the boards in the tests (see each test).
HAND_WORDS = [
    # 2×2 "tesa": every cube touches every other one.
    "at",
    "ate",
    "east",
    "eat",
    "eats",
    "sat",
    "sate",
    "sea",
    "seat",
    "set",
    "tea",
    "teas",
    "tees",
    "state",
    "zebra",
    # 4×4 "abcdefghijklmnop"
    "ache",
    "bad",
    "fab",
    "fink",
    "glop",
    "jinn",
    "kink",
    "knife",
    "mink",
    "plonk",
    "pony",
    "ab",
    # Qu board "qene" (2×2)
    "queen",
    "queens",
    "quern",
    "ne",
    "nee",
    "qi",
    "equine",
    # 5×5 "abcdefghijklmnopqrstuvwxy"
    "abc",
    "bag",
    "chin",
    "chino",
    "chinos",
    "hint",
    "nim",
    "stony",
    "ghost",
]


#: The golden answer files' totals (ENABLE2K, official rules): board, words, points.
GOLDEN = [
    ("abcdefghijklmnop", 16, 18),
    ("fycliomgorilhjhu", 45, 46),
    ("besbrrneeeehbteq", 92, 201),
    ("perslatgsineters", 1045, 3625),
    ("sepesdsracietilmanesligdr", 2344, 10406),
]
