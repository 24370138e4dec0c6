"""What the save store holds: the record kinds and their largest payloads (bytes), and the app's store over them.

Game helpers may change a size; slots move with the layout, so a changed layout forgets old saves (they fail
their kind/CRC checks and load as None) — it never misreads them (tests/test_store.py checks the layout fits).
"""
from pips import modules

from micropython import const

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


def open_store(area, mirror=None):
    """The store over the platform's storage area (and its mirror, if it has one), with the Pips layout: a
    pips.store.Store whose code is loaded when needed and dropped by release() (OnDemandStore)."""
    return OnDemandStore(area, mirror)


class OnDemandStore:
    """pips.store.Store's load / save / clear / damaged, with the store's code in RAM only from the first call until
    release() (the app releases it at the end of each frame that used it). Records are read when a game opens and
    written when a round ends or the game is left; between those the ~4 KB of store code would sit beside every
    game. What a Store learns about the mirror (its copies' sequences) is kept from one opening to the next."""

    def __init__(self, area, mirror=None):
        self.area = area
        self.mirror = mirror
        self._mirror_seqs = {}
        self.unprotected = 0   # pips.store.Store.unprotected after the last save that wrote
        self._open = None      # the Store while its code is loaded
        self._drop = False     # whether release() unloads pips.store (not when something else had it loaded)
        self._held = None      # [(kind, payload)] saves waiting for release() (hold)

    def _store(self):
        store = self._open
        if store is None:
            import sys
            self._drop = "pips.store" not in sys.modules
            from pips.store import Store
            store = self._open = Store(self.area, LAYOUT, self.mirror)
            store._mirror_seqs = self._mirror_seqs
        return store

    def hold(self):
        """Saves wait, their payloads kept (a few hundred bytes), until release() writes them: Save & quit's round
        is written once the game has left RAM, where the store's code has room (beside the game, the store's code
        and the save made Dymino's heap peak). Nothing is loaded meanwhile."""
        self._held = []

    def release(self):
        """Write what hold() kept, then drop the store's code until the next call."""
        held = self._held
        if held is not None:
            self._held = None
            for kind, payload in held:
                self.save(kind, payload)
        if self._open is not None:
            self._open = None
            if self._drop:
                modules.unload("pips.store")

    def load(self, kind):
        return self._store().load(kind)

    def save(self, kind, payload):
        if self._held is not None:
            self._held.append((kind, bytes(payload)))
            return True
        store = self._store()
        written = store.save(kind, payload)
        if written:
            self.unprotected = store.unprotected
        return written

    def clear(self, kind):
        return self.save(kind, b"")

    def damaged(self, kind):
        return self._store().damaged(kind)
