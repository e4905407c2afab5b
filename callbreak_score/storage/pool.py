"""Many game files read by as many processes as there are processors (the stats index's
cold build and `doctor` read every file; decoding a game is pure Python, so one process
uses one processor)."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import TypeVar

    T = TypeVar("T")
    R = TypeVar("R")

MANY = 2000  # items before more processes are worth starting (about 0.1 s to start them)
CHUNK = 250  # items a process is given at a time


def each(work: Callable[[list[T]], list[R]], items: Sequence[T]) -> Iterator[R]:
    """work(chunk) for the items a chunk at a time, the results in the items' order: in
    this process when they are few or there is one processor, else in a pool. `work` is a
    module-level function, so that another process finds it by name."""
    count = os.cpu_count() or 1
    if len(items) < MANY or count < 2:
        for at in range(0, len(items), CHUNK):
            yield from work(list(items[at:at + CHUNK]))
        return
    import multiprocessing
    import sys
    from concurrent.futures import ProcessPoolExecutor

    # fork shares what is imported already; elsewhere each process imports it again
    context = multiprocessing.get_context("fork" if sys.platform == "linux" else None)
    chunks = [list(items[at:at + CHUNK]) for at in range(0, len(items), CHUNK)]
    workers = min(count, 4)
    with ProcessPoolExecutor(workers, mp_context=context) as pool:
        # a few chunks ahead of the one taken, not all: the results wait in memory
        ahead = [pool.submit(work, chunk) for chunk in chunks[:2 * workers]]
        for at in range(len(chunks)):
            done = ahead[at].result()
            if at + 2 * workers < len(chunks):
                ahead.append(pool.submit(work, chunks[at + 2 * workers]))
            ahead[at] = None  # type: ignore[call-overload]
            yield from done
