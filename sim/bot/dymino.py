"""A greedy Dymino player: `python -m sim.bot dymino --games N --seed S` prints the score distribution.

Each action it tries every legal move on a scratch copy of the game and keeps the best by: points gained, then
empty cells left, then room for a pair, then how many equal dice touch (clusters merge later). `--quick` drops the
last two (greedy on points and room only): far weaker, so its games are short. Desktop only.
"""
import argparse

from engine import dymino as d
from engine import dymino_score
from engine.dymino_hint import Hinter, touching_pairs


def legal_actions(game):
    """Every legal action of the current phase as (kind, cell, rotation or value)."""
    grid = game.grid
    if game.phase == d.PHASE_PAIR:
        return [("pair", c, r) for c in range(d.CELLS) for r in range(4) if game.check_pair(c, r) == d.OK]
    if game.phase == d.PHASE_SINGLE:
        return [("single", c, 0) for c in range(d.CELLS) if not grid[c]]
    if game.phase == d.PHASE_BONUS and game.bonus == d.POWER_REMOVE:
        return [("remove", 0, v) for v in range(1, d.TOP_VALUE + 1)]
    if game.phase == d.PHASE_BONUS and game.bonus == d.POWER_CHOOSE:
        return [("bonus", c, v) for c in range(d.CELLS) if not grid[c] for v in range(1, d.TOP_VALUE + 1)]
    if game.phase == d.PHASE_BONUS:
        return [("bonus", c, 0) for c in range(d.CELLS) if not grid[c]]
    return []


def apply(game, action):
    kind, cell, arg = action
    if kind == "pair":
        return game.place_pair(cell, arg)
    if kind == "single":
        return game.place_single(cell)
    if kind == "remove":
        return game.bonus_remove(arg)
    return game.bonus_place(cell, arg)


def evaluate(scratch, quick=False):
    gain = dymino_score.to_int(scratch.gain) if scratch.merge_len else 0
    grid = scratch.grid
    empty = grid.count(0)
    if quick:
        return (gain, empty)
    return (gain, empty, scratch.board.pair_fits(), touching_pairs(grid))


def choose(game, scratch, quick=False, hinter=None):
    """The greedy choice for `game` (scratch is any Dymino used for look-ahead). Pairs and single dice are
    placed by engine.dymino_hint (the game's hint; pass a Hinter to reuse one), bonus dice here."""
    if not quick and (game.phase == d.PHASE_PAIR or game.phase == d.PHASE_SINGLE):
        code = (hinter or Hinter()).best(game)
        return ("pair" if game.phase == d.PHASE_PAIR else "single", code >> 2, code & 3)
    best = None
    best_key = None
    for action in legal_actions(game):
        scratch.copy_from(game)
        apply(scratch, action)
        key = evaluate(scratch, quick)
        if best_key is None or key > best_key:
            best, best_key = action, key
    return best


def play_game(seed, quick=False, max_actions=1000000):
    """Play one game from `seed` to its end; returns the finished game."""
    game = d.Dymino(seed)
    scratch = d.Dymino(seed)
    hinter = Hinter()
    actions = 0
    while game.phase != d.PHASE_OVER and actions < max_actions:
        if apply(game, choose(game, scratch, quick, hinter)) != d.OK:
            raise AssertionError("the bot chose an illegal move")
        actions += 1
    return game


def distribution(scores):
    """Text lines describing a list of int scores."""
    ordered = sorted(scores)
    n = len(ordered)

    def at(fraction):
        return ordered[min(n - 1, int(fraction * n))]

    lines = ["games %d" % n,
             "mean %.0f" % (sum(ordered) / n),
             "min %d  p10 %d  p25 %d  median %d  p75 %d  p90 %d  max %d" % (
                 ordered[0], at(0.1), at(0.25), at(0.5), at(0.75), at(0.9), ordered[-1])]
    # Decades: how many games reached each power of ten.
    top = len(str(ordered[-1]))
    for digits in range(1, top + 1):
        low, high = (0 if digits == 1 else 10 ** (digits - 1)), 10 ** digits
        count = sum(1 for s in ordered if low <= s < high)
        lines.append("  %s..%s  %5d  %s" % (format(low, ","), format(high - 1, ","), count, "#" * (60 * count // n)))
    return lines


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m sim.bot dymino", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quick", action="store_true", help="greedy on points and room only (short games)")
    args = parser.parse_args(argv)
    scores, turns, merges, longest = [], [], [], 0
    for k in range(args.games):
        game = play_game((args.seed + k) & 0x3FFFFFFF, args.quick)
        scores.append(dymino_score.to_int(game.score))
        turns.append(game.turns)
        merges.append(game.merges)
        longest = max(longest, game.longest_series)
    print("Dymino greedy bot%s, seeds %d..%d" % (" (quick)" if args.quick else "", args.seed,
                                                args.seed + args.games - 1))
    for line in distribution(scores):
        print(line)
    print("turns per game: mean %.1f  max %d;  merges per game: mean %.1f;  longest series %d" % (
        sum(turns) / len(turns), max(turns), sum(merges) / len(merges), longest))
    return 0


if __name__ == "__main__":
    main()


# ---- driving the game scene through button actions (tests, make screenshots) -----------------------------------

def press_action(app, scene, action):
    """Press the buttons that play a bot action in a Dymino scene: B to turn a pair, Up for a bonus value, the
    D-pad, then A."""
    from pips import actions
    kind, cell, arg = action
    cursor = scene.cursor
    if kind == "pair":
        for _ in range(4):  # a turn skips the rotations that leave the grid: from an edge some are not reachable
            if cursor.rotation == arg:
                break
            app.dispatch(actions.B)
        if cursor.rotation != arg:
            _walk(app, cursor, d.CELLS // 2)  # the middle, where every rotation fits
            while cursor.rotation != arg:
                app.dispatch(actions.B)
    if kind == "remove" or (kind == "bonus" and scene.game.bonus == d.POWER_CHOOSE):
        while scene.value != arg:
            app.dispatch(actions.UP)
        app.dispatch(actions.A)
        if kind == "remove":
            return
    _walk(app, cursor, cell)
    app.dispatch(actions.A)


def _walk(app, cursor, cell):
    from pips import actions
    x, y = cell % d.SIDE, cell // d.SIDE
    for _ in range(2 * d.SIDE):
        if cursor.x < x:
            app.dispatch(actions.RIGHT)
        elif cursor.x > x:
            app.dispatch(actions.LEFT)
        elif cursor.y < y:
            app.dispatch(actions.DOWN)
        elif cursor.y > y:
            app.dispatch(actions.UP)
    if cursor.cell() != cell:
        raise AssertionError("the cursor cannot reach cell %d" % cell)
