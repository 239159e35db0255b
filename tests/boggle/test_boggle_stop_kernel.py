"""The stop flag's read is compiled into the kernel a single solve uses (a request's time budget),
not into the batch's: random boards are never stopped mid-board, and the read costs 5-10 % on 5×5."""

from __future__ import annotations

from wordindex.boggle.dfs_llvm import NO_STOP_CHECK, STOP_CHECK, Faces, kernel_ir


def test_only_the_stoppable_kernel_branches_to_the_stop_check():
    for faces in Faces:
        stoppable, batch = kernel_ir(faces, stoppable=True), kernel_ir(faces, stoppable=False)
        assert STOP_CHECK in stoppable and NO_STOP_CHECK not in stoppable
        assert STOP_CHECK not in batch and NO_STOP_CHECK in batch
