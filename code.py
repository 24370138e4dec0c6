"""Pips on the badge: pips.boot.main() runs the app (kept out of this file: the badge compiles code.py in RAM).

On a PC this file sits where the standard library's `code` module would be found (pdb imports it): there it does
nothing.
"""
import sys

if sys.implementation.name == "circuitpython":
    from pips.boot import main
    main()
