"""A scrolling text viewer for help and rules: wraps a string or a text file (pips.text.File) to the screen; Up/Down
scroll, Left/Right page. A file is never held whole: the scene keeps where its wrapped lines are and reads the lines
on screen when the page changes."""
from micropython import const

from pips import actions
from pips.scene import Scene
from pips.ui import palette, shapes, text, text_grid

_TEXT_TOP = const(17)
VISIBLE_LINES = (text.SCREEN_H - _TEXT_TOP) // text.LINE_H
COLUMNS = text.COLUMNS - 1  # the last column holds the scroll bar
_BAR_X = const(160 - 3)  # text.SCREEN_W - 3


class HelpScene(Scene):
    # A page turn writes this many rows a frame (the rest in the next frames): the whole page in one frame took 82
    # ms of badge time (render + SPI, bench_badge_screens), over a frame's 33.
    rows_a_frame = 3

    def __init__(self, app, title, body):
        super().__init__(app)
        self.file = None
        if not isinstance(body, str):
            try:
                self.spans, characters = body.wrap(COLUMNS)  # line i is the file's bytes [spans[2i]:spans[2i + 1]]
                self.file = body
            except (OSError, ValueError):  # missing or damaged: its line saying so is the page
                body = body.read()
        if self.file is None:
            self.spans = text.wrap_spans(body, COLUMNS)  # line i is body[spans[2i]:spans[2i + 1]]
            characters = body
            self.codes = text_grid.encode(body)  # one byte a character: the spans index it as they index body
        self.body = body
        self.line_count = len(self.spans) // 2
        self.first = 0
        group = self.group
        group.append(shapes.rect(0, 0, text.SCREEN_W, text.SCREEN_H, palette.BACKGROUND))
        group.append(text.centered(title, 2, palette.ACCENT))
        group.append(shapes.rect(0, _TEXT_TOP - 3, text.SCREEN_W, 1, palette.BORDER))
        # The page is one fixed-width tile grid: scrolling rewrites tile indices (no text layout, no garbage).
        self.page = text_grid.TextGrid(COLUMNS, VISIBLE_LINES, 2, _TEXT_TOP, palette.TEXT, characters,
                                       background=palette.BACKGROUND)
        group.append(self.page.grid)
        track = text.SCREEN_H - _TEXT_TOP
        size = track if self.line_count <= VISIBLE_LINES else max(6, track * VISIBLE_LINES // self.line_count)
        self.bar = shapes.rect(_BAR_X, _TEXT_TOP, 2, size, palette.DIM_TEXT)
        self.bar.hidden = self.line_count <= VISIBLE_LINES
        group.append(self.bar)
        self.bar_size = size
        self._show()
        self.finish_page()  # the first page at once: the new screen is drawn whole anyway

    def last_first(self):
        return max(0, self.line_count - VISIBLE_LINES)

    def scroll(self, delta):
        first = min(max(self.first + delta, 0), self.last_first())
        if first != self.first:
            self.first = first
            self._show()

    def line(self, index):
        """The text of wrapped line `index` ("" past the end)."""
        if index >= self.line_count:
            return ""
        if self.file is not None:
            return self.file.slice(self.spans[2 * index], self.spans[2 * index + 1]).decode()
        return self.body[self.spans[2 * index]:self.spans[2 * index + 1]]

    def _show(self):
        """Show the page from line self.first: its rows are written a few a frame (tick)."""
        self.row_due = 0
        self.page_base = 0
        self.page_codes = self.codes if self.file is None else b""
        if self.file is not None and self.first < self.line_count:  # the page's lines are one run of the file
            spans = self.spans
            try:
                self.page_codes = self.file.slice(
                    spans[2 * self.first], spans[2 * min(self.first + VISIBLE_LINES, self.line_count) - 1])
                self.page_base = spans[2 * self.first]
            except OSError:  # the file went away while shown (the drive rewritten): blank lines, no crash
                pass
        last = self.last_first()
        if last:
            self.bar.y = _TEXT_TOP + (text.SCREEN_H - _TEXT_TOP - self.bar_size) * self.first // last

    def _write_rows(self, count=None):
        stop = min(VISIBLE_LINES, self.row_due + (count or self.rows_a_frame))
        for row in range(self.row_due, stop):
            self.write_row(row, self.first + row)
        self.row_due = stop
        if stop == VISIBLE_LINES:
            self.page_codes = None  # the file's bytes of the page are shown: no longer held

    def write_row(self, row, index):
        """Show wrapped line `index` on screen row `row`."""
        spans = self.spans
        if index >= self.line_count or not self.page_codes:
            self.page.write(row, b"", 0, 0)
        else:
            base = self.page_base
            self.page.write(row, self.page_codes, spans[2 * index] - base, spans[2 * index + 1] - base)

    def finish_page(self):
        """Write the rows the page turn has not reached yet (tests read the whole page at once)."""
        if self.row_due < VISIBLE_LINES:
            self._write_rows(VISIBLE_LINES)

    def tick(self, now_ms):
        if self.row_due < VISIBLE_LINES:
            self._write_rows()

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
