"""Dominoes CPU strength in `make test` (fewer rounds than the bench, lower thresholds that can still fail)."""
from engine.dominoes_cpu import EASY, HARD, NORMAL, DominoesCpu, heaviest_move, play_rounds


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
    # On the 40 x 28 table Hard and Normal are level (make bench: Hard vs Normal); against Easy Hard must win.
    # A smaller budget than the default keeps the test short; same algorithm.
    result = play_rounds(DominoesCpu(HARD, 1, samples=4, depth=12).choose, DominoesCpu(EASY, 2).choose, 200, 9000)
    assert _share(result) > 0.55, result
    assert result[2] > result[3]
