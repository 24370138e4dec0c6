"""A vertical list of rows with a highlight bar: the menu, pause and settings screens use it.

Labels are built once (one per visible row, plus a right-aligned value label per row when `values` is on);
moving the cursor moves the bar, scrolling changes row texts only when the window shifts. Rows a text line apart
(row_height text.LINE_H) without values are one label of several lines: one TileGrid, the same pixels (the pause
menu's six rows held ~2.3 KB as six labels beside the game, ~0.6 KB as one).
"""
import displayio

from pips.ui import palette, shapes, show, text


class MenuList:
    def __init__(self, x, y, width, visible_rows, row_height=text.LINE_H + 1, values=False):
        self.group = displayio.Group(x=x, y=y)
        self.row_height = row_height
        self.visible_rows = visible_rows
        self.bar = shapes.rect(0, 0, width, row_height, palette.HIGHLIGHT)
        self.group.append(self.bar)
        self.names = []
        self.values = [] if values else None
        # the rows' texts as one label of visible_rows lines (else None: a label a row, in names)
        self.lines = None
        labelled = visible_rows
        if row_height == text.LINE_H and not values:
            self.lines = text.label("", 4, 0, palette.TEXT)
            self.group.append(self.lines)
            labelled = 0
        for row in range(labelled):
            middle = row * row_height + row_height // 2
            name = text.label("", 4, middle, palette.TEXT, anchor=(0.0, 0.5))
            self.names.append(name)
            self.group.append(name)
            if values:
                value = text.label("", width - 4, middle, palette.ACCENT, anchor=(1.0, 0.5))
                self.values.append(value)
                self.group.append(value)
        self.items = ()
        self.item_values = None
        self.cursor = 0
        self.top = 0

    def set_items(self, items, item_values=None, cursor=0):
        self.items = items
        self.item_values = item_values
        self.cursor = min(cursor, max(0, len(items) - 1))
        self.top = -1  # force a redraw of every row
        self._show()

    def set_value(self, index, value):
        self.item_values[index] = value
        row = index - self.top
        if 0 <= row < self.visible_rows:
            text.set_text(self.values[row], value)

    def move(self, delta):
        """Move the cursor with wrap-around; returns the new index."""
        count = len(self.items)
        if count:
            self.cursor = (self.cursor + delta) % count
            self._show()
        return self.cursor

    def _show(self):
        top = self.top
        if self.cursor < top:
            top = self.cursor
        elif self.cursor >= top + self.visible_rows:
            top = self.cursor - self.visible_rows + 1
        if top < 0:
            top = 0
        if top != self.top:
            self.top = top
            if self.lines is not None:
                text.set_text(self.lines, "\n".join(self.items[top:top + self.visible_rows]))
            for row in range(len(self.names)):
                index = top + row
                inside = index < len(self.items)
                text.set_text(self.names[row], self.items[index] if inside else "")
                if self.values is not None:
                    value = self.item_values[index] if inside and self.item_values else ""
                    text.set_text(self.values[row], value)
        show(self.bar, self.items)
        self.bar.y = (self.cursor - top) * self.row_height
