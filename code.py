"""Pips on the badge: build the device platform, run the app; an unhandled error shows on screen, a press restarts.

On a PC this file sits where the standard library's `code` module would be found (pdb imports it): there it does
nothing.
"""
import sys

if sys.implementation.name == "circuitpython":
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
