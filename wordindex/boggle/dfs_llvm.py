"""The batch scorer's kernel: the depth-first Boggle walk written in LLVM IR, compiled by llvmlite.

Why not numba, as ``dfs_numba`` does: in a short-lived process numba costs
about 0.4 s to import and 0.4 s more to load even a cached function (it
sets up its whole typing and lowering machinery first), and its first
compilation after an install about 2 s. ``--batch`` of 100,000 boards has
a 2-second budget for the whole process, so that fixed cost was half of
it. llvmlite (numba's own LLVM binding, a wheel) imports in about 0.1 s,
and compiling this one function takes a few milliseconds, in every process:
there is no cache to warm and no first-run penalty.

The walk is danvk's (``hybrid-boggle``), on the compact trie of
``wordindex.boggle.trie`` (``mask`` / ``first``, the child by a letter is a
popcount). Per board, from every cell, an explicit stack of at most one
entry per cube (memory bounded by the board, whatever the dictionary holds)
holds the node, the letters spelled, the cells used and the neighbours
still to try as a bitmask, so taking the next neighbour is one
count-trailing-zeros and a used cell is never even looked at. A word
counts once per board through ``marks``: per trie node, the number of the
last board that found it, so nothing is cleared between boards. Boards
are rows of ``cells`` bytes (letters 0-25, 16 = the Qu cube, which spells
``qu``: two letters).

The compiled function is called through ``ctypes``, which releases the GIL:
plain threads score parts of a batch on several cores at once.
"""

from __future__ import annotations

import ctypes
import threading
from typing import Any

KERNEL_IR = r"""
; score_boards: word count and score of each of n boards.
;   mask, first    the trie (i32 per node)
;   boards         n rows of `cells` letters (i8, 0-25, 16 = Qu)
;   adjacency      per cell, the bitmask of its neighbours (i64)
;   points         points[len] = score of a word of len letters (i32)
;   marks          per trie node, the last board number that found it (i32)
;   run0           the number of board 0 (board b is run0 + b)
;   out_count, out_score  one i64 per board

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
  %base = load i32, ptr %first.p
  %below = shl i32 1, %letter
  %low = sub i32 %below, 1
  %before = and i32 %bits, %low
  %rank = call i32 @llvm.ctpop.i32(i32 %before)
  %child = add i32 %base, %rank
  ret i32 %child
}

; The node after one cube: the Qu cube (16) goes on with q then u.
define internal i32 @step(ptr %mask, ptr %first, i32 %node, i32 %letter) alwaysinline nounwind {
entry:
  %after = call i32 @child(ptr %mask, ptr %first, i32 %node, i32 %letter)
  %is.qu = icmp eq i32 %letter, 16
  br i1 %is.qu, label %qu, label %plain
plain:
  ret i32 %after
qu:
  %dead = icmp eq i32 %after, 0
  br i1 %dead, label %plain, label %then.u
then.u:
  %after.u = call i32 @child(ptr %mask, ptr %first, i32 %after, i32 20)
  ret i32 %after.u
}

; Count the word at `node` (mask bits `bits`, `len` letters) once per board.
define internal void @found(ptr %marks, ptr %points, i32 %bits, i32 %node, i32 %len, i32 %min_length, i32 %run,
                            ptr %count, ptr %score) alwaysinline nounwind {
entry:
  %word = and i32 %bits, 67108864
  %is.word = icmp ne i32 %word, 0
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
  ret void
no:
  ret void
}

define void @score_boards(ptr noalias %mask, ptr noalias %first, ptr noalias %boards, i64 %n, i64 %cells,
                          ptr noalias %adjacency, ptr noalias %points, i32 %min_length, ptr noalias %marks,
                          i32 %run0, ptr noalias %out_count, ptr noalias %out_score) nounwind {
entry:
  %st.node = alloca [40 x i32]
  %st.len = alloca [40 x i32]
  %st.used = alloca [40 x i64]
  %st.todo = alloca [40 x i64]
  %b.var = alloca i64
  %start.var = alloca i64
  %depth.var = alloca i64
  %top.node = alloca i32
  %top.len = alloca i32
  %top.used = alloca i64
  %top.todo = alloca i64
  %count = alloca i32
  %score = alloca i32
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
  store i64 0, ptr %start.var
  br label %start.head

start.head:
  %start = load i64, ptr %start.var
  %more.starts = icmp slt i64 %start, %cells
  br i1 %more.starts, label %start.body, label %board.end

start.body:
  %next.start = add i64 %start, 1
  store i64 %next.start, ptr %start.var
  %s.letter.p = getelementptr i8, ptr %board, i64 %start
  %s.letter8 = load i8, ptr %s.letter.p
  %s.letter = zext i8 %s.letter8 to i32
  %s.node = call i32 @step(ptr %mask, ptr %first, i32 1, i32 %s.letter)
  %s.dead = icmp eq i32 %s.node, 0
  br i1 %s.dead, label %start.head, label %start.live

start.live:
  %s.qu = icmp eq i32 %s.letter, 16
  %s.len = select i1 %s.qu, i32 2, i32 1
  %s.mask.p = getelementptr i32, ptr %mask, i32 %s.node
  %s.bits = load i32, ptr %s.mask.p
  call void @found(ptr %marks, ptr %points, i32 %s.bits, i32 %s.node, i32 %s.len, i32 %min_length, i32 %run,
                   ptr %count, ptr %score)
  %s.letters = and i32 %s.bits, 67108863
  %s.leaf = icmp eq i32 %s.letters, 0
  br i1 %s.leaf, label %start.head, label %start.push

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
  br label %walk.head

walk.next:
  %near = call i64 @llvm.cttz.i64(i64 %todo, i1 true)
  %todo.less = sub i64 %todo, 1
  %todo.rest = and i64 %todo, %todo.less
  store i64 %todo.rest, ptr %top.todo
  %letter.p = getelementptr i8, ptr %board, i64 %near
  %letter8 = load i8, ptr %letter.p
  %letter = zext i8 %letter8 to i32
  %parent = load i32, ptr %top.node
  %node = call i32 @step(ptr %mask, ptr %first, i32 %parent, i32 %letter)
  %dead = icmp eq i32 %node, 0
  br i1 %dead, label %walk.head, label %walk.live

walk.live:
  %parent.len = load i32, ptr %top.len
  %qu = icmp eq i32 %letter, 16
  %spelled = select i1 %qu, i32 2, i32 1
  %len = add i32 %parent.len, %spelled
  %mask.p = getelementptr i32, ptr %mask, i32 %node
  %bits = load i32, ptr %mask.p
  call void @found(ptr %marks, ptr %points, i32 %bits, i32 %node, i32 %len, i32 %min_length, i32 %run,
                   ptr %count, ptr %score)
  %letters = and i32 %bits, 67108863
  %leaf = icmp eq i32 %letters, 0
  br i1 %leaf, label %walk.head, label %walk.push

; Save the top entry under the new one (its todo already without `near`), then make the new one the top.
walk.push:
  %depth.now = load i64, ptr %depth.var
  %node.p = getelementptr i32, ptr %st.node, i64 %depth.now
  store i32 %parent, ptr %node.p
  %len.p = getelementptr i32, ptr %st.len, i64 %depth.now
  store i32 %parent.len, ptr %len.p
  %parent.used = load i64, ptr %top.used
  %used.p = getelementptr i64, ptr %st.used, i64 %depth.now
  store i64 %parent.used, ptr %used.p
  %todo.p = getelementptr i64, ptr %st.todo, i64 %depth.now
  store i64 %todo.rest, ptr %todo.p
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
  br label %walk.head

board.end:
  %c.final = load i32, ptr %count
  %s.final = load i32, ptr %score
  %c.out = sext i32 %c.final to i64
  %s.out = sext i32 %s.final to i64
  %c.p = getelementptr i64, ptr %out_count, i64 %b
  %s.p = getelementptr i64, ptr %out_score, i64 %b
  store i64 %c.out, ptr %c.p
  store i64 %s.out, ptr %s.p
  %next.b = add i64 %b, 1
  store i64 %next.b, ptr %b.var
  br label %board.head

done:
  ret void
}
"""


_compiled: Any = None
_lock = threading.Lock()


def _compile() -> Any:
    """Compile ``KERNEL_IR`` for this CPU (popcount and count-trailing-zeros become single instructions)."""
    import llvmlite.binding as llvm  # type: ignore[import-untyped]

    llvm.initialize_native_target()
    llvm.initialize_native_asmprinter()
    target = llvm.Target.from_default_triple()
    try:
        features = llvm.get_host_cpu_features().flatten()
    except RuntimeError:  # pragma: no cover - hosts where LLVM cannot list them: the CPU name alone
        features = ""
    machine = target.create_target_machine(cpu=llvm.get_host_cpu_name(), features=features, opt=3)
    module = llvm.parse_assembly(KERNEL_IR)
    module.triple = target.triple
    module.data_layout = str(machine.target_data)
    module.verify()
    builder = llvm.create_pass_builder(machine, llvm.create_pipeline_tuning_options(speed_level=3))
    builder.getModulePassManager().run(module, builder)
    engine = llvm.create_mcjit_compiler(module, machine)
    engine.finalize_object()
    address = engine.get_function_address("score_boards")
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
        pointer,  # out_count
        pointer,  # out_score
    )(address)
    return engine, function


def score_function() -> Any:
    """The compiled ``score_boards`` (compiled once per process; the engine is kept alive with it)."""
    global _compiled
    with _lock:
        if _compiled is None:
            _compiled = _compile()
    return _compiled[1]


def compile_in_background() -> None:
    """Start compiling now on another thread (LLVM runs without the GIL), so a caller can read its input meanwhile.

    LLVM's global context is shared with numba: a process that compiles
    with numba should not do so while this runs (``--batch`` does not use numba).
    """
    if _compiled is None:
        threading.Thread(target=_compile_quietly, name="compile-boggle-kernel", daemon=True).start()


def _compile_quietly() -> None:
    """``score_function`` for the background thread: a failure is left for the caller's own call to raise."""
    try:
        score_function()
    except Exception:  # noqa: BLE001 - the scorer compiles again in the caller's thread and raises there
        pass
