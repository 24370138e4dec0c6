"""Dice Duel's game scene: people roll with the buttons, CPU seats play paced so they can be followed.

Keys while rolling: Left/Right choose a die, A keeps or releases it, B rolls, Select ends the rolling and opens
the chip choice, Up shows the odds (pips.dice_duel.odds); idle, the message line reminds of Up and Select. In the chip choice: Left/Right choose (the most valuable chip first, then "No chip", which asks to
confirm), A takes, B (or Select) goes back to the dice while rolls are left. Start pauses, as in every game.
Every engine call returns a code; an illegal press changes nothing (a low beep and a note saying why).
"""
from micropython import const

from engine import dice_duel as dd
from engine.dice_duel_combos import CHIP_VALUES, KIND_NAMES, BIT_KNIFFEL
from pips import actions, modules
from pips.scene import Scene
from pips.dice_duel import texts

CPU_STEP_MS = const(650)     # [decided] pause between a CPU seat's moves, so its rolls can be followed
CPU_SHOW_MS = const(1200)    # how long the result of a CPU turn stays before the next seat
HINT_MS = const(3000)        # idle while rolling: the message line and a control hint take turns this long
THINK_SLICES = const(3)      # slices of a CPU decision or the odds a frame (each ~3 ms on the badge)
MODE_PLAY = const(0)         # a person rolls
MODE_CHOOSE = const(1)       # a person chooses a chip
MODE_CPU = const(2)
MODE_PANEL = const(3)        # "pass the badge" / roll-off panel; A continues
MODE_OVER = const(4)

_ERROR_HZ = const(220)
_ROLL_HZ = const(660)
_TAKE_HZ = const(990)
_KNIFFEL_COLOR = const(0xFFC83C)
_NO_CHIP = const(15)         # the chip choice's place of "No chip": after tray kinds 0..6 and set-aside 8..14
_MESSAGE_COLUMNS = const(26)
# Shorter chip names, used where the full name does not fit the message line.
_MEDIUM_NAMES = ("2 pairs", "3 of a kind", "Sm straight", "Flush", "Full house", "4 of a kind", "Lg straight")


class DiceDuelScene(Scene):
    rules_title = texts.RULES_TITLE
    rules_text = texts.RULES_TEXT
    takes_shake = True  # a shake rolls, like B

    def __init__(self, app, game, cpu_values=None):
        super().__init__(app)
        # The CPU is made when a CPU seat first moves (in tick) or the odds are asked for (_cpu), not beside the new
        # view and its roll-off panel. Its large arrays are made ahead, before the heap fragments (a game in progress may
        # no longer have their blocks; tools/cp_run.py): the tables and `cpu_values` by the setup.
        self.cpu = None
        self.cpu_values = cpu_values
        self.game = game  # (for make_view; _new_game sets the rest)
        self.view = self.make_view()
        self.group.append(self.view.group)
        self.left_panel = None  # the panel's texts while the view is away (drop_view)
        self.finals = bytearray(dd.DICE)  # the rolled dice's tiles, for the tumble
        self.prompt_seat = -1             # whose "B rolls the dice" prompt self.prompt is
        self.prompt = ""
        self._new_game(game)

    def _new_game(self, game):
        """Play `game` from its state now (a new round reuses this scene: its view and the CPU's tables)."""
        if self.cpu is not None:
            self.cpu.cancel()  # a decision begun for the last game's dice
        self.game = game
        self.mode = MODE_PLAY
        self.die_cursor = 0
        self.chip_choice = dd.CHOICE_NONE
        self.cpu_due = None
        self.cpu_answer = None      # the CPU's keep: None (not begun), or its last answer (while cpu.busy: working)
        self.cpu_rolls_next = False  # the CPU has shown its kept dice: its next move rolls
        self.waiting = False        # a CPU move is due but its keep is still being worked out
        self.last_person = -1
        self.started = False
        self.after_panel = MODE_PLAY
        self.note = ""
        self.kniffels = 0  # thrown by people in this game
        self.hint_at = None   # when the message line next turns to (or back from) a control hint
        self.hint_shown = False

    # ---- life cycle -------------------------------------------------------------------------------------
    def enter(self):
        if not self.started:
            self.started = True
            self._intro()

    # ---- the view leaves while Settings or Rules cover the game (pips.scene) ----------------------------------
    def make_view(self, sheets=None):
        from pips.dice_duel.view import DiceDuelView
        return DiceDuelView(self.game.players, self.game.cpu_mask)  # (its sheets are quick to draw: ~60 ms badge)

    def leave_view(self):
        view = self.view
        if view.panel is not None:
            self.left_panel = view.panel_texts()
        # The view's own code (nothing else in a game of Dice Duel uses it) leaves with it (under Settings, Rules,
        # the results, the save): make_view imports it again. The shared dice and text-grid code stays: importing
        # it again too made the view's return after Settings or Rules 190 ms app (bench_badge_frames), now 90.
        for name in ("pips.dice_duel.view", "pips.ui.tumble"):
            modules.unload(name)

    def draw_view(self):
        if self.left_panel is not None:
            self.view.show_panel(*self.left_panel)
            self.left_panel = None
        self._redraw()

    def _intro(self):
        game = self.game
        if game.players > 1 and game.phase == dd.PHASE_ROLL and game.rolls_left == dd.ROLLS_PER_TURN \
                and game.round == 0 and game.tray_count() == 28:
            self.view.show_panel("Roll-off: " + _verb(self._name(game.current), "start"), *self._roll_off_lines())
            self.mode = MODE_PANEL
            self.after_panel = -1
            self._redraw()
            return
        self._begin_turn(first=True)

    def _roll_off_lines(self):
        """The roll-off's deciding throw (after ties, the tied seats' throw again) and the order of play: three
        panel lines of at most 23 characters."""
        game = self.game
        parts = []
        for seat in range(game.players):
            if game.rolloff[seat]:
                parts.append("%s:%d" % (self._name(seat), game.rolloff[seat]))
        order = []
        for step in range(1, game.players):
            order.append(self._name((game.first + step) % game.players))
        then = "Then " + ", ".join(order)
        if len(parts) < game.players:  # seats that lost the first throw sat out the tie's throw
            return "Tie! Rolled again:", " ".join(parts), then
        return " ".join(parts[:2]), " ".join(parts[2:]), then

    def _name(self, seat):
        return texts.seat_name(self.game.cpu_mask, seat, self.game.players)

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
            self.mode = MODE_CPU  # (tick makes the CPU when it is first needed, once the action has returned)
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
        self.hint_at = None  # the line says what just changed: a hint waits for the player to idle again
        if self.hint_shown:
            self.hint_shown = False
            self.view.show_hint(None)
        if self.mode == MODE_PLAY:
            if game.rolls_left == dd.ROLLS_PER_TURN:
                if self.prompt_seat != game.current:  # built once a turn, not on every press
                    self.prompt_seat = game.current
                    self.prompt = "%s: B rolls the dice" % self._name(game.current)
                message = self.prompt
            elif game.mask & BIT_KNIFFEL:
                message = "KNIFFEL! Select: a chip"
            else:
                message = "B:roll A:keep Sel:chip"
        elif self.mode == MODE_CHOOSE:
            message = self._choice_text()
        elif self.mode == MODE_CPU:
            message = "%s is %s" % (self._name(game.current), "thinking" if self.waiting else "playing")
        if self.note:
            message = self.note
        self.view.set_message(message)
        self.view.draw(game, self.die_cursor, self.chip_choice if self.mode == MODE_CHOOSE else dd.CHOICE_NONE,
                       self.mode == MODE_PLAY and game.rolls_left < dd.ROLLS_PER_TURN)

    def _choice_text(self):
        """The chip choice's question, fitted to the message line."""
        kniffel = self.game.mask & BIT_KNIFFEL
        choice = self.chip_choice
        if not self.game.choices():
            return _NO_CHIP_FITS
        if choice == dd.CHOICE_NONE:
            return "KNIFFEL! Take no chip?" if kniffel else "Take no chip?"
        kind = choice & 7
        # a set-aside chip is a Kniffel's only: its question says where the chip comes from instead
        if choice >= dd.CHOICE_ASIDE:
            start = "Take set-aside "
        else:
            start = "KNIFFEL! " if kniffel else "Take "
        value = CHIP_VALUES[kind]
        room = _MESSAGE_COLUMNS - len(start)
        # Lengths first, then the one string shown (no strings built on the way: a key press's garbage)
        for name in (KIND_NAMES[kind], _MEDIUM_NAMES[kind]):
            if len(name) + (3 if value < 10 else 4) <= room:
                return "%s%s %d?" % (start, name, value)
            if len(name) + 1 <= room:
                return "%s%s?" % (start, name)
            if len(name) <= room:
                return start + name
        return start + _MEDIUM_NAMES[kind]

    # ---- people -----------------------------------------------------------------------------------------
    def on_action(self, action):
        # A press during the tumble only ends it: a quick second B would roll dice never seen, an A keep one.
        if self.view.tumble.end() and action != actions.START:
            return
        if action == actions.START:
            self.on_start()  # the pause menu, as in every game
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
        self.note = ""
        if action == actions.LEFT:
            self.die_cursor = (self.die_cursor + dd.DICE - 1) % dd.DICE
        elif action == actions.RIGHT:
            self.die_cursor = (self.die_cursor + 1) % dd.DICE
        elif action == actions.A:
            code = game.toggle_keep(self.die_cursor)
        elif action == actions.B or action == actions.SHAKE:
            code = game.roll()
            if code == dd.OK:
                self._rolled()
                if game.phase == dd.PHASE_CHOOSE:
                    self._open_choice()
        elif action == actions.SELECT:
            code = game.stop()
            if code == dd.OK:
                self._open_choice()
        elif action == actions.UP:
            self.app.later(self._show_odds)  # the busy mark first: the odds take ~170 ms to build
            return
        else:
            return
        if code != dd.OK:
            self.app.tone(_ERROR_HZ, 60)
            self.note = _refusal(code)
        self._redraw()

    def _rolled(self):
        self.note = ""
        game = self.game
        finals = self.finals
        for i in range(dd.DICE):
            finals[i] = game.dice[i]  # the sheet's tile of a face is the face
        self.view.tumble.start(31 if game.rolls_left == dd.ROLLS_PER_TURN - 1 else 31 & ~game.keep, finals)
        if self.game.mask & BIT_KNIFFEL:
            if not self.game.cpu_mask >> self.game.current & 1:
                self.kniffels += 1  # a person's: counted in the statistics when the game ends
                if self.app.show_tip("DICE_DUEL_KNIFFEL"):
                    self.view.tumble.end()  # the tip covers the game (no ticks): the dice must lie as thrown
            from pips import jingles
            self.app.play_jingle(jingles.KNIFFEL)
            self.app.flash_pixels(_KNIFFEL_COLOR, 600)
        else:
            self.app.tone(_ROLL_HZ, 40)

    def _cpu(self):
        """The CPU player's tables (made when a CPU seat first moves, or the odds are first asked for)."""
        if self.cpu is None:
            from engine.dice_duel_cpu import DiceDuelCpu
            self.cpu = DiceDuelCpu(self.cpu_values)
            self.cpu_values = None
        return self.cpu

    def on_start(self):
        self._drop_cpu()  # the pause menu's code and sprites come over the view: the CPU's code leaves meanwhile
        super().on_start()

    def _drop_cpu(self):
        """The CPU's code leaves RAM (~4 KB) until a CPU seat or the odds want it again (_cpu); its value array
        stays for that next CPU. A keep it was working out is then worked out afresh (cpu_step)."""
        cpu = self.cpu
        if cpu is not None:
            if cpu.busy:
                self.cpu_answer = None
            self.cpu_values = cpu.ev1
            self.cpu = None
        modules.unload("engine.dice_duel_cpu")

    def _show_odds(self):
        if self.app.top() is not self:  # (another screen came first)
            return
        from pips import modules
        before = modules.loaded()
        from pips.dice_duel.odds import OddsScene
        self.app.push_overlay(OddsScene(self.app, self._cpu(), self.game), before)

    def _open_choice(self):
        self.mode = MODE_CHOOSE
        self.chip_choice = self.game.best_choice()

    def _next_choice(self, start, step):
        """The next choice after `start` in the order tray 0..6, set-aside 8..14, "No chip" (wrapping)."""
        legal = self.game.choices() | 1 << _NO_CHIP
        order = _NO_CHIP if start == dd.CHOICE_NONE else start
        for _ in range(_NO_CHIP + 1):
            order = (order + step) % (_NO_CHIP + 1)
            if legal >> order & 1:
                break
        return dd.CHOICE_NONE if order == _NO_CHIP else order

    def _choose_action(self, action):
        self.note = ""
        if action == actions.LEFT or action == actions.RIGHT:
            self.chip_choice = self._next_choice(self.chip_choice, 1 if action == actions.RIGHT else -1)
            self._redraw()
        elif action == actions.A:
            if self.chip_choice == dd.CHOICE_NONE and self.game.choices():
                self.app.confirm(_DECLINE_SOLO if self.game.solo else _DECLINE, self._decline)
            else:
                self._take(self.chip_choice)
        elif action == actions.B or action == actions.SELECT:
            code = self.game.back_to_rolls()
            if code == dd.OK:
                self.mode = MODE_PLAY
            else:
                self.app.tone(_ERROR_HZ, 60)
                # with nothing to take, "take a chip" would send the player looking for one
                self.note = _refusal(code) if self.game.choices() else _NO_CHIP_FITS
            self._redraw()

    def _decline(self):
        if self.mode == MODE_CHOOSE:
            self._take(dd.CHOICE_NONE)

    def _take(self, choice):
        game = self.game
        player = game.current
        code = game.take(choice)
        if code != dd.OK:
            self.app.tone(_ERROR_HZ, 60)
            return
        self.app.moved()  # a chip taken or declined: every few, the round is kept against a power cut
        if choice != dd.CHOICE_NONE:
            self.app.tone(_TAKE_HZ, 60)
        if game.phase == dd.PHASE_CHOOSE:
            self.chip_choice = game.best_choice()  # solo Kniffel: the second chip
            self._redraw()
            return
        self.note = ""
        if game.last_aside != dd.CHOICE_NONE and game.phase != dd.PHASE_CHOOSE:
            self.note = "%s set aside" % KIND_NAMES[game.last_aside]
        elif game.extra_turn():
            self.note = _verb(self._name(player), "play") + " again"
        self.die_cursor = 0
        self._begin_turn()

    # ---- CPU seats --------------------------------------------------------------------------------------
    # A CPU seat's keep decision is worked in slices (engine.dice_duel_cpu.think) from tick(), in the frames it
    # waits anyway between its visible moves: the screen never freezes, and Start pauses as ever (a paused
    # scene gets no tick, so the thinking waits too).
    def tick(self, now_ms):
        self.view.tumble.frame(now_ms)
        if self.mode == MODE_PLAY:
            self._hint_tick(now_ms)
        if self.mode != MODE_CPU:
            return
        cpu = self._cpu()
        if cpu.busy:
            for _ in range(THINK_SLICES):
                self.cpu_answer = cpu.think(self.game)
                if not cpu.busy:
                    break
            if not cpu.busy and self.waiting:
                self.waiting = False
                self._redraw()
        if self.cpu_due is None:
            self.cpu_due = actions.ticks_add(now_ms, CPU_STEP_MS)
            return
        if actions.ticks_diff(now_ms, self.cpu_due) < 0:
            return
        if cpu.busy:
            if not self.waiting:  # the move is due and the CPU still thinks: say so
                self.waiting = True
                self._redraw()
            return
        self.cpu_due = actions.ticks_add(now_ms, self.cpu_step())

    def cpu_step(self):
        """One visible CPU move; returns the ms to wait before the next."""
        game = self.game
        cpu = self._cpu()
        from engine.dice_duel_cpu import STOP  # (the CPU's module is loaded only where a CPU plays or the odds show)
        self.note = ""
        if game.phase == dd.PHASE_ROLL:
            if game.rolls_left == dd.ROLLS_PER_TURN or self.cpu_rolls_next:
                self.cpu_rolls_next = False
                game.roll()
                self._rolled()
            else:
                keep = self.cpu_answer
                if keep is None:  # not begun (a resumed game): think from the next frame
                    self.cpu_answer = cpu.begin_keep(game)
                    if cpu.busy:
                        return 0
                    keep = self.cpu_answer
                if keep == STOP:
                    game.stop()
                elif keep != game.keep:
                    game.set_keep(keep)  # show the kept dice first, roll on the next step
                    self.cpu_rolls_next = True
                else:
                    game.roll()
                    self._rolled()
            self.cpu_answer = None
            if game.phase == dd.PHASE_ROLL and not self.cpu_rolls_next:
                self.cpu_answer = cpu.begin_keep(game)  # worked out while this move shows
            self._redraw()
            return CPU_STEP_MS
        player = game.current
        choice = cpu.choose_chip(game)
        self._take(choice)
        if choice != dd.CHOICE_NONE and not self.note:
            self.note = "%s took %s" % (self._name(player), KIND_NAMES[choice & 7])
            self._redraw()
        return CPU_SHOW_MS

    # ---- control hints ----------------------------------------------------------------------------------
    def _hint_tick(self, now_ms):
        """While a person idles rolling, the message line and the controls it has no room for take turns
        (pre-encoded: a frame with nothing pressed makes no string)."""
        if self.note:
            return  # why a press did nothing stays until the next press
        if self.hint_at is None:
            self.hint_at = actions.ticks_add(now_ms, HINT_MS)
            return
        if actions.ticks_diff(now_ms, self.hint_at) < 0:
            return
        self.hint_at = actions.ticks_add(now_ms, HINT_MS)
        self.hint_shown = not self.hint_shown
        if not self.hint_shown:
            self.view.show_hint(None)
        elif self.game.rolls_left == dd.ROLLS_PER_TURN:
            self.view.show_hint(HINT_BEFORE_ROLL)
        else:
            self.view.show_hint(HINT_ROLLED)

    # ---- the end ----------------------------------------------------------------------------------------
    def _finish(self):
        self.mode = MODE_OVER
        self.note = "Game over"
        game = self.game
        store = self.app.store
        # the results cover the whole screen: the view (until "Again", pips.scene) and the CPU leave RAM before the
        # writes' code comes
        self.drop_view()
        self._drop_cpu()
        self.app.round_ended()  # a kept copy of the game must not resume it
        place = 0
        name = ""
        if game.players == 1:
            # kept at once under the initials last entered; the player may change them on the results (the records'
            # code loads for a solo game only: beside a game of several seats and its CPU it was the heap's pinch)
            from pips.dice_duel import records
            place, name = records.add_best(store, game.score(0))
        solo = 1 if game.players == 1 else 0
        with modules.briefly():  # the statistics' code is needed once a game
            from pips import stats
            stats.update(store, ((stats.DICE_DUEL_GAMES, 1), (stats.DICE_DUEL_SOLO_GAMES, solo),
                                 (stats.DICE_DUEL_SOLO_POINTS, game.score(0) * solo),
                                 (stats.DICE_DUEL_KNIFFELS, self.kniffels)))
        from pips.dice_duel import results
        results.show(self.app, game, place, self.new_round_with_view, name)  # "Again": the same seats, a new game

    # ---- pause-menu hooks -------------------------------------------------------------------------------
    def new_round(self):
        game = self.game
        # (a kept copy of the game left is replaced by this one: the pause menu's App.round_replaced)
        # The same scene with a fresh game: a second view and CPU beside this one would not fit the badge's heap.
        self.view.tumble.end()
        self.view.hide_panel()
        self._new_game(dd.DiceDuel(game.players, seed=self.app.next_seed(), cpu_mask=game.cpu_mask,
                                   levels=game.levels))
        self.enter()

    def save_game(self):
        self.drop_view()  # the game is leaving for the menu: the save's code loads beside it, not its screen too
        self._drop_cpu()  # nor the CPU's code and tables
        self.cpu_values = None
        modules.unload("engine.dice_duel_tables")
        self.keep_round()

    def keep_round(self):
        if self.game.is_over():
            return False
        self._drop_cpu()  # the save's code loads in its place (made again when a CPU seat or the odds want it)
        from pips.dice_duel import saved
        saved.save_game(self.app.store, self.game)
        return True


_NO_CHIP_FITS = "No chip fits. A: next"
# The controls the message line has no room for beside its message (shown in turns when idle: _hint_tick).
HINT_BEFORE_ROLL = b"Up: the odds  Start: pause"
HINT_ROLLED = b"Up:odds Select:chip choice"
_DECLINE = "Take no chip? A round without chips sets the best one aside."
_DECLINE_SOLO = "Take no chip? The best chip in the tray is then set aside."
# Why a press changed nothing, by engine code (the message line says it, with the low beep).
_REFUSALS = {dd.ERR_NOT_ROLLED: "Roll first: B rolls", dd.ERR_NO_ROLLS: "No rolls left: take a chip",
             dd.ERR_ALL_KEPT: "All dice kept: release one", dd.ERR_PHASE: "Not now"}


def _verb(name, verb):
    """"You start" but "P2 starts"."""
    return name + " " + verb + ("" if name == "You" else "s")


def _refusal(code):
    return _REFUSALS.get(code, "Not now")
