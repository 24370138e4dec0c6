"""A first-game tip (pips.tips): a panel over the lower part of the game, A (or B, Start) closes it."""
from pips import actions
from pips.scene import Scene
from pips.ui import palette, shapes, text

LINES = 5
LEFT = 4
COLUMNS = (text.SCREEN_W - 2 * LEFT - 6) // text.CHAR_W


class TipScene(Scene):
    opaque = False

    def __init__(self, app, body):
        super().__init__(app)
        lines = text.wrap(body, COLUMNS)[:LINES]
        height = 18 + (len(lines) + 1) * text.LINE_H
        top = text.SCREEN_H - height - 2
        group = self.group
        group.append(shapes.panel(LEFT, top, text.SCREEN_W - 2 * LEFT, height, palette.PANEL, palette.ACCENT))
        group.append(text.label("Tip", LEFT + 4, top + 3, palette.ACCENT))
        for index, line in enumerate(lines):
            group.append(text.label(line, LEFT + 4, top + 16 + index * text.LINE_H, palette.TEXT))
        group.append(text.label("A: OK", text.SCREEN_W - LEFT - 4, top + height - 4, palette.DIM_TEXT,
                                anchor=(1.0, 1.0)))

    def on_action(self, action):
        if action == actions.A or action == actions.B or action == actions.START:
            self.app.pop()
