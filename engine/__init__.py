"""Pips game engine: rules, scoring and CPU players. Pure logic, no I/O; runs on CircuitPython, MicroPython and CPython."""
