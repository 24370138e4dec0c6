"""The desktop's stand-in for MicroPython's built-in `micropython` module, so that device code imports const()
plainly (CPython finds this file on the repository's root; CircuitPython and MicroPython have their own module,
and the device build never ships this file). const() is the identity here; mpy-cross folds NAME = const(value)."""


def const(value):
    return value
