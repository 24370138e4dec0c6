"""The pause menu, drawn over the game: Resume, New round, New match, Settings, Rules, Save & quit (items the game
offers). Settings and Rules take its place while they show (app.leave_pause); it comes back when they close."""
from micropython import const

import gc

from pips import actions
from pips.scene import Scene
from pips.ui import palette, shapes, text
from pips.ui.menu_list import MenuList

_WIDTH = const(120)
_ROW_HEIGHT = const(12)

# The items, by what they do (numbers: a name the badge would keep in RAM each otherwise) and their labels.
_RESUME = const(0)
_NEW_ROUND = const(1)
_NEW_MATCH = const(2)
_SETTINGS = const(3)
_RULES = const(4)
_SAVE_QUIT = const(5)
_QUIT = const(6)
_CODE = const(7)
# "Code " is followed by the round's replay code (pips.codes).
_LABELS = ("Resume", "New round", "New match", "Settings", "Rules", "Save & quit", "Quit", "Code ")


class PauseScene(Scene):
    opaque = False

    def __init__(self, app, game, cursor=0):
        super().__init__(app)
        self.game = game
        chosen = [_RESUME]
        if game.new_round is not None:
            chosen.append(_NEW_ROUND)
        if game.new_match is not None:
            chosen.append(_NEW_MATCH)
        chosen.append(_SETTINGS)
        if game.rules_text is not None or type(game).rules is not Scene.rules:
            chosen.append(_RULES)
        chosen.append(_SAVE_QUIT if game.save_game is not None else _QUIT)
        items = [_LABELS[item] for item in chosen]
        code = app.round_code()
        if code is not None:
            chosen.append(_CODE)
            items.append(_LABELS[_CODE] + code)
        self.chosen = chosen
        self.items = items
        height = 22 + len(items) * _ROW_HEIGHT
        left = (text.SCREEN_W - _WIDTH) // 2
        top = (text.SCREEN_H - height) // 2
        self.group.append(shapes.panel(left, top, _WIDTH, height, palette.PANEL, palette.BORDER))
        self.group.append(text.centered("Paused", top + 3, palette.ACCENT))
        self.list = MenuList(left + 4, top + 17, _WIDTH - 8, len(items), _ROW_HEIGHT)
        self.list.set_items(items, cursor=cursor)
        self.group.append(self.list.group)

    def on_action(self, action):
        if action == actions.UP:
            self.list.move(-1)
        elif action == actions.DOWN:
            self.list.move(1)
        elif action == actions.B or action == actions.START:
            self.app.pop()
        elif action == actions.A:
            self.choose(self.items[self.list.cursor])

    def choose(self, label):
        app = self.app
        game = self.game
        index = self.items.index(label)
        item = self.chosen[index]
        if item == _RESUME:
            app.pop()
        elif item == _NEW_ROUND:
            app.confirm(game.new_round_question or "Start a new round?", self._new_round)
        elif item == _NEW_MATCH:
            app.confirm("Start a new match?", self._new_match)
        elif item == _SETTINGS or item == _RULES or item == _CODE:
            app.later(_open_in_place, app, item, label, index)
        elif item == _SAVE_QUIT:
            app.later(_save_and_quit, app, game)
        else:
            app.confirm("Quit to the menu?", app.to_menu)

    def _new_round(self):
        self.app.pop_to(self.game)
        self.game.new_round()
        self.app.round_replaced()

    def _new_match(self):
        self.app.pop_to(self.game)
        self.game.new_match()
        self.app.round_replaced()


def _save_and_quit(app, game):
    """At the start of the frame after the press (the screen stays until the menu is drawn whole). The round is
    written as the app leaves for the menu, once the game has left RAM (pips.saves: hold)."""
    hold = getattr(app.store, "hold", None)
    if hold is not None:
        hold()
    game.save_game()
    app.to_menu()


def _open_in_place(app, item, label, cursor):
    """Settings, Rules or the replay code's help in the place of the pause menu (on top: app.leave_pause), at the
    start of the next frame: the pause menu's frames no longer hold it then, and the game's view goes and the new
    screen is drawn in one frame."""
    game = app.top().game
    left = app.leave_pause(app.top(), cursor)
    gc.collect()  # the pause menu's and the view's room is free before the new screen is built in it
    if item == _SETTINGS:
        app.open_settings(game.settings_rows() if game.settings_rows is not None else None)
    elif item == _RULES:
        rules = game.rules()
        if rules is None:
            app.pause(game, cursor)
            return
        app.show_help(rules[0], rules[1])
    else:
        from pips.scenes.texts import REPLAY_CODES
        app.show_help(label, REPLAY_CODES)
    app.back_to_pause(left)
