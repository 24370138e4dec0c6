"""The games on the title menu. A game registers itself with ONE line in GAMES:

    (key, menu title, module path, factory name)

The menu imports the module only when the game is chosen and calls factory(app) -> a pips.scene.Scene.
`key` is short, lowercase ASCII: `python -m sim --game KEY` and the monkey test use it. Only real games here.
"""

GAMES = (
    ("wuerfelglanz", "Würfelglanz", "pips.wuerfelglanz.scene", "WuerfelglanzScene"),
    ("diceduel", "Dice Duel", "pips.dice_duel.setup", "DiceDuelSetup"),
    ("dymino", "Dymino", "pips.dymino.scene", "DyminoScene"),
    ("dominoes", "Dominoes", "pips.dominoes.setup", "DominoesSetup"),
)


def find(key):
    """The entry whose key (or title, ignoring case) is `key`, else None."""
    wanted = key.lower()
    for entry in GAMES:
        if entry[0] == wanted or entry[1].lower() == wanted:
            return entry
    return None


def load(entry):
    """Import the game's module (lazily, on the badge this costs RAM) and return its factory."""
    module = __import__(entry[2], None, None, (entry[3],))
    return getattr(module, entry[3])
