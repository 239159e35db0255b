"""Commands of the Boggle issue: ``wordindex boggle``, ``wordindex boggle-best``, ``wordindex play boggle``.

The library (``wordindex.boggle``) does the searching and keeps the game's
state; this module reads the options, draws boards (rich in a terminal,
plain text when piped) and talks to the player.
"""

from __future__ import annotations

import sys

import typer

from . import context
from .output import console, emit_json, note, out, stderr_is_terminal, stdout_is_terminal
from .prompting import EndOfInput, ask

JSON_OPTION = typer.Option(False, "--json", help="Print the result as JSON.")
RULES_HELP = (
    "Scoring rules: 'official' (3+ letters; 3-4 → 1, 5 → 2, 6 → 3, 7 → 5, 8+ → 11) or "
    "'simple' (CS106B: 4+ letters, 1 point per letter beyond 3)."
)
MIN_LENGTH_OPTION = typer.Option(
    None, "--min-length", metavar="N", help="Override the rule set's minimum word length (Qu counts 2)."
)
#: Boards scored per vectorised batch in --batch mode (bounds memory, streams output).
BATCH_CHUNK = 16384
HIGHLIGHT = "bold black on yellow"
#: boggle-best's time limit when no --seconds, --steps or --target is given.
DEFAULT_BEST_SECONDS = 60.0


# -- drawing ---------------------------------------------------------------


def _cells(path) -> set[int]:
    return {int(r) * 1000 + int(c) for r, c in path}


def plain_board(board, path=()) -> list[str]:
    """The board as text lines; highlighted cells in brackets: ``[R]``."""
    marked = _cells(path)
    lines = []
    for r in range(board.size):
        row = []
        for c in range(board.size):
            label = board.label(r * board.size + c)
            row.append((f"[{label}]" if r * 1000 + c in marked else f" {label} ").ljust(4))
        lines.append("".join(row).rstrip())
    return lines


def rich_board(board, path=()):
    """The board as a rich table; the cells of ``path`` highlighted."""
    from rich import box
    from rich.table import Table
    from rich.text import Text

    marked = _cells(path)
    table = Table(show_header=False, show_lines=True, box=box.ROUNDED, padding=(0, 1))
    for _ in range(board.size):
        table.add_column(justify="center", width=2)
    for r in range(board.size):
        table.add_row(
            *(
                Text(board.label(r * board.size + c), style=HIGHLIGHT if r * 1000 + c in marked else "bold")
                for c in range(board.size)
            )
        )
    return table


def show_board(board, path=()) -> None:
    """Draw the board on stdout: rich in a terminal, plain lines when piped."""
    if stdout_is_terminal():
        console().print(rich_board(board, path))
    else:
        for line in plain_board(board, path):
            out(line)


def _path_text(path) -> str:
    return " ".join(f"({r},{c})" for r, c in path)


# -- wordindex boggle ------------------------------------------------------------


def boggle(
    ctx: typer.Context,
    board: list[str] = typer.Argument(
        None,
        metavar="BOARD",
        help="The board's letters row by row, e.g. abcdefghijklmnop (4×4); q is the Qu cube; spaces are ignored.",
    ),
    rules: str = typer.Option(None, "--rules", "-r", metavar="RULES", help=RULES_HELP + " Default: official."),
    min_length: int = MIN_LENGTH_OPTION,
    json_output: bool = JSON_OPTION,
    path: bool = typer.Option(False, "--path", help="Show the cells of each word, as (row,col) from the top left."),
    show: str = typer.Option(None, "--show", metavar="WORD", help="Draw the board with WORD's cells highlighted."),
    batch: str = typer.Option(
        None,
        "--batch",
        metavar="FILE",
        help="Score one board per line of FILE ('-' for stdin); print one JSON line per board.",
    ),
) -> None:
    """Find every word on a Boggle board (2×2 to 6×6), with its score, and the total.

    Words are sorted by score (highest first), then alphabetically. Cubes
    touch in all 8 directions, each cube is used at most once per word, and a
    word counts once however many paths spell it. The default rules are
    'official'; the board's words are found by a depth-first search of the
    lexicon stored in the index.

    With --batch, bad lines get {"board": ..., "error": ...} and the batch
    goes on; the exit status is 2 if any line was bad.

    Examples: wordindex boggle perslatgsineters;  wordindex boggle abcd efgh ijkl mnop --json;
    wordindex boggle --batch boards.txt
    """
    from wordindex.boggle.rules import get_rules
    from wordindex.errors import UsageError

    chosen = get_rules(rules, min_length)
    if batch is not None:
        if board:
            raise UsageError("give either BOARD or --batch FILE, not both")
        if show is not None or path:
            raise UsageError("--show and --path work on one BOARD, not with --batch")
        _run_batch(ctx, batch, chosen)
        return
    if not board:
        raise UsageError("give the board's letters, e.g. `wordindex boggle abcdefghijklmnop` (or --batch FILE)")

    from wordindex.boggle.board import parse_board
    from wordindex.boggle.engine import solve_board
    from wordindex.boggle.store import load_trie

    parsed = parse_board(" ".join(board))
    with context.open_index(ctx) as index:
        trie = load_trie(index)
    solution = solve_board(trie, parsed, chosen)
    if show is not None:
        _show_word(solution, show, json_output)
        return
    if json_output:
        emit_json(_solution_json(solution))
        return
    _print_solution(solution, path)


def _solution_json(solution) -> dict:
    return {
        "board": solution.board.rows(),
        "rules": solution.rules.name,
        "count": solution.count,
        "score": solution.score,
        "words": [{"word": w.word, "score": w.score, "path": [list(cell) for cell in w.path]} for w in solution.words],
    }


def _total_line(solution) -> str:
    words = "word" if solution.count == 1 else "words"
    points = "point" if solution.score == 1 else "points"
    return f"{solution.count:,} {words}, {solution.score:,} {points} ({solution.rules.name} rules, min {solution.rules.min_length} letters)"


def _print_solution(solution, with_path: bool) -> None:
    if stdout_is_terminal():
        from rich.table import Table

        term = console()
        term.print(rich_board(solution.board))
        table = Table("score", "word", *(["path"] if with_path else []), caption=_total_line(solution))
        for w in solution.words:
            table.add_row(str(w.score), w.word, *([_path_text(w.path)] if with_path else []))
        term.print(table)
        return
    width = max((len(w.word) for w in solution.words), default=0)
    lines = []
    for w in solution.words:
        line = f"{w.score:>3} {w.word}"
        if with_path:
            line = f"{w.score:>3} {w.word:<{width}} {_path_text(w.path)}"
        lines.append(line)
    lines.append(f"total: {_total_line(solution)}")
    out("\n".join(lines))


def _show_word(solution, word: str, json_output: bool) -> None:
    from wordindex.errors import NotFoundError

    wanted = "".join(word.split()).lower()
    found = solution.find(wanted)
    if found is None:
        raise NotFoundError(
            f"{wanted!r} is not one of this board's {solution.count:,} words under {solution.rules.name} rules"
        )
    if json_output:
        emit_json(
            {
                "board": solution.board.rows(),
                "rules": solution.rules.name,
                "word": found.word,
                "score": found.score,
                "path": [list(cell) for cell in found.path],
            }
        )
        return
    show_board(solution.board, found.path)
    points = "point" if found.score == 1 else "points"
    out(f"{found.word}: {found.score} {points}, cells {_path_text(found.path)}")


# -- --batch ---------------------------------------------------------------------------


def _batch_lines(source: str):
    """The lines of the batch file (or stdin), without their line ends."""
    from wordindex.errors import WordIndexError

    if source == "-":
        binary = getattr(sys.stdin, "buffer", None)
        if binary is None:
            for line in sys.stdin:
                yield line.rstrip("\r\n")
            return
        for raw in binary:  # bytes, so a line that is not UTF-8 is one bad line, not a crash
            yield raw.decode("utf-8", errors="replace").rstrip("\r\n")
        return
    try:
        handle = open(source, encoding="utf-8", errors="replace")
    except OSError as exc:
        raise WordIndexError(f"cannot read the batch file {source}: {exc.strerror or exc}") from None
    with handle:
        for line in handle:
            yield line.rstrip("\r\n")


def _chunk_lines(chunk) -> str:
    """One JSON line per batch line: the board's totals, or the line as given and why it was refused."""
    import json

    lines = []
    for i, raw in enumerate(chunk.lines):
        board = chunk.boards[i]
        if board is None:
            lines.append(json.dumps({"board": raw, "error": chunk.errors[i]}, ensure_ascii=False))
        else:
            lines.append(f'{{"board": "{board}", "count": {chunk.counts[i]}, "score": {chunk.scores[i]}}}')
    return "\n".join(lines)


def _run_batch(ctx: typer.Context, source: str, rules) -> None:
    import itertools

    from wordindex.boggle.batch import BatchScorer
    from wordindex.boggle.store import load_trie
    from wordindex.errors import UsageError

    lines = _batch_lines(source)
    with context.open_index(ctx) as index:
        run = BatchScorer(load_trie(index), rules)
    chunk = list(itertools.islice(lines, BATCH_CHUNK))
    while chunk:
        following = list(itertools.islice(lines, BATCH_CHUNK))
        sys.stdout.write(_chunk_lines(run.score_chunk(chunk, more_to_come=bool(following))) + "\n")
        chunk = following
    sys.stdout.flush()
    if run.lines == 0:
        raise UsageError(f"the batch {'on stdin' if source == '-' else source} has no lines")
    if run.bad:
        first_line, first_reason = run.bad[0]
        verb = "was" if len(run.bad) == 1 else "were"
        raise UsageError(
            f"{len(run.bad):,} of {run.lines:,} lines {verb} not a board (first: line {first_line}: {first_reason})"
        )


# -- wordindex boggle-best --------------------------------------------------------


def boggle_best(
    ctx: typer.Context,
    size: int = typer.Option(4, "--size", "-n", metavar="N", help="Board side, 2 to 6."),
    rules: str = typer.Option(None, "--rules", "-r", metavar="RULES", help=RULES_HELP + " Default: official."),
    min_length: int = MIN_LENGTH_OPTION,
    seconds: float = typer.Option(
        None, "--seconds", "-s", metavar="S", help="Stop after S seconds (default 60 when no other limit is given)."
    ),
    steps: int = typer.Option(
        None, "--steps", metavar="K", help="Stop after K search steps (same seed + same K = same boards)."
    ),
    target: int = typer.Option(None, "--target", metavar="SCORE", help="Stop as soon as a board scores SCORE or more."),
    seed: int = typer.Option(None, "--seed", metavar="S", help="Random seed (one is picked and shown when not given)."),
    top: int = typer.Option(5, "--top", metavar="K", help="How many of the best boards to print."),
    json_output: bool = JSON_OPTION,
) -> None:
    """Search for the highest-scoring board of a size (steepest-ascent hill climbing with kicks).

    Each step scores every board one letter change or one swap away from the
    current board, in one batch on both cores, and moves to the best; at a
    local optimum it kicks the run's best board with a few random changes
    (iterated local search) and restarts from a random board when that stops
    paying. The search stops at the first of --steps, --seconds and --target
    that is given (60 seconds when none is), or at Ctrl-C, and still prints
    the best boards. Progress goes to stderr. Boards equal up to rotation or
    reflection are listed once.

    Examples: wordindex boggle-best --size 4 --target 3625 --seed 1;  wordindex boggle-best -n 5 --steps 200 --json
    """
    import math
    import random

    from wordindex.boggle.best import BestBoardSearch, run_search
    from wordindex.boggle.board import SIZES, BoardError
    from wordindex.boggle.rules import get_rules
    from wordindex.boggle.store import load_trie
    from wordindex.errors import UsageError

    chosen = get_rules(rules, min_length)
    if size not in SIZES:
        raise BoardError(f"--size must be {SIZES[0]} to {SIZES[-1]}, not {size}")
    if seconds is not None and not (seconds > 0 and math.isfinite(seconds)):
        raise UsageError(f"--seconds must be more than 0 (and finite), not {seconds:g}")
    if steps is not None and steps < 1:
        raise UsageError(f"--steps must be 1 or more, not {steps}")
    if not 1 <= top <= 100:
        raise UsageError(f"--top must be 1 to 100, not {top}")
    if seconds is None and steps is None and target is None:
        seconds = DEFAULT_BEST_SECONDS
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    with context.open_index(ctx) as index:
        trie = load_trie(index)
    search = BestBoardSearch(trie, size, chosen, seed=seed, keep=max(top, 10))
    with _BestProgress(seconds, steps, target) as display:
        result = run_search(search, seconds=seconds, steps=steps, target=target, top=top, on_step=display.update)
    best = result.boards
    if json_output:
        emit_json(
            {
                "size": size,
                "rules": chosen.name,
                "seed": seed,
                "score": best[0].score,
                "board": best[0].board.text,
                "rows": best[0].board.rows(),
                "seconds": round(best[0].seconds, 2),
                "target": target,
                "reached_target": result.reached_target,
                "elapsed": round(result.seconds, 2),
                "steps": result.steps,
                "boards_scored": result.boards_scored,
                "interrupted": result.interrupted,
                "boards": [
                    {
                        "board": b.board.text,
                        "rows": b.board.rows(),
                        "score": b.score,
                        "count": b.count,
                        "seconds": round(b.seconds, 2),
                    }
                    for b in best
                ],
            }
        )
        return
    summary = (
        f"seed {seed}: {result.steps:,} steps, {result.boards_scored:,} boards scored in {result.seconds:.1f} s"
        f"; best found after {best[0].seconds:.1f} s{' (interrupted)' if result.interrupted else ''}"
    )
    if stdout_is_terminal():
        from rich.table import Table

        term = console()
        term.print(rich_board(best[0].board))
        table_out = Table(
            "score",
            "words",
            "board",
            "found after",
            caption=summary,
            title=f"best {size}×{size} boards ({chosen.name} rules)",
        )
        for b in best:
            table_out.add_row(f"{b.score:,}", f"{b.count:,}", b.board.text, f"{b.seconds:.1f} s")
        term.print(table_out)
    else:
        for b in best:
            out(f"{b.score} {b.board.text} ({b.count} words)")
        note(summary)


class _BestProgress:
    """Progress of boggle-best on stderr: a live line in a terminal, a line per new best otherwise."""

    def __init__(self, seconds: float | None, steps: int | None, target: int | None):
        limits = [f"{seconds:g} s" if seconds is not None else "", f"{steps:,} steps" if steps is not None else ""]
        limits.append(f"target {target:,}" if target is not None else "")
        self.limits = ", ".join(limit for limit in limits if limit)
        self.live = None
        self.best = -1

    def __enter__(self):
        if stderr_is_terminal():
            from rich.live import Live

            self.live = Live("", console=console(stderr=True), transient=True, refresh_per_second=8)
            self.live.start()
        return self

    def update(self, progress, elapsed: float) -> None:
        text = (
            f"{elapsed:6.1f} s ({self.limits})  step {progress.steps:,}  climbs {progress.climbs:,}  "
            f"boards scored {progress.boards_scored:,}  current {progress.current_score:,}  "
            f"best {progress.best_score:,}"
        )
        if self.live is not None:
            self.live.update(text)
        elif progress.best_score > self.best:
            note(text)
        self.best = max(self.best, progress.best_score)

    def __exit__(self, *exc):
        if self.live is not None:
            self.live.stop()


# -- wordindex play boggle ---------------------------------------------------------------


def _yes_or_no(prompt: str) -> bool:
    while True:
        answer = ask(prompt).strip().lower()
        if answer[:1] in ("y", "n"):
            return answer[:1] == "y"
        out("Please type a word that begins with 'y' or 'n'.")


def _word_set(words) -> str:
    return "{" + ", ".join(f'"{w.upper()}"' for w in sorted(words)) + "}"


MESSAGES = {
    "too short": "That word is too short: words need at least {min} letters.",
    "not in the dictionary": "That word is not in the dictionary.",
    "already found": "You have already found that word.",
    "cannot be formed on the board": "That word can't be formed on this board.",
}


def play_boggle(
    ctx: typer.Context,
    size: int = typer.Option(
        None, "--size", "-n", metavar="4|5|6", help="Board side (default 4, or the size of --board / --dice)."
    ),
    dice: str = typer.Option(
        None, "--dice", metavar="SET", help="Dice: classic (1976), new (1987, default 4×4), big (5×5), superbig (6×6)."
    ),
    rules: str = typer.Option(None, "--rules", "-r", metavar="RULES", help=RULES_HELP + " Default: simple."),
    min_length: int = MIN_LENGTH_OPTION,
    seed: int = typer.Option(
        None, "--seed", metavar="S", help="Random seed for shaking the dice (reproducible boards)."
    ),
    board: str = typer.Option(None, "--board", metavar="LETTERS", help="Play this board first instead of asking."),
) -> None:
    """Play Boggle against the computer (Stanford CS106B): find words, then watch it find the rest.

    Type one word per line; an empty line ends your turn. Each word is
    checked in order: long enough, in the dictionary, not already found, can
    be formed on the board. The computer then takes every word you missed
    and wins only with a strictly greater score. Default rules: simple (CS106B).

    Examples: wordindex play boggle;  wordindex play boggle --size 5 --seed 7;  wordindex play boggle --board fycliomgorilhjhu
    """
    import random

    from wordindex.boggle.board import BoardError, parse_board
    from wordindex.boggle.dice import DICE_SETS, get_dice, shake
    from wordindex.boggle.rules import DEFAULT_GAME_RULES, get_rules

    chosen = get_rules(rules, min_length, default=DEFAULT_GAME_RULES)
    first_board = None
    if board is not None:
        first_board = parse_board(board, size)
        size = size or first_board.size
    if size is None:
        size = DICE_SETS[dice.strip().lower()].size if dice and dice.strip().lower() in DICE_SETS else 4
    if size not in (4, 5, 6):
        raise BoardError(f"play boggle uses 4×4, 5×5 or 6×6 boards (--size 4, 5 or 6), not {size}×{size}")
    dice_set = get_dice(dice, size)
    rng = random.Random(seed)

    with context.open_index(ctx) as index:
        session = _GameSession(index, chosen, size, dice_set, rng)
        try:
            session.intro()
            while True:
                current = first_board if first_board is not None else session.choose_board(shake)
                first_board = None
                session.play(current)
                if not _yes_or_no("Play again (Y/N)? "):
                    break
            out("Have a nice day.")
        except EndOfInput:
            out()
            out("Goodbye.")


class _GameSession:
    """The console side of the game (CS106B's boggleplay.cpp)."""

    def __init__(self, index, rules, size, dice_set, rng):
        self.index = index
        self.rules = rules
        self.size = size
        self.dice_set = dice_set
        self.rng = rng
        self.terminal = stdout_is_terminal()

    def intro(self) -> None:
        out("Welcome to Boggle!")
        out(
            f"Find words on a {self.size}×{self.size} board of letter cubes by tracing a path through "
            "neighbouring cubes (across, down or diagonally); each cube once per word."
        )
        out(
            f"Words need at least {self.rules.min_length} letters ({self.rules.name} rules; Qu counts as two). "
            "Then the computer finds every word you missed."
        )
        out("")

    def choose_board(self, shake):
        from wordindex.boggle.board import BoardError, parse_board

        if _yes_or_no("Do you want to generate a random board? "):
            return shake(self.dice_set, self.rng)
        cells = self.size * self.size
        while True:
            text = ask(f"Type the {cells} letters to appear on the board: ")
            try:
                return parse_board(text, self.size)
            except BoardError:
                out(f"That is not a valid {cells}-letter board string. Try again.")

    def _screen(self, game, message: str, path=(), mine: bool = False) -> None:
        if self.terminal:
            console().clear()
        out(message)
        show_board(game.board, path)
        if mine:
            out(f"My words ({len(game.computer_words)}): {_word_set(game.computer_words)}")
            out(f"My score: {game.computer_score}")
        else:
            out(f"Your words ({len(game.human_words)}): {_word_set(game.human_words)}")
            out(f"Your score: {game.human_score}")

    def play(self, board) -> None:
        from wordindex.boggle.game import BoggleGame

        game = BoggleGame(self.index, board, self.rules)
        self._screen(game, "It's your turn!")
        while True:
            word = ask("Type a word (or Enter to stop): ").strip()
            if not word:
                break
            guess = game.guess(word)
            if guess.accepted:
                points = "point" if guess.points == 1 else "points"
                message = f'You found a new word! "{guess.word.upper()}" ({guess.points} {points})'
            else:
                message = MESSAGES[guess.verdict.value].format(min=self.rules.min_length)
            self._screen(game, message, game.last_path)
        out("")
        game.computer_turn()
        self._screen(game, "It's my turn!", mine=True)
        if game.computer_won:
            out("Ha ha ha, I destroyed you. Better luck next time, puny human!")
        else:
            out("WOW, you defeated me! Congratulations!")


def register(app: typer.Typer) -> None:
    """Add ``boggle``, ``boggle-best`` and ``play boggle`` to the app."""
    from .play import play_app

    app.command(name="boggle")(boggle)
    app.command(name="boggle-best")(boggle_best)
    play_app.command(name="boggle")(play_boggle)
