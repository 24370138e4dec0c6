"""Pips: the app on displayio. Same code on the badge and in the simulator."""
