"""Dice Duel's saved records: the best solo scores (DICE_DUEL_BEST) and a saved game (DICE_DUEL_GAME).

    DICE_DUEL_BEST: version 2, then per score (at most five, highest first) its points (2 bytes LE) and the
                    initials of who made it (pips.initials, 2 bytes LE; 0: none). Version 1 (the points alone)
                    still loads, without initials.
"""
from engine import dice_duel as dd
from pips import initials, saved_game
from pips.saves import DICE_DUEL_BEST, DICE_DUEL_GAME

from micropython import const

_BEST_COUNT = const(5)   # solo scores kept
# the best a game can score: every chip (4 of each kind: 4 x 180), 7 full stacks (210), gold (50), the last chip (20)
_MAX_SCORE = const(1000)
_BEST_VERSION = const(2)
_ENTRY_BYTES_OF = {1: 2, 2: 4}  # an entry's bytes by version: points, then (from version 2) initials
_GAME_VERSION = const(1)


def load_entries(store):
    """(the best solo scores, highest first, at most _BEST_COUNT; their initials, "" where none); ([], [])
    without a store or a good record."""
    if store is None:
        return [], []
    data = store.load(DICE_DUEL_BEST)
    size = _ENTRY_BYTES_OF.get(data[0]) if data else None
    if size is None or (len(data) - 1) % size or len(data) > 1 + size * _BEST_COUNT:
        return [], []
    scores = []
    names = []
    try:
        for at in range(1, len(data), size):
            score = data[at] | data[at + 1] << 8
            if score > _MAX_SCORE or scores and score > scores[-1]:
                raise ValueError("best")  # add_best writes at most five, highest first, each one a game could score
            scores.append(score)
            names.append(initials.unpack(initials.get(data, at + 2)) if size > 2 else "")
    except ValueError:
        return [], []
    return scores, names


def load_best(store):
    """The best solo scores, highest first (at most _BEST_COUNT); [] without a store or record."""
    return load_entries(store)[0]


def _save_entries(store, scores, names):
    payload = bytearray(1 + 4 * len(scores))
    payload[0] = _BEST_VERSION
    for index in range(len(scores)):
        at = 1 + 4 * index
        payload[at] = scores[index] & 0xFF
        payload[at + 1] = scores[index] >> 8
        initials.put(payload, at + 2, initials.pack(names[index]) if names[index] else 0)
    store.save(DICE_DUEL_BEST, payload)


def add_best(store, score, name=None):
    """Record a finished solo game's score under the initials `name` (None: the highest entry's that has some,
    else "AAA"); returns (its place 1..5, 0 when it is not among the best, the initials it got)."""
    score = min(score, _MAX_SCORE)
    scores, names = load_entries(store)
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
        _save_entries(store, scores, names)
    return place, name


def set_initials(store, place, name):
    """Give the score at `place` (1..5) the initials `name` (a flash write only when they change)."""
    scores, names = load_entries(store)
    if store is not None and 0 < place <= len(scores) and names[place - 1] != name:
        names[place - 1] = name
        _save_entries(store, scores, names)


def save_game(store, game):
    state = bytearray(dd.STATE_BYTES)
    game.save_into(state, 0)
    return saved_game.save(store, DICE_DUEL_GAME, _GAME_VERSION, state)


def load_game(store):
    """The saved game, or None: no record, or one that does not load or is already over (then refused:
    cleared, and the player told once)."""
    state = saved_game.load(store, DICE_DUEL_GAME, _GAME_VERSION)
    if state is None:
        return None
    try:
        game = dd.from_bytes(state)
        if game.is_over():
            raise ValueError("saved game over")
    except ValueError:
        saved_game.refuse(store, DICE_DUEL_GAME)
        return None
    return game


def clear_game(store):
    saved_game.clear(store, DICE_DUEL_GAME)


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
