"""Dice Duel's records: the best solo scores and the setup chosen last (DICE_DUEL_BEST). (The saved game,
DICE_DUEL_GAME, is pips.dice_duel.saved's: the game loads that alone to keep itself.)

    DICE_DUEL_BEST: version 3, the setup chosen last (_SETUP_BYTES: mode, CPU players, people, CPU seats beside
                    people, then the level of CPU1, CPU2, CPU3), then per score (at most five, highest first) its
                    points (2 bytes LE) and the initials of who made it (pips.initials, 2 bytes LE; 0: none).
                    Versions 2 (no setup) and 1 (the points alone, no initials) still load; a best saved before
                    any setup is remembered is written as version 2.
Every field is checked: scores that a game cannot make or out of order refuse the scores; the setup's fields are
checked by the setup screen, the one that reads them (one out of range: its default setup).
"""
from pips import initials
from pips.saves import DICE_DUEL_BEST

from micropython import const

_BEST_COUNT = const(5)   # solo scores kept
# the best a game can score: every chip (4 of each kind: 4 x 180), 7 full stacks (210), gold (50), the last chip (20)
_MAX_SCORE = const(1000)
_BEST_VERSION = const(3)
_NO_SETUP_VERSION = const(2)
_ENTRY_BYTES_OF = {1: 2, 2: 4, 3: 4}  # an entry's bytes by version: points, then (from version 2) initials
SETUP_BYTES = const(7)  # in DICE_DUEL_BEST from version 3 (its fields: pips.dice_duel.setup)


def read_best(store):
    """(scores, their initials, the setup's SETUP_BYTES bytes or None) from DICE_DUEL_BEST; scores that are missing
    or do not pass their checks come back empty."""
    setup = None
    if store is None:
        return [], [], setup
    data = store.load(DICE_DUEL_BEST)
    size = _ENTRY_BYTES_OF.get(data[0]) if data else None
    start = 1
    if size is not None and data[0] == _BEST_VERSION:
        start = 1 + SETUP_BYTES
        if len(data) < start:
            return [], [], setup
        setup = bytes(data[1:start])
    if size is None or (len(data) - start) % size or len(data) > start + size * _BEST_COUNT:
        return [], [], setup
    scores = []
    names = []
    try:
        for at in range(start, len(data), size):
            score = data[at] | data[at + 1] << 8
            if score > _MAX_SCORE or scores and score > scores[-1]:
                raise ValueError("best")  # add_best writes at most five, highest first, each one a game could score
            scores.append(score)
            names.append(initials.unpack(initials.get(data, at + 2)) if size > 2 else "")
    except ValueError:
        return [], [], setup
    return scores, names, setup


def load_entries(store):
    """(the best solo scores, highest first, at most _BEST_COUNT; their initials, "" where none); ([], [])
    without a store or a good record."""
    scores, names, _ = read_best(store)
    return scores, names


def load_best(store):
    """The best solo scores, highest first (at most _BEST_COUNT); [] without a store or record."""
    return load_entries(store)[0]


def save_entries(store, scores, names, setup):
    """Write the scores and the setup's bytes (None: none remembered yet, version 2)."""
    start = 1
    payload = bytearray(1 + (SETUP_BYTES if setup else 0) + 4 * len(scores))
    payload[0] = _NO_SETUP_VERSION
    if setup:
        start += SETUP_BYTES
        payload[0] = _BEST_VERSION
        payload[1:start] = setup
    for index in range(len(scores)):
        at = start + 4 * index
        payload[at] = scores[index] & 0xFF
        payload[at + 1] = scores[index] >> 8
        initials.put(payload, at + 2, initials.pack(names[index]) if names[index] else 0)
    store.save(DICE_DUEL_BEST, payload)


def add_best(store, score, name=None):
    """Record a finished solo game's score under the initials `name` (None: the highest entry's that has some,
    else "AAA"); returns (its place 1..5, 0 when it is not among the best, the initials it got)."""
    score = min(score, _MAX_SCORE)
    scores, names, setup = read_best(store)
    if name is None:
        name = "AAA"
        for earlier in names:
            if earlier:
                name = earlier
                break
    place = 1
    while place <= len(scores) and scores[place - 1] >= score:
        place += 1
    if place > _BEST_COUNT:
        return 0, name
    scores.insert(place - 1, score)
    names.insert(place - 1, name)
    del scores[_BEST_COUNT:]
    del names[_BEST_COUNT:]
    if store is not None:
        save_entries(store, scores, names, setup)
    return place, name


def set_initials(store, place, name):
    """Give the score at `place` (1..5) the initials `name` (a flash write only when they change)."""
    scores, names, setup = read_best(store)
    if store is not None and 0 < place <= len(scores) and names[place - 1] != name:
        names[place - 1] = name
        save_entries(store, scores, names, setup)


def summary_rows(store):
    """The Records screen's rows: the best solo scores."""
    from pips import stats
    from pips.ui.numbers import grouped
    best, names = load_entries(store)
    if not best:
        rows = [("Best solo", "none yet")]
    else:
        rows = []
        for place in range(len(best)):
            label = "Best solo" if place == 0 else "Solo #%d" % (place + 1)
            rows.append((label, (names[place] + " " if names[place] else "") + grouped(best[place])))
    counters = stats.load(store)
    solo = counters[stats.DICE_DUEL_SOLO_GAMES]
    rows.append(("Games played", grouped(counters[stats.DICE_DUEL_GAMES])))
    if solo:
        rows.append(("Average solo", grouped(stats.average(counters[stats.DICE_DUEL_SOLO_POINTS], solo))))
    rows.append(("Kniffels thrown", grouped(counters[stats.DICE_DUEL_KNIFFELS])))
    return rows
