"""The optional measurements of a badge session (see _badge.py): heap trace, loaded modules, qstr pool headroom,
screenshots. Loaded only when one of them is asked for, so a plain session holds none of these names."""
import gc
import os
import sys

_trace = os.getenv("PIPS_BADGE_TRACE")
_dump_at = int(os.getenv("PIPS_BADGE_DUMP_AT") or "-1")
_ever = {} if os.getenv("PIPS_BADGE_MODULES") == "ever" else None
# The frame times to save the screen at (PIPS_BADGE_SHOTS), and where
_shots = [int(ms) for ms in (os.getenv("PIPS_BADGE_SHOTS") or "").split()]
_shot_dir = os.getenv("PIPS_BADGE_SHOT_DIR") or "."
_FRAME_MS = 33  # _badge's frame: a shot at MS is the frame drawn at the first frame time in [MS, MS + 33)


def step(clock, used):
    global _dump_at
    if _trace:
        print("@@heap", clock, used)
    for ms in _shots:
        # The frame in [ms, ms + 33): a run after a reload starts at a later clock and saves only its own shots.
        if ms <= clock < ms + _FRAME_MS:
            import _pybadge_display
            _pybadge_display.save("%s/%d.ppm" % (_shot_dir, ms))
    if _ever is not None:
        for name in sys.modules:
            _ever[name] = True
    if 0 <= _dump_at <= clock:
        _dump_at = -1
        import micropython
        _print_modules()
        micropython.mem_info(1)
        if os.getenv("PIPS_BADGE_QSTRS"):
            _probe_qstrs()


def end():
    if os.getenv("PIPS_BADGE_QSTRS"):
        _probe_qstrs()
    if os.getenv("PIPS_BADGE_MODULES"):  # what is loaded at the end (or ever): where a session's heap goes
        _print_modules()


def _print_modules():
    for name in sorted(sys.modules if _ever is None else _ever):
        print("@@module", name)


def _probe_qstrs():
    """Intern fresh names (as setattr does) until the heap jumps by a pool's size: how far the next pool is."""
    class Probe:
        pass
    probe = Probe()
    gc.collect()
    before = gc.mem_alloc()
    for count in range(20000):
        name = "zq%d_" % count
        setattr(probe, name, 0)
        delattr(probe, name)
        name = None
        gc.collect()
        used = gc.mem_alloc()
        if used - before > 400:
            print("@@qstrs headroom=%d pool=%d" % (count, used - before))
            return
        before = used
