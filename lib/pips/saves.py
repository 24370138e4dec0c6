"""What the save store holds: the record kinds and their largest payloads (bytes).

Game helpers may change a size; slots move with the layout, so a changed layout forgets old saves (they fail
their kind/CRC checks and load as None) — it never misreads them.
"""
from pips.platform import STORAGE_BYTES
from pips.store import Store, layout_bytes

try:
    from micropython import const
except ImportError:
    def const(value):
        return value

SETTINGS = const(1)
WUERFELGLANZ_BEST = const(2)
WUERFELGLANZ_GAME = const(3)
DYMINO_BEST = const(4)
DYMINO_GAME = const(5)
DOMINOES_RECORD = const(6)
DOMINOES_GAME = const(7)
DICE_DUEL_BEST = const(8)
DICE_DUEL_GAME = const(9)
STATS = const(10)  # pips.stats: rounds played and the like, for the Records screen
TIPS = const(11)   # pips.tips: which first-game tips have been shown

# The saved-game kind of each game (catalog key): the app forgets a saved round its game cannot open.
SAVED_GAMES = {
    "wuerfelglanz": WUERFELGLANZ_GAME,
    "dymino": DYMINO_GAME,
    "dominoes": DOMINOES_GAME,
    "diceduel": DICE_DUEL_GAME,
}

# (kind, max payload bytes). Saved games get room well past the ~256 bytes they need today.
LAYOUT = (
    (SETTINGS, 64),
    (WUERFELGLANZ_BEST, 64),
    (WUERFELGLANZ_GAME, 512),
    (DYMINO_BEST, 112),  # top-5 table: 2 + 5 x 20 BCD bytes (exact scores past 2^30)
    (DYMINO_GAME, 512),
    (DOMINOES_RECORD, 64),
    (DOMINOES_GAME, 512),
    (DICE_DUEL_BEST, 64),
    (DICE_DUEL_GAME, 512),
    (STATS, 64),  # kinds added at the end leave every earlier slot where it was (old saves still load)
    (TIPS, 16),
)

if layout_bytes(LAYOUT) > STORAGE_BYTES:
    raise ValueError("save layout does not fit the storage area")


def open_store(area, mirror=None):
    """The store over the platform's storage area (and its mirror, if it has one), with the Pips layout."""
    return Store(area, LAYOUT, mirror)
