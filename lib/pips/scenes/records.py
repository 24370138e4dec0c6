"""The title menu's Records screen: each game's bests, read from the store.

Each catalog game's records module (its module path with the last part replaced: pips.dymino.scene ->
pips.dymino.records) provides summary_rows(store) -> [(label, value), ...]. Each is imported here and unloaded
again before the next (on the badge the four games' records code and engines do not fit in RAM together). The lines
scroll like the help viewer's; the game names are gold.
"""
import gc

from pips import catalog, modules
from pips.scenes.help import COLUMNS, VISIBLE_LINES, HelpScene
from pips.ui import palette, text_grid

TITLE = "Records"


def records_module(entry):
    """The records module's name for a catalog entry."""
    path = entry[2]
    return path[:path.rfind(".") + 1] + "records"


def record_lines(store):
    """(lines, indices of the game-name lines): label left, value right, in COLUMNS characters."""
    lines = []
    headings = []
    for entry in catalog.GAMES:
        rows = game_rows(entry, store)
        if rows is None:
            continue  # a game without records
        if lines:
            lines.append("")
        headings.append(len(lines))
        lines.append(entry[1])
        for label, value in rows:
            lines.extend(row_lines(label, value))
    return lines, headings


def game_rows(entry, store):
    """One game's summary rows, or None. Its records module (and the engine it pulls in) is unloaded before the
    next game's loads: one game's code in RAM at a time (all four at once need some 57 KB of heap)."""
    try:
        with modules.briefly():
            return __import__(records_module(entry), None, None, ("summary_rows",)).summary_rows(store)
    except (ImportError, AttributeError):
        return None
    finally:
        gc.collect()


def row_lines(label, value):
    """One line with the value right-aligned, or two (label, then the value) when they do not fit."""
    gap = COLUMNS - len(label) - len(value)
    if gap >= 1:
        return [label + " " * gap + value]
    return [label, " " * max(0, COLUMNS - len(value)) + value[-COLUMNS:]]


class RecordsScene(HelpScene):
    rows_a_frame = 2  # two grids a row (the gold one over the page): half the rows a frame

    def __init__(self, app):
        lines, headings = record_lines(app.store)
        self.headings = headings
        super().__init__(app, TITLE, "\n".join(lines))

    def write_row(self, row, index):
        """The row as the rules viewer shows it, or, for a game's name, on a second, gold grid over it."""
        if getattr(self, "accent", None) is None:  # made at the first row written (HelpScene.__init__ shows it)
            self.accent = text_grid.TextGrid(COLUMNS, VISIBLE_LINES, self.page.grid.x, self.page.grid.y,
                                             palette.ACCENT, self.body)
            self.group.append(self.accent.grid)
        spans = self.spans
        if index in self.headings:
            self.accent.write(row, self.codes, spans[2 * index], spans[2 * index + 1])
            self.page.write(row, self.codes, 0, 0)
        else:
            self.accent.write(row, self.codes, 0, 0)
            super().write_row(row, index)