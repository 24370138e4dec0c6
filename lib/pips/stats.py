"""Play statistics for the Records screen, in one small store record (STATS), written once at a round's end.

    load(store) -> list of counters (index = the field constants below; 0 without a good record)
    update(store, adds=(), highs=())   adds: (field, amount) pairs; highs: (field, value) raised to at least value
    average(total, count) -> int       rounded, 0 for no rounds

Counters stop at LIMIT (stay small ints on the badge). A missing, foreign or damaged record reads as zeros.
"""
from pips.saves import STATS

from micropython import const

WUERFELGLANZ_ROUNDS = const(0)
WUERFELGLANZ_POINTS = const(1)
DYMINO_GAMES = const(2)
DYMINO_LONGEST_SERIES = const(3)
DICE_DUEL_GAMES = const(4)       # finished games, any mode
DICE_DUEL_SOLO_GAMES = const(5)
DICE_DUEL_SOLO_POINTS = const(6)
DICE_DUEL_KNIFFELS = const(7)    # thrown by people (not CPUs) in finished games
DOMINOES_ROUNDS = const(8)       # rounds finished, any opponent
FIELDS = const(9)
_FIRST_FIELDS = const(8)         # a record written before DOMINOES_ROUNDS: read, the later fields as 0

LIMIT = const(0x3FFFFFFF)
_VERSION = const(1)
_PAYLOAD_BYTES = const(1) + 4 * FIELDS


def load(store):
    counters = [0] * FIELDS
    data = store.load(STATS) if store is not None else None
    if not data or len(data) not in (_PAYLOAD_BYTES, 1 + 4 * _FIRST_FIELDS) or data[0] != _VERSION:
        return counters
    for field in range((len(data) - 1) // 4):
        at = 1 + 4 * field
        value = data[at] | data[at + 1] << 8 | data[at + 2] << 16 | (data[at + 3] & 0x3F) << 24
        counters[field] = min(value, LIMIT)
    return counters


def update(store, adds=(), highs=()):
    if store is None:
        return
    counters = load(store)
    for field, amount in adds:
        counters[field] = min(LIMIT, counters[field] + max(0, min(amount, LIMIT)))
    for field, value in highs:
        if value > counters[field]:
            counters[field] = min(value, LIMIT)
    payload = bytearray(_PAYLOAD_BYTES)
    payload[0] = _VERSION
    for field in range(FIELDS):
        value = counters[field]
        at = 1 + 4 * field
        payload[at] = value & 0xFF
        payload[at + 1] = value >> 8 & 0xFF
        payload[at + 2] = value >> 16 & 0xFF
        payload[at + 3] = value >> 24
    store.save(STATS, payload)


def average(total, count):
    return (total + count // 2) // count if count else 0
