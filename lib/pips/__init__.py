"""Pips: the app on displayio. Same code on the badge and in the simulator."""

# The release, its one place: the About page's title, the release zip's name (tools/build_release.py) and
# CHANGELOG.md's newest entry (a test holds them equal).
VERSION = "1.0.0"
