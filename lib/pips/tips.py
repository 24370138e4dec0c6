"""First-game tips: each shown once, at the moment it matters, then remembered in the store (TIPS: a bit per
tip). Settings has a row that switches them back on (or off).

    take(app, tip)   the tip's text when it has not been shown yet (it is marked seen), else None: the app shows it
                     (App.show_tip, which also unloads this module and the tip's screen when it closes)
    all_seen(app) / set_all(app, seen)   for the Settings row
"""
from pips.saves import TIPS
from pips.text import File

try:
    from micropython import const
except ImportError:
    def const(value):
        return value

_WUERFELGLANZ_START = const(0)
_DYMINO_START = const(1)
_DOMINOES_START = const(2)
_DICE_DUEL_START = const(3)
WUERFELGLANZ_JOKER = const(4)
DYMINO_DOUBLE = const(5)
DICE_DUEL_KNIFFEL = const(6)
COUNT = const(7)
ALL = (1 << COUNT) - 1

# The tip shown when a game (catalog key) is first opened.
AT_START = {"wuerfelglanz": _WUERFELGLANZ_START, "dymino": _DYMINO_START, "dominoes": _DOMINOES_START,
            "diceduel": _DICE_DUEL_START}

# The tips' texts: line `tip` of pips/text/first_game_tips.txt, read when the tip shows (pips.text).
TEXTS = File("first_game_tips.txt")

_VERSION = const(1)


def _seen(app):
    if app.tips_seen is None:
        data = app.store.load(TIPS) if app.store is not None else None
        app.tips_seen = data[1] if data and len(data) == 2 and data[0] == _VERSION else 0
    return app.tips_seen


def _save(app, seen):
    app.tips_seen = seen & ALL
    if app.store is not None:
        app.store.save(TIPS, bytes((_VERSION, app.tips_seen)))


def take(app, tip):
    seen = _seen(app)
    if seen >> tip & 1:
        return None
    _save(app, seen | 1 << tip)  # once: even a tip closed at once is not shown again
    lines = TEXTS.read().split("\n")  # 0.6 KB for a moment
    return lines[tip] if tip < len(lines) else lines[0]  # a damaged file's line says so


def all_seen(app):
    return _seen(app) == ALL


def set_all(app, seen):
    _save(app, ALL if seen else 0)
