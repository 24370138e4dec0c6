"""A yes/no question over the current scene. The cursor starts on No; B answers No."""
from micropython import const

from pips import actions
from pips.scene import Scene
from pips.ui import palette, shapes, show, text

_WIDTH = const(136)
COLUMNS = (_WIDTH - 8) // text.CHAR_W


class ConfirmScene(Scene):
    opaque = False

    def __init__(self, app, question, on_yes, on_no=None):
        super().__init__(app)
        self.on_yes = on_yes
        self.on_no = on_no
        self.question = question
        lines = text.wrap(question, COLUMNS)[:3]
        height = 30 + len(lines) * text.LINE_H
        left = (text.SCREEN_W - _WIDTH) // 2
        top = (text.SCREEN_H - height) // 2
        group = self.group
        group.append(shapes.panel(left, top, _WIDTH, height, palette.PANEL, palette.BORDER))
        for row in range(len(lines)):
            group.append(text.centered(lines[row], top + 4 + row * text.LINE_H))
        buttons_y = top + height - 19
        self.yes_bar = shapes.rect(left + 16, buttons_y, 40, 14, palette.HIGHLIGHT)
        self.no_bar = shapes.rect(left + _WIDTH - 56, buttons_y, 40, 14, palette.HIGHLIGHT)
        group.append(self.yes_bar)
        group.append(self.no_bar)
        group.append(text.label("Yes", left + 36, buttons_y + 7, anchor=(0.5, 0.5)))
        group.append(text.label("No", left + _WIDTH - 36, buttons_y + 7, anchor=(0.5, 0.5)))
        self.yes = False
        self._show()

    def _show(self):
        show(self.yes_bar, self.yes)
        show(self.no_bar, not self.yes)

    def on_action(self, action):
        if action in (actions.LEFT, actions.RIGHT, actions.UP, actions.DOWN):
            self.yes = not self.yes
            self._show()
        elif action == actions.A:
            self.answer(self.yes)
        elif action == actions.B:
            self.answer(False)

    def answer(self, yes):
        self.app.pop()
        callback = self.on_yes if yes else self.on_no
        if callback is not None:
            callback()
