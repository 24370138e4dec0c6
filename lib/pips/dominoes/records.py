"""Dominoes' saved records: the match record and the chosen settings (DOMINOES_RECORD), a saved match
(DOMINOES_GAME).

    DOMINOES_RECORD: version, matches won (2 bytes), matches lost (2 bytes), CPU level, match target index
    DOMINOES_GAME:   version, then the engine's state bytes (engine.dominoes_state)
"""
from engine import dominoes as dm
from engine.dominoes_cpu import HARD, NORMAL
from pips import saved_game
from pips.saves import DOMINOES_GAME, DOMINOES_RECORD

try:
    from micropython import const
except ImportError:
    def const(value):
        return value

_RECORD_VERSION = const(1)
_GAME_VERSION = const(1)
RECORD_BYTES = const(7)
DEFAULT_TARGET_INDEX = const(1)  # MATCH_TARGETS[1] == 100


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
    if store is not None:
        record.decode(store.load(DOMINOES_RECORD))
    return record


def save_record(store, record):
    if store is not None:
        store.save(DOMINOES_RECORD, record.encode())


def save_game(store, game):
    return saved_game.save(store, DOMINOES_GAME, _GAME_VERSION, game.save())


def load_game(store):
    """The saved match (a DominoesGame), or None: no record, a match already over, or bytes that do not load."""
    state = saved_game.load(store, DOMINOES_GAME, _GAME_VERSION)
    if state is None:
        return None
    try:
        game = dm.load_game(state)
    except ValueError:
        return None
    return None if game.phase == dm.MATCH_OVER else game


def clear_game(store):
    saved_game.clear(store, DOMINOES_GAME)


def summary_rows(store):
    """The Records screen's rows (interim: matches won and lost over every level)."""
    record = load_record(store)
    return [("Matches won", str(record.won)), ("Matches lost", str(record.lost))]
