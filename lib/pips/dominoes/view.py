"""Dominoes' screen, built once. Frames write tile indices, positions and changed label texts only.

    0..11     the counts: the opponent's hand and the stock, labelled
    12..83    the window onto the table (pips.dominoes.table_view; the camera moves the table under it)
    84..95    the status strip: what happened, whose turn, what to do (never over the line)
    96..127   the hand of the player to move (8 slots of 14 px, scrolling; the selected tile raised and gold, a
              green bar under each tile that can be played) and, at the right, both scores (the mover in gold)
The overview (the whole table at 4 px a cell) replaces the window and the hand while asked for; a cover hides
the whole screen when the badge passes between two people.
"""
import displayio

from engine.dominoes_table import HI, LO
from pips import modules
from pips.dominoes.table_view import CELL, HAND_W, MARK_H, VIEW_Y, TableView, half_index
from pips.ui import palette, shapes, text

from micropython import const

_STATUS_Y = const(84)
_HAND_Y = const(99)
_HAND_H = const(24)  # a hand tile stands upright: two halves
_RAISE = const(4)
HAND_SLOTS = const(8)
_SCORES_X = const(114)
_THINK_X = const(148)


def _show_tile(grid, tile):
    """A 1 x 2 hand TileGrid shows `tile` upright (high half on top), or nothing (tile -1); written where it
    changes (the TileGrid is read back: no mirror of what it shows)."""
    top = half_index(HI[tile], 2) if tile >= 0 else 0
    if grid[0] != top:
        grid[0] = top
    top = half_index(LO[tile], 0) if tile >= 0 else 0
    if grid[1] != top:
        grid[1] = top


class DominoesView:
    def __init__(self, sheets=None):
        """sheets: the `sheets` of a view built before (pips.scene, make_view), else they are drawn."""
        if sheets is None:
            # bitmaps and palettes only (a TileGrid belongs to one group for good); their drawing code leaves RAM
            # once they are drawn
            before = modules.loaded()
            from pips.dominoes import sheets as drawing
            sheets = drawing.draw()
            del drawing
            modules.unload_since(before)
        self.sheets = sheets
        halves, colors, ghost_colors, hand_colors, selected_colors, marks, mark_colors = sheets
        self.group = displayio.Group()
        group = self.group
        # (no felt under the window: its empty cells are the felt, and the overview brings its own)
        self.table = TableView(halves, colors, ghost_colors)
        self.before_overview = None  # the modules loaded before the overview opened
        group.append(self.table.group)
        # the bars cover the table above and below the window
        group.append(shapes.rect(0, 0, text.SCREEN_W, VIEW_Y, palette.BACKGROUND))
        group.append(shapes.rect(0, _STATUS_Y, text.SCREEN_W, text.SCREEN_H - _STATUS_Y, palette.BACKGROUND))
        self.counts = text.label("", 2, 0, palette.TEXT)
        self.stock = text.label("", text.SCREEN_W - 2, 0, palette.TEXT, anchor=(1.0, 0.0))
        group.append(self.counts)
        group.append(self.stock)
        self.status = text.centered("", _STATUS_Y + 1, background=palette.BACKGROUND)
        group.append(self.status)
        # the CPU is thinking: up to three dots at the strip's right end
        self.thinking = tuple(shapes.rect(_THINK_X + 4 * i, _STATUS_Y + 8, 2, 2, palette.ACCENT) for i in range(3))
        self.lit = 0  # how many of them show
        for dot in self.thinking:
            dot.hidden = True
            group.append(dot)
        # a hand tile is two halves of the table's sheet, upright (one 1 x 2 TileGrid a slot: its two tile
        # indices sit inside the TileGrid, no buffer), 1 px into its 14-px slot
        self.hand = []
        for slot in range(HAND_SLOTS):
            grid = displayio.TileGrid(halves, pixel_shader=hand_colors, height=2, tile_width=CELL,
                                      tile_height=CELL, x=slot * HAND_W + 1, y=_HAND_Y)
            self.hand.append(grid)
            group.append(grid)
        self.selected = displayio.TileGrid(halves, pixel_shader=selected_colors, height=2,
                                           tile_width=CELL, tile_height=CELL, x=1, y=_HAND_Y - _RAISE)
        self.selected.hidden = True
        group.append(self.selected)
        self.marks = displayio.TileGrid(marks, pixel_shader=mark_colors, width=HAND_SLOTS,
                                        height=1, tile_width=HAND_W, tile_height=MARK_H, x=0,
                                        y=_HAND_Y + _HAND_H + 1)
        group.append(self.marks)
        self.score_labels = (text.label("", _SCORES_X, _HAND_Y - 1), text.label("", _SCORES_X, _HAND_Y + 13))
        for item in self.score_labels:
            group.append(item)
        group.append(self.table.overview)  # (filled while it is shown)
        # the cover between two people's turns: an empty group but while it is shown (a match against the CPU
        # never holds its panel and texts)
        self.cover = displayio.Group()
        self.cover.hidden = True
        self.cover_body = None
        group.append(self.cover)

    # ---- the hand ---------------------------------------------------------------------------------------------
    def show_hand(self, choice, offset, mask, hidden, show):
        """The hand slots from `choice`'s tile number `offset` on (pips.dominoes.choice), each with the green bar
        under it if it is in the tile mask `mask`; with `show` the selected tile stands above its slot, raised
        and gold; `hidden` shows no tile."""
        count = choice.hand_len
        selected = choice.selected
        marks = self.marks
        for slot in range(HAND_SLOTS):
            i = offset + slot
            tile = -1
            mark = 0
            if i < count and not hidden:
                tile = choice.hand_tiles[i]
                mark = 1 if mask & (1 << tile) else 0
                if i == selected and show:
                    self.selected.x = slot * HAND_W + 1
                    _show_tile(self.selected, tile)
                    tile = -1
            _show_tile(self.hand[slot], tile)
            if marks[slot] != mark:  # (a one-row TileGrid: an int index, no tuple made)
                marks[slot] = mark
        hide = not show or not count or hidden
        if self.selected.hidden != hide:  # (set shown again, a shown TileGrid is redrawn whole)
            self.selected.hidden = hide

    # ---- text -------------------------------------------------------------------------------------------------
    def set_scores(self, names, scores, to_move, held, stock):
        """Both scores, the player to move (0 / 1, or -1: nobody) in gold; the tiles the other player (to the
        screen's hand) holds, and the stock."""
        for seat in range(2):
            lbl = self.score_labels[seat]
            text.set_text(lbl, "%s %d" % (names[seat], scores[seat]))
            text.set_color(lbl, palette.ACCENT if seat == to_move else palette.TEXT)
        text.set_text(self.counts, "%s hand %d" % held)
        text.set_text(self.stock, "Stock %d" % stock)

    def set_message(self, message):
        text.set_text(self.status, message)

    def show_thinking(self, lit):
        """The first `lit` of the three thinking dots shown (0: none)."""
        self.lit = lit
        for i in range(3):
            hide = i >= lit
            if self.thinking[i].hidden != hide:
                self.thinking[i].hidden = hide

    def show_overview(self, on):
        """The whole table in place of the window: made when it opens, its code dropped when it closes."""
        table = self.table
        if on and table.whole is None:
            self.before_overview = modules.loaded()
            from pips.dominoes.overview import Overview
            table.show_overview(Overview(table.overview, table.camera, table.colors))
        elif not on:
            opened = table.whole is not None
            table.show_overview(None)
            if opened:
                modules.unload_since(self.before_overview)

    def show_cover(self, body):
        """Hide everything behind the pass screen ("" takes it away, and its panel and texts with it)."""
        cover = self.cover
        if body and self.cover_body is None:
            cover.append(shapes.rect(0, 0, text.SCREEN_W, text.SCREEN_H, palette.BACKGROUND))
            cover.append(shapes.panel(8, 30, 144, 66, palette.PANEL, palette.BORDER))
            cover.append(text.centered("Pass the badge", 36, palette.ACCENT))
            self.cover_body = text.centered("", 54, palette.TEXT)
            cover.append(self.cover_body)
            cover.append(text.centered("A: ready", 76, palette.DIM_TEXT))
        elif not body and self.cover_body is not None:
            while len(cover):
                cover.pop()
            self.cover_body = None
        if body:
            text.set_text(self.cover_body, body)
        cover.hidden = not body
