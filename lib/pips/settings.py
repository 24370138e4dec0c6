"""The app's settings: sound, brightness, auto-dim delay. Stored as a 4-byte record in the save store."""
from micropython import const

_VERSION = const(1)
_PAYLOAD_BYTES = const(4)

SOUND_NAMES = ("off", "on")
BRIGHTNESS_LEVELS = (0.25, 0.5, 0.75, 1.0)
BRIGHTNESS_NAMES = ("25%", "50%", "75%", "100%")
DIM_SECONDS = (0, 15, 30, 60, 120)  # 0 = never dim
DIM_NAMES = ("never", "15 s", "30 s", "1 min", "2 min")


class Settings:
    def __init__(self):
        self.sound = 1
        self.brightness = 3  # index into BRIGHTNESS_LEVELS
        self.dim = 2         # index into DIM_SECONDS

    def brightness_level(self):
        return BRIGHTNESS_LEVELS[self.brightness]

    def dim_ms(self):
        return DIM_SECONDS[self.dim] * 1000

    def encode(self):
        return bytes((_VERSION, self.sound, self.brightness, self.dim))

    def decode(self, payload):
        """Take the values from a stored payload; raises ValueError (changing nothing) if it is not ours."""
        if payload is None or len(payload) != _PAYLOAD_BYTES or payload[0] != _VERSION:
            raise ValueError("settings record")
        sound, brightness, dim = payload[1], payload[2], payload[3]
        if sound > 1 or brightness >= len(BRIGHTNESS_LEVELS) or dim >= len(DIM_SECONDS):
            raise ValueError("settings values")
        self.sound = sound
        self.brightness = brightness
        self.dim = dim

    def __eq__(self, other):
        return self.encode() == other.encode()
