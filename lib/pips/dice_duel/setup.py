"""Dice Duel's setup: Solo, against 1-3 CPU seats, or 2-4 people (CPU seats allowed); resume a saved game."""
from micropython import const

from engine import dice_duel as dd
from engine import dice_duel_tables
from pips.scene import open_game
from pips.scenes.setup import ROW_RESUME, ROW_RULES, ROW_START, SetupScene
from pips.dice_duel import records, texts

MODES = ("Solo", "vs CPU", "People")
ROW_MODE = "Mode"
ROW_CPUS = "CPU players"
ROW_PEOPLE = "People"
ROW_SEATS = "CPU seats"
_BUILD_SLICES = const(3)  # slices of the tables' build a frame (a few ms each on the badge)


class DiceDuelSetup(SetupScene):
    rules_title = texts.RULES_TITLE
    rules_text = texts.RULES_TEXT

    def __init__(self, app):
        best, names = records.load_entries(app.store)
        if best:
            heading = "Best solo: %s%d" % (names[0] + " " if names[0] else "", best[0])
        else:
            heading = "No solo score yet"
        super().__init__(app, "Kniffel Dice Duel", heading)
        self.mode = 0
        self.cpus = 1
        self.people = 2
        self.seats = 0
        self.saved = records.load_game(app.store)
        self._rows()
        if self.saved is not None:
            self.select(ROW_RESUME)
        self.cpu_values = dice_duel_tables.node_values()  # the game's CPU's (made here: a whole 924-byte block)

    def tick(self, now_ms):
        # The CPU's and the odds' multiset tables are built while this screen waits for the player: their build's
        # scratch arrays (3.9 KB) are gone before the game's view is built beside the tables (tools/cp_run.py).
        for _ in range(_BUILD_SLICES):
            if dice_duel_tables.build_step():
                break

    def _rows(self, cursor=0):
        rows = [ROW_MODE]
        values = [MODES[self.mode]]
        if self.mode == 1:
            rows.append(ROW_CPUS)
            values.append(str(self.cpus))
        elif self.mode == 2:
            rows.append(ROW_PEOPLE)
            values.append(str(self.people))
            rows.append(ROW_SEATS)
            values.append(str(self.seats))
        rows.append(ROW_START)
        values.append("")
        if self.saved is not None:
            rows.append(ROW_RESUME)
            values.append(saved_label(self.saved.players, self.saved.cpu_mask))
        rows.append(ROW_RULES)
        values.append("")
        self.show(rows, values, cursor)

    def seats_and_cpus(self):
        """(players, cpu_mask) of the chosen setup."""
        if self.mode == 0:
            return 1, 0
        if self.mode == 1:
            return 1 + self.cpus, ((1 << (1 + self.cpus)) - 1) & ~1
        return self.people + self.seats, ((1 << self.seats) - 1) << self.people

    def change(self, row, step):
        if row == ROW_MODE:
            self.mode = (self.mode + step) % len(MODES)
        elif row == ROW_CPUS:
            self.cpus = 1 + (self.cpus - 1 + step) % 3
        elif row == ROW_PEOPLE:
            self.people = 2 + (self.people - 2 + step) % 3
            self.seats = min(self.seats, dd.MAX_PLAYERS - self.people)
        elif row == ROW_SEATS:
            self.seats = (self.seats + step) % (dd.MAX_PLAYERS - self.people + 1)
        else:
            return
        self._rows(self.list.cursor)

    def choose(self, row):
        if row == ROW_START:
            players, cpu_mask = self.seats_and_cpus()
            game = dd.DiceDuel(players, seed=self.app.next_seed(), cpu_mask=cpu_mask)
            if self.saved is not None:
                # the new game takes the saved one's place (one write): a power cut then resumes the new one
                records.save_game(self.app.store, game)
            self._play(game)
        elif row == ROW_RESUME:
            self._play(self.saved)
        else:
            self.change(row, 1)

    def _play(self, game):
        """The game in place of this screen, once this action has returned: the setup's sprites and code go first
        (pips.scene.open_game), and the game's view and the CPU's tables are built in the room they leave."""
        # A game without CPU seats needs the tables only if the odds are asked for (built then, as the odds open).
        gone = _SETUP_ONLY if game.cpu_mask else _SETUP_ONLY + ("engine.dice_duel_tables",)
        self.app.later(open_game, self.app, gone, "pips.dice_duel.scene", "DiceDuelScene", game,
                       self.cpu_values if game.cpu_mask else None)


# Modules only the setup uses (the game scene loads the records and the saved-state code when it saves or ends).
_SETUP_ONLY = ("pips.dice_duel.setup", "pips.dice_duel.records", "pips.scenes.setup", "pips.ui.menu_list",
               "engine.dice_duel_state")


def saved_label(players, cpu_mask):
    """What the saved game was, short enough for the row: "Solo", "vs 2 CPU", "3 people" or "2 + 1 CPU"."""
    cpus = 0
    for seat in range(players):
        cpus += cpu_mask >> seat & 1
    people = players - cpus
    if players == 1:
        return "Solo"
    if people == 1:
        return "vs %d CPU" % cpus
    return "%d + %d CPU" % (people, cpus) if cpus else "%d people" % people
