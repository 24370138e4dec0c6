"""Dominoes' game scene: you against the CPU (Easy, Normal, Hard) or two people passing the badge, on a table
several screens large, a match to the chosen target.

Left/Right choose a tile of the hand, Up/Down cycle its free positions at the chosen end (a ghost shows where;
the first shown keeps that end the most room), B switches to the other end, A lays it; with no fitting tile A
draws (or passes at a low stock). SELECT shows the whole table (any key goes back). The view glides to follow
the ghost and each new tile. Between presses the turn flow settles whose turn it is and what the screen waits for:
the person's choice, the CPU's paced move, the cover that passes the badge between two people, the finished table,
the round's and the match's results (pips.dominoes.results, loaded when a round ends). The status strip's timing and
the CPU player are pips.dominoes.turns'; the choice of tile, end and position is pips.dominoes.choice. Illegal
presses change nothing: a low beep and the reason.
"""
from micropython import const

import gc


from engine import dominoes as dm
from engine.dominoes_table import HI, LO, NO_OPTION, MOVE_END, MOVE_OPTION, MOVE_TILE
from pips import actions, modules
from pips.dominoes import rules
from pips.dominoes.choice import Choice, matching_reason, tile_name, why_not
from pips.dominoes.records import OPPONENT, PEOPLE, TARGET
from pips.dominoes.turns import CpuPlayer, Strip
from pips.dominoes.view import HAND_SLOTS
from pips.scene import Scene

# what the scene waits for
MODE_PERSON = const(0)  # a person chooses
MODE_CPU = const(1)  # waiting to show the CPU's next step
MODE_ROUND_END = const(2)  # the finished table, then the results
MODE_RESULTS = const(3)  # a results screen is up
MODE_PASS = const(4)  # the cover: pass the badge, A when ready

LAND_MS = const(60)  # a tile just laid lights up this long from the next frame: three frames shown (~100 ms)
_ROUND_END_MS = const(1500)  # the finished table stays this long before the results
_PLAY_HZ = const(660)  # the tones of a tile laid, a tile drawn, a refusal
_DRAW_HZ = const(440)
_ERROR_HZ = const(220)


class DominoesScene(Scene):
    rules = rules  # pips.dominoes.rules as the rules() method: the pause menu's Rules

    def __init__(self, app, resume=False):
        """The match saved (`resume`; a new one if it no longer loads) or a new one with the record's settings, as
        chosen in the setup (pips.dominoes.setup)."""
        super().__init__(app)
        self.left_view = None  # (the camera's place, the thinking dots) while the view is away (drop_view)
        self.choice = Choice()
        self.cpu_player = None  # against the CPU (pips.dominoes.turns): made before the view, with its room
        self.strip = Strip(self.guide, self.controls)
        # a tile just laid lights up for LAND_MS (the ghost halves over it): None, or -1 until the next frame
        # sets the time it ends (tick)
        self.landing = None
        # the record (a list: pips.dominoes.records) and a saved match are read now; their code then leaves
        store = app.store
        game = None
        with modules.briefly():
            from pips.dominoes import records, saved
            self.record = records.load_record(store)
            if resume:
                match = saved.load_game(store)
                if match is not None:
                    game, opponent = match  # (its copy stays in the store until the match ends: App.round_ended)
        del records, saved
        resumed = game is not None
        if game is None:
            game = dm.DominoesGame(app.next_seed(), self.target())
            opponent = self.record[OPPONENT]
            app.round_replaced()  # a saved match the setup offered is overwritten by this one (none: no write)
        if opponent != PEOPLE:
            self.cpu_player = CpuPlayer(opponent, True)
        self.view = self.make_view()
        self.group.append(self.view.group)
        self._begin_match(game, opponent)
        if resumed:
            self.strip.note = "Match resumed"
            self._draw()

    def _begin_match(self, game, opponent):
        self.game = game
        self.opponent = opponent
        if opponent == PEOPLE:
            self.drop_cpu()
            self.cpu_player = None
        else:
            self._cpu_player_at(opponent)
        self.match_noted = False
        # the pause menu's question for New round (pips.scenes.pause): against the CPU it costs the round
        self.new_round_question = None if opponent == PEOPLE else "Concede this round? CPU scores your pips"
        self.new_deal()

    def new_deal(self):
        """Show a round from its start (a new deal, a new match, a resumed match)."""
        if self.cpu_player is not None:
            self.cpu_player.seed(self.game)  # each deal's CPU numbers go on from the deal's
        self.choice.reset()
        self.offset = 0
        self.strip.turn_note = None
        self.person_moves = 0
        self.due = None
        self.overview = False
        self.last_person = -1 if self.opponent == PEOPLE else dm.PERSON
        self.view.show_overview(False)
        self.view.show_cover("")
        self.view.table.hide_ghosts()
        self._draw_table()
        table = self.game.table
        first = table.first_cell
        if table.count:
            first = table.cell1[table.count - 1]
        self.view.table.center_on(table.cell_x(first), table.cell_y(first))
        self.settle()

    # ---- the turn flow: whose turn it is and what the screen waits for ---------------------------------------
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
        if self.cpu_player is not None:
            self.cpu_player.restart()  # a decision under way is void: the CPU decides anew on its turn
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

    # ---- a frame: the camera, the landing, the strip, the CPU, the round's end ---------------------------------
    def tick(self, now_ms):
        if not self.app.screen_due():  # (a screen due next frame: this one shows the busy mark and nothing else)
            self.view.table.glide()
        landing = self.landing
        if landing is not None:
            if landing < 0:  # laid in the last frame: it lights up from this one
                self.landing = actions.ticks_add(now_ms, LAND_MS)
            elif actions.ticks_diff(now_ms, landing) >= 0:
                self.end_landing()
        if self.mode == MODE_PERSON:
            self.strip.tick(now_ms, self.view)
            return
        if self.mode == MODE_CPU:
            self.app.wake()
            if self.cpu_player.think(now_ms, self.game, self.app.platform.ticks_ms, self.view):
                self._cpu_step()
            return
        if self.mode != MODE_ROUND_END:
            return
        self.app.wake()
        if self.due is None:
            self.due = actions.ticks_add(now_ms, _ROUND_END_MS)
        elif actions.ticks_diff(now_ms, self.due) >= 0:
            self.due = None
            self._show_round_result()

    def _cpu_step(self):
        game = self.game
        move = self.cpu_player.cpu.move()
        if move == dm.NO_MOVE:
            kind = game.no_move()
            self.strip.note = ("CPU passes", "CPU draws")[kind == dm.LAST_DRAW]
            said = "Your turn: CPU passed"
            if kind == dm.LAST_DRAW:
                self.app.tone(_DRAW_HZ, 40)
        else:
            game.play_move(move)
            self.strip.note = "CPU lays %s" % tile_name(move & MOVE_TILE)
            said = "Your turn: CPU laid %s" % tile_name(move & MOVE_TILE)
            self.app.tone(_PLAY_HZ, 30)
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
        # for "Again" after the match: new_match), and so does the CPU (made again before the view: cpu_before_view)
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

    # ---- life cycle and the pause menu ------------------------------------------------------------------------
    def _pause(self):
        self.drop_cpu()  # garbage, not yet collected, while the pause menu is built (App.pause)
        self.app.pause(self)

    def resume(self):
        if self.view is not None:  # (under the results it is away until the next round: _show_round_result)
            self._draw()

    # ---- the view leaves while Settings or Rules cover the game (pips.scene) ------------------------------------
    def make_view(self, sheets=None):
        from pips.dominoes.view import DominoesView
        return DominoesView(sheets)

    def leave_view(self):
        self.end_landing()
        view = self.view
        if self.overview:
            view.show_overview(False)  # its code goes (draw_view shows it again)
        camera = view.table.camera
        # where the camera stands and glides to (it goes on from there), and the thinking dots shown
        self.left_view = (camera.x, camera.y, camera.target_x, camera.target_y, view.lit)
        # the view's own code leaves with it (nothing else in a game of Dominoes uses it): make_view imports it
        # again
        modules.unload("pips.dominoes.view")

    def draw_view(self):
        view = self.view
        left = self.left_view
        self.left_view = None
        view.table.set_camera(left)
        view.show_thinking(left[4])
        self._draw_table()
        if self.overview:
            view.show_overview(True)
        strip = self.strip
        since = strip.since
        self._draw()
        strip.since = since  # the message keeps the time it had left

    def cpu_before_view(self, opponent):
        """Back from the results (which the CPU leaves RAM under), the CPU is made before the view is built again:
        its code and the CPU then go where the results were, not into the view's holes. (Not under the pause menu's
        New match: the view is still there, the CPU is made at its turn.)"""
        player = self.cpu_player
        if self.view is None and opponent != PEOPLE and (player is None or player.cpu is None):
            gc.collect()  # the results' screen is garbage now: its room is free before the CPU's first piece
            self._cpu_player_at(opponent).make()

    def _cpu_player_at(self, level):
        """The CPU player at `level`; made (going on from the game's numbers) where a match between people had none."""
        player = self.cpu_player
        if player is None:
            player = self.cpu_player = CpuPlayer(level, False)
            player.seed(self.game)
        else:
            player.set_level(level)
        return player

    def drop_cpu(self):
        """The CPU and its code leave RAM (under the pause menu and the results): made again at its next turn."""
        if self.cpu_player is not None:
            self.cpu_player.drop()

    def new_round(self):
        """The pause menu's "New round". Against the CPU the round is conceded (the CPU scores the pips in your
        hand, the results follow): a bad hand is not re-dealt for free. Between two people it is dropped (nobody
        scores, it does not count), the match and its score go on."""
        game = self.game
        if self.opponent != PEOPLE:
            if game.concede(dm.PERSON) == dm.OK:
                self.app.moved()
                self.settle()
            return
        self.seed_round()
        game.abandon_round()
        self.strip.note = "Round %d" % game.round_no
        self.new_deal()

    def new_match(self):
        """The pause menu's "New match" (and "Again" after a match, whose results the view left under): a fresh
        match against the chosen opponent."""
        self.cpu_before_view(self.record[OPPONENT])
        self.restore_view()
        self.strip.note = ""
        game = self.game
        # the same match as DominoesGame(seed, target) would deal, in the game's own buffers: no new table is
        # allocated in a heap the finished match has fragmented
        self.seed_round()
        game.new_match(self.target())
        self._begin_match(game, self.record[OPPONENT])

    def save_game(self):
        self.drop_view()  # the game is leaving for the menu: the save's code loads beside it, not its screen too
        self.keep_round()

    def keep_round(self):
        """The match under way written as Save & quit writes it (pips.scene: App.keep_round unloads the saved
        match's code again); False once the match is over."""
        if self.game.phase == dm.MATCH_OVER:
            return False
        if self.opponent == dm.HARD:
            self.drop_cpu()  # its games (8.4 KB) leave for the save's code; Easy's and Normal's CPU is small
        from pips.dominoes import saved
        saved.save_game(self.app.store, self.game, self.opponent)
        return True

    def target(self):
        """The match target chosen in the record."""
        return dm.MATCH_TARGETS[self.record[TARGET]]

    def save_record(self):
        with modules.briefly():  # the records' code, for the save
            from pips.dominoes import records
            records.save_record(self.app.store, self.record)

    def settings_rows(self):
        from pips.scenes.settings import Choice as Row
        from pips.dominoes import setting_choices
        choices = setting_choices()
        return [Row(choices[0][0], choices[0][1], self.record[OPPONENT], self._set_opponent),
                Row(choices[1][0], choices[1][1], self.record[TARGET], self._set_target)]

    def _set_opponent(self, index):
        self.record[OPPONENT] = index
        if index != PEOPLE and self.opponent != PEOPLE:
            self.opponent = index  # another CPU level plays on in this match (the CPU is made at that level)
            self.cpu_player.set_level(index)
        elif index != self.opponent:
            self.strip.note = "From the next match"
        self.save_record()

    def _set_target(self, index):
        self.record[TARGET] = index
        target = dm.MATCH_TARGETS[index]
        game = self.game
        if game.phase != dm.MATCH_OVER and max(game.scores) < target:
            game.target = target  # the match under way goes on to the new target; else the next match
        self.save_record()

    # ---- input ------------------------------------------------------------------------------------------------
    def on_action(self, action):
        self.end_landing()  # any button ends it at once (and still does its job)
        self.strip.pressed(self.view)
        if action == actions.START:
            self.app.later(self._pause)  # the busy mark first (App.pause)
            return
        if self.overview:
            self.overview = False
            self.view.show_overview(False)
            self.app.redraw()
            return
        if action == actions.SELECT:
            self.app.later(self._show_whole_table)  # the busy mark first: the overview takes ~170 ms to draw
            return
        if self.mode == MODE_PASS:
            if action == actions.A:
                self.end_pass()
            return
        if self.mode != MODE_PERSON:
            return
        self.strip.note = ""
        game = self.game
        choice = self.choice
        if action == actions.LEFT or action == actions.RIGHT:
            choice.step_tile(game, 1 if action == actions.RIGHT else -1)
        elif action == actions.UP or action == actions.DOWN:
            choice.step_spot(1 if action == actions.DOWN else -1)
        elif action == actions.B:
            if game.table.count and choice.hand_len and not choice.switch_end(game):
                self._refuse("It fits one end only" if choice.option_count else self._why_not())
        elif action == actions.A:
            self._act()
            return
        self._draw()

    def _refuse(self, message):
        self.app.tone(_ERROR_HZ, 60)
        self.strip.note = message

    def _why_not(self):
        tile = self.choice.tile()
        return "%s: %s" % (tile_name(tile), why_not(self.game, tile))

    def _act(self):
        game = self.game
        choice = self.choice
        if game.legal_moves() == 0:
            kind = game.no_move()
            if kind == dm.LAST_DRAW:
                self.app.tone(_DRAW_HZ, 40)
                choice.rebuild(game, game.turn)
                choice.select_tile(game, game.last_tile)
                self.strip.note = "Drew %s" % tile_name(game.last_tile)
            elif kind == dm.LAST_PASS:
                people = self.opponent == PEOPLE  # (against the CPU the one passing here is the person: "You pass")
                self.strip.note = "%s pass%s" % (self.names()[game.last_player], "es" if people else "")
            if kind:
                self.app.moved()
            self.settle()
            return
        if choice.option_count == 0:
            self._refuse(self._why_not())
            self._draw()
            return
        move = choice.move()
        code = game.play_move(move)
        if code != dm.OK:
            self._refuse(dm.REFUSALS[code])
            self._draw()
            return
        self.app.tone(_PLAY_HZ, 30)
        self.app.moved()
        self.strip.note = ""
        self._follow_last()
        self.land()
        self.settle()

    # ---- what the status strip says ---------------------------------------------------------------------------
    def guide(self):
        """What to do now, when no message is up."""
        game = self.game
        if self.mode == MODE_CPU:
            return "CPU's turn"
        if self.mode != MODE_PERSON:
            return ""
        choice = self.choice
        if not self.person_moves:
            hint = ("A passes", "A draws")[game.may_draw()]
            reason = matching_reason(game, game.hands[game.turn])
            if game.last_kind == dm.LAST_DRAW and game.last_player == game.turn:
                return "Drew %s; %s" % (tile_name(game.last_tile), hint)
            return "%s; %s" % (reason, hint) if reason else "No tile fits: " + hint
        tile = choice.tile()
        if choice.option_count == 0:
            return "%s: %s" % (tile_name(tile), why_not(game, tile))
        if game.table.count == 0:
            return "Lead: A lays %s" % tile_name(tile)
        # B: the other end too, where the tile has a position there
        table = game.table
        n = table.end_num[1 - choice.end]
        both = (HI[tile] == n or LO[tile] == n) and table.best_option(1 if HI[tile] == LO[tile] else 0,
                                                                      1 - choice.end) != NO_OPTION
        return "A lays %s%s" % (tile_name(tile), ", B: other end" if both else "")

    def controls(self):
        """The buttons, shown in the strip when the player is left idle (pips.dominoes.strip)."""
        if self.person_moves:
            return "A lay  B end  Sel table"
        return ("A passes  Sel table", "A draws  Sel table")[self.game.may_draw()]

    # ---- drawing ----------------------------------------------------------------------------------------------
    def _follow_last(self):
        table = self.game.table
        i = table.count - 1
        if i >= 0:
            c1 = table.cell1[i]
            c2 = table.cell2[i]
            self.view.table.follow(table.cell_x(c1), table.cell_y(c1), table.cell_x(c2), table.cell_y(c2))

    def _show_whole_table(self):
        if self.app.top() is not self or self.overview:  # (another screen came first, such as a round's end)
            return
        self.overview = True
        self.view.show_overview(True)
        self.app.redraw()

    def _draw(self):
        game = self.game
        view = self.view
        if game.table.count != view.table.count:
            self._draw_table()
        self._draw_ghost()
        # the hand, scrolled so the selected tile shows
        choice = self.choice
        n = choice.hand_len
        sel = choice.selected
        if sel < self.offset:
            self.offset = sel
        elif sel >= self.offset + HAND_SLOTS:
            self.offset = sel - HAND_SLOTS + 1
        if self.offset > max(0, n - HAND_SLOTS):
            self.offset = max(0, n - HAND_SLOTS)
        person = self.mode == MODE_PERSON
        view.show_hand(choice, self.offset, game.fitting_tiles() if person else 0,
                       self.mode == MODE_PASS or (self.opponent == PEOPLE and not person), person)
        to_move = game.turn if game.phase == dm.PLAYING and self.mode in (MODE_PERSON, MODE_CPU) else -1
        names = self.names()
        opponent = 1 - self.person_seat()
        view.set_scores(names, game.scores, to_move, (names[opponent], dm.hand_count(game.hands[opponent])),
                        game.stock_count())
        view.set_message(self.strip.text())
        if self.mode == MODE_PASS:
            if view.cover.hidden:
                self.app.redraw()  # the cover takes the whole screen: drawn once
            view.show_cover(("to Player 1", "to Player 2")[game.turn])
        self.strip.drawn()

    def _draw_table(self):
        self.view.table.draw(self.game.table)

    def land(self):
        """The tile laid last settles in: for LAND_MS the two ghost halves (the chosen spot's
        colour) lie over it, no table tile written; then the ghost goes back to the chosen spot (or hides). Called
        before the move's draw, which leaves the ghost where it is: hidden and shown again in one frame, the
        firmware would redraw it whole though it stayed on the cells it showed the move on."""
        table = self.game.table
        i = table.count - 1
        tv = self.view.table
        c1 = table.cell1[i]
        c2 = table.cell2[i]
        tv.show_ghosts(c1, c2, table.num1[i], table.num2[i])
        self.landing = -1

    def end_landing(self):
        if self.landing is not None:
            self.landing = None
            self._draw_ghost()

    def _draw_ghost(self):
        if self.landing is not None:
            return  # (end_landing draws it)
        tv = self.view.table
        choice = self.choice
        if self.mode != MODE_PERSON or choice.option_count == 0:
            tv.hide_ghosts()
            return
        table = self.game.table
        move = choice.move()
        tile = move & MOVE_TILE
        if table.count == 0:
            c1 = table.first_cell
            c2 = c1 + (table.stride if HI[tile] == LO[tile] else 1)
            n1 = HI[tile]
        else:
            end = (move >> MOVE_END) & 1
            table.room(1 if HI[tile] == LO[tile] else 0, end, move >> MOVE_OPTION)
            c1 = table.c1
            c2 = table.c2
            n1 = table.end_num[end]
        tv.show_ghosts(c1, c2, n1, HI[tile] + LO[tile] - n1)
        tv.follow(table.cell_x(c1), table.cell_y(c1), table.cell_x(c2), table.cell_y(c2))
