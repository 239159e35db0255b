"""The compiled Boggle search: the depth-first walk written in LLVM IR, compiled by llvmlite.

One function, ``walk_boards``, scores a batch of boards (word count and score each: ``--batch``,
``boggle-best``) and, given buffers, records every word of one board with its path
(``engine.solve_board(..., Engine.COMPILED)``). It does exactly what ``dfs_python`` does, the plain
reference: **change the search there first**, then here; the tests compare the two on random
boards and dictionaries of several alphabets.

Why LLVM IR and not numba (issue 21): in a short-lived process numba costs about 0.4 s to import
and 0.4 s more to load even a cached function (it sets up its whole typing and lowering machinery
first), and its first compilation after an install about 2 s; ``--batch`` of 100,000 boards takes
about a second in all. llvmlite (numba's own LLVM binding, a wheel) imports in about 0.1 s, and
compiling this function takes a few milliseconds, in every process: there is no cache to warm and
no first-run penalty. This walk also scored twice as many boards per core as numba's compilation of
the same search did (docs/boggle.md, measured side by side), so numba's Boggle kernel is retired.

The walk is danvk's (``hybrid-boggle``), on the compact trie of ``wordindex.boggle.trie``
(``mask`` / ``first``, the child by a letter is a popcount; ``first`` also holds the word flag and
the shortest completion). Per board, from every cell, an explicit stack of at most one entry per
cube (memory bounded by the board, whatever the dictionary holds) holds the node, the letters
spelled, the cells used, the neighbours still to try as a bitmask and the cell, so taking the next
neighbour is one count-trailing-zeros and a used cell is never even looked at. A prefix whose
shortest completion needs more letters than the cubes left can spell is not followed. A word
counts once per board through ``marks``: per trie node, the number of the last board that found
it, so nothing is cleared between boards. Boards are rows of ``cells`` face numbers (0-31 a letter
of the alphabet, 32 + i the i-th multi-letter face, whose letters come from ``face_letters``).

``@step`` (the node after one cube) comes in three forms, the kernel compiled with the cheapest one
the boards allow (``Faces``): letters only, letters and the Qu cube (as English Boggle always
played; the boards then carry the Qu cube as q, which they never hold alone, so a step reads its
letter from the board untranslated), or any multi-letter face (a short loop over its letters).
``kernel_ir(faces)`` is the text compiled. The batch's kernel leaves out the stop flag and the
recording (``kernel_ir(..., batch=True)``): with both, English batches ran 5-10 % slower than
before the alphabets were generic. The compiled function is called through ``ctypes``, which releases the GIL: plain
threads score parts of a batch on several cores at once.
"""

from __future__ import annotations

import ctypes
import threading
from enum import Enum
from typing import Any

KERNEL_IR = r"""
; walk_boards: word count and score of each of n boards, and (when rec_node is not null) every word
; of board 0 with its path.
;   mask, first    the trie (u32 letter bits; u32 first child in bits 0-24, shortest completion in
;                  bits 25-30, word flag in bit 31)
;   boards         n rows of `cells` face numbers (i8: 0-31 a letter, 32 + i the i-th multi-letter face)
;   adjacency      per cell, the bitmask of its neighbours (i64)
;   points         points[len] = score of a word of len letters (i32)
;   marks          per trie node, the last board number that found it (i32)
;   run0           the number of board 0 (board b is run0 + b)
;   face_letters   per multi-letter face, 4 letters (i8); face_length its letter count (i8)
;   max_face       the most letters one face spells (the pruning's bound)
;   out_count, out_score  one i64 per board (out_count -1: the record buffers were too small; -2: stopped)
;   rec_*          per word found: node, letters, cubes and `cells` path bytes; capacity entries
;   stop           an i32 another thread may set (stop.py): read before each step deeper; once it is
;                  set, the board being walked gets out_count -2 and the walk returns

declare i32 @llvm.ctpop.i32(i32)
declare i64 @llvm.cttz.i64(i64, i1)

; The child of `node` by `letter`, 0 when the prefix does not go on with it.
define internal i32 @child(ptr %mask, ptr %first, i32 %node, i32 %letter) alwaysinline nounwind {
entry:
  %mask.p = getelementptr i32, ptr %mask, i32 %node
  %bits = load i32, ptr %mask.p
  %shifted = lshr i32 %bits, %letter
  %has = and i32 %shifted, 1
  %absent = icmp eq i32 %has, 0
  br i1 %absent, label %dead, label %live
dead:
  ret i32 0
live:
  %first.p = getelementptr i32, ptr %first, i32 %node
  %flagged = load i32, ptr %first.p
  %base = and i32 %flagged, 33554431
  %below = shl i32 1, %letter
  %low = sub i32 %below, 1
  %before = and i32 %bits, %low
  %rank = call i32 @llvm.ctpop.i32(i32 %before)
  %child = add i32 %base, %rank
  ret i32 %child
}

{STEP}
; Count the word at `node` (`len` letters) once per board; true when it is counted now.
define internal i1 @found(ptr %first, ptr %marks, ptr %points, i32 %node, i32 %len, i32 %min_length, i32 %run,
                          ptr %count, ptr %score) alwaysinline nounwind {
entry:
  %first.p = getelementptr i32, ptr %first, i32 %node
  %flagged = load i32, ptr %first.p
  %is.word = icmp slt i32 %flagged, 0
  br i1 %is.word, label %long.enough, label %no
long.enough:
  %enough = icmp sge i32 %len, %min_length
  br i1 %enough, label %fresh, label %no
fresh:
  %mark.p = getelementptr i32, ptr %marks, i32 %node
  %mark = load i32, ptr %mark.p
  %seen = icmp eq i32 %mark, %run
  br i1 %seen, label %no, label %yes
yes:
  store i32 %run, ptr %mark.p
  %c = load i32, ptr %count
  %c1 = add i32 %c, 1
  store i32 %c1, ptr %count
  %points.p = getelementptr i32, ptr %points, i32 %len
  %p = load i32, ptr %points.p
  %s = load i32, ptr %score
  %s1 = add i32 %s, %p
  store i32 %s1, ptr %score
  ret i1 true
no:
  ret i1 false
}

; Whether the walk may go deeper from `node` with `cubes` cubes used: it has children, and its
; shortest completion fits in the letters the cubes left can spell.
define internal i1 @worth(ptr %mask, ptr %first, i32 %node, i64 %cells, i64 %cubes, i32 %max_face)
    alwaysinline nounwind {
entry:
  %mask.p = getelementptr i32, ptr %mask, i32 %node
  %bits = load i32, ptr %mask.p
  %leaf = icmp eq i32 %bits, 0
  br i1 %leaf, label %no, label %check
check:
  %left = sub i64 %cells, %cubes
  %face = zext i32 %max_face to i64
  %reach = mul i64 %left, %face
  %first.p = getelementptr i32, ptr %first, i32 %node
  %flagged = load i32, ptr %first.p
  %shifted = lshr i32 %flagged, 25
  %need32 = and i32 %shifted, 63
  %need = zext i32 %need32 to i64
  %fits = icmp ule i64 %need, %reach
  ret i1 %fits
no:
  ret i1 false
}

; Write word number `count` - 1: its node, letters, cubes and path (the saved cells, then `last`),
; the rest of the path's row filled with `cells` (no cell), so a reader needs no lengths.
define internal void @record(ptr %rec_node, ptr %rec_len, ptr %rec_cubes, ptr %rec_path, i64 %capacity,
                             ptr %count, ptr %overflow, i32 %node, i32 %len, i64 %depth, ptr %st.cell,
                             i64 %top, i64 %last, i1 %two, i64 %cells) alwaysinline nounwind {
entry:
  %c = load i32, ptr %count
  %c1 = sub i32 %c, 1
  %at = sext i32 %c1 to i64
  %full = icmp sge i64 %at, %capacity
  br i1 %full, label %over, label %write
over:
  store i1 true, ptr %overflow
  ret void
write:
  %node.p = getelementptr i32, ptr %rec_node, i64 %at
  store i32 %node, ptr %node.p
  %len.p = getelementptr i32, ptr %rec_len, i64 %at
  store i32 %len, ptr %len.p
  %extra = select i1 %two, i64 2, i64 1
  %cubes = add i64 %depth, %extra
  %cubes32 = trunc i64 %cubes to i32
  %cubes.p = getelementptr i32, ptr %rec_cubes, i64 %at
  store i32 %cubes32, ptr %cubes.p
  %row.at = mul i64 %at, %cells
  %row = getelementptr i8, ptr %rec_path, i64 %row.at
  br label %copy
copy:
  %i = phi i64 [ 0, %write ], [ %i1, %copy.body ]
  %more = icmp slt i64 %i, %depth
  br i1 %more, label %copy.body, label %tail
copy.body:
  %from.p = getelementptr i64, ptr %st.cell, i64 %i
  %from = load i64, ptr %from.p
  %from8 = trunc i64 %from to i8
  %to.p = getelementptr i8, ptr %row, i64 %i
  store i8 %from8, ptr %to.p
  %i1 = add i64 %i, 1
  br label %copy
tail:
  %top8 = trunc i64 %top to i8
  %top.p = getelementptr i8, ptr %row, i64 %depth
  store i8 %top8, ptr %top.p
  br i1 %two, label %tail.last, label %tail.done
tail.last:
  %last8 = trunc i64 %last to i8
  %after = add i64 %depth, 1
  %last.p = getelementptr i8, ptr %row, i64 %after
  store i8 %last8, ptr %last.p
  br label %tail.done
tail.done:
  %none = trunc i64 %cells to i8
  br label %fill
fill:
  %j = phi i64 [ %cubes, %tail.done ], [ %j1, %fill.body ]
  %more.cells = icmp slt i64 %j, %cells
  br i1 %more.cells, label %fill.body, label %filled
fill.body:
  %fill.p = getelementptr i8, ptr %row, i64 %j
  store i8 %none, ptr %fill.p
  %j1 = add i64 %j, 1
  br label %fill
filled:
  ret void
}

define void @walk_boards(ptr noalias %mask, ptr noalias %first, ptr noalias %boards,
                         i64 %n, i64 %cells, ptr noalias %adjacency, ptr noalias %points, i32 %min_length,
                         ptr noalias %marks, i32 %run0, ptr noalias %face_letters, ptr noalias %face_length,
                         i32 %max_face, ptr noalias %out_count, ptr noalias %out_score, ptr noalias %rec_node,
                         ptr noalias %rec_len, ptr noalias %rec_cubes, ptr noalias %rec_path, i64 %capacity,
                         ptr %stop) nounwind {
entry:
  %st.node = alloca [40 x i32]
  %st.len = alloca [40 x i32]
  %st.used = alloca [40 x i64]
  %st.todo = alloca [40 x i64]
  %st.cell = alloca [40 x i64]
  %b.var = alloca i64
  %start.var = alloca i64
  %depth.var = alloca i64
  %top.node = alloca i32
  %top.len = alloca i32
  %top.used = alloca i64
  %top.todo = alloca i64
  %top.cell = alloca i64
  %count = alloca i32
  %score = alloca i32
  %overflow = alloca i1
  %recording = icmp ne ptr %rec_node, null
  store i64 0, ptr %b.var
  br label %board.head

board.head:
  %b = load i64, ptr %b.var
  %more.boards = icmp slt i64 %b, %n
  br i1 %more.boards, label %board.body, label %done

board.body:
  %board.offset = mul i64 %b, %cells
  %board = getelementptr i8, ptr %boards, i64 %board.offset
  %b32 = trunc i64 %b to i32
  %run = add i32 %run0, %b32
  store i32 0, ptr %count
  store i32 0, ptr %score
  store i1 false, ptr %overflow
  store i64 0, ptr %start.var
  br label %start.head

start.head:
  %start = load i64, ptr %start.var
  %more.starts = icmp slt i64 %start, %cells
  br i1 %more.starts, label %start.body, label %board.end

start.body:
  %next.start = add i64 %start, 1
  store i64 %next.start, ptr %start.var
  %s.face.p = getelementptr i8, ptr %board, i64 %start
  %s.face8 = load i8, ptr %s.face.p
  %s.face = zext i8 %s.face8 to i32
  %s.node = call i32 @step(ptr %mask, ptr %first, ptr %face_letters, ptr %face_length, i32 1, i32 %s.face)
  %s.dead = icmp eq i32 %s.node, 0
  br i1 %s.dead, label %start.head, label %start.live

start.live:
  %s.len = call i32 @spells(ptr %face_length, i32 %s.face)
  %s.new = call i1 @found(ptr %first, ptr %marks, ptr %points, i32 %s.node, i32 %s.len, i32 %min_length,
                          i32 %run, ptr %count, ptr %score)
  %s.keep = and i1 %s.new, %recording
  br i1 %s.keep, label %start.record, label %start.deeper

start.record:
  call void @record(ptr %rec_node, ptr %rec_len, ptr %rec_cubes, ptr %rec_path, i64 %capacity, ptr %count,
                    ptr %overflow, i32 %s.node, i32 %s.len, i64 0, ptr %st.cell, i64 %start, i64 0, i1 false,
                    i64 %cells)
  br label %start.deeper

start.deeper:
  %s.worth = call i1 @worth(ptr %mask, ptr %first, i32 %s.node, i64 %cells, i64 1, i32 %max_face)
  br i1 %s.worth, label %start.push, label %start.head

start.push:
  %s.used = shl i64 1, %start
  %s.adj.p = getelementptr i64, ptr %adjacency, i64 %start
  %s.adj = load i64, ptr %s.adj.p
  %s.free = xor i64 %s.used, -1
  %s.todo = and i64 %s.adj, %s.free
  store i64 0, ptr %depth.var
  store i32 %s.node, ptr %top.node
  store i32 %s.len, ptr %top.len
  store i64 %s.used, ptr %top.used
  store i64 %s.todo, ptr %top.todo
  store i64 %start, ptr %top.cell
  br label %walk.head

; The top entry lives in scalars (registers, once optimised); the entries under it in the stack arrays.
; Take the top entry's next neighbour to try; when none is left, go back to the entry under it.
walk.head:
  %todo = load i64, ptr %top.todo
  %exhausted = icmp eq i64 %todo, 0
  br i1 %exhausted, label %walk.pop, label %walk.next

walk.pop:
  %depth = load i64, ptr %depth.var
  %at.root = icmp eq i64 %depth, 0
  br i1 %at.root, label %start.head, label %walk.up

walk.up:
  %depth.up = sub i64 %depth, 1
  store i64 %depth.up, ptr %depth.var
  %saved.node.p = getelementptr i32, ptr %st.node, i64 %depth.up
  %saved.node = load i32, ptr %saved.node.p
  store i32 %saved.node, ptr %top.node
  %saved.len.p = getelementptr i32, ptr %st.len, i64 %depth.up
  %saved.len = load i32, ptr %saved.len.p
  store i32 %saved.len, ptr %top.len
  %saved.used.p = getelementptr i64, ptr %st.used, i64 %depth.up
  %saved.used = load i64, ptr %saved.used.p
  store i64 %saved.used, ptr %top.used
  %saved.todo.p = getelementptr i64, ptr %st.todo, i64 %depth.up
  %saved.todo = load i64, ptr %saved.todo.p
  store i64 %saved.todo, ptr %top.todo
  %saved.cell.p = getelementptr i64, ptr %st.cell, i64 %depth.up
  %saved.cell = load i64, ptr %saved.cell.p
  store i64 %saved.cell, ptr %top.cell
  br label %walk.head

walk.next:
  %near = call i64 @llvm.cttz.i64(i64 %todo, i1 true)
  %todo.less = sub i64 %todo, 1
  %todo.rest = and i64 %todo, %todo.less
  store i64 %todo.rest, ptr %top.todo
  %face.p = getelementptr i8, ptr %board, i64 %near
  %face8 = load i8, ptr %face.p
  %face = zext i8 %face8 to i32
  %parent = load i32, ptr %top.node
  %node = call i32 @step(ptr %mask, ptr %first, ptr %face_letters, ptr %face_length, i32 %parent, i32 %face)
  %dead = icmp eq i32 %node, 0
  br i1 %dead, label %walk.head, label %walk.live

walk.live:
  %parent.len = load i32, ptr %top.len
  %spelled = call i32 @spells(ptr %face_length, i32 %face)
  %len = add i32 %parent.len, %spelled
  %new = call i1 @found(ptr %first, ptr %marks, ptr %points, i32 %node, i32 %len, i32 %min_length, i32 %run,
                        ptr %count, ptr %score)
  %keep = and i1 %new, %recording
  br i1 %keep, label %walk.record, label %walk.deeper

walk.record:
  %r.depth = load i64, ptr %depth.var
  %r.top = load i64, ptr %top.cell
  call void @record(ptr %rec_node, ptr %rec_len, ptr %rec_cubes, ptr %rec_path, i64 %capacity, ptr %count,
                    ptr %overflow, i32 %node, i32 %len, i64 %r.depth, ptr %st.cell, i64 %r.top, i64 %near,
                    i1 true, i64 %cells)
  br label %walk.deeper

walk.deeper:
  %depth.now = load i64, ptr %depth.var
  %used.cubes = add i64 %depth.now, 2
  %worth = call i1 @worth(ptr %mask, ptr %first, i32 %node, i64 %cells, i64 %used.cubes, i32 %max_face)
  br i1 %worth, label %walk.check, label %walk.head

; Before each step deeper, the stop flag (read every time: another thread sets it).
walk.check:
  %halt = load atomic volatile i32, ptr %stop monotonic, align 4
  %halted = icmp ne i32 %halt, 0
  br i1 %halted, label %stopped, label %walk.push

; Save the top entry under the new one (its todo already without `near`), then make the new one the top.
walk.push:
  %node.p = getelementptr i32, ptr %st.node, i64 %depth.now
  store i32 %parent, ptr %node.p
  %len.p = getelementptr i32, ptr %st.len, i64 %depth.now
  store i32 %parent.len, ptr %len.p
  %parent.used = load i64, ptr %top.used
  %used.p = getelementptr i64, ptr %st.used, i64 %depth.now
  store i64 %parent.used, ptr %used.p
  %todo.p = getelementptr i64, ptr %st.todo, i64 %depth.now
  store i64 %todo.rest, ptr %todo.p
  %parent.cell = load i64, ptr %top.cell
  %cell.p = getelementptr i64, ptr %st.cell, i64 %depth.now
  store i64 %parent.cell, ptr %cell.p
  %deeper = add i64 %depth.now, 1
  store i64 %deeper, ptr %depth.var
  %near.bit = shl i64 1, %near
  %used = or i64 %parent.used, %near.bit
  %adj.p = getelementptr i64, ptr %adjacency, i64 %near
  %adj = load i64, ptr %adj.p
  %free = xor i64 %used, -1
  %next.todo = and i64 %adj, %free
  store i32 %node, ptr %top.node
  store i32 %len, ptr %top.len
  store i64 %used, ptr %top.used
  store i64 %next.todo, ptr %top.todo
  store i64 %near, ptr %top.cell
  br label %walk.head

board.end:
  %c.final = load i32, ptr %count
  %s.final = load i32, ptr %score
  %over.final = load i1, ptr %overflow
  %c.wide = sext i32 %c.final to i64
  %c.out = select i1 %over.final, i64 -1, i64 %c.wide
  %s.out = sext i32 %s.final to i64
  %c.p = getelementptr i64, ptr %out_count, i64 %b
  %s.p = getelementptr i64, ptr %out_score, i64 %b
  store i64 %c.out, ptr %c.p
  store i64 %s.out, ptr %s.p
  %next.b = add i64 %b, 1
  store i64 %next.b, ptr %b.var
  br label %board.head

stopped:
  %h.count.p = getelementptr i64, ptr %out_count, i64 %b
  store i64 -2, ptr %h.count.p
  %h.score.p = getelementptr i64, ptr %out_score, i64 %b
  store i64 0, ptr %h.score.p
  ret void

done:
  ret void
}
"""


#: ``@step`` (the node after one cube) and ``@spells`` (its letters) for boards whose faces are all
#: single letters: the fastest kernel, chosen whenever a batch has no multi-letter face.
LETTERS_STEP = r"""
; The node after one cube: every face is a letter.
define internal i32 @step(ptr %mask, ptr %first, ptr %face_letters, ptr %face_length, i32 %node, i32 %face)
    alwaysinline nounwind {
entry:
  %after = call i32 @child(ptr %mask, ptr %first, i32 %node, i32 %face)
  ret i32 %after
}

define internal i32 @spells(ptr %face_length, i32 %face) alwaysinline nounwind {
entry:
  ret i32 1
}
"""

#: The same for boards whose only multi-letter face is Qu, as English Boggle always played it:
#: the caller passes the Qu cube as the alphabet's q (``Q_SLOT``, written in when compiled, as is
#: ``U_SLOT``), which such boards never hold on its own (``engine.kernel_for``), so a step reads its
#: letter straight from the board (no face number to translate first) and goes on with u after q.
QU_STEP = r"""
; The node after one cube: a letter, or the Qu cube (passed as q, which the boards never hold alone): q then u.
define internal i32 @step(ptr %mask, ptr %first, ptr %face_letters, ptr %face_length, i32 %node, i32 %face)
    alwaysinline nounwind {
entry:
  %after = call i32 @child(ptr %mask, ptr %first, i32 %node, i32 %face)
  %is.qu = icmp eq i32 %face, Q_SLOT
  br i1 %is.qu, label %qu, label %plain
plain:
  ret i32 %after
qu:
  %dead = icmp eq i32 %after, 0
  br i1 %dead, label %plain, label %then.u
then.u:
  %after.u = call i32 @child(ptr %mask, ptr %first, i32 %after, i32 U_SLOT)
  ret i32 %after.u
}

define internal i32 @spells(ptr %face_length, i32 %face) alwaysinline nounwind {
entry:
  %is.qu = icmp eq i32 %face, Q_SLOT
  %letters = select i1 %is.qu, i32 2, i32 1
  ret i32 %letters
}
"""

#: The general one: any multi-letter face (32 + i), its letters from ``face_letters``.
FACES_STEP = r"""
; The node after one cube: a letter, or each letter of a multi-letter face in turn.
define internal i32 @step(ptr %mask, ptr %first, ptr %face_letters, ptr %face_length, i32 %node, i32 %face)
    alwaysinline nounwind {
entry:
  %multi = icmp uge i32 %face, 32
  br i1 %multi, label %many, label %one
one:
  %after = call i32 @child(ptr %mask, ptr %first, i32 %node, i32 %face)
  ret i32 %after
many:
  %which = sub i32 %face, 32
  %count.p = getelementptr i8, ptr %face_length, i32 %which
  %count8 = load i8, ptr %count.p
  %count = zext i8 %count8 to i32
  %row = mul i32 %which, 4
  br label %next
next:
  %i = phi i32 [ 0, %many ], [ %i1, %go ]
  %at = phi i32 [ %node, %many ], [ %then, %go ]
  %more = icmp slt i32 %i, %count
  br i1 %more, label %letter, label %done
letter:
  %slot = add i32 %row, %i
  %letter.p = getelementptr i8, ptr %face_letters, i32 %slot
  %letter8 = load i8, ptr %letter.p
  %letter.i = zext i8 %letter8 to i32
  %then = call i32 @child(ptr %mask, ptr %first, i32 %at, i32 %letter.i)
  %i1 = add i32 %i, 1
  %gone = icmp eq i32 %then, 0
  br i1 %gone, label %dead, label %go
go:
  br label %next
dead:
  ret i32 0
done:
  ret i32 %at
}

define internal i32 @spells(ptr %face_length, i32 %face) alwaysinline nounwind {
entry:
  %multi = icmp uge i32 %face, 32
  br i1 %multi, label %many, label %one
one:
  ret i32 1
many:
  %which = sub i32 %face, 32
  %count.p = getelementptr i8, ptr %face_length, i32 %which
  %count8 = load i8, ptr %count.p
  %count = zext i8 %count8 to i32
  ret i32 %count
}
"""


class Faces(Enum):
    """Which ``@step`` a kernel is compiled with: the cheapest one the boards allow."""

    LETTERS = "letters"
    QU = "qu"
    ANY = "any"


_STEPS = {Faces.LETTERS: LETTERS_STEP, Faces.QU: QU_STEP, Faces.ANY: FACES_STEP}


_compiled: dict[tuple[Faces, int, int, bool], Any] = {}
_lock = threading.Lock()


#: The branch that reads the stop flag before each step deeper, and the same branch without it.
STOP_CHECK = "br i1 %worth, label %walk.check, label %walk.head"
NO_STOP_CHECK = "br i1 %worth, label %walk.push, label %walk.head"
#: Whether words are recorded (asked for at run time by passing the buffers), and "never" (a batch).
RECORDING = "%recording = icmp ne ptr %rec_node, null"
NOT_RECORDING = "%recording = icmp eq i1 true, false"


def kernel_ir(faces: Faces, q_slot: int = 16, u_slot: int = 20, batch: bool = False) -> str:
    """The kernel's IR with the ``@step`` for ``faces`` (the Qu cube's letters written in).

    ``batch=True`` is the batch's kernel: it never reads the stop flag and never records words, so
    LLVM drops those blocks, the path stack and the per-word branch: random boards are never
    stopped mid-board, and the two cost 5-10 % each on 5×5 boards (``benchmarks/boggle_side_by_side.py``).
    The single solve's kernel (``batch=False``) does both (a request's time budget, the paths).
    """
    step = _STEPS[faces].replace("Q_SLOT", str(q_slot)).replace("U_SLOT", str(u_slot))
    ir = KERNEL_IR.replace("{STEP}", step)
    return ir.replace(STOP_CHECK, NO_STOP_CHECK).replace(RECORDING, NOT_RECORDING) if batch else ir


def _compile(faces: Faces = Faces.QU, q_slot: int = 16, u_slot: int = 20, batch: bool = False) -> Any:
    """Compile the kernel for this CPU (popcount and count-trailing-zeros become single instructions)."""
    import llvmlite.binding as llvm  # type: ignore[import-untyped]

    llvm.initialize_native_target()
    llvm.initialize_native_asmprinter()
    target = llvm.Target.from_default_triple()
    try:
        features = llvm.get_host_cpu_features().flatten()
    except RuntimeError:  # pragma: no cover - hosts where LLVM cannot list them: the CPU name alone
        features = ""
    machine = target.create_target_machine(cpu=llvm.get_host_cpu_name(), features=features, opt=3)
    module = llvm.parse_assembly(kernel_ir(faces, q_slot, u_slot, batch))
    module.triple = target.triple
    module.data_layout = str(machine.target_data)
    module.verify()
    builder = llvm.create_pass_builder(machine, llvm.create_pipeline_tuning_options(speed_level=3))
    builder.getModulePassManager().run(module, builder)
    engine = llvm.create_mcjit_compiler(module, machine)
    engine.finalize_object()
    address = engine.get_function_address("walk_boards")
    pointer = ctypes.c_void_p
    function = ctypes.CFUNCTYPE(
        None,
        pointer,  # mask
        pointer,  # first
        pointer,  # boards
        ctypes.c_int64,  # n
        ctypes.c_int64,  # cells
        pointer,  # adjacency
        pointer,  # points
        ctypes.c_int32,  # min_length
        pointer,  # marks
        ctypes.c_int32,  # run0
        pointer,  # face_letters
        pointer,  # face_length
        ctypes.c_int32,  # max_face
        pointer,  # out_count
        pointer,  # out_score
        pointer,  # rec_node (None: count and score only)
        pointer,  # rec_len
        pointer,  # rec_cubes
        pointer,  # rec_path
        ctypes.c_int64,  # capacity
        pointer,  # stop (stop.NEVER's flag when nobody stops the search)
    )(address)
    return engine, function


def score_function(faces: Faces = Faces.QU, q_slot: int = 16, u_slot: int = 20, batch: bool = False) -> Any:
    """The compiled ``walk_boards`` for ``faces`` (compiled once per process; the engine is kept alive with it).

    ``batch``: the batch's kernel (see ``kernel_ir``); both take the same arguments (the batch's
    ignores the stop flag and the record buffers).
    """
    key = (faces, q_slot, u_slot, batch)
    with _lock:
        if key not in _compiled:
            _compiled[key] = _compile(faces, q_slot, u_slot, batch)
    return _compiled[key][1]


def compiled() -> bool:
    """Whether this process has compiled a kernel already (a later solve pays little for it)."""
    return bool(_compiled)


def compile_in_background() -> None:
    """Start compiling now on another thread (LLVM runs without the GIL), so a caller can read its input meanwhile.

    LLVM's global context is shared with numba: a process that compiles
    with numba should not do so while this runs (``--batch`` does not use numba).
    """
    if not _compiled:
        threading.Thread(target=_compile_quietly, name="compile-boggle-kernel", daemon=True).start()


def _compile_quietly() -> None:
    """``score_function`` for the background thread (the batch's kernel: English Qu boards, not
    the batch's); a failure is left for the caller's own call to raise."""
    try:
        score_function(batch=True)
    except Exception:  # noqa: BLE001 - the scorer compiles again in the caller's thread and raises there
        pass
