"""Dominoes' turn flow, between the person's button presses: whose turn it is and what the screen waits for --
the person's choice, the CPU's paced step, the cover that passes the badge between two people, the finished table,
the round's and the match's results (their screens: pips.dominoes.results, loaded when a round ends) and the
match record.

TurnFlow is mixed into DominoesScene (pips.dominoes.scene), which owns the game, the choice, the view and the
drawing (`_draw`, `_follow_last`); this module holds no drawing of its own. What the status strip says over time
is a Strip's (below).
"""
from micropython import const

from engine import dominoes as dm
from engine.dominoes_table import MOVE_TILE
from pips import actions, modules
from pips.dominoes.choice import tile_name
from pips.dominoes.records import PEOPLE

# what the scene waits for (pips.dominoes.scene reads them too)
MODE_PERSON = const(0)  # a person chooses
MODE_CPU = const(1)  # waiting to show the CPU's next step
MODE_ROUND_END = const(2)  # the finished table, then the results
MODE_RESULTS = const(3)  # a results screen is up
MODE_PASS = const(4)  # the cover: pass the badge, A when ready

_LAND_MS = const(60)  # a tile just laid lights up this long from the next frame: three frames shown (~100 ms)
_CPU_DELAY_MS = const(750)  # [decided] each CPU step waits this long so it can be followed
# The CPU thinks in slices of _THINK_UNITS of its search (engine.dominoes_cpu.DominoesCpu.step; a slice is a few
# ms of badge time: make bench, badge_engine "Hard think: a slice"), as many a frame as fit _THINK_MS from the
# frame's start -- another slice is not begun when the last one would take it past -- so frames keep their pace
# while Hard thinks; at most _THINK_SLICES a frame (a clock that stands still within a frame: the tests')
_THINK_UNITS = const(5)
_THINK_MS = const(22)
_THINK_SLICES = const(8)
_THINK_DOT_MS = const(250)  # the thinking dots advance one every this long
_ROUND_END_MS = const(1500)  # the finished table stays this long before the results
NOTE_MS = const(2500)  # a message on a person's turn gives way to the guide after this long
SEEN_MS = const(900)  # the CPU's move shown this long, the strip says it is the person's turn
HINT_MS = const(5000)  # left idle this long on a turn, the strip shows the controls (then the guide, in turn)
PLAY_HZ = const(660)  # the tones of a tile laid and a tile drawn (the scene's moves sound the same)
DRAW_HZ = const(440)


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


class TurnFlow:
    def names(self):
        return ("P1", "P2") if self.opponent == PEOPLE else ("You", "CPU")

    def person_seat(self):
        """The seat whose hand the screen shows: the person to move (two people), else seat 0."""
        return self.game.turn if self.opponent == PEOPLE else dm.PERSON

    def seed_round(self):
        """Each round is dealt from its own seed (the app's: its replay code deals that round alone)."""
        self.game.rng.seed(self.app.next_seed())

    def settle(self):
        """Whatever happened, settle what the scene waits for now, and draw."""
        game = self.game
        self.choice.rebuild(game, self.person_seat())
        self.person_moves = 0
        self.view.show_thinking(0)
        names = self.names()
        if game.phase != dm.PLAYING:
            self.mode = MODE_ROUND_END
            self.due = None
            strip = self.strip
            if game.round_conceded:
                strip.note = "You concede"
            elif game.round_blocked:
                strip.note = (strip.note + ": blocked") if game.last_kind == dm.LAST_PLAY else "Blocked!"
            else:
                you = game.round_winner == dm.PERSON and self.opponent != PEOPLE
                strip.note = "Domino! %s %s" % (names[game.round_winner], ("wins", "win")[you])
            if game.phase == dm.MATCH_OVER and not self.match_noted:
                # count the finished match once (on the device right away: a quit later does not lose it), and
                # forget its kept copy: the next start is a new match
                self.match_noted = True
                self.app.round_ended()
                with modules.briefly():
                    from pips.dominoes import records
                    records.note_match(self.app.store, self.record, self.opponent, game.match_winner == dm.PERSON)
        elif game.turn != dm.PERSON and self.opponent != PEOPLE:  # the CPU's turn
            self.mode = MODE_CPU
            self.due = None
        elif self.opponent == PEOPLE and game.turn != self.last_person:
            self.mode = MODE_PASS
        else:
            self._start_person_turn()
        self._draw()

    def _start_person_turn(self):
        game = self.game
        self.mode = MODE_PERSON
        self.last_person = game.turn
        choice = self.choice
        choice.rebuild(game, game.turn)
        choice.choose_default_spot(game)
        if choice.option_count == 0:
            choice.select_first_fitting(game)
        self.person_moves = game.legal_moves()
        if self.person_moves == 0 and game.last_player == game.turn:
            self.strip.note = ""  # the hint tells what was drawn and what comes next

    def end_pass(self):
        """A on the cover: the person to move takes the badge."""
        self.view.show_cover("")
        self.app.redraw()
        self._start_person_turn()
        self._draw()

    # ---- the CPU and the pacing -------------------------------------------------------------------------------
    def tick(self, now_ms):
        if not self.app.screen_due():  # (a screen due next frame: this one shows the busy mark and nothing else)
            self.view.table.glide()
        landing = self.landing
        if landing is not None:
            if landing < 0:  # laid in the last frame: it lights up from this one
                self.landing = actions.ticks_add(now_ms, _LAND_MS)
            elif actions.ticks_diff(now_ms, landing) >= 0:
                self.end_landing()
        if self.mode == MODE_PERSON:
            self.strip.tick(now_ms, self.view)
            return
        if self.mode == MODE_CPU:
            self.app.wake()
            self._think(now_ms)
            return
        if self.mode != MODE_ROUND_END:
            return
        self.app.wake()
        if self.due is None:
            self.due = actions.ticks_add(now_ms, _ROUND_END_MS)
        elif actions.ticks_diff(now_ms, self.due) >= 0:
            self.due = None
            self._show_round_result()

    def _think(self, now_ms):
        """The CPU's turn: it starts deciding at once and thinks a slice each frame (engine.dominoes_cpu's
        start / step); its move shows once it is chosen and _CPU_DELAY_MS has passed. The CPU leaves RAM under the
        pause menu: back from it, the decision starts afresh from the random numbers it began with (the same
        move), its time to show unchanged. Anything that settles the turn anew (a new round or match) sets `due`
        to None, and the search starts over from the game as it then is."""
        cpu = self.cpu
        if cpu is None:  # its first turn since the pause menu dropped it (pips.dominoes.scene)
            if self.due is None:
                # The frame that handed it the turn (a person's move) has had its share: the CPU's code loads in
                # the next one (with it, that frame took 87 ms of badge time). Its numbers wait in cpu_rng.
                self.due = actions.ticks_add(now_ms, _CPU_DELAY_MS)
                self.think_since = now_ms
                return
            cpu = self.make_cpu()  # afresh from its numbers' start: the same move
            cpu.start(self.game)
            return
        if self.due is None:
            self.due = actions.ticks_add(now_ms, _CPU_DELAY_MS)
            self.think_since = now_ms
            cpu.rng.save_into(self.cpu_rng, 0)  # where the decision starts (a drop starts it afresh from here)
            cpu.start(self.game)
            return
        clock = self.app.platform.ticks_ms
        left = _THINK_SLICES
        was = now_ms
        while not cpu.step(_THINK_UNITS):
            left -= 1
            at = clock()
            if not left or actions.ticks_diff(at, now_ms) + actions.ticks_diff(at, was) >= _THINK_MS:
                self.view.show_thinking(1 + (actions.ticks_diff(now_ms, self.think_since) // _THINK_DOT_MS) % 3)
                return
            was = at
        self.view.show_thinking(0)
        if actions.ticks_diff(now_ms, self.due) >= 0:
            self.due = None
            self._cpu_step()

    def _cpu_step(self):
        game = self.game
        move = self.cpu.move()
        if move == dm.NO_MOVE:
            kind = game.no_move()
            self.strip.note = ("CPU passes", "CPU draws")[kind == dm.LAST_DRAW]
            said = "Your turn: CPU passed"
            if kind == dm.LAST_DRAW:
                self.app.tone(DRAW_HZ, 40)
        else:
            game.play_move(move)
            self.strip.note = "CPU lays %s" % tile_name(move & MOVE_TILE)
            said = "Your turn: CPU laid %s" % tile_name(move & MOVE_TILE)
            self.app.tone(PLAY_HZ, 30)
            self._follow_last()
            self.land()
        self.app.moved()
        self.settle()
        # the move shows first (its frame is the costly one); the strip then says whose turn it is
        self.strip.turn_note = said if self.mode == MODE_PERSON else None

    # ---- round and match results ------------------------------------------------------------------------------
    def _show_round_result(self):
        self.mode = MODE_RESULTS
        # the results cover the whole screen: the view leaves RAM under them (it comes back for the next round, or
        # for "Again" after the match: the scene's new_match), and so does the CPU (made again before the view:
        # the scene's cpu_before_view)
        self.drop_cpu()
        self.drop_view()
        from pips.dominoes import results  # the results screens' code, loaded for the moment it is needed
        results.show(self, False)
        modules.unload("pips.dominoes.results")

    def _after_round_result(self):
        game = self.game
        if game.phase == dm.MATCH_OVER:
            from pips.dominoes import results
            results.show(self, True)
            modules.unload("pips.dominoes.results")
            return
        self.seed_round()
        game.next_round()
        self.cpu_before_view(self.opponent)
        self.restore_view()
        self.strip.note = "Round %d" % game.round_no
        self.new_deal()
