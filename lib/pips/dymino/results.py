"""Dymino's end of game: the score enters the top-5 table, then two results pages (the game, the table)."""
from micropython import const

from pips import modules
from engine import dymino_score
from pips.dymino import records, texts

_RESULT_WIDTH = const(53)  # 40 digits grouped: the results page draws a long value in small digits, on two lines


def record(store, game, hinted=False):
    """Enter the finished game in the top-5 table at once (a power cut before the results keeps it); returns
    (its place 1..5 or 0, the table, the initials it was kept under)."""
    with modules.briefly():  # the statistics' code is needed once a game
        from pips import stats
        stats.update(store, ((stats.DYMINO_GAMES, 1),), ((stats.DYMINO_LONGEST_SERIES, game.longest_series),))
    # kept at once under the initials last entered; the player may change them on the results
    return records.add_score(store, game.score, hinted, None)


def show(app, game, place, table, name, on_done, hinted=False):
    """The game's results, then the table; `on_done` after both (Again), or the title menu."""
    rows = [("Score", dymino_score.to_text_within(game.score, _RESULT_WIDTH)), ("Place", texts.ORDINALS[place] if place else "-"),
            ("Turns", game.turns), ("Merges", game.merges), ("Longest series", game.longest_series)]
    if hinted:
        rows.append(("Hints used", "yes"))

    def show_table():
        table_rows = []
        for k in range(len(table)):
            table_rows.append((texts.ORDINALS[k + 1], dymino_score.to_text_within(table[k], _RESULT_WIDTH)))
        if not table_rows:
            table_rows.append(("No records", "-"))
        app.show_results("Top 5", table_rows, False, on_done, again=True)

    entry = None
    if place:  # a place in the table: its initials are entered first
        def entered(letters):
            records.set_initials(app.store, place, letters)
        entry = (name, entered)
    app.show_results("Game over", rows, place == 1, show_table, initials=entry)

