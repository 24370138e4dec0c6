"""Shared UI pieces for the shell and the games: palette, text, rectangles, lists, dice faces."""
