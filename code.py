"""Pips on the badge: pips.boot.main() runs the app (kept out of this file: the badge compiles code.py in RAM).

On a PC this file sits where the standard library's `code` module would be found (pdb imports it): there it does
nothing. On a CircuitPython other than 9 or 10 it says so on the badge's screen and waits: the app's .mpy files are
format 6, which only those load, and the firmware's own "incompatible .mpy file" error says nothing of which to get.
"""
import sys

if sys.implementation.name == "circuitpython":
    if sys.implementation.version[0] in (9, 10):
        from pips.boot import main
        main()
    else:  # print() shows on the firmware's terminal: 24 columns on CircuitPython 7 and 8, so lines of 23 at most
        print("Pips needs\nCircuitPython 9 or 10 -\nthis badge runs %d.%d.\nGet it from\ncircuitpython.org\n"
              "/board/pybadge" % sys.implementation.version[:2])
        import time
        while True:  # the message stays on screen (ended, code.py's run would print the firmware's lines over it)
            time.sleep(60)
