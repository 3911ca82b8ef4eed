"""The cycle collector paused while a save builds many objects that are not garbage.

Loading a long scene or importing an export makes tens of thousands of engine objects that all
stay alive (journal entries, states, documents); each collection walks every one of them again,
which took a quarter of an import's time (issue 30). Engine values form no cycles, so nothing
is kept that a collection would have freed; the collector runs again when the block ends.
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator


@contextlib.contextmanager
def collections_paused() -> Iterator[None]:
    """No cycle collection inside the block (the collector's state is restored after)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
