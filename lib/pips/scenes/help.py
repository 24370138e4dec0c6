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
        self.lines = text.wrap(body, COLUMNS)
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
        return [self.labels[(self.first + row) % VISIBLE_LINES].text for row in range(VISIBLE_LINES)]

    def _show(self):
        lines = self.lines
        for row in range(VISIBLE_LINES):
            index = self.first + row
            slot = index % VISIBLE_LINES
            line = self.labels[slot]
            if self.shown_line[slot] != index:
                self.shown_line[slot] = index
                text.set_text(line, lines[index] if index < len(lines) else "")
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
