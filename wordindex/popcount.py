"""The CPU's population count for numba kernels (LLVM's ``ctpop``), shared by the compiled searches.

numba has no popcount of its own; this intrinsic compiles to one instruction on the host CPU for any
integer type (the result has the argument's type). Imported only by the kernels, which import numba.
"""

from __future__ import annotations

from typing import Any

from numba import types
from numba.extending import intrinsic


def _popcount_typing(typingctx: Any, value: Any) -> Any:
    if not isinstance(value, types.Integer):
        return None

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        return builder.ctpop(args[0])

    return value(value), codegen


popcount: Any = intrinsic(_popcount_typing)
