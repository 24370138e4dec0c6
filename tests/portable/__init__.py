"""Engine tests that run unchanged under CPython (pytest) and real MicroPython (tests/test_micropython.py).

Rules for files here: only `assert`, plain functions named test_*, imports from `engine` and this package only.
No pytest, no fixtures, no f-string `=`, nothing CPython-only.
"""
