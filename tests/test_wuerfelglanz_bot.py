"""The greedy Würfelglanz bot: 200 games played to their end, replayable, and greedy as documented."""
from engine import wuerfelglanz as w
from sim.bot import __main__ as dispatcher
from sim.bot import wuerfelglanz as bot


def test_bot_plays_200_games_to_their_end_and_they_replay():
    finished = 0
    for k in range(200):
        rule = w.RULE_STRAIGHT if k % 2 == 0 else w.RULE_CONNECTED
        game, codes = bot.play_game(1000 + k, rule)
        assert game.round_over and game.moves == len(codes) > 0
        assert game.place(0, 0, 0) == w.ROUND_OVER
        replay = w.Game(1000 + k, rule)
        for code in codes:
            assert replay.place_code(code) == w.PLACED
        assert replay.to_bytes() == game.to_bytes() and replay.round_over
        finished += 1
    assert finished == 200


def legal_codes(game):
    rotations = 4 if game.piece_len == 2 else 1
    return [(cell << 2) | r for cell in range(25) for r in range(rotations)
            if game.check(cell % 5, cell // 5, r) == w.PLACED]


def test_bot_move_has_the_best_immediate_score():
    game = w.Game(77, w.RULE_CONNECTED)
    scratch = w.Game(1)
    checked_pops = 0
    while not game.round_over:
        best = bot.choose(game, scratch)
        points = []
        for code in legal_codes(game):
            trial = w.Game(1, game.rule)
            trial.load_from(game.to_bytes())
            assert trial.place_code(code) == w.PLACED
            points.append(trial.points)
        assert game.place_code(best) == w.PLACED
        assert game.points == max(points)
        checked_pops += game.points > 0
    assert checked_pops > 0


def test_command_line_prints_the_distribution(capsys):
    assert dispatcher.main(["wuerfelglanz", "--games", "6", "--seed", "3", "--rule", "connected"]) == 0
    out = capsys.readouterr().out
    assert "rule connected, seeds 3..8" in out and "games 6" in out and "median" in out
    assert dispatcher.main(["no-such-game"]) == 2
