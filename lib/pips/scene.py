"""Scene base class — and the contract every game scene codes against.

THE CONTRACT (game helpers: read this)
--------------------------------------
Where a game lives
    lib/pips/<game>/ is the game's own package (e.g. lib/pips/wuerfelglanz/scene.py). It subclasses
    pips.scene.Scene. It registers itself with ONE line in lib/pips/catalog.py:
        ("wuerfelglanz", "Wuerfelglanz", "pips.wuerfelglanz.scene", "WuerfelglanzScene"),
    i.e. (key, menu title, module path, factory name). The menu imports the module only when the game is chosen
    (RAM on the badge) and calls factory(app) -> Scene. The key is what `python -m sim --game KEY` takes.
    A game that asks for choices first registers its setup screen there instead (pips.scenes.setup: Dice Duel's,
    Dominoes'); the setup opens the game scene in its place with open_game (below), its own code gone first.

Life cycle (the app calls these; all optional to override)
    __init__(app)       build the displayio Group ONCE: Bitmap sheets, TileGrids, labels -> add to self.group.
    enter()             the scene became active (pushed, or replaced in). Start/resume the round here.
    on_action(action)   one button action (pips.actions: UP DOWN LEFT RIGHT A B START SELECT, small ints).
                        D-pad repeats are delivered as more actions (hold 300 ms, then every 80 ms).
    tick(now_ms)        once a frame (~30 fps, pips.app.FRAME_MS) while this scene is on TOP of the stack.
                        Animations/CPU turns run here. Use pips.actions.ticks_diff(now, then) for time gaps.
    resume()            an overlay above this scene (pause, help, confirm, results...) was closed.
    exit()              the scene leaves the stack (popped, replaced, or the app went to the menu).
    In frames write tile indices only (tilegrid[x, y] = i); set label.text only when the value changed.
    The app refreshes the display once a frame; never call display.refresh() yourself.

The app object (self.app)
    app.platform        the platform (pips.platform.Platform); app.platform.ticks_ms() etc.
    app.store           the save store (load(kind) -> bytes or None, save(kind, payload)); may be None.
    app.settings        pips.settings.Settings: .sound (bool), .brightness, .dim (indices; see that module).
    app.push(scene) / app.pop() / app.replace(scene) / app.to_menu()
    app.later(function, *args)  function(*args) at the start of the next frame, the press's frame keeping its
                        screen with a busy mark: a screen too slow for the press's frame (several: one a frame).
    app.play_jingle(notes)  a pips.jingles note sequence from the next frames (only if sound is on).
    app.tone(hz, ms)    plays only if sound is on.     app.flash_pixels(0xRRGGBB, ms)  NeoPixel flash.
    app.show_help(title, text)                         scrolling text viewer (wraps text to the screen); text: a
                                                       string or a text file, pips.text.File (read when shown).
    app.show_results(title, rows, new_record=False, on_done=None, again=False)   rows: [(label, value), ...];
                        A continues; with again (a game's last results screen) it offers Again / Menu;
                        on_done() is called after the results close (default: just close).
    app.confirm(question, on_yes, on_no=None)          yes/no dialog.
    app.show_tip(name)  a first-game tip (pips.tips), once ever; name: a catalog key or a name in pips.tips.BY_NAME.
    app.pause(self)     the pause menu over this scene; START in a game does it by default (see on_start).
    app.next_seed()     a seed for a new round (deterministic under `python -m sim --seed N`).
    app.held(action)    True while that button is held down.
    app.wake()          restart the auto-dim timer (the screen dims after the set idle time without presses;
                        call this while something worth watching happens, e.g. CPU turns).

Shake to roll
    takes_shake = True  the scene gets actions.SHAKE when the badge is shaken (where it has an accelerometer;
                        the simulator's K key stands for a shake). The app reads the accelerometer only while
                        such a scene is on top.

Pause-menu hooks (class attributes / methods on the game scene; leave None to hide the item)
    new_round()         "New round" (asked to confirm first); start a fresh round.
    new_round_question  the question asked first (None: "Start a new round?"), e.g. one that says what it costs.
    new_match()         "New match" (asked to confirm first), for games whose rounds add up to a match: a fresh
                        match (then "New round" keeps the match score).
    save_game()         "Save & quit": write the saved game to app.store, then the app returns to the menu. A game
                        with make_view drops its view first (drop_view): the save's code then loads beside the game
                        but not its screen (the pause menu shows over an empty screen until the menu comes).
                        Without it the item reads "Quit" (asked to confirm).
    keep_round()        write the round in progress as save_game does, the game staying on screen; True if it
                        wrote (False: the round is over). The app calls it against a power cut (App.keep_round);
                        the game calls app.moved() after each move and app.round_ended() when the round is over.
    rules_title, rules_text   "Rules": shown with app.show_help (rules_text: a string or a pips.text.File).
                        Or override rules() -> (title, text) to build the text lazily.
    settings_rows()     extra rows for the Settings screen while this game is paused: a list of
                        pips.scenes.settings.Choice(label, options, index, on_change).

The view leaves while Settings or Rules cover the game (RAM: the two do not fit beside a game's view on the badge)
    A game whose screen is one view object (self.view, its .group inside self.group) that can be drawn again from
    the game's state offers make_view(): Settings and Rules, chosen in the pause menu, then take the place of the
    pause menu AND of the view. The app calls drop_view() before they are built and restore_view() when they close
    (before the pause menu comes back), both once. The base class does the dropping and the building; the game
    provides:
    make_view(sheets)   a new view object, as __init__ builds it (no state drawn yet). `sheets` is the last view's
                        `sheets` attribute when it has one (its drawn bitmaps, kept through the drop: drawing them
                        pixel by pixel is most of a view's build time), else None.
    leave_view()        just before the view goes: finish or skip what it animates (as a button press would), and
                        keep what only the view knows (e.g. a camera's position) in the scene.
    draw_view()         draw the whole state into the new view: after it the screen must be exactly what it was
                        when the view left (cursor, ghost, messages, a CPU's think in progress...). Caches of what
                        is shown that live in the scene must be reset first.
    While the view is away (self.view is None) the game gets no frames and no actions, but its settings rows'
    on_change callbacks run: they must not touch the view (note what changed; draw_view shows it).

The view leaves under the game's results too (RAM: on the badge a game's end is its peak, view and results together)
    A game with make_view whose results screens (full screen, opaque) end the game drops its view before it shows
    them (self.drop_view()) and passes self.new_round_with_view as their on_done: "Again" builds the view again
    (restore_view, once the results have closed and gone), then starts the new round; "Menu" never builds it.
"""
import gc

import displayio

from pips import actions, modules


class Scene:
    # Opaque scenes hide every scene below them; overlays (opaque = False) are drawn over the scene below.
    opaque = True
    takes_shake = False  # True: on_action gets actions.SHAKE (see the module docstring)
    # Pause hooks: None hides the pause-menu item (see the module docstring).
    new_round = None
    new_round_question = None
    new_match = None
    save_game = None
    keep_round = None
    rules_title = None
    rules_text = None
    settings_rows = None
    # The view that leaves under Settings and Rules (see the module docstring): None keeps it.
    make_view = None
    view = None
    _sheets = None

    def __init__(self, app):
        self.app = app
        self.group = displayio.Group()

    def enter(self):
        pass

    def resume(self):
        pass

    def exit(self):
        pass

    def tick(self, now_ms):
        pass

    def on_action(self, action):
        if action == actions.START:
            self.on_start()

    def on_start(self):
        """START pressed and not handled by the scene: open the pause menu."""
        self.app.pause(self)

    def drop_view(self):
        """Settings or Rules take the pause menu's place over this scene: its view leaves RAM (make_view)."""
        if self.make_view is None or self.view is None:
            return
        self.leave_view()
        self._sheets = getattr(self.view, "sheets", None)
        self.group.remove(self.view.group)
        self.view = None

    def restore_view(self):
        """The view again, drawn from the game's state, after drop_view (else nothing)."""
        if self.make_view is None or self.view is not None:
            return
        self.view = self.make_view(self._sheets)
        self._sheets = None
        self.group.insert(0, self.view.group)  # under anything the scene put above it
        self.draw_view()

    def new_round_with_view(self):
        """"Again" on the results screen that covered this game without its view (drop_view): the view built again,
        then a new round (new_round)."""
        self.restore_view()
        self.new_round()

    def leave_view(self):
        pass

    def draw_view(self):
        pass

    def rules(self):
        """(title, text) for the pause menu's Rules item, or None."""
        if self.rules_text is None:
            return None
        return (self.rules_title or "Rules", self.rules_text)


def open_game(app, setup_modules, path, name, *args):
    """The game scene `name` of module `path`, made with (app, *args), in place of the game's setup on top
    (pips.scenes.setup): the setup and its code (`setup_modules`, the modules only it uses) go first, so the game is
    built in the room they leave (the badge's heap). Called once the setup's action has returned (app.later): until
    then the running method holds the setup and its module's globals. It lives here, not in a setup's module, and
    takes strings, so nothing of the setup stays alive beside the game."""
    app.pop()
    for module in setup_modules:
        modules.unload(module)
    gc.collect()
    scene_class = getattr(__import__(path, None, None, (name,)), name)
    app.push(scene_class(app, *args))
