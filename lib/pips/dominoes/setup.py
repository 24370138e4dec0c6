"""Dominoes' setup: the opponent (a CPU level, or two people passing the badge) and the match target, kept in the
Dominoes record and chosen again next time; Resume saved when a match is saved (the cursor starts there).
"""
from pips.dominoes import records, rules, saved, setting_choices
from pips.dominoes.records import OPPONENT
from pips.scene import open_game
from pips.scenes.setup import ROW_RESUME, ROW_RULES, ROW_START, SetupScene
from pips.ui import text


class DominoesSetup(SetupScene):
    rules = rules  # pips.dominoes.rules as the rules() method: the Rules row and the pause menu's

    def __init__(self, app):
        store = app.store
        self.record = records.load_record(store)
        # the settings are the record's first fields, in setting_choices' order
        self.choices = setting_choices()
        self.chosen = self.record[:len(self.choices)]  # as stored: written again only if changed (exit)
        # Only whom a saved match is against is kept: the game scene loads it again once this screen and its code
        # are gone, so the game is built in the room they leave (the badge's heap), as it was without a setup.
        match = saved.load_game(store)
        opponent = None if match is None else match[1]
        match = None  # (the match is garbage from here, not kept beside the screen built next)
        super().__init__(app, "Dominoes", self._heading())
        rows = []
        values = []
        for field in range(len(self.choices)):
            label, names = self.choices[field]
            rows.append(label)
            values.append(names[self.record[field]])
        rows.append(ROW_START)
        values.append("")
        if opponent is not None:
            rows.append(ROW_RESUME)
            values.append(self.choices[OPPONENT][1][opponent])
        rows.append(ROW_RULES)
        values.append("")
        self.show(rows, values)
        self.select(ROW_START if opponent is None else ROW_RESUME)

    def _heading(self):
        """The matches won and lost against the chosen opponent, e.g. "vs Normal W/L 12 / 10" (no rate: the line
        fits the screen up to 4-digit counts)."""
        return "%s %s" % records.opponent_summary(self.record, self.record[OPPONENT], False)

    def change(self, row, step):
        field = self.rows.index(row)  # the settings' rows come first: a row's index is its field's
        if field >= len(self.choices):
            return
        names = self.choices[field][1]
        record = self.record
        record[field] = (record[field] + step) % len(names)
        self.list.set_value(field, names[record[field]])
        text.set_text(self.heading, self._heading())

    def choose(self, row):
        # the game in place of this screen once this action has returned (the setup's sprites and code gone)
        self.app.later(open_game, self.app, _SETUP_ONLY, "pips.dominoes.scene", "DominoesScene", row == ROW_RESUME)

    def exit(self):
        # Leaving by any way (a game started, B, the pause menu's Quit): the choices are kept for next time.
        if self.record[:len(self.choices)] != self.chosen:
            records.save_record(self.app.store, self.record)


# Modules only the setup uses (the game scene loads the records' and saved match's code when it saves).
_SETUP_ONLY = ("pips.dominoes.setup", "pips.dominoes.records", "pips.dominoes.saved", "pips.scenes.setup",
               "pips.ui.menu_list")
