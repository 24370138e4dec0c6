"""Shared UI pieces for the shell and the games: palette, text, rectangles, lists, dice faces."""


def show(layer, visible):
    """Show or hide a TileGrid, touching it only on a change: the firmware redraws one whose `hidden` is set to the
    value it had too (shown: the whole grid; hidden: the area it last covered)."""
    hidden = not visible
    if layer.hidden != hidden:
        layer.hidden = hidden
