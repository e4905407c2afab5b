"""Work counted, never timed: the lines of one source file a call runs (the growth tests
of the seat draw and the people log, and their benchmarks, bound or print it; a clock would
also count the machine's other work)."""

from __future__ import annotations

import sys
from collections.abc import Callable


def lines(function: Callable[[], object], where: str) -> int:
    """How many lines of the file `where` running `function` executes."""
    count = 0

    def local(frame, event, arg):  # noqa: ANN001, ANN202 - a trace function
        nonlocal count
        if event == "line":
            count += 1
        return local

    def calls(frame, event, arg):  # noqa: ANN001, ANN202
        return local if frame.f_code.co_filename == where else None

    before = sys.gettrace()
    sys.settrace(calls)
    try:
        function()
    finally:
        sys.settrace(before)
    return count
