"""A scrolling text viewer for help and rules: wraps a string to the screen; Up/Down scroll, Left/Right page."""
from pips import actions
from pips.scene import Scene
from pips.ui import palette, shapes, text

TEXT_TOP = 17
VISIBLE_LINES = (text.SCREEN_H - TEXT_TOP) // text.LINE_H
COLUMNS = text.COLUMNS - 1  # the last column holds the scroll bar
BAR_X = text.SCREEN_W - 3


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
        group.append(shapes.rect(0, TEXT_TOP - 3, text.SCREEN_W, 1, palette.BORDER))
        # A ring of labels: line i is shown by label i % VISIBLE_LINES, so scrolling by one line re-lays out one
        # label's text and moves the others (text layout is the slow part of displayio text).
        self.labels = []
        self.shown_line = []
        for _ in range(VISIBLE_LINES):
            line = text.label("", 2, 0, palette.TEXT, anchor=(0.0, 0.5))
            self.labels.append(line)
            self.shown_line.append(-1)
            group.append(line)
        track = text.SCREEN_H - TEXT_TOP
        self.bar_room = track
        size = track if self.line_count <= VISIBLE_LINES else max(6, track * VISIBLE_LINES // self.line_count)
        self.bar = shapes.rect(BAR_X, TEXT_TOP, 2, size, palette.DIM_TEXT)
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
        return [self.labels[(self.first + row) % VISIBLE_LINES].text for row in range(VISIBLE_LINES)]

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
        for row in range(VISIBLE_LINES):
            index = self.first + row
            slot = index % VISIBLE_LINES
            line = self.labels[slot]
            if self.shown_line[slot] != index:
                self.shown_line[slot] = index
                text.set_text(line, self.line(index))
            y = TEXT_TOP + row * text.LINE_H + text.LINE_H // 2
            if line.anchored_position[1] != y:
                line.anchored_position = (2, y)
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
