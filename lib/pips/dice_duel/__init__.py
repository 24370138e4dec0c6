"""Kniffel Dice Duel on the badge: setup, the game scene, its drawing, records and texts."""


def play(app, game, cpu_values=None):
    """The game scene for `game`, built once the setup's action has returned and its code has left (setup.py):
    this function lives here, not in the setup's module, so nothing of the setup stays alive beside the game."""
    import gc
    gc.collect()
    from pips.dice_duel.scene import DiceDuelScene
    app.push(DiceDuelScene(app, game, cpu_values))
