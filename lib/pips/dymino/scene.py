"""Dymino's game scene: place the rolled pair (D-pad moves, B turns, A places), single dice once no pair fits,
bonus dice after doubles (Up/Down choose a value for bonus 1 and 2), merges shown step by step with their series.

Modes: PLAY (a piece or bonus die under the cursor), CHOOSE (a bonus value, Up/Down + A), ANIM (a move's merges
and removals play out; any key skips to the end), OVER (the full grid holds OVER_MS, or until A or B, then the
results). Each engine call returns a code; an
illegal press changes nothing but a low beep and the reason on the message line.
"""
from micropython import const

from engine import dymino as dy
from engine import dymino_rules, dymino_score
from pips import actions, modules
from pips.dymino import texts
from pips.dymino.view import DyminoView, GHOST_BAD, GHOST_BONUS, GHOST_OK, MARK_CLEAR, MARK_MERGE
from pips.hinting import DONE, Hint
from pips.scene import Scene
from pips.ui.pair_cursor import PairCursor

MODE_PLAY = const(0)
MODE_CHOOSE = const(1)
MODE_ANIM = const(2)
MODE_OVER = const(3)

_STEP_MS = const(260)          # each merge shows its group, then the result, this long
OVER_MS = const(1800)         # the full grid holds this long at the end before the results
_ERROR_HZ = const(220)
_PLACE_HZ = const(880)
_REMOVE_HZ = const(330)
_SERIES_JINGLE_PLACE = const(2)  # a chain that reached this place in its series ends with pips.jingles.SERIES
_REMOVE_COLOR = const(0xFF2020)

# The hint's search runs in slices from tick(): this many legal spots a frame (a slice ~7 ms of badge time,
# bench/bench_hints.py): a hint shows within 4 + 100 / 3 frames (1.2 s; 17 slices on average) and no frame freezes.
HINT_TRIES = const(3)


class DyminoScene(Scene):
    rules_title = texts.RULES_TITLE
    rules_text = texts.RULES_TEXT
    takes_shake = True  # a shake tumbles the roll: turns the pair, or swaps the two single dice (what B does)

    def __init__(self, app, game=None):
        super().__init__(app)
        self.view = self.make_view()
        self.group.append(self.view.group)
        self.cursor = PairCursor(dy.SIDE, dy.SIDE, 1, 2)
        self.hint = Hint("engine.dymino_hint", HINT_TRIES)
        self._fits_here = self._fits  # (a bound method made once: each `self._fits` makes a new one)
        self.resumed = False
        self._flight = None  # a merge's dice flying together (pips.ui.flight), made on the first merge
        self._fly_next = 0  # 1 + the merge whose dice fly once the flight's code loads; negative: loads this frame
        hinted = False
        with modules.briefly():  # the records' and saved game's code is needed to open the game (and keep it)
            from pips.dymino import records, saved
            if game is None:
                hinted = saved.saved_hinted(app.store)
                game = saved.load_game(app.store)
                self.resumed = game is not None
            self.table = records.load_table(app.store)
        self._points = dymino_score.new_score()
        self._shown_score = dymino_score.new_score()  # the score line while merges play out, merge by merge
        self._drawn = (dymino_score.new_score(), dymino_score.new_score())  # the score and best as shown
        self._drawn[0][0] = 1  # (not a score: the first draw makes the texts)
        self.new_round(game, hinted and game is not None)

    def new_round(self, game=None, hinted=False):
        """A new game (or `game`, resumed): the engine's grid on the view, the first roll waiting."""
        if game is None:
            game = dy.Dymino(self.app.next_seed())
        self.hint.stop()
        self.game = game
        self.hinted = hinted
        self.mode = MODE_PLAY
        self.value = 1
        self.note = ""
        self.steps = 0
        self.step = 0
        self.due = None
        self.bonus_cell = dy.CELLS  # the bonus 3..6 die's cell during its animation
        self.view.clear_marks()
        self.view.set_series("")
        self.view.cells.sync(game.grid)
        self._after_move()
        self.view.roll_tumble.end()  # the first roll shows at rest with the screen, as Würfelglanz's first piece

    # ---- life cycle ---------------------------------------------------------------------------------------
    def enter(self):
        if self.resumed:
            self.resumed = False  # (its copy stays until the game ends: App.round_ended)
            self.note = "Game resumed"
            self._draw()

    # ---- the view leaves while Settings or Rules cover the game (pips.scene) ----------------------------------
    def make_view(self, sheets=None):
        return DyminoView(sheets)

    def leave_view(self):
        self._finish_animation()  # as any key does (Start did already)
        self._flight = None  # it holds the view's sprites: made again by the next merge
        self._fly_next = 0

    def draw_view(self):
        self._drawn[0][0] = 1  # (not a score: the texts are made again)
        self.view.cells.sync(self.game.grid)
        self._draw()

    def exit(self):
        self.hint.stop()

    def resume(self):
        self.due = None  # a chain held under the pause menu plays on from its step, at its pace

    def rules(self):
        """The rules, then the top-5 table (the pause menu's Rules page is where records can be looked up)."""
        from pips.dymino.rules import RulesPage
        return (texts.RULES_TITLE, RulesPage(self.table))

    def save_game(self):
        self._finish_animation()
        self.drop_view()  # the game is leaving for the menu: the save's code loads beside it, not its screen too
        self._sheets = None  # nor the view's drawn sheets (~2 KB): no view is built again
        self.keep_round()

    def keep_round(self):
        if self.game.phase == dy.PHASE_OVER:
            return False
        from pips.dymino import saved  # (App.keep_round unloads it again; Save & quit leaves for the menu)
        saved.save_game(self.app.store, self.game, self.hinted)
        return True

    # ---- input --------------------------------------------------------------------------------------------
    def on_action(self, action):
        self.view.roll_tumble.end()  # any button ends the roll's tumble at once (and still does its job)
        self.view.settle.end()
        if self.hint.takes(action):
            return  # Select while the hint is being worked out
        if self.mode == MODE_ANIM and action != actions.START:
            self._finish_animation()  # any key but Start skips the animation; Start holds it under the pause menu
            return
        if action == actions.START:
            self.app.pause(self)
            return
        if self.mode == MODE_CHOOSE:
            self._choose_action(action)
        elif self.mode == MODE_PLAY:
            self._play_action(action)
        elif self.mode == MODE_OVER and (action == actions.A or action == actions.B):
            self._show_results()

    def _choose_action(self, action):
        if action == actions.UP or action == actions.RIGHT:
            self.value = self.value % dy.TOP_VALUE + 1
        elif action == actions.DOWN or action == actions.LEFT:
            self.value = (self.value + dy.TOP_VALUE - 2) % dy.TOP_VALUE + 1
        elif action == actions.A:
            if self.game.bonus == dy.POWER_REMOVE:
                self._act()
                return
            self.mode = MODE_PLAY  # bonus 1: the chosen die now goes on the grid
            self.cursor.to_nearest(self._fits_here)
        self.note = ""
        self._draw()

    def _play_action(self, action):
        game = self.game
        cursor = self.cursor
        self.note = ""
        if action == actions.LEFT:
            cursor.move(-1, 0)
        elif action == actions.RIGHT:
            cursor.move(1, 0)
        elif action == actions.UP:
            cursor.move(0, -1)
        elif action == actions.DOWN:
            cursor.move(0, 1)
        elif action == actions.SHAKE and game.phase != dy.PHASE_PAIR and game.phase != dy.PHASE_SINGLE:
            return  # a bonus die to place: nothing to tumble
        elif action == actions.B or action == actions.SHAKE:
            if game.phase == dy.PHASE_PAIR:
                cursor.rotate()
            elif game.phase == dy.PHASE_SINGLE:
                if game.swap_roll() != dy.OK:
                    self._refuse(dy.ERR_PHASE)
            elif game.bonus == dy.POWER_CHOOSE:
                self.mode = MODE_CHOOSE
        elif action == actions.SELECT:
            if game.phase != dy.PHASE_PAIR and game.phase != dy.PHASE_SINGLE:
                return  # a bonus die is the player's to use
            self.hint.ask()  # the greedy bot's spot for the pair or die (pips.hinting); the game is marked hinted
            self.note = self.hint.note
        elif action == actions.A:
            self._act()
            return
        self._draw()

    def _refuse(self, code):
        self.app.tone(_ERROR_HZ, 60)
        self.note = dymino_rules.REFUSALS[code]

    # ---- moves --------------------------------------------------------------------------------------------
    def _act(self):
        game = self.game
        view = self.view
        cell = self.cursor.cell()
        phase = game.phase
        power = game.bonus
        first = game.roll[0]
        second = game.roll[1]
        self._shown_score[:] = game.score
        if phase == dy.PHASE_PAIR:
            code = game.place_pair(cell, self.cursor.rotation)
            if code == dy.OK:
                view.cells.set_cell(cell, first)
                view.cells.set_cell(self.cursor.second_cell(), second)
        elif phase == dy.PHASE_SINGLE:
            value = game.die_to_place()
            code = game.place_single(cell)
            if code == dy.OK:
                view.cells.set_cell(cell, value)
        elif power == dy.POWER_REMOVE:
            code = game.bonus_remove(self.value)
        elif power == dy.POWER_CHOOSE:
            code = game.bonus_place(cell, self.value)
            if code == dy.OK:
                view.cells.set_cell(cell, self.value)
        else:
            code = game.bonus_place(cell)
            if code == dy.OK:
                view.cells.set_cell(cell, power)  # shown while its clearing plays out; it never stays
                self.bonus_cell = cell
        if code != dy.OK:
            self._refuse(code)
            self._draw()
            return
        self.app.moved()
        self.app.tone(_PLACE_HZ, 20)
        view.hide_ghosts()
        view.clear_marks()
        view.set_series("")
        removal = self.bonus_cell < dy.CELLS or power == dy.POWER_REMOVE
        self.steps = 2 * game.merge_len + (2 if removal else 0)
        self.step = 0
        self.due = None
        if self.steps:
            self.mode = MODE_ANIM
            self._run_step(0)
        else:
            other = self.cursor.second_cell() if phase == dy.PHASE_PAIR else -1
            self._after_move()
            if self.mode != MODE_OVER:  # no merge to show: the placed dice light up as they land
                view.settle.start(cell, other)

    def tick(self, now_ms):
        self.view.roll_tumble.frame(now_ms)
        self.view.settle.frame(now_ms)
        if self._fly_next > 0:
            self._fly_next = -self._fly_next  # (the key press's own frame)
        elif self._fly_next:  # the flight's code loads now; the merge's dice fly if its group still shows
            k = -self._fly_next - 1
            self._fly_next = 0
            view = self.view
            from pips.ui.flight import Flight
            from pips.dymino.view import CELL, GRID_X, GRID_Y
            self._flight = Flight(view.group, view.cells.tiles, view.faces, view.die_colors, CELL, GRID_X, GRID_Y)
            if self.mode == MODE_ANIM and self.step == 2 * k:
                self._fly(k)
        if self._flight is not None:
            self._flight.frame(now_ms)
        if self.mode == MODE_OVER:
            if self.due is None:
                self.due = actions.ticks_add(now_ms, OVER_MS)
            elif actions.ticks_diff(now_ms, self.due) >= 0:
                self._show_results()
            return
        if self.mode != MODE_ANIM:
            if self.hint.busy and self.mode == MODE_PLAY:
                self._hint_frame()
            return
        if self.due is None:
            self.due = actions.ticks_add(now_ms, _STEP_MS)
        elif actions.ticks_diff(now_ms, self.due) >= 0:
            self.step += 1
            if self.step >= self.steps:
                self._finish_animation()
                return
            self._run_step(self.step)
            self.due = actions.ticks_add(now_ms, _STEP_MS)

    def _finish_animation(self):
        if self.mode != MODE_ANIM:
            return
        for step in range(self.step + 1, self.steps):
            self._run_step(step)
        self.step = self.steps
        game = self.game
        if game.merge_len and game.merge_log[4 * (game.merge_len - 1) + 3] >= _SERIES_JINGLE_PLACE:
            from pips import jingles
            self.app.play_jingle(jingles.SERIES)
        self._after_move()

    def _run_step(self, step):
        """Step 2k shows merge k's group, 2k+1 its result; the last two show a bonus removal. A step played as it
        comes sounds and flies; the steps a key press skips (_finish_animation) only change the view."""
        loud = step == self.step
        game = self.game
        view = self.view
        count = game.merge_len
        cleared_by = game.cleared_by
        if step < 2 * count:
            k = step // 2
            log = game.merge_log
            anchor = log[4 * k]
            value = log[4 * k + 1]
            size = log[4 * k + 2]
            place = log[4 * k + 3]
            if step % 2 == 0:
                for cell in range(dy.CELLS):
                    if cleared_by[cell] == k + 1 or cell == anchor:
                        view.set_mark(cell, MARK_MERGE)
                if loud:
                    self._fly(k)
                dymino_score.clear(self._points)
                dymino_score.add_points(self._points, size, value, place)
                dymino_score.add_digits(self._shown_score, self._points)
                view.set_series("Series %d\nx%d" % (place, dymino_score.series_coefficient(place)))
                points = dymino_score.to_text_within(self._points, 18)
                self.note = ("%d x %d: +%s" % (size, value, points)) if len(points) <= 18 else "+" + points
                if loud:
                    notes = (523, 659, 784, 1047, 1319, 1568)  # a rising note per place in the series
                    self.app.tone(notes[min(place, len(notes)) - 1], 90)
                    colors = (0, 0xFF3030, 0xFF9020, 0xFFE030, 0x40E060, 0x3080FF, 0xB050FF)  # per merged value
                    self.app.flash_pixels(colors[value], 200)
            else:
                self._fly_next = 0
                if self._flight is not None:
                    self._flight.end()
                for cell in range(dy.CELLS):
                    if cleared_by[cell] == k + 1 and cell != anchor:
                        view.cells.set_cell(cell, 0)
                view.cells.set_cell(anchor, value % dy.TOP_VALUE + 1)
                view.clear_marks()
        else:
            if step % 2 == 0:
                for cell in range(dy.CELLS):
                    if cleared_by[cell] == dy.REMOVED_BY_BONUS or cell == self.bonus_cell:
                        view.set_mark(cell, MARK_CLEAR)
                if loud:
                    self.app.tone(_REMOVE_HZ, 120)
                    self.app.flash_pixels(_REMOVE_COLOR, 200)
            else:
                for cell in range(dy.CELLS):
                    if cleared_by[cell] == dy.REMOVED_BY_BONUS or cell == self.bonus_cell:
                        view.cells.set_cell(cell, 0)
                view.clear_marks()
        self._draw_text()

    def _fly(self, index):
        """Merge `index`'s other dice fly to its anchor cell (pips.ui.flight, loaded on the round's first merge)."""
        if self._flight is None:
            self._fly_next = index + 1  # importing it costs ~17 ms (badge): in a frame after the key press's
            return
        anchor = self.game.merge_log[4 * index]
        self._flight.start(self.view.cells, anchor)
        cleared_by = self.game.cleared_by
        for cell in range(dy.CELLS):
            if cleared_by[cell] == index + 1 and cell != anchor:
                self._flight.add(cell)

    def _after_move(self):
        """The move has played out: show the engine's grid, then what the game waits for now."""
        game = self.game
        self.bonus_cell = dy.CELLS
        self.view.cells.sync(game.grid)  # a no-op when the animation showed every change
        self.view.clear_marks()
        self.view.set_series("")
        if game.die_lost:
            self.note = "No room: die lost"
        elif game.bonus_lost:
            self.note = "No room: bonus lost"
        elif game.merge_len:
            self.note = "+" + dymino_score.to_text_within(game.gain, 25)
        if game.phase == dy.PHASE_OVER:
            self.mode = MODE_OVER
            self.due = None
            self._draw()
            self.app.later(self._record)
            return
        if game.phase == dy.PHASE_BONUS and (game.bonus == dy.POWER_CHOOSE or game.bonus == dy.POWER_REMOVE):
            self.mode = MODE_CHOOSE
        else:
            self.mode = MODE_PLAY
        self.cursor.set_pair(game.phase == dy.PHASE_PAIR)
        if self.mode == MODE_PLAY:
            self.cursor.to_nearest(self._fits_here)  # never left on the dice just placed while a free cell fits
        if game.phase == dy.PHASE_PAIR:
            self.view.roll_tumble.start(3, game.roll)  # the next pair was just rolled
        self._draw()
        if game.phase == dy.PHASE_PAIR and game.roll[0] == game.roll[1]:
            self.app.show_tip("DYMINO_DOUBLE")

    def _fits(self, x, y, rotation):
        game = self.game
        cell = y * dy.SIDE + x
        if game.phase == dy.PHASE_PAIR:
            return game.check_pair(cell, rotation) == dy.OK
        if game.phase == dy.PHASE_SINGLE:
            return game.check_single(cell) == dy.OK
        return game.check_bonus_place(cell, self.value) == dy.OK

    # ---- drawing ------------------------------------------------------------------------------------------
    def _draw(self):
        game = self.game
        view = self.view
        cursor = self.cursor
        if self.mode != MODE_ANIM:
            view.begin_marks()
        phase = game.phase
        power = game.bonus
        if self.mode == MODE_PLAY:
            cell = cursor.cell()
            if phase == dy.PHASE_PAIR:
                style = GHOST_OK if game.check_pair(cell, cursor.rotation) == dy.OK else GHOST_BAD
                self._ghost(0, cursor.x, cursor.y, game.roll[0], style)
                self._ghost(1, cursor.second_x(), cursor.second_y(), game.roll[1], style)
            elif phase == dy.PHASE_SINGLE:
                style = GHOST_OK if game.check_single(cell) == dy.OK else GHOST_BAD
                self._ghost(0, cursor.x, cursor.y, game.die_to_place(), style)
            elif phase == dy.PHASE_BONUS:
                face = self.value if power == dy.POWER_CHOOSE else power
                style = GHOST_BONUS if game.check_bonus_place(cell, self.value) == dy.OK else GHOST_BAD
                self._ghost(0, cursor.x, cursor.y, face, style)
                if style == GHOST_BONUS:
                    self._preview_clearing(cell, power)
        elif self.mode == MODE_CHOOSE and power == dy.POWER_REMOVE:
            for cell in range(dy.CELLS):
                if game.grid[cell] == self.value:
                    view.set_mark(cell, MARK_CLEAR)
        view.hide_ghosts()  # (those not shown above)
        if self.mode != MODE_ANIM:
            view.end_marks()
        # Side panel.
        if phase == dy.PHASE_PAIR or phase == dy.PHASE_SINGLE:
            view.set_roll(game.roll[0] if phase == dy.PHASE_PAIR or game.next_die == 0 else 0, game.roll[1])
        else:
            view.set_roll(0, 0)
        if phase == dy.PHASE_BONUS:
            chosen = power == dy.POWER_CHOOSE or power == dy.POWER_REMOVE
            view.set_bonus(texts.BONUS_TITLES[power], self.value if chosen else power, texts.POWER_NAMES[power])
        else:
            view.set_bonus("", 0, "")
        self._draw_text()

    def _ghost(self, index, x, y, face, style):
        """A ghost die on an empty cell; on a taken cell a red frame instead, so the die there stays visible."""
        cell = y * dy.SIDE + x
        if self.game.grid[cell]:
            self.view.set_mark(cell, MARK_CLEAR)
        else:
            self.view.show_ghost(index, x, y, face, style)

    def _preview_clearing(self, cell, power):
        """Red frames on the dice a bonus 3..6 die on `cell` would clear."""
        if power < dy.POWER_ROW:
            return
        x = cell % dy.SIDE
        y = cell // dy.SIDE
        grid = self.game.grid
        for other in range(dy.CELLS):
            ox = other % dy.SIDE
            oy = other // dy.SIDE
            if power == dy.POWER_SURROUND:
                hit = -1 <= ox - x <= 1 and -1 <= oy - y <= 1
            else:
                hit = ((power != dy.POWER_COLUMN and oy == y) or (power != dy.POWER_ROW and ox == x))
            if hit and grid[other]:
                self.view.set_mark(other, MARK_CLEAR)

    def _draw_text(self):
        score = self._shown_score if self.mode == MODE_ANIM else self.game.score
        best = self.table[0] if self.table else None
        if best is None or dymino_score.compare(score, best) > 0:
            best = score
        drawn = self._drawn
        if drawn[0] != score or drawn[1] != best:  # the texts are made only when a number changed
            drawn[0][:] = score
            drawn[1][:] = best
            self.view.set_score(dymino_score.to_text(score), "Hi " + dymino_score.to_text(best))
        game = self.game
        message = self.note
        if not message and self.mode != MODE_ANIM:  # the message line: the last note, else what the keys do now
            if self.mode == MODE_OVER:
                message = "Game over: grid full"
            elif game.phase == dy.PHASE_PAIR:
                message = "A place  B turn  Sel hint"
            elif game.phase == dy.PHASE_SINGLE:
                message = "One by one: A, B swap" if game.next_die == 0 else "Second die: A place"
            elif self.mode == MODE_CHOOSE:
                message = "Up/Dn value, A remove" if game.bonus == dy.POWER_REMOVE else "Up/Dn value, A ok"
            elif game.bonus == dy.POWER_CHOOSE:
                message = "A place  B value"
            else:
                message = "A place the bonus die"
        self.view.set_message(message)

    def _hint_frame(self):
        """A frame of Select's hint (pips.hinting): its note on the message line; once done, the spot and the
        screen (the game is marked hinted when a spot was found)."""
        hint = self.hint
        shown = hint.frame(self.game, self.cursor)
        if shown == DONE:
            self.note = hint.note
            self.hinted = self.hinted or hint.found
            self._draw()
        elif shown:
            self.note = hint.note
            self.view.set_message(self.note)  # only the dots move

    # ---- the end ------------------------------------------------------------------------------------------
    def _record(self):
        """The game recorded at the start of the frame after its last move (the move's frames and garbage gone);
        the results follow when the full grid has held (tick)."""
        self.app.round_ended()
        from pips.dymino import results  # loaded at the end only (RAM on the badge)
        self.place, self.table, self.initials = results.record(self.app.store, self.game, self.hinted)

    def _show_results(self):
        if self.mode != MODE_OVER or self.app.top() is not self:
            return
        self.drop_view()  # the results cover the whole screen: the view leaves RAM until "Again" (pips.scene)
        self._sheets = None  # its drawn sheets too (~2 KB beside the results pages): Again draws them anew
        from pips.dymino import results
        results.show(self.app, self.game, self.place, self.table, self.initials, self.new_round_with_view,
                     self.hinted)
