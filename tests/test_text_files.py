"""Long texts as files (pips.text): the rules viewer reads a file a page at a time and shows exactly what it shows
for the same text as a string; a missing or damaged file is a line on screen, not a crash."""
import os

import pytest

from pips import text as text_files
from pips.scenes.help import COLUMNS, VISIBLE_LINES, HelpScene
from pips.text import File
from pips.ui import text
from tests.simkit import DictStore, make_sim, page_text, wrapped_lines

NAMES = sorted(name for name in os.listdir(os.path.dirname(text_files.__file__)) if name.endswith(".txt"))


@pytest.fixture
def app(tmp_path):
    sim = make_sim(tmp_path, store=DictStore(), seed=3)
    sim.app.start()
    return sim.app


def test_every_text_file_is_there_and_ascii():
    assert {"dice_duel_rules.txt", "dominoes_rules.txt", "dymino_rules.txt", "wuerfelglanz_rules.txt",
            "how_to_play.txt", "about_pips.txt", "replay_codes.txt", "first_game_tips.txt"} <= set(NAMES)
    for name in NAMES:
        body = File(name).read()
        assert body and "missing or damaged" not in body, name
        assert all(32 <= ord(c) < 127 or c == "\n" for c in body), name


@pytest.mark.parametrize("name", NAMES)
def test_a_file_wraps_as_its_text_does(name):
    file = File(name)
    body = file.read()
    spans, characters = file.wrap(COLUMNS)
    lines = [file.slice(spans[i], spans[i + 1]).decode() for i in range(0, len(spans), 2)]
    assert lines == text.wrap(body, COLUMNS)
    assert set(characters) == set(body) - {"\n"}


@pytest.mark.parametrize("name", ["dominoes_rules.txt", "how_to_play.txt"])
def test_the_viewer_pages_a_file_as_it_pages_the_string(app, name):
    from_file = HelpScene(app, "Rules", File(name))
    from_text = HelpScene(app, "Rules", File(name).read())
    assert from_file.line_count == from_text.line_count > VISIBLE_LINES
    assert wrapped_lines(from_file) == wrapped_lines(from_text)
    for step in [1] * 3 + [VISIBLE_LINES - 1] * 30 + [-(VISIBLE_LINES - 1)] * 2:
        assert page_text(from_file) == page_text(from_text)
        from_file.scroll(step)
        from_text.scroll(step)
        assert from_file.first == from_text.first and from_file.bar.y == from_text.bar.y
    assert not hasattr(from_file, "codes")  # the file's text is never held whole


def test_a_missing_file_is_a_line_on_screen(app):
    scene = HelpScene(app, "Rules", File("no_such_text.txt"))
    shown = " ".join(" ".join(page_text(scene)).split())
    assert "The text file no_such_text.txt is missing or damaged: copy the folder lib/pips/text onto" in shown
    assert "missing or damaged" in File("no_such_text.txt").read()
    assert "missing or damaged" in File("no_such_text.txt").read(2)
    tips = File("first_game_tips.txt")
    assert "missing or damaged" in tips.read(len(tips.read().split("\n")))  # past the last line


def test_a_line_is_read_alone():
    tips = File("first_game_tips.txt")
    assert [tips.read(index) for index in range(7)] == tips.read().split("\n")


def test_a_damaged_file_is_a_line_on_screen(app, tmp_path, monkeypatch):
    damaged = tmp_path / "rules.txt"
    damaged.write_bytes("Roll the dice.\nW\xfcrfel\n".encode("latin-1"))  # not UTF-8
    monkeypatch.setattr(File, "path", lambda self: str(damaged))
    scene = HelpScene(app, "Rules", File("rules.txt"))
    assert "rules.txt is missing or damaged" in " ".join(page_text(scene))
    assert "damaged" in File("rules.txt").read()
    damaged.write_bytes("Roll the dice.\nW\xfcrfel\n".encode())  # UTF-8, not ASCII: offsets would be off
    assert "damaged" in File("rules.txt").read()
    assert "rules.txt is missing or damaged" in " ".join(page_text(HelpScene(app, "Rules", File("rules.txt"))))


@pytest.mark.parametrize("name", NAMES)
def test_the_players_texts_hold_no_developer_commands(name):
    body = File(name).read()
    for command in ("python -m", "make test", "--seed", "pip install"):  # the README's business, not the badge's screens
        assert command not in body, (name, command)
