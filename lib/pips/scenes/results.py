"""End of a round: a title, rows of label/value, an optional blinking NEW RECORD.

With `again` (the last results screen of a game) it offers "Again" and "Menu": Left/Right choose, A takes the
choice (Again calls on_done, which starts the next round), B goes to the title menu. Without it, A continues
(on_done is called) and the screen says so.

With `initials` ((letters, on_entered)), a record that fell: the player first enters three letters, arcade style
(Up/Down the letter, Left/Right or A/B move, A on the last or Start done), then on_entered(letters) is called.
"""
from micropython import const

from pips import actions
from pips.scene import Scene
from pips.ui import palette, shapes, text

_ROWS_TOP = const(26)
_ROW_HEIGHT = const(12)
_MAX_ROWS = const(6)
BLINK_MS = 400
_BUTTONS_Y = const(128 - 15)  # text.SCREEN_H - 15
_BUTTON_W = const(52)


_MARGIN = const(8)
_CHAR_W = const(6)  # terminalio's glyphs
_ENTRY_COLUMN = const(10)  # the first letter's column in "Initials  A B C"


def _button_x(index):
    return text.SCREEN_W // 2 - _BUTTON_W - 6 if index == 0 else text.SCREEN_W // 2 + 6


def _tiny_value(group, value, name_chars, middle, sheet):
    """Draw `value` right-aligned in 3 x 5 digits beside a label of `name_chars` characters: one line when it fits,
    else two lines filling the row (broken after a digit group). Returns the glyph sheet, shared by the rows."""
    from pips.ui import tiny_text
    columns = (text.SCREEN_W - 2 * _MARGIN - (name_chars + 1) * _CHAR_W) // tiny_text.GLYPH_W
    lines = [value]
    if len(value) > columns:
        cut = len(value) - columns  # the second line full ...
        comma = value.find(",", cut - 1)
        if 0 <= comma < columns:  # ... or broken after the first digit group that lets it start
            cut = comma + 1
        lines = [value[:cut], value[cut:]]
    top = middle - len(lines) * tiny_text.GLYPH_H // 2
    for k in range(len(lines)):
        line = tiny_text.TinyText(columns, text.SCREEN_W - _MARGIN - columns * tiny_text.GLYPH_W,
                                  top + k * tiny_text.GLYPH_H, palette.TEXT, sheet)
        line.set(lines[k], right=True)
        sheet = line.sheet
        group.append(line.tiles)
    return sheet


class ResultsScene(Scene):
    def __init__(self, app, title, rows, new_record=False, on_done=None, again=False, initials=None):
        super().__init__(app)
        self.on_done = on_done
        self.again = again
        self.entry = None  # the initials being entered (initials=...): their line, until done
        self.choice = 0  # 0 Again, 1 Menu
        group = self.group
        group.append(shapes.rect(0, 0, text.SCREEN_W, text.SCREEN_H, palette.BACKGROUND))
        group.append(text.centered(title, 4, palette.ACCENT))
        sheet = None
        code = app.round_code() if again else None
        if code is not None:
            group.append(text.centered("code " + code, 14, palette.DIM_TEXT))
        for index in range(min(len(rows), _MAX_ROWS)):
            name, value = str(rows[index][0]), str(rows[index][1])
            middle = _ROWS_TOP + index * _ROW_HEIGHT + _ROW_HEIGHT // 2
            group.append(text.label(name, _MARGIN, middle, palette.TEXT, anchor=(0.0, 0.5)))
            if (len(name) + 1 + len(value)) * _CHAR_W <= text.SCREEN_W - 2 * _MARGIN:
                group.append(text.label(value, text.SCREEN_W - _MARGIN, middle, palette.TEXT, anchor=(1.0, 0.5)))
            else:  # a long number (a Dymino score may have 40 digits): small digits, on two lines if need be
                sheet = _tiny_value(group, value, len(name), middle, sheet)
        self.record = None
        if new_record:
            self.record = text.centered("NEW RECORD", _ROWS_TOP + _MAX_ROWS * _ROW_HEIGHT + 1, palette.ACCENT)
            group.append(self.record)
        self.bar = None
        first_button = len(group)
        if again:
            self.bar = shapes.rect(0, _BUTTONS_Y - 1, _BUTTON_W, 14, palette.HIGHLIGHT)
            group.append(self.bar)
            for index, name in enumerate(("Again", "Menu")):
                group.append(text.label(name, _button_x(index) + _BUTTON_W // 2, _BUTTONS_Y + 6,
                                        palette.TEXT, anchor=(0.5, 0.5)))
            self.bar.x = _button_x(0)
        else:
            group.append(text.centered("A: continue", text.SCREEN_H - 13, palette.DIM_TEXT))
        if initials is not None:
            self._start_entry(initials[0], initials[1], first_button)
        self.blink_at = None
        if new_record:
            from pips import jingles
            app.play_jingle(jingles.RECORD)


    def tick(self, now_ms):
        if self.record is None:
            return
        if self.blink_at is None:
            self.blink_at = now_ms
        if actions.ticks_diff(now_ms, self.blink_at) >= BLINK_MS:
            self.blink_at = now_ms
            self.record.hidden = not self.record.hidden

    # ---- initials ---------------------------------------------------------------------------------------------
    def _start_entry(self, letters, on_entered, first_button):
        from pips import initials
        self.buttons = [self.group[k] for k in range(first_button, len(self.group))]
        for button in self.buttons:
            button.hidden = True  # until the initials are in
        self.letters = bytearray(initials.LETTERS)
        for k in range(min(len(letters), initials.LETTERS)):
            self.letters[k] = max(0, initials.ALPHABET.find(letters[k]))
        self.position = 0
        self.on_entered = on_entered
        self.letter_bar = shapes.rect(0, _BUTTONS_Y - 1, _CHAR_W + 2, 14, palette.HIGHLIGHT)
        self.entry = text.label("", _MARGIN, _BUTTONS_Y, palette.TEXT)
        self.group.append(self.letter_bar)
        self.group.append(self.entry)
        self._show_entry()

    def entered(self):
        from pips import initials
        return "".join(initials.ALPHABET[k] for k in self.letters)

    def _show_entry(self):
        letters = self.entered()
        text.set_text(self.entry, "Initials  %s %s %s   A: ok" % (letters[0], letters[1], letters[2]))
        self.letter_bar.x = _MARGIN + (_ENTRY_COLUMN + 2 * self.position) * _CHAR_W - 1

    def _entry_action(self, action):
        from pips import initials
        count = len(initials.ALPHABET)
        if action == actions.UP or action == actions.DOWN:
            step = 1 if action == actions.UP else count - 1
            self.letters[self.position] = (self.letters[self.position] + step) % count
        elif action == actions.RIGHT or (action == actions.A and self.position < initials.LETTERS - 1):
            self.position = min(self.position + 1, initials.LETTERS - 1)
        elif action == actions.LEFT or action == actions.B:
            self.position = max(self.position - 1, 0)
        elif action == actions.A or action == actions.START:
            self._end_entry()
            return
        self._show_entry()

    def _end_entry(self):
        letters = self.entered()
        self.group.remove(self.entry)
        self.group.remove(self.letter_bar)
        self.entry = self.letter_bar = None
        for button in self.buttons:
            button.hidden = False
        self.buttons = None
        self.on_entered(letters)

    def on_action(self, action):
        if self.entry is not None:
            self._entry_action(action)
            return
        if not self.again:
            if action == actions.A or action == actions.START or action == actions.B:
                self._close(0)
            return
        if action == actions.LEFT or action == actions.RIGHT:
            self.choice = 1 - self.choice
            self.bar.x = _button_x(self.choice)
        elif action == actions.A or action == actions.START:
            self._close(self.choice)
        elif action == actions.B:
            self._close(1)

    def _close(self, choice):
        """0: continue / again (on_done), 1: the title menu."""
        if choice == 1:
            self.app.to_menu()
            return
        if self.on_done is None:
            self.app.pop()
        else:
            # next frame (later): this action's frames hold this screen (and its sprites) until then, and on_done
            # may build the game's view again (pips.scene, new_round_with_view)
            self.app.later(_close_then, self.app, self.on_done)


def _close_then(app, on_done):
    app.pop()
    on_done()
