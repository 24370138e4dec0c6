"""Kniffel Dice Duel's numbers that the game (engine.dice_duel) and its saved state's checks
(engine.dice_duel_state) share: each imports them from here, so neither imports the other for them.
Constants only: the device build inlines them where they are read, and the badge never loads this module."""
from micropython import const

DICE = const(5)
ROLLS_PER_TURN = const(3)           # [seed]
CHIPS_PER_KIND = const(4)           # [seed]
MAX_PLAYERS = const(4)              # [decided] solo, or up to 4 seats
SOLO_KNIFFEL_CHIPS = const(2)       # [seed] the solo variant's Kniffel gives two chips
KNIFFEL_CHIPS = const(1)
ALL_DICE = const(0x1F)              # a keep mask with every die
STATE_BYTES = const(72)             # a saved game (layout: engine.dice_duel_state)
CHOICE_NONE = const(255)            # a turn ends without a chip
NOBODY = const(255)                 # no seat (the last chip set aside, not taken)

PHASE_ROLL = const(0)    # rolling: rolls_left 3 means the turn has not rolled yet
PHASE_CHOOSE = const(1)  # dice final: take a chip (or none, if nothing fits)
PHASE_OVER = const(2)

# A CPU seat's level: each plays its own policy (engine.dice_duel_cpu); DiceDuel.levels holds one a seat
LEVEL_EASY = const(0)    # a glance: stops on any chip, else keeps its most common face
LEVEL_NORMAL = const(1)  # one roll of look-ahead on the chips' points, stops on a chip of NORMAL_STOP_KIND or better
LEVEL_HARD = const(2)    # the full expected-value search over every roll left, with the bonuses weighed
LEVELS = const(3)
NORMAL_STOP_KIND = const(2)  # Normal stops rolling on a chip of this kind or better: small straight, 20 points
                             # or more (the kinds go up in value; measured: docs/dice_duel_levels.md)
