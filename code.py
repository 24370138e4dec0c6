"""Pips on the badge: build the device platform, run the app; an unhandled error shows on screen, a press restarts.

On a PC this file sits where the standard library's `code` module would be found (pdb imports it): there it does
nothing.
"""
import sys

if sys.implementation.name == "circuitpython":
    # Between two runs (power-on, the restart after each game: pips.platform) the firmware shows its terminal:
    # black from here until the app's first frame, drawn now (auto_refresh is still on), before the app lights the
    # backlight a restart turned off. ReloadException, a restart's, is no Exception: it passes the handler below
    # and the firmware runs this file again.
    import board
    board.DISPLAY.root_group = None
    board.DISPLAY.refresh()
    # Imported up front (about 1 KB): when the heap runs out, importing the error screen could fail too.
    from pips.crash import show_and_restart
    platform = None
    try:
        from pips.device import DevicePlatform
        platform = DevicePlatform()
        from pips.app import run
        run(platform)
    except Exception as error:  # MemoryError too; Ctrl-C (KeyboardInterrupt) still reaches the REPL
        show_and_restart(error, platform)
