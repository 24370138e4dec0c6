"""Dominoes' game scene: you against the CPU on the bounded table, a match to the chosen target.

Left/Right choose a tile of the hand, Up/Down cycle its free positions at the chosen end (a ghost shows
where), B switches to the other end, A lays it; with no fitting tile A draws (or passes at a low stock).
The CPU's moves, draws and passes are paced (CPU_DELAY_MS) and told in the message box. Modes: PERSON (your
turn), CPU (waiting to show its next step), ROUND_END (the finished table, then the results), RESULTS (a
results screen is up). Illegal presses change nothing: a low beep and the reason.
"""
try:
    from micropython import const
except ImportError:
    def const(value):
        return value

from engine import dominoes as dm
from engine.dominoes_cpu import LEVEL_NAMES, NO_MOVE, DominoesCpu
from engine.dominoes_table import FIRST_X, FIRST_Y, HI, LO, TABLE_W
from pips import actions
from pips.dominoes import records, texts
from pips.dominoes.view import HAND_DIM, HAND_SLOTS, DominoesView, half_index
from pips.scene import Scene

MODE_PERSON = const(0)
MODE_CPU = const(1)
MODE_ROUND_END = const(2)
MODE_RESULTS = const(3)

CPU_DELAY_MS = const(750)  # [decided] each CPU step waits this long so it can be followed
ROUND_END_MS = const(1500)  # the finished table stays this long before the results
NOTE_MS = const(2500)  # a message on your turn fades after this long
_ERROR_HZ = const(220)
_PLAY_HZ = const(660)
_DRAW_HZ = const(440)
_WIN_COLOR = 0x40E060
_LOSE_COLOR = 0xE04040

_REASONS = ("", "Not now", "Not in hand", "No match", "No room there", "Lead the highest", "You can play",
            "Draw first", "Stock too low")


def tile_name(tile):
    return "%d-%d" % (HI[tile], LO[tile])


def _toward(cell, other):
    """Direction (0 N, 1 E, 2 S, 3 W) from `cell` to the neighbouring `other`."""
    d = other - cell
    if d == 1:
        return 1
    if d == -1:
        return 3
    return 2 if d > 0 else 0


class DominoesScene(Scene):
    rules_title = texts.RULES_TITLE
    rules_text = texts.RULES_TEXT

    def __init__(self, app, game=None):
        super().__init__(app)
        self.view = DominoesView()
        self.group.append(self.view.group)
        self.record = records.load_record(app.store)
        self.cpu = DominoesCpu(self.record.level, app.next_seed())
        self.hand_tiles = bytearray(28)
        self.hand_len = 0
        self.options = bytearray(dm.MAX_MOVES)  # the selected tile's legal moves at the chosen end
        self.option_count = 0
        self.resumed = False
        if game is None:
            game = records.load_game(app.store)
            self.resumed = game is not None
        if game is None:
            game = dm.DominoesGame(app.next_seed(), self.record.target())
        self._start(game)

    def _start(self, game):
        self.game = game
        self.selected = 0
        self.end = 0
        self.spot = 0
        self.offset = 0
        self.note = ""
        self.note_since = None
        self.person_moves = 0
        self.due = None
        self.match_noted = False
        self.shown_count = -1
        self.view.clear_table()
        self._after_action()

    # ---- life cycle ---------------------------------------------------------------------------------------
    def enter(self):
        if self.resumed:
            self.resumed = False
            records.clear_game(self.app.store)  # a saved match resumes once
            self.note = "Match resumed"
            self._draw()

    def resume(self):
        self._draw()

    def new_round(self):
        """The pause menu's "New round": a new match (the one under way is dropped)."""
        self._start(dm.DominoesGame(self.app.next_seed(), self.record.target()))

    def save_game(self):
        if self.game.phase != dm.MATCH_OVER:
            records.save_game(self.app.store, self.game)

    def settings_rows(self):
        from pips.scenes.settings import Choice
        targets = tuple(str(t) for t in dm.MATCH_TARGETS)
        return [Choice("CPU level", LEVEL_NAMES, self.record.level, self._set_level),
                Choice("Match to", targets, self.record.target_index, self._set_target)]

    def _set_level(self, index):
        self.record.level = index
        self.cpu.level = index
        records.save_record(self.app.store, self.record)

    def _set_target(self, index):
        self.record.target_index = index
        target = dm.MATCH_TARGETS[index]
        game = self.game
        if game.phase != dm.MATCH_OVER and max(game.scores) < target:
            game.target = target  # the match under way goes on to the new target; else the next match
        records.save_record(self.app.store, self.record)

    # ---- input --------------------------------------------------------------------------------------------
    def on_action(self, action):
        if action == actions.START:
            self.app.pause(self)
            return
        if self.mode != MODE_PERSON:
            return
        self.note = ""
        if action == actions.LEFT or action == actions.RIGHT:
            if self.hand_len:
                step = 1 if action == actions.RIGHT else -1
                self.selected = (self.selected + step) % self.hand_len
                self._choose_default_spot()
        elif action == actions.UP or action == actions.DOWN:
            if self.option_count > 1:
                step = 1 if action == actions.DOWN else -1
                self.spot = (self.spot + step) % self.option_count
        elif action == actions.B:
            self._switch_end()
        elif action == actions.A:
            self._act()
            return
        self._draw()

    def _refuse(self, message):
        self.app.tone(_ERROR_HZ, 60)
        self.note = message

    def _switch_end(self):
        if self.game.table.count == 0 or self.hand_len == 0:
            return
        fits_here = self.option_count
        if self._collect(self.hand_tiles[self.selected], 1 - self.end):
            self.end = 1 - self.end
            self.spot = 0
        else:
            self._refuse(texts.ONE_END if fits_here else texts.HINT_NO_FIT)
        self._collect(self.hand_tiles[self.selected], self.end)

    def _act(self):
        game = self.game
        if game.legal_moves() == 0:
            kind = game.no_move()
            if kind == dm.LAST_DRAW:
                self.app.tone(_DRAW_HZ, 40)
                self._rebuild_hand()
                self._select_tile(game.last_tile)
                self.note = "You drew " + tile_name(game.last_tile)
            elif kind == dm.LAST_PASS:
                self.note = "You pass"
            self._after_action()
            return
        if self.option_count == 0:
            self._refuse(texts.HINT_NO_FIT)
            self._draw()
            return
        move = self.options[self.spot]
        code = game.play(move & 31, (move >> 5) & 1, move >> 6)
        if code != dm.OK:
            self._refuse(_REASONS[code])
            self._draw()
            return
        self.app.tone(_PLAY_HZ, 30)
        self._after_action()

    # ---- the CPU and the pacing ---------------------------------------------------------------------------
    def tick(self, now_ms):
        if self.mode == MODE_PERSON:
            self._fade_note(now_ms)
            return
        if self.mode != MODE_CPU and self.mode != MODE_ROUND_END:
            return
        if self.due is None:
            self.due = actions.ticks_add(now_ms, CPU_DELAY_MS if self.mode == MODE_CPU else ROUND_END_MS)
            return
        if actions.ticks_diff(now_ms, self.due) < 0:
            return
        self.due = None
        if self.mode == MODE_CPU:
            self._cpu_step()
        else:
            self._show_round_result()

    def _fade_note(self, now_ms):
        """A message that tells what happened goes after NOTE_MS (it covers the top of the table); then the
        hint to draw or pass shows, if you have no move."""
        if not self.note:
            return
        if self.note_since is None:
            self.note_since = now_ms
        elif actions.ticks_diff(now_ms, self.note_since) >= NOTE_MS:
            self.note = ""
            self.note_since = None
            self.view.set_message(self._hint())

    def _hint(self):
        """What to do when no tile fits (shown whenever no other message is)."""
        game = self.game
        if self.mode != MODE_PERSON or self.person_moves:
            return ""
        hint = texts.HINT_DRAW if game.may_draw() else texts.HINT_PASS
        if game.last_kind == dm.LAST_DRAW and game.last_player == dm.PERSON:
            hint = "Drew %s; %s" % (tile_name(game.last_tile), hint[len(texts.NO_FIT_PREFIX):])
        return hint

    def _cpu_step(self):
        game = self.game
        move = self.cpu.choose(game)
        if move == NO_MOVE:
            kind = game.no_move()
            self.note = "CPU draws" if kind == dm.LAST_DRAW else "CPU passes"
            if kind == dm.LAST_DRAW:
                self.app.tone(_DRAW_HZ, 40)
        else:
            game.play(move & 31, (move >> 5) & 1, move >> 6)
            self.note = "CPU lays " + tile_name(move & 31)
            self.app.tone(_PLAY_HZ, 30)
        self._after_action()

    def _after_action(self):
        """Whatever happened, settle what the scene waits for now and draw."""
        game = self.game
        self._rebuild_hand()
        self.person_moves = 0
        if game.phase != dm.PLAYING:
            self.mode = MODE_ROUND_END
            self.due = None
            if game.round_blocked:
                self.note = self.note + ": blocked" if self.note.startswith("CPU lays") else "Blocked!"
            else:
                self.note = "Domino! You win" if game.round_winner == dm.PERSON else "Domino! CPU wins"
            if game.phase == dm.MATCH_OVER:
                self._note_match()
        elif game.turn == dm.CPU:
            self.mode = MODE_CPU
            self.due = None
        else:
            self.mode = MODE_PERSON
            if self.selected >= self.hand_len:
                self.selected = max(0, self.hand_len - 1)
            self._choose_default_spot()
            if self.option_count == 0:
                self._select_first_fitting()
            self.person_moves = game.legal_moves()
            if self.person_moves == 0 and game.last_player == dm.PERSON:
                self.note = ""  # the hint tells what you drew and what comes next
        self._draw()

    # ---- the hand and positions ---------------------------------------------------------------------------
    def _rebuild_hand(self):
        hand = self.game.hands[dm.PERSON]
        n = 0
        for t in range(28):
            if hand & (1 << t):
                self.hand_tiles[n] = t
                n += 1
        self.hand_len = n

    def _select_first_fitting(self):
        fits = self.game.fitting_tiles()
        for i in range(self.hand_len):
            if fits & (1 << self.hand_tiles[i]):
                self._collect(self.hand_tiles[i], self.end)
                self.selected = i
                self._choose_default_spot()
                if self.option_count:
                    return

    def _select_tile(self, tile):
        for i in range(self.hand_len):
            if self.hand_tiles[i] == tile:
                self.selected = i
        self._choose_default_spot()

    def _collect(self, tile, end):
        """The legal moves of `tile` at `end` into self.options (on an empty table: the lead)."""
        game = self.game
        n = game.legal_moves() if game.turn == dm.PERSON and game.phase == dm.PLAYING else 0
        k = 0
        for i in range(n):
            m = game.moves[i]
            if m & 31 == tile and (game.table.count == 0 or (m >> 5) & 1 == end):
                self.options[k] = m
                k += 1
        self.option_count = k
        return k

    def _choose_default_spot(self):
        """Keep the chosen end if the selected tile fits there, else the other; first show the position that
        leaves that end the most room (going straight into the table's edge blocks the line)."""
        self.spot = 0
        if self.hand_len == 0:
            self.option_count = 0
            return
        tile = self.hand_tiles[self.selected]
        if not self._collect(tile, self.end) and self._collect(tile, 1 - self.end):
            self.end = 1 - self.end
        table = self.game.table
        if self.option_count < 2 or table.count == 0:
            return
        best_room = -1
        for k in range(self.option_count):
            move = self.options[k]
            table.place(tile, self.end, move >> 6)
            room = table.open_positions(self.end)
            table.undo()
            if room > best_room:
                best_room = room
                self.spot = k

    # ---- drawing ------------------------------------------------------------------------------------------
    def _draw(self):
        game = self.game
        view = self.view
        table = game.table
        if table.count != self.shown_count:
            if table.count < self.shown_count or self.shown_count < 0:
                view.clear_table()
            for i in range(table.count):
                c1 = table.cell1[i]
                c2 = table.cell2[i]
                view.set_cell(c1, half_index(table.num1[i], _toward(c1, c2)))
                view.set_cell(c2, half_index(table.num2[i], _toward(c2, c1)))
            self.shown_count = table.count
        self._draw_ghost()
        self._draw_hand()
        view.set_scores(game.scores[dm.PERSON], game.scores[dm.CPU],
                        self.mode == MODE_PERSON, self.mode == MODE_CPU)
        view.set_counts(dm.hand_count(game.hands[dm.CPU]), game.stock_count())
        view.set_message(self.note or self._hint())
        self.note_since = None  # a message shown or changed now gets its full time

    def _draw_ghost(self):
        view = self.view
        if self.mode != MODE_PERSON or self.option_count == 0:
            view.hide_ghosts()
            return
        game = self.game
        table = game.table
        move = self.options[self.spot]
        tile = move & 31
        if table.count == 0:
            c1 = FIRST_Y * TABLE_W + FIRST_X
            c2 = c1 + (TABLE_W if HI[tile] == LO[tile] else 1)
            n1 = HI[tile]
        else:
            end = (move >> 5) & 1
            table.room(1 if HI[tile] == LO[tile] else 0, end, move >> 6)
            c1 = table.c1
            c2 = table.c2
            n1 = table.end_num[end]
        n2 = HI[tile] + LO[tile] - n1
        view.show_ghost(0, c1, n1, _toward(c1, c2))
        view.show_ghost(1, c2, n2, _toward(c2, c1))

    def _draw_hand(self):
        view = self.view
        n = self.hand_len
        sel = self.selected
        if sel < self.offset:
            self.offset = sel
        elif sel >= self.offset + HAND_SLOTS:
            self.offset = sel - HAND_SLOTS + 1
        if self.offset > max(0, n - HAND_SLOTS):
            self.offset = max(0, n - HAND_SLOTS)
        fits = self.game.fitting_tiles() if self.mode == MODE_PERSON else 0
        for slot in range(HAND_SLOTS):
            i = self.offset + slot
            if i < n:
                t = self.hand_tiles[i]
                index = 1 + t if fits & (1 << t) else HAND_DIM + t
                if i == sel and self.mode == MODE_PERSON:
                    view.show_selected(slot, index)
                    index = 0
                view.set_slot(slot, index)
            else:
                view.set_slot(slot, 0)
        if self.mode != MODE_PERSON or n == 0:
            view.show_selected(-1, 0)

    # ---- round and match results --------------------------------------------------------------------------
    def _note_match(self):
        """Count the finished match once (on the device right away: a quit later does not lose it)."""
        if self.match_noted:
            return
        self.match_noted = True
        if self.game.match_winner == dm.PERSON:
            self.record.won += 1
        else:
            self.record.lost += 1
        store = self.app.store
        records.save_record(store, self.record)
        records.clear_game(store)

    def _show_round_result(self):
        game = self.game
        self.mode = MODE_RESULTS
        winner = game.round_winner
        if winner == dm.NOBODY:
            title = "Blocked: a tie"
        else:
            title = "You win the round" if winner == dm.PERSON else "CPU wins the round"
        who = "you" if winner == dm.PERSON else "CPU"
        rows = [("Round %d" % game.round_no, "Blocked" if game.round_blocked else "Domino"),
                ("Your pips", dm.hand_pips(game.hands[dm.PERSON])),
                ("CPU pips", dm.hand_pips(game.hands[dm.CPU])),
                ("Points", ("+%d %s" % (game.round_points, who)) if winner != dm.NOBODY else "none"),
                ("You : CPU", "%d : %d" % (game.scores[dm.PERSON], game.scores[dm.CPU])),
                ("Match to", game.target)]
        if winner != dm.NOBODY:
            self.app.flash_pixels(_WIN_COLOR if winner == dm.PERSON else _LOSE_COLOR, 300)
        self.app.show_results(title, rows, False, self._after_round_result)

    def _after_round_result(self):
        game = self.game
        if game.phase == dm.MATCH_OVER:
            won = game.match_winner == dm.PERSON
            rows = [("Rounds", game.round_no),
                    ("You : CPU", "%d : %d" % (game.scores[dm.PERSON], game.scores[dm.CPU])),
                    ("CPU level", LEVEL_NAMES[self.cpu.level]),
                    ("Matches won", self.record.won),
                    ("Matches lost", self.record.lost)]
            self.app.show_results("You win the match!" if won else "The CPU wins", rows, won, self.new_round,
                                  again=True)
            return
        game.next_round()
        self.note = "Round %d" % game.round_no
        self.shown_count = -1
        self._after_action()
