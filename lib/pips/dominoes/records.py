"""Dominoes' saved records: the match record and the chosen settings (DOMINOES_RECORD) and the rows the Records
screen shows. (A saved match, DOMINOES_GAME, is pips.dominoes.saved's: the game loads that alone to keep itself.)

    DOMINOES_RECORD v2: version, opponent (0 Easy, 1 Normal, 2 Hard CPU, 3 two people), match target index,
                        then per opponent two 2-byte counters: matches won and lost against that CPU level
                        (for two people: matches won by player 1 and by player 2). Counters saturate at 65,535.
                        (v1, 7 bytes: won, lost, level, target index: read, its counts kept under its level.)
Every field is checked before it is trusted; anything wrong and the record is refused (the loader returns None,
or the defaults stay).
"""
import struct

from engine import dominoes as dm
from pips.saves import DOMINOES_RECORD

from micropython import const

# the opponent setting: the CPU's levels (engine.dominoes' EASY, NORMAL, HARD), then two people on one badge
PEOPLE = const(3)
# The record the scene keeps is a plain list of ints, read by these indices (no object with methods, which would keep
# this module in RAM all game long; the build inlines the indices where they are read): the opponent chosen, the
# match target's index, then matches won and lost per opponent (won against opponent k at WON + 2 * k, lost at the
# next): the fields of DOMINOES_RECORD v2 after its version byte.
OPPONENT = const(0)
TARGET = const(1)
WON = const(2)
_RECORD_VERSION = const(2)
_OLD_RECORD_VERSION = const(1)
_OLD_RECORD_BYTES = const(7)
_RECORD_BYTES = const(19)
COUNTER_MAX = const(65535)
_DEFAULT_TARGET_INDEX = const(1)  # MATCH_TARGETS[1] == 100


def new_record():
    """The defaults: Normal CPU, a match to 100, no match played."""
    return [dm.NORMAL, _DEFAULT_TARGET_INDEX, 0, 0, 0, 0, 0, 0, 0, 0]


def note_match(store, record, opponent, won):
    """Count a finished match, `won` by the first seat (saturating, so the record stays one the loader accepts),
    and save the record (a quit later does not lose it). The match's kept copy is the app's to forget
    (App.round_ended)."""
    i = WON + 2 * opponent + (0 if won else 1)
    record[i] = min(record[i] + 1, COUNTER_MAX)
    save_record(store, record)


def encode(record):
    return struct.pack("<BBB8H", _RECORD_VERSION, *record)


def decode(record, data):
    """Take the values from a stored record into `record`; a missing, foreign or out-of-range record leaves it
    as it was (False)."""
    if not data:
        return False
    if len(data) == _OLD_RECORD_BYTES and data[0] == _OLD_RECORD_VERSION:
        opponent = data[5]
        if opponent > dm.HARD or data[6] >= len(dm.MATCH_TARGETS):
            return False
        record[OPPONENT] = opponent
        record[TARGET] = data[6]
        record[WON + 2 * opponent] = data[1] | (data[2] << 8)
        record[WON + 2 * opponent + 1] = data[3] | (data[4] << 8)
        return True
    if len(data) != _RECORD_BYTES or data[0] != _RECORD_VERSION:
        return False
    fields = struct.unpack("<BBB8H", data)
    if fields[1] > PEOPLE or fields[2] >= len(dm.MATCH_TARGETS):
        return False
    record[:] = fields[1:]
    return True


def load_record(store):
    record = new_record()
    if store is not None:
        decode(record, store.load(DOMINOES_RECORD))
    return record


def save_record(store, record):
    if store is not None:
        store.save(DOMINOES_RECORD, encode(record))


def win_rate(won, lost):
    """The share of matches won as "62%" (rounded down: 100% only when none was lost), "" before any match."""
    played = won + lost
    return "%d%%" % (won * 100 // played) if played else ""


def opponent_summary(record, opponent, rate=True):
    """(label, value) strings of the matches against `opponent`: won and lost against a CPU level (with the win
    rate if `rate`), or two people's wins."""
    won = record[WON + 2 * opponent]
    lost = record[WON + 2 * opponent + 1]
    if opponent == PEOPLE:
        return "2 players P1/P2", "%d / %d" % (won, lost)
    rate = win_rate(won, lost) if rate else ""
    # the rate in brackets: "0 / 1 0%" read as 10 %
    value = "%d / %d (%s)" % (won, lost, rate) if rate else "%d / %d" % (won, lost)
    return "vs %s W/L" % ("Easy", "Normal", "Hard")[opponent], value


def summary_rows(store):
    """(label, value) strings for the Records screen: matches won and lost per CPU level with the win rate, two
    people's, and the rounds played (pips.stats)."""
    from pips import stats
    record = load_record(store)
    rows = [opponent_summary(record, opponent) for opponent in (dm.EASY, dm.NORMAL, dm.HARD, PEOPLE)]
    rows.append(("Rounds played", str(stats.load(store)[stats.DOMINOES_ROUNDS])))
    return rows
