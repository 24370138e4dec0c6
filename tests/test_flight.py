"""Dymino's merges fly together (pips.ui.flight): the merging dice leave their cells (one tile write each) and glide
as sprites to the merge cell within FLY_MS, no tile written while they fly; then the merged die shows. Any button
ends it at once, the grid then the engine's."""
from engine import dymino as dy
from pips import actions
from pips.app import FRAME_MS
from pips.dymino.scene import MODE_ANIM
from pips.dymino.view import CELL, GRID_X, GRID_Y
from pips.ui.flight import FLY_MS
from tests.portable.dymino_util import cells
from tests.simkit import DictStore, make_sim


def merge_placed(tmp_path):
    """A 1 laid below two 1s (the anchor (2, 2), the placed die): the two above fly down to it."""
    sim = make_sim(tmp_path, store=DictStore(), seed=11)
    sim.app.start("dymino")
    scene = sim.app.top()
    game = dy.Dymino(1)
    game.set_position(cells("..1..", "..1..", ".....", ".....", "....."), 1, 5)
    scene.new_round(game)
    scene.cursor.place_at(2, 2)
    scene.cursor.rotation = 1
    writes = scene.view.cells.tile_writes
    sim.app.dispatch(actions.A)
    sim.frame()  # the key press's frame (dispatch was its first half)
    assert scene.mode == MODE_ANIM and scene._flight is None
    sim.frame()  # the round's first merge loads the flight's code in the frame after the key press's
    assert scene.mode == MODE_ANIM and scene._flight is not None
    return sim, scene, scene.view.cells.tile_writes - writes


def test_merging_dice_glide_to_the_merge_cell_writing_no_tiles_on_the_way(tmp_path):
    assert FLY_MS < 500
    sim, scene, _ = merge_placed(tmp_path)
    flight = scene._flight
    assert flight.count == 2 and scene.view.shown[2] == 0 and scene.view.shown[7] == 0  # they took off
    anchor_x = GRID_X + 2 * CELL
    anchor_y = GRID_Y + 2 * CELL
    sprites = flight.sprites[:2]
    assert [sprite.y for sprite in sprites] == [GRID_Y, GRID_Y + CELL] and all(s[0] == 1 for s in sprites)
    distance = [anchor_y - sprite.y for sprite in sprites]
    frames = 0
    moved = 0
    while distance != [0, 0]:
        writes = scene.view.cells.tile_writes
        sim.frame()
        frames += 1
        assert scene.view.cells.tile_writes == writes  # only positions change while they fly
        now = [anchor_y - sprite.y for sprite in sprites]
        assert all(0 <= a <= b for a, b in zip(now, distance)) and all(s.x == anchor_x for s in sprites)
        moved += now != distance
        distance = now
        assert frames * FRAME_MS <= FLY_MS + 2 * FRAME_MS
    assert moved >= 3 and all(not sprite.hidden for sprite in sprites)  # on the anchor until the merge shows
    for _ in range(40):
        sim.frame()
    assert scene.mode != MODE_ANIM and all(sprite.hidden for sprite in flight.sprites)
    assert list(scene.view.shown) == list(scene.game.grid) and scene.game.grid[12] == 2


def test_any_button_ends_the_flight_and_shows_the_merge(tmp_path):
    sim, scene, take_off = merge_placed(tmp_path)
    assert take_off == 4  # the two placed dice, then the two that take off
    sim.frame()
    sim.app.dispatch(actions.RIGHT)
    assert scene.mode != MODE_ANIM and all(sprite.hidden for sprite in scene._flight.sprites)
    assert list(scene.view.shown) == list(scene.game.grid)
