"""Dice Duel's game scene: people roll with the buttons, CPU seats play paced so they can be followed.

Keys while rolling: Left/Right choose a die, A keeps or releases it, B rolls, Start ends the rolling and opens
the chip choice (Left/Right choose a chip, A or Start takes it). Select opens the pause menu: in this game Start
belongs to the turn. Every engine call returns a code; an illegal press changes nothing (a low beep).
"""
try:
    from micropython import const
except ImportError:
    def const(value):
        return value

from engine import dice_duel as dd
from engine.dice_duel_combos import KIND_NAMES, KIND_SHORT, BIT_KNIFFEL
from pips import actions
from pips.scene import Scene
from pips.dice_duel import records, texts
from pips.dice_duel.view import DiceDuelView

CPU_STEP_MS = const(650)     # [decided] pause between a CPU seat's moves, so its rolls can be followed
CPU_SHOW_MS = const(1200)    # how long the result of a CPU turn stays before the next seat
MODE_PLAY = const(0)         # a person rolls
MODE_CHOOSE = const(1)       # a person chooses a chip
MODE_CPU = const(2)
MODE_PANEL = const(3)        # "pass the badge" / roll-off panel; A continues
MODE_OVER = const(4)

_ERROR_HZ = const(220)
_ROLL_HZ = const(660)
_TAKE_HZ = const(990)
_KNIFFEL_COLOR = 0xFFC83C


class DiceDuelScene(Scene):
    rules_title = texts.RULES_TITLE
    rules_text = texts.RULES_TEXT

    def __init__(self, app, game):
        super().__init__(app)
        self.game = game
        self.cpu = None
        if game.cpu_mask:
            # Before the view: the CPU's tables want blocks of 1-3 KB, which a heap fragmented by a game in
            # progress may no longer have (measured on the badge's interpreter, tools/cp_run.py).
            from engine.dice_duel_cpu import DiceDuelCpu
            self.cpu = DiceDuelCpu()
        self.view = DiceDuelView(game.players, game.cpu_mask)
        self.group.append(self.view.group)
        self.mode = MODE_PLAY
        self.die_cursor = 0
        self.chip_choice = dd.CHOICE_NONE
        self.cpu_due = None
        self.last_person = -1
        self.started = False
        self.after_panel = MODE_PLAY
        self.note = ""

    # ---- life cycle -------------------------------------------------------------------------------------
    def enter(self):
        if not self.started:
            self.started = True
            self._intro()

    def _intro(self):
        game = self.game
        if game.players > 1 and game.phase == dd.PHASE_ROLL and game.rolls_left == dd.ROLLS_PER_TURN \
                and game.round == 0 and game.tray_count() == 28:
            parts = []
            for seat in range(game.players):
                if game.rolloff[seat]:
                    parts.append("%s:%d" % (texts.seat_name(game.cpu_mask, seat), game.rolloff[seat]))
            self.view.show_panel("Roll-off: %s starts" % self._name(game.current), " ".join(parts))
            self.mode = MODE_PANEL
            self.after_panel = -1
            self._redraw()
            return
        self._begin_turn(first=True)

    def _name(self, seat):
        return texts.seat_name(self.game.cpu_mask, seat)

    def _is_cpu(self, seat):
        return self.game.cpu_mask >> seat & 1

    def _people(self):
        count = 0
        for seat in range(self.game.players):
            if not self._is_cpu(seat):
                count += 1
        return count

    def _begin_turn(self, first=False):
        """Decide who acts next: results, a CPU seat, a pass screen between people, or play."""
        game = self.game
        self.chip_choice = dd.CHOICE_NONE
        if game.is_over():
            self._finish()
            return
        if game.phase == dd.PHASE_CHOOSE and not self._is_cpu(game.current):
            self._open_choice()
            self._redraw()
            return
        if self._is_cpu(game.current):
            if self.cpu is None:
                from engine.dice_duel_cpu import DiceDuelCpu
                self.cpu = DiceDuelCpu()
            self.mode = MODE_CPU
            self.cpu_due = None
        elif self._people() > 1 and game.current != self.last_person and not first:
            self.view.show_panel("Pass the badge", "to " + self._name(game.current))
            self.mode = MODE_PANEL
            self.after_panel = MODE_PLAY
        else:
            self.mode = MODE_PLAY
        if not self._is_cpu(game.current):
            self.last_person = game.current
        self._redraw()

    def _redraw(self):
        game = self.game
        message = ""
        if self.mode == MODE_PLAY:
            if game.rolls_left == dd.ROLLS_PER_TURN:
                message = "%s: B rolls" % self._name(game.current)
            else:
                message = "%s B:roll A:keep St:chip" % self._name(game.current)
        elif self.mode == MODE_CHOOSE:
            if self.chip_choice == dd.CHOICE_NONE:
                message = "No chip. A: next"
            else:
                if self.chip_choice >= dd.CHOICE_ASIDE:
                    message = "Take %s (set aside)?" % KIND_SHORT[self.chip_choice & 7]
                else:
                    message = "Take %s?" % KIND_NAMES[self.chip_choice]
        elif self.mode == MODE_CPU:
            message = "%s is playing" % self._name(game.current)
        if game.mask & BIT_KNIFFEL and self.mode != MODE_PANEL:
            message = "KNIFFEL! " + message
        if self.note:
            message = self.note
        self.view.set_message(message[:26])
        self.view.draw(game, self.die_cursor, self.chip_choice if self.mode == MODE_CHOOSE else dd.CHOICE_NONE,
                       self.mode == MODE_PLAY and game.rolls_left < dd.ROLLS_PER_TURN)

    # ---- people -----------------------------------------------------------------------------------------
    def on_action(self, action):
        if action == actions.SELECT:
            self.app.pause(self)
            return
        mode = self.mode
        if mode == MODE_PANEL:
            if action == actions.A:
                self.view.hide_panel()
                if self.after_panel == -1:
                    self._begin_turn(first=True)
                else:
                    self.mode = self.after_panel
                    self._redraw()
            return
        if mode == MODE_PLAY:
            self._play_action(action)
        elif mode == MODE_CHOOSE:
            self._choose_action(action)

    def _play_action(self, action):
        game = self.game
        code = dd.OK
        if action == actions.LEFT:
            self.die_cursor = (self.die_cursor + dd.DICE - 1) % dd.DICE
        elif action == actions.RIGHT:
            self.die_cursor = (self.die_cursor + 1) % dd.DICE
        elif action == actions.A:
            code = game.toggle_keep(self.die_cursor)
        elif action == actions.B:
            code = game.roll()
            if code == dd.OK:
                self._rolled()
                if game.phase == dd.PHASE_CHOOSE:
                    self._open_choice()
        elif action == actions.START:
            code = game.stop()
            if code == dd.OK:
                self._open_choice()
        else:
            return
        if code != dd.OK:
            self.app.tone(_ERROR_HZ, 60)
        self._redraw()

    def _rolled(self):
        self.note = ""
        self.app.tone(_ROLL_HZ, 40)
        if self.game.mask & BIT_KNIFFEL:
            self.app.flash_pixels(_KNIFFEL_COLOR, 600)

    def _open_choice(self):
        self.mode = MODE_CHOOSE
        self.chip_choice = self._next_choice(-1, 1)

    def _next_choice(self, start, step):
        """The next legal chip after `start` in the order tray 0..6, aside 8..14 (wrapping); NONE if none."""
        legal = self.game.choices()
        if not legal:
            return dd.CHOICE_NONE
        order = start
        for _ in range(16):
            order = (order + step) % 16
            if legal >> order & 1:
                return order
        return dd.CHOICE_NONE

    def _choose_action(self, action):
        if action == actions.LEFT or action == actions.RIGHT:
            if self.chip_choice != dd.CHOICE_NONE:
                self.chip_choice = self._next_choice(self.chip_choice, 1 if action == actions.RIGHT else -1)
            self._redraw()
        elif action == actions.A or action == actions.START:
            self._take(self.chip_choice)

    def _take(self, choice):
        game = self.game
        player = game.current
        code = game.take(choice)
        if code != dd.OK:
            self.app.tone(_ERROR_HZ, 60)
            return
        if choice != dd.CHOICE_NONE:
            self.app.tone(_TAKE_HZ, 60)
        if game.phase == dd.PHASE_CHOOSE:
            self.chip_choice = self._next_choice(-1, 1)  # solo Kniffel: the second chip
            self._redraw()
            return
        self.note = ""
        if game.last_aside != dd.CHOICE_NONE and game.phase != dd.PHASE_CHOOSE:
            self.note = "%s set aside" % KIND_NAMES[game.last_aside]
        elif game.extra_turn():
            self.note = "%s plays again" % self._name(player)
        self.die_cursor = 0
        self._begin_turn()

    # ---- CPU seats --------------------------------------------------------------------------------------
    def tick(self, now_ms):
        if self.mode != MODE_CPU:
            return
        if self.cpu_due is None:
            self.cpu_due = actions.ticks_add(now_ms, CPU_STEP_MS)
            return
        if actions.ticks_diff(now_ms, self.cpu_due) < 0:
            return
        self.cpu_due = actions.ticks_add(now_ms, self.cpu_step())

    def cpu_step(self):
        """One visible CPU move; returns the ms to wait before the next."""
        game = self.game
        cpu = self.cpu
        from engine.dice_duel_cpu import STOP
        self.note = ""
        if game.phase == dd.PHASE_ROLL:
            if game.rolls_left == dd.ROLLS_PER_TURN:
                game.roll()
                self._rolled()
            else:
                keep = cpu.choose_keep(game)
                if keep == STOP:
                    game.stop()
                elif keep != game.keep:
                    game.set_keep(keep)  # show the kept dice first, roll on the next step
                else:
                    game.roll()
                    self._rolled()
            self._redraw()
            return CPU_STEP_MS
        player = game.current
        choice = cpu.choose_chip(game)
        self._take(choice)
        if choice != dd.CHOICE_NONE and not self.note:
            self.note = "%s took %s" % (self._name(player), KIND_NAMES[choice & 7])
            self._redraw()
        return CPU_SHOW_MS

    # ---- the end ----------------------------------------------------------------------------------------
    def _finish(self):
        self.mode = MODE_OVER
        self.note = "Game over"
        self._redraw()
        game = self.game
        store = self.app.store
        records.clear_game(store)
        new_best = False
        if game.players == 1:
            new_best = records.add_best(store, game.score(0))
        from pips.dice_duel import results
        results.show(self.app, game, new_best, self._after_results)

    def _after_results(self):
        from pips.dice_duel.setup import DiceDuelSetup
        self.app.replace(DiceDuelSetup(self.app))

    # ---- pause-menu hooks -------------------------------------------------------------------------------
    def new_round(self):
        game = self.game
        records.clear_game(self.app.store)
        fresh = dd.DiceDuel(game.players, seed=self.app.next_seed(), cpu_mask=game.cpu_mask)
        self.app.replace(DiceDuelScene(self.app, fresh))

    def save_game(self):
        if not self.game.is_over():
            records.save_game(self.app.store, self.game)
