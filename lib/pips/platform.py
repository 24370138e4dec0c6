"""The one platform interface, implemented twice: `pips.device` (the badge) and `sim.platform` (the desktop).

The app never asks which platform it is on; it gets one of these and uses only the members below.

    display       a displayio display, auto_refresh off; the app sets root_group and calls refresh()
    keys          a keypad-style event queue: get_into(event) -> bool; key numbers as in KEY_* below
    key_event     optional: the one event object to pass to keys.get_into (else a keypad.Event is made)
    ticks_ms()    a clock in milliseconds (may wrap on the badge; use pips.actions.ticks_diff)
    tone(hz, ms)  start a tone; returns at once; hz 0 or sound off means silence
    pixels        NeoPixels: len(), pixels[i] = 0xRRGGBB, fill(0xRRGGBB), show()
    storage       8192-byte area for saves: len(), area[i], area[a:b], area[a:b] = bytes
    storage_mirror  optional: a second copy of the records on another medium (pips.mirror; see pips.store)
    set_brightness(level)  0.0 .. 1.0 (auto-dim)
    update(now_ms)         called once a frame: ends tones, flushes whatever the platform buffers
    acceleration()  optional: (x, y, z) in m/s^2 from an accelerometer (the badge returns one list that its next
                  read rewrites: no garbage a frame), or None (no answer this time); absent or
                  None where there is none. The badge finds out at its first read (the PyBadge LC has none): after
                  that read the member is None there.
    today()       optional: (year, month, day), where the platform knows the date (the simulator; the PyBadge has
                  no clock that keeps time while off, so its platform has none and "today's code" is not offered)
    restart(note) optional: run the app again from the start in a fresh interpreter; never returns. The badge
                  reloads code.py (supervisor.reload()): the heap, and every name the games interned in it for good,
                  start clean. The app asks for it when the player leaves a game for the title menu, after every
                  save. `note` (0..255) reaches the next run as restart_note, kept in RAM a restart keeps and
                  power-off does not (alarm.sleep_memory on the badge), never in flash. Without it, or None (the
                  simulator; scripts that play every game in one interpreter), the app goes back to the menu in the
                  same interpreter.
    restart_note  optional: the note of the restart that began this run, or None (a power-on, a crash's reload)
"""

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
