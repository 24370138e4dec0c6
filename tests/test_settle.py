"""Placed dice settle into place (pips.ui.settle): Würfelglanz's piece and Dymino's dice show lit for two or three
frames, then plain, writing only their own tiles (one write each when they land, one when they settle, none in
between); any button ends it at once and still does its job; a move with merges or pops shows those instead."""
from engine import dymino as dy
from pips import actions
from pips.app import FRAME_MS
from pips.ui.settle import SETTLE_MS
from tests.portable.dymino_util import cells
from tests.simkit import DictStore, make_sim, start_dominoes


def start(tmp_path, key):
    sim = make_sim(tmp_path, store=DictStore(), seed=5)
    sim.app.start(key)
    return sim, sim.app.top()


def settle_frames(sim, scene, board, lit):
    """Run frames while the settle lasts; returns the grid writes of each frame. Checks the placed dice show lit
    at first and the engine's board at the end."""
    view = scene.view
    assert view.settle.count >= 1
    for k in range(view.settle.count):
        cell = view.settle.placed[k]
        assert view.shown[cell] == board[cell] + lit
    writes = []
    frames = 0
    while view.settle.count:
        before = view.cells.tile_writes
        sim.frame()
        frames += 1
        writes.append(view.cells.tile_writes - before)
        assert frames * FRAME_MS <= SETTLE_MS + 2 * FRAME_MS
    assert list(view.shown) == list(board)
    return writes


def test_a_wuerfelglanz_piece_lights_up_for_a_moment_and_only_its_tiles_are_written(tmp_path):
    from pips.wuerfelglanz.view import LIT
    assert SETTLE_MS < 500
    sim, scene = start(tmp_path, "wuerfelglanz")
    pair = scene.game.piece_len
    sim.app.dispatch(actions.A)
    assert scene.game.moves == 1 and scene.view.settle.count == pair
    writes = settle_frames(sim, scene, scene.game.board, LIT)
    assert len(writes) >= 2 and sum(writes) == pair and max(writes) <= 2  # the unlit dice, in one frame


def test_a_dymino_pair_lights_up_and_a_merge_shows_instead(tmp_path):
    from pips.dymino.view import LIT
    sim, scene = start(tmp_path, "dymino")
    game = dy.Dymino(1)
    game.set_position(cells(".....", ".....", ".....", ".....", "....."), 2, 5)
    scene.new_round(game)
    scene.cursor.place_at(1, 1)
    sim.app.dispatch(actions.A)
    assert scene.view.settle.count == 2
    writes = settle_frames(sim, scene, game.grid, LIT)
    assert len(writes) >= 2 and sum(writes) == 2 and max(writes) <= 2
    game = dy.Dymino(1)
    game.set_position(cells("..1..", "..1..", ".....", ".....", "....."), 1, 5)
    scene.new_round(game)
    scene.cursor.place_at(2, 2)
    scene.cursor.rotation = 1
    sim.app.dispatch(actions.A)  # a 1 below the two 1s: the merge plays, no settle
    assert scene.view.settle.count == 0 and scene.steps


def test_any_button_ends_the_settle_and_still_does_its_job(tmp_path):
    sim, scene = start(tmp_path, "wuerfelglanz")
    sim.app.dispatch(actions.A)
    sim.frame()
    assert scene.view.settle.count
    x = scene.cursor.x
    sim.app.dispatch(actions.RIGHT if x < 4 else actions.LEFT)
    assert scene.view.settle.count == 0 and list(scene.view.shown) == list(scene.game.board)
    assert scene.cursor.x != x


def lay_a_domino(tmp_path):
    """A Dominoes match (seed 11) where the person lays a tile with the buttons."""
    from engine.dominoes_cpu import DominoesCpu
    from engine.dominoes import NORMAL
    from pips.dominoes.scene import MODE_PERSON
    from tests.test_dominoes_scene import steer, until_person
    sim = make_sim(tmp_path, store=DictStore(), seed=11)
    start_dominoes(sim.app)
    scene = sim.app.top()
    for _ in range(20):  # until the person has a tile to lay
        until_person(sim, scene)
        if scene.mode == MODE_PERSON and scene.game.legal_moves():
            break
        sim.app.dispatch(actions.A)  # draw or pass
    steer(sim, scene, DominoesCpu(NORMAL, 1).choose(scene.game))
    return sim, scene


def test_a_laid_domino_lights_up_for_a_moment_without_writing_table_tiles(tmp_path):
    from pips.dominoes.scene import MODE_PERSON
    from pips.dominoes.scene import LAND_MS
    sim, scene = lay_a_domino(tmp_path)
    tv = scene.view.table
    table = scene.game.table
    last = table.count - 1
    assert scene.landing is not None
    for ghost, cell in zip(tv.ghosts, (table.cell1[last], table.cell2[last])):
        assert not ghost.hidden and (ghost.x, ghost.y) == (table.cell_x(cell) * 12, table.cell_y(cell) * 12)
    shown = [tv.window[i] for i in range(tv.window.width * tv.window.height)]  # the window's tile indices
    frames = 0
    while scene.landing is not None:
        sim.frame()
        frames += 1
        assert frames * FRAME_MS <= LAND_MS + 2 * FRAME_MS
    assert frames >= 2 and [tv.window[i] for i in range(len(shown))] == shown  # the laid tile's halves were
    # written once, when laid
    assert scene.mode == MODE_PERSON or all(ghost.hidden for ghost in tv.ghosts)


def test_any_button_ends_a_dominoes_landing_and_still_does_its_job(tmp_path):
    sim, scene = lay_a_domino(tmp_path)
    assert scene.landing is not None
    sim.app.dispatch(actions.SELECT)  # the overview still opens
    assert scene.landing is None and scene.overview
