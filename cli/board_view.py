"""How the CLI draws a Boggle board: rich on a colour terminal, plain lines with bracketed highlights
otherwise. Shared by ``boggle`` / ``boggle-best`` (``boggle.py``) and ``play boggle`` (``boggle_play.py``),
so neither command module imports the other.
"""

from __future__ import annotations

from .output import console, out, stdout_is_terminal

HIGHLIGHT = "bold black on yellow"


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


def path_text(path) -> str:
    """A path as its cells: ``(0,1) (1,2)``."""
    return " ".join(f"({r},{c})" for r, c in path)
