"""Dymino's saved records: the top-5 score table (DYMINO_BEST) and a saved game (DYMINO_GAME).

Scores are exact decimal digit arrays (engine.dymino_score), stored packed: 20 bytes each.
    DYMINO_BEST: version 2, count, flags (bit k: entry k came from a game with hints), then count x PACKED_BYTES
                 (highest first); a version 1 record (no flags byte) reads as no hinted entries
    DYMINO_GAME: version, then the engine's state bytes, then from this version a byte: 1 if hints were shown
"""
from engine import dymino, dymino_score
from pips import saved_game
from pips.saves import DYMINO_BEST, DYMINO_GAME

try:
    from micropython import const
except ImportError:
    def const(value):
        return value

_TABLE_SIZE = const(5)   # [decided] a top-5 table
_BEST_VERSION = const(2)
_OLD_BEST_VERSION = const(1)
_GAME_VERSION = const(1)


def load_entries(store):
    """(the recorded scores as digit arrays, highest first; hinted flags, bit k for entry k); ([], 0) without a
    store or a good record."""
    data = store.load(DYMINO_BEST) if store is not None else None
    if not data or len(data) < 2 or data[0] not in (_BEST_VERSION, _OLD_BEST_VERSION):
        return [], 0
    count = data[1]
    start = 3 if data[0] == _BEST_VERSION else 2
    flags = data[2] if start == 3 else 0
    if count > _TABLE_SIZE or len(data) != start + count * dymino_score.PACKED_BYTES or flags >> count:
        return [], 0
    table = []
    try:
        for k in range(count):
            digits = dymino_score.new_score()
            dymino_score.unpack_from(digits, data, start + k * dymino_score.PACKED_BYTES)
            if table and dymino_score.compare(table[-1], digits) < 0:
                raise ValueError("table out of order")  # add_score keeps it highest first
            table.append(digits)
    except ValueError:
        return [], 0
    return table, flags


def load_table(store):
    """The recorded scores (digit arrays), highest first; [] without a store or a good record."""
    return load_entries(store)[0]


def rank_of(table, score):
    """The place (1-based) `score` would take in `table`, or 0 when it would not make the table."""
    place = 1
    for entry in table:
        if dymino_score.compare(score, entry) > 0:
            return place
        place += 1
    return place if place <= _TABLE_SIZE else 0


def add_score(store, score, hinted=False):
    """Enter a finished game's score (`hinted`: hints were shown in it); returns (its place 1..5 or 0, the new
    table)."""
    table, flags = load_entries(store)
    place = rank_of(table, score)
    if place:
        table.insert(place - 1, bytearray(score))
        del table[_TABLE_SIZE:]
        low = flags & ((1 << (place - 1)) - 1)
        flags = (low | (1 if hinted else 0) << (place - 1) | (flags >> (place - 1)) << place) & ((1 << len(table)) - 1)
        if store is not None:
            payload = bytearray(3 + len(table) * dymino_score.PACKED_BYTES)
            payload[0] = _BEST_VERSION
            payload[1] = len(table)
            payload[2] = flags
            for k in range(len(table)):
                dymino_score.pack_into(table[k], payload, 3 + k * dymino_score.PACKED_BYTES)
            store.save(DYMINO_BEST, payload)
    return place, table


def save_game(store, game, hinted=False):
    state = bytearray(dymino.STATE_BYTES + 1)
    game.save_into(state, 0)
    state[dymino.STATE_BYTES] = 1 if hinted else 0
    return saved_game.save(store, DYMINO_GAME, _GAME_VERSION, state)


def saved_hinted(store):
    """Whether the saved game (if any) had hints shown; read before load_game clears nothing, so either order."""
    data = store.load(DYMINO_GAME) if store is not None else None
    return bool(data) and len(data) == 2 + dymino.STATE_BYTES and data[-1] == 1


def load_game(store):
    """The saved game (a Dymino), or None: no record, or one that does not load or is already over (then
    refused: cleared, and the player told once)."""
    state = saved_game.load(store, DYMINO_GAME, _GAME_VERSION)
    if state is None:
        return None
    try:
        if len(state) == dymino.STATE_BYTES + 1:
            state = state[:dymino.STATE_BYTES]  # the hinted byte (saved_hinted)
        elif len(state) != dymino.STATE_BYTES:
            raise ValueError("saved game size")
        game = dymino.Dymino.from_bytes(state)
        if game.phase == dymino.PHASE_OVER:
            raise ValueError("saved game over")
    except ValueError:
        saved_game.refuse(store, DYMINO_GAME)
        return None
    return game


def clear_game(store):
    saved_game.clear(store, DYMINO_GAME)


def summary_rows(store):
    """The Records screen's rows: the top-5 table, exact, digits grouped."""
    from pips import stats
    from pips.dymino.texts import ORDINALS
    table, hinted = load_entries(store)
    if not table:
        rows = [("Top 5", "none yet")]
    else:
        rows = [(ORDINALS[place + 1] + (" (hint)" if hinted >> place & 1 else ""), dymino_score.to_text(table[place]))
                for place in range(len(table))]
    counters = stats.load(store)
    rows.append(("Games played", str(counters[stats.DYMINO_GAMES])))
    rows.append(("Longest series", str(counters[stats.DYMINO_LONGEST_SERIES])))
    return rows
