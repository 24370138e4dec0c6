"""Dymino's saved records: the top-5 score table (DYMINO_BEST) and a saved game (DYMINO_GAME).

Scores are exact decimal digit arrays (engine.dymino_score), stored packed: 20 bytes each.
    DYMINO_BEST: version, count, then count x PACKED_BYTES (highest first)
    DYMINO_GAME: version, then the engine's state bytes
"""
from engine import dymino, dymino_score
from pips import saved_game
from pips.saves import DYMINO_BEST, DYMINO_GAME

try:
    from micropython import const
except ImportError:
    def const(value):
        return value

TABLE_SIZE = const(5)   # [decided] a top-5 table
_BEST_VERSION = const(1)
_GAME_VERSION = const(1)
BEST_BYTES = 2 + TABLE_SIZE * dymino_score.PACKED_BYTES


def load_table(store):
    """The recorded scores (digit arrays), highest first; [] without a store or a good record."""
    if store is None:
        return []
    data = store.load(DYMINO_BEST)
    if not data or len(data) < 2 or data[0] != _BEST_VERSION:
        return []
    count = data[1]
    if count > TABLE_SIZE or len(data) != 2 + count * dymino_score.PACKED_BYTES:
        return []
    table = []
    try:
        for k in range(count):
            digits = dymino_score.new_score()
            dymino_score.unpack_from(digits, data, 2 + k * dymino_score.PACKED_BYTES)
            table.append(digits)
    except ValueError:
        return []
    return table


def rank_of(table, score):
    """The place (1-based) `score` would take in `table`, or 0 when it would not make the table."""
    place = 1
    for entry in table:
        if dymino_score.compare(score, entry) > 0:
            return place
        place += 1
    return place if place <= TABLE_SIZE else 0


def add_score(store, score):
    """Enter a finished game's score; returns (its place 1..5 or 0, the new table)."""
    table = load_table(store)
    place = rank_of(table, score)
    if place:
        table.insert(place - 1, bytearray(score))
        del table[TABLE_SIZE:]
        if store is not None:
            payload = bytearray(2 + len(table) * dymino_score.PACKED_BYTES)
            payload[0] = _BEST_VERSION
            payload[1] = len(table)
            for k in range(len(table)):
                dymino_score.pack_into(table[k], payload, 2 + k * dymino_score.PACKED_BYTES)
            store.save(DYMINO_BEST, payload)
    return place, table


def save_game(store, game):
    state = bytearray(dymino.STATE_BYTES)
    game.save_into(state, 0)
    return saved_game.save(store, DYMINO_GAME, _GAME_VERSION, state)


def load_game(store):
    """The saved game (a Dymino), or None: no record, or one that does not load or is already over (then
    refused: cleared, and the player told once)."""
    state = saved_game.load(store, DYMINO_GAME, _GAME_VERSION)
    if state is None:
        return None
    try:
        if len(state) != dymino.STATE_BYTES:
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
    table = load_table(store)
    if not table:
        rows = [("Top 5", "none yet")]
    else:
        rows = [(ORDINALS[place + 1], dymino_score.to_text(table[place])) for place in range(len(table))]
    counters = stats.load(store)
    rows.append(("Games played", str(counters[stats.DYMINO_GAMES])))
    rows.append(("Longest series", str(counters[stats.DYMINO_LONGEST_SERIES])))
    return rows
