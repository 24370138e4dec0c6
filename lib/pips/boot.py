"""The badge's start (code.py calls main()): build the device platform, run the app; an unhandled error shows on
screen and a press restarts.

It lives here, not in code.py, because the badge compiles code.py in RAM at every start (its parse tree and
bytecode in the heap the app then grows into) while this module arrives compiled (.mpy). Measured under
circuitpython-pybadge (make bench, badge_heap): Würfelglanz's session completes from a 108 KB heap with a
one-import code.py, from 115 KB with this body in code.py; the other games' figures do not move.
"""
from pips import modules


def main():
    # Between two runs (power-on, the restart after each game: pips.platform) the firmware shows its terminal:
    # black from here until the app's first frame, drawn now (auto_refresh is still on), before the app lights the
    # backlight a restart turned off. ReloadException, a restart's, is no Exception: it passes the handler below
    # and the firmware runs code.py again.
    import board
    board.DISPLAY.root_group = None
    board.DISPLAY.refresh()
    # The error screen's code (pips.crash) is loaded only on an error (below), not beside every game; its names are
    # interned now, for good: on an error the interpreter's name table may be full, and growing it (up to 7.7 KB in
    # one block) could fail where the code itself fits.
    __import__("pips.crash")
    modules.unload("pips.crash")
    before = modules.loaded()
    platform = None
    try:
        from pips.device import DevicePlatform
        platform = DevicePlatform()
        from pips.app import run
        run(platform)
    except Exception as error:  # MemoryError too; Ctrl-C (KeyboardInterrupt) still reaches the REPL
        # Room for the error screen's code: the app's and the game's modules go first (their objects went with the
        # frames the error left). Should even that import fail, its MemoryError goes to the firmware, which prints
        # it on its terminal.
        modules.unload_since(before)
        import gc
        gc.collect()
        from pips.crash import show_and_restart
        show_and_restart(error, platform)
