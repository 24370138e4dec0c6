"""The title menu: the games registered in pips.catalog, then Records, Settings, How to play, About."""
from micropython import const

import displayio

from pips import actions, catalog
from pips.scene import Scene
from pips.ui import dice, palette, shapes, text
from pips.ui.menu_list import MenuList

_LIST_TOP = const(40)
_LIST_ROWS = const(8)
_ROW_HEIGHT = const(11)

# The rows after the games, by what they do (numbers: no name kept in RAM for each) and their labels.
_PLAY_CODE = const(0)
_RECORDS = const(1)
_SETTINGS = const(2)
_HOW_TO_PLAY = const(3)
_ABOUT = const(4)
_LABELS = ("Play a code", "Records", "Settings", "How to play", "About")


class MenuScene(Scene):
    def __init__(self, app, cursor=0):
        super().__init__(app)
        group = self.group
        group.append(shapes.rect(0, 0, text.SCREEN_W, text.SCREEN_H, palette.BACKGROUND))
        group.append(text.centered("PIPS", 3, palette.ACCENT, scale=2))
        group.append(text.centered("dice & dominoes", 28, palette.DIM_TEXT))
        # Two dice beside the title: a small bitmap of just those faces (freed with the menu when a game starts).
        pair = displayio.Bitmap(40, 20, 4)
        dice.draw_face(pair, 0, 0, 20, 5)
        dice.draw_face(pair, 20, 0, 20, 2)
        colors = dice.dice_palette()
        self.dice = []
        for x, tile in ((16, 0), (124, 1)):
            die = displayio.TileGrid(pair, pixel_shader=colors, width=1, height=1, tile_width=20, tile_height=20,
                                     x=x, y=5)
            die[0] = tile
            self.dice.append(die)
            group.append(die)
        self.entries = catalog.GAMES
        self.extras = ([_PLAY_CODE, _RECORDS] if self.entries else []) + [_SETTINGS, _HOW_TO_PLAY, _ABOUT]
        self.items = [entry[1] for entry in self.entries] + [_LABELS[extra] for extra in self.extras]
        self.list = MenuList(8, _LIST_TOP, text.SCREEN_W - 16, _LIST_ROWS, _ROW_HEIGHT)
        self.list.set_items(self.items, cursor=cursor)
        group.append(self.list.group)

    def on_action(self, action):
        if action == actions.UP:
            self.list.move(-1)
        elif action == actions.DOWN:
            self.list.move(1)
        elif action == actions.A or action == actions.START:
            self.choose(self.list.cursor)

    def choose(self, index):
        app = self.app
        if index < len(self.entries):
            app.start_game(self.entries[index])
            return
        item = self.extras[index - len(self.entries)]
        if item == _SETTINGS:
            app.open_settings()
        elif item == _PLAY_CODE:
            app.later(_open, app, "pips.scenes.play_code", "PlayCodeScene")  # the busy mark first (App.later)
        elif item == _RECORDS:
            app.later(_open, app, "pips.scenes.records", "RecordsScene")
        else:
            from pips.scenes import texts
            if item == _HOW_TO_PLAY:
                app.show_help(_LABELS[item], texts.HOW_TO_PLAY)
            else:
                app.show_help(*texts.ABOUT)


def _open(app, path, name):
    app.push(getattr(__import__(path, None, None, (name,)), name)(app))
