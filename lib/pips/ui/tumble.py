"""Dice that tumble for a moment after a roll: each frame every tumbling die's TileGrid shows another face, then
the real face. Costs at most one tile write per tumbling die per frame (counted in `writes`); nothing else is
touched. A tile is written only where it changes: the firmware redraws a tile written with the index it had.
Never uses a game's PRNG (the faces shown on the way do not matter, and replays must not change).

    tumble = Tumble(tilegrids, tile_of)      tile_of(face 1..6) -> the sheet's tile index
    tumble.start(mask, finals)               bit i of mask: die i tumbles; finals[i]: its tile at the end
    tumble.frame(now_ms)                     once a frame (a scene's tick); True while tumbling
    tumble.end()                             at once (any button): the final tiles; True if it was tumbling
    tumble.rolling(i)                        a view's draw leaves a tumbling die alone
"""
from pips import actions

TUMBLE_MS = 300


def face_tile(face):
    """tile_of for sheets whose tile index is the face (the grid games' dice)."""
    return face


class Tumble:
    def __init__(self, tilegrids, tile_of):
        self.tilegrids = tilegrids
        self.tile_of = tile_of
        self.mask = 0
        self.finals = bytearray(len(tilegrids))
        self.end_at = None
        self.step = 0
        self.writes = 0

    def start(self, mask, finals):
        for i in range(len(self.tilegrids)):
            self.finals[i] = finals[i]
        self.mask = mask
        self.end_at = None

    def rolling(self, index):
        return self.mask >> index & 1 == 1

    def frame(self, now_ms):
        if not self.mask:
            return False
        if self.end_at is None:
            self.end_at = actions.ticks_add(now_ms, TUMBLE_MS)
        elif actions.ticks_diff(now_ms, self.end_at) >= 0:
            self.end()
            return False
        self.step += 1
        step = self.step
        for i in range(len(self.tilegrids)):
            if self.mask >> i & 1:
                # A face that changes every frame and differs between neighbouring dice.
                tile = self.tile_of((step * 5 + i * 2 + self.finals[i]) % 6 + 1)
                grid = self.tilegrids[i]
                if grid[0] != tile:
                    grid[0] = tile
                    self.writes += 1
        return True

    def end(self):
        if not self.mask:
            return False
        for i in range(len(self.tilegrids)):
            grid = self.tilegrids[i]
            if self.mask >> i & 1 and grid[0] != self.finals[i]:
                grid[0] = self.finals[i]
        self.mask = 0
        return True
