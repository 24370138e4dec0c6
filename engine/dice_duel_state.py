"""Kniffel Dice Duel's saved state: the byte layout, writing it, and reading it back with every check.

A game saves to STATE_BYTES bytes with a version byte first; bytes that do not describe a legal game raise
ValueError and leave the game untouched. The rules' numbers live in engine.dice_duel (imported when called: that
module imports this one on use, for saving and loading).
"""
from micropython import const

from engine.rng import Rng
from engine.dice_duel_combos import combos, BIT_KNIFFEL, KIND_COUNT

_VERSION = const(1)
# Saved state layout (offsets).
_O_PLAYERS = const(1)
_O_CPU = const(2)
_O_FIRST = const(3)
_O_CURRENT = const(4)
_O_PHASE = const(5)
_O_ROLLS = const(6)
_O_KEEP = const(7)
_O_DICE = const(8)
_O_TRAY = const(13)
_O_ASIDE = const(20)
_O_HELD = const(27)
_O_PICKS = const(55)
_O_FLAGS = const(56)
_O_LAST_TAKER = const(57)
_O_ROUND = const(58)
_O_LAST_ASIDE = const(59)
_O_ROLLOFF = const(60)
_O_RNG = const(64)
_FLAG_BITS = const(7)


def save_into(game, buf, offset):
    """Write the whole game as STATE_BYTES bytes at buf[offset:]; returns the offset after it."""
    dd = _rules()
    buf[offset] = _VERSION
    buf[offset + _O_PLAYERS] = game.players
    buf[offset + _O_CPU] = game.cpu_mask
    buf[offset + _O_FIRST] = game.first
    buf[offset + _O_CURRENT] = game.current
    buf[offset + _O_PHASE] = game.phase
    buf[offset + _O_ROLLS] = game.rolls_left
    buf[offset + _O_KEEP] = game.keep
    for i in range(dd.DICE):
        buf[offset + _O_DICE + i] = game.dice[i]
    for kind in range(KIND_COUNT):
        buf[offset + _O_TRAY + kind] = game.tray[kind]
        buf[offset + _O_ASIDE + kind] = game.aside[kind]
    for i in range(dd.MAX_PLAYERS * KIND_COUNT):
        buf[offset + _O_HELD + i] = game.held[i]
    buf[offset + _O_PICKS] = game.picks_left
    buf[offset + _O_FLAGS] = game.flags
    buf[offset + _O_LAST_TAKER] = game.last_taker
    buf[offset + _O_ROUND] = game.round
    buf[offset + _O_LAST_ASIDE] = game.last_aside
    for i in range(dd.MAX_PLAYERS):
        buf[offset + _O_ROLLOFF + i] = game.rolloff[i]
    return game.rng.save_into(buf, offset + _O_RNG)


def load_into(game, buf, offset):
    """Replace `game` by the one saved at buf[offset:]; bad bytes raise ValueError, changing nothing."""
    dd = _rules()
    if len(buf) - offset < dd.STATE_BYTES or buf[offset] != _VERSION:
        raise ValueError("not a dice duel state")
    _validate(buf, offset)
    rng = Rng(1)
    rng.load_from(buf, offset + _O_RNG)
    game.rng = rng
    game.players = buf[offset + _O_PLAYERS]
    game.solo = game.players == 1
    game.cpu_mask = buf[offset + _O_CPU]
    game.first = buf[offset + _O_FIRST]
    game.current = buf[offset + _O_CURRENT]
    game.phase = buf[offset + _O_PHASE]
    game.rolls_left = buf[offset + _O_ROLLS]
    game.keep = buf[offset + _O_KEEP]
    for i in range(dd.DICE):
        game.dice[i] = buf[offset + _O_DICE + i]
    for kind in range(KIND_COUNT):
        game.tray[kind] = buf[offset + _O_TRAY + kind]
        game.aside[kind] = buf[offset + _O_ASIDE + kind]
    for i in range(dd.MAX_PLAYERS * KIND_COUNT):
        game.held[i] = buf[offset + _O_HELD + i]
    game.picks_left = buf[offset + _O_PICKS]
    game.flags = buf[offset + _O_FLAGS]
    game.last_taker = buf[offset + _O_LAST_TAKER]
    game.round = buf[offset + _O_ROUND]
    game.last_aside = buf[offset + _O_LAST_ASIDE]
    for i in range(dd.MAX_PLAYERS):
        game.rolloff[i] = buf[offset + _O_ROLLOFF + i]
    game.mask = combos(game.dice)
    return offset + dd.STATE_BYTES


def _validate(buf, o):
    dd = _rules()
    players = buf[o + _O_PLAYERS]
    cpu_mask = buf[o + _O_CPU]
    if not 1 <= players <= dd.MAX_PLAYERS or cpu_mask >> players:
        raise ValueError("bad players")
    if cpu_mask == (1 << players) - 1:
        raise ValueError("no person at the table")  # a solo seat, or every seat, played by the CPU
    if buf[o + _O_FIRST] >= players or buf[o + _O_CURRENT] >= players:
        raise ValueError("seat out of range")
    phase = buf[o + _O_PHASE]
    rolls = buf[o + _O_ROLLS]
    if phase > dd.PHASE_OVER or rolls > dd.ROLLS_PER_TURN or buf[o + _O_KEEP] > dd.ALL_DICE:
        raise ValueError("phase, rolls or kept dice out of range")
    for i in range(dd.DICE):
        die = buf[o + _O_DICE + i]
        if die > 6 or (die == 0) != (rolls == dd.ROLLS_PER_TURN and phase == dd.PHASE_ROLL):
            raise ValueError("dice do not fit the turn")
    tray_total = 0
    for kind in range(KIND_COUNT):
        total = buf[o + _O_TRAY + kind] + buf[o + _O_ASIDE + kind]
        tray_total += buf[o + _O_TRAY + kind]
        for player in range(dd.MAX_PLAYERS):
            held = buf[o + _O_HELD + player * KIND_COUNT + kind]
            if held and player >= players:
                raise ValueError("chips of an empty seat")
            total += held
        if total != dd.CHIPS_PER_KIND:
            raise ValueError("chips do not add up")
    if (tray_total == 0) != (phase == dd.PHASE_OVER):
        raise ValueError("round end does not fit the tray")
    if buf[o + _O_FLAGS] > _FLAG_BITS:
        raise ValueError("unknown flag bits")
    picks = buf[o + _O_PICKS]
    if phase == dd.PHASE_CHOOSE:
        if rolls == dd.ROLLS_PER_TURN:
            raise ValueError("choosing before a roll")
        most = 1
        if combos(buf[o + _O_DICE:o + _O_DICE + dd.DICE]) & BIT_KNIFFEL:
            most = dd.SOLO_KNIFFEL_CHIPS if players == 1 else dd.KNIFFEL_CHIPS
        if not 1 <= picks <= most:
            raise ValueError("bad picks left")  # 0 would let a turn take chips without end
    elif picks > (0 if phase == dd.PHASE_ROLL else dd.SOLO_KNIFFEL_CHIPS):
        raise ValueError("picks outside the choice")  # a game that ends on a turn without a chip keeps its 1
    last_taker = buf[o + _O_LAST_TAKER]
    if last_taker != dd.NOBODY and (last_taker >= players or phase != dd.PHASE_OVER):
        raise ValueError("bad last taker")
    last_aside = buf[o + _O_LAST_ASIDE]
    if last_aside != dd.CHOICE_NONE and last_aside >= KIND_COUNT:
        raise ValueError("bad set-aside")
    for i in range(dd.MAX_PLAYERS):
        if buf[o + _O_ROLLOFF + i] > 6:
            raise ValueError("bad roll-off")


def _rules():
    from engine import dice_duel
    return dice_duel
