"""The greedy Dymino bot plays whole games legally to their end and prints a score distribution."""
from engine import dymino as d
from engine import dymino_score
from sim.bot import dymino as bot


def test_bot_plays_200_games_to_their_end():
    scores = []
    for seed in range(200):
        game = bot.play_game(1000 + seed, quick=True)
        assert game.phase == d.PHASE_OVER
        assert game.grid.count(0) == 0  # over means full
        scores.append(dymino_score.to_int(game.score))
    assert sum(1 for s in scores if s > 0) > 150
    assert len(set(scores)) > 50  # different seeds, different games


def test_full_greedy_outscores_the_quick_one_on_the_same_seeds():
    full = quick = 0
    full_turns = quick_turns = 0
    for seed in range(6):
        a = bot.play_game(seed)
        b = bot.play_game(seed, quick=True)
        assert a.phase == d.PHASE_OVER and b.phase == d.PHASE_OVER
        full += dymino_score.to_int(a.score)
        quick += dymino_score.to_int(b.score)
        full_turns += a.turns
        quick_turns += b.turns
    assert full > quick and full_turns > quick_turns


def test_command_prints_the_distribution(capsys):
    from sim.bot.__main__ import main as dispatch
    assert dispatch(["dymino", "--games", "12", "--seed", "5", "--quick"]) == 0
    out = capsys.readouterr().out
    assert "seeds 5..16" in out
    assert "games 12" in out and "median" in out
    counts = [int(line.split()[1]) for line in out.splitlines() if line.startswith("  ") and ".." in line]
    assert sum(counts) == 12
