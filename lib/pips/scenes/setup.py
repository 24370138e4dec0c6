"""A game's setup screen (Dice Duel's, Dominoes'): its title, a line under it, then rows of choices with their values.
Up/Down choose a row, Left/Right change its value (A too), A on Start, Resume saved or Rules does that, B goes back
to the title menu, Start opens the pause menu as in a game. A game's setup says which rows it has (show), what a change
does (change) and what Start and Resume saved do (choose); its code leaves RAM before the game is built
(pips.scene.open_game)."""
from pips import actions
from pips.scene import Scene
from pips.ui import palette, shapes, text
from pips.ui.menu_list import MenuList

ROW_START = "Start"
ROW_RESUME = "Resume saved"
ROW_RULES = "Rules"


class SetupScene(Scene):
    def __init__(self, app, title, heading):
        super().__init__(app)
        group = self.group
        group.append(shapes.rect(0, 0, text.SCREEN_W, text.SCREEN_H, palette.BACKGROUND))
        group.append(text.centered(title, 3, palette.ACCENT))
        self.heading = text.centered(heading, 16, palette.DIM_TEXT)
        group.append(self.heading)
        self.list = MenuList(8, 32, text.SCREEN_W - 16, 7, 12, values=True)
        group.append(self.list.group)
        group.append(text.centered("</>: change  A: choose", text.SCREEN_H - 13, palette.DIM_TEXT))
        self.rows = ()

    def show(self, rows, values, cursor=0):
        self.rows = rows
        self.list.set_items(rows, values, cursor)

    def select(self, row):
        """The cursor on `row` (e.g. on Resume saved: a saved game is most likely what the player came back for)."""
        self.list.cursor = self.rows.index(row)
        self.list.move(0)

    def on_action(self, action):
        row = self.rows[self.list.cursor]
        if action == actions.UP:
            self.list.move(-1)
        elif action == actions.DOWN:
            self.list.move(1)
        elif action == actions.LEFT or action == actions.RIGHT:
            self.change(row, 1 if action == actions.RIGHT else -1)
        elif action == actions.A:
            if row == ROW_RULES:
                self.app.show_help(*self.rules())
            elif row == ROW_START or row == ROW_RESUME:
                self.choose(row)
            else:
                self.change(row, 1)  # a value row: A changes it as Right does
        elif action == actions.B:
            self.app.to_menu()  # (a setup keeps what it holds as it closes: exit)
        elif action == actions.START:
            self.on_start()  # the pause menu, as in every game

    def change(self, row, step):
        """Left/Right (step -1/+1) on `row`: a value row changes; others ignore it."""

    def choose(self, row):
        """A on Start or Resume saved (the rows' values and Rules are handled here)."""
