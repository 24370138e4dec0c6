"""Dominoes CPU strength in `make test` (fewer rounds than the bench, lower thresholds that can still fail)."""
from engine.dominoes import OK, PLAYING, DominoesGame
from tests.portable.dominoes_util import CPU
from engine.dominoes_cpu import DominoesCpu, heaviest_move, play_rounds, take_turn
from engine.dominoes import EASY, HARD, NORMAL, NO_MOVE
from engine.dominoes_table import TABLE_H, TABLE_W, Table
from pips import actions
from pips.dominoes import saved
from pips.app import FRAME_MS
from pips.dominoes.scene import MODE_CPU
from pips.dominoes.turns import CPU_DELAY_MS, THINK_MS, THINK_SLICES, THINK_UNITS
from pips.scenes.pause import PauseScene
from tests.simkit import DictStore, make_sim, start_dominoes
from tools import mpy_run


def _share(result):
    return result[0] / (result[0] + result[1])


def test_normal_beats_easy():
    result = play_rounds(DominoesCpu(NORMAL, 1).choose, DominoesCpu(EASY, 2).choose, 300, 7000)
    assert _share(result) > 0.55, result
    assert result[2] > result[3]


def test_normal_beats_the_heaviest_tile_baseline():
    result = play_rounds(DominoesCpu(NORMAL, 1).choose, heaviest_move, 300, 8000)
    assert _share(result) > 0.55, result


def test_hard_beats_easy():
    # On the 40 x 28 table Hard beats Normal by a few points (55-56 % of decided rounds, make bench: Hard's sample
    # budget vs Normal; too close for a test's few rounds); against Easy Hard, at its default budget, must win.
    result = play_rounds(DominoesCpu(HARD, 1).choose, DominoesCpu(EASY, 2).choose, 200, 9000)
    assert _share(result) > 0.55, result
    assert result[2] > result[3]


def _plain_run(table, c, d, cap):
    """The reference for Table._run: every cell checked with Table._free, all four neighbours."""
    n = 0
    while n < cap:
        c += table.step[d]
        if not table._free(c, 0):
            break
        n += 1
    return n


class PlainTable(Table):
    """A table that answers from the grid alone: the reference geometry (no cache kept across a placement)."""

    def _run(self, c, d, cap):
        return _plain_run(self, c, d, cap)


def test_the_kept_room_and_best_positions_are_what_a_fresh_look_gives():
    # The table keeps an end's room and best positions across a placement out of their reach, and runs its room
    # scan with three neighbours a cell: at every position of seeded rounds both ends' answers are those of a
    # table that looks afresh with the plain scan -- on the game's table and on a small one, where the line curls
    # back near its other end (there a reach one cell too short gives wrong answers).
    for width, height, rounds in ((TABLE_W, TABLE_H, 100), (16, 12, 300)):
        game = DominoesGame(1, width=width, height=height)
        fresh = PlainTable(width, height)
        players = (DominoesCpu(NORMAL, 1, width=width, height=height),
                   DominoesCpu(NORMAL, 2, width=width, height=height))
        checked = kept = 0
        for r in range(rounds):
            game.rng.seed(3000 + r)
            game.new_match()
            while game.phase == PLAYING:
                table = game.table
                if table.count:
                    kept += table._best[0] != 255 or table._best[2] != 255
                    fresh.copy_from(table)
                    fresh._forget()
                    for end in range(2):
                        assert table.end_room(end) == fresh.end_room(end)
                        for double in range(2):
                            assert table.best_option(double, end) == fresh.best_option(double, end)
                    checked += 1
                m = players[game.turn].choose(game)
                assert m == NO_MOVE or game.play_move(m) == OK
                if m == NO_MOVE:
                    game.no_move()
        assert checked > 10 * rounds and kept > checked // 10  # the kept answers were really used


def test_hard_chooses_the_same_moves_as_with_the_plain_geometry(monkeypatch):
    # The same Hard (2 samples, 2 more), seed for seed, against Normal: every move of 60 rounds is the one it chooses
    # the table forgets both ends at every placement and scans with the plain check (the geometry before the speed-up).
    def moves():
        game = DominoesGame(1)
        hard = DominoesCpu(HARD, 11, samples=2, more=2)
        normal = DominoesCpu(NORMAL, 22)
        laid = []
        for r in range(60):
            game.rng.seed(1000 + r // 2)
            game.new_match()
            while game.phase == PLAYING:
                m = hard.choose(game) if game.turn == r & 1 else normal.choose(game)
                laid.append(m)
                take_turn(game, m)
        return laid

    fast = moves()
    monkeypatch.setattr(Table, "near", lambda self, cell, c1, c2, reach: True)
    monkeypatch.setattr(Table, "_run", _plain_run)
    assert moves() == fast and len(fast) > 1000


def test_hard_goes_on_with_the_candidates_worth_most_after_its_first_samples():
    # After the first samples the two candidates worth most -- their playouts plus Normal's score, weighed per
    # sample -- go on, each with its own playouts and score; the others are dropped.
    cpu = DominoesCpu(HARD, 1)
    cpu.candidates[:] = bytes((10, 11, 12, 13))
    cpu.values[:] = [0, 500, 100, 450]
    cpu.cand_score[:] = [50, 0, 0, 10]
    cpu.count = 4
    cpu.sample = 4  # worth: 0 + 3 * 4 * 50 = 600, 500, 100, 450 + 3 * 4 * 10 = 570
    cpu._keep()
    assert cpu.count == 2
    assert list(cpu.candidates[:2]) == [10, 13] and cpu.values[:2] == [0, 450] and cpu.cand_score[:2] == [50, 10]
    cpu.values[1] += 2000  # later samples favour the other (450 + 2000 + 3 * 16 * 10 > 3 * 16 * 50): chosen
    cpu.sample = 16
    cpu._pick()
    assert cpu.move() == 13


def test_hard_settles_a_clear_call_on_its_first_samples_and_a_close_one_on_more():
    # Past the first samples, Hard stops when the best leads the second by more than _HARD_CLEAR a sample, or
    # once the decision has spent _HARD_UNITS; otherwise it plays the best two out on _HARD_MORE samples more.
    from engine.dominoes_cpu import _HARD_CLEAR, _HARD_MORE, _HARD_UNITS, HARD_SAMPLES

    class Watched(DominoesCpu):
        def _keep(self):
            DominoesCpu._keep(self)
            self.lead = (self._worth(0) - self._worth(1)) / self.sample

        def _pick(self):
            if self.level == HARD and self.lead is not None:
                calls.append((self.lead, self.sample, self.spent))
            self.lead = None
            DominoesCpu._pick(self)

    calls = []
    hard = Watched(HARD, 5)
    hard.lead = None
    play_rounds(hard.choose, DominoesCpu(NORMAL, 6).choose, 12, 4000)
    kinds = set()
    for lead, samples, spent in calls:
        if samples == HARD_SAMPLES + _HARD_MORE:
            assert lead <= _HARD_CLEAR
            kinds.add("all")
        elif lead > _HARD_CLEAR:
            assert samples == HARD_SAMPLES
            kinds.add("clear")
        else:
            assert HARD_SAMPLES <= samples < HARD_SAMPLES + _HARD_MORE and spent > _HARD_UNITS
            kinds.add("spent")
    assert kinds == {"all", "clear", "spent"}  # every kind of stop was met



def _cpu_to_move(seed):
    """A seeded game played by Normal until the CPU's seat is to move with several moves to weigh."""
    game = DominoesGame(seed)
    players = (DominoesCpu(NORMAL, 1), DominoesCpu(NORMAL, 2))
    while game.phase == PLAYING:
        if game.turn == CPU and game.table.count >= 2 and game.preferred_moves() >= 3:
            return game
        m = players[game.turn].choose(game)
        take_turn(game, m)
    raise AssertionError("no such position in seed %d" % seed)


def test_the_scene_thinks_across_frames_shows_it_and_pauses(tmp_path):
    # Hard's search runs a slice a frame: the thinking dots show while it runs; Start pauses it and the CPU leaves
    # RAM, its code with it, under the pause menu; after the pause the CPU is made again and lays the move it would
    # have chosen at once (its decision starts afresh from the random numbers it began with).
    import sys
    sim = make_sim(tmp_path, store=DictStore(), seed=11)
    start_dominoes(sim.app)
    scene = sim.app.top()
    game = _cpu_to_move(7)
    scene._begin_match(game, HARD)
    expected = DominoesCpu(HARD, 1)
    expected.rng.load_from(scene.cpu_player.rng, 0)  # the CPU is made at its turn with these numbers
    want = expected.choose(game)
    assert scene.mode == MODE_CPU
    laid = game.table.count
    sim.frame()  # the turn is the CPU's: its code loads in the next frame
    assert scene.cpu_player.cpu is None
    sim.frame()  # the search starts
    sim.frame()
    assert not scene.cpu_player.cpu.done
    assert any(not dot.hidden for dot in scene.view.thinking)
    sim.app.dispatch(actions.START)
    assert isinstance(sim.app.top(), PauseScene)
    assert scene.cpu_player.cpu is None and "engine.dominoes_cpu" not in sys.modules
    for _ in range(100):
        sim.frame()
    assert scene.cpu_player.cpu is None and game.table.count == laid
    sim.app.top().choose("Resume")
    frames = 0
    while game.table.count == laid:
        sim.frame()
        frames += 1
        assert frames < 2000
    assert frames * FRAME_MS >= CPU_DELAY_MS // 2  # paced, not laid at once
    assert game.table.moves[laid] == want
    assert all(dot.hidden for dot in scene.view.thinking)


def test_a_frame_thinks_as_many_slices_as_fit_its_time(tmp_path, monkeypatch):
    # A frame takes slices of the search while the time since its start plus the last slice's stays under
    # THINK_MS; a clock that stands still within a frame (the tests') gives THINK_SLICES slices.
    sim = make_sim(tmp_path, store=DictStore(), seed=11)
    start_dominoes(sim.app)
    scene = sim.app.top()
    scene._begin_match(_cpu_to_move(7), HARD)
    sim.frame()  # the turn is the CPU's
    sim.frame()  # the search starts
    cpu = scene.cpu_player.cpu
    steps = []
    step = cpu.step
    monkeypatch.setattr(cpu, "step", lambda units: steps.append(units) or step(units))
    sim.frame()
    assert steps == [THINK_UNITS] * THINK_SLICES and not cpu.done
    slice_ms = 5  # each slice takes 5 ms by the clock
    monkeypatch.setattr(sim.app.platform, "ticks_ms", lambda: sim.clock.now + slice_ms * len(steps))
    steps.clear()
    sim.frame()
    # after k slices the frame is k * 5 ms old and the last slice took 5: it stops at the first k with 5k + 5 >= 22
    fit = next(k for k in range(1, 99) if slice_ms * k + slice_ms >= THINK_MS)
    assert len(steps) == fit < THINK_SLICES and not cpu.done


def test_the_cpu_made_again_after_a_pause_plays_on_as_one_kept_all_along(tmp_path):
    # Two matches from one seed, one paused (the CPU dropped and made again) between its turns: the same moves.
    def play(pause):
        sim = make_sim(tmp_path, store=DictStore(), seed=5)
        start_dominoes(sim.app)
        scene = sim.app.top()
        scene._begin_match(_cpu_to_move(7), EASY)  # Easy draws on its random numbers every move
        game = scene.game
        for turn in range(12):
            while scene.mode == MODE_CPU:
                sim.frame()
            if game.phase != PLAYING:
                break
            if pause and turn % 2:
                sim.app.dispatch(actions.START)
                sim.app.top().choose("Resume")
            if game.legal_moves():
                game.play_move(game.moves[0])
            else:
                game.no_move()
            scene.settle()
        return game.save()
    assert play(True) == play(False)


SLICED_THINK = """
import micropython
from engine.dominoes import DominoesGame, PLAYING
from engine.dominoes_cpu import DominoesCpu, take_turn
from engine.dominoes import HARD, NORMAL

def play(game, hard, other, budget):
    slices = 0
    while game.phase == PLAYING:
        if game.turn == 1:
            hard.start(game)
            while not hard.step(budget):
                slices += 1
            m = hard.move()
        else:
            m = other.choose(game)
        take_turn(game, m)
    return slices

game = DominoesGame(13)
hard = DominoesCpu(HARD, 3, samples=2)
other = DominoesCpu(NORMAL, 4)
warm = DominoesGame(7)
while warm.phase == PLAYING and hard.base is None:  # Hard makes its scratch games on its first move
    take_turn(warm, hard.choose(warm))
slices = 0
budget = 0  # every global the locked lines set exists first (a new one could grow the module's dict)
micropython.heap_lock()
for budget in (1, 7):
    slices += play(game, hard, other, budget)
    game.next_round()
micropython.heap_unlock()
print('slices', slices)
"""


def test_hard_thinking_in_slices_allocates_nothing_under_micropython():
    out = mpy_run.check(SLICED_THINK)
    assert int(out.split()[-1]) > 50  # many slices really ran with the heap locked


def test_save_and_quit_while_hard_thinks_loses_nothing(tmp_path):
    # Save & quit in the middle of Hard's search: the saved match is the position the CPU was weighing (its
    # search never touched the game), and the reopened match has the CPU think afresh and lay a legal move.
    sim = make_sim(tmp_path, store=DictStore(), seed=11)
    start_dominoes(sim.app)
    scene = sim.app.top()
    game = _cpu_to_move(9)
    scene._begin_match(game, HARD)
    before = game.save()
    for _ in range(3):
        sim.frame()
    assert not scene.cpu_player.cpu.done
    sim.app.dispatch(actions.START)
    sim.app.top().choose("Save & quit")
    sim.frame()  # at the start of the next frame (App.later)
    assert saved.load_game(sim.app.store)[0].save() == before
    start_dominoes(sim.app)
    again = sim.app.top()
    assert again is not scene and again.game.save() == before and again.mode == MODE_CPU
    laid = again.game.table.count
    legal = again.game.legal_moves()
    moves = bytes(again.game.moves[:legal])
    for _ in range(300):
        sim.frame()
        if again.game.table.count > laid:
            break
    assert again.game.table.moves[laid] in moves


def test_easy_and_normal_decide_on_the_game_itself_only_hard_holds_games_of_its_own():
    game = _cpu_to_move(9)
    before = game.save()
    for level in (EASY, NORMAL):
        cpu = DominoesCpu(level, 1)
        assert cpu.choose(game) != NO_MOVE
        assert game.save() == before
        assert cpu.think is None and cpu.base is None and cpu.work is None
    hard = DominoesCpu(HARD, 1, samples=2, more=0)
    hard.choose(game)
    assert game.save() == before
    assert hard.think is not None and hard.base is not None and hard.work is not None


def test_a_kept_match_leaves_a_normal_cpu_in_ram_and_sends_a_hard_one_away(tmp_path):
    # Normal's CPU is small (its code and 0.4 KB): made again after each keep, its code would load into a cut-up
    # heap; Hard's games (8.4 KB) leave for the save's code
    for level, stays in ((NORMAL, True), (HARD, False)):
        sim = make_sim(tmp_path, store=DictStore(), seed=11)
        start_dominoes(sim.app)
        scene = sim.app.top()
        scene._begin_match(_cpu_to_move(9), level)
        sim.frame()
        sim.frame()
        cpu = scene.cpu_player.cpu
        assert cpu is not None
        assert scene.keep_round()
        assert saved.load_game(sim.app.store)[0].save() == scene.game.save()
        assert (scene.cpu_player.cpu is cpu) == stays
