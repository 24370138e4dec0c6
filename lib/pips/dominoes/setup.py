"""Dominoes' setup: the opponent (a CPU level, or two people passing the badge) and the match target, kept in the
Dominoes record and chosen again next time; Resume saved when a match is saved (the cursor starts there)."""
from micropython import const

from pips.dominoes import OPPONENT_NAMES, RULES_TEXT, RULES_TITLE, SETTING_LABELS, records, setting_options
from pips.scene import open_game
from pips.scenes.setup import ROW_RESUME, ROW_RULES, ROW_START, SetupScene
from pips.ui import text

# the record's field of the opponent chosen (pips.dominoes.records' private number: a test holds them equal)
_OPPONENT = const(0)


class DominoesSetup(SetupScene):
    rules_title = RULES_TITLE
    rules_text = RULES_TEXT

    def __init__(self, app):
        store = app.store
        # the settings are the record's first fields, in SETTING_LABELS' order (pips.dominoes)
        self.record = records.load_record(store)
        self.chosen = self.record[:len(SETTING_LABELS)]  # as stored: written again only if changed (exit)
        self.saved_opponent = _saved_opponent(store)
        super().__init__(app, "Dominoes", self._heading())
        self.options = setting_options()
        rows = list(SETTING_LABELS)
        values = [self.options[field][self.record[field]] for field in range(len(SETTING_LABELS))]
        rows.append(ROW_START)
        values.append("")
        if self.saved_opponent is not None:
            rows.append(ROW_RESUME)
            values.append(OPPONENT_NAMES[self.saved_opponent])
        rows.append(ROW_RULES)
        values.append("")
        self.show_rows(rows, values)
        self.point_at(ROW_START if self.saved_opponent is None else ROW_RESUME)

    def _heading(self):
        """The matches won and lost against the chosen opponent, e.g. "vs Normal W/L 12 / 10" (no rate: the line
        fits the screen up to 4-digit counts)."""
        return "%s %s" % records.opponent_summary(self.record, self.record[_OPPONENT], False)

    def change(self, row, step):
        if row not in SETTING_LABELS:
            return
        field = SETTING_LABELS.index(row)  # the settings' rows come first: the row's index is the field's
        options = self.options[field]
        record = self.record
        record[field] = (record[field] + step) % len(options)
        self.list.set_value(field, options[record[field]])
        text.set_text(self.heading, self._heading())

    def choose(self, row):
        if row == ROW_START or row == ROW_RESUME:
            # the game in place of this screen once this action has returned (the setup's sprites and code gone)
            self.app.later(open_game, self.app, _SETUP_ONLY, "pips.dominoes.scene", "DominoesScene",
                           row == ROW_RESUME)
        else:
            self.change(row, 1)

    def exit(self):
        # Leaving by any way (a game started, B, the pause menu's Quit): the choices are kept for next time.
        if self.record[:len(SETTING_LABELS)] != self.chosen:
            records.save_record(self.app.store, self.record)


def _saved_opponent(store):
    """Whom the saved match is against (the record's opponent value), or None without a match that loads. The match
    itself is not kept: the game scene loads it again once this screen and its code are gone, so the game is built
    in the room they leave (the badge's heap), as it was without a setup."""
    saved = records.load_game(store)
    return None if saved is None else saved[1]


# Modules only the setup uses (the game scene loads the records' code when it saves).
_SETUP_ONLY = ("pips.dominoes.setup", "pips.dominoes.records", "pips.scenes.setup", "pips.ui.menu_list")
