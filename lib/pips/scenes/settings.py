"""Settings: sound, brightness, auto-dim delay, and any rows the paused game adds. Saved on leaving, if changed."""
from micropython import const

from pips import actions, settings
from pips.scene import Scene
from pips.ui import palette, shapes, text
from pips.ui.menu_list import MenuList

_LIST_TOP = const(22)
_ROW_HEIGHT = const(13)
_VISIBLE_ROWS = const(8)


class Choice:
    """One settings row: `options` are the value names; on_change(index) is called when the player changes it."""

    def __init__(self, label, options, index, on_change):
        self.label = label
        self.options = options
        self.index = index
        self.on_change = on_change


class SettingsScene(Scene):
    def __init__(self, app, extra_rows=None):
        super().__init__(app)
        chosen = app.settings
        self.saved = chosen.encode()
        self.rows = [
            Choice("Sound", settings.SOUND_NAMES, chosen.sound, self._set_sound),
            Choice("Brightness", settings.BRIGHTNESS_NAMES, chosen.brightness, self._set_brightness),
            Choice("Auto-dim", settings.DIM_NAMES, chosen.dim, self._set_dim),
        ]
        if app.tips:
            from pips import tips
            self.rows.append(Choice("First-game tips", ("off", "on"), 0 if tips.all_seen(app) else 1,
                                    self._set_tips))
        if extra_rows:
            self.rows.extend(extra_rows)
        reason = getattr(app.store, "unprotected", 0)
        if reason > 1:  # the drive could not take the last save's copy: a power cut may lose records
            self.rows.append(Choice("Saves: nvm", (unprotected_why(reason),), 0, lambda index: None))
        group = self.group
        group.append(shapes.rect(0, 0, text.SCREEN_W, text.SCREEN_H, palette.BACKGROUND))
        group.append(text.centered("Settings", 4, palette.ACCENT))
        self.list = MenuList(4, _LIST_TOP, text.SCREEN_W - 8, min(_VISIBLE_ROWS, len(self.rows)), _ROW_HEIGHT,
                             values=True)
        self.list.set_items([row.label for row in self.rows], [row.options[row.index] for row in self.rows])
        group.append(self.list.group)
        group.append(text.centered("</>: change  B: back", text.SCREEN_H - 13, palette.DIM_TEXT))

    def on_action(self, action):
        if action == actions.UP:
            self.list.move(-1)
        elif action == actions.DOWN:
            self.list.move(1)
        elif action == actions.LEFT:
            self.change(-1)
        elif action == actions.RIGHT or action == actions.A:
            self.change(1)
        elif action == actions.B or action == actions.START:
            self.app.pop()

    def change(self, delta):
        index = self.list.cursor
        row = self.rows[index]
        row.index = (row.index + delta) % len(row.options)
        self.list.set_value(index, row.options[row.index])
        row.on_change(row.index)

    def exit(self):
        if self.app.settings.encode() != self.saved:
            self.app.save_settings()

    def _set_sound(self, index):
        self.app.settings.sound = index
        self.app.tone(880, 60)

    def _set_brightness(self, index):
        self.app.settings.brightness = index
        self.app.apply_brightness()

    def _set_tips(self, index):
        from pips import tips
        tips.set_all(self.app, seen=index == 0)  # "on": every tip shows again at its moment

    def _set_dim(self, index):
        self.app.settings.dim = index


def unprotected_why(reason):
    """Why saves go to nvm alone though the game has the drive (pips.store's `unprotected` > 1), in a few words: a
    power cut during a save may then lose other records."""
    return "drive full" if reason == 28 else "read-only" if reason == 30 else "drive error"


def saves_notice(app, reason):
    """What the app shows at the save that found it (App.tell_saves): a results screen of one line."""
    from pips.scenes.results import ResultsScene
    return ResultsScene(app, "Saves: nvm only", [(unprotected_why(reason), "")])
