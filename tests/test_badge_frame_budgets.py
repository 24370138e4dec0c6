"""Every key-press frame and every idle frame within its badge budget, counted on the firmware's own display stack:
the session of bench/bench_badge_screens.py (title menu, Records, Play a code, each game with its pause menu,
Settings, Rules, a tip, Dice Duel's setup, chip choice and odds, Dominoes' whole table) runs under callgrind, each
frame's badge time = step + refresh (instructions / 1.11e8) + SPI (bytes at 24 MHz). Instruction and byte counts
do not move with the machine's load, so the budgets hold on them and not on wall time."""
import pytest

from bench import bench_badge_screens as screens
from tools import callgrind_cost

REASON = callgrind_cost.missing() or callgrind_cost.stand_ins_missing()
pytestmark = pytest.mark.skipif(REASON is not None, reason=str(REASON))

PRESSES = 30  # random presses a game, as the bench's
ENOUGH = 20   # a p95 is read from at least this many frames of a screen (fewer: its worst holds)


@pytest.fixture(scope="module")
def frames(tmp_path_factory):
    saved = screens.PRESSES
    screens.PRESSES = PRESSES
    try:
        return screens.run(screens.build(str(tmp_path_factory.mktemp("screens"))))
    finally:
        screens.PRESSES = saved


def _keyed(frames):
    in_change = set()
    for _, _, run in screens.changes(frames):
        in_change.update(id(f) for f in run)
    by_screen = {}
    for f in frames:
        if f[1] == f[2] != "DominoesGlide" and id(f) not in in_change and (f[0] == "K" or f[5]):
            by_screen.setdefault(f[1], []).append(screens.frame_ms(f))
    return by_screen


def test_the_session_reaches_every_screen(frames):
    seen = set(f[1] for f in frames)
    assert {"MenuScene", "RecordsScene", "PlayCodeScene", "WuerfelglanzScene", "DiceDuelSetup", "DiceDuelScene",
            "DiceDuelChoose", "OddsScene", "DyminoScene", "DominoesSetup", "DominoesScene", "DominoesOverview",
            "PauseScene", "SettingsScene", "HelpScene", "TipScene", "ResultsScene"} <= seen, seen


def test_key_press_frames_keep_the_frame_budget(frames):
    over = []
    for screen, ms in sorted(_keyed(frames).items()):
        worst = max(ms)
        p95 = screens.p95(ms)
        if worst > screens.KEY_WORST_MS or (len(ms) >= ENOUGH and p95 > screens.KEY_MS):
            over.append("%s: p95 %.1f, worst %.1f ms (%d frames)" % (screen, p95, worst, len(ms)))
    assert not over, over


def test_the_camera_glides_within_its_budget(frames):
    # Dominoes' camera sent across the table: every frame of a glide <= 50 ms, a whole glide <= 400
    runs = screens.glides(frames)
    assert sum(len(run) for run in runs) >= 20
    over = [round(screens.frame_ms(f), 1) for run in runs for f in run if screens.frame_ms(f) > screens.GLIDE_FRAME_MS]
    slow = [round(sum(screens.frame_ms(f) for f in run)) for run in runs
            if sum(screens.frame_ms(f) for f in run) > screens.GLIDE_MS]
    assert not over and not slow, (over, slow)


def test_idle_frames_cost_little_and_send_nothing(frames):
    # A frame with nothing pressed where nothing moves: no byte sent, and little work (CPU players think in theirs)
    in_change = set()
    for _, _, run in screens.changes(frames):
        in_change.update(id(f) for f in run)
    idle = [f for f in frames if f[0] == "I" and f[1] == f[2] and id(f) not in in_change]
    quiet = [f for f in idle if not f[5]]
    assert len(quiet) > 500
    slow = [(f[1], round(screens.frame_ms(f), 1)) for f in quiet
            if f[1] not in screens.BUSY_SCREENS and screens.frame_ms(f) > screens.IDLE_MS]
    assert not slow, slow


def test_scene_changes_draw_once_and_in_time(frames):
    # The first frame within 150 ms of the press, the whole change within 600, no other frame but the build over
    # 100, at most 45 KB sent (the new screen drawn once)
    over = []
    for before, after, run in screens.changes(frames):
        first, whole, worst, sent, within = screens.change_figures(run)
        if not within:
            over.append("%s -> %s: first %.0f, whole %.0f, worst other %.0f ms, %.1f KB" % (
                before, after, first, whole, worst, sent / 1024.0))
    assert len(screens.changes(frames)) > 50
    assert not over, over


def test_no_frame_sends_bytes_that_change_nothing(frames):
    # The firmware redraws a TileGrid whose tile or `hidden` is set to the value it had (TileGrid.c): the views write
    # only changes (pips.ui.show). A layer hidden during a whole-screen draw would send its rectangle again in the
    # next frame (finish_refresh; pips.app moves hidden layers off the screen for that draw). Only the camera
    # gliding over bare felt sends pixels equal to those it replaces.
    wasted = [(f[1], f[7], f[5]) for f in frames if f[5] and not f[6] and "DominoesGlide" not in (f[1], f[2])]
    assert not wasted, wasted
