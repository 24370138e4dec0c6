"""Dymino's records: the top-5 score table (DYMINO_BEST). The saved game (DYMINO_GAME) is pips.dymino.saved's.

Scores are exact decimal digit arrays (engine.dymino_score), stored packed: 20 bytes each.
    DYMINO_BEST: version 3, count, then per entry (highest first) its packed score and 2 bytes LE: bit 15 set when
                 it came from a game with hints, bits 0..14 its initials (pips.initials; 0: none). Version 2
                 (count, a flags byte: bit k for entry k hinted, then the scores) and version 1 (no flags) still
                 load, without initials
"""
from engine import dymino_score
from pips import initials
from pips.saves import DYMINO_BEST

from micropython import const

_TABLE_SIZE = const(5)   # [decided] a top-5 table
_BEST_VERSION = const(3)
_ENTRY_BYTES = dymino_score.PACKED_BYTES + initials.PACKED_BYTES
_HINTED = const(0x8000)  # in an entry's last two bytes, beside its initials


def load_entries(store):
    """(the recorded scores as digit arrays, highest first; hinted flags, bit k for entry k; their initials, "" where
    none); ([], 0, []) without a store or a good record."""
    data = store.load(DYMINO_BEST) if store is not None else None
    if not data or len(data) < 2 or not 1 <= data[0] <= _BEST_VERSION:
        return [], 0, []
    version = data[0]
    count = data[1]
    start = 3 if version == 2 else 2
    flags = data[2] if version == 2 else 0
    size = _ENTRY_BYTES if version == _BEST_VERSION else dymino_score.PACKED_BYTES
    if count > _TABLE_SIZE or len(data) != start + count * size or flags >> count:
        return [], 0, []
    table = []
    names = []
    try:
        for k in range(count):
            digits = dymino_score.new_score()
            dymino_score.unpack_from(digits, data, start + k * size)
            if table and dymino_score.compare(table[-1], digits) < 0:
                raise ValueError("table out of order")  # add_score keeps it highest first
            table.append(digits)
            name = ""
            if version == _BEST_VERSION:
                extra = initials.get(data, start + k * size + dymino_score.PACKED_BYTES)
                flags |= (1 << k) if extra & _HINTED else 0
                name = initials.unpack(extra)
            names.append(name)
    except ValueError:
        return [], 0, []
    return table, flags, names


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


def _save_entries(store, table, flags, names):
    payload = bytearray(2 + len(table) * _ENTRY_BYTES)
    payload[0] = _BEST_VERSION
    payload[1] = len(table)
    for k in range(len(table)):
        at = 2 + k * _ENTRY_BYTES
        dymino_score.pack_into(table[k], payload, at)
        extra = initials.pack(names[k]) if names[k] else 0
        initials.put(payload, at + dymino_score.PACKED_BYTES, extra | (_HINTED if flags >> k & 1 else 0))
    store.save(DYMINO_BEST, payload)


def add_score(store, score, hinted=False, name=""):
    """Enter a finished game's score (`hinted`: hints were shown in it; `name`: its initials, None: the highest
    entry's that has some, else "AAA"); returns (its place 1..5 or 0, the new table, the initials it got)."""
    table, flags, names = load_entries(store)
    place = rank_of(table, score)
    if name is None:
        name = "AAA"
        for earlier in names:
            if earlier:
                name = earlier
                break
    if place:
        table.insert(place - 1, bytearray(score))
        names.insert(place - 1, name)
        del table[_TABLE_SIZE:]
        del names[_TABLE_SIZE:]
        low = flags & ((1 << (place - 1)) - 1)
        flags = (low | (1 if hinted else 0) << (place - 1) | (flags >> (place - 1)) << place) & ((1 << len(table)) - 1)
        if store is not None:
            _save_entries(store, table, flags, names)
    return place, table, name


def set_initials(store, place, name):
    """Give the entry at `place` (1..5) the initials `name` (a flash write only when they change)."""
    table, flags, names = load_entries(store)
    if store is not None and 0 < place <= len(table) and names[place - 1] != name:
        names[place - 1] = name
        _save_entries(store, table, flags, names)


def summary_rows(store):
    """The Records screen's rows: the top-5 table, exact, digits grouped."""
    from pips import stats
    from pips.dymino.texts import ORDINALS
    table, hinted, names = load_entries(store)
    if not table:
        rows = [("Top 5", "none yet")]
    else:
        rows = [(ORDINALS[place + 1] + (" " + names[place] if names[place] else "") +
                 (" (hint)" if hinted >> place & 1 else ""), dymino_score.to_text(table[place]))
                for place in range(len(table))]
    counters = stats.load(store)
    rows.append(("Games played", str(counters[stats.DYMINO_GAMES])))
    rows.append(("Longest series", str(counters[stats.DYMINO_LONGEST_SERIES])))
    return rows
