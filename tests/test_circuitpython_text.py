"""pips.ui.text's compact lines: placed as adafruit_display_text placed them, and (under circuitpython-pybadge with
the badge stand-ins) a fraction of a Label's heap."""
import os

import pytest

from pips.ui import palette, text
from tools import build_device, cp_run

REASON = cp_run.missing()


def test_lines_sit_at_their_anchor_and_grow_with_their_text():
    line = text.centered("Hello", 20)
    assert (line.x, line.y) == (80 - 15, 20) and line.text == "Hello"
    text.set_text(line, "Hello world")  # longer than the grid: it grows, still centred
    assert line.x == 80 - 33 and line[0].width == 11
    text.set_text(line, "Hi")  # shorter: the grid stays where it is, the text moves within it by whole characters
    blank = line[0][0]
    assert line.x == 80 - 33 and line[0].width == 11
    shown = [i for i in range(11) if line[0][i] != blank]
    assert shown == [5, 6]  # 4.5 characters in: its centre 3 px right of the anchor, the nearest a whole step gets
    text.set_text(line, "Hi you")
    assert [i for i in range(11) if line[0][i] != blank] == [3, 4, 6, 7, 8]  # (3.5 in; the space is blank)
    right = text.label("42", 150, 100, anchor=(1.0, 0.5), scale=2)
    assert (right.x, right.y) == (150 - 24, 100 - 12)
    text.set_text(right, "7")  # right-aligned: exact, whatever the length
    assert right.x == 150 - 24 and right[0][0] == blank and right[0][1] != blank
    two = text.label("ab\nlonger", 0, 0)
    assert (two[0].width, two[0].height) == (6, 2)
    text.set_color(two, palette.ACCENT)
    assert two.color == palette.ACCENT and two[0].pixel_shader[1] == palette.ACCENT


def test_a_line_on_a_background_is_opaque_and_keeps_it_through_a_colour_change():
    plain = text.label("ab", 0, 0)
    solid = text.centered("ab", 0, background=palette.BACKGROUND)
    assert plain[0].pixel_shader.is_transparent(0)
    shader = solid[0].pixel_shader
    assert not shader.is_transparent(0) and shader[0] == palette.BACKGROUND and shader[1] == palette.TEXT
    text.set_color(solid, palette.ACCENT)
    shader = solid[0].pixel_shader
    assert not shader.is_transparent(0) and shader[0] == palette.BACKGROUND and shader[1] == palette.ACCENT
    assert text.label("cd", 0, 0)[0].pixel_shader is plain[0].pixel_shader  # (a colour's palette is shared)


def test_the_glyph_tiles_are_the_fonts():
    line = text.label("Az ?", 0, 0)
    tiles = [line[0][i, 0] for i in range(4)]
    assert len(set(tiles)) == 4  # four different characters, four different tiles
    assert text.label("\u20ac", 0, 0)[0][0, 0] == tiles[3]  # a character the font lacks shows "?"


@pytest.mark.skipif(REASON is not None, reason=REASON or "")
def test_a_line_costs_a_fraction_of_a_label_on_circuitpython():
    code = """
import sys, gc
sys.path.insert(0, %r)
sys.path.append(%r)  # adafruit_display_text from the pinned packages, after the stand-ins
from pips.ui import text
from adafruit_display_text import label
keep = [text.label("x", 0, 0), label.Label(text.FONT, text="x")]
gc.collect(); before = gc.mem_alloc()
keep.append(text.label("The quick brown fox jumps", 2, 20))
gc.collect(); line = gc.mem_alloc() - before
before = gc.mem_alloc()
keep.append(label.Label(text.FONT, text="The quick brown fox jumps"))
gc.collect(); print("sizes", line, gc.mem_alloc() - before)
""" % (os.path.join(cp_run.REPO, "lib"), build_device.site_packages())
    result = cp_run.run(code=code, heap="256K")
    assert result.status == 0, result
    line, label_bytes = map(int, result.stdout.split("sizes ")[1].split()[:2])
    assert line < 600 and label_bytes > 5 * line


def test_wrap_spans_are_the_wrapped_lines():
    body = "Place pairs and singles.\nThree equal dice in a line pop, jokers count for any value. Supercalifragilistic"
    spans = text.wrap_spans(body, 12)
    lines = [body[spans[i]:spans[i + 1]] for i in range(0, len(spans), 2)]
    assert lines == text.wrap(body, 12)
    assert lines[:3] == ["Place pairs", "and singles.", "Three equal"]
    assert lines[-2:] == ["Supercalifra", "gilistic"]  # an over-long word is split
    assert all(len(line) <= 12 for line in lines)
    assert " ".join(lines).split() == " ".join(body.replace("Supercalifragilistic", "Supercalifra gilistic")
                                               .split("\n")).split()
    assert text.wrap("", 5) == [""] and text.wrap("a\n\nb", 5) == ["a", "", "b"]


def _differences(tmp_path, first, second):
    """The pixels (x, y) where two groups differ on the simulator's screen."""
    from tests.simkit import make_sim, picture
    sim = make_sim(tmp_path)
    shown = []
    for group in (first, second):
        sim.app.display.root_group = group
        shown.append(picture(sim))
        sim.app.display.root_group = None  # the group may be shown again
    width = 160
    return sorted((i // 3 % width, i // 3 // width) for i in range(0, len(shown[0]), 3)
                  if shown[0][i:i + 3] != shown[1][i:i + 3])


def test_u_umlaut_is_u_with_two_dots_in_lines_and_grids(tmp_path):
    import displayio
    from pips.ui.text_grid import TextGrid, encode
    dots = [(20 + 6 + x, 30 + text.UMLAUT_ROW) for x in text.UMLAUT_COLUMNS]  # over the second cell
    plain = displayio.Group()
    plain.append(text.label("Wu", 20, 30))
    umlaut = displayio.Group()
    line = text.label("W\u00fc", 20, 30)
    umlaut.append(line)
    assert _differences(tmp_path, plain, umlaut) == dots
    text.set_text(line, "Wu")  # the dots go with the letter
    assert _differences(tmp_path, plain, umlaut) == []
    grids = []
    for word in ("Wu", "W\u00fc"):
        grid = TextGrid(4, 1, 20, 30, palette.TEXT, "Wu\u00fc")
        grid.write(0, encode(word))
        group = displayio.Group()
        group.append(grid.grid)
        grids.append(group)
    assert _differences(tmp_path, grids[0], grids[1]) == dots  # the rules and Records pages draw it the same
