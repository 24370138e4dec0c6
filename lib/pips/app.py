"""The app: main loop with frame pacing, the scene stack, settings, sound, NeoPixels and auto-dim.

    app = App(platform)      # platform: see pips.platform
    app.start()              # title menu (or app.start("key") to open a game straight away)
    app.run()                # forever on the badge; the simulator's headless runs call app.step(now) instead

Scenes and the API games use: see the docstring of pips.scene.
"""
import gc
import time

from micropython import const

from engine.rng import Rng
from pips import actions, catalog, modules, saved_game
from pips.settings import Settings
import displayio

FRAME_MS = const(33)        # ~30 frames a second
_DIM_DIVISOR = const(8)     # dimmed brightness = chosen brightness / _DIM_DIVISOR
# The round in progress is kept (written like Save & quit) after this many moves, when the pause menu opens and
# when the screen dims: a power cut then loses at most these moves. From the flash's wear budget (README: Saves).
AUTOSAVE_MOVES = const(25)
_OFF_SCREEN = const(1024)  # pixels: a hidden layer moved this far right is out of any screen's rectangle


def _saves():
    """pips.saves (the store's kinds), or None in a build without it."""
    try:
        from pips import saves
        return saves
    except ImportError:
        return None


def _saved_game_kind(entry):
    """The store kind of a catalog game's saved round (pips.saves.SAVED_GAMES), or None."""
    return getattr(_saves(), "SAVED_GAMES", {}).get(entry[0])


class App:
    def __init__(self, platform, store=None, seed=None):
        self.platform = platform
        self.display = platform.display
        if store is None:
            # The save store over the platform's byte area and mirror (pips.saves' layout), None without an area.
            area = platform.storage
            saves = _saves() if area is not None else None
            store = saves.open_store(area, platform.storage_mirror) if saves is not None else None
        self.store = store
        self.settings = Settings()
        kind = getattr(_saves(), "SETTINGS", None)
        if store is not None and kind is not None:
            try:
                self.settings.decode(store.load(kind))
            except ValueError:
                pass  # no record yet, or a foreign one: keep the defaults
        # An on-demand store (pips.saves) drops its code at the end of each frame that used it.
        self._release_store = getattr(self.store, "release", None)
        self._saves_told = 0  # the Store.unprotected reason the player was last told
        # A platform may hand over the event object its queue fills (the PyGamer merges joystick moves into it).
        self.reader = actions.ActionReader(platform.keys, platform.key_event)
        self.root = displayio.Group()
        self.display.root_group = self.root
        self._redraw = False  # the next refresh draws the whole screen (_show: the scenes shown changed)
        self._busy = None  # the busy mark, shown while a screen asked for waits for the next frame (later)
        self.stack = []
        self._modules_base = None  # what stays loaded: the menu's and each game's modules go when they close
        self._handling = False  # a scene's on_action runs: the screens it asks for wait for the queue (later)
        self._queue = []  # [(function, args)]: screens asked for (later), made one a frame as frames start
        self._game_opened = None  # the catalog entry of the game last opened by this interpreter
        self._unsaved_moves = 0  # moves of the round in progress since it was last kept (keep_round)
        self._keep_due = False   # keep the round at the start of the next frame
        self._round_kept = False  # a copy of this round is in the store (round_ended forgets it)
        # The title menu's first cursor: on the game the run before this one restarted after (pips.platform).
        note = platform.restart_note
        self._menu_cursor = note if note is not None and 0 <= note < len(catalog.GAMES) else 0
        now = platform.ticks_ms()
        # A given seed makes every round repeatable; otherwise seeds come from the chip's entropy and the moment
        # the player starts a round (ticks alone would repeat from one power-up to the next).
        self._fixed_seed = seed is not None
        if seed is None:
            seed = now
            try:
                import os
                seed = int.from_bytes(os.urandom(4), "little")  # the SAMD51 has a TRNG
            except (ImportError, AttributeError, NotImplementedError):
                pass
            seed &= 0x3FFFFFFF  # 30 bits: a small int on the badge
        self._seeds = Rng(seed)
        self._chosen_seed = None     # [seed, dealt]: a replay code's seed, waiting for the round it deals (choose_seed)
        self._round_seed = None      # the seed of the round under way (None: not known, e.g. resumed)
        self._seed_loads = 0
        saved_game.set_aside(False)  # module state: nothing a replay code set aside outlives its app
        self.running = True
        self.tips = True        # first-game tips (pips.tips); headless simulator runs switch them off
        self.tips_seen = None   # their bit mask, read from the store when first needed
        self._read_acceleration = platform.acceleration
        self._shake = None  # pips.shake.ShakeReader, made when a scene that takes shakes is first on top
        self._last_activity = now
        self.dimmed = False
        self._pixels_off_at = None
        self._jingles = None  # pips.jingles.JinglePlayer, made by the first jingle
        self.apply_brightness()

    # ---- settings -------------------------------------------------------------------------------------------
    def save_settings(self):
        kind = getattr(_saves(), "SETTINGS", None)
        if self.store is not None and kind is not None:
            self.store.save(kind, self.settings.encode())

    def apply_brightness(self):
        level = self.settings.brightness_level()
        if self.dimmed:
            level = level / _DIM_DIVISOR
        self.platform.set_brightness(level)

    # ---- the scene stack ------------------------------------------------------------------------------------
    def top(self):
        return self.stack[-1] if self.stack else None

    def push(self, scene):
        self.stack.append(scene)
        self._show()
        scene.enter()

    def _close(self, scene):
        scene.exit()
        before = getattr(scene, "modules_before", None)
        if before is not None:
            modules.unload_since(before)  # an overlay's code leaves with it

    def leave_pause(self, pause, cursor):
        """The pause menu `pause` (on top) makes way for the overlay it opens next (Settings, Rules): the two do
        not fit beside a game on the badge, nor does the game's view (it is dropped: pips.scene, drop_view).
        Returns what back_to_pause needs once that overlay is open."""
        self.stack.pop()
        self._close(pause)
        pause.game.drop_view()
        return (pause.game, cursor, modules.loaded())

    def back_to_pause(self, left):
        """The overlay just opened in the place of a pause menu (left: leave_pause's) brings it back, at its cursor
        and over the game's view built anew, when it closes; the code loaded since the pause menu left goes then."""
        overlay = self.stack[-1]
        overlay.back_to_pause = left  # (game, cursor, modules): pop reads the first two
        overlay.modules_before = left[2]

    def pop(self):
        """Close the top scene; the one below gets resume() (or the pause menu it replaced comes back). Returns the
        scene closed (None when the pause menu came back)."""
        back = getattr(self.stack[-1], "back_to_pause", None)
        if back is not None and self._handling:
            # The game's view and the pause menu over it come back together, once the overlay's frames no longer
            # hold it (and its sprites): one screen drawn once.
            self.later(self.pop)
            return self.stack[-1]
        scene = self.stack.pop()
        self._show()
        self._close(scene)
        if back is not None:
            scene = None
            gc.collect()  # the overlay's room is free before the view and the pause menu are built in it
            self.pause(back[0], back[1])
        elif self.stack:
            self.stack[-1].resume()
        return scene

    def replace(self, scene):
        old = self.stack.pop() if self.stack else None
        self.stack.append(scene)
        self._show()
        if old is not None:
            self._close(old)
        scene.enter()

    def pop_to(self, scene):
        """Close every overlay above `scene` (which then gets resume())."""
        while self.stack and self.stack[-1] is not scene:
            self._close(self.stack.pop())
        self._show()
        if self.stack:
            scene.resume()

    def to_menu(self):
        if self._handling:
            # The action's frames (and stale slots of the interpreter's stacks: measured under
            # circuitpython-pybadge, the whole game was still alive while the menu was built) hold the game until
            # another frame has run: the menu comes at the start of the next one.
            self.later(self.to_menu)
            return
        self.choose_seed(None)
        self._close_all()  # scenes save what they hold as they close (Settings): all saved before a restart
        if self._release_store is not None:
            gc.collect()  # the game's room is free for the store's code: what Save & quit held is written now
            self._release_store()
        restart = self.platform.restart
        opened = self._game_opened
        cursor = catalog.GAMES.index(opened) if opened in catalog.GAMES else self._menu_cursor  # the game just left
        if restart is not None and opened is not None:
            # Unloading a game gives its code back but not its names: the interpreter keeps them interned for good,
            # and the next game's would need their tables grown in a heap cut up by then. The menu comes back in
            # a fresh interpreter instead, its cursor on this game (pips.platform: restart never returns).
            restart(cursor if opened in catalog.GAMES else 0)
        gc.collect()  # drop the game's sprites and code before the menu builds its own
        from pips.scenes.menu import MenuScene
        self._menu_cursor = 0
        self.push(MenuScene(self, cursor))

    def _close_all(self):
        """Close every scene and unload what the menu or the game loaded: on the badge they do not fit together."""
        while self.stack:
            self.stack.pop().exit()
        self._show()
        self._queue.clear()
        self._shake = None  # the detector and the jingle player are made again when next needed
        self._jingles = None
        if self._modules_base is None:
            self._modules_base = modules.loaded()
        else:
            modules.unload_since(self._modules_base)

    def _show(self):
        """Put the visible scenes' groups on the display: from the topmost opaque scene upwards."""
        root = self.root
        stack = self.stack
        first = len(stack) - 1
        while first > 0 and not stack[first].opaque:
            first -= 1
        first = max(first, 0)
        wanted = len(stack) - first
        # Keep what is already shown in place (an overlay only appends), so displayio redraws less.
        keep = 0
        while keep < len(root) and keep < wanted and root[keep] is stack[first + keep].group:
            keep += 1
        if keep < len(root) or keep < wanted:
            self._redraw = True
        while len(root) > keep:
            root.pop()
        for index in range(first + keep, len(stack)):
            root.append(stack[index].group)
        self.reader.reset()  # a key held in the old scene does not auto-repeat into the new one

    # ---- services for scenes --------------------------------------------------------------------------------
    def start(self, game_key=None, round_seed=None):
        """The title menu, or a game; `round_seed` (a replay code's seed) deals the first round started."""
        self.to_menu()
        entry = None
        if game_key:
            entry = catalog.find(game_key)
            if entry is None:
                raise ValueError("no such game: " + game_key)
        if round_seed is not None:
            self.choose_seed(round_seed)
        if entry is not None:
            self.start_game(entry)

    def choose_seed(self, seed):
        """The next round is dealt from `seed` (a replay code's; None: no longer): every next_seed() of the frame that
        first asks for it returns it (a game may ask more than once while dealing, e.g. Dominoes for its CPU and its
        deal). A saved round is set aside meanwhile, so the code's round starts instead of the saved one resuming.
        (pips.code_entry.play starts a game with one.)"""
        self._chosen_seed = None if seed is None else [seed, False]  # [seed, dealt in this frame]
        saved_game.set_aside(seed is not None)

    def start_game(self, entry):
        if self._handling:
            # The chooser's frames still hold its scene (and its sprites): open the game once they have returned,
            # at the start of the next frame (as to_menu).
            self.later(self.start_game, entry)
            return
        self._round_seed = None
        self._close_all()
        gc.collect()
        self._game_opened = entry  # its names are this interpreter's from now on (to_menu)
        # Everything imported from here on belongs to this game and is unloaded when it ends.
        factory = catalog.load(entry)
        saved_game.take_notice()  # only what this game's loaders refuse is told
        loads = saved_game.loads()
        self._unsaved_moves = 0
        self._keep_due = False
        try:
            self.push(factory(self))
        except MemoryError:
            raise
        except Exception:
            # A saved round its loader let through but the game cannot show: forget it and open afresh, rather
            # than fail the same way every time the game is chosen. Without a saved round the error stands.
            kind = _saved_game_kind(entry)
            if self.store is None or kind is None or self.store.load(kind) is None:
                raise
            while self.stack:
                self.stack.pop().exit()
            saved_game.refuse(self.store, kind)
            self.push(factory(self))
        # A resumed round's copy stays in the store until the round ends or is abandoned (round_ended): a cut
        # before its next keep_round then loses nothing.
        self._round_kept = saved_game.loads() != loads
        notice = saved_game.take_notice()
        if notice:
            self.show_results(saved_game.NOTICE_TITLE, [(notice, "")])  # one line; A (or B, Start) closes it
        elif self.tips:
            # The frame that built the game still holds its garbage and stale stack slots: the tip's screen
            # beside them was the peak of a session (measured under circuitpython-pybadge). It comes next frame.
            self.later(self.show_tip, entry[0])

    def show_tip(self, name):
        """A first-game tip over the top scene, once ever (pips.tips): `name` is a game's catalog key (its start tip)
        or the name of a tip in pips.tips. Its code (the tips module, the tip's screen) leaves when it closes, or at
        once when the tip was seen before. True if it shows."""
        if not self.tips:
            return False
        before = modules.loaded()
        from pips import tips
        tip = tips.BY_NAME.get(name)
        body = tips.take(self, tip) if tip is not None else None
        if body is None:
            modules.unload_since(before)
            return False
        # a frame later even where no press asked (a game's start): that frame shows the busy mark, the next builds
        # the tip's screen (~190 ms of badge time) and draws it whole
        self.later(self._open_now, before, "pips.scenes.tip", "TipScene", (body,), {})
        return True

    def next_seed(self):
        """A seed (0 .. 2**30-1) for a new round."""
        chosen = self._chosen_seed
        if chosen is not None:
            value = chosen[0]
            chosen[1] = True
            # The games look for a saved round before they deal: set aside until now, it is back for later starts
            # (the flag is the module's, and would outlive an app whose frame never ended, e.g. in tests).
            saved_game.set_aside(False)
        else:
            value = self._seeds.next30()
            if not self._fixed_seed:
                value ^= self.platform.ticks_ms() & 0x3FFFFFFF
        self._round_seed = value
        self._seed_loads = saved_game.loads()
        return value

    def round_code(self):
        """The replay code of the round under way, or None when its seed is not known (a resumed round)."""
        if self._round_seed is None or saved_game.loads() != self._seed_loads:
            return None
        from pips import codes
        return codes.encode(self._round_seed)

    def wake(self):
        """Count as activity (e.g. while CPU players move): restarts the auto-dim timer, undims the screen."""
        self._last_activity = self.platform.ticks_ms()
        if self.dimmed:
            self.dimmed = False
            self.apply_brightness()

    def held(self, action):
        return self.reader.is_held(action)

    def tone(self, hz, ms):
        if self.settings.sound:
            self.platform.tone(hz, ms)

    def play_jingle(self, notes):
        """Play a jingle (pips.jingles: hz, ms pairs) from the next frames on; nothing while sound is off. A new
        jingle replaces one still playing."""
        if not self.settings.sound:
            return
        if self._jingles is None:
            from pips.jingles import JinglePlayer
            self._jingles = JinglePlayer(self.platform, self.settings)
        self._jingles.play(notes, self.platform.ticks_ms())

    def flash_pixels(self, color, ms):
        pixels = self.platform.pixels
        pixels.fill(color)
        pixels.show()
        self._pixels_off_at = actions.ticks_add(self.platform.ticks_ms(), ms)

    def pause(self, game, cursor=0):
        if self._handling:
            # a frame later (later): the press's frame costs little and shows the busy mark, the menu is then
            # built and drawn whole in one
            self.later(self.pause, game, cursor)
            return
        if self._unsaved_moves:
            # Where a player stops: the round is kept before the menu is built, so the store's code and the
            # pause menu are never in RAM together (beside them, the sessions needed 2-4 KB more).
            self.keep_round()
            gc.collect()
        if game.make_view is not None and game.view is None:
            game.restore_view()  # the view Settings or Rules covered (leave_pause), under the pause menu
        # Not through _open's later: the queue's collection has run, and garbage left now (Dominoes' CPU, dropped
        # for the menu) stays out of the menu's way, so its room is there for the CPU again (collected before the
        # menu was built, the menu took it: Dominoes' session needed 96 KB, not 93)
        self._open_now(modules.loaded(), "pips.scenes.pause", "PauseScene", (game, cursor), {})

    # The overlays below are opened by _open: their modules and classes are named by strings, which take no name of
    # the badge's in this module until the screen opens (each loads with its module then).
    def open_settings(self, extra_rows=None):
        """Settings over the top scene; extra_rows: a paused game's own rows (pips.scene, settings_rows)."""
        self._open(modules.loaded(), "pips.scenes.settings", "SettingsScene", extra_rows)

    def show_help(self, *args):
        """(title, text): the scrolling text viewer (pips.scene)."""
        self._open(modules.loaded(), "pips.scenes.help", "HelpScene", *args)

    # ---- the round in progress, kept against a power cut ------------------------------------------------------
    def moved(self):
        """A game's move is done: every AUTOSAVE_MOVES moves the round is kept, at the next frame's start (the move
        is shown first)."""
        self._unsaved_moves += 1
        if self._unsaved_moves >= AUTOSAVE_MOVES:
            self._keep_due = True

    def keep_round(self):
        """Write the game's round in progress (its keep_round: the save Save & quit makes, the game staying) if a
        move was made since it was last kept. Its code leaves RAM again at once."""
        self._keep_due = False
        game = self.stack[0] if self.stack else None
        if not self._unsaved_moves or game is None or game.keep_round is None:
            return
        self._unsaved_moves = 0
        with modules.briefly():
            if game.keep_round():
                self._round_kept = True
        if self._release_store is not None:
            self._release_store()

    def round_replaced(self):
        """New round or New match from the pause menu: a kept copy of the round left is overwritten by the new one
        at the next frame (one write; none when nothing was kept)."""
        if self._round_kept:
            self._unsaved_moves = 1
            self._keep_due = True

    def round_ended(self):
        """The round is over: a kept copy must not resume it."""
        self._unsaved_moves = 0
        self._keep_due = False
        if self._round_kept:
            self._round_kept = False
            saved_game.clear(self.store, _saved_game_kind(self._game_opened))

    def tell_saves(self, reason):
        """Saves go to nvm alone though the game has the drive (pips.store's `unprotected`): one line over the top
        scene (pips.scenes.settings, saves_notice), its code gone when it closes."""
        self._open(modules.loaded(), "pips.scenes.settings", "saves_notice", reason)

    def show_results(self, *args, **options):
        """(title, rows, new_record=False, on_done=None, again=False, initials=None): a results screen
        (pips.scenes.results; initials: (letters, on_entered) where a record fell)."""
        # At once (see pause): a frame later, Dymino's session needed 96 KB, not 93.
        self._open_now(modules.loaded(), "pips.scenes.results", "ResultsScene", args, options)

    def confirm(self, *args):
        """(question, on_yes, on_no=None): a yes/no dialog (pips.scene)."""
        self._open(modules.loaded(), "pips.scenes.confirm", "ConfirmScene", *args)

    def _open(self, before, path, name, *args, **options):
        """The scene class `name` of module `path` made with (app, *args) over the top scene; the code loaded since
        the snapshot `before` leaves when it closes. Asked for by a press, it opens at the start of the next frame
        (later): the press's frame shows the busy mark, and the new screen is drawn whole in one."""
        if self._handling:
            self.later(self._open_now, before, path, name, args, options)
        else:
            self._open_now(before, path, name, args, options)

    def _open_now(self, before, path, name, args, options):
        self.push_overlay(getattr(__import__(path, None, None, (name,)), name)(self, *args, **options), before)

    def push_overlay(self, scene, before):
        """Push `scene`; the code loaded since the snapshot `before` (pips.modules.loaded) leaves when it closes."""
        scene.modules_before = before
        self.push(scene)

    def screen_due(self):
        """Whether a screen is asked for (later): a scene then waits with what it would open."""
        return len(self._queue) > 0

    def redraw(self):
        """The next refresh draws the whole screen once (a scene that changes most of it in one frame: one area,
        not one a changed layer)."""
        self._redraw = True

    def later(self, function, *args):
        """function(*args) at the start of the next frame, before its presses (which are for what it opens): a
        screen too slow to build in the frame that asked for it, or one that must not meet the frame's garbage or
        the frames of the action that asked (they hold its scene and sprites until it returns). Until then the
        screen stays, with the busy mark: the press was taken. An action handed in directly (dispatch) has it
        made as soon as it returns."""
        self._queue.append((function, args))

    def _run_queued(self):
        """Make the first screen asked for (later); what it asks for in turn waits for the next frame."""
        busy = self._busy
        if busy is not None:
            # off before the new screen is built (a mark kept hidden for good cost the sessions more heap)
            self._busy = None
            root = self.root
            if len(root) and root[-1] is busy:
                root.pop()
            busy = None
        gc.collect()  # the frame before's garbage goes first: the new screen is built from the heap's bottom
        function, args = self._queue.pop(0)
        function(*args)

    def _show_busy(self):
        """The busy mark in the screen's corner: a screen is due next frame (a frame that changes nothing else)."""
        if self._busy is None:
            from pips.ui import palette, text
            self._busy = text.mark("...", text.SCREEN_W - 20, text.SCREEN_H - 12, palette.DIM_TEXT)
            self.root.append(self._busy)

    # ---- the loop -------------------------------------------------------------------------------------------
    def dispatch(self, action):
        """One action to the top scene and then, at once, every screen it asked for (the monkey test and tests
        hand actions in here; step() makes those screens one a frame)."""
        while self._queue:
            self._run_queued()
        self._handle(action)
        while self._queue:
            self._run_queued()

    def _handle(self, action):
        if self.stack:
            self._handling = True
            try:
                self.stack[-1].on_action(action)
            finally:
                self._handling = False

    def _feed_shake(self, now):
        """One accelerometer sample to the shake detector while the top scene takes shakes."""
        if self._read_acceleration is None:
            return
        top = self.top()
        wanted = top is not None and top.takes_shake
        if self._shake is None:
            if not wanted:
                return
            read = self._read_acceleration
            read()  # the first read tells a badge whether it has a sensor at all (pips.platform)
            if self.platform.acceleration is None:
                self._read_acceleration = None  # none: buttons only, and no shake detector's code in RAM
                return
            from pips.shake import ShakeReader
            self._shake = ShakeReader(read)
        if self._shake.poll(wanted, now):
            self._last_activity = now
            if self.dimmed:
                self.dimmed = False
                self.apply_brightness()
            else:
                self._handle(actions.SHAKE)

    def tick(self, now):
        if self.stack:
            top = self.stack[-1]
            # A game whose view Settings or Rules took (leave_pause) waits for it: for one frame it is on top without
            # it, before they open (later). (The view first: reading a method makes a bound method, garbage
            # every frame.)
            if getattr(top, "view", None) is not None or getattr(top, "make_view", None) is None:
                top.tick(now)
        if self._jingles is not None:
            self._jingles.tick(now)
            if self._jingles.notes is None:
                self._jingles = None  # played: the player and its module's code leave RAM until the next jingle
        off_at = self._pixels_off_at
        if off_at is not None and actions.ticks_diff(now, off_at) >= 0:
            self._pixels_off_at = None
            self.platform.pixels.fill(0)
            self.platform.pixels.show()
        dim_ms = self.settings.dim_ms()
        if not self.dimmed and dim_ms and actions.ticks_diff(now, self._last_activity) >= dim_ms:
            self.dimmed = True
            self.apply_brightness()
            self.keep_round()  # the badge put down: it may be switched off next

    def step(self, now):
        """One frame: read buttons, run the top scene, refresh the display once."""
        if self._keep_due:
            self.keep_round()
        if self._queue:
            self._run_queued()
        reader = self.reader
        # Presses after the one that asks for the next screen (the menu, a game, its tip) are that screen's.
        while not self._queue:
            action = reader.next(now)
            if action == actions.NONE:
                break
            self._last_activity = now
            if self.dimmed:
                # The first press after auto-dim only wakes the screen.
                self.dimmed = False
                self.apply_brightness()
                continue
            self._handle(action)
        self._feed_shake(now)
        self.tick(now)
        chosen = self._chosen_seed
        if chosen is not None and chosen[1]:
            self.choose_seed(None)  # the code's round has been dealt; later rounds get fresh seeds
        if self._release_store is not None:
            self._release_store()
            reason = self.store.unprotected
            if reason > 1 and reason != self._saves_told:
                self._saves_told = reason  # told once a session; Settings keeps saying it
                self.later(self.tell_saves, reason)
        if self._queue and not self._redraw:
            self._show_busy()
        display = self.display
        if self._redraw:
            # A new screen is drawn as one full-screen area: displayio would otherwise render and send each
            # changed layer's rectangle on its own, overlaps several times over (setting the root group anew
            # makes the firmware refresh the whole screen once).
            self._redraw = False
            display.root_group = None
            display.root_group = self.root
            # A layer hidden during a whole-screen refresh still records its rectangle as drawn there, and the
            # next refresh sends that rectangle again (TileGrid.c, finish_refresh): out of the screen, it is none.
            _shift_hidden(self.root, _OFF_SCREEN)
            display.refresh()
            _shift_hidden(self.root, -_OFF_SCREEN)
        else:
            display.refresh()
        self.platform.update(now)

    def run(self):
        ticks_ms = self.platform.ticks_ms
        frame_at = ticks_ms()
        while self.running:
            self.step(ticks_ms())
            frame_at = actions.ticks_add(frame_at, FRAME_MS)
            wait = actions.ticks_diff(frame_at, ticks_ms())
            if wait > 0:
                time.sleep(wait / 1000)
            elif wait < -FRAME_MS:
                frame_at = ticks_ms()  # running late: do not try to catch up with a burst of frames


def _shift_hidden(group, dx):
    """Move every hidden layer under `group` dx pixels to the right (allocating nothing)."""
    for index in range(len(group)):
        layer = group[index]
        if layer.hidden:
            layer.x += dx
        elif isinstance(layer, displayio.Group):
            _shift_hidden(layer, dx)


def run(platform, game_key=None):
    """The badge's entry (code.py): the title menu (or a game), then frames forever."""
    app = App(platform)
    app.start(game_key)
    app.run()
