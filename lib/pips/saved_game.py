"""A game's saved round in the store, the same for every game: one format-version byte, then the game's bytes.

    save(store, kind, version, state) -> bool   write it (False without a store)
    load(store, kind, version) -> bytes | None  the state bytes after the version byte; None when there is no
                                                store or record; a record of another version, or one whose
                                                every copy is damaged, is refused
    load(store, kind, version, older)           a record of version `older` is read too: the bytes from the
                                                version byte on, so the game tells the two apart
    refuse(store, kind)                         a record the game cannot load: forget it, and have the player told
    take_notice() -> str | None                 the app asks once after opening a game: NOTICE, or None
    clear(store, kind)                          forget it (a saved round resumes once)
    set_aside(flag)                             while set, load() finds nothing (a replay code starts a fresh
                                                round; the saved one stays in the store for later)
    loads() -> int                              how many saved rounds were loaded so far (the app tells a
                                                resumed round, whose seed it does not know, from a new one)

Each game turns its engine into state bytes and back in its records module, and calls refuse() for bytes that do
not load. The app shows NOTICE (pips.app.App.start_game), so no game repeats it.
"""
NOTICE = "could not be read"
NOTICE_TITLE = "Saved game"

_refused = [False]
_set_aside = [False]
_loads = [0]


def save(store, kind, version, state):
    if store is None:
        return False
    payload = bytearray(1 + len(state))
    payload[0] = version
    payload[1:] = state
    store.save(kind, payload)
    return True


def load(store, kind, version, older=None):
    if store is None or _set_aside[0]:
        return None
    data = store.load(kind)
    if not data:
        damaged = getattr(store, "damaged", None)
        if damaged is not None and damaged(kind):
            refuse(store, kind)  # every copy failed its checks (CRC, length): the round is lost, say so
        return None
    if len(data) < 2 or data[0] != version and (older is None or data[0] != older):
        refuse(store, kind)
        return None
    _loads[0] += 1
    return bytes(data) if older is not None else bytes(data[1:])


def set_aside(flag):
    _set_aside[0] = flag


def loads():
    return _loads[0]


def refuse(store, kind):
    clear(store, kind)
    _refused[0] = True


def take_notice():
    if not _refused[0]:
        return None
    _refused[0] = False
    return NOTICE


def clear(store, kind):
    if store is not None:
        store.clear(kind)
