"""Dice Duel's odds screen (Up while rolling): for the dice kept now, the chance of each chip's combination with
the rolls left, from the CPU's own tables (engine.dice_duel_cpu.DiceDuelCpu.chances). Any button closes it."""
from array import array

from engine.dice_duel_combos import KIND_COUNT, KIND_NAMES
from engine.dice_duel_cpu import ODDS_SCALE
from pips.scene import Scene
from pips.ui import palette, shapes, text

ROW_H = 12
TOP = 18


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
        chances = cpu.chances(game, array("H", bytes(2 * KIND_COUNT)))
        rolls = game.rolls_left
        kept = bin(game.keep).count("1") if rolls < 3 else 0
        group = self.group
        group.append(shapes.panel(0, 0, text.SCREEN_W, text.SCREEN_H, palette.PANEL, palette.BORDER))
        if rolls == 0:
            title = "No rolls left"
        else:
            title = "%d kept, %d roll%s left" % (kept, rolls, "" if rolls == 1 else "s")
        group.append(text.centered(title, 3, palette.ACCENT))
        for kind in range(KIND_COUNT - 1, -1, -1):  # the most valuable first, as in the chip choice
            row = KIND_COUNT - 1 - kind
            middle = TOP + row * ROW_H + ROW_H // 2
            available = game.tray[kind] or game.aside[kind]
            color = palette.TEXT if available else palette.DIM_TEXT
            group.append(text.label(KIND_NAMES[kind], 6, middle, color, anchor=(0.0, 0.5)))
            group.append(text.label(percent(chances[kind]) if available else "gone", text.SCREEN_W - 6, middle,
                                    color, anchor=(1.0, 0.5)))
        group.append(text.centered("Kniffel counts for all", text.SCREEN_H - 13, palette.DIM_TEXT))

    def on_action(self, action):
        self.app.pop()
