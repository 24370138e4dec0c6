"""The release, its one place: the About page's title, the release zip's name (tools/build_release.py) and
CHANGELOG.md's newest entry (tests/test_release.py holds them equal).

A module of its own that only the help pages import (pips.scenes.texts): in pips/__init__.py, which every run loads,
its two names would be interned in every run, for good.
"""
VERSION = "1.1.1"
