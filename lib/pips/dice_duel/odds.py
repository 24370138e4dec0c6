"""Dice Duel's odds screen (Up while rolling): for the dice kept now, the chance of each chip's combination with
the rolls left, and of a Kniffel, from the CPU's own tables (engine.dice_duel_cpu.DiceDuelCpu, begin_odds and think). The odds are
worked out in slices from tick(), a few a frame: each row shows its figure as soon as it is final (about a second
in all on the badge, where all at once froze the screen for a third of a second); the first time, the CPU's tables
are built first, in slices of their own (engine.dice_duel_tables). With every die kept B will not roll: the screen
says so instead of odds. Any button closes it; Start
then opens the pause menu, as in the game."""
from array import array

from micropython import const

from engine.dice_duel import ALL_DICE, ROLLS_PER_TURN
from engine.dice_duel_combos import KIND_COUNT, KIND_NAMES
from engine.dice_duel_cpu import KNIFFEL_ROW, ODDS_SCALE, THINKING
from pips import actions
from pips.scene import Scene
from pips.ui import palette, shapes, text

ROW_H = 12
TOP = 18
ROWS = KNIFFEL_ROW + 1  # a Kniffel, then each kind, the most valuable first (as in the chip choice)
ODDS_SLICES = const(4)  # slices of the odds a frame (~3 ms each on the badge)
WORKING = "..."         # a row whose figure is still being worked out
NO_ROLL = "-"           # every die kept: B will not roll, so there are no odds to show


def percent(chance):
    """A chance (0..ODDS_SCALE) as whole percent; a chance that is neither 0 nor certain never reads 0 or 100."""
    value = (chance * 100 + ODDS_SCALE // 2) // ODDS_SCALE
    if chance and value == 0:
        return "<1%"
    if chance < ODDS_SCALE and value == 100:
        return ">99%"
    return "%d%%" % value


def line_at(row):
    """The odds line (a kind, or KNIFFEL_ROW) shown on screen row `row`: the Kniffel's first, then the kinds from
    the most valuable."""
    return KNIFFEL_ROW if row == 0 else KIND_COUNT - row


class OddsScene(Scene):
    opaque = False

    def __init__(self, app, cpu, game):
        super().__init__(app)
        self.cpu = cpu
        self.game = game
        self.chances = array("H", bytes(2 * ROWS))
        self.shown = 0  # odds lines whose figure is on screen (the CPU works them in order 0..KNIFFEL_ROW)
        rolls = game.rolls_left
        kept = bin(game.keep).count("1") if rolls < ROLLS_PER_TURN else 0
        # every die kept with rolls left: B refuses to roll, so odds "for the next roll" would mislead
        all_kept = 0 < rolls < ROLLS_PER_TURN and game.keep == ALL_DICE
        self.working = not all_kept and cpu.begin_odds(game, self.chances) == THINKING
        group = self.group
        group.append(shapes.panel(0, 0, text.SCREEN_W, text.SCREEN_H, palette.PANEL, palette.BORDER))
        if rolls == 0:
            self.title = "No rolls left"
        elif all_kept:
            self.title = "All 5 kept: B won't roll"
        else:
            self.title = "%d kept, %d roll%s left" % (kept, rolls, "" if rolls == 1 else "s")
        self.heading = text.centered(self.title if all_kept else "Working out the odds", 3, palette.ACCENT)
        group.append(self.heading)
        self.figures = [None] * ROWS
        for row in range(ROWS):
            line = line_at(row)
            middle = TOP + row * ROW_H + ROW_H // 2
            color = palette.TEXT if self._available(line) else palette.DIM_TEXT
            group.append(text.label("Kniffel" if line == KNIFFEL_ROW else KIND_NAMES[line], 6, middle, color,
                                    anchor=(0.0, 0.5)))
            shown = NO_ROLL if all_kept else WORKING if self._available(line) else "gone"
            figure = text.label(shown, text.SCREEN_W - 6, middle, color, anchor=(1.0, 0.5))
            group.append(figure)
            self.figures[line] = figure
        footer = "Release a die for odds" if all_kept else "Kniffel counts for all"
        group.append(text.centered(footer, text.SCREEN_H - 13, palette.DIM_TEXT))
        if all_kept:
            self.shown = ROWS
        self._show_done()

    def _available(self, line):
        return line == KNIFFEL_ROW or self.game.tray[line] or self.game.aside[line]

    def tick(self, now_ms):
        if not self.working:
            return
        for _ in range(ODDS_SLICES):
            if self.cpu.think(self.game) != THINKING:
                self.working = False
                break
        self._show_done()

    def _show_done(self):
        """Put the figures the CPU has finished on screen; the title once all are."""
        done = ROWS if not self.working else self.cpu.kind
        while self.shown < done:
            line = self.shown
            if self._available(line):
                text.set_text(self.figures[line], percent(self.chances[line]))
            self.shown += 1
        if not self.working:
            text.set_text(self.heading, self.title)

    def on_action(self, action):
        app = self.app
        self.cpu.cancel()  # odds still being worked out are dropped
        app.pop()
        if action == actions.START and app.top() is not None:
            app.top().on_start()  # Start pauses, as in the game
