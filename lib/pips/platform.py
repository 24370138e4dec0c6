"""The one platform interface, implemented twice: `pips.device` (the badge) and `sim.platform` (the desktop); both
subclass Platform below, which describes the members and gives the optional ones their defaults."""

# Key numbers of the PyBadge's keypad.ShiftRegisterKeys; the simulator and the PyGamer map onto the same numbers.
KEY_B = 0
KEY_A = 1
KEY_START = 2
KEY_SELECT = 3
KEY_RIGHT = 4
KEY_DOWN = 5
KEY_UP = 6
KEY_LEFT = 7
KEY_COUNT = 8

STORAGE_BYTES = 8192
PIXEL_COUNT = 5


class Platform:
    """What the app is given; it never asks which platform it is on and uses only the members below. A platform
    sets the first seven; the rest have defaults here (None: the platform has none), so the app reads them plainly.

    display       a displayio display, auto_refresh off; the app sets root_group and calls refresh()
    keys          a keypad-style event queue: get_into(event) -> bool; key numbers as in KEY_* above
    ticks_ms()    a clock in milliseconds (may wrap on the badge; use pips.actions.ticks_diff)
    pixels        NeoPixels: len(), pixels[i] = 0xRRGGBB, fill(0xRRGGBB), show()
    tone(hz, ms)  start a tone; returns at once; hz 0 or sound off means silence
    set_brightness(level)  0.0 .. 1.0 (auto-dim)
    update(now_ms)         called once a frame: ends tones, flushes whatever the platform buffers
    key_event     the one event object to pass to keys.get_into, or None (the app makes a keypad.Event)
    storage       8192-byte area for saves: len(), area[i], area[a:b], area[a:b] = bytes; or None: nothing is saved
    storage_mirror  a second copy of the records on another medium (pips.mirror; see pips.store), or None
    acceleration()  (x, y, z) in m/s^2 from an accelerometer (the badge returns one list that its next read
                  rewrites: no garbage a frame), or None (no answer this time); the member is None where there is
                  none. The badge finds out at its first read (the PyBadge LC has none): after that read the member
                  is None there.
    today()       (year, month, day), where the platform knows the date (the simulator); None elsewhere (the PyBadge
                  has no clock that keeps time while off, so "today's code" is not offered there)
    restart(note) run the app again from the start in a fresh interpreter; never returns. The badge reloads code.py
                  (supervisor.reload()): the heap, and every name the games interned in it for good, start clean.
                  The app asks for it when the player leaves a game for the title menu, after every save. `note`
                  (0..255) reaches the next run as restart_note, kept in RAM a restart keeps and power-off does not
                  (alarm.sleep_memory on the badge), never in flash. Where it is None (the simulator; scripts that
                  play every game in one interpreter), the app goes back to the menu in the same interpreter.
    restart_note  the note of the restart that began this run, or None (a power-on, a crash's reload; no restart)
    """

    key_event = None
    storage = None
    storage_mirror = None
    acceleration = None
    today = None
    restart = None
    restart_note = None
