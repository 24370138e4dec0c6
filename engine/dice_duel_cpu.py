"""Kniffel Dice Duel CPU player: keeps dice by the expected value of the chips still available.

The 462 multisets of 0..5 dice are numbered once at import, by size (index 0 is no dice, 210..461 are the 252
five-dice results). CHILD[k*6 + f-1] is multiset k plus one die showing f. Rolling n dice is adding n dice one at a
time, so the expected value of a kept multiset is the mean over its six children, computed level by level from
the five-dice values down: 210 x 6 steps per roll left, not 7776 outcomes. "Best kept subset of these dice" is a
maximum carried up the same links. All values are small ints (points x _SCALE), in arrays owned by the CPU.
"""
try:
    from micropython import const
except ImportError:
    def const(value):
        return value

from array import array

from engine.dice_duel_combos import packed_combos, CHIP_VALUES, KIND_COUNT, BIT_KNIFFEL
from engine.dice_duel import (PHASE_ROLL, PHASE_CHOOSE, ROLLS_PER_TURN, CHOICE_ASIDE, CHOICE_NONE,
                              CHIPS_PER_KIND, FULL_STACK_BONUS, GOLD_BONUS, SILVER_BONUS, LAST_CHIP_BONUS)

STOP = const(255)  # choose_keep: stop rolling now

_SCALE = const(32)           # fixed point for expected values (max worth ~300 points -> 9600 < 65535)
_STACK_WEIGHT = const(3)     # per chip already held of a kind whose full stack is still possible
_KINDS_WEIGHT = const(4)     # a new kind while gold/silver is still within reach
_DENY_WEIGHT = const(6)      # a chip an opponent needs for a bonus...
_LATE_TRAY = const(10)       # ...once this few chips are left in the tray
_KNIFFEL_TURN = const(12)    # worth of the extra turn a Kniffel gives (about a turn's mean chip)

_LEVEL5 = const(210)         # first index of the five-dice multisets
_NODES = const(462)


_HASH = const(1024)          # slots of the build's hash table (> 2 x _NODES: short probes)


def _slot(slots, order, key):
    """The hash slot of multiset `key`: where it is numbered, or the empty slot where it goes."""
    h = (key ^ (key >> 9)) & (_HASH - 1)
    while slots[h] and order[slots[h] - 1] != key:
        h = (h + 1) & (_HASH - 1)
    return h


def _build_tables():
    # Fixed-size arrays, not a dict and lists: on the badge the dict's growing table wanted a 4 KB block at
    # import, which a fragmented heap did not have (measured under circuitpython-pybadge).
    order = array("I", bytes(4 * _NODES))    # packed multiset (3 bits a face) by index
    slots = array("H", bytes(2 * _HASH))     # index + 1 by hash of the packed multiset
    slots[_slot(slots, order, 0)] = 1
    count = 1
    start = 0
    for _ in range(5):
        end = count
        for k in range(start, end):
            for face in range(1, 7):
                key = order[k] + (1 << 3 * face)
                h = _slot(slots, order, key)
                if not slots[h]:
                    order[count] = key
                    count += 1
                    slots[h] = count
        start = end
    child = array("H", bytes(2 * _LEVEL5 * 6))
    for k in range(_LEVEL5):
        for face in range(1, 7):
            child[k * 6 + face - 1] = slots[_slot(slots, order, order[k] + (1 << 3 * face))] - 1
    combo = bytearray(_NODES - _LEVEL5)
    for k in range(_LEVEL5, _NODES):
        combo[k - _LEVEL5] = packed_combos(order[k])
    return child, combo


_CHILD, _COMBO = _build_tables()
_LOWBIT = bytes((0, 0, 1, 0, 2, 0, 1, 0, 3, 0, 1, 0, 2, 0, 1, 0, 4, 0, 1, 0, 2, 0, 1, 0, 3, 0, 1, 0, 2, 0, 1, 0))


class DiceDuelCpu:
    """One per app (its arrays are reused by every CPU seat)."""

    def __init__(self):
        self.ev1 = array("H", bytes(2 * _NODES))     # one roll left: expected values; level 5 = stop values
        self.ev2 = array("H", bytes(2 * _NODES))     # two rolls left
        self.worth = array("H", bytes(2 * 16))       # choice -> worth (tray kinds 0..6, aside 8..14)
        self.mask_worth = array("H", bytes(2 * 128))  # combination mask -> best tray chip worth
        self.by_mask = array("H", bytes(2 * 32))      # keep mask -> kept multiset index
        self.kniffel_worth = 0

    # ---- chip worths ------------------------------------------------------------------------------------
    def chip_worth(self, game, kind, from_aside):
        """Points a chip is worth to the player to move, with small weights for bonuses in reach."""
        player = game.current
        held = game.held_count(player, kind)
        kinds = game.kinds_held(player)
        worth = CHIP_VALUES[kind]
        others = CHIPS_PER_KIND - held - game.tray[kind] - game.aside[kind]
        if held == CHIPS_PER_KIND - 1:
            worth += FULL_STACK_BONUS
        elif held and others == 0:
            worth += _STACK_WEIGHT * held
        if held == 0:
            if kinds == 5:
                worth += SILVER_BONUS
            elif kinds == 6:
                worth += GOLD_BONUS - SILVER_BONUS
            elif kinds >= 3:
                worth += _KINDS_WEIGHT
        left = game.tray_count()
        if left == 1 and not from_aside:
            worth += LAST_CHIP_BONUS
        if left <= _LATE_TRAY:
            for rival in range(game.players):
                if rival != player:
                    rival_held = game.held_count(rival, kind)
                    if rival_held == CHIPS_PER_KIND - 1 or (rival_held == 0 and game.kinds_held(rival) >= 5):
                        worth += _DENY_WEIGHT
                        break
        return worth

    def _prepare_worths(self, game):
        """Worth of every chip now (scaled), and of each combination mask and of a Kniffel."""
        worth = self.worth
        tray = game.tray
        aside = game.aside
        best = 0
        second = 0
        for choice in range(16):
            worth[choice] = 0
        for kind in range(KIND_COUNT):
            for source in range(2):
                count = aside[kind] if source else tray[kind]
                if count:
                    value = self.chip_worth(game, kind, source) * _SCALE
                    worth[kind + source * CHOICE_ASIDE] = value
                    # the two best chips for a solo Kniffel (a kind with two chips left may give both)
                    for _ in range(2 if count > 1 else 1):
                        if value > best:
                            second = best
                            best = value
                        elif value > second:
                            second = value
        mask_worth = self.mask_worth
        mask_worth[0] = 0
        for kind in range(KIND_COUNT):
            bit = 1 << kind
            value = worth[kind]
            for mask in range(bit, bit << 1):
                below = mask_worth[mask - bit]
                mask_worth[mask] = value if value > below else below
        kniffel = best + _KNIFFEL_TURN * _SCALE
        if game.solo:
            kniffel += second
        self.kniffel_worth = kniffel if kniffel < 65535 else 65535

    # ---- expected values --------------------------------------------------------------------------------
    def _stop_values(self):
        ev = self.ev1
        mask_worth = self.mask_worth
        kniffel = self.kniffel_worth
        combo = _COMBO
        for k in range(_LEVEL5, _NODES):
            mask = combo[k - _LEVEL5]
            ev[k] = kniffel if mask & BIT_KNIFFEL else mask_worth[mask & 0x7F]

    def _mean_down(self, ev):
        """ev[k] for k < 210: the mean over the next die's six faces (the level above is final)."""
        child = _CHILD
        for k in range(_LEVEL5 - 1, -1, -1):
            c = k * 6
            ev[k] = (ev[child[c]] + ev[child[c + 1]] + ev[child[c + 2]] + ev[child[c + 3]]
                     + ev[child[c + 4]] + ev[child[c + 5]]) // 6

    def _best_subset_up(self, ev):
        """ev[k] becomes the best value over every subset of multiset k."""
        child = _CHILD
        for k in range(_LEVEL5):
            value = ev[k]
            c = k * 6
            # unrolled over the six faces: this loop is most of a decision's time
            above = child[c]
            if ev[above] < value:
                ev[above] = value
            above = child[c + 1]
            if ev[above] < value:
                ev[above] = value
            above = child[c + 2]
            if ev[above] < value:
                ev[above] = value
            above = child[c + 3]
            if ev[above] < value:
                ev[above] = value
            above = child[c + 4]
            if ev[above] < value:
                ev[above] = value
            above = child[c + 5]
            if ev[above] < value:
                ev[above] = value

    def _index_masks(self, dice):
        """by_mask[m] = multiset index of the dice kept by mask m."""
        by_mask = self.by_mask
        child = _CHILD
        lowbit = _LOWBIT
        by_mask[0] = 0
        for mask in range(1, 32):
            low = lowbit[mask]
            by_mask[mask] = child[by_mask[mask & (mask - 1)] * 6 + dice[low] - 1]

    # ---- decisions --------------------------------------------------------------------------------------
    def choose_keep(self, game):
        """Keep mask (0..30) for the next roll, or STOP to end the rolling. On the turn's first roll: 0."""
        if game.phase != PHASE_ROLL:
            return STOP
        rolls = game.rolls_left
        if rolls == ROLLS_PER_TURN:
            return 0
        if rolls == 0:
            return STOP
        self._prepare_worths(game)
        self._stop_values()
        ev1 = self.ev1
        self._mean_down(ev1)
        table = ev1
        if rolls >= 2:
            ev2 = self.ev2
            for k in range(_NODES):
                ev2[k] = ev1[k]
            self._best_subset_up(ev2)
            self._mean_down(ev2)
            table = ev2
        self._index_masks(game.dice)
        by_mask = self.by_mask
        best = ev1[by_mask[31]]  # stopping now
        choice = STOP
        for mask in range(31):
            value = table[by_mask[mask]]
            if value > best:
                best = value
                choice = mask
        return choice

    def choose_chip(self, game):
        """The best legal chip to take now, or CHOICE_NONE when nothing can be taken."""
        if game.phase != PHASE_CHOOSE:
            return CHOICE_NONE
        legal = game.choices()
        best = -1
        choice = CHOICE_NONE
        for option in range(16):
            if legal >> option & 1:
                value = self.chip_worth(game, option & 7, option >= CHOICE_ASIDE)
                if value > best:
                    best = value
                    choice = option
        return choice

    def play_turn(self, game):
        """Play the current turn to its end (for benchmarks and headless runs); returns the chips taken."""
        taken = 0
        while not game.is_over():
            if game.phase == PHASE_ROLL:
                keep = self.choose_keep(game)
                if keep == STOP:
                    game.stop()
                else:
                    if game.rolls_left < ROLLS_PER_TURN:
                        game.set_keep(keep)
                    game.roll()
            else:
                choice = self.choose_chip(game)
                if choice != CHOICE_NONE:
                    taken += 1
                game.take(choice)
                if game.phase != PHASE_CHOOSE:
                    break
        return taken
