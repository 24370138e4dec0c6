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


def _check_index(value, limit, what):
    if not 0 <= value < limit:
        raise IndexError("%s out of bounds" % what)


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
        self._stride = (width * bits + 31) // 32 * 4  # bytes a row
        self._data = bytearray(_badge.charge(self._stride * height))

    def _pos(self, index):
        if isinstance(index, tuple):
            x, y = index
        else:
            x, y = index % self.width, index // self.width
        _check_index(x, self.width, "pixel x")
        _check_index(y, self.height, "pixel y")
        return x, y

    def _get(self, x, y):
        bits = self.bits_per_value
        offset = y * self._stride
        data = self._data
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
        offset = y * self._stride
        data = self._data
        if bits >= 8:
            offset += x * (bits // 8)
            for i in range(bits // 8):
                data[offset + i] = (value >> (8 * i)) & 0xFF
            return
        bit = x * bits
        mask = ((1 << bits) - 1) << (bit % 8)
        data[offset + bit // 8] = (data[offset + bit // 8] & ~mask) | ((value << (bit % 8)) & mask)

    def __getitem__(self, index):
        x, y = self._pos(index)
        return self._get(x, y)

    def __setitem__(self, index, value):
        if value < 0 or value >= 1 << self.bits_per_value:
            raise ValueError("value out of range for the bitmap's bits")
        x, y = self._pos(index)
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
        self._count = color_count
        self._colors = bytearray(_badge.charge(color_count * _COLOR_BYTES))  # rgb888 at +0, transparent at +12
        self.dither = dither

    def __len__(self):
        return self._count

    def _offset(self, index):
        if index < 0:
            index += self._count
        _check_index(index, self._count, "palette index")
        return index * _COLOR_BYTES

    def __setitem__(self, index, color):
        if not isinstance(color, int):
            if len(color) != 3:
                raise ValueError("color buffer must be 3 bytes (RGB)")
            color = color[0] << 16 | color[1] << 8 | color[2]
        if color < 0 or color > 0xFFFFFF:
            raise ValueError("color must be between 0x000000 and 0xffffff")
        offset = self._offset(index)
        colors = self._colors
        colors[offset] = color & 0xFF
        colors[offset + 1] = (color >> 8) & 0xFF
        colors[offset + 2] = color >> 16

    def __getitem__(self, index):
        offset = self._offset(index)
        colors = self._colors
        return colors[offset] | colors[offset + 1] << 8 | colors[offset + 2] << 16

    def make_transparent(self, index):
        self._colors[self._offset(index) + 12] = 1

    def make_opaque(self, index):
        self._colors[self._offset(index) + 12] = 0

    def is_transparent(self, index):
        return self._colors[self._offset(index) + 12] == 1


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

    def _flag(self, bit):
        return self._g[_FLAGS] & bit != 0

    def _set_flag(self, bit, on):
        if on:
            self._g[_FLAGS] |= bit
        else:
            self._g[_FLAGS] &= ~bit

    @property
    def hidden(self):
        return self._flag(_HIDDEN)

    @hidden.setter
    def hidden(self, value):
        self._set_flag(_HIDDEN, value)

    @property
    def x(self):
        return self._g[_X]

    @x.setter
    def x(self, value):
        self._g[_X] = value

    @property
    def y(self):
        return self._g[_Y]

    @y.setter
    def y(self, value):
        self._g[_Y] = value


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
        self._g = array.array("h", (0, x, y, width, height, tile_width, tile_height, count - 32768,
                                    default_tile, default_tile, default_tile, default_tile) if inline else
                              (0, x, y, width, height, tile_width, tile_height, count - 32768))
        self.bitmap = bitmap
        self.pixel_shader = pixel_shader
        self._check_tile(default_tile)
        if inline:
            self._tiles = None
        elif wide:
            _badge.charge(2 * total)
            self._tiles = array.array("H", [default_tile]) * total
        else:
            self._tiles = bytearray(_badge.charge(total))
            if default_tile:
                for i in range(total):
                    self._tiles[i] = default_tile

    width = property(lambda self: self._g[_W])
    height = property(lambda self: self._g[_H])
    tile_width = property(lambda self: self._g[_TW])
    tile_height = property(lambda self: self._g[_TH])

    @property
    def flip_x(self):
        return self._flag(_FLIP_X)

    @flip_x.setter
    def flip_x(self, value):
        self._set_flag(_FLIP_X, value)

    @property
    def flip_y(self):
        return self._flag(_FLIP_Y)

    @flip_y.setter
    def flip_y(self, value):
        self._set_flag(_FLIP_Y, value)

    @property
    def transpose_xy(self):
        return self._flag(_TRANSPOSE)

    @transpose_xy.setter
    def transpose_xy(self, value):
        self._set_flag(_TRANSPOSE, value)

    def _check_tile(self, tile):
        if not 0 <= tile < self._g[_COUNT] + 32768:
            raise ValueError("Tile index out of bounds")

    def _index(self, index):
        g = self._g
        if isinstance(index, tuple):
            x, y = index
            _check_index(x, g[_W], "tile x")
            _check_index(y, g[_H], "tile y")
            return y * g[_W] + x
        _check_index(index, g[_W] * g[_H], "tile index")
        return index

    def __getitem__(self, index):
        index = self._index(index)
        return self._g[_INLINE + index] if self._tiles is None else self._tiles[index]

    def __setitem__(self, index, tile):
        self._check_tile(tile)
        index = self._index(index)
        if self._tiles is None:
            self._g[_INLINE + index] = tile
        else:
            self._tiles[index] = tile


_SCALE = const(3)


class Group(_Layer):
    def __init__(self, *, scale=1, x=0, y=0):
        if scale < 1:
            raise ValueError("scale must be >= 1")
        import array
        # Stored without the properties: a subclass (adafruit_display_text's LabelBase) overrides `scale`, and the
        # firmware's constructor never calls Python code.
        self._g = array.array("h", (0, x, y, scale))
        self._members = []

    @property
    def scale(self):
        return self._g[_SCALE]

    @scale.setter
    def scale(self, value):
        if value < 1:
            raise ValueError("scale must be >= 1")
        self._g[_SCALE] = value

    @staticmethod
    def _take(layer):
        if not isinstance(layer, _Layer):
            raise TypeError("Layer must be a Group or TileGrid subclass")
        if layer._flag(_IN_GROUP):
            raise ValueError("Layer already in a group")
        layer._set_flag(_IN_GROUP, True)
        return layer

    def append(self, layer):
        self._members.append(self._take(layer))

    def insert(self, index, layer):
        self._members.insert(index, self._take(layer))

    def pop(self, index=-1):
        layer = self._members.pop(index)
        layer._set_flag(_IN_GROUP, False)
        return layer

    def remove(self, layer):
        self.pop(self._members.index(layer))

    def index(self, layer):
        return self._members.index(layer)

    def __len__(self):
        return len(self._members)

    def __getitem__(self, index):
        return self._members[index]

    def __setitem__(self, index, layer):
        old = self._members[index]
        self._take(layer)
        old._set_flag(_IN_GROUP, False)
        self._members[index] = layer

    def __delitem__(self, index):
        self.pop(index)

    def __contains__(self, layer):
        return layer in self._members

    def __iter__(self):
        return iter(self._members)


class ColorConverter:
    def __init__(self, *, input_colorspace=None, dither=False):
        self.dither = dither


# The firmware's console group (code.py's crash screen shows it); showing it marks the session as crashed.
CIRCUITPYTHON_TERMINAL = Group()


def release_displays():
    pass
