"""The title menu's "Play a code": choose a game, spell a replay code with the D-pad, play that round.

Left/Right move between the game and the code's 7 letters; Up/Down change the game or the letter under the
cursor; A (or Start) plays; B goes back; Select fills in today's code where the platform knows the date. The code
starts prefilled with today's code where the date is known, else AAAAAAA.
"""
from pips import actions, catalog, code_entry, codes
from pips.scene import Scene
from pips.ui import palette, shapes, show, text

GAME_Y = 34
CODE_Y = 62
LETTER_STEP = 18
LETTER_W = 12
NOTE_Y = 88
TITLE = "Play a code"
NOT_A_CODE = "No such code: lower a letter"


class PlayCodeScene(Scene):
    def __init__(self, app, code=None):
        super().__init__(app)
        self.game = 0
        self.cursor = 1  # 0: the game, 1..LENGTH: a letter
        self.values = bytearray(codes.LENGTH)
        self.today = code_entry.today_seed(app.platform)
        seed = code_entry.decode(code) if code else None
        if seed is None:
            seed = self.today if self.today is not None else 0
        code_entry.digits(seed, self.values)
        group = self.group
        group.append(shapes.rect(0, 0, text.SCREEN_W, text.SCREEN_H, palette.BACKGROUND))
        group.append(text.centered(TITLE, 4, palette.ACCENT))
        group.append(text.centered("same round on every badge", 16, palette.DIM_TEXT))
        self.left = (text.SCREEN_W - (codes.LENGTH - 1) * LETTER_STEP - LETTER_W) // 2
        self.game_bar = shapes.rect(10, GAME_Y - 2, text.SCREEN_W - 20, 14, palette.HIGHLIGHT)
        self.letter_bar = shapes.rect(0, CODE_Y, LETTER_W + 4, 24, palette.HIGHLIGHT)
        group.append(self.game_bar)
        group.append(self.letter_bar)
        self.game_label = text.centered("", GAME_Y, palette.TEXT)
        group.append(self.game_label)
        self.letters = []
        for index in range(codes.LENGTH):
            letter = text.label("", self._letter_x(index) + LETTER_W // 2, CODE_Y + 12, palette.TEXT, scale=2,
                                anchor=(0.5, 0.5))
            self.letters.append(letter)
            group.append(letter)
        self.note = text.centered("", NOTE_Y, palette.BAD)
        group.append(self.note)
        hint = "Sel: today's code  " if self.today is not None else ""
        group.append(text.centered("Up/Down change  A: play", 104, palette.DIM_TEXT))
        group.append(text.centered(hint + "B: back", 116, palette.DIM_TEXT))
        self._show_all()

    def _letter_x(self, index):
        return self.left + index * LETTER_STEP

    def _show_all(self):
        text.set_text(self.game_label, catalog.GAMES[self.game][1])  # no < >: Up/Down change it, Left/Right move on
        for index in range(codes.LENGTH):
            text.set_text(self.letters[index], codes.ALPHABET[self.values[index]])
        self._show_cursor()

    def _show_cursor(self):
        on_game = self.cursor == 0
        show(self.game_bar, on_game)
        show(self.letter_bar, not on_game)
        if not on_game:
            self.letter_bar.x = self._letter_x(self.cursor - 1) - 2

    def code(self):
        return "".join(codes.ALPHABET[value] for value in self.values)

    def seed(self):
        return code_entry.from_digits(self.values)

    def on_action(self, action):
        if action == actions.LEFT or action == actions.RIGHT:
            step = 1 if action == actions.RIGHT else -1
            self.cursor = (self.cursor + step) % (codes.LENGTH + 1)
            self._show_cursor()
        elif action == actions.UP or action == actions.DOWN:
            self._change(1 if action == actions.UP else -1)
        elif action == actions.SELECT and self.today is not None:
            code_entry.digits(self.today, self.values)
            text.set_text(self.note, "")
            self._show_all()
        elif action == actions.A or action == actions.START:
            self.play()
        elif action == actions.B:
            self.app.pop()

    def _change(self, step):
        if self.cursor == 0:
            self.game = (self.game + step) % len(catalog.GAMES)
        else:
            index = self.cursor - 1
            self.values[index] = (self.values[index] + step) % codes.BASE
        text.set_text(self.note, "")
        self._show_all()

    def play(self):
        seed = self.seed()
        if seed is None:
            # Seven letters reach past the last seed (21**7 > 2**30): say so rather than play another round.
            text.set_text(self.note, NOT_A_CODE)
            return
        code_entry.play(self.app, catalog.GAMES[self.game], seed)
