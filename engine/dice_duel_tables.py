"""Kniffel Dice Duel CPU's multiset tables, built in slices so that no frame freezes (about 20 slices of a few ms
on the badge; all at once it was ~136 ms inside one frame).

The 462 multisets of 0..5 dice are numbered by size (index 0 is no dice, 210..461 are the 252 five-dice results).
CHILD[k*6 + f-1] is multiset k plus one die showing f; COMBO[k - LEVEL5] is the combination mask of five-dice
multiset k. The arrays exist from import (one block each, before the heap fragments); build_step() fills them:
first numbering the multisets level by level (a multiset's six children are found, or numbered, in the same probe
of a hash table: that probe is the CHILD entry), then the five-dice combination masks. The numbering's scratch
arrays live only while building. No slice allocates.
"""
from micropython import const

from array import array

from engine.dice_duel_combos import packed_combos

LEVEL5 = const(210)          # first index of the five-dice multisets
NODES = const(462)
_HASH = const(1024)          # slots of the build's hash table (> 2 x NODES: short probes)
_NUMBER_PART = const(15)     # multisets whose children a numbering slice finds (6 probes each)
_NUMBER_SLICES = const(14)   # LEVEL5 // _NUMBER_PART
_COMBO_PART = const(42)      # five-dice multisets a combination slice masks
BUILD_SLICES = const(20)     # _NUMBER_SLICES + (NODES - LEVEL5) // _COMBO_PART

CHILD = array("H", bytes(2 * LEVEL5 * 6))
COMBO = bytearray(NODES - LEVEL5)

# The build under way: slices done, and the numbering's scratch arrays (None once built). Made at import with the
# tables, not in the first slice: mid-game the badge's heap may no longer have their 1.8 and 2 KB blocks free
# (Fixed-size arrays, not a dict and lists: a dict's growing table wanted a 4 KB block; circuitpython-pybadge.)
_built = 0
_order = array("I", bytes(4 * NODES))    # packed multiset (3 bits a face) by index
_slots = array("H", bytes(2 * _HASH))    # index + 1 by hash of the packed multiset
_count = 0      # multisets numbered so far


def _slot(slots, order, key):
    """The hash slot of multiset `key`: where it is numbered, or the empty slot where it goes."""
    # Face 1's count sits at bit 3 (bits 0-2 are always 0); the sum spreads the high faces' counts over the low
    # bits. The old key ^ key >> 9 clustered: ~87,000 extra probes, about a second of the badge's time
    # (1,500 now; tools/callgrind_cost.py).
    h = ((key >> 3) + (key >> 10) * 7 + (key >> 16) * 13) & (_HASH - 1)
    while slots[h] and order[slots[h] - 1] != key:
        h = (h + 1) & (_HASH - 1)
    return h


def node_values():
    """A new array of one value a multiset (the CPU's expected values: engine.dice_duel_cpu), one 924-byte block."""
    return array("H", bytes(2 * NODES))


def ready():
    """True once every table is built."""
    return _built == BUILD_SLICES


def build_step():
    """One slice of the build (a few ms on the badge); returns ready(). Idempotent once built."""
    global _built, _order, _slots, _count
    step = _built
    if step == BUILD_SLICES:
        return True
    if step == 0:
        _slots[_slot(_slots, _order, 0)] = 1
        _count = 1
    order = _order
    slots = _slots
    if step < _NUMBER_SLICES:
        # Multisets are numbered in the order their parents are, so those of k dice precede those of k + 1.
        count = _count
        first = step * _NUMBER_PART
        for k in range(first, first + _NUMBER_PART):
            c = k * 6
            for face in range(1, 7):
                key = order[k] + (1 << 3 * face)
                h = _slot(slots, order, key)
                if not slots[h]:
                    order[count] = key
                    count += 1
                    slots[h] = count
                CHILD[c + face - 1] = slots[h] - 1
        _count = count
    else:
        first = LEVEL5 + (step - _NUMBER_SLICES) * _COMBO_PART
        for k in range(first, first + _COMBO_PART):
            COMBO[k - LEVEL5] = packed_combos(order[k])
    _built = step + 1
    if _built == BUILD_SLICES:
        _order = _slots = None  # the scratch arrays go with the next collection
        return True
    return False


def build():
    """Every remaining slice at once (benchmarks, tests, headless runs)."""
    while not build_step():
        pass
