"""Dice Duel's setup: Solo, against 1-3 CPU seats, or 2-4 people (CPU seats allowed), each CPU's level; resume a
saved game. The choices are remembered (pips.dice_duel.records: with the best solo scores) when a game starts."""
from micropython import const

from engine import dice_duel as dd
from engine import dice_duel_tables
from engine.dice_duel_rules import LEVEL_NORMAL, LEVELS
from pips.scene import open_game
from pips.scenes.setup import ROW_RESUME, ROW_RULES, ROW_START, SetupScene
from pips.dice_duel import records, saved, texts

MODES = ("Solo", "vs CPU", "People")
ROW_MODE = "Mode"
ROW_CPUS = "CPU players"
ROW_PEOPLE = "People"
ROW_SEATS = "CPU seats"
LEVEL_NAMES = ("Easy", "Normal", "Hard")  # by engine level (engine.dice_duel_rules)
# The setup remembered (records.SETUP_BYTES bytes kept with the best solo scores): the mode (an index of MODES),
# CPU players against one person, people, CPU seats beside them, then the level of each CPU (CPU1..CPU3)
_MODE = const(0)
_CPUS = const(1)
_PEOPLE = const(2)
_SEATS = const(3)
_LEVEL_OF_CPU1 = const(4)
DEFAULT_SETUP = bytes((0, 1, 2, 0, LEVEL_NORMAL, LEVEL_NORMAL, LEVEL_NORMAL))
_BUILD_SLICES = const(3)  # slices of the tables' build a frame (a few ms each on the badge)


class DiceDuelSetup(SetupScene):
    rules_title = texts.RULES_TITLE
    rules_text = texts.RULES_TEXT

    def __init__(self, app):
        best, names, setup = records.read_best(app.store)
        if best:
            heading = "Best solo: %s%d" % (names[0] + " " if names[0] else "", best[0])
        else:
            heading = "No solo score yet"
        super().__init__(app, "Kniffel Dice Duel", heading)
        setup = remembered(setup)
        self.mode = setup[_MODE]
        self.cpus = setup[_CPUS]
        self.people = setup[_PEOPLE]
        self.seats = setup[_SEATS]
        self.levels = bytearray(setup[_LEVEL_OF_CPU1:])  # CPU1, CPU2, CPU3 (whichever seats they sit in)
        self.first_level_row = 0  # the list's row of CPU1's level (_rows)
        self.saved = saved.load_game(app.store)
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
        self.first_level_row = len(rows)
        for cpu in range(self.cpu_count()):
            rows.append("CPU%d level" % (cpu + 1))  # (named as the game names the seats: pips.dice_duel.texts)
            values.append(LEVEL_NAMES[self.levels[cpu]])
        rows.append(ROW_START)
        values.append("")
        if self.saved is not None:
            rows.append(ROW_RESUME)
            values.append(saved_label(self.saved.players, self.saved.cpu_mask))
        rows.append(ROW_RULES)
        values.append("")
        self.show(rows, values, cursor)

    def cpu_count(self):
        if self.mode == 0:
            return 0
        return self.cpus if self.mode == 1 else self.seats

    def seat_levels(self, players, cpu_mask):
        """Each seat's level: the CPUs' in seat order (a person's seat: Normal, never played)."""
        levels = bytearray(players)
        cpu = 0
        for seat in range(players):
            levels[seat] = LEVEL_NORMAL
            if cpu_mask >> seat & 1:
                levels[seat] = self.levels[cpu]
                cpu += 1
        return levels

    def seats_and_cpus(self):
        """(players, cpu_mask) of the chosen setup."""
        if self.mode == 0:
            return 1, 0
        if self.mode == 1:
            return 1 + self.cpus, ((1 << (1 + self.cpus)) - 1) & ~1
        return self.people + self.seats, ((1 << self.seats) - 1) << self.people

    def change(self, row, step):
        cpu = self.list.cursor - self.first_level_row
        if 0 <= cpu < self.cpu_count():
            self.levels[cpu] = (self.levels[cpu] + step) % LEVELS
            self.list.set_value(self.list.cursor, LEVEL_NAMES[self.levels[cpu]])
            return
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
            game = dd.DiceDuel(players, seed=self.app.next_seed(), cpu_mask=cpu_mask,
                               levels=self.seat_levels(players, cpu_mask))
            remember(self.app.store, bytes((self.mode, self.cpus, self.people, self.seats)) + self.levels)
            if self.saved is not None:
                # the new game takes the saved one's place (one write): a power cut then resumes the new one
                saved.save_game(self.app.store, game)
            self._play(game)
        else:
            self._play(self.saved)  # Resume saved

    def _play(self, game):
        """The game in place of this screen, once this action has returned: the setup's sprites and code go first
        (pips.scene.open_game), and the game's view and the CPU's tables are built in the room they leave."""
        # A game without CPU seats needs the tables only if the odds are asked for (built then, as the odds open).
        gone = _SETUP_ONLY if game.cpu_mask else _SETUP_ONLY + ("engine.dice_duel_tables",)
        self.app.later(open_game, self.app, gone, "pips.dice_duel.scene", "DiceDuelScene", game,
                       self.cpu_values if game.cpu_mask else None)


# Modules only the setup uses (the game scene loads the records and the saved-state code when it saves or ends;
# pips.initials is the records' import).
_SETUP_ONLY = ("pips.dice_duel.setup", "pips.dice_duel.records", "pips.dice_duel.saved", "pips.scenes.setup",
               "pips.ui.menu_list", "engine.dice_duel_state", "pips.initials")


def remembered(setup):
    """The remembered setup's bytes (records.read_best) if every field is one this screen shows, else the default
    setup."""
    if setup is None or len(setup) != len(DEFAULT_SETUP):
        return DEFAULT_SETUP
    people = setup[_PEOPLE]
    if setup[_MODE] >= len(MODES) or not 1 <= setup[_CPUS] < dd.MAX_PLAYERS or not 2 <= people <= dd.MAX_PLAYERS:
        return DEFAULT_SETUP
    if setup[_SEATS] > dd.MAX_PLAYERS - people:
        return DEFAULT_SETUP
    for cpu in range(dd.MAX_PLAYERS - 1):
        if setup[_LEVEL_OF_CPU1 + cpu] >= LEVELS:
            return DEFAULT_SETUP
    return setup


def remember(store, setup):
    """Keep the setup's bytes with the best solo scores (a write only when the setup the screen would show changed:
    the default setup chosen as it stands writes nothing). (Here, not in records: the game loads records again to
    save and to end, without this code.)"""
    scores, names, before = records.read_best(store)
    if store is not None and remembered(before) != setup:
        records.save_entries(store, scores, names, setup)


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
