"""What paces a Dominoes turn beside the scene (pips.dominoes.scene): the status strip's messages over time (Strip)
and the CPU player -- its numbers, its code in RAM or not, its thinking a few slices a frame (CpuPlayer).
"""
from micropython import const

import gc

from pips import actions, modules

_CPU_ROOM = const(5120)  # the block held for the CPU until it is made (CpuPlayer): its code and a Normal CPU, 4.8 KB
CPU_DELAY_MS = const(750)  # [decided] each CPU step waits this long so it can be followed
# The CPU thinks in slices of THINK_UNITS of its search (engine.dominoes_cpu.DominoesCpu.step; a slice is a few
# ms of badge time: make bench, badge_engine "Hard think: a slice"), as many a frame as fit THINK_MS from the
# frame's start -- another slice is not begun when the last one would take it past -- so frames keep their pace
# while Hard thinks; at most THINK_SLICES a frame (a clock that stands still within a frame: the tests')
THINK_UNITS = const(5)
THINK_MS = const(22)
THINK_SLICES = const(8)
_THINK_DOT_MS = const(250)  # the thinking dots advance one every this long
NOTE_MS = const(2500)  # a message on a person's turn gives way to the guide after this long
SEEN_MS = const(900)  # the CPU's move shown this long, the strip says it is the person's turn
HINT_MS = const(5000)  # left idle this long on a turn, the strip shows the controls (then the guide, in turn)


class Strip:
    """What Dominoes' status strip says: a message (`note`: what just happened, a refusal), else the guide for the
    turn. On a person's turn a message gives way to the guide after NOTE_MS; the CPU's move, shown, turns into
    `turn_note` ("Your turn: CPU laid 6-1") after SEEN_MS; left idle for HINT_MS, the strip takes turns between the
    controls and the guide. The scene gives the guide's and the controls' texts (functions) and the view to write to.

        strip = Strip(guide, controls)
        strip.note = "Drew 6-1"           the scene's message (or "")
        strip.text()                      what a whole draw writes: the message, else the guide
        strip.drawn()                     after a whole draw: the message gets its full time, the controls wait again
        strip.pressed(view)               any button: the controls give way to the message or guide at once
        strip.tick(now_ms, view)          each frame of a person's turn (one text line changes: cheap frames)
    """

    def __init__(self, guide, controls):
        self.guide = guide
        self.controls = controls
        self.note = ""
        self.turn_note = None  # what follows the CPU's move once it has been seen
        self.since = None  # when the message was shown (None: from the next frame)
        self.idle_since = None  # when the strip last changed without a press (None: from the next frame)
        self.showing_controls = False

    def text(self):
        return self.note or self.guide()

    def drawn(self):
        self.since = None
        self.idle_since = None
        self.showing_controls = False

    def pressed(self, view):
        self.idle_since = None
        self.turn_note = None
        if self.showing_controls:
            self.showing_controls = False
            view.set_message(self.text())

    def tick(self, now_ms, view):
        if self.note:
            since = self.since
            if since is None:
                self.since = now_ms
                return
            waited = actions.ticks_diff(now_ms, since)
            if self.turn_note is not None and waited >= SEEN_MS:
                self.note = self.turn_note
                self.turn_note = None
                self.since = now_ms
                view.set_message(self.note)
            elif waited >= NOTE_MS:
                self.note = ""
                self.since = None
                self.idle_since = now_ms
                view.set_message(self.guide())
            return
        since = self.idle_since
        if since is None:
            self.idle_since = now_ms
        elif actions.ticks_diff(now_ms, since) >= HINT_MS:
            self.idle_since = now_ms
            self.showing_controls = not self.showing_controls
            view.set_message(self.controls() if self.showing_controls else self.guide())


class CpuPlayer:
    """The CPU's side of a match against it: its random numbers (`rng`, 8 bytes of state: they go on across the
    CPU's comings and goings, the same moves as one CPU kept all round long), the engine's DominoesCpu while it is in
    RAM (`cpu`: made at its turn, dropped with its code under the pause menu and the results) and its turn's pace.

    On its turn it starts deciding at once and thinks a few slices a frame (engine.dominoes_cpu's start / step); its
    move shows once it is chosen and CPU_DELAY_MS has passed. Made again after a drop, its decision starts afresh
    from the numbers it began with (the same move), its time to show unchanged. restart() voids a decision under
    way (the scene's settle: whatever happened, the turn is settled anew)."""

    def __init__(self, level, room):
        self.level = level
        self.cpu = None
        self.rng = bytearray(8)
        # `room`: a block held from the start while the heap is in one piece (before the view), let go the moment
        # the CPU is made (before its code loads): its code and the CPU go there
        self.room = bytearray(_CPU_ROOM) if room else None
        self.due = None  # when its move shows (None: no decision under way)
        self.since = None  # when it began thinking (the dots)

    def seed(self, game):
        """Numbers for the round `game` dealt: they go on from where the deal's shuffle left the game's (which the
        round uses no more), so a round's replay code deals it and seeds its CPU alike."""
        game.rng.save_into(self.rng, 0)
        if self.cpu is not None:
            self.cpu.rng.load_from(self.rng, 0)

    def set_level(self, level):
        self.level = level
        if self.cpu is not None:
            self.cpu.level = level

    def make(self):
        """The engine's CPU at the level, going on with the numbers in `rng`."""
        if self.room is not None:
            self.room = None
            gc.collect()  # its block is free for the CPU's code and the CPU: let go before the import, not after
        from engine.dominoes_cpu import DominoesCpu
        cpu = self.cpu = DominoesCpu(self.level, 1)
        cpu.rng.load_from(self.rng, 0)
        return cpu

    def drop(self):
        """The CPU and its code leave RAM: made again at its next turn."""
        if self.cpu is not None:
            if self.due is None:
                self.cpu.rng.save_into(self.rng, 0)  # else a decision under way starts afresh from its start
            self.cpu = None
            modules.unload("engine.dominoes_cpu")

    def restart(self):
        self.due = None

    def think(self, now_ms, game, clock, view):
        """A frame of its turn (`clock`: the platform's ticks_ms; `view` shows the thinking dots): True when its move
        (cpu.move()) is due to show."""
        cpu = self.cpu
        if cpu is None:  # its first turn since a drop
            if self.due is None:
                # The frame that handed it the turn (a person's move) has had its share: the CPU's code loads in
                # the next one (with it, that frame took 87 ms of badge time). Its numbers wait in `rng`.
                self.due = actions.ticks_add(now_ms, CPU_DELAY_MS)
                self.since = now_ms
                return False
            self.make().start(game)  # afresh from its numbers' start: the same move
            return False
        if self.due is None:
            self.due = actions.ticks_add(now_ms, CPU_DELAY_MS)
            self.since = now_ms
            cpu.rng.save_into(self.rng, 0)  # where the decision starts (a drop starts it afresh from here)
            cpu.start(game)
            return False
        left = THINK_SLICES
        was = now_ms
        while not cpu.step(THINK_UNITS):
            left -= 1
            at = clock()
            if not left or actions.ticks_diff(at, now_ms) + actions.ticks_diff(at, was) >= THINK_MS:
                view.show_thinking(1 + (actions.ticks_diff(now_ms, self.since) // _THINK_DOT_MS) % 3)
                return False
            was = at
        view.show_thinking(0)
        if actions.ticks_diff(now_ms, self.due) >= 0:
            self.due = None
            return True
        return False
