"""Boggle on the word index (issue #4).

* ``board``: ``parse_board`` / ``Board`` (2×2 to 6×6, row-major, ``q`` = the Qu cube).
* ``dice``: the real cube sets (classic 1976, new 1987, Big Boggle, Super Big Boggle) and ``shake``.
* ``rules``: ``simple`` (CS106B) and ``official`` scoring, ``get_rules``.
* ``lexicon``: the prefix oracles over the index's ``prefixes`` table — ``QueryOracle`` (one
  query per search depth) and ``PrefixTable`` (the table loaded once into a transition table).
* ``solver``: ``solve`` (every word with a path) and ``score_boards`` (many boards at once), a
  level-synchronous numpy search; ``find_path`` for one word.
* ``game``: ``BoggleGame``, the human-against-computer state machine.
* ``best``: ``BestBoardSearch``, the best-board hill climber.

Submodules are imported explicitly (``from wordindex.boggle.solver import solve``) so that
parsing a board never pays for numpy.
"""
