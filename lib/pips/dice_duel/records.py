"""Dice Duel's saved records: the best solo scores (DICE_DUEL_BEST) and a saved game (DICE_DUEL_GAME)."""
from engine import dice_duel as dd
from pips import saved_game
from pips.saves import DICE_DUEL_BEST, DICE_DUEL_GAME

from micropython import const

_BEST_COUNT = const(5)   # solo scores kept
# the best a game can score: every chip (4 of each kind: 4 x 180), 7 full stacks (210), gold (50), the last chip (20)
_MAX_SCORE = const(1000)
_BEST_VERSION = const(1)
_GAME_VERSION = const(1)


def load_best(store):
    """The best solo scores, highest first (at most _BEST_COUNT); [] without a store or record."""
    if store is None:
        return []
    data = store.load(DICE_DUEL_BEST)
    if not data or data[0] != _BEST_VERSION or len(data) % 2 != 1 or len(data) > 1 + 2 * _BEST_COUNT:
        return []
    scores = []
    for i in range(1, len(data) - 1, 2):
        score = data[i] | data[i + 1] << 8
        if score > _MAX_SCORE or scores and score > scores[-1]:
            return []  # add_best writes at most five, highest first, each one a game could score
        scores.append(score)
    return scores


def add_best(store, score):
    """Record a finished solo game's score; returns True when it is the new best."""
    score = min(score, _MAX_SCORE)
    scores = load_best(store)
    new_best = not scores or score > scores[0]
    scores.append(score)
    scores.sort(reverse=True)
    scores = scores[:_BEST_COUNT]
    if store is not None:
        payload = bytearray(1 + 2 * len(scores))
        payload[0] = _BEST_VERSION
        for index, value in enumerate(scores):
            payload[1 + 2 * index] = value & 0xFF
            payload[2 + 2 * index] = value >> 8
        store.save(DICE_DUEL_BEST, payload)
    return new_best


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
    best = load_best(store)
    if not best:
        rows = [("Best solo", "none yet")]
    else:
        rows = [("Best solo", grouped(best[0]))]
        for place in range(1, len(best)):
            rows.append(("Solo #%d" % (place + 1), grouped(best[place])))
    counters = stats.load(store)
    solo = counters[stats.DICE_DUEL_SOLO_GAMES]
    rows.append(("Games played", grouped(counters[stats.DICE_DUEL_GAMES])))
    if solo:
        rows.append(("Average solo", grouped(stats.average(counters[stats.DICE_DUEL_SOLO_POINTS], solo))))
    rows.append(("Kniffels thrown", grouped(counters[stats.DICE_DUEL_KNIFFELS])))
    return rows
