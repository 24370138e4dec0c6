"""Warm-up imports, for a game whose run makes the interpreter's 1,280-name table anyway (catalog: an entry's fifth
field): the screens its session opens sooner or later, imported once and dropped again as the game opens.

The interpreter keeps every name a module brings for good, in tables that double as they fill; the 1,280-name one
is one ~7.7 KB block. Made here, in a heap the game has not cut up yet, rather than mid-game, it fits: Dominoes'
session (bench_badge_heap, per KB) completes from 117 KB with it, from 126 KB without. A game that stays under that
table pays for the names and gains nothing (Dymino: 93-94 KB without, 95 with), so only a catalog entry that asks gets
it.
"""
from pips import modules

_MODULES = ("pips.scenes.pause", "pips.scenes.settings", "pips.scenes.help", "pips.scenes.results",
            "pips.scenes.tip", "pips.tips", "pips.stats", "pips.jingles", "pips.codes")


def run():
    for name in _MODULES:
        before = modules.loaded()
        __import__(name)
        modules.unload_since(before)
