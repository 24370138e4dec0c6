"""First-game tips: each shown once, at the moment it matters, then remembered in the store (TIPS: a bit per
tip). Settings has a row that switches them back on (or off).

    take(app, tip)   the tip's text when it has not been shown yet (it is marked seen), else None: the app shows it
                     (App.show_tip, which also unloads this module and the tip's screen when it closes)
    all_seen(app) / set_all(app, seen)   for the Settings row
"""
from pips.saves import TIPS
from pips.text import File

from micropython import const

# A tip's number is its bit in the store (TIPS) and its line in pips/text/first_game_tips.txt (read when shown).
_COUNT = const(7)
_ALL = const((1 << _COUNT) - 1)

# Tips by name (app.show_tip): a game's catalog key names the tip shown when that game is first opened, the others
# name their moment. Strings, not constants: a name of more than 10 characters in a string is not kept for good.
BY_NAME = {"wuerfelglanz": 0, "dymino": 1, "dominoes": 2, "diceduel": 3, "WUERFELGLANZ_JOKER": 4, "DYMINO_DOUBLE": 5,
           "DICE_DUEL_KNIFFEL": 6}

_VERSION = const(1)


def _seen(app, seen=None):
    """The tips seen, a bit each (read from the store once); with `seen`, those become the tips seen (stored).
    One function for both: every function of a module is a name the badge keeps for good."""
    if seen is not None:
        app.tips_seen = seen & _ALL
        if app.store is not None:
            app.store.save(TIPS, bytes((_VERSION, app.tips_seen)))
    elif app.tips_seen is None:
        data = app.store.load(TIPS) if app.store is not None else None
        app.tips_seen = data[1] if data and len(data) == 2 and data[0] == _VERSION and data[1] <= _ALL else 0
    return app.tips_seen


def take(app, index):
    seen = _seen(app)
    if seen >> index & 1:
        return None
    _seen(app, seen | 1 << index)  # once: even a tip closed at once is not shown again
    return File("first_game_tips.txt").read(index)


def all_seen(app):
    return _seen(app) == _ALL


def set_all(app, seen):
    _seen(app, _ALL if seen else 0)
