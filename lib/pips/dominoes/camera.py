"""Dominoes' table camera: which part of the table (several screens large) the view shows, following a point of
interest (the ghost, the end being played) and gliding there a few pixels a frame instead of jumping.

Pure arithmetic on ints: the view reads x and y (the table pixel at the view's top-left corner).
"""
try:
    from micropython import const
except ImportError:
    def const(value):
        return value

_GLIDE_DIV = const(3)  # [decided] each frame the camera covers a third of the way left (at least _GLIDE_MIN px)
_GLIDE_MIN = const(2)


class Camera:
    def __init__(self, view_w, view_h, world_w, world_h, margin):
        self.view_w = view_w
        self.view_h = view_h
        self.max_x = max(0, world_w - view_w)
        self.max_y = max(0, world_h - view_h)
        self.margin = margin  # how close to the view's edge a followed point may come
        self.x = self.max_x // 2
        self.y = self.max_y // 2
        self.target_x = self.x
        self.target_y = self.y

    def _clamp(self, value, top):
        return 0 if value < 0 else (top if value > top else value)

    def follow(self, left, top, right, bottom):
        """Keep the box (table pixels) in view with the margin: re-centre on it when it comes too near an edge."""
        m = self.margin
        if left - m < self.target_x or right + m > self.target_x + self.view_w:
            self.target_x = self._clamp((left + right - self.view_w) // 2, self.max_x)
        if top - m < self.target_y or bottom + m > self.target_y + self.view_h:
            self.target_y = self._clamp((top + bottom - self.view_h) // 2, self.max_y)

    def center(self, px, py):
        """Aim at a point and go there at once (a new round, a resumed match)."""
        self.target_x = self._clamp(px - self.view_w // 2, self.max_x)
        self.target_y = self._clamp(py - self.view_h // 2, self.max_y)
        self.x = self.target_x
        self.y = self.target_y

    def _toward(self, now, goal):
        gap = goal - now
        if gap == 0:
            return now
        step = gap // _GLIDE_DIV if gap > 0 else -((-gap) // _GLIDE_DIV)
        if -_GLIDE_MIN < step < _GLIDE_MIN:
            step = _GLIDE_MIN if gap > 0 else -_GLIDE_MIN
        if (gap > 0 and step > gap) or (gap < 0 and step < gap):
            step = gap
        return now + step

    def glide(self):
        """One frame's move toward the target; True when the view moved."""
        x = self._toward(self.x, self.target_x)
        y = self._toward(self.y, self.target_y)
        moved = x != self.x or y != self.y
        self.x = x
        self.y = y
        return moved

    def settled(self):
        return self.x == self.target_x and self.y == self.target_y
