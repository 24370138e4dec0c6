"""Dominoes' setup screen: it shows the choices the record keeps (opponent, match target), Left/Right change them and
leaving keeps them, B goes back to the menu, Resume saved shows only with a saved match (the cursor on it) and
resumes it, a record that passes its CRC but holds a value out of range is refused (the defaults show), the setup's
code leaves RAM once the game is on, and no button sequence crashes it."""
import sys

from engine import dominoes as dm
from engine.rng import Rng
from pips import actions, saves
from pips.dominoes import records, saved, setting_choices
from pips.dominoes.records import OPPONENT, PEOPLE, TARGET
from pips.dominoes.scene import DominoesScene
from pips.scenes.setup import ROW_RESUME, ROW_RULES, ROW_START
from tests.simkit import DictStore, make_sim

HARD = 2


def _open(tmp_path, store=None):
    sim = make_sim(tmp_path, store=store if store is not None else DictStore(), seed=5)
    sim.app.start("dominoes")
    return sim


def _shown(setup):
    """{row: value} of the setup's list."""
    return dict(zip(setup.rows, setup.list.item_values))


def _press(sim, *names):
    for name in names:
        sim.app.dispatch(getattr(actions, name))


def _stored_record(store):
    record = records.new_record()
    assert records.decode(record, store.load(saves.DOMINOES_RECORD))
    return record


def test_the_setup_shows_the_remembered_choices_with_the_cursor_on_start(tmp_path):
    store = DictStore()
    record = records.new_record()
    record[OPPONENT] = HARD
    record[TARGET] = 2
    record[2 + 2 * HARD] = 3  # won 3, lost 1 against Hard
    record[3 + 2 * HARD] = 1
    records.save_record(store, record)
    setup = _open(tmp_path, store).app.top()
    assert type(setup).__name__ == "DominoesSetup"
    assert setup.rows == ["Opponent", "Match to", ROW_START, ROW_RULES]  # nothing saved: no Resume saved
    assert _shown(setup)["Opponent"] == "Hard CPU" and _shown(setup)["Match to"] == "150"
    assert setup.rows[setup.list.cursor] == ROW_START
    assert setup.heading.text == "vs Hard W/L 3 / 1"


def test_changing_and_starting_keeps_the_choices_and_the_match_uses_them(tmp_path):
    sim = _open(tmp_path)
    store = sim.app.store
    setup = sim.app.top()
    assert _shown(setup)["Opponent"] == "Normal CPU" and _shown(setup)["Match to"] == "100"  # the defaults
    _press(sim, "UP", "UP", "RIGHT", "RIGHT")  # Normal -> Hard -> 2 players
    assert _shown(setup)["Opponent"] == "2 players" and setup.heading.text == "2 players P1/P2 0 / 0"
    _press(sim, "DOWN", "LEFT")  # a match to 50
    assert _shown(setup)["Match to"] == "50"
    assert store.load(saves.DOMINOES_RECORD) is None  # kept as the setup is left, not at each press
    _press(sim, "DOWN", "A")
    scene = sim.app.top()
    assert isinstance(scene, DominoesScene)
    assert scene.opponent == PEOPLE and scene.game.target == 50
    stored = _stored_record(store)
    assert (stored[OPPONENT], stored[TARGET]) == (PEOPLE, 0)
    # chosen again next time
    sim.app.to_menu()
    sim.app.start("dominoes")
    assert _shown(sim.app.top())["Opponent"] == "2 players" and _shown(sim.app.top())["Match to"] == "50"


def test_a_on_a_choice_changes_it_and_left_wraps_around(tmp_path):
    sim = _open(tmp_path)
    setup = sim.app.top()
    _press(sim, "UP", "UP", "A")
    assert _shown(setup)["Opponent"] == "Hard CPU" and type(sim.app.top()).__name__ == "DominoesSetup"
    _press(sim, "LEFT", "LEFT", "LEFT")
    assert _shown(setup)["Opponent"] == "2 players"


def test_b_goes_back_to_the_menu_and_keeps_only_what_changed(tmp_path):
    sim = _open(tmp_path)
    store = sim.app.store
    _press(sim, "B")
    assert type(sim.app.top()).__name__ == "MenuScene"
    assert store.load(saves.DOMINOES_RECORD) is None  # nothing changed: nothing written
    sim.app.start("dominoes")
    _press(sim, "UP", "RIGHT", "B")
    assert type(sim.app.top()).__name__ == "MenuScene"
    assert _stored_record(store)[TARGET] == 2


def test_resume_saved_shows_only_with_a_saved_match_and_resumes_it(tmp_path):
    store = DictStore()
    game = dm.DominoesGame(Rng(9).next30(), 50)
    saved.save_game(store, game, PEOPLE)
    kept = bytes(game.save())
    sim = _open(tmp_path, store)
    setup = sim.app.top()
    assert setup.rows == ["Opponent", "Match to", ROW_START, ROW_RESUME, ROW_RULES]
    assert setup.rows[setup.list.cursor] == ROW_RESUME and _shown(setup)[ROW_RESUME] == "2 players"
    _press(sim, "A")
    scene = sim.app.top()
    assert isinstance(scene, DominoesScene)
    assert bytes(scene.game.save()) == kept and scene.opponent == PEOPLE and scene.strip.note == "Match resumed"
    assert scene.record[OPPONENT] == 1  # the setting for new matches stays as it was (Normal)


def test_start_with_a_saved_match_replaces_it_with_the_new_one(tmp_path):
    store = DictStore()
    saved.save_game(store, dm.DominoesGame(123, 100), 1)
    sim = _open(tmp_path, store)
    setup = sim.app.top()
    setup.list.cursor = setup.rows.index(ROW_START)
    _press(sim, "A")
    scene = sim.app.top()
    assert scene.strip.note != "Match resumed"
    sim.frame()  # the new match takes the saved one's place at the next frame (one write)
    assert store.load(saves.DOMINOES_GAME)[2:] == bytes(scene.game.save())


def test_a_stored_setting_out_of_range_is_refused_and_the_defaults_show(tmp_path):
    for opponent, target in ((PEOPLE + 1, 1), (0, len(dm.MATCH_TARGETS)), (255, 255)):
        store = DictStore()
        record = records.new_record()
        record[OPPONENT] = opponent
        record[TARGET] = target
        store.save(saves.DOMINOES_RECORD, records.encode(record))  # well formed, version and length right
        setup = _open(tmp_path, store).app.top()
        assert _shown(setup)["Opponent"] == "Normal CPU" and _shown(setup)["Match to"] == "100"


def test_a_saved_match_against_an_unknown_opponent_is_refused_without_a_resume_row(tmp_path):
    from pips.scenes.results import ResultsScene
    store = DictStore()
    saved.save_game(store, dm.DominoesGame(5, 100), PEOPLE + 1)
    sim = _open(tmp_path, store)
    assert isinstance(sim.app.top(), ResultsScene)  # "Saved game could not be read", once
    _press(sim, "A")
    setup = sim.app.top()
    assert type(setup).__name__ == "DominoesSetup" and ROW_RESUME not in setup.rows
    assert store.load(saves.DOMINOES_GAME) is None


def test_the_setup_and_settings_offer_the_same_choices_from_one_owner(tmp_path):
    # the setup's rows are the record's first fields in order; Settings (paused) shows the same labels and options
    labels = [label for label, _ in setting_choices()]
    assert (labels.index("Opponent"), labels.index("Match to")) == (OPPONENT, TARGET)
    opponents, targets = setting_choices()[0][1], setting_choices()[1][1]
    assert targets == tuple(str(target) for target in dm.MATCH_TARGETS)
    assert len(opponents) == PEOPLE + 1 and opponents[PEOPLE] == "2 players"
    sim = _open(tmp_path)
    assert sim.app.top().rows[:2] == labels
    _press(sim, "A")
    scene = sim.app.top()
    rows = scene.settings_rows()
    assert [(row.label, row.options) for row in rows] == list(setting_choices())
    assert scene.rules()[0] == "Dominoes rules" and scene.rules()[1].read().startswith("Double-six dominoes")


def test_the_setups_code_leaves_ram_once_the_game_is_on(tmp_path):
    sim = _open(tmp_path)
    assert "pips.dominoes.setup" in sys.modules and "pips.scenes.setup" in sys.modules
    _press(sim, "A")
    assert isinstance(sim.app.top(), DominoesScene)
    for name in ("pips.dominoes.setup", "pips.scenes.setup", "pips.ui.menu_list", "pips.dominoes.records",
                 "pips.dominoes.saved"):
        assert name not in sys.modules, name


def test_rules_and_the_pause_menu_open_over_the_setup(tmp_path):
    sim = _open(tmp_path)
    _press(sim, "DOWN", "A")  # Rules, below Start
    assert type(sim.app.top()).__name__ == "HelpScene"
    _press(sim, "B", "START")
    assert type(sim.app.top()).__name__ == "PauseScene"
    _press(sim, "B")
    assert type(sim.app.top()).__name__ == "DominoesSetup"


def test_no_button_sequence_through_the_setup_crashes(tmp_path):
    # mashed buttons, frames between them; whenever the menu comes back, Dominoes is opened again
    store = DictStore()
    saved.save_game(store, dm.DominoesGame(77, 50), HARD)
    sim = _open(tmp_path, store)
    rng = Rng(2024)
    names = ("UP", "DOWN", "LEFT", "RIGHT", "A", "B", "START", "SELECT")
    reached = set()
    for step in range(600):
        top = sim.app.top()
        name = type(top).__name__
        reached.add(name)
        if name == "MenuScene" or name == "DominoesScene":
            sim.app.to_menu()
            sim.app.start("dominoes")
            continue
        sim.app.dispatch(getattr(actions, names[rng.next30() % len(names)]))
        if step % 5 == 0:
            sim.frame()
    assert {"DominoesSetup", "PauseScene", "HelpScene"} <= reached
