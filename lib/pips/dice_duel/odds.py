"""Dice Duel's odds screen (Up while rolling): for the dice kept now, the chance of each chip's combination with
the rolls left, from the CPU's own tables (engine.dice_duel_cpu.DiceDuelCpu, begin_odds and think). The odds are
worked out in slices from tick(), a few a frame: each row shows its figure as soon as it is final (about a second
in all on the badge, where all at once froze the screen for a third of a second); the first time, the CPU's tables
are built first, in slices of their own (engine.dice_duel_tables). Any button closes it; Start
then opens the pause menu, as in the game."""
from array import array

from micropython import const

from engine.dice_duel_combos import KIND_COUNT, KIND_NAMES
from engine.dice_duel_cpu import ODDS_SCALE, THINKING
from pips import actions
from pips.scene import Scene
from pips.ui import palette, shapes, text

ROW_H = 12
TOP = 18
ODDS_SLICES = const(4)  # slices of the odds a frame (~3 ms each on the badge)
WORKING = "..."         # a row whose figure is still being worked out


def percent(chance):
    """A chance (0..ODDS_SCALE) as whole percent; a chance that is neither 0 nor certain never reads 0 or 100."""
    value = (chance * 100 + ODDS_SCALE // 2) // ODDS_SCALE
    if chance and value == 0:
        return "<1%"
    if chance < ODDS_SCALE and value == 100:
        return ">99%"
    return "%d%%" % value


class OddsScene(Scene):
    opaque = False

    def __init__(self, app, cpu, game):
        super().__init__(app)
        self.cpu = cpu
        self.game = game
        self.chances = array("H", bytes(2 * KIND_COUNT))
        self.shown = 0  # kinds whose figure is on screen (the CPU works them in order 0..6)
        self.working = cpu.begin_odds(game, self.chances) == THINKING
        rolls = game.rolls_left
        kept = bin(game.keep).count("1") if rolls < 3 else 0
        group = self.group
        group.append(shapes.panel(0, 0, text.SCREEN_W, text.SCREEN_H, palette.PANEL, palette.BORDER))
        if rolls == 0:
            self.title = "No rolls left"
        else:
            self.title = "%d kept, %d roll%s left" % (kept, rolls, "" if rolls == 1 else "s")
        self.heading = text.centered("Working out the odds", 3, palette.ACCENT)
        group.append(self.heading)
        self.figures = []
        for kind in range(KIND_COUNT - 1, -1, -1):  # the most valuable first, as in the chip choice
            row = KIND_COUNT - 1 - kind
            middle = TOP + row * ROW_H + ROW_H // 2
            color = palette.TEXT if self._available(kind) else palette.DIM_TEXT
            group.append(text.label(KIND_NAMES[kind], 6, middle, color, anchor=(0.0, 0.5)))
            figure = text.label(WORKING if self._available(kind) else "gone", text.SCREEN_W - 6, middle, color,
                                anchor=(1.0, 0.5))
            group.append(figure)
            self.figures.append(figure)
        group.append(text.centered("Kniffel counts for all", text.SCREEN_H - 13, palette.DIM_TEXT))
        self._show_done()

    def _available(self, kind):
        return self.game.tray[kind] or self.game.aside[kind]

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
        done = KIND_COUNT if not self.working else self.cpu.kind
        while self.shown < done:
            kind = self.shown
            if self._available(kind):
                text.set_text(self.figures[KIND_COUNT - 1 - kind], percent(self.chances[kind]))
            self.shown += 1
        if not self.working:
            text.set_text(self.heading, self.title)

    def on_action(self, action):
        app = self.app
        self.cpu.cancel()  # odds still being worked out are dropped
        app.pop()
        if action == actions.START and app.top() is not None:
            app.top().on_start()  # Start pauses, as in the game
