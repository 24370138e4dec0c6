"""Property tests over seeded Dymino games (CPython, hypothesis), against a plain reference model of the rules.

The reference below is written from the rules file with lists, sets and Python ints (no buffers, no digits), so
it shares no code with the engine: after every action the engine's grid and score must equal the model's.
"""
from hypothesis import given, settings, strategies as st

from engine import dymino as d
from engine import dymino_score
from engine.dymino import Dymino
from sim.bot.dymino import apply as bot_apply, legal_actions


def apply(game, action):
    """The bot's apply, plus the single phase's swap."""
    if action[0] == "swap":
        return game.swap_roll()
    return bot_apply(game, action)


COEFFICIENTS = [1, 5, 10, 20, 30]


def coefficient(place):
    return COEFFICIENTS[place - 1] if place <= 5 else 30 + 10 * (place - 5)


def neighbours(cell):
    x, y = cell % 5, cell // 5
    return [nx + 5 * ny for nx, ny in ((x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y)) if 0 <= nx < 5 and 0 <= ny < 5]


class Reference:
    def __init__(self, grid, score):
        self.grid = list(grid)
        self.score = score

    def group(self, cell):
        value = self.grid[cell]
        seen, todo = {cell}, [cell]
        while todo:
            for n in neighbours(todo.pop()):
                if n not in seen and self.grid[n] == value:
                    seen.add(n)
                    todo.append(n)
        return seen

    def resolve(self, anchor, series):
        while True:
            value = self.grid[anchor]
            group = self.group(anchor)
            if len(group) < 3:
                return series
            for cell in group:
                self.grid[cell] = 0
            self.grid[anchor] = 1 if value == 6 else value + 1
            series += 1
            self.score += len(group) * value * 10 ** (len(group) - 3) * coefficient(series)

    def place_pair(self, cell, other, first, second):
        assert self.grid[cell] == 0 and self.grid[other] == 0
        self.grid[cell], self.grid[other] = first, second
        if first == second:
            self.resolve(cell, 0)
            return
        low, high = (cell, other) if first < second else (other, cell)
        series = self.resolve(low, 0)
        if self.grid[high]:
            self.resolve(high, series)

    def place(self, cell, value):
        assert self.grid[cell] == 0
        self.grid[cell] = value
        self.resolve(cell, 0)

    def clear(self, cells):
        for cell in cells:
            self.grid[cell] = 0


def is_legal(game, action):
    """Legality from the rules, independent of the engine's checks."""
    kind, cell, arg = action
    empty = 0 <= cell < 25 and not game.grid[cell]
    if kind == "swap":
        return game.phase == d.PHASE_SINGLE and game.next_die == 0
    if kind == "pair":
        return game.phase == d.PHASE_PAIR and (kind, cell, arg) in legal_actions(game)
    if kind == "single":
        return game.phase == d.PHASE_SINGLE and empty
    if kind == "remove":
        return game.phase == d.PHASE_BONUS and game.bonus == d.POWER_REMOVE and 1 <= arg <= 6
    if game.phase != d.PHASE_BONUS or game.bonus == d.POWER_REMOVE or not empty:
        return False
    return game.bonus != d.POWER_CHOOSE or 1 <= arg <= 6


def expected_after(game, action):
    """The reference's grid and score after `action` on `game` (which is not changed)."""
    ref = Reference(game.grid, dymino_score.to_int(game.score))
    kind, cell, arg = action
    if kind == "pair":
        ref.place_pair(cell, game.partner(cell, arg), game.roll[0], game.roll[1])
    elif kind == "single":
        ref.place(cell, game.roll[game.next_die])
    elif kind == "remove":
        ref.clear([c for c in range(25) if ref.grid[c] == arg])
    elif game.bonus == d.POWER_CHOOSE:
        ref.place(cell, arg)
    else:
        x, y = cell % 5, cell // 5
        power = game.bonus
        ref.clear([c for c in range(25) if
                   (power in (3, 5) and c // 5 == y) or (power in (4, 5) and c % 5 == x) or
                   (power == 6 and abs(c % 5 - x) <= 1 and abs(c // 5 - y) <= 1)])
    return ref


move = st.tuples(st.integers(0, 9), st.integers(0, 10 ** 6), st.integers(-1, 26), st.integers(-1, 8))


def taste(game, action):
    """How many neighbours already show the dice an action puts down."""
    kind, cell, arg = action
    if kind == "pair":
        placed = ((cell, game.roll[0]), (game.partner(cell, arg), game.roll[1]))
    elif kind == "single":
        placed = ((cell, game.roll[game.next_die]),)
    elif kind == "bonus" and game.bonus == d.POWER_CHOOSE:
        placed = ((cell, arg),)
    else:
        return 0
    return sum(1 for c, v in placed for n in neighbours(c) if game.grid[n] == v)


def play(seed, moves, check):
    """Play `moves` on a fresh game: mostly a legal action picked by index, sometimes a raw (maybe illegal) one."""
    game = Dymino(seed)
    for pick, index, cell, arg in moves:
        if game.phase == d.PHASE_OVER:
            break
        if pick == 0:
            kind = ("pair", "single", "remove", "bonus", "swap")[index % 5]
            action = (kind, cell, arg)
        else:
            actions = legal_actions(game)
            if pick >= 5:  # half the time a merge-seeking move, so series and two-group pairs are common
                best = max(taste(game, a) for a in actions)
                actions = [a for a in actions if taste(game, a) == best]
            action = actions[index % len(actions)]
        check(game, action)
    return game


def check_everything(game, action):
    before = game.to_bytes()
    score_before = bytes(game.score)
    legal = is_legal(game, action)
    ref = expected_after(game, action) if legal and action[0] != "swap" else None
    result = apply(game, action)
    if not legal:
        assert result != d.OK
        assert game.to_bytes() == before, "an illegal action changed the game"
        return
    assert result == d.OK
    if ref is not None:
        assert list(game.grid) == ref.grid
        assert dymino_score.to_int(game.score) == ref.score
    # The score never falls.
    assert dymino_score.compare(game.score, score_before) >= 0
    # Each merge leaves value + 1 (6 -> 1) on its anchor: the next merge there starts from it, or it is still there.
    log = game.merge_log
    for k in range(game.merge_len):
        anchor, value = log[4 * k], log[4 * k + 1]
        grown = value % 6 + 1
        if k + 1 < game.merge_len and log[4 * (k + 1)] == anchor:
            assert log[4 * (k + 1) + 1] == grown
        elif game.cleared_by[anchor] <= k + 1:
            assert game.grid[anchor] == grown
    # Bytes round trip.
    data = game.to_bytes()
    assert Dymino.from_bytes(data).to_bytes() == data


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2 ** 30 - 1), st.lists(move, min_size=30, max_size=150))
def test_engine_matches_the_reference_and_keeps_its_invariants(seed, moves):
    play(seed, moves, check_everything)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2 ** 30 - 1), st.lists(move, min_size=20, max_size=100))
def test_same_seed_and_moves_give_the_same_game(seed, moves):
    record = []

    def remember(game, action):
        record.append(action)
        apply(game, action)

    first = play(seed, moves, remember)
    again = Dymino(seed)
    for action in record:
        apply(again, action)
    assert again.to_bytes() == first.to_bytes()
    assert again.merges == first.merges


def test_dice_are_never_overwritten_in_long_games():
    """Every placement in 40 seeded games lands on empty cells only (the engine refuses anything else)."""
    for seed in range(40):
        game = Dymino(seed)
        step = 0
        while game.phase != d.PHASE_OVER and step < 2000:
            for cell in range(25):  # every occupied target is refused and changes nothing
                if game.grid[cell]:
                    before = game.to_bytes()
                    assert game.place_pair(cell, step % 4) in (d.ERR_OCCUPIED, d.ERR_PHASE, d.ERR_CELL)
                    assert game.place_single(cell) in (d.ERR_OCCUPIED, d.ERR_PHASE)
                    assert game.bonus_place(cell, 1) in (d.ERR_OCCUPIED, d.ERR_PHASE)
                    assert game.to_bytes() == before
            actions = legal_actions(game)
            action = actions[(seed * 7919 + step * 104729) % len(actions)]
            ref = expected_after(game, action)
            apply(game, action)
            assert list(game.grid) == ref.grid
            step += 1
        assert game.phase == d.PHASE_OVER


def test_the_rejected_streak_reading_is_one_constant_away(monkeypatch):
    """SERIES_PER_PLACEMENT = 0 carries the series over consecutive placements that merge (the rejected reading)."""
    from tests.portable.dymino_util import cells

    def run():
        game = Dymino(1)
        game.set_position(cells("11...", ".....", ".....", "22...", "....."), 1, 5)
        assert game.place_pair(2, 1) == d.OK         # (2,0): three 1s, 3 points, first of its series
        game.set_position(game.grid, 2, 6)            # the next roll: a 2 and a 6
        assert game.place_pair(2 + 5 * 3, 1) == d.OK  # (2,3) next to the 2s: three 2s, 6 points
        return dymino_score.to_int(game.score)

    assert run() == 3 + 6  # each placement's first merge counts x1
    monkeypatch.setattr(d, "SERIES_PER_PLACEMENT", 0)
    assert run() == 3 + 6 * 5  # a streak: the second placement's merge is the 2nd of the series
