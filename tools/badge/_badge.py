"""The session behind the stand-ins: a virtual clock, scripted keys, per-frame heap samples and the end report.

Configured from the environment by tools/cp_run.py (the unix port has os.getenv):
    PIPS_BADGE_KEYS    key events "ms,key,pressed;..." (key numbers as keypad.ShiftRegisterKeys on a PyBadge)
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
    PIPS_BADGE_HOLES   fragment the heap first: every free block becomes a hole of about this many bytes, so an
                       allocation larger than that fails (finds the largest single allocation of a session)

Each display.refresh() ends one frame: the heap is sampled, the key events due by the frame's time enter the
keypad queue (read by the next frame, exactly as in the simulator's headless runs) and the clock moves FRAME_MS
on. The run ends by SystemExit (code.py catches Exception only), or by supervisor.reload()'s ReloadException, and
prints one line:
    @@badge frames=N ms=N peak=N peak_ms=N end=N crashed=0|1 reloaded=0|1 largest=N next=N
(next: the index of the first key event not fed yet, where the run after a reload starts).
"""
import gc
import os
import sys

# Built into the firmware, imported by the app only on some paths (the crash screen; the first save remounting the
# drive; the rules viewer's glyph copies): loaded now, so that importing them mid-session costs the app no heap.
import bitmaptools  # noqa: F401
import storage  # noqa: F401
import traceback  # noqa: F401

FRAME_MS = 33  # the app's frame; the clock only moves at refresh, so the app never sleeps here

ticks = int(os.getenv("PIPS_BADGE_CLOCK") or "0")
frames = 0
peak = 0
peak_ms = 0      # the clock when the peak was seen
largest = 0      # the largest single buffer a stand-in allocated (bitmap data, tile indices, palette colours)
crashed = 0      # code.py's crash screen came up (displayio.CIRCUITPYTHON_TERMINAL shown)
reloaded = 0
_live = os.getenv("PIPS_BADGE_SAMPLE") == "live"
_max_frames = int(os.getenv("PIPS_BADGE_FRAMES") or "200000")
_tail = int(os.getenv("PIPS_BADGE_TAIL") or "1000")
_probe = None
if os.getenv("PIPS_BADGE_TRACE") or os.getenv("PIPS_BADGE_DUMP_AT") or os.getenv("PIPS_BADGE_QSTRS") or \
        os.getenv("PIPS_BADGE_MODULES"):
    import _badge_probe as _probe
_queues = []
_next = int(os.getenv("PIPS_BADGE_FROM") or "0")
_exit_hooks = []


def _parse(text):
    """Key events packed in one array: ms << 4 | key << 1 | pressed (parsed once; the string is then dropped)."""
    import array
    events = array.array("L")
    for item in (text or "").split(";"):
        if item:
            ms, key, pressed = item.split(",")
            events.append(int(ms) << 4 | int(key) << 1 | int(pressed))
    return events


_events = _parse(os.getenv("PIPS_BADGE_KEYS"))
_end_ms = ((_events[-1] >> 4) if _events else 0) + _tail


def charge(nbytes):
    """Note a buffer a stand-in allocates for a firmware C object; returns nbytes."""
    global largest
    if nbytes > largest:
        largest = nbytes
    return nbytes


def add_queue(queue):
    _queues.append(queue)


def feed():
    """Hand every key event that is due by now to the keypad queues (as the simulator does: at the frame's end)."""
    global _next
    events = _events
    while _next < len(events) and (events[_next] >> 4) <= ticks:
        code = events[_next]
        for queue in _queues:
            queue.record((code >> 1) & 7, code & 1 == 1, ticks)
        _next += 1


def poll():
    """A keypad read between frames: after a crash nothing more happens (code.py's error screen waits for a
    press that would never come), so the session ends."""
    if crashed:
        finish()


def frame():
    """One displayed frame: sample the heap, move the clock, feed keys; ends the session when the script is done."""
    global ticks, frames, peak, peak_ms
    if _live:
        gc.collect()
    used = gc.mem_alloc()
    if used > peak:
        peak = used
        peak_ms = ticks
    if _probe:
        _probe.frame(ticks, used)
    frames += 1
    if frames >= _max_frames or (ticks > _end_ms and _next >= len(_events)):
        finish()  # the app has had a frame to see the script's last event
    feed()
    ticks += FRAME_MS


def on_exit(hook):
    """Call hook() when the session ends (before the report)."""
    _exit_hooks.append(hook)


def report():
    for hook in _exit_hooks:
        hook()
    gc.collect()
    if _probe:
        _probe.end()
    print("@@badge frames=%d ms=%d peak=%d peak_ms=%d end=%d crashed=%d reloaded=%d largest=%d next=%d" % (
        frames, ticks, peak, peak_ms, gc.mem_alloc(), crashed, reloaded, largest, _next))


def finish():
    raise SystemExit(0)


class _SeededOs:
    """`os` with a seeded urandom (the app takes its seeds from os.urandom); every other name is the real one."""


def _install_seed(seed):
    import os as real
    from _entropy import SeededBytes
    shim = _SeededOs()
    for name in dir(real):
        if not name.startswith("__"):
            setattr(shim, name, getattr(real, name))
    shim.urandom = SeededBytes(seed).urandom
    sys.modules["os"] = shim


def _fragment(hole):
    """Fill the heap with (hole, pin) pairs until it is full, then drop the holes: the free heap is then holes of
    about `hole` bytes between 32-byte pins that stay to the end."""
    holes = None
    pins = None
    try:
        while True:
            holes = (holes, bytearray(hole - 48))  # 16-byte object + data + 16-byte tuple: hole bytes together
            pins = [pins]
    except MemoryError:
        pass
    holes = None
    return pins


if os.getenv("PIPS_BADGE_HOLES"):
    _pins = _fragment(int(os.getenv("PIPS_BADGE_HOLES")))
if os.getenv("PIPS_BADGE_SEED"):
    _install_seed(int(os.getenv("PIPS_BADGE_SEED")))
sys.atexit(report)
