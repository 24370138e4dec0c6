"""UI helpers and the settings record: text wrapping, dice sheet faces, settings encoding."""
import displayio
from hypothesis import given, settings, strategies as st

from pips.settings import Settings
from pips.ui import dice, text


@settings(max_examples=60, deadline=None)
@given(st.lists(st.text(alphabet="abcdefghij", min_size=1, max_size=40), max_size=30), st.integers(5, 30))
def test_wrap_keeps_every_word_within_the_width(words, columns):
    lines = text.wrap(" ".join(words), columns)
    assert all(len(line) <= columns for line in lines)
    assert "".join("".join(lines).split()) == "".join(words)
    # words that fit are never split
    fitting = [w for w in words if len(w) <= columns]
    flat = " ".join(lines).split()
    for word in fitting:
        assert word in flat


def test_wrap_keeps_line_breaks():
    assert text.wrap("ab\n\ncd", 10) == ["ab", "", "cd"]


def _components(bitmap, left, size, value):
    """Count 4-connected blobs of `value` in one tile."""
    seen = set()
    count = 0
    for y in range(size):
        for x in range(size):
            if (x, y) in seen or bitmap[left + x, y] != value:
                continue
            count += 1
            stack = [(x, y)]
            seen.add((x, y))
            while stack:
                cx, cy = stack.pop()
                for nx, ny in ((cx + 1, cy), (cx - 1, cy), (cx, cy + 1), (cx, cy - 1)):
                    if 0 <= nx < size and 0 <= ny < size and (nx, ny) not in seen \
                            and bitmap[left + nx, ny] == value:
                        seen.add((nx, ny))
                        stack.append((nx, ny))
    return count


def test_dice_sheet_tiles_show_their_number_of_pips():
    for size in (12, 20):
        sheet, colors = dice.dice_sheet(size)
        assert (sheet.width, sheet.height) == (size * dice.FACES, size)
        assert isinstance(colors, displayio.Palette) and colors.is_transparent(dice.OUTSIDE)
        for face in range(dice.FACES):
            assert _components(sheet, face * size, size, dice.PIP) == face
            assert sheet[face * size, 0] == dice.OUTSIDE  # rounded corner
            assert sheet[face * size + size // 2, 0] == dice.EDGE


def test_settings_round_trip_and_reject_foreign_records():
    chosen = Settings()
    chosen.sound, chosen.brightness, chosen.dim = 0, 1, 4
    loaded = Settings()
    loaded.decode(chosen.encode())
    assert loaded == chosen
    for bad in (None, b"", b"\x01\x00\x00", b"\x02\x01\x03\x02", b"\x01\x02\x03\x02", b"\x01\x01\x09\x02",
                b"\x01\x01\x03\x09", b"\x01\x01\x03\x02\x00"):
        fresh = Settings()
        try:
            fresh.decode(bad)
            raised = False
        except ValueError:
            raised = True
        assert raised and fresh == Settings()


def test_menu_list_scrolls_its_window_and_wraps():
    from pips.ui.menu_list import MenuList
    items = ["item %d" % i for i in range(12)]
    menu = MenuList(0, 0, 100, 5, 12, values=True)
    menu.set_items(items, ["v%d" % i for i in range(12)])
    shown = lambda: [label.text for label in menu.names]  # noqa: E731
    assert shown() == items[:5] and menu.bar.y == 0
    for _ in range(7):
        menu.move(1)
    assert menu.cursor == 7 and shown() == items[3:8] and menu.bar.y == 4 * 12
    assert [label.text for label in menu.values] == ["v%d" % i for i in range(3, 8)]
    menu.move(-7)
    assert menu.cursor == 0 and shown() == items[:5]
    menu.move(-1)  # wraps to the last item
    assert menu.cursor == 11 and shown() == items[7:12] and menu.bar.y == 4 * 12
    menu.set_value(10, "changed")
    assert menu.values[3].text == "changed"


def test_text_grid_sheet_holds_one_glyph_at_a_time():
    """The firmware's font makes a new Glyph at each get_glyph (~50 bytes): a sheet for a whole rules text holding
    them all in a list was the Rules screen's heap peak on the badge. The sheet is the same as one made from all."""
    import gc
    import weakref

    import terminalio

    from pips.ui import text_grid

    class CountingFont:
        def __init__(self):
            self.alive = weakref.WeakSet()
            self.most = 0

        def get_bounding_box(self):
            return terminalio.FONT.get_bounding_box()

        def get_glyph(self, code):
            glyph = terminalio.FONT.get_glyph(code)
            if glyph is None:
                return None
            fresh = type("Glyph", (), {})()  # a new object each call, as the firmware's
            for field in ("bitmap", "tile_index", "width", "height", "dx", "dy"):
                setattr(fresh, field, getattr(glyph, field))
            gc.collect()
            self.alive.add(fresh)
            self.most = max(self.most, len(self.alive))
            return fresh

    characters = "".join(chr(code) for code in range(32, 127)) + "Würfelglanz"
    font = CountingFont()
    grid = text_grid.TextGrid(10, 2, 0, 0, 0xFFFFFF, characters, font=font)
    assert font.most <= 2
    plain = text_grid.TextGrid(10, 2, 0, 0, 0xFFFFFF, characters)
    assert bytes(grid.tiles) == bytes(plain.tiles)
    sheet, expected = grid.sheet, plain.sheet
    assert (sheet.width, sheet.height) == (expected.width, expected.height)
    assert all(sheet[x, y] == expected[x, y] for x in range(sheet.width) for y in range(sheet.height))
    assert grid.tiles[ord("A")] and not grid.tiles[32]  # a glyph has a tile; a space is the blank one
