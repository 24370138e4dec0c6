"""The tile, end and position a person is choosing, over the engine's legal moves (no drawing here): the hand in
tile order, the selected tile's moves at the chosen end, the position shown first (the one that keeps the end the
most room, as the CPU places), and in words why a tile cannot go where it matches."""
from engine import dominoes as dm
from engine.dominoes_table import HI, LO, NO_OPTION, NO_TILE, MOVE_END, MOVE_OPTION, MOVE_TILE


def tile_name(tile):
    return "%d-%d" % (HI[tile], LO[tile])


class Choice:
    def __init__(self):
        self.hand_tiles = bytearray(28)
        self.hand_len = 0
        self.selected = 0
        self.end = 0
        self.spot = 0
        self.options = bytearray(dm.MAX_MOVES)  # the selected tile's legal moves at the chosen end
        self.option_count = 0

    def reset(self):
        self.selected = 0
        self.end = 0
        self.spot = 0
        self.option_count = 0

    def rebuild(self, game, seat):
        """The hand of `seat`, in tile order."""
        hand = game.hands[seat]
        n = 0
        for t in range(28):
            if hand & (1 << t):
                self.hand_tiles[n] = t
                n += 1
        self.hand_len = n
        if self.selected >= n:
            self.selected = max(0, n - 1)

    def tile(self):
        return self.hand_tiles[self.selected]

    def move(self):
        return self.options[self.spot]

    def collect(self, game, tile, end):
        """The legal moves of `tile` at `end` into self.options (on an empty table: the lead)."""
        n = game.legal_moves() if game.phase == dm.PLAYING else 0
        k = 0
        first = game.table.count == 0
        for i in range(n):
            m = game.moves[i]
            if m & MOVE_TILE == tile and (first or (m >> MOVE_END) & 1 == end):
                self.options[k] = m
                k += 1
        self.option_count = k
        return k

    def choose_default_spot(self, game):
        """Keep the chosen end if the selected tile fits there, else the other; show first the position that
        keeps that end the most room."""
        self.spot = 0
        if self.hand_len == 0:
            self.option_count = 0
            return
        tile = self.tile()
        if not self.collect(game, tile, self.end) and self.collect(game, tile, 1 - self.end):
            self.end = 1 - self.end
        if self.option_count < 2 or game.table.count == 0:
            return
        best = game.table.best_option(1 if HI[tile] == LO[tile] else 0, self.end)
        for k in range(self.option_count):
            if self.options[k] >> MOVE_OPTION == best:
                self.spot = k

    def step_tile(self, game, step):
        if self.hand_len:
            self.selected = (self.selected + step) % self.hand_len
            self.choose_default_spot(game)

    def step_spot(self, step):
        if self.option_count > 1:
            self.spot = (self.spot + step) % self.option_count

    def switch_end(self, game):
        """The other end for the selected tile; False when it has no position there (nothing changes)."""
        if game.table.count == 0 or self.hand_len == 0:
            return False
        if self.collect(game, self.tile(), 1 - self.end):
            self.end = 1 - self.end
            self.choose_default_spot(game)
            return True
        self.collect(game, self.tile(), self.end)
        return False

    def select_tile(self, game, tile):
        for i in range(self.hand_len):
            if self.hand_tiles[i] == tile:
                self.selected = i
        self.choose_default_spot(game)

    def select_first_fitting(self, game):
        fits = game.fitting_tiles()
        for i in range(self.hand_len):
            if fits & (1 << self.hand_tiles[i]):
                self.selected = i
                self.choose_default_spot(game)
                if self.option_count:
                    return


def why_not(game, tile):
    """Why `tile` has no position on the table now, in a few words ("" when it has one)."""
    table = game.table
    if game.phase != dm.PLAYING:
        return ""
    if table.count == 0:
        lead = game.lead_tile  # the first round's lead is set (the highest double or tile)
        return "" if lead == NO_TILE or tile == lead else "Lead with " + tile_name(lead)
    double = 1 if HI[tile] == LO[tile] else 0
    reason = ""
    for end in range(2):
        n = table.end_num[end]
        if HI[tile] != n and LO[tile] != n:
            continue
        if table.best_option(double, end) != NO_OPTION:
            return ""
        if not table.end_room(end):
            reason = "%d end blocked" % n
        elif double and table.end_double[end]:
            reason = "No double on a double"
        else:
            reason = "No room for a double" if double else "No room for it"
    return reason or "%s fits no end" % tile_name(tile)


def matching_reason(game, hand):
    """Why a tile of `hand` that shows an end's number still cannot go there ("" when no tile shows one)."""
    table = game.table
    if table.count == 0:
        return ""
    for end in range(2):
        suit = dm.SUIT_MASKS[table.end_num[end]]
        if hand & suit:
            for t in range(28):
                if hand & suit & (1 << t):
                    return why_not(game, t)
    return ""
