"""The title menu's Records screen (every game's bests from the store) and the results' Again / Menu choice."""
import sys

from engine import dymino_score
from pips import actions
from pips.scenes import records as records_screen
from pips.scenes.menu import MenuScene
from pips.scenes.help import VISIBLE_LINES
from pips.scenes.records import COLUMNS, RecordsScene, row_lines
from pips.scenes.results import ResultsScene
from pips.ui import palette
from pips.ui.numbers import grouped
from tests.simkit import DictStore, make_sim, page_text, wrapped_lines


def press(app, *names):
    for name in names:
        app.dispatch(getattr(actions, name))


def filled_store():
    from engine.dominoes import NORMAL
    from pips.dice_duel import records as dice_duel
    from pips.dominoes import records as dominoes
    from pips.dymino import records as dymino
    from pips.wuerfelglanz import records as wuerfelglanz
    store = DictStore()
    best = wuerfelglanz.Records()
    best.best[0] = 1234
    best.best[1] = 56
    wuerfelglanz.save_records(store, best)
    for score in (620, 410):
        dice_duel.add_best(store, score)
    for score in (123456789012, 80):
        dymino.add_score(store, dymino_score.from_int(score))
    record = dominoes.new_record()
    for won in (True, True, True, False, False):
        dominoes.note_match(store, record, NORMAL, won)
    return store


def test_records_is_on_the_title_menu_and_shows_every_games_bests(tmp_path):
    sim = make_sim(tmp_path, store=filled_store(), seed=1)
    sim.app.start()
    menu = sim.app.top()
    assert isinstance(menu, MenuScene)
    assert menu.items.index("Records") == 5 and menu.items[6] == "Settings"  # after the four games and Play a code
    loaded_before = "pips.dymino.records" in sys.modules
    menu.choose(menu.items.index("Records"))
    sim.frame()  # it opens at the start of the next frame (App.later)
    screen = sim.app.top()
    assert isinstance(screen, RecordsScene)
    lines = wrapped_lines(screen)
    assert all(len(line) <= COLUMNS for line in lines)
    assert "Würfelglanz" in lines and "Dymino" in lines and "Dice Duel" in lines and "Dominoes" in lines
    assert "Best Lines" + " " * (COLUMNS - 10 - 5) + "1,234" in lines
    assert any(line.startswith("Best Groups") and line.endswith(" 56") for line in lines)
    assert any(line.startswith("Best solo") and line.endswith(" 620") for line in lines)
    assert any(line.startswith("1st") and line.endswith(" 123,456,789,012") for line in lines)  # exact, grouped
    assert any(line.startswith("2nd") and line.endswith(" 80") for line in lines)
    assert any(line.startswith("vs Normal W/L") and line.endswith(" 3 / 2 (60%)") for line in lines)
    # the game names are gold, the rows plain
    gold = [screen.accent.read(row) for row in range(VISIBLE_LINES)]
    plain = [screen.page.read(row) for row in range(VISIBLE_LINES)]
    assert gold[0] == "Würfelglanz" and plain[0] == "" and screen.accent.grid.pixel_shader[1] == palette.ACCENT
    assert plain[1] == lines[1] and gold[1] == "" and screen.page.grid.pixel_shader[1] == palette.TEXT
    # the records modules were imported for the screen and unloaded again
    assert ("pips.dymino.records" in sys.modules) == loaded_before
    press(sim.app, *["DOWN"] * 30)
    assert page_text(screen)[-1] == lines[-1]
    press(sim.app, "B")
    assert sim.app.top() is menu


def test_an_empty_store_reads_none_yet(tmp_path):
    lines, headings = records_screen.record_lines(DictStore())
    assert len(headings) == 4 and [lines[k] for k in headings][0] == "Würfelglanz"
    assert any(line.startswith("Best solo") and line.endswith("none yet") for line in lines)
    assert any(line.startswith("Top 5") and line.endswith("none yet") for line in lines)


def test_a_value_too_long_for_one_line_goes_below_its_label():
    assert row_lines("Best", "12") == ["Best" + " " * (COLUMNS - 6) + "12"]
    long_value = "9" * 12 + ",999" * 3
    assert row_lines("1st", long_value) == ["1st", " " * (COLUMNS - len(long_value)) + long_value]


def test_grouped_digits():
    assert [grouped(v) for v in (0, 12, 999, 1000, 1234567, 1073741823)] == \
        ["0", "12", "999", "1,000", "1,234,567", "1,073,741,823"]


def test_last_results_offer_again_and_menu(tmp_path):
    sim = make_sim(tmp_path, store=DictStore(), seed=1)
    sim.app.start()
    done = []
    sim.app.show_results("Round over", [("Score", 1)], on_done=lambda: done.append(1), again=True)
    results = sim.app.top()
    shown = [getattr(item, "text", None) for item in results.group]
    assert "Again" in shown and "Menu" in shown and "A: continue" not in shown
    press(sim.app, "A")  # Again is first
    assert done == [1] and isinstance(sim.app.top(), MenuScene)
    sim.app.show_results("Round over", [("Score", 1)], on_done=lambda: done.append(2), again=True)
    results = sim.app.top()
    press(sim.app, "RIGHT")
    assert results.bar.x > 80
    press(sim.app, "A")  # Menu: on_done is not called
    assert done == [1] and isinstance(sim.app.top(), MenuScene) and len(sim.app.stack) == 1
    sim.app.show_results("Round over", [("Score", 1)], on_done=lambda: done.append(3), again=True)
    press(sim.app, "B")  # B backs out to the menu
    assert done == [1] and isinstance(sim.app.top(), MenuScene)
    sim.app.show_results("Seat 1", [("Score", 1)], on_done=lambda: done.append(4))
    assert isinstance(sim.app.top(), ResultsScene) and sim.app.top().bar is None
    press(sim.app, "B")  # without Again / Menu every button continues
    assert done == [1, 4]


def _tiny_rows(scene):
    """(x, y, text) of each small-digit line on a results screen, read back from its tiles."""
    from pips.ui import tiny_text
    found = []
    for layer in scene.group:
        if getattr(layer, "tile_width", None) == tiny_text.GLYPH_W:
            chars = "".join(tiny_text._CHARS[layer[k, 0]] for k in range(layer.width))
            start = len(chars) - len(chars.lstrip())
            found.append((layer.x + start * tiny_text.GLYPH_W, layer.y, chars.strip()))
    return found


def test_results_show_a_40_digit_score_whole_beside_its_label(tmp_path):
    sim = make_sim(tmp_path, seed=1)
    sim.app.start()
    nines = dymino_score.new_score()
    nines[:] = b"\x09" * dymino_score.SCORE_DIGITS
    value = grouped(10 ** 40 - 1)
    assert dymino_score.to_text(nines) == value and len(value) == 53
    long = grouped(12345678901234567890123)
    scene = ResultsScene(sim.app, "Top 5", [("1st", value), ("2nd", long), ("3rd", "80")], again=True)
    lines = _tiny_rows(scene)
    # the 40 digits on two lines, broken after a digit group; the 23 digits on one; "80" in the normal font
    assert "".join(text for _, _, text in lines[:2]) == value and lines[0][2].endswith(",")
    assert [text for _, _, text in lines[2:]] == [long]
    label_end = 8 + len("1st ") * 6
    assert all(label_end <= x and x + len(text) * 4 <= 160 - 8 for x, _, text in lines)
    assert lines[1][1] - lines[0][1] == 6 and lines[2][1] > lines[1][1]  # one row each, in order
