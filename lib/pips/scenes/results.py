"""End of a round: a title, rows of label/value, an optional blinking NEW RECORD; A continues."""
from pips import actions
from pips.scene import Scene
from pips.ui import palette, shapes, text

ROWS_TOP = 26
ROW_HEIGHT = 12
MAX_ROWS = 6
BLINK_MS = 400


class ResultsScene(Scene):
    def __init__(self, app, title, rows, new_record=False, on_done=None):
        super().__init__(app)
        self.on_done = on_done
        group = self.group
        group.append(shapes.rect(0, 0, text.SCREEN_W, text.SCREEN_H, palette.BACKGROUND))
        group.append(text.centered(title, 4, palette.ACCENT))
        for index in range(min(len(rows), MAX_ROWS)):
            name, value = rows[index]
            middle = ROWS_TOP + index * ROW_HEIGHT + ROW_HEIGHT // 2
            group.append(text.label(str(name), 8, middle, palette.TEXT, anchor=(0.0, 0.5)))
            group.append(text.label(str(value), text.SCREEN_W - 8, middle, palette.TEXT, anchor=(1.0, 0.5)))
        self.record = None
        if new_record:
            self.record = text.centered("NEW RECORD", ROWS_TOP + MAX_ROWS * ROW_HEIGHT + 1, palette.ACCENT)
            group.append(self.record)
        group.append(text.centered("A: continue", text.SCREEN_H - 13, palette.DIM_TEXT))
        self.blink_at = None

    def tick(self, now_ms):
        if self.record is None:
            return
        if self.blink_at is None:
            self.blink_at = now_ms
        if actions.ticks_diff(now_ms, self.blink_at) >= BLINK_MS:
            self.blink_at = now_ms
            self.record.hidden = not self.record.hidden

    def on_action(self, action):
        if action == actions.A or action == actions.START or action == actions.B:
            self.app.pop()
            if self.on_done is not None:
                self.on_done()
