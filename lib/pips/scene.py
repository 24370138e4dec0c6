"""Scene base class — and the contract every game scene codes against.

THE CONTRACT (game helpers: read this)
--------------------------------------
Where a game lives
    lib/pips/<game>/ is the game's own package (e.g. lib/pips/wuerfelglanz/scene.py). It subclasses
    pips.scene.Scene. It registers itself with ONE line in lib/pips/catalog.py:
        ("wuerfelglanz", "Wuerfelglanz", "pips.wuerfelglanz.scene", "WuerfelglanzScene"),
    i.e. (key, menu title, module path, factory name). The menu imports the module only when the game is chosen
    (RAM on the badge) and calls factory(app) -> Scene. The key is what `python -m sim --game KEY` takes.

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
    app.platform        the platform (pips.platform docstring); app.platform.ticks_ms() etc.
    app.store           the save store (load(kind) -> bytes or None, save(kind, payload)); may be None.
    app.settings        pips.settings.Settings: .sound (bool), .brightness, .dim (indices; see that module).
    app.push(scene) / app.pop() / app.replace(scene) / app.to_menu()
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
                        the simulator's S key stands for a shake). The app reads the accelerometer only while
                        such a scene is on top.

Pause-menu hooks (class attributes / methods on the game scene; leave None to hide the item)
    new_round()         "New round" (asked to confirm first); start a fresh round.
    new_match()         "New match" (asked to confirm first), for games whose rounds add up to a match: a fresh
                        match (then "New round" keeps the match score).
    save_game()         "Save & quit": write the saved game to app.store, then the app returns to the menu.
                        Without it the item reads "Quit" (asked to confirm).
    rules_title, rules_text   "Rules": shown with app.show_help (rules_text: a string or a pips.text.File).
                        Or override rules() -> (title, text) to build the text lazily.
    settings_rows()     extra rows for the Settings screen while this game is paused: a list of
                        pips.scenes.settings.Choice(label, options, index, on_change).
"""
import displayio

from pips import actions


class Scene:
    # Opaque scenes hide every scene below them; overlays (opaque = False) are drawn over the scene below.
    opaque = True
    takes_shake = False  # True: on_action gets actions.SHAKE (see the module docstring)
    # Pause hooks: None hides the pause-menu item (see the module docstring).
    new_round = None
    new_match = None
    save_game = None
    rules_title = None
    rules_text = None
    settings_rows = None

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

    def rules(self):
        """(title, text) for the pause menu's Rules item, or None."""
        if self.rules_text is None:
            return None
        return (self.rules_title or "Rules", self.rules_text)
