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
