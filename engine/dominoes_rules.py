"""Dominoes' rule numbers and the codes the engine, its state format and the app share (no logic here, so every
Dominoes module can import it without importing the game)."""
try:
    from micropython import const
except ImportError:
    def const(value):
        return value

HAND_SIZE = const(7)  # [seed] tiles dealt to each player
DRAW_FLOOR = const(2)  # [seed] drawing is allowed only while the stock holds more than this
MATCH_TARGETS = (50, 100, 150)  # [decided] match target choices in settings
DEFAULT_TARGET = const(100)  # [decided]
MAX_MOVES = const(128)  # a hand holds at most 7 + 12 drawn tiles: 19 x 2 ends x 3 options < 128

# seats: 0 and 1 (the person and the CPU, or two people), and "nobody" for a tied round or a match under way
PERSON = const(0)
CPU = const(1)
NOBODY = const(2)

# phases
PLAYING = const(0)
ROUND_OVER = const(1)
MATCH_OVER = const(2)

# results of actions
OK = const(0)
ERR_PHASE = const(1)  # the round is not being played
ERR_NOT_IN_HAND = const(2)
ERR_NO_MATCH = const(3)  # the tile shows no number of that end
ERR_NO_ROOM = const(4)  # that position is off the table or touches another tile
ERR_LEAD = const(5)  # the first round must be led with the highest double / tile
ERR_MUST_PLAY = const(6)  # a player who can play may not draw or pass
ERR_MUST_DRAW = const(7)  # passing while the stock still allows drawing
ERR_STOCK_LOW = const(8)  # drawing is not allowed: the stock holds DRAW_FLOOR tiles or fewer

# what happened last (for the scene's messages)
LAST_NONE = const(0)
LAST_PLAY = const(1)
LAST_DRAW = const(2)
LAST_PASS = const(3)

# counters saturate so a state the game writes is always one its loader accepts (2-byte fields)
ROUND_MAX = const(65535)
SCORE_MAX = const(65535)
MAX_PIPS = const(168)  # all 28 tiles' pips: no round scores more
