"""The save store under sequences of faults, on the badge's flash models (sim.flash): nvm that erases its one 8 KB
block and programs 16 pages at every write, and a FAT drive whose files, folder and table share 4 KB erase sectors.

A badge starts with a record of every kind but TIPS, saved on the battery. A sequence is up to `depth` faults,
each one of:

    ("cut", kind, event)   a save of `kind` whose power goes before its write event number `event` (every event of
                           that save is tried); the badge then starts again (a new session)
    ("switch",)            the cable: USB <-> battery (over USB a computer holds the drive: saves go to nvm alone)
    ("full",)              the drive has no free cluster left
    ("read_only",)         the drive refuses writes (EROFS) while on the battery
    ("delete",)            /pips_saves is deleted (from a computer)

After each fault comes a recovery step: a save (DYMINO_GAME, a new value) and a load of every kind; after a cut
that is followed by another cut, the second cut lands in that recovery save instead (a new session: nvm being made
whole again is cut too). The invariants, checked at every load:

- a completed save never reads older than its value, and a record other than the one being saved never changes;
  the one exception is what the store says it cannot protect: a value whose only copy is nvm (saved over USB, or
  with the drive full or read-only, or its drive copy deleted) may be lost by a cut during a save that could not
  copy it to the drive (Store.unprotected is then not 0: the player is told) or after it has already been through
  one such cut; it then reads as its value on the drive (or any older one, if the drive has none);
- a value never comes back once a load has shown an older one, and a cut save's new value never appears after its
  old one was read: nothing (a best included) goes up by itself;
- a save never raises but PowerCut.

    python -m tests.fault_model [--depth 2] [--sample N] [--seed S]
"""
import binascii
import os
import random
import sys

if __name__ == "__main__":  # python -m tests.fault_model: lib/ on the path as pytest's conftest puts it
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "lib"))

from pips import saves
from pips import store as store_module
from pips.store import HEADER_BYTES, check_record
from sim.flash import NVM_EVENTS_PER_WRITE as NVM_EVENTS, EraseBlockArea, FatDrive, Power, PowerCut

KINDS = [kind for kind, _ in saves.LAYOUT]
SIZES = {kind: store_module.record_bytes(size) for kind, size in saves.LAYOUT}
RECOVERY_KIND = saves.DYMINO_GAME
CUT_KINDS = (saves.SETTINGS, saves.DYMINO_BEST, saves.DYMINO_GAME, saves.TIPS)
NEVER_SAVED = saves.TIPS  # the badge starts without it: its first save is cut too
ENVIRONMENT = (("switch",), ("full",), ("read_only",), ("delete",))


def fast_crc16(data, crc=0xFFFF, start=0, end=None):
    """pips.store.crc16 through binascii (the same CRC-16/CCITT-FALSE; tests/test_store_faults.py checks it)."""
    return binascii.crc_hqx(bytes(data[start:end]), crc)


def payload(kind, value):
    return bytes((kind, value & 0xFF, value >> 8))


def value_of(data):
    return None if data is None else data[1] | data[2] << 8


class Violation(AssertionError):
    pass


class Badge:
    """nvm, the drive, the app's store over them (one session until a cut), and what the player may read."""

    def __init__(self):
        self.power = Power()
        self.nvm = EraseBlockArea(power=self.power)
        self.drive = FatDrive(self.power)
        self.session = None
        self.counter = {kind: 0 for kind in KINDS}
        self.history = {}
        self.allowed = {}
        self.wounded = set()
        self.told = 0
        for kind in KINDS:
            value = None
            if kind != NEVER_SAVED:
                value = self._next(kind)
                self.store().save(kind, payload(kind, value))
            self.history[kind] = [value]
            self.allowed[kind] = {value}

    def _next(self, kind):
        self.counter[kind] += 1
        return self.counter[kind]

    def store(self):
        if self.session is None:
            self.session = saves.open_store(self.nvm, self.drive)
        return self.session

    def copy(self):
        twin = Badge.__new__(Badge)
        twin.power = Power()
        twin.nvm = EraseBlockArea(self.nvm.data, twin.power)
        twin.drive = self.drive.copy(twin.power)
        twin.session = None
        if self.session is not None:
            twin.session = saves.open_store(twin.nvm, twin.drive)
            twin.session._mirror_seqs = dict(self.session._mirror_seqs)
            twin.session.unprotected = self.session.unprotected
        twin.counter = dict(self.counter)
        twin.history = {kind: list(values) for kind, values in self.history.items()}
        twin.allowed = {kind: set(values) for kind, values in self.allowed.items()}
        twin.wounded = set(self.wounded)
        twin.told = self.told
        return twin

    def drive_value(self, kind):
        record = self.drive.read(kind, SIZES[kind])
        if not check_record(record, 0, kind, SIZES[kind]):
            return "none"
        length = record[5] | record[6] << 8
        return value_of(record[HEADER_BYTES:HEADER_BYTES + length]) if length else None

    def apply(self, fault):
        name = fault[0]
        if name == "switch":
            self.drive.usb = not self.drive.usb
        elif name == "full":
            self.drive.free_clusters = 0
        elif name == "read_only":
            self.drive.read_only = True
        elif name == "delete":
            self.drive.remove_folder()

    def save_events(self, kind):
        """How many write events a save of `kind` makes from here (the cut points to try)."""
        twin = self.copy()
        before = twin.power.events
        twin.store().save(kind, payload(kind, twin.counter[kind] + 1))
        return twin.power.events - before

    def step(self, kind, cut=None):
        """A save of a new value of `kind` (cut before its write event `cut`, or whole) and, when whole, a load of
        every kind, checked."""
        on_drive = {other: self.drive_value(other) for other in KINDS}
        value = self._next(kind)
        store = self.store()
        self.power.cut_after = None if cut is None else self.power.events + cut
        try:
            store.save(kind, payload(kind, value))
        except PowerCut:
            self.power.cut_after = None
            # what the store had found when the power went (the app's wrapper learns it only from a whole save)
            self._after_cut(kind, value, on_drive, store._open.unprotected)
            self.session = None
            return False
        self.power.cut_after = None
        if cut is not None:
            raise Violation("the save made fewer events than counted")
        self.history[kind].append(value)
        self.allowed[kind] = {value}
        if store.unprotected not in (0, 1):
            self.told += 1
        if store.unprotected == 0 and (self.drive.usb or self.drive.read_only):
            raise Violation("a save says the drive holds it over USB or read-only")
        if store.unprotected and not (self.drive.usb or self.drive.read_only or self.drive.full()):
            raise Violation("a save could not protect itself on a good drive (%d)" % store.unprotected)
        self.check()
        return True

    def _after_cut(self, kind, value, on_drive, unprotected):
        for other in KINDS:
            exposed = on_drive[other] != self.history[other][-1]
            if other == kind:
                self.allowed[other].add(value)
            if not exposed:
                self.wounded.discard(other)
                continue
            if unprotected or other in self.wounded:
                values = self.history[other]
                floor = values.index(on_drive[other]) if on_drive[other] in values else -1
                self.allowed[other].update(values[max(floor, 0):])
                if floor < 0:
                    self.allowed[other].add(None)
            self.wounded.add(other)
        self.history[kind].append(value)  # the cut save's value, if a load shows it

    def check(self):
        store = self.store()
        for kind in KINDS:
            loaded = value_of(store.load(kind))
            if loaded not in self.allowed[kind]:
                raise Violation("kind %d reads %r, allowed %r (history %r)" % (
                    kind, loaded, sorted(self.allowed[kind], key=str), self.history[kind]))
            values = self.history[kind]
            if loaded in values:
                del values[values.index(loaded) + 1:]  # what was not read never comes back
            else:
                values[:] = [None]
            self.allowed[kind] = {loaded}
            store.release()

    def key(self):
        session = None
        if self.session is not None:
            session = (tuple(sorted(self.session._mirror_seqs.items())), self.session.unprotected)
        return (bytes(self.nvm.data), bytes(self.drive.flash), self.drive.usb, self.drive.read_only,
                self.drive.free_clusters, self.drive._clock, session,
                tuple(tuple(self.history[kind]) for kind in KINDS), tuple(sorted(self.wounded)),
                tuple(self.counter[kind] for kind in KINDS))


def faults_from(badge, pending):
    """Every fault that can come next: the environment's, and a cut at every write event of a save of each of
    CUT_KINDS (of the recovery save that follows a cut, when `pending` is the badge just after that cut)."""
    for fault in ENVIRONMENT:
        yield fault
    for kind in CUT_KINDS:
        for event in range((pending or badge).save_events(kind)):
            yield ("cut", kind, event)


def run(depth=2, sample=None, seed=1):
    """Every sequence of up to `depth` faults (after the first, `sample` of the faults at random, when given).
    Returns (sequences tried, states simulated after dropping repeats, violations as [(sequence, message)])."""
    store_module.crc16 = fast_crc16
    rng = random.Random(seed)
    # sequence -> (the badge after it and its recovery, the badge just after its last cut or None), repeats dropped
    level = {(): (Badge(), None)}
    sequences = states = 0
    violations = []
    for depth_now in range(depth):
        nxt = {}
        seen = set()
        for sequence, (badge, pending) in level.items():
            options = list(faults_from(badge, pending))
            if sample is not None and depth_now and len(options) > sample:
                options = rng.sample(options, sample)
            for fault in options:
                sequences += 1
                path = sequence + (fault,)
                try:
                    if fault[0] == "cut":
                        cut = (pending or badge).copy()
                        cut.step(fault[1], fault[2])
                        after = cut.copy()
                    else:
                        cut = None
                        after = badge.copy()
                        after.apply(fault)
                    after.step(RECOVERY_KIND)
                except Violation as error:
                    violations.append((path, str(error)))
                    continue
                except Exception as error:  # a save that raises: as bad as a wrong value
                    violations.append((path, "raised %r" % (error,)))
                    continue
                key = (after.key(), cut.key() if cut is not None else None)
                if key not in seen:
                    seen.add(key)
                    states += 1
                    nxt[path] = (after, cut)
        level = nxt
    return sequences, states, violations


def main(argv=None):
    import argparse
    import time
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--depth", type=int, default=2)
    parser.add_argument("--sample", type=int, default=None, help="faults tried after each state past the first")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    began = time.time()
    sequences, states, violations = run(args.depth, args.sample, args.seed)
    for path, message in violations[:20]:
        print("VIOLATION %s: %s" % (path, message))
    print("fault model: %d sequences of up to %d faults tried (%d distinct states), %d violations, %.0f s"
          % (sequences, args.depth, states, len(violations), time.time() - began))
    return 1 if violations else 0


if __name__ == "__main__":
    sys.exit(main())
