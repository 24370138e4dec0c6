"""The pause menu, drawn over the game: Resume, New round, New match, Settings, Rules, Save & quit (items the game
offers). Settings and Rules take its place while they show (app.leave_pause); it comes back when they close."""
from pips import actions
from pips.scene import Scene
from pips.ui import palette, shapes, text
from pips.ui.menu_list import MenuList

WIDTH = 120
ROW_HEIGHT = 12

RESUME = "Resume"
NEW_ROUND = "New round"
NEW_MATCH = "New match"
SETTINGS = "Settings"
RULES = "Rules"
SAVE_QUIT = "Save & quit"
QUIT = "Quit"
CODE = "Code "  # + the round's replay code (pips.codes)


class PauseScene(Scene):
    opaque = False

    def __init__(self, app, game, cursor=0):
        super().__init__(app)
        self.game = game
        items = [RESUME]
        if game.new_round is not None:
            items.append(NEW_ROUND)
        if game.new_match is not None:
            items.append(NEW_MATCH)
        items.append(SETTINGS)
        if game.rules_text is not None or type(game).rules is not Scene.rules:
            items.append(RULES)
        items.append(SAVE_QUIT if game.save_game is not None else QUIT)
        code = app.round_code()
        if code is not None:
            items.append(CODE + code)
        self.items = items
        height = 22 + len(items) * ROW_HEIGHT
        left = (text.SCREEN_W - WIDTH) // 2
        top = (text.SCREEN_H - height) // 2
        self.group.append(shapes.panel(left, top, WIDTH, height, palette.PANEL, palette.BORDER))
        self.group.append(text.centered("Paused", top + 3, palette.ACCENT))
        self.list = MenuList(left + 4, top + 17, WIDTH - 8, len(items), ROW_HEIGHT)
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

    def choose(self, item):
        app = self.app
        game = self.game
        if item == RESUME:
            app.pop()
        elif item == NEW_ROUND:
            app.confirm("Start a new round?", self._new_round)
        elif item == NEW_MATCH:
            app.confirm("Start a new match?", self._new_match)
        elif item == SETTINGS:
            app.leave_pause(self, self.list.cursor)
            app.open_settings(game.settings_rows() if game.settings_rows is not None else None)
        elif item == RULES:
            rules = game.rules()
            if rules is not None:
                app.leave_pause(self, self.list.cursor)
                app.show_help(rules[0], rules[1])
        elif item.startswith(CODE):
            app.leave_pause(self, self.list.cursor)
            from pips.scenes.texts import REPLAY_CODES
            app.show_help(item, REPLAY_CODES)
        elif item == SAVE_QUIT:
            game.save_game()
            app.to_menu()
        else:
            app.confirm("Quit to the menu?", app.to_menu)

    def _new_round(self):
        self.app.pop_to(self.game)
        self.game.new_round()

    def _new_match(self):
        self.app.pop_to(self.game)
        self.game.new_match()
