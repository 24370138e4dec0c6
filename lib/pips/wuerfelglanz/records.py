"""Würfelglanz's saved records in the store.

    WUERFELGLANZ_BEST  the game's settings and best scores:
                       version, match rule, show time (0/1), best score straight (4 bytes LE), best connected (4)
    WUERFELGLANZ_GAME  a saved round: version, the engine's state bytes, elapsed play time in ms (4 bytes LE)

A missing, foreign or damaged record reads as the defaults (or no saved game), never an error.
"""
from engine import wuerfelglanz as w
from engine.rng import _get32, _put32

try:
    from micropython import const
except ImportError:
    def const(value):
        return value

_BEST_VERSION = const(1)
_GAME_VERSION = const(1)
BEST_BYTES = const(11)
GAME_BYTES = 1 + w.STATE_BYTES + 4
_LIMIT = const(0x3FFFFFFF)  # scores and elapsed ms stay small ints (time: about 12 days)


def _kinds():
    try:
        from pips import saves
        return saves.WUERFELGLANZ_BEST, saves.WUERFELGLANZ_GAME
    except (ImportError, AttributeError):
        return None, None


class Records:
    """The match rule and show-time setting, and the best score per rule (index = engine rule)."""

    def __init__(self):
        self.rule = w.RULE_STRAIGHT   # [seed] "Gerade Reihen" is the default
        self.show_time = False        # [seed] hidden by default
        self.best = [0, 0]

    def encode(self):
        payload = bytearray(BEST_BYTES)
        payload[0] = _BEST_VERSION
        payload[1] = self.rule
        payload[2] = 1 if self.show_time else 0
        _put32(payload, 3, self.best[0])
        _put32(payload, 7, self.best[1])
        return bytes(payload)

    def decode(self, payload):
        """Take the values from a stored payload; ValueError (changing nothing) if it is not a good one."""
        if payload is None or len(payload) != BEST_BYTES or payload[0] != _BEST_VERSION:
            raise ValueError("records")
        rule = payload[1]
        if rule != w.RULE_STRAIGHT and rule != w.RULE_CONNECTED or payload[2] > 1:
            raise ValueError("records values")
        best0 = _get32(payload, 3)
        best1 = _get32(payload, 7)
        if best0 > _LIMIT or best1 > _LIMIT:
            raise ValueError("records scores")
        self.rule = rule
        self.show_time = payload[2] == 1
        self.best[0] = best0
        self.best[1] = best1


def load_records(store):
    records = Records()
    kind = _kinds()[0]
    if store is not None and kind is not None:
        try:
            records.decode(store.load(kind))
        except ValueError:
            pass
    return records


def save_records(store, records):
    kind = _kinds()[0]
    if store is not None and kind is not None:
        store.save(kind, records.encode())


def save_game(store, game, elapsed_ms):
    kind = _kinds()[1]
    if store is None or kind is None:
        return False
    payload = bytearray(GAME_BYTES)
    payload[0] = _GAME_VERSION
    end = game.save_into(payload, 1)
    _put32(payload, end, min(max(0, elapsed_ms), _LIMIT))
    store.save(kind, payload)
    return True


def load_game(store):
    """(game, elapsed ms) of the saved round, or None: no record, a round already over, or bad bytes."""
    kind = _kinds()[1]
    if store is None or kind is None:
        return None
    data = store.load(kind)
    if not data or len(data) != GAME_BYTES or data[0] != _GAME_VERSION:
        return None
    game = w.Game(1)
    try:
        end = game.load_from(data, 1)
    except ValueError:
        return None
    elapsed = _get32(data, end)
    if game.round_over or elapsed > _LIMIT:
        return None
    return game, elapsed


def clear_game(store):
    kind = _kinds()[1]
    if store is None or kind is None:
        return
    clear = getattr(store, "clear", None)
    if clear is not None:
        clear(kind)
    elif store.load(kind) is not None:
        store.save(kind, b"")
