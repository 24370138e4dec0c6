"""Dymino's numbers, one owner for the game (engine.dymino) and its state bytes (engine.dymino_state), so that
neither imports the other back. Rules: shared/rules/dymino.md."""
from micropython import const

# [decided] 5 x 5 grid.
SIDE = const(5)
CELLS = const(25)
# [seed] A merge leaves one die of the next value; 6 -> 1.
TOP_VALUE = const(6)

PHASE_PAIR = const(0)
PHASE_SINGLE = const(1)
PHASE_BONUS = const(2)
PHASE_OVER = const(3)

# Bonus powers: the value of the rolled double. [seed] 1 choose a value and place it; 2 remove every die of a chosen
# value; 3 clear the row; 4 the column; 5 row and column; 6 [decided] the 8 surrounding cells.
POWER_CHOOSE = const(1)
POWER_REMOVE = const(2)
POWER_ROW = const(3)
POWER_COLUMN = const(4)
POWER_CROSS = const(5)
POWER_SURROUND = const(6)

# Action results.
OK = const(0)
ERR_PHASE = const(1)      # not what the game waits for now
ERR_CELL = const(2)       # no such cell, or the pair's second die would leave the grid
ERR_OCCUPIED = const(3)   # a die is already there (dice are never overwritten)
ERR_ROTATION = const(4)
ERR_VALUE = const(5)      # a chosen value outside 1..6
# what each code tells the player (REFUSALS[code]: the scene's message for a move refused)
REFUSALS = ("", "Not now", "Off the grid", "Cell taken", "Bad turn", "Bad value")

# [decided] A series is every merge one placement causes. The rejected reading, a streak over consecutive
# placements that merge, is SERIES_PER_PLACEMENT = 0 (the running series is not in the state bytes then).
SERIES_PER_PLACEMENT = const(1)

REMOVED_BY_BONUS = const(255)
COUNTER_LIMIT = const(0x3FFFFFFF)  # turns and merges stop here (the badge's largest small int)

# The state bytes' layout: engine.dymino_state.
STATE_VERSION = const(1)
STATE_BYTES = const(68)
