"""A game's saved round in the store, the same for every game: one format-version byte, then the game's bytes.

    save(store, kind, version, state) -> bool   write it (False without a store)
    load(store, kind, version) -> bytes | None  the state bytes after the version byte; None when there is no
                                                store or record, or the record is of another version
    clear(store, kind)                          forget it (a saved round resumes once)

Each game turns its engine into state bytes and back (and rejects bytes that do not load) in its records module.
"""


def save(store, kind, version, state):
    if store is None:
        return False
    payload = bytearray(1 + len(state))
    payload[0] = version
    payload[1:] = state
    store.save(kind, payload)
    return True


def load(store, kind, version):
    if store is None:
        return None
    data = store.load(kind)
    if not data or len(data) < 2 or data[0] != version:
        return None
    return bytes(data[1:])


def clear(store, kind):
    if store is not None:
        store.clear(kind)
