"""A cursor over a W x H grid carrying a pair of dice (or one die): moves, rotates, and keeps the piece on the grid.

Shared by the grid games (Würfelglanz, Dymino), whose engines use the same convention: the cursor cell holds the
first die, the second sits at (x + PARTNER_DX[r], y + PARTNER_DY[r]): rotation 0 right, 1 below, 2 left, 3 above
(B steps 0 -> 1 -> 2 -> 3 -> 0, clockwise). Whether the cells are free is the engine's business (ghost tint);
this keeps both dice inside the grid: a turn skips the rotations that would push the second die out (the cursor
cell never moves when turning), and a step that would push it out stops at the edge.

    cursor = PairCursor(5, 5)
    cursor.move(1, 0); cursor.rotate()
    cursor.x, cursor.y, cursor.rotation, cursor.second_x(), cursor.second_y(), cursor.cell(), cursor.second_cell()
"""

PARTNER_DX = (1, 0, -1, 0)
PARTNER_DY = (0, 1, 0, -1)


class PairCursor:
    def __init__(self, width, height, x=0, y=0):
        self.width = width
        self.height = height
        self.x = x
        self.y = y
        self.rotation = 0
        self.pair = True
        self._clamp()

    def set_pair(self, pair):
        """Carry a pair (True) or a single die (False); a pair is pulled back inside the grid."""
        self.pair = pair
        self._clamp()

    def move(self, dx, dy):
        """Step the cursor; it stops at the edge (the whole piece stays on the grid). Returns True if it moved."""
        old_x = self.x
        old_y = self.y
        self.x += dx
        self.y += dy
        self._clamp()
        return self.x != old_x or self.y != old_y

    def rotate(self, step=1):
        """Turn the pair clockwise (step 1) or back (step -1) to the next rotation that keeps the second die on
        the grid; the cursor cell stays where it is."""
        rotation = self.rotation
        for _ in range(4):
            rotation = (rotation + step) & 3
            if self._inside(self.x, self.y, rotation):
                break
        self.rotation = rotation
        self._clamp()

    def to_nearest(self, fits):
        """Move to the cell nearest the cursor (fewest steps; ties in reading order) where fits(x, y, rotation)
        holds, in the current rotation if it fits anywhere, else in the first rotation that does. Stays put
        when it fits here or nowhere. Returns True if the cursor moved or turned."""
        if fits(self.x, self.y, self.rotation if self.pair else 0):
            return False
        for turn in range(4 if self.pair else 1):  # (ints only: it runs on a key press)
            rotation = (self.rotation + turn) & 3 if self.pair else 0
            best = best_x = best_y = -1
            for y in range(self.height):
                for x in range(self.width):
                    if self._inside(x, y, rotation) and fits(x, y, rotation):
                        distance = abs(x - self.x) + abs(y - self.y)
                        if best < 0 or distance < best:
                            best = distance
                            best_x = x
                            best_y = y
            if best >= 0:
                if self.pair:
                    self.rotation = rotation
                self.x = best_x
                self.y = best_y
                return True
        return False

    def _inside(self, x, y, rotation):
        if not self.pair:
            return True
        bx = x + PARTNER_DX[rotation]
        by = y + PARTNER_DY[rotation]
        return 0 <= bx < self.width and 0 <= by < self.height

    def place_at(self, x, y):
        self.x = x
        self.y = y
        self._clamp()

    def second_x(self):
        return self.x + PARTNER_DX[self.rotation] if self.pair else self.x

    def second_y(self):
        return self.y + PARTNER_DY[self.rotation] if self.pair else self.y

    def cell(self):
        return self.y * self.width + self.x

    def second_cell(self):
        return self.second_y() * self.width + self.second_x()

    def _clamp(self):
        low_x = 0
        high_x = self.width - 1
        low_y = 0
        high_y = self.height - 1
        if self.pair:
            dx = PARTNER_DX[self.rotation]
            dy = PARTNER_DY[self.rotation]
            if dx < 0:
                low_x = -dx
            else:
                high_x -= dx
            if dy < 0:
                low_y = -dy
            else:
                high_y -= dy
        self.x = min(max(self.x, low_x), high_x)
        self.y = min(max(self.y, low_y), high_y)
