"""Stand-in for the firmware's displayio (CircuitPython 10.3, shared-module/displayio/) on the Python heap.

What the firmware allocates, and where each figure comes from (32-bit build, 16-byte GC blocks):
- Bitmap: a 36-byte displayio_bitmap_t (Bitmap.h) + data of stride*4*height bytes, stride = ceil(w*bits/32)
  words (Bitmap.c: m_malloc_without_collect(stride * height * sizeof(uint32_t))). Here: the data is a bytearray
  of exactly that size, holding the pixels.
- Palette: a 16-byte displayio_palette_t + 16 bytes a colour (_displayio_color_t: rgb888, colorspace pointer,
  cached colour, 3 flag bytes; Palette.c allocates color_count of them). Here: a bytearray of 16 * count.
- TileGrid: an 84-byte displayio_tilegrid_t (TileGrid.h) + the tile indices, one byte each (two when the bitmap
  has more than 255 tiles), inlined in the pointer (no allocation) when they fit its 4 bytes (TileGrid.c).
- Group: a 44-byte displayio_group_t + the members list (mp_obj_new_list, Group.c): here a real list.
The Python object around each buffer stands for the C struct: small fields packed in one array, so a 1x1 TileGrid
(a text glyph) costs about 112 bytes here against the firmware's 96 (84 rounded up to 16-byte blocks).
The display itself (board.DISPLAY) and the font live outside the heap on the badge.
"""
from micropython import const

import _badge


def _check(value, stop, doc, type=IndexError):  # noqa: A002 (names the interpreter has: see _badge)
    """Raise type(doc) unless 0 <= value < stop."""
    if not 0 <= value < stop:
        raise type(doc)


class Bitmap:
    def __init__(self, width, height, value_count):
        if value_count < 1 or value_count > 1 << 32:
            raise ValueError("value_count must be 1-4294967296")
        bits = 1
        while (1 << bits) < value_count:
            bits *= 2
        self.width = width
        self.height = height
        self.bits_per_value = bits
        self.bytes = bytearray(_badge.charge((width * bits + 31) // 32 * 4 * height))  # rows of whole words

    def _index(self, index):
        """(x, y) of a pixel index: an (x, y) tuple or a number (row by row), bounds checked."""
        if isinstance(index, tuple):
            x, y = index
        else:
            x, y = index % self.width, index // self.width
        _check(x, self.width, "pixel x out of bounds")
        _check(y, self.height, "pixel y out of bounds")
        return x, y

    # _get and _set: a pixel without the checks (bitmaptools.blit uses them too)
    def _get(self, x, y):
        bits = self.bits_per_value
        offset = y * ((self.width * bits + 31) // 32 * 4)
        data = self.bytes
        if bits >= 8:
            offset += x * (bits // 8)
            value = 0
            for i in range(bits // 8):
                value |= data[offset + i] << (8 * i)
            return value
        bit = x * bits
        return (data[offset + bit // 8] >> (bit % 8)) & ((1 << bits) - 1)

    def _set(self, x, y, value):
        bits = self.bits_per_value
        offset = y * ((self.width * bits + 31) // 32 * 4)
        data = self.bytes
        if bits >= 8:
            offset += x * (bits // 8)
            for i in range(bits // 8):
                data[offset + i] = (value >> (8 * i)) & 0xFF
            return
        bit = x * bits
        mask = ((1 << bits) - 1) << (bit % 8)
        data[offset + bit // 8] = (data[offset + bit // 8] & ~mask) | ((value << (bit % 8)) & mask)

    def __getitem__(self, index):
        x, y = self._index(index)
        return self._get(x, y)

    def __setitem__(self, index, value):
        if value < 0 or value >= 1 << self.bits_per_value:
            raise ValueError("value out of range for the bitmap's bits")
        x, y = self._index(index)
        self._set(x, y, value)

    def fill(self, value):
        if value < 0 or value >= 1 << self.bits_per_value:
            raise ValueError("value out of range for the bitmap's bits")
        for y in range(self.height):
            for x in range(self.width):
                self._set(x, y, value)

    def dirty(self, x1=0, y1=0, x2=-1, y2=-1):
        pass


_COLOR_BYTES = const(16)  # sizeof(_displayio_color_t) on a 32-bit build


class Palette:

    def __init__(self, color_count, *, dither=False):
        self.bytes = bytearray(_badge.charge(color_count * _COLOR_BYTES))  # rgb888 at +0, transparent at +12
        self.dither = dither

    def __len__(self):
        return len(self.bytes) // _COLOR_BYTES

    def _index(self, index):
        count = len(self.bytes) // _COLOR_BYTES
        if index < 0:
            index += count
        _check(index, count, "palette index out of bounds")
        return index * _COLOR_BYTES

    def __setitem__(self, index, color):
        if not isinstance(color, int):
            if len(color) != 3:
                raise ValueError("color buffer must be 3 bytes (RGB)")
            color = color[0] << 16 | color[1] << 8 | color[2]
        if color < 0 or color > 0xFFFFFF:
            raise ValueError("color must be between 0x000000 and 0xffffff")
        offset = self._index(index)
        colors = self.bytes
        colors[offset] = color & 0xFF
        colors[offset + 1] = (color >> 8) & 0xFF
        colors[offset + 2] = color >> 16

    def __getitem__(self, index):
        offset = self._index(index)
        colors = self.bytes
        return colors[offset] | colors[offset + 1] << 8 | colors[offset + 2] << 16

    def make_transparent(self, index):
        self.bytes[self._index(index) + 12] = 1

    def make_opaque(self, index):
        self.bytes[self._index(index) + 12] = 0

    def is_transparent(self, index):
        return self.bytes[self._index(index) + 12] == 1


# A layer keeps its small fields in one array("h") (flags, x, y, ...), so that the Python object costs about what
# the C struct does (one 16-byte instance, a 4-slot attribute table, the array) instead of a dozen attributes.
_FLAGS = const(0)
_X = const(1)
_Y = const(2)
_HIDDEN = const(1)
_IN_GROUP = const(2)
_FLIP_X = const(4)
_FLIP_Y = const(8)
_TRANSPOSE = const(16)


class _Layer:
    """What Group members share: position, hidden, and the firmware's one-group-only rule."""

    def _flag(self, key, value=None):
        """The flag bit `key` of the layer's mode: whether it is set (value None), else set or clear it."""
        if value is None:
            return self.struct[_FLAGS] & key != 0
        if value:
            self.struct[_FLAGS] |= key
        else:
            self.struct[_FLAGS] &= ~key

    @property
    def hidden(self):
        return self._flag(_HIDDEN)

    @hidden.setter
    def hidden(self, value):
        self._flag(_HIDDEN, bool(value))

    @property
    def x(self):
        return self.struct[_X]

    @x.setter
    def x(self, value):
        self.struct[_X] = value

    @property
    def y(self):
        return self.struct[_Y]

    @y.setter
    def y(self, value):
        self.struct[_Y] = value


# TileGrid's fields after flags, x, y; up to 4 tile indices sit inline at _INLINE (the C struct's pointer).
_W = const(3)
_H = const(4)
_TW = const(5)
_TH = const(6)
_COUNT = const(7)
_INLINE = const(8)


class TileGrid(_Layer):
    def __init__(self, bitmap, *, pixel_shader, width=1, height=1, tile_width=None, tile_height=None,
                 default_tile=0, x=0, y=0):
        if not isinstance(bitmap, Bitmap):
            raise TypeError("unsupported bitmap type")
        if not isinstance(pixel_shader, Palette):
            raise TypeError("unsupported pixel_shader type")
        tile_width = tile_width or bitmap.width
        tile_height = tile_height or bitmap.height
        if bitmap.width % tile_width or bitmap.height % tile_height:
            raise ValueError("Tile width/height must exactly divide bitmap width/height")
        count = (bitmap.width // tile_width) * (bitmap.height // tile_height)
        total = width * height
        wide = count > 255
        inline = total <= (2 if wide else 4)
        import array
        self.struct = array.array("h", (0, x, y, width, height, tile_width, tile_height, count - 32768,
                                    default_tile, default_tile, default_tile, default_tile) if inline else
                              (0, x, y, width, height, tile_width, tile_height, count - 32768))
        self.bitmap = bitmap
        self.pixel_shader = pixel_shader
        _check(default_tile, count, "Tile index out of bounds", ValueError)
        if inline:
            self.indices = None
        elif wide:
            _badge.charge(2 * total)
            self.indices = array.array("H", [default_tile]) * total
        else:
            self.indices = bytearray(_badge.charge(total))  # the tile indices
            if default_tile:
                for i in range(total):
                    self.indices[i] = default_tile

    width = property(lambda self: self.struct[_W])
    height = property(lambda self: self.struct[_H])
    tile_width = property(lambda self: self.struct[_TW])
    tile_height = property(lambda self: self.struct[_TH])

    @property
    def flip_x(self):
        return self._flag(_FLIP_X)

    @flip_x.setter
    def flip_x(self, value):
        self._flag(_FLIP_X, bool(value))

    @property
    def flip_y(self):
        return self._flag(_FLIP_Y)

    @flip_y.setter
    def flip_y(self, value):
        self._flag(_FLIP_Y, bool(value))

    @property
    def transpose_xy(self):
        return self._flag(_TRANSPOSE)

    @transpose_xy.setter
    def transpose_xy(self, value):
        self._flag(_TRANSPOSE, bool(value))

    def _index(self, index):
        """The tile position of an (x, y) tuple or a number, bounds checked."""
        g = self.struct
        if isinstance(index, tuple):
            x, y = index
            _check(x, g[_W], "tile x out of bounds")
            _check(y, g[_H], "tile y out of bounds")
            return y * g[_W] + x
        _check(index, g[_W] * g[_H], "tile index out of bounds")
        return index

    def __getitem__(self, index):
        index = self._index(index)
        return self.struct[_INLINE + index] if self.indices is None else self.indices[index]

    def __setitem__(self, index, tile):
        _check(tile, self.struct[_COUNT] + 32768, "Tile index out of bounds", ValueError)
        index = self._index(index)
        if self.indices is None:
            self.struct[_INLINE + index] = tile
        else:
            self.indices[index] = tile


_SCALE = const(3)


class Group(_Layer):
    def __init__(self, *, scale=1, x=0, y=0):
        if scale < 1:
            raise ValueError("scale must be >= 1")
        import array
        # Stored without the properties: a subclass (adafruit_display_text's LabelBase) overrides `scale`, and the
        # firmware's constructor never calls Python code.
        self.struct = array.array("h", (0, x, y, scale))
        self.items = []

    @property
    def scale(self):
        return self.struct[_SCALE]

    @scale.setter
    def scale(self, value):
        if value < 1:
            raise ValueError("scale must be >= 1")
        self.struct[_SCALE] = value

    @staticmethod
    def _take(layer):
        if not isinstance(layer, _Layer):
            raise TypeError("Layer must be a Group or TileGrid subclass")
        if layer._flag(_IN_GROUP):
            raise ValueError("Layer already in a group")
        layer._flag(_IN_GROUP, True)
        return layer

    def append(self, layer):
        self.items.append(self._take(layer))

    def insert(self, index, layer):
        self.items.insert(index, self._take(layer))

    def pop(self, index=-1):
        layer = self.items.pop(index)
        layer._flag(_IN_GROUP, False)
        return layer

    def remove(self, layer):
        self.pop(self.items.index(layer))

    def index(self, layer):
        return self.items.index(layer)

    def __len__(self):
        return len(self.items)

    def __getitem__(self, index):
        return self.items[index]

    def __setitem__(self, index, layer):
        old = self.items[index]
        self._take(layer)
        old._flag(_IN_GROUP, False)
        self.items[index] = layer

    def __delitem__(self, index):
        self.pop(index)

    def __contains__(self, layer):
        return layer in self.items

    def __iter__(self):
        return iter(self.items)


class ColorConverter:
    def __init__(self, *, input_colorspace=None, dither=False):
        self.dither = dither


# The firmware's console group (code.py's crash screen shows it); showing it marks the session as crashed.
CIRCUITPYTHON_TERMINAL = Group()


def release_displays():
    pass
