"""Commands of the Boggle issue: ``wordindex boggle`` and ``wordindex boggle-best``.

The library (``wordindex.boggle``) does the searching; ``wordindex.reports.boggle``
gives the one board's answer. This module reads the options and draws boards
(rich on a colour terminal, plain text with bracketed highlights otherwise).
``play boggle`` lives in ``boggle_play.py``.
"""

from __future__ import annotations

import sys

import typer

from . import context, options
from .board_view import path_text as _path_text
from .board_view import rich_board, show_board
from .options import JSON as JSON_OPTION
from .options import MIN_LENGTH as MIN_LENGTH_OPTION
from .options import RULES_HELP
from .output import console, emit_json, note, out, plural, stderr_is_terminal, stdout_is_terminal, word_list

#: Boards scored per vectorised batch in --batch mode (bounds memory, streams output).
BATCH_CHUNK = 16384
#: boggle-best's time limit when no --seconds, --steps or --target is given.
DEFAULT_BEST_SECONDS = 60.0


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
    from wordindex import reports
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
    from wordindex.boggle.faces import faces_of

    with context.open_index(ctx) as index:
        if json_output and show is None:  # the answer's text, written straight from the solution
            out(reports.boggle_text(index, " ".join(board), rules, min_length))
            return
        result = reports.boggle(index, " ".join(board), rules, min_length, show)
        faces = faces_of(index.language.code)
    if show is not None:
        _show_word(result, json_output, faces)
    elif json_output:
        emit_json(result)
    else:
        _print_solution(result, path, faces)


def _total_line(result: dict) -> str:
    return (
        f"{plural(result['count'], 'word')}, {plural(result['score'], 'point')} "
        f"({result['rules']} rules, min {plural(result['min_length'], 'letter')})"
    )


def _print_solution(result: dict, with_path: bool, faces) -> None:
    from wordindex.boggle.board import parse_board

    if stdout_is_terminal():
        console().print(rich_board(parse_board(result["board"], faces=faces)))
        if with_path:  # a word beside its cells: a table, one word a row
            from rich.table import Table

            table = Table("score", "word", "path", caption=_total_line(result))
            for w in result["words"]:
                table.add_row(str(w["score"]), w["word"], _path_text(w["path"]))
            console().print(table)
            return
    if with_path:
        width = max((len(w["word"]) for w in result["words"]), default=0)
        for w in result["words"]:
            out(f"{w['score']:>3} {w['word']:<{width}} {_path_text(w['path'])}")
    else:  # columns on a terminal, one a line piped
        word_list([f"{w['score']:>3} {w['word']}" for w in result["words"]])
    out(f"total: {_total_line(result)}")


def _show_word(result: dict, json_output: bool, faces) -> None:
    """One word's cells; a word that is not on the board is a negative answer (exit 1)."""
    from wordindex.boggle.board import parse_board

    if json_output:
        emit_json(result)
    if not result["found"]:
        note(
            f"{result['word']!r} is not one of this board's {plural(result['count'], 'word')} "
            f"under {result['rules']} rules"
        )
        raise typer.Exit(1)
    if json_output:
        return
    show_board(parse_board(result["board"], faces=faces), result["path"])
    out(f"{result['word']}: {plural(result['score'], 'point')}, cells {_path_text(result['path'])}")


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
    import math

    if chunk.json_lines is not None:
        return chunk.json_lines.decode("ascii")
    lines = []
    for i, raw in enumerate(chunk.lines):
        board = chunk.boards[i]
        if board is None:
            lines.append(json.dumps({"board": raw, "error": chunk.errors[i]}, ensure_ascii=False))
        else:
            side = math.isqrt(len(board))
            rows = ", ".join(f'"{board[r * side : (r + 1) * side]}"' for r in range(side))
            lines.append(
                f'{{"board": "{board}", "rows": [{rows}], "count": {chunk.counts[i]}, "score": {chunk.scores[i]}}}'
            )
    return "\n".join(lines) + "\n"


def _run_batch(ctx: typer.Context, source: str, rules) -> None:
    import itertools

    from wordindex.boggle.batch import BatchScorer
    from wordindex.boggle.faces import faces_of
    from wordindex.boggle.store import load_trie
    from wordindex.errors import UsageError

    lines = _batch_lines(source)
    with context.open_index(ctx) as index:
        run = BatchScorer(load_trie(index), rules, faces_of(index.language.code))
    run.prepare()
    chunk = list(itertools.islice(lines, BATCH_CHUNK))
    while chunk:
        following = list(itertools.islice(lines, BATCH_CHUNK))
        sys.stdout.write(_chunk_lines(run.score_chunk(chunk, more_to_come=bool(following))))
        chunk = following
    sys.stdout.flush()
    if run.lines == 0:
        raise UsageError(f"the batch {'on stdin' if source == '-' else source} has no lines")
    if run.bad:
        first_line, first_reason = run.bad[0]
        verb = "was" if len(run.bad) == 1 else "were"
        raise UsageError(
            f"{len(run.bad):,} of {plural(run.lines, 'line')} {verb} not a board "
            f"(first: line {first_line}: {first_reason})"
        )


# -- wordindex boggle-best --------------------------------------------------------


def boggle_best(
    ctx: typer.Context,
    size: int = typer.Option(None, "--size", metavar="N", help="Board side, 2 to 6 (default 4)."),
    old_size: int = typer.Option(None, "-n", hidden=True),
    rules: str = typer.Option(None, "--rules", "-r", metavar="RULES", help=RULES_HELP + " Default: official."),
    min_length: int = MIN_LENGTH_OPTION,
    seconds: float = typer.Option(
        None, "--seconds", metavar="S", help="Stop after S seconds (default 60 when no other limit is given)."
    ),
    old_seconds: float = typer.Option(None, "-s", hidden=True),
    steps: int = typer.Option(
        None, "--steps", metavar="K", help="Stop after K search steps (same seed + same K = same boards)."
    ),
    target: int = typer.Option(None, "--target", metavar="SCORE", help="Stop as soon as a board scores SCORE or more."),
    seed: int = typer.Option(None, "--seed", metavar="S", help="Random seed (one is picked and shown when not given)."),
    top: int = typer.Option(5, "--top", metavar="K", help="How many of the best boards to print."),
    json_output: bool = JSON_OPTION,
) -> None:
    """Search for the highest-scoring board of a size (hill climbing with a pool of the best boards).

    The search keeps the 100 best distinct boards of its run (danvk's pool
    hill climbing); each step scores, in one batch on both cores, every board
    one letter change or one swap away from the pool's new boards and keeps
    the best 100. When nothing new gets in, the run's best boards are recorded
    and a new run starts from random boards. The search stops at the first of
    --steps, --seconds and --target that is given (60 seconds when none is),
    or at Ctrl-C, and still prints the best boards. Progress goes to stderr.
    Boards equal up to rotation or reflection are listed once.

    Examples: wordindex boggle-best --size 4 --target 3625 --seed 1;  wordindex boggle-best --size 5 --steps 200 --json
    """
    import math
    import random

    from wordindex.boggle.best import BestBoardSearch, run_search
    from wordindex.boggle.board import SIZES, BoardError
    from wordindex.boggle.rules import get_rules
    from wordindex.boggle.store import load_trie
    from wordindex.errors import UsageError

    chosen = get_rules(rules, min_length)
    size = options.pick(options.pick(size, old_size), 4)
    seconds = options.pick(seconds, old_seconds)
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
    from wordindex.boggle.faces import faces_of

    with context.open_index(ctx) as index:
        trie = load_trie(index)
        faces = faces_of(index.language.code)
    search = BestBoardSearch(trie, size, chosen, seed=seed, keep=max(top, 10), faces=faces)
    with _BestProgress(seconds, steps, target) as display:
        result = run_search(search, seconds=seconds, steps=steps, target=target, top=top, on_step=display.update)
    best = result.boards
    if json_output:
        from wordindex.reports import boggle_best

        emit_json(boggle_best(result, size, chosen, seed, target))
        return
    summary = (
        f"seed {seed}: {plural(result.steps, 'step')}, {plural(result.boards_scored, 'board')} scored "
        f"in {result.seconds:.1f} s"
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
            out(f"{b.score} {b.board.text} ({plural(b.count, 'word')})")
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


def register(app: typer.Typer) -> None:
    """Add ``boggle`` and ``boggle-best`` to the app (``play boggle`` is in boggle_play.py)."""
    from . import boggle_play

    app.command(name="boggle")(boggle)
    app.command(name="boggle-best")(boggle_best)
    boggle_play.register(app)
