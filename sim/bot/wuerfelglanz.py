"""A greedy Würfelglanz player: `python -m sim.bot wuerfelglanz --games N --seed S [--rule straight|connected]`.

Each move it tries every legal spot of the tray piece on a scratch copy and keeps the best by: points of the
move, then empty cells left, then room for a pair (adjacent empty cell pairs); ties go to the first spot in
scan order, so a seed gives one game. Prints the score distribution. Desktop only.
"""
import argparse

from engine import wuerfelglanz as w
from engine.wuerfelglanz_hint import best_move

RULES = {"straight": w.RULE_STRAIGHT, "connected": w.RULE_CONNECTED}


def choose(game, scratch):
    """The greedy move code for `game` (engine.wuerfelglanz_hint, the same move the game's hint shows); scratch
    is any Game used for look-ahead."""
    return best_move(game, scratch)


def play_game(seed, rule=w.RULE_STRAIGHT, max_moves=100000):
    """Play one round from `seed` to its end; returns (finished game, move codes)."""
    game = w.Game(seed, rule)
    scratch = w.Game(1, rule)
    codes = []
    while not game.round_over and len(codes) < max_moves:
        code = choose(game, scratch)
        if game.place_code(code) != w.PLACED:
            raise AssertionError("the bot chose an illegal move")
        codes.append(code)
    return game, codes


def distribution(scores, buckets=10):
    """Text lines describing a list of int scores: summary figures and a histogram."""
    ordered = sorted(scores)
    n = len(ordered)

    def at(fraction):
        return ordered[min(n - 1, int(fraction * n))]

    lines = ["games %d   mean %.1f" % (n, sum(ordered) / n),
             "min %d  p10 %d  p25 %d  median %d  p75 %d  p90 %d  max %d" % (
                 ordered[0], at(0.1), at(0.25), at(0.5), at(0.75), at(0.9), ordered[-1])]
    width = max(1, (ordered[-1] - ordered[0]) // buckets + 1)
    for k in range(buckets):
        low = ordered[0] + k * width
        count = sum(1 for s in ordered if low <= s < low + width)
        if low <= ordered[-1]:
            lines.append("  %6d..%-6d %5d  %s" % (low, low + width - 1, count, "#" * (60 * count // n)))
    return lines


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m sim.bot wuerfelglanz", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rule", choices=sorted(RULES), default="straight")
    args = parser.parse_args(argv)
    rule = RULES[args.rule]
    scores, moves, popped = [], [], []
    for k in range(args.games):
        game, _ = play_game((args.seed + k) & 0x3FFFFFFF, rule)
        scores.append(game.score)
        moves.append(game.moves)
        popped.append(game.popped_total)
    print("Wuerfelglanz greedy bot, rule %s, seeds %d..%d" % (args.rule, args.seed, args.seed + args.games - 1))
    for line in distribution(scores):
        print(line)
    print("moves per game: mean %.1f  max %d;  popped dice per game: mean %.1f" % (
        sum(moves) / len(moves), max(moves), sum(popped) / len(popped)))
    return 0


if __name__ == "__main__":
    main()


# ---- driving the game scene through button actions (tests and bench) -----------------------------------------

def press_move(app, scene, code):
    """Press the buttons that place move `code` in a Würfelglanz scene: B to turn, the D-pad, then A."""
    from pips import actions
    cell = code >> 2
    x, y, rotation = cell % 5, cell // 5, code & 3
    cursor = scene.cursor
    if scene.game.piece_len == 2:
        for _ in range(4):  # a turn skips rotations that leave the board: from an edge some are not reachable
            if cursor.rotation == rotation:
                break
            app.dispatch(actions.B)
        if cursor.rotation != rotation:
            _walk(app, cursor, 2, 2)  # the middle of the board, where every rotation fits
            while cursor.rotation != rotation:
                app.dispatch(actions.B)
    _walk(app, cursor, x, y)
    app.dispatch(actions.A)


def _walk(app, cursor, x, y):
    """D-pad presses that bring the cursor to (x, y)."""
    from pips import actions
    for _ in range(8):
        if cursor.x == x and cursor.y == y:
            return
        if cursor.x != x:
            app.dispatch(actions.RIGHT if cursor.x < x else actions.LEFT)
        if cursor.y != y:
            app.dispatch(actions.DOWN if cursor.y < y else actions.UP)
    if (cursor.x, cursor.y) != (x, y):
        raise AssertionError("the cursor cannot reach (%d, %d)" % (x, y))


def settle(sim, scene, limit=200):
    """Run frames until the scene waits for the player again (PLAY, the placed dice settled) or the round is over
    (OVER: its hold starts at once)."""
    from pips.wuerfelglanz import scene as scene_module
    for _ in range(limit):
        if scene.mode == scene_module.MODE_PLAY and not scene.view.settle.count or scene.mode == scene_module.MODE_OVER:
            return
        sim.frame()
    raise AssertionError("the scene never settled")


def play_round_in_scene(sim, scene):
    """Play the scene's round to its end with the greedy bot through button actions.
    Returns the board tile writes of each move (placing, lighting and clearing popped dice)."""
    scratch = w.Game(1)
    writes = []
    while not scene.game.round_over:
        before = scene.view.tile_writes
        press_move(sim.app, scene, choose(scene.game, scratch))
        settle(sim, scene)
        writes.append(scene.view.tile_writes - before)
    land(sim, scene)
    return writes


def land(sim, scene, limit=20):
    """Run frames until the dice placed last have settled (pips.ui.settle: the round's last piece lands too)."""
    for _ in range(limit):
        if not scene.view.settle.count:
            return
        sim.frame()
    raise AssertionError("the placed dice never settled")
