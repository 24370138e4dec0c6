"""A scrolling text viewer for help and rules: wraps a string to the screen; Up/Down scroll, Left/Right page."""
try:
    from micropython import const
except ImportError:
    def const(value):
        return value

from pips import actions
from pips.scene import Scene
from pips.ui import palette, shapes, text, text_grid

_TEXT_TOP = const(17)
VISIBLE_LINES = (text.SCREEN_H - _TEXT_TOP) // text.LINE_H
COLUMNS = text.COLUMNS - 1  # the last column holds the scroll bar
_BAR_X = const(160 - 3)  # text.SCREEN_W - 3


class HelpScene(Scene):
    def __init__(self, app, title, body):
        super().__init__(app)
        self.body = body
        self.spans = text.wrap_spans(body, COLUMNS)  # line i is body[spans[2i]:spans[2i + 1]]
        self.line_count = len(self.spans) // 2
        self.first = 0
        group = self.group
        group.append(shapes.rect(0, 0, text.SCREEN_W, text.SCREEN_H, palette.BACKGROUND))
        group.append(text.centered(title, 2, palette.ACCENT))
        group.append(shapes.rect(0, _TEXT_TOP - 3, text.SCREEN_W, 1, palette.BORDER))
        # The page is one fixed-width tile grid: scrolling rewrites tile indices (no text layout, no garbage).
        self.codes = text_grid.encode(body)  # one byte a character: the spans index it as they index body
        self.page = text_grid.TextGrid(COLUMNS, VISIBLE_LINES, 2, _TEXT_TOP, palette.TEXT, body)
        group.append(self.page.grid)
        track = text.SCREEN_H - _TEXT_TOP
        size = track if self.line_count <= VISIBLE_LINES else max(6, track * VISIBLE_LINES // self.line_count)
        self.bar = shapes.rect(_BAR_X, _TEXT_TOP, 2, size, palette.DIM_TEXT)
        self.bar.hidden = self.line_count <= VISIBLE_LINES
        group.append(self.bar)
        self.bar_size = size
        self._show()

    def last_first(self):
        return max(0, self.line_count - VISIBLE_LINES)

    def scroll(self, delta):
        first = min(max(self.first + delta, 0), self.last_first())
        if first != self.first:
            self.first = first
            self._show()

    def visible_text(self):
        """The texts on screen, top to bottom."""
        return [self.page.read(row) for row in range(VISIBLE_LINES)]

    def line(self, index):
        """The text of wrapped line `index` ("" past the end)."""
        if index >= self.line_count:
            return ""
        return self.body[self.spans[2 * index]:self.spans[2 * index + 1]]

    @property
    def lines(self):
        """Every wrapped line as a string (made on request: the scene itself keeps only the offsets)."""
        return [self.line(index) for index in range(self.line_count)]

    def _show(self):
        spans = self.spans
        page = self.page
        for row in range(VISIBLE_LINES):
            index = self.first + row
            if index < self.line_count:
                page.write(row, self.codes, spans[2 * index], spans[2 * index + 1])
            else:
                page.write(row, self.codes, 0, 0)
        last = self.last_first()
        if last:
            self.bar.y = _TEXT_TOP + (text.SCREEN_H - _TEXT_TOP - self.bar_size) * self.first // last

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
