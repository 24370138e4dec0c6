"""Dominoes' saved records: the match record and the chosen settings (DOMINOES_RECORD), a saved match
(DOMINOES_GAME).

    DOMINOES_RECORD: version, matches won (2 bytes), matches lost (2 bytes), CPU level, match target index
    DOMINOES_GAME:   version, then the engine's state bytes (engine.dominoes_state)
"""
from engine import dominoes as dm
from engine.dominoes_cpu import HARD, NORMAL

try:
    from micropython import const
except ImportError:
    def const(value):
        return value

_RECORD_VERSION = const(1)
_GAME_VERSION = const(1)
RECORD_BYTES = const(7)
DEFAULT_TARGET_INDEX = const(1)  # MATCH_TARGETS[1] == 100


def _kinds():
    try:
        from pips import saves
        return saves.DOMINOES_RECORD, saves.DOMINOES_GAME
    except (ImportError, AttributeError):
        return None, None


class Record:
    """Matches won and lost, and the settings (CPU level, match target index)."""

    def __init__(self):
        self.won = 0
        self.lost = 0
        self.level = NORMAL
        self.target_index = DEFAULT_TARGET_INDEX

    def target(self):
        return dm.MATCH_TARGETS[self.target_index]

    def encode(self):
        payload = bytearray(RECORD_BYTES)
        payload[0] = _RECORD_VERSION
        payload[1] = self.won & 0xFF
        payload[2] = (self.won >> 8) & 0xFF
        payload[3] = self.lost & 0xFF
        payload[4] = (self.lost >> 8) & 0xFF
        payload[5] = self.level
        payload[6] = self.target_index
        return payload

    def decode(self, data):
        """Take the values from a stored record; a missing or foreign record leaves the defaults."""
        if not data or len(data) != RECORD_BYTES or data[0] != _RECORD_VERSION:
            return False
        if data[5] > HARD or data[6] >= len(dm.MATCH_TARGETS):
            return False
        self.won = data[1] | (data[2] << 8)
        self.lost = data[3] | (data[4] << 8)
        self.level = data[5]
        self.target_index = data[6]
        return True


def load_record(store):
    record = Record()
    kind = _kinds()[0]
    if store is not None and kind is not None:
        record.decode(store.load(kind))
    return record


def save_record(store, record):
    kind = _kinds()[0]
    if store is not None and kind is not None:
        store.save(kind, record.encode())


def save_game(store, game):
    kind = _kinds()[1]
    if store is None or kind is None:
        return False
    payload = bytearray(1)
    payload[0] = _GAME_VERSION
    payload.extend(game.save())
    store.save(kind, payload)
    return True


def load_game(store):
    """The saved match (a DominoesGame), or None: no record, a match already over, or bytes that do not load."""
    kind = _kinds()[1]
    if store is None or kind is None:
        return None
    data = store.load(kind)
    if not data or len(data) < 2 or data[0] != _GAME_VERSION:
        return None
    try:
        game = dm.load_game(bytes(data[1:]))
    except ValueError:
        return None
    return None if game.phase == dm.MATCH_OVER else game


def clear_game(store):
    kind = _kinds()[1]
    if store is None or kind is None:
        return
    clear = getattr(store, "clear", None)
    if clear is not None:
        clear(kind)
    elif store.load(kind) is not None:
        store.save(kind, b"")
