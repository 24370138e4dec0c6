"""The session behind the stand-ins: a virtual clock, scripted keys, per-frame heap samples and the end report.

Configured from the environment by tools/cp_run.py (the unix port has os.getenv):
    PIPS_BADGE_KEYS    key events "ms key pressed ms key pressed ..." (key numbers as keypad.ShiftRegisterKeys on a PyBadge)
    PIPS_BADGE_TAIL    ms to keep running after the last key event (default 1000); then the session ends
    PIPS_BADGE_SEED    a number: os.urandom becomes a seeded generator, so a session repeats exactly
    PIPS_BADGE_NVM     file microcontroller.nvm is read from at the start and written to at the end (8,192 bytes)
    PIPS_BADGE_SLEEP_MEMORY  the same for alarm.sleep_memory (what a reload keeps)
    PIPS_BADGE_CLOCK   the clock's start in ms (default 0): a run after a reload goes on from the last one's time
    PIPS_BADGE_FROM    the index of the first key event to feed (default 0): the events a run before fed are gone
    PIPS_BADGE_SAMPLE  "live": gc.collect() before each frame's sample (the live heap); else the raw mem_alloc
    PIPS_BADGE_FRAMES  stop after this many frames (a runaway guard; default 200000)
    PIPS_BADGE_MODULES print the loaded modules at the end ("@@module NAME" lines): where a session's heap goes;
                       "ever": every module loaded at any frame of the session (their names stay in RAM)
    PIPS_BADGE_TRACE   print each frame's heap sample ("@@heap MS BYTES"): where in a session the heap rises
    PIPS_BADGE_DUMP_AT at the first frame at or after this many ms, print the loaded modules and
                       micropython.mem_info(1) (the heap's block map): what holds the heap at that moment
    PIPS_BADGE_QSTRS   at the end (or at PIPS_BADGE_DUMP_AT), intern new names until the interpreter allocates its
                       next qstr pool and print "@@qstrs headroom=N pool=BYTES": the names a session may still add
                       before that pool (names are never freed; each pool doubles the last one)
    These four load _badge_probe (its names would otherwise take pool room the app's names compete for).
    PIPS_BADGE_SHOTS   "MS MS ...": _badge_probe saves the screen (_pybadge_display.save: PPM, 160x128) of the frame
                       drawn at the first frame time at or after each MS, to PIPS_BADGE_SHOT_DIR/MS.ppm
                       (tools/badge_pixels.py compares them with the simulator twin's). The session's entry loads the
                       probe for it (cp_run.session(shots=...)): one more name read here would cost every session.
    PIPS_BADGE_HOLES   fragment the heap first: every free block becomes a hole of about this many bytes, so an
                       allocation larger than that fails (finds the largest single allocation of a session)

Each display.refresh() ends one frame: the heap is sampled, the key events due by the frame's time enter the
keypad queue (read by the next frame, exactly as in the simulator's headless runs) and the clock moves 33 ms on.
The run ends by SystemExit (code.py catches Exception only), or by supervisor.reload()'s ReloadException, and
prints one line:
    @@badge frames=N ms=N peak=N peak_ms=N end=N crashed=0|1 reloaded=0|1 largest=N next=N
(next: the index of the first key event not fed yet, where the run after a reload starts).

On a badge these modules are C and their names sit in ROM; here every name a stand-in's .mpy holds is interned
for good, as the app's are: the firmware's API names (TileGrid, pixel_shader, ...) must be, their own need not.
So the stand-ins name their state with words the unix port has in ROM already (clock, mode, stat, keys, input,
atexit, ...: cp_run.unix_rom_names()), keep small fields in arrays indexed by const()s (which leave no name), derive
what they can, and load the probes only when asked; helpers they call among themselves keep a leading underscore
(tools/callgrind_cost.py's share run wraps every public one). tools.names.stand_in_names() counts what is left.
"""
import array
import displayio
import gc
import os
import sys

from micropython import const

# Built into the firmware, imported by the app only on some paths (the crash screen; the first save remounting the
# drive): loaded now, so that importing them mid-session costs the app no heap.
import storage  # noqa: F401
import traceback  # noqa: F401

_FRAME_MS = const(33)  # the app's frame; the clock only moves at refresh, so the app never sleeps here

# mode bits (board and supervisor set theirs by number): what the report's crashed= and reloaded= say
_CRASHED = const(1)   # code.py's crash screen came up (displayio.CIRCUITPYTHON_TERMINAL shown): read()
_RELOADED = const(2)  # the run ends in supervisor.reload(): supervisor
_LIVE = const(4)      # PIPS_BADGE_SAMPLE=live: collect before each sample
# No heap sample (set by bench/bench_badge_frames.py, whose script drives the frames and counts instructions):
# gc.mem_alloc() scans the heap's whole block table, which a badge's refresh never does.
_UNSAMPLED = const(8)

# stat: the session's counters and limits, in one array
_FRAMES = const(0)
_PEAK = const(1)
_PEAK_MS = const(2)    # the clock when the peak was seen
_LARGEST = const(3)    # the largest single buffer a stand-in allocated (bitmap data, tile indices, palette colours)
_NEXT = const(4)       # the index of the next key event to feed
_END_MS = const(5)     # the clock after which the session ends (the last key event + PIPS_BADGE_TAIL)
_MAX_FRAMES = const(6)

clock = int(os.getenv("PIPS_BADGE_CLOCK") or 0)  # ms; supervisor.ticks_ms reads it
mode = _LIVE if os.getenv("PIPS_BADGE_SAMPLE") == "live" else 0
keys = []    # the keypad event queues the script's key events go to
atexit = []  # what to call when the session ends, before the report
dump = None  # _badge_probe when a measurement asks for it
if os.getenv("PIPS_BADGE_TRACE") or os.getenv("PIPS_BADGE_DUMP_AT") or os.getenv("PIPS_BADGE_QSTRS") or \
        os.getenv("PIPS_BADGE_MODULES"):
    dump = __import__("_badge_probe")  # a 12-character string constant: interned only when imported

# The script's key events ("ms key pressed ms key pressed ...") packed in one array: ms << 4 | key << 1 | pressed.
# Read digit by digit from the text's bytes: str.split() would make a str a number (~32 bytes each), over 100 KB
# for the four games' script, more than the app's whole heap, at the stand-ins' import.
value = array.array("l")  # the numbers in order: ms, key, pressed, ms, ...
count = -1  # the number being read (-1: between numbers); index: a byte of the text
for index in (os.getenv("PIPS_BADGE_KEYS") or "").encode():
    if 48 <= index <= 57:  # a digit
        count = (0 if count < 0 else count) * 10 + index - 48
    elif count >= 0:
        value.append(count)
        count = -1
if count >= 0:
    value.append(count)
input = array.array("l")  # noqa: A001 (the module's own name)
for start in range(0, len(value) - 2, 3):
    input.append(value[start] << 4 | value[start + 1] << 1 | value[start + 2])
value = start = index = count = None
stat = array.array("l", (0, 0, 0, 0, int(os.getenv("PIPS_BADGE_FROM") or 0),
                         ((input[-1] >> 4) if input else 0) + int(os.getenv("PIPS_BADGE_TAIL") or 1000),
                         int(os.getenv("PIPS_BADGE_FRAMES") or 200000)))


def charge(length):
    """Note a buffer of `length` bytes a stand-in allocates for a firmware C object; returns length."""
    if length > stat[_LARGEST]:
        stat[_LARGEST] = length
    return length


def read():
    """A keypad read between frames: after a crash nothing more happens (code.py's error screen, the firmware's
    terminal, waits for a press that would never come), so the session ends."""
    global mode
    if sys.modules["board"].DISPLAY.root_group is displayio.CIRCUITPYTHON_TERMINAL:
        mode |= _CRASHED
    if mode & _CRASHED:
        raise SystemExit(0)


def step():
    """One displayed frame: sample the heap, move the clock, feed keys; ends the session when the script is done."""
    global clock
    if not mode & _UNSAMPLED:
        if mode & _LIVE:
            gc.collect()
        used = gc.mem_alloc()
        if used > stat[_PEAK]:
            stat[_PEAK] = used
            stat[_PEAK_MS] = clock
        if dump:
            dump.step(clock, used)
    stat[_FRAMES] += 1
    if stat[_FRAMES] >= stat[_MAX_FRAMES] or (clock > stat[_END_MS] and stat[_NEXT] >= len(input)):
        raise SystemExit(0)  # the app has had a frame to see the script's last event
    # Hand every key event due by now to the keypad queues (as the simulator does: at the frame's end).
    while stat[_NEXT] < len(input) and (input[stat[_NEXT]] >> 4) <= clock:
        value = input[stat[_NEXT]]
        for queue in keys:
            queue.record((value >> 1) & 7, value & 1 == 1, clock)
        stat[_NEXT] += 1
    clock += _FRAME_MS


def end():
    """The session's end: the exit hooks, then the report line."""
    for function in atexit:
        function()
    gc.collect()
    if dump:
        dump.end()
    print("@@badge frames=%d ms=%d peak=%d peak_ms=%d end=%d crashed=%d reloaded=%d largest=%d next=%d" % (
        stat[_FRAMES], clock, stat[_PEAK], stat[_PEAK_MS], gc.mem_alloc(), mode & _CRASHED,
        (mode & _RELOADED) >> 1, stat[_LARGEST], stat[_NEXT]))


class module:
    """`os` with a seeded urandom (the app takes its seeds from os.urandom); every other name is the real one."""

    def __init__(self, seed):
        from _entropy import SeededBytes
        for name in dir(os):
            if name[:1] != "_":
                setattr(self, name, getattr(os, name))
        self.urandom = SeededBytes(seed).urandom


def _fragment(length):
    """Fill the heap with (hole, pin) pairs until it is full, then drop the holes: the free heap is then holes of
    about `length` bytes between 32-byte pins that stay to the end."""
    holes = None
    pins = None
    try:
        while True:
            holes = (holes, bytearray(length - 48))  # 16-byte object + data + 16-byte tuple: length bytes together
            pins = [pins]
    except MemoryError:
        pass
    holes = None
    return pins


if os.getenv("PIPS_BADGE_HOLES"):
    _ = _fragment(int(os.getenv("PIPS_BADGE_HOLES")))  # the pins, kept to the end
if os.getenv("PIPS_BADGE_SEED"):
    sys.modules["os"] = module(int(os.getenv("PIPS_BADGE_SEED")))
sys.atexit(end)
