"""Warm-up imports, for a game whose catalog entry asks for them (its fifth field): the screens its session opens
sooner or later, imported once and dropped again as the game opens.

The interpreter keeps every name a module brings for good, in tables that double as they fill (the 1,280-name one
is one ~7.7 KB block). Made here, in a heap the game has not cut up yet, the names and their tables sit low instead
of landing mid-game. Measured per KB (bench_badge_heap): Dominoes completes from 94 KB with it, 95 without (117 and
126 while its runs still needed the 1,280-name table); Dymino needs a KB more with it, so only an entry that asks
gets it.
"""
from pips import modules

_MODULES = ("pips.scenes.pause", "pips.scenes.settings", "pips.scenes.help", "pips.scenes.results",
            "pips.scenes.tip", "pips.tips", "pips.stats", "pips.jingles", "pips.codes")


def run():
    for name in _MODULES:
        before = modules.loaded()
        __import__(name)
        modules.unload_since(before)
