"""The instruction-count tool (tools/callgrind_cost.py): its two ways of measuring agree, and a count follows the
work done. Skipped with the reason where valgrind or CircuitPython's unix port is missing."""
import pytest

from tools import callgrind_cost as cost

REASON = cost.missing()
pytestmark = pytest.mark.skipif(REASON is not None, reason=str(REASON))

LOOP = """
def spin(n):
    for _ in range(n):
        pass
spin(REPS)
for n in (0, 50, 100, 200):
    BEGIN()
    spin(n)
    END()
"""


def test_segments_and_repetitions_count_the_same_loop():
    per_iteration, _ = cost.per_unit(LOOP, 2000)
    units, _ = cost.segments(LOOP)
    assert len(units) == 4
    # each segment: a fixed call cost plus n iterations; the slope matches the N-vs-0 figure within an instruction
    slope = (units[3] - units[1]) / 150
    assert abs(slope - per_iteration) < 1, (slope, per_iteration)
    assert 2 * (units[2] - units[1]) == units[3] - units[2]  # 50 more iterations, then 100 more: exactly linear
    assert 100 < per_iteration < 1000  # an empty loop step of the interpreter, not startup or noise


def test_a_run_that_fails_says_why():
    with pytest.raises(RuntimeError, match="NameError"):
        cost.count("no_such_name\n")


def test_badge_estimate_uses_the_published_calibration():
    # 10^6 empty iterations at module level: 532 M instructions here, 4.78 s on a 120 MHz SAMD51
    assert abs(cost.badge_ms(532e6) - 4790) < 10
    assert "±2x" in cost.estimate(1e6)
