"""Dice Duel's saved records: the best solo scores (DICE_DUEL_BEST) and a saved game (DICE_DUEL_GAME)."""
from engine import dice_duel as dd

try:
    from micropython import const
except ImportError:
    def const(value):
        return value

BEST_COUNT = const(5)   # solo scores kept
_BEST_VERSION = const(1)
_GAME_VERSION = const(1)


def _kinds():
    try:
        from pips import saves
        return saves.DICE_DUEL_BEST, saves.DICE_DUEL_GAME
    except (ImportError, AttributeError):
        return None, None


def load_best(store):
    """The best solo scores, highest first (at most BEST_COUNT); [] without a store or record."""
    kind = _kinds()[0]
    if store is None or kind is None:
        return []
    data = store.load(kind)
    if not data or data[0] != _BEST_VERSION or len(data) % 2 != 1:
        return []
    scores = []
    for i in range(1, len(data) - 1, 2):
        scores.append(data[i] | data[i + 1] << 8)
    scores.sort(reverse=True)
    return scores[:BEST_COUNT]


def add_best(store, score):
    """Record a finished solo game's score; returns True when it is the new best."""
    scores = load_best(store)
    new_best = not scores or score > scores[0]
    scores.append(score)
    scores.sort(reverse=True)
    scores = scores[:BEST_COUNT]
    kind = _kinds()[0]
    if store is not None and kind is not None:
        payload = bytearray(1 + 2 * len(scores))
        payload[0] = _BEST_VERSION
        for index, value in enumerate(scores):
            payload[1 + 2 * index] = value & 0xFF
            payload[2 + 2 * index] = value >> 8
        store.save(kind, payload)
    return new_best


def save_game(store, game):
    kind = _kinds()[1]
    if store is None or kind is None:
        return False
    payload = bytearray(1 + dd.STATE_BYTES)
    payload[0] = _GAME_VERSION
    game.save_into(payload, 1)
    store.save(kind, payload)
    return True


def load_game(store):
    """The saved game, or None (no record, or bytes that do not load)."""
    kind = _kinds()[1]
    if store is None or kind is None:
        return None
    data = store.load(kind)
    if not data or data[0] != _GAME_VERSION:
        return None
    try:
        game = dd.from_bytes(bytes(data[1:]))
    except ValueError:
        return None
    return None if game.is_over() else game


def clear_game(store):
    kind = _kinds()[1]
    if store is None or kind is None:
        return
    clear = getattr(store, "clear", None)
    if clear is not None:
        clear(kind)
    elif store.load(kind) is not None:
        store.save(kind, b"")
