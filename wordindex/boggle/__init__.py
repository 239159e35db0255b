"""Boggle on the word index: boards, dice, the stored lexicon, one search in two forms, games.

* ``faces``: what a cube's face may show in a language (``FaceSet``: its letters and multi-letter
  faces such as Qu, Th, Dutch IJ) and the numbers the searches know faces by.
* ``board``: ``parse_board`` / ``Board`` (2×2 to 6×6, row-major; ``q`` = the Qu cube, ``[th]`` a
  multi-letter face) and ``find_path`` (one word's path, for a player's word).
* ``dice``: shaking a language's cube sets (``Language.dice``) onto a board.
* ``dice_tuning``: ``tune``, the seeded local search that derives a language's tuned 4×4 set
  (``benchmarks/tune_dice.py``), and ``dice_problems``, the rules a derived set obeys.
* ``rules``: ``simple`` (CS106B) and ``official`` scoring, ``get_rules``.
* ``scores``: a game's scores, the one place they are computed (a word found by several players
  scores for none of them); every view of a round or a session reads them.
* ``trie`` / ``store``: the lexicon, a compact trie of every word built with the index, and
  ``load_trie`` (one query).
* ``engine``: ``solve_board`` (every word with a path) and ``BoardScorer`` (counts and scores of
  many boards), on one search in two forms:
* ``dfs_python`` / ``dfs_llvm``: the search itself, plain Python (the reference: read and change
  it first) and the same walk in LLVM IR, compiled by llvmlite.
* ``stop``: ``SearchStop``, ending a search from another thread (a time budget).
* ``solution``: what solving a board gives (``Solution``, ``FoundWord``).
* ``answer_text``: a solution's words as the JSON text of ``--json`` and ``/api/boggle``, written
  from the search's cell numbers without an object per word.
* ``batch`` / ``batch_json``: ``wordindex boggle --batch``, line by line in chunks.
* ``best``: ``BestBoardSearch`` / ``run_search``, the best-board pool hill climber.
* ``session`` / ``round``: ``BoggleSession`` (people against the computer, CS106B's game) and
  ``BoggleRound`` (a timed round for several players, the web's game), both small JSON states.
* ``hints``: a round's hints, read from the board's solution: how many unfound words start at
  each cell (``start_counts``), the first letters of one (``next_letters``).
* ``daily``: today's puzzle, ``daily(index, date)``: the day's board (seeded by the date and the
  language, kept by a quality filter), its main words (easy and medium) and bonus words.

Submodules are imported explicitly (``from wordindex.boggle.engine import solve_board``) so that
parsing a board never pays for numpy or the compiler.
"""
