"""Kniffel Dice Duel on the badge: setup, the game scene, its drawing, records and texts."""


def play(app, game, cpu_values=None, setup_modules=None):
    """The game scene for `game` in place of the setup, at the start of the frame after the setup's action (its
    frames no longer hold it): the setup and its code (`setup_modules`) go first. This function lives here, not in
    the setup's module, so nothing of the setup stays alive beside the game."""
    import gc
    if setup_modules is not None:
        import sys
        from pips import modules
        app.pop()
        modules.unload_since([name for name in sys.modules if name not in setup_modules])
    gc.collect()
    from pips.dice_duel.scene import DiceDuelScene
    app.push(DiceDuelScene(app, game, cpu_values))
