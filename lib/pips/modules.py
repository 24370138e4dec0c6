"""Unloading code when it is no longer needed: on the badge four games' modules do not fit in RAM together, and
code needed for a moment (a save, the statistics) should not stay beside the game.

    with modules.briefly():        the modules first imported inside leave RAM at the block's end
        from pips import stats
        stats.update(store, ...)
"""
import sys


def loaded():
    """The names of the modules loaded now (a snapshot to pass to unload_since)."""
    return list(sys.modules)


def unload_since(before):
    """Forget every module loaded after the snapshot `before`; the next import loads it afresh."""
    for name in list(sys.modules):
        if name not in before:
            unload(name)


def unload(name):
    """Forget the module `name` (if loaded); the next import loads it afresh."""
    if sys.modules.pop(name, None) is None:
        return
    dot = name.rfind(".")
    parent = sys.modules.get(name[:dot]) if dot > 0 else None
    child = name[dot + 1:]
    if parent is not None and getattr(parent, child, None) is not None:
        delattr(parent, child)  # the package's attribute would keep the module alive


class briefly:
    """A with-block whose imports are for the moment: what it loads is unloaded at its end (an error included)."""

    def __enter__(self):
        self.before = loaded()
        return self

    def __exit__(self, *error):
        unload_since(self.before)
