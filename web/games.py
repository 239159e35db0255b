"""The game kinds the API serves, each over a library session: create, move, view.

The web layer adds only what HTTP needs: the clock (``now``), which player
is asking, and the board's full solution once a round is over. The game
rules, the state and what a player may see are the sessions' own.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any, Protocol

from wordindex.errors import UsageError
from wordindex.index.core import Index

from .answers import ResultsText
from .cache import AnswerCache
from .limits import time_budget
from .settings import Settings

#: Most tiles in a hand: the largest hand a word game deals here, and the largest ``best-word`` hand.
MAX_HAND = 20
#: Longest text in a hangman or word-game move: the longest word any game plays (63 letters). The
#: word game keeps every word played in its state, so a move's text is bounded before it is stored.
MAX_MOVE_TEXT = 63

#: Gives the index's loaded prefix table when a view needs a board's every word.
Lexicon = Callable[[], Any]


#: Closed rounds whose results a worker keeps (``SharedResults``), and their JSON's total size: a round's
#: players all read them within seconds of its end, so a few hundred rounds at most are wanted at once.
ROUND_RESULTS_KEPT = 512
ROUND_RESULTS_BYTES = 64 << 20


@dataclass(frozen=True)
class SharedResults:
    """Where a closed round's results are kept once made, in this worker, for every view of them.

    The results (every word on the board, everyone's scores) are the same for every player and
    depend only on the stored game (``key``: its id and version): when a round closes each of its
    players' streams, and each poll, would otherwise solve the board and encode its words again.
    Kept as their JSON text (``BoggleRound.results_text``), which ``answers.game_text`` puts in
    each player's answer.
    """

    cache: AnswerCache
    key: Hashable

    def get(self) -> ResultsText | None:
        text = self.cache.get(self.key)
        return None if text is None else ResultsText(text)

    def put(self, text: str) -> ResultsText:
        self.cache.put(self.key, text, len(text))
        return ResultsText(text)

    def solution(self, solve: Callable[[], Any]) -> Any:
        """The round's board solved (``solve``), once per game in this worker: a round's board never
        changes, so every hint asked during the round and the results at its end read one solve."""
        key = ("solution", self.key[0])
        found = self.cache.get(key)
        if found is None:
            found = solve()
            # its words (a few dozen bytes each) and the compiled search's path arrays, roughly
            arrays = sum(getattr(part, "nbytes", 0) for part in found.cell_matrix or ())
            self.cache.put(key, found, 1024 + 64 * found.count + arrays)
        return found


@dataclass(frozen=True)
class BudgetedLexicon:
    """A ``Lexicon`` that also carries the request's time budget for solving a round's board (a
    round's board is anyone's: its solve is bounded like ``/api/boggle``'s)."""

    load: Lexicon
    budget: float

    def __call__(self) -> Any:
        return self.load()


@dataclass(frozen=True)
class Created:
    state: dict[str, Any]
    finished: bool


@dataclass(frozen=True)
class Moved:
    state: dict[str, Any]
    finished: bool
    event: Any


class GameKind(Protocol):
    name: str

    def create(self, options: dict[str, Any], index: Index, now: float, settings: Settings) -> Created: ...

    def move(self, state: dict[str, Any], move: Any, index: Index, now: float) -> Moved: ...

    def view(
        self,
        state: dict[str, Any],
        index: Index,
        now: float,
        player: str | None,
        lexicon: Lexicon | None = None,
        shared: SharedResults | None = None,
    ) -> dict[str, Any]: ...

    def quick_view(
        self, state: dict[str, Any], now: float, player: str | None, shared: SharedResults | None
    ) -> dict[str, Any] | None:
        """``view``'s answer if it can be made without the index (no I/O, no search), else None."""
        ...


def _options(options: dict[str, Any], allowed: dict[str, type | tuple[type, ...]]) -> dict[str, Any]:
    """The options a kind knows, type-checked; an unknown option is refused by name."""
    unknown = sorted(set(options) - set(allowed))
    if unknown:
        raise UsageError(f"unknown option {unknown[0]!r}; this game takes {', '.join(sorted(allowed)) or 'none'}")
    checked = {}
    for key, value in options.items():
        if value is None:
            continue
        kinds = allowed[key]
        if isinstance(value, bool) and bool not in (kinds if isinstance(kinds, tuple) else (kinds,)):
            raise UsageError(f"option {key!r} must be a {_kind_name(kinds)}, not {value!r}")
        if not isinstance(value, kinds):
            raise UsageError(f"option {key!r} must be a {_kind_name(kinds)}, not {value!r}")
        checked[key] = value
    return checked


def _kind_name(kinds: type | tuple[type, ...]) -> str:
    names = {int: "whole number", str: "string", bool: "true or false"}
    items = kinds if isinstance(kinds, tuple) else (kinds,)
    return " or ".join(names.get(k, k.__name__) for k in items)


class BoggleKind:
    """Timed Boggle rounds, one player or many (``wordindex.boggle.round``)."""

    name = "boggle"
    OPTIONS: dict[str, type | tuple[type, ...]] = {
        "board": str,
        "seed": int,
        "size": int,
        "dice": str,
        "rules": str,
        "min_length": int,
        "seconds": int,
        "multiplayer": bool,
    }

    def create(self, options: dict[str, Any], index: Index, now: float, settings: Settings) -> Created:
        from wordindex.boggle.round import BoggleRound, RoundSettings

        chosen = RoundSettings(**_options(options, self.OPTIONS), language=index.language.code)
        round_ = BoggleRound.new(chosen, now, settings.max_board_size)
        return Created(round_.state(), False)

    def move(self, state: dict[str, Any], move: Any, index: Index, now: float, solution: Any = None) -> Moved:
        """Apply the move; a hint needs the board's ``solution`` (``hint_solution``)."""
        from wordindex.boggle.round import BoggleRound

        round_ = BoggleRound.resume(state)
        event = round_.move(move, index, now, solution)
        return Moved(round_.state(), round_.over(now), event)

    def hint_solution(
        self,
        state: dict[str, Any],
        move: dict[str, Any],
        index: Index,
        now: float,
        lexicon: Lexicon,
        shared: SharedResults,
    ) -> Any:
        """The board's solution for a hint ``move``, once the move is known to be one the round takes
        (a joined player, a hint kind, the round on: ``BoggleRound.check_hint``), so nobody without a
        player's id makes the server solve; solved once per game (``SharedResults.solution``)."""
        from wordindex.boggle.round import BoggleRound

        round_ = BoggleRound.resume(state)
        round_.check_hint(move, now)
        return shared.solution(lambda: self._solution(round_, index, lexicon))

    def view(
        self,
        state: dict[str, Any],
        index: Index,
        now: float,
        player: str | None,
        lexicon: Lexicon | None = None,
        shared: SharedResults | None = None,
    ) -> dict[str, Any]:
        """The player's view; once the round is closed with its results, made once per game version
        where ``shared`` keeps them (every player's view holds the same results)."""
        from wordindex.boggle.round import BoggleRound

        quick = self.quick_view(state, now, player, shared)
        if quick is not None:
            return quick
        round_ = BoggleRound.resume(state)
        if shared is None:
            solution = self._solution(round_, index, lexicon)
        else:
            solution = shared.solution(lambda: self._solution(round_, index, lexicon))
        results = round_.results(solution) if shared is None else shared.put(round_.results_text(solution))
        return {**round_.view(now, player), "results": results}  # the last key, as the round's own view puts it

    def quick_view(
        self, state: dict[str, Any], now: float, player: str | None, shared: SharedResults | None
    ) -> dict[str, Any] | None:
        """The view when it needs neither the index nor a search: an open round, or a closed one whose
        results ``shared`` holds (microseconds: a live stream makes it on the event loop). Else None."""
        from wordindex.boggle.round import BoggleRound

        round_ = BoggleRound.resume(state)
        view = round_.view(now, player)
        if round_.closed(now):
            results = shared.get() if shared is not None else None
            if results is None:
                return None
            view["results"] = results
        return view

    @staticmethod
    def _solution(round_: Any, index: Index, lexicon: Lexicon | None) -> Any:
        """Every word on the round's board (the stored lexicon, compiled search), for its results."""
        from wordindex.boggle.engine import Engine, solve_board
        from wordindex.boggle.store import load_trie

        trie = lexicon() if lexicon else load_trie(index)
        budget = lexicon.budget if isinstance(lexicon, BudgetedLexicon) else None
        if budget is None:
            return solve_board(trie, round_.board, round_.rules, Engine.COMPILED)
        with time_budget(budget) as stop:  # a round's board is anyone's: its solve has the request's budget too
            return solve_board(trie, round_.board, round_.rules, Engine.COMPILED, stop=stop)

    def ask_next(self, state: dict[str, Any], player: Any, now: float) -> str | None:
        """The next round's id if linked (None: make one), for a joined player once the round is over."""
        from wordindex.boggle.round import BoggleRound

        return BoggleRound.resume(state).ask_next(player, now)

    def link_next(self, state: dict[str, Any], game_id: str) -> tuple[dict[str, Any], dict[str, Any]]:
        """The state with the next round linked (the first link wins), and the event ``{"next": id}``."""
        from wordindex.boggle.round import BoggleRound

        round_ = BoggleRound.resume(state)
        return round_.state(), {"next": round_.link_next(game_id)}

    def next_round(self, state: dict[str, Any], index: Index, now: float, settings: Settings) -> Created:
        """A new round with this round's size, dice, rules and clock, on a new board."""
        from wordindex.boggle.round import BoggleRound

        round_ = BoggleRound.new(BoggleRound.resume(state).next_settings(), now, settings.max_board_size)
        return Created(round_.state(), False)


class SessionKind:
    """A game played through its library session (``wordindex.sessions``): hangman, the word game.

    The move is the session's own (``"e"`` or ``{"letter": "e"}`` for hangman,
    ``{"action": "play", "word": "c*ws"}`` for the word game); ``{"action": "end"}``
    ends the game now. The answer's ``event`` is the session's Event.
    """

    def __init__(self, name: str, options: dict[str, type | tuple[type, ...]], bounds: dict[str, tuple[int, int]]):
        self.name = name
        self.options = options
        self.bounds = bounds

    def create(self, options: dict[str, Any], index: Index, now: float, settings: Settings) -> Created:
        from wordindex.sessions import create_session

        checked = _options(options, self.options)
        if self.name == "hangman" and str(checked.get("chooser", "")).strip().lower() == "optimal":
            # Its answers search the family (up to seconds each): bounded work per request keeps it off the server.
            raise UsageError("the optimal chooser is not served (its moves can take seconds): choose evil or random")
        for key, (low, high) in self.bounds.items():
            if key in checked and not low <= checked[key] <= high:
                raise UsageError(f"option {key!r} must be {low} to {high} here, not {checked[key]}")
        session = create_session(self.name, index, **checked)
        return Created(_in_language(session.state(), index.language.code), session.over)

    def _check_bounds(self, state: dict[str, Any]) -> None:
        """UsageError when a move set a bounded option out of its bounds (the word game's number of
        hands, given as a move when the game was created without one)."""
        for key, (low, high) in self.bounds.items():
            value = state.get(key)
            if isinstance(value, int) and not low <= value <= high:
                raise UsageError(f"{key!r} must be {low} to {high} here, not {value}")

    def move(self, state: dict[str, Any], move: Any, index: Index, now: float) -> Moved:
        from wordindex.sessions import resume_session

        _check_move_texts(move)
        session = resume_session(index, state)
        if isinstance(move, dict) and move.get("action") == "end":
            event = session.end()
        else:
            event = session.move(move)
        moved = _in_language(session.state(), state.get("language"))
        self._check_bounds(moved)
        return Moved(moved, session.over, event.to_json())

    def quick_view(
        self, state: dict[str, Any], now: float, player: str | None, shared: SharedResults | None
    ) -> dict[str, Any] | None:
        """None: a session is resumed on its index (hangman's and the word game's views read it)."""
        return None

    def view(
        self,
        state: dict[str, Any],
        index: Index,
        now: float,
        player: str | None,
        lexicon: Lexicon | None = None,
        shared: SharedResults | None = None,
    ) -> dict[str, Any]:
        from wordindex.sessions import resume_session

        session = resume_session(index, state)
        if self.name == "hangman" and session.over and state.get("chooser") == "evil":
            # At the end of an evil game: the word it names, and how many were still possible.
            view: dict[str, Any] = session.view(candidates=True)  # type: ignore[call-arg]
            return view
        return session.view()


def _in_language(state: dict[str, Any], code: str | None) -> dict[str, Any]:
    """The session's state with the language its game is played in (a Boggle round's records it itself).

    The server finds the game's index by it (``served.ServedIndexes.for_game``); a game stored
    before games recorded it has none and is played on the default index.
    """
    return state if code is None else {**state, "language": code}


def _check_move_texts(move: Any) -> None:
    """UsageError when a text of the move (the move itself, or a value of its object) is longer than
    ``MAX_MOVE_TEXT``: no game plays such a word, and the word game would store it."""
    texts = [move] if isinstance(move, str) else list(move.values()) if isinstance(move, dict) else []
    for text in texts:
        if isinstance(text, str) and len(text) > MAX_MOVE_TEXT:
            raise UsageError(f"a move's text is at most {MAX_MOVE_TEXT} characters here, not {len(text)}")


KINDS: dict[str, GameKind] = {
    "boggle": BoggleKind(),
    "hangman": SessionKind(
        "hangman",
        {"chooser": str, "length": int, "lives": int, "seed": int, "difficulty": str},
        {"length": (1, 63), "lives": (1, 26)},
    ),
    "wordgame": SessionKind(
        "wordgame", {"hands": int, "hand_size": int, "seed": int}, {"hands": (1, 20), "hand_size": (1, MAX_HAND)}
    ),
}


def kind_named(name: Any) -> GameKind:
    if not isinstance(name, str) or name not in KINDS:
        raise UsageError(f'unknown game {name!r}: choose {", ".join(sorted(KINDS))} ("game" in the request)')
    return KINDS[name]
