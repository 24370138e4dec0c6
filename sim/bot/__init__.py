"""Greedy bots that play whole games from a seed, for balance checks and long-run tests (desktop only).

`python -m sim.bot GAME [options]` runs sim/bot/<GAME>.py's main(argv); each prints its score distribution.
"""
