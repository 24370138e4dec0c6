"""Würfelglanz's saved records in the store.

    WUERFELGLANZ_BEST  the game's settings and best scores:
                       version, match rule, show time (0/1), best score straight (4 bytes LE), best connected (4),
                       and from version 2 a byte of flags: bit r set when rule r's best came from a hinted round
                       (a version 1 record reads as no hinted bests); from version 3 the initials of each rule's
                       best (pips.initials, 2 bytes LE each; older records read as none)
    WUERFELGLANZ_GAME  a saved round: version, the engine's state bytes, elapsed play time in ms (4 bytes LE;
                       its top bit marks a round in which a hint was shown)

A missing, foreign or damaged record reads as the defaults (or no saved game), never an error.
"""
from engine import wuerfelglanz as w
from engine.rng import _get32, _put32
from pips import initials, saved_game
from pips.saves import WUERFELGLANZ_BEST, WUERFELGLANZ_GAME

from micropython import const

_BEST_VERSION = const(3)
_GAME_VERSION = const(1)
BEST_BYTES = const(16)
_BEST_BYTES_OF = {1: 11, 2: 12, 3: 16}  # the payload's size by version: the older ones still load
_HINTED_BIT = const(0x80)  # in the elapsed time's last byte
_STATE_BYTES = w.STATE_BYTES + 4  # the engine, then elapsed play time
_LIMIT = const(0x3FFFFFFF)  # scores and elapsed ms stay small ints (time: about 12 days)


class Records:
    """The match rule and show-time setting, and the best score per rule (index = engine rule)."""

    def __init__(self):
        self.rule = w.RULE_STRAIGHT   # [seed] "Gerade Reihen" is the default
        self.show_time = False        # [seed] hidden by default
        self.best = [0, 0]
        self.hinted = [False, False]  # per rule: the best came from a round with hints
        self.initials = ["", ""]      # per rule: who made the best ("" before initials were kept)

    def last_initials(self, rule):
        """The initials to offer for a new best under `rule`: its best's, else the other rule's."""
        return self.initials[rule] or self.initials[1 - rule]

    def encode(self):
        payload = bytearray(BEST_BYTES)
        payload[0] = _BEST_VERSION
        payload[1] = self.rule
        payload[2] = 1 if self.show_time else 0
        _put32(payload, 3, self.best[0])
        _put32(payload, 7, self.best[1])
        payload[11] = (1 if self.hinted[0] else 0) | (2 if self.hinted[1] else 0)
        initials.put(payload, 12, initials.pack(self.initials[0]) if self.initials[0] else 0)
        initials.put(payload, 14, initials.pack(self.initials[1]) if self.initials[1] else 0)
        return bytes(payload)

    def decode(self, payload):
        """Take the values from a stored payload; ValueError (changing nothing) if it is not a good one."""
        if not payload or _BEST_BYTES_OF.get(payload[0]) != len(payload):
            raise ValueError("records")
        flags = payload[11] if len(payload) > 11 else 0
        if flags > 3:
            raise ValueError("records flags")
        names = ["", ""]
        if len(payload) > 12:
            names[0] = initials.unpack(initials.get(payload, 12))  # (ValueError for letters none can enter)
            names[1] = initials.unpack(initials.get(payload, 14))
        rule = payload[1]
        if rule != w.RULE_STRAIGHT and rule != w.RULE_CONNECTED or payload[2] > 1:
            raise ValueError("records values")
        best0 = _get32(payload, 3)
        best1 = _get32(payload, 7)
        if best0 > _LIMIT or best1 > _LIMIT:
            raise ValueError("records scores")
        self.rule = rule
        self.show_time = payload[2] == 1
        self.best[0] = best0
        self.best[1] = best1
        self.hinted[0] = flags & 1 == 1
        self.hinted[1] = flags & 2 == 2
        self.initials = names


def load_records(store):
    records = Records()
    if store is not None:
        try:
            records.decode(store.load(WUERFELGLANZ_BEST))
        except ValueError:
            pass
    return records


def save_records(store, records):
    if store is not None:
        store.save(WUERFELGLANZ_BEST, records.encode())


def save_game(store, game, elapsed_ms, hinted=False):
    state = bytearray(_STATE_BYTES)
    end = game.save_into(state, 0)
    _put32(state, end, min(max(0, elapsed_ms), _LIMIT))
    if hinted:
        state[end + 3] |= _HINTED_BIT
    return saved_game.save(store, WUERFELGLANZ_GAME, _GAME_VERSION, state)


def load_game(store):
    """(game, elapsed ms, hinted) of the saved round, or None: no record, or one that does not load (then
    refused: cleared, and the player told once)."""
    state = saved_game.load(store, WUERFELGLANZ_GAME, _GAME_VERSION)
    if state is None:
        return None
    game = w.Game(1)
    try:
        if len(state) != _STATE_BYTES:
            raise ValueError("saved round size")
        end = game.load_from(state, 0)
        hinted = state[end + 3] & _HINTED_BIT != 0
        state = bytearray(state)
        state[end + 3] &= ~_HINTED_BIT & 0xFF
        elapsed = _get32(state, end)
        if game.round_over or elapsed > _LIMIT:
            raise ValueError("saved round over or its time too long")
    except ValueError:
        saved_game.refuse(store, WUERFELGLANZ_GAME)
        return None
    return game, elapsed, hinted


def clear_game(store):
    saved_game.clear(store, WUERFELGLANZ_GAME)


def summary_rows(store):
    """The Records screen's rows: the best score per match rule."""
    from pips.ui.numbers import grouped
    from pips.wuerfelglanz.texts import RULE_NAMES
    from pips import stats
    kept = load_records(store)
    best = kept.best
    counters = stats.load(store)
    rounds = counters[stats.WUERFELGLANZ_ROUNDS]
    rows = [("Best " + RULE_NAMES[rule] + (" (hint)" if kept.hinted[rule] else ""),
             (kept.initials[rule] + " " if kept.initials[rule] else "") + grouped(best[rule]))
            for rule in (w.RULE_STRAIGHT, w.RULE_CONNECTED)]
    rows.append(("Rounds played", grouped(rounds)))
    if rounds:
        rows.append(("Average score", grouped(stats.average(counters[stats.WUERFELGLANZ_POINTS], rounds))))
    return rows
