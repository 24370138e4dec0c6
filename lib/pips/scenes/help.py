"""A scrolling text viewer for help and rules: wraps a string to the screen; Up/Down scroll, Left/Right page."""
from pips import actions
from pips.scene import Scene
from pips.ui import palette, shapes, text, text_grid

TEXT_TOP = 17
VISIBLE_LINES = (text.SCREEN_H - TEXT_TOP) // text.LINE_H
COLUMNS = text.COLUMNS - 1  # the last column holds the scroll bar
BAR_X = text.SCREEN_W - 3


class HelpScene(Scene):
    def __init__(self, app, title, body):
        super().__init__(app)
        self.lines = text.wrap(body, COLUMNS)
        self.first = 0
        group = self.group
        group.append(shapes.rect(0, 0, text.SCREEN_W, text.SCREEN_H, palette.BACKGROUND))
        group.append(text.centered(title, 2, palette.ACCENT))
        group.append(shapes.rect(0, TEXT_TOP - 3, text.SCREEN_W, 1, palette.BORDER))
        # The page is one fixed-width tile grid: scrolling rewrites tile indices (no text layout, no garbage).
        self.encoded = [text_grid.encode(line) for line in self.lines]
        self.page = text_grid.TextGrid(COLUMNS, VISIBLE_LINES, 2, TEXT_TOP, palette.TEXT, body)
        group.append(self.page.grid)
        track = text.SCREEN_H - TEXT_TOP
        self.bar_room = track
        size = track if len(self.lines) <= VISIBLE_LINES else max(6, track * VISIBLE_LINES // len(self.lines))
        self.bar = shapes.rect(BAR_X, TEXT_TOP, 2, size, palette.DIM_TEXT)
        self.bar.hidden = len(self.lines) <= VISIBLE_LINES
        group.append(self.bar)
        self.bar_size = size
        self._show()

    def last_first(self):
        return max(0, len(self.lines) - VISIBLE_LINES)

    def scroll(self, delta):
        first = min(max(self.first + delta, 0), self.last_first())
        if first != self.first:
            self.first = first
            self._show()

    def visible_text(self):
        """The texts on screen, top to bottom."""
        return [self.page.read(row) for row in range(VISIBLE_LINES)]

    def _show(self):
        encoded = self.encoded
        page = self.page
        for row in range(VISIBLE_LINES):
            index = self.first + row
            page.write(row, encoded[index] if index < len(encoded) else b"")
        last = self.last_first()
        if last:
            self.bar.y = TEXT_TOP + (self.bar_room - self.bar_size) * self.first // last

    def on_action(self, action):
        if action == actions.UP:
            self.scroll(-1)
        elif action == actions.DOWN:
            self.scroll(1)
        elif action == actions.LEFT:
            self.scroll(-(VISIBLE_LINES - 1))
        elif action == actions.RIGHT:
            self.scroll(VISIBLE_LINES - 1)
        elif action == actions.A or action == actions.B or action == actions.START:
            self.app.pop()
