"""Würfelglanz's game scene: move the piece from the tray over the board (D-pad), turn a pair (B), place it (A).

Modes: PLAY (the piece follows the cursor as a ghost, green where it fits, red where it does not), POP (popping
dice light up, then vanish), SLIDE (a refused piece slides back to the tray), OVER (the last move has played
out; the results follow). A key pressed during POP or SLIDE finishes the animation first, then counts.
Settings (pause menu): the match rule (a change mid-round asks, then starts a new round) and showing the time;
both persist with the best scores (pips.wuerfelglanz.records).
"""
from micropython import const

from engine import wuerfelglanz as w
from pips import actions, modules
from pips.hinting import DONE, Hint
from pips.scene import Scene
from pips.ui import text
from pips.ui.pair_cursor import PairCursor
from pips.wuerfelglanz import records, texts
from pips.wuerfelglanz.view import (LIT, GHOST_BAD, GHOST_OK, TRAY_Y, WuerfelglanzView, cell_pixel_x,
                                    cell_pixel_y)

MODE_PLAY = const(0)
MODE_POP = const(1)
MODE_SLIDE = const(2)
MODE_OVER = const(3)

POP_MS = const(300)       # popping dice stay lit this long
SLIDE_MS = const(240)     # a refused piece takes this long back to the tray
OVER_MS = const(1800)     # the final board, with the piece that found no room marked, holds this long
_PLACE_HZ = const(880)
_REFUSE_HZ = const(196)   # soft and low
_POP_HZ = (0, 523, 587, 659, 698, 784, 880)           # by the popped value
_VALUE_COLORS = (0, 0xFF3030, 0xFF9020, 0xFFE030, 0x40E060, 0x3080FF, 0xB050FF)  # NeoPixels by value
# The hint's search runs in slices from tick(): this many legal spots a frame (a slice ~7 ms of badge time, at most
# 11, bench/bench_hints.py): a hint shows within 4 + 100 / 6 frames (0.7 s; 7 slices on average), no frame freezes.
HINT_TRIES = const(6)


def time_text(ms):
    seconds = ms // 1000
    return "%d:%02d" % (seconds // 60, seconds % 60)


class WuerfelglanzScene(Scene):
    _joker_tip = False  # a joker is in the piece: its first-game tip shows at the next quiet frame
    rules_title = texts.RULES_TITLE
    rules_text = texts.RULES_TEXT

    def __init__(self, app, game=None):
        super().__init__(app)
        self.view = self.make_view()
        self.group.append(self.view.group)
        self.records = records.load_records(app.store)
        self.cursor = PairCursor(w.BOARD_SIZE, w.BOARD_SIZE, 1, 2)
        self.hint = Hint("engine.wuerfelglanz_hint", HINT_TRIES)
        self.resumed = False
        self._pieces = bytearray(2)  # the new piece, for its tumble
        self._fits_here = self._fits  # (a bound method made once: each `self._fits` makes a new one)
        elapsed = 0
        hinted = False
        if game is None:
            saved = records.load_game(app.store)
            if saved is not None:
                game, elapsed, hinted = saved
                self.resumed = True
        if game is None:
            game = w.Game(app.next_seed(), self.records.rule)
        self._start(game, elapsed, hinted)

    def _start(self, game, elapsed_ms, hinted=False):
        self.hint.stop()
        self.game = game
        self.elapsed_ms = elapsed_ms
        self.hinted = hinted
        self.mode = MODE_PLAY
        self.note = ""
        self.anim_start = None
        self.last_tick = None
        self.new_record = False
        self.cursor.set_pair(game.piece_len == 2)
        self._joker_tip = self._has_joker()  # (the round's first piece too)
        if self.view is not None:  # (a new round chosen in Settings is drawn when the view comes back)
            self.draw_view()

    def _has_joker(self):
        game = self.game
        return game.piece_a == w.JOKER or game.piece_len == 2 and game.piece_b == w.JOKER

    # ---- the view leaves while Settings or Rules cover the game (pips.scene) ----------------------------------
    def make_view(self, sheets=None):
        return WuerfelglanzView(sheets)

    def leave_view(self):
        self._finish_animation()  # as any key does (Start did already)

    def draw_view(self):
        """The whole state into the view (a new round, or the view built again)."""
        self.shown_seconds = -1
        self.view.cells.sync(self.game.board)
        self._draw()

    # ---- life cycle -------------------------------------------------------------------------------------------
    def enter(self):
        if self.resumed:
            self.resumed = False  # (its copy stays until the round ends: App.round_ended)
            self.note = "Round resumed"
            self._draw()

    def resume(self):
        self.last_tick = None  # time under the pause menu does not count

    def exit(self):
        self.hint.stop()

    def new_round(self):
        self._finish_animation()
        self._start(w.Game(self.app.next_seed(), self.records.rule), 0)

    def save_game(self):
        self._finish_animation()
        self.drop_view()  # the game is leaving for the menu: the save's code loads beside it, not its screen too
        self.keep_round()

    def keep_round(self):
        if self.game.round_over:
            return False
        records.save_game(self.app.store, self.game, self.elapsed_ms, self.hinted)
        return True

    def settings_rows(self):
        from pips.scenes.settings import Choice
        # (the rows are not kept: a row would keep the settings screen's module alive after it closes)
        return [Choice("Match rule", texts.RULE_NAMES, self.records.rule, self._set_rule),
                Choice("Show time", texts.TIME_NAMES, 1 if self.records.show_time else 0, self._set_show_time)]

    def _set_rule(self, index):
        if index == self.game.rule or self.game.moves == 0 or self.mode == MODE_OVER:
            self._use_rule(index)
            return
        old = self.game.rule

        def revert():
            settings = self.app.top()  # the settings screen, showing the refused value
            rows = getattr(settings, "rows", ())
            for index in range(len(rows)):
                if rows[index].on_change == self._set_rule:
                    rows[index].index = old
                    settings.list.set_value(index, texts.RULE_NAMES[old])

        self.app.confirm("Switch to %s? This starts a new round." % texts.RULE_NAMES[index],
                         lambda: self._use_rule(index), revert)

    def _use_rule(self, index):
        self.records.rule = index
        records.save_records(self.app.store, self.records)
        if index != self.game.rule:
            self.new_round()

    def _set_show_time(self, index):
        self.records.show_time = index == 1
        records.save_records(self.app.store, self.records)
        self.shown_seconds = -1
        if self.view is not None:
            self._draw_time()

    # ---- input --------------------------------------------------------------------------------------------
    def on_action(self, action):
        self.view.tray_tumble.end()  # any button ends the new piece's tumble at once (and still does its job)
        self.view.settle.end()
        if self.mode == MODE_POP or self.mode == MODE_SLIDE:
            self._finish_animation()
        if self.hint.takes(action):
            return  # Select while the hint is being worked out
        if action == actions.START:
            self.on_start()
            return
        if self.mode == MODE_OVER:
            if action == actions.A or action == actions.B:
                self._show_results()
            return
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
        elif action == actions.B:
            if self.game.piece_len == 2:
                cursor.rotate()
        elif action == actions.SELECT:
            self.hint.ask()  # the greedy bot's spot (pips.hinting); a hinted round's record says so
            self.note = self.hint.note
        elif action == actions.A:
            self._place()
            return
        self._draw()

    def _place(self):
        game = self.game
        view = self.view
        cursor = self.cursor
        first = game.piece_a
        second = game.piece_b
        status = game.place(cursor.x, cursor.y, cursor.rotation if game.piece_len == 2 else 0)
        if status != w.PLACED:
            self.app.tone(_REFUSE_HZ, 80)
            self.note = w.REFUSALS[status]
            self.mode = MODE_SLIDE
            self.anim_start = None
            view.set_tray(0, 0, 0)  # the piece is on its way back
            self._draw_texts()
            return
        self.app.moved()
        view.hide_ghosts()
        placed = game.placed
        view.cells.set_cell(placed[0], first)
        if game.placed_count == 2:
            view.cells.set_cell(placed[1], second)
        if game.popped_count:
            popped = game.popped
            for k in range(game.popped_count):
                view.cells.set_cell(popped[k], LIT + view.shown[popped[k]])
            value = self._loudest_value()
            self.app.tone(_POP_HZ[value], 120)
            self.app.flash_pixels(_VALUE_COLORS[value], 250)
            self.mode = MODE_POP
            self.anim_start = None
            self.note = self._points_note()
            self._draw()
            return
        self.app.tone(_PLACE_HZ, 20)
        if not game.round_over:  # (popped dice light up instead; a last piece: the board holds as it is)
            view.settle.start(placed[0], placed[1] if game.placed_count == 2 else -1)
        self._after_move()

    def _loudest_value(self):
        """The highest-scoring pip value of the move (its colour and tone are used)."""
        game = self.game
        best = 0
        value = 1
        for k in range(game.match_count):
            if game.match_points[k] > best:
                best = game.match_points[k]
                value = game.match_value[k]
        return value

    def _points_note(self):
        return points_note(self.game)

    # ---- animation ----------------------------------------------------------------------------------------
    def tick(self, now_ms):
        self.view.tray_tumble.frame(now_ms)
        self.view.settle.frame(now_ms)
        if self.mode != MODE_OVER:
            if self.last_tick is not None:
                self.elapsed_ms += actions.ticks_diff(now_ms, self.last_tick)
            self.last_tick = now_ms
            self._draw_time()
        if self.mode == MODE_PLAY:
            if self._joker_tip and not self.app.screen_due():
                self._joker_tip = False
                self.app.show_tip("WUERFELGLANZ_JOKER")
            if self.hint.busy:
                self._hint_frame()
            return
        if self.anim_start is None:
            self.anim_start = now_ms
        age = actions.ticks_diff(now_ms, self.anim_start)
        if self.mode == MODE_POP:
            if age >= POP_MS:
                self._finish_animation()
        elif self.mode == MODE_SLIDE:
            if age >= SLIDE_MS:
                self._finish_animation()
            else:
                self._slide_ghosts(age)
        elif age >= OVER_MS:
            self._show_results()

    def _slide_ghosts(self, age):
        cursor = self.cursor
        game = self.game
        view = self.view
        for k in range(game.piece_len):
            x = cursor.x if k == 0 else cursor.second_x()
            y = cursor.y if k == 0 else cursor.second_y()
            start_x = cell_pixel_x(x)
            start_y = cell_pixel_y(y)
            # Even pixel positions only: the simulator's Blinka display fails on odd-sized dirty areas.
            px = (start_x + (view.tray_x(k) - start_x) * age // SLIDE_MS) & ~1
            py = (start_y + (TRAY_Y - start_y) * age // SLIDE_MS) & ~1
            view.show_ghost(k, px, py, game.piece_a if k == 0 else game.piece_b, GHOST_BAD)
        view.hide_ghosts()  # (the outlines)

    def _finish_animation(self):
        if self.mode == MODE_POP:
            self.view.cells.sync(self.game.board)  # the lit dice go
            self._after_move()
        elif self.mode == MODE_SLIDE:
            self.mode = MODE_PLAY
            self._draw()

    def _after_move(self):
        game = self.game
        self.cursor.set_pair(game.piece_len == 2)
        self.cursor.to_nearest(self._fits_here)  # never onto the dice just placed when the new piece fits elsewhere
        if game.round_over:
            self.mode = MODE_OVER
            self.anim_start = None
            self._round_over()
        else:
            self.mode = MODE_PLAY
            pieces = self._pieces
            pieces[0] = game.piece_a
            pieces[1] = game.piece_b
            self.view.tray_tumble.start(3 if game.piece_len == 2 else 1, pieces)  # the new piece tumbles in
        self._draw()
        if self.mode == MODE_PLAY and self._has_joker():
            self._joker_tip = True  # shown by tick, once nothing else is due

    def _fits(self, x, y, rotation):
        return self.game.check(x, y, rotation) == w.PLACED

    # ---- drawing ------------------------------------------------------------------------------------------
    def _draw(self):
        game = self.game
        view = self.view
        cursor = self.cursor
        if self.mode == MODE_PLAY:
            rotation = cursor.rotation if game.piece_len == 2 else 0
            style = GHOST_OK if game.check(cursor.x, cursor.y, rotation) == w.PLACED else GHOST_BAD
            self._ghost(0, cursor.x, cursor.y, game.piece_a, style)
            if game.piece_len == 2:
                self._ghost(1, cursor.second_x(), cursor.second_y(), game.piece_b, style)
        view.set_tray(game.piece_len, game.piece_a, game.piece_b)
        if self.mode == MODE_OVER:
            view.mark_no_room(game.piece_len)
        view.hide_ghosts()  # (those not shown above)
        self._draw_texts()
        self._draw_time()

    def _ghost(self, index, x, y, face, style):
        """The piece's die over an empty cell; a red outline over a taken one, whose die stays visible."""
        if self.game.board[y * w.BOARD_SIZE + x]:
            self.view.show_taken(index, cell_pixel_x(x), cell_pixel_y(y))
        else:
            self.view.show_ghost(index, cell_pixel_x(x), cell_pixel_y(y), face, style)

    def _draw_texts(self):
        game = self.game
        best = self.records.best[game.rule]
        if game.score > best:
            best = game.score
        self.view.set_texts(game.score, game.moves, best, texts.RULE_NAMES[game.rule],
                            self.note or self._hint())

    def _hint_frame(self):
        """A frame of Select's hint (pips.hinting): its note among the texts; once done, the spot and the screen
        (a hinted round's record says so)."""
        shown = self.hint.frame(self.game, self.cursor)
        if shown:
            self.note = self.hint.note
            if shown != DONE:
                self._draw_texts()  # only the dots move
                return
            self.hinted = self.hinted or self.hint.found
            self._draw()

    def _hint(self):
        if self.mode == MODE_OVER:
            return "No room for the piece"
        return "A place  B turn  Sel hint" if self.game.piece_len == 2 else "A place  Sel hint"

    def _draw_time(self):
        if not self.records.show_time:
            if self.shown_seconds != -2:
                self.shown_seconds = -2
                self.view.set_time("")
            return
        seconds = self.elapsed_ms // 1000
        if seconds != self.shown_seconds:
            self.shown_seconds = seconds
            self.view.set_time(time_text(self.elapsed_ms))

    # ---- the end ------------------------------------------------------------------------------------------
    def _round_over(self):
        """Record the round at once (a power cut on the results screen keeps it); results follow OVER_MS later."""
        game = self.game
        store = self.app.store
        self.app.round_ended()
        rule = game.rule
        self.previous_best = self.records.best[rule]
        self.new_record = game.score > self.previous_best
        if self.new_record:
            self.records.best[rule] = game.score
            self.records.hinted[rule] = self.hinted
            # kept at once under the initials last entered; the player may change them on the results
            self.records.initials[rule] = self.records.last_initials(rule) or "AAA"
            records.save_records(store, self.records)
        with modules.briefly():  # the statistics' code is needed once a round
            from pips import stats
            stats.update(store, ((stats.WUERFELGLANZ_ROUNDS, 1), (stats.WUERFELGLANZ_POINTS, game.score)))

    def _show_results(self):
        if self.mode != MODE_OVER or self.app.top() is not self:
            return
        game = self.game
        rows = [("Score", game.score), ("Moves", game.moves), ("Time", time_text(self.elapsed_ms)),
                ("Popped dice", game.popped_total),
                ("Best " + texts.RULE_NAMES[game.rule], self.records.best[game.rule])]
        if self.hinted:
            rows.append(("Hints used", "yes"))
        entry = (self.records.initials[game.rule], self._initials_entered) if self.new_record else None
        # The results cover the whole screen: the view leaves RAM until Again (pips.scene), room for the record's
        # initials to be saved beside the results (with the view there, the session needed 97 KB)
        self.drop_view()
        self.app.show_results("Round over", rows, self.new_record, self.new_round_with_view, again=True,
                              initials=entry)

    def _initials_entered(self, letters):
        kept = self.records
        rule = self.game.rule
        if letters != kept.initials[rule]:  # (a flash write only when they changed)
            kept.initials[rule] = letters
            records.save_records(self.app.store, kept)


def points_note(game):
    """The move's points and where they came from, per pip value (popped dice x value): "+60  5x5",
    "+24  3x3 9 + 3x5 15"."""
    count = game.match_count
    if count == 1:
        return "+%d  %dx%d" % (game.points, game.match_length[0], game.match_value[0])
    parts = []
    for k in range(count):
        parts.append("%dx%d %d" % (game.match_length[k], game.match_value[k], game.match_points[k]))
    note = "+%d  %s" % (game.points, " + ".join(parts))
    if len(note) > text.COLUMNS:  # many values at once: the counts alone
        note = "+%d  %s" % (game.points, " ".join(part.split(" ")[0] for part in parts))
    return note
