"""The Dominoes CPU: Easy (a random legal move), Normal (heuristics), Hard (Normal plus what the person cannot
hold, sampling the hidden tiles and playing each candidate out; the best expected result wins). Every level lays
a tile at the position that keeps that end the most room (Table.best_option).

`DominoesCpu(level, seed).choose(game)` returns the packed move for the player to move, or NO_MOVE when that
player has none (the caller then calls game.no_move() to draw or pass). The scene thinks across frames instead:
start(game), then step(units) once a frame until it returns True, then move() -- the same move as choose(), however
the units are sliced (Hard's search stands at (sample, cand, ply) between slices). The game itself is never
changed: the CPU thinks on its own copies, owned and allocated once (Hard's two scratch games on its first move).

Hard against Normal, 2,000 rounds (seeds 50000..50999, each deal twice with seats swapped, 95 % intervals about
+-2.2; make bench): 55.1 % of decided rounds (1,987 decided) at the default; over three seeds of Hard's own random
numbers x the four seed sets below, 56.0 % of 23,836 decided rounds (+-0.6; the old default 54.3 % of 23,846).
The default: every candidate played out on 4 samples, then the 2 worth most on up to 12 samples more (_HARD_KEEP,
_HARD_MORE) -- none when the best leads by more than _HARD_CLEAR a sample, fewer once the decision has spent
_HARD_UNITS; each playout to the round's end with Normal's policy for both sides, each sample's hidden hands checked
against the opponent's latest plays since its last draw (_fits_history: up to _HARD_CHECKS plays, up to _HARD_TRIES
hands drawn), leaf +-(_LEAF_WIN + points), _W_HEURISTIC 3 a sample. Each row the same deals, 2,000 rounds a set,
Hard seeded 11 unless said; chosen on the other seed sets and seeds first:
  budget                                    60000..  70000..  80000..  50000..  pooled (+-1.1)
  4 samples x 4 candidates (the old)        55.0 %   55.5     56.4     54.0     55.2
    the same, Hard seeded 12 / 13             -        -        -        -      53.7 / 54.0
  8 x 4                                     54.6     55.2     55.5       -        -
  16 x 4 (64 playouts)                      57.6     55.3     56.6     56.7     56.5
  4 x 4, then 6 more x the best 2           55.7       -        -        -        -
  4 x 4, then 12 more x the best 2 (40)     58.7     55.9     56.9     55.5     56.8
    the same, clear calls stopped at 4      55.9       -        -        -        -
    the same, and at most 1,400 units       54.8     54.5     56.7     55.1     55.3
    the same, at most 2,400 units (default) 56.9     55.4     56.0     55.1     55.8
      Hard seeded 12                        57.3     54.4     57.6     54.6     56.0
      Hard seeded 13                        57.1     56.6     56.4     55.3     56.3
  The strength seems to lie in the long decisions (early in a round): the 1,400-unit cap, which trims those, gave
  most of it back. Badge time (bench_badge_engine hard_across_frames, 16 rounds, seeds 100..115): a whole decision
  mean 648 ms, p99 2,037, worst 2,144 (the old: 212 / 910 / 1,017); without the unit cap p99 3,031, worst 3,897.
  The scene now thinks a frame until about 22 ms of it are used (pips.dominoes.turns; it took one 10-unit slice),
  so the wait stays about as long as before: frames a decision mean 35, p99 106, worst 112 (the old: 21 / 100 /
  108); a frame's thinking mean 18.9 ms, p99 27.1, worst 36.6.
Issue 10 point 6, reading the opponent's history (4 samples; "old": the last-move check, 8 tries; each row the same
deals, seats swapped):
  check                                  50000..  60000..  70000..   80000.. (4,000 rounds, +-1.5)
  last move only, 8 tries (the old)       53.6 %   52.5 %   54.1 %   53.5 %
  every play since its last draw, 32      53.3     57.9     54.0     55.9
  the same, 16 tries                        -        -        -      55.2
  latest 4 plays, 16 tries (the default)  54.0     55.0     55.5     55.5
  latest 3 / 2 plays, 32 tries              -        -        -      53.8 / 55.1
  every play, 32 tries, 8 samples           -        -        -      56.1
  the default + the lead's news (void)    53.3       -        -      54.8
  The lead's news (not kept): in a match's first round neither player was dealt a tile that would have led
  instead (a higher double; with a plain lead any double or higher tile), void for both until their first draw.
  The default on all four seed sets: 54.0, 55.0, 55.5, 55.5 % -- 55.1 % +-1.0 of 9,935 decided rounds (the old
  check 53.4 % of 9,927).
  Who laid what: plays alternate except where a player passed (game.history[2]), counted back from the player to
  move; the opponent's last draw is game.history[opp]. The prototype below (every play since the last draw,
  53.0-53.6 % on seeds 50000..50499) agrees on those seeds (53.3 % on 50000..50999): the set it gains least on.
  Replaying Normal with the stock count of the time instead of today's changed no verdict (300 rounds, every
  sample). How close the samples come (600 rounds, seeds 50000..; share of
  the opponent's real tiles in the accepted sample, before the stock reaches the floor): uniform 0.32, last-move
  check 0.37, history check 0.39 (at the floor 0.68 / 0.80 / 0.83). Where the gap to the hand told lies: told the
  hand only while the stock is above the floor 63.6 %, only at the floor 54.6 % (2,000 rounds, seeds 50000..):
  the middle game. Searching one exact world at the end does not apply: the DRAW_FLOOR tiles stay hidden in the
  stock, and the end is worth a point even told (14.3 % of Hard's decisions with 2+ moves fall at the floor: 466
  of 3,248 in 600 rounds, seeds 50000..).
  Reading across the opponent's draws (not kept; the code: commit a08e2f1, branch hard-draws-experiment): the game
  counted the tiles drawn at each table count; the sampled hand was taken back through the round (tiles laid since put
  back, tiles drawn since taken out: the one laid right after a draw, the others guessed at random among those held),
  rejected where it held a tile that fitted when the opponent drew or passed, and the latest plays checked against
  Normal across draws with the table and stock of the time. Worth reading: 43 % of Hard's decisions with 2+ moves
  follow a draw of the opponent's (1,422 of 3,334; 600 rounds, seeds 60000..); there 65.5 % of its hand was held
  before its last draw, which 3.7 of its plays precede (2.3 since). Share of the opponent's real tiles in the accepted
  sample (Normal against Normal, seeds 60000.., 200 rounds, 3,784 samples above the floor; after a draw of the
  opponent's in brackets): the default 0.376 (0.505); across draws, latest 4 plays 0.387 (0.538), 8 plays 0.399
  (0.564), 4 plus the first round's lead 0.393 (0.545), every play at 64 tries 0.409 (0.584; the default's check of
  every play since the last draw at 64 tries 0.385 (0.518)). game.void kept across draws whose tiles were all laid at
  once would exclude 0.07 more hidden tiles a position. Hard vs Normal, 2,000 rounds a set (Hard's rng seeded 11
  unless said):
  check                                    60000..  70000..  80000..  50000..  pooled (+-1.1)
  the default (re-run)                     55.0 %   55.5     56.4     54.0     55.2
  the default, Hard seeded 12              54.6     54.4     52.8     53.1     53.7
  the default, Hard seeded 13              54.0     54.4     54.8     52.9     54.0
  across draws, latest 4 plays, 16 tries   55.8     54.9     55.0     54.1     55.0
  the same, Hard seeded 12                 56.1     54.3     55.4     53.2     54.8
  the same, Hard seeded 13                 55.2     54.3     54.9     53.5     54.5
  the same, 8 plays                        55.3     54.0     54.0     53.9     54.3
  the same, 4 plays + the lead's news      55.1     53.5     54.6     52.4     53.9
  every play, 64 tries, the lead's news    56.0     53.6     53.9     54.1     54.4
  A sample closer to the truth by up to +0.03 buys nothing measurable: the history holds little more than the default
  reads (forcing real tiles in, +0.1 and more, is not a fair reading). Hard's own seed moves the default by 1.5 points
  pooled: its 55.2 is the luckiest of three seeds (mean 54.3), so a variant needs more than one seed of Hard (or more
  rounds) to be told from it. Over the three seeds the across-draws check gives 54.7 % (23,845 decided rounds) against
  the default's 54.3 (23,846): +0.4, within the +-0.9 of that difference.
  Badge (hard_across_frames, 16 rounds, seeds 100..115): whole decision mean 212 ms, p99 910, worst 1,017; a later
  slice mean 9.2, p99 19.5, worst 30.3; frames a decision p99 100, worst 108. Every play checked at 32 tries: p99
  1,140 ms, slices worst 52 (one try's walk cannot be split): hence the caps.
Before (the last-move check): 53.6 % at 4 samples, up from 52.8 % at 2, the default until the table's geometry got
faster.
Issue 10 point 6, the Normal-policy path (same 2,000 rounds each, +-2.2): normal_score now reads the room a move
leaves from the grid (the tile's two cells written in and cleared: Table.room_bits) instead of place/undo on the
game -- the same score on all 37,975 moves (legal and preferred) of 300 seeded rounds (seeds 1000..1299).
  samples  last-move check  _W_HEURISTIC   Hard vs Normal
     4         no               1            51.3 %
     4         8 tries          1            52.1 %
     4         8 tries          3            53.6 %   <- the default until the history check
     4        32 tries          3            53.0 %
     4         8 tries          6            52.4 %
     2         8 tries          3            52.8 %
     8         8 tries          1            53.9 %
     8         8 tries          3            53.9 %
  The same 16 playouts a decision split otherwise (_HARD_CANDIDATES x samples): 2 x 8 54.0 %, 3 x 5 53.7 %, 4 x 4
  53.6 % -- within the noise. Wins weighed more against points (_LEAF_WIN 300, _W_HEURISTIC 9; 1,000 rounds, seeds
  50000..50499): 52.6 % against 53.2 %.
  Faster geometry, the same moves (every move of 300 seeded rounds, Hard vs Normal, CPython and CircuitPython;
  tests/test_dominoes_cpu.py): the table keeps the other end's room and best positions across a placement out of
  their reach (_BEST_REACH), normal_score reads the far end's cached room (ROOM_REACH), room runs check three
  neighbours a cell, a single free position is not weighed, an option that cannot beat the best even with full
  sides skips counting them, the laid tiles are a kept mask. Hard (2 samples) vs Normal, 4 rounds under callgrind:
  1,133 -> 660 M instructions (-42 %).
  Badge time (callgrind / 1.11e8, +-2x; bench/bench_badge_engine.py's hard_across_frames, 16 rounds, seeds
  100..115): a whole decision at 4 samples mean 187 ms, p99 945, worst 1,018 (before the speed-up: 2 samples mean
  161, p99 991, worst 1,099; 4 samples p99 1,769; after it 2 samples mean 97, p99 569). Across frames at
  THINK_UNITS 10 (_PLY_UNITS 1): the first frame p99 7 ms, worst 24; a later slice mean 9.3, p99 18, worst 32;
  frames a decision mean 21.0, p99 98, worst 104 (at _PLY_UNITS 3 slices were mean 5.5 and frames p99 168).
  Where the time goes (CPython profile, before the speed-up): about half in the table's geometry (best_option's
  room_after for every ply's preferred moves), a fifth in normal_score.
- The bound, re-measured with today's Normal-policy playouts (bench: "Hard told the hand"): told the opponent's real
  hand, the stock's order still sampled, Hard wins 66.1 % +-2.1 at 8 samples, 64.9 % at 4 (2,000 rounds): the old
  54.0 % bound (heaviest-tile playouts, below) no longer holds, and 55 % is within reach of fair play that infers
  the opponent's hand better than the last-move check does (e.g. checking every play of the opponent since its
  last draw against Normal's policy, or weighting samples by how likely its moves were). Tried (a prototype whose
  harness told Hard which placements were the opponent's and the stock count then; 1,000 rounds, seeds
  50000..50499, +-3.1, 4 samples): every play since the opponent's last draw checked, 8 tries 53.6 %, 32 tries
  53.0 %, against 53.2 % with the last-move check alone -- a quarter of the drawn hands pass, and the hands that
  pass still leave the opponent's replies in the playouts far from its real ones: the gap to the bound is not
  closed by rejecting hands on the opponent's history.
Earlier, with heaviest-tile playouts (the previous default; same seeds):
- The sample budget bought no strength (playouts of 16 plies, 4 candidates): 0 samples (Normal's score with what
  Hard knows the opponent cannot hold) 50.3 %, 2 samples 51.0, 4 50.5, 8 51.3, 16 51.6; 8 samples played to the
  round's end 51.8.
- Why stronger search does not win more: an oracle that sees the real hands and stock (Normal-policy playouts)
  wins 89.2 % (1,000 rounds), so the search and the leaf work when the information is there; told only the
  opponent's hand (the stock order sampled) it wins 54.0 % (600 rounds, heaviest playouts): the oracle's edge is
  almost all the stock's order, which no player can know (a bound Normal-policy playouts no longer
  confirm: 66.1 %, above).
- Checked: the samples never give the opponent a tile it is known not to hold (at the CPU's decisions the
  opponent holds none of its void tiles: 7,759 positions of 300 seeded rounds -- the mover right after a draw
  may, until it lays that tile); the leaf is valued from the mover's seat; play_rounds counts decided rounds.
- 1,000 rounds (seeds 50000..50499, which favour Hard by about 1.5 points over the 2,000; intervals +-3.1):
  Normal-policy playouts to the end 53.8 %, with the last-move check 54.4 %; a Normal-like policy without the
  table's geometry 52.9 %; one ply of the opponent's worst reply under a static value 51.0 %.
- 600 rounds each (seeds 50000..50299, about +-4 %): leaves scored only by win/loss and tiles (46-47 %), playouts
  at the preferred positions (47-49 %), 32 samples (52 %), Hard's own weights changed one at a time (49-53 %);
  playout values alone choose worse than Normal's score (48.6 %), hence _W_HEURISTIC.
"""
from micropython import const

from engine.rng import Rng
from engine.dominoes import DRAW_FLOOR, LAST_PLAY, PLAYING, NOBODY, DominoesGame, hand_count, hand_pips
from engine.dominoes_table import (ALL_TILES, HI, LO, PIPS, ROOM_REACH, SUIT_MASKS, TABLE_H, TABLE_W, TILE_COUNT,
                                   turned)

EASY = const(0)
NORMAL = const(1)
HARD = const(2)
NO_MOVE = const(255)

# Normal's weights [decided]: heavy tiles and doubles early, keep many suits, prefer ends it holds (own tiles that
# would fit next, few tiles the opponent might hold that would), keep its end open -- unless the move closes the
# whole table while the stock is big: then the opponent must draw it down to the floor
_W_PIPS = const(3)
_W_DOUBLE = const(8)
_W_SUITS = const(5)
_W_HOLD = const(4)  # per own tile that would fit after the move
_W_OPEN = const(3)
_W_UNSEEN = const(10)  # per hidden tile that would fit after the move (the opponent may hold it)
_W_CLOSE = const(20)  # per stock tile beyond the floor when the move closes both ends: the opponent must draw them
_W_FORCE_DRAW = const(30)  # Hard: the opponent is known to hold no tile that would fit after the move
# Hard's budget [decided]: samples of the hidden tiles x candidate moves, each played out with Normal's policy for
# both sides to the round's end (_HARD_DEPTH plies at most: more than a round takes); then the _HARD_KEEP
# candidates worth most so far get _HARD_MORE samples more
HARD_SAMPLES = const(4)
_HARD_CANDIDATES = const(4)
_HARD_KEEP = const(2)
_HARD_MORE = const(12)
# ... unless the best leads the second by more than this a sample: the later samples changed 1.1 % of such calls
# (300 rounds against Normal, seeds 90000..; 4.0 % above 75, 8.2 % above 50)
_HARD_CLEAR = const(100)
# ... or at the end of a sample once the decision has spent this many units (step()'s): the longest decisions, early
# in a round, stop after about 2 s of badge time (make bench, badge_engine "Hard think: whole decision")
_HARD_UNITS = const(2400)
_HARD_DEPTH = const(100)
_HARD_TRIES = const(16)  # hidden hands drawn per sample until one passes the history check (else the last drawn)
_HARD_CHECKS = const(4)  # the opponent's latest plays checked at most: a try's work fits a slice
# playout leaf value: a round won or lost is worth _LEAF_WIN plus its points; a playout cut short by a smaller depth
# is valued by the tiles and pips still in hand, each side
_LEAF_WIN = const(100)
_LEAF_TILE = const(6)
# Hard's move value = the playouts' summed leaf values + _W_HEURISTIC x samples x Normal's score of the move (the
# playouts alone choose worse than Normal's score; 3 measured stronger than 1 and 6)
_W_HEURISTIC = const(3)
_ONE_SHOT_UNITS = const(1000)  # choose(): units a step while deciding at once (any size gives the same move)
# step()'s units [decided: slices of about 5 ms badge at pips.dominoes.turns._THINK_UNITS, make bench,
# badge_engine: "Hard think: a slice"]: drawing one try of a sample's hidden hands, or laying out a playout,
# costs _SETUP_UNITS
_SETUP_UNITS = const(3)
_PLY_UNITS = const(1)  # a playout ply (its preferred moves: the geometry), plus a unit per move Normal scores in it
# where the search stands, besides a playout's ply (0..): drawing a sample's hidden hands, laying out a playout
_DRAWING = const(-2)
_LAYING = const(-1)


def suit_count(mask):
    """How many different numbers the tiles of `mask` show."""
    n = 0
    for s in range(7):
        if mask & SUIT_MASKS[s]:
            n += 1
    return n


def _fitting(num, bits):
    """The tiles that would fit an end showing `num` with room `bits` (Table.end_room's)."""
    double = 1 << (num * (num + 1) // 2 + num)
    return (SUIT_MASKS[num] & ~double if bits & 7 else 0) | (double if bits & 56 else 0)


def heaviest_move(game):
    """The baseline: the move with the heaviest tile, at the position that keeps its end the most room. NO_MOVE if
    none."""
    n = game.preferred_moves()
    best = NO_MOVE
    best_pips = -1
    moves = game.moves
    for i in range(n):
        m = moves[i]
        p = PIPS[m & 31]
        if p > best_pips:
            best_pips = p
            best = m
    return best


class DominoesCpu:
    def __init__(self, level=NORMAL, seed=1, samples=HARD_SAMPLES, depth=_HARD_DEPTH, width=TABLE_W, height=TABLE_H,
                 more=_HARD_MORE):
        """`width` x `height`: the table size of the games it will play (its copies must have the same). Hard plays
        every candidate out on `samples` samples, then the best _HARD_KEEP on `more` samples more."""
        self.level = level
        self.rng = Rng(seed)
        self.samples = samples
        self.more = more if samples else 0
        self.depth = depth
        self.think = DominoesGame(1, width=width, height=height)  # a copy of the game to think on
        # Hard's two scratch games (one sample of the hidden tiles, one playout), made on its first move: Easy
        # and Normal never hold them (5.6 KB of the badge's heap)
        self.size = (width, height)
        self.base = None
        self.work = None
        self.candidates = bytearray(_HARD_CANDIDATES)
        self.cand_score = [0] * _HARD_CANDIDATES  # Normal's score of each candidate
        self.values = [0] * _HARD_CANDIDATES  # the sum of its playouts' leaf values
        self.pool = bytearray(TILE_COUNT)  # hidden tiles the opponent may hold, then the others
        # the decision under way (start / step / move)
        self.done = True
        self.result = NO_MOVE
        self.me = 0
        self.count = 0
        self.sample = 0
        self.cand = 0
        self.ply = _DRAWING
        self.tries = 0  # hidden hands drawn for the sample under way

    # ---- the decision, whole or in slices --------------------------------------------------------------------
    def choose(self, game):
        """The move for the player to move in `game` (NO_MOVE: none), decided at once."""
        self.start(game)
        while not self.step(_ONE_SHOT_UNITS):
            pass
        return self.result

    def start(self, game):
        """Begin deciding for the player to move in `game`. Easy and Normal decide here; Hard sets up its search,
        which step() then runs. The CPU keeps its own copy: `game` may be drawn and saved meanwhile."""
        think = self.think
        think.copy_from(game)
        self.done = True
        self.result = NO_MOVE
        n = think.preferred_moves()  # every level places where the end keeps the most room
        if n == 0 or game.phase != PLAYING:
            return
        if n == 1:
            self.result = think.moves[0]
        elif self.level == EASY:
            self.result = think.moves[self.rng.below(n)]
        elif self.level == NORMAL:
            self.result = self._normal(think, n)
        else:
            self._start_hard(think, n)

    def step(self, budget):
        """Run up to `budget` units of the search started by start() (a unit: one playout ply, or laying out
        one playout); True once the move is chosen (move()). The same move however the units are sliced."""
        if self.done:
            return True
        return self._step_hard(budget)

    def move(self):
        """The chosen move (NO_MOVE: the player has none), once step() returned True."""
        return self.result

    # ---- Normal -------------------------------------------------------------------------------------------------
    def normal_score(self, game, move, knows_void=0):
        """Heuristic worth of `move` for the player to move in `game`; with `knows_void` (Hard) it also uses what
        the opponent is known not to hold. The game is not changed: the room the move leaves is read from the
        grid with the tile's two cells written in and cleared again (no place/undo: the playouts score every
        move of every ply)."""
        t = move & 31
        p = game.turn
        rest = game.hands[p] & ~(1 << t)
        score = PIPS[t] * _W_PIPS + suit_count(rest) * _W_SUITS
        double = 1 if HI[t] == LO[t] else 0
        if double:
            score += _W_DOUBLE
        table = game.table
        unseen = ALL_TILES & ~game.hands[p] & ~table.mask() & ~(1 << t)
        if knows_void:
            unseen &= ~game.void[1 - p]
        if table.count == 0:
            a = HI[t]
            b = LO[t]
            score += 3 * _W_OPEN * 2
            score += hand_count(rest & (SUIT_MASKS[a] | SUIT_MASKS[b])) * _W_HOLD
            score -= hand_count(unseen & (SUIT_MASKS[a] | SUIT_MASKS[b])) * _W_UNSEEN
            return score
        end = (move >> 5) & 1
        option = move >> 6
        table.cells(double, end, option)
        c1 = table.c1
        c2 = table.c2
        grid = table.grid
        grid[c1] = grid[c2] = t + 1
        num = HI[t] + LO[t] - table.end_num[end]  # the number the new end shows
        if double:
            bits = table.room_bits(c1, table.end_dir[end], t, 1)
        else:
            bits = table.room_bits(c2, turned(table.end_dir[end], option), t, 0)
        o = 1 - end
        if table.near(table.end_cell[o], c1, c2, ROOM_REACH):
            other = table.room_bits(table.end_cell[o], table.end_dir[o], table.end_tile[o], table.end_double[o])
        else:
            other = table.end_room(o)  # the tile is out of its reach: the cached room holds
        grid[c1] = grid[c2] = 0
        score += ((bits & 1) + ((bits >> 1) & 1) + ((bits >> 2) & 1)) * _W_OPEN
        fit = _fitting(num, bits) | _fitting(table.end_num[o], other)  # tiles that would have a position after
        score += hand_count(rest & fit) * _W_HOLD
        score -= hand_count(unseen & fit) * _W_UNSEEN
        if not fit:  # nothing fits any more: the opponent must draw the stock down to the floor
            score += (game.stock_count() - DRAW_FLOOR) * _W_CLOSE
        elif not unseen & fit and knows_void:
            score += _W_FORCE_DRAW  # the opponent holds nothing that fits: it must draw (or pass)
        return score

    def _normal(self, game, n, knows_void=0):
        """Normal's choice of the n moves in game.moves."""
        best = 0
        best_score = -100000
        moves = game.moves
        for i in range(n):
            m = moves[i]
            s = self.normal_score(game, m, knows_void)
            if s > best_score:
                best_score = s
                best = m
        return best

    # ---- Hard ---------------------------------------------------------------------------------------------------
    def _shortlist(self, game, n):
        """Keep the _HARD_CANDIDATES moves Normal likes best."""
        cands = self.candidates
        scores = self.cand_score
        k = 0
        moves = game.moves
        for i in range(n):
            m = moves[i]
            s = self.normal_score(game, m, 1)
            if k < _HARD_CANDIDATES:
                j = k
                k += 1
            elif s > scores[k - 1]:
                j = k - 1
            else:
                continue
            while j > 0 and scores[j - 1] < s:  # insertion, best first
                scores[j] = scores[j - 1]
                cands[j] = cands[j - 1]
                j -= 1
            scores[j] = s
            cands[j] = m
        return k

    def _sample_hidden(self, game, me):
        """Give the opponent a random hand from the tiles it may hold and put the rest in the stock, shuffled."""
        opp = 1 - me
        hidden = ALL_TILES & ~game.hands[me] & ~game.table.mask()
        allowed = hidden & ~game.void[opp]
        need = hand_count(game.hands[opp])
        pool = self.pool
        na = 0
        for t in range(TILE_COUNT):
            if allowed & (1 << t):
                pool[na] = t
                na += 1
        total = na
        for t in range(TILE_COUNT):
            if hidden & (1 << t) and not allowed & (1 << t):
                pool[total] = t
                total += 1
        rng = self.rng
        hand = 0
        # partial shuffle: the first `need` places of the pool go to the opponent, allowed tiles first
        for i in range(need):
            lo = i
            hi = na if i < na else total
            j = lo + rng.below(hi - lo)
            t = pool[i]
            pool[i] = pool[j]
            pool[j] = t
            hand |= 1 << pool[i]
        for i in range(total - 1, need, -1):  # the stock's order
            j = need + rng.below(i - need + 1)
            t = pool[i]
            pool[i] = pool[j]
            pool[j] = t
        game.hands[opp] = hand
        deck = game.deck
        pos = game.draw_pos
        for i in range(need, total):
            deck[pos] = pool[i]
            pos += 1

    def _fits_history(self, game, me):
        """Would Normal, holding the sampled hand plus the tiles the opponent laid since, have laid each tile the
        opponent laid since its last draw where it did (tile and end)? Returns the units of work it took (step()'s),
        negative when a play contradicts the hand. The latest plays are checked first, _HARD_CHECKS at most; the
        game is left as it was. Who laid what follows from the turn and the passes (game.history); the stock count
        is today's (it only changes Normal's score for closing the table). After a load (history unknown) only the
        opponent's last move is checked."""
        opp = 1 - me
        table = game.table
        count = table.count
        if count < 2:
            return 1
        history = game.history
        passes = history[2]
        if passes >= 0:
            drawn = history[opp]
            first = 1  # the lead is forced in a match's first round: not checked
            while drawn >> (first + 1):  # the opponent's last draw, with `first` tiles on the table
                first += 1
            # the player of placement i: (turns + i) & 1, counting the passes before it; the player to move
            # (me) would lay placement `count`
            turns = me + count
        elif game.last_kind == LAST_PLAY and game.last_player == opp:
            first = count - 1
            turns = opp + first
            passes = 0
        else:
            return 1
        moves = table.moves
        sample = game.hands[opp]
        hand = sample
        game.turn = opp
        ok = True
        units = 1
        left = _HARD_CHECKS
        i = count
        while i > first and left:
            i -= 1
            if passes & (2 << i):  # a pass after placement i
                turns -= 1
            laid = moves[i]
            units += 1
            table.undo()  # the table as placement i's player saw it
            if (turns + i) & 1 != opp:
                continue
            hand |= 1 << (laid & 31)
            game.hands[opp] = hand
            left -= 1
            n = game.preferred_moves()
            units += _PLY_UNITS + n
            if n > 1 and (self._normal(game, n) & 63) != (laid & 63):
                ok = False
                break
        for j in range(i, count):  # lay the line again
            m = moves[j]
            table.place(m & 31, (m >> 5) & 1, m >> 6)
        game.hands[opp] = sample
        game.turn = me
        return units if ok else -units

    def _leaf(self, game, me):
        if game.phase != PLAYING:
            if game.round_winner == NOBODY:
                return 0
            v = _LEAF_WIN + game.round_points
            return v if game.round_winner == me else -v
        opp = 1 - me
        mine = game.hands[me]
        theirs = game.hands[opp]
        return (_LEAF_TILE * (hand_count(theirs) - hand_count(mine)) + hand_pips(theirs) - hand_pips(mine))

    def _start_hard(self, game, n):
        self.me = game.turn
        k = self._shortlist(game, n)
        self.count = k
        values = self.values
        for c in range(k):
            values[c] = 0
        if self.base is None:
            self.base = DominoesGame(1, width=self.size[0], height=self.size[1])
            self.work = DominoesGame(1, width=self.size[0], height=self.size[1])
        self.sample = 0
        self.cand = 0
        self.ply = _DRAWING  # the next unit draws the first sample's hidden hands
        self.tries = 0
        self.spent = 0
        self.done = False
        if not self.samples:
            self._pick()  # no playouts: Normal's score with what Hard knows the opponent cannot hold

    def _step_hard(self, budget):
        """Hard's search, resumable: for each sample of the hidden tiles, each candidate played out `depth` plies;
        (sample, cand, ply) say where it stands."""
        work = self.work
        me = self.me
        depth = self.depth
        given = budget
        while budget > 0:
            c = self.cand
            if self.ply == _DRAWING:  # a new sample, shared by all candidates: one try a step
                budget -= _SETUP_UNITS
                base = self.base
                if self.tries == 0:
                    base.copy_from(self.think)
                self._sample_hidden(base, me)
                self.tries += 1
                units = self._fits_history(base, me)
                budget -= abs(units)
                if units > 0 or self.tries == _HARD_TRIES:
                    self.ply = _LAYING
                continue
            if self.ply == _LAYING:
                budget -= _SETUP_UNITS
                work.copy_from(self.base)
                m = self.candidates[c]
                work.play(m & 31, (m >> 5) & 1, m >> 6)  # play_move, unpacked: the playouts run hot
                self.ply = 0
                continue
            budget -= _PLY_UNITS
            if work.phase == PLAYING and self.ply < depth:
                n = work.preferred_moves()  # both sides play Normal's policy
                budget -= n  # and a unit per move scored
                r = NO_MOVE if n == 0 else (work.moves[0] if n == 1 else self._normal(work, n))
                if r == NO_MOVE:
                    work.no_move()
                else:
                    work.play(r & 31, (r >> 5) & 1, r >> 6)
                self.ply += 1
                continue
            self.values[c] += self._leaf(work, me)
            self.ply = _LAYING
            c += 1
            if c == self.count:
                c = 0
                self.sample += 1
                self.ply = _DRAWING
                self.tries = 0
                self.spent += given - budget  # exact at a sample's end
                given = budget
                if self.sample == self.samples and self.more:
                    self._keep()
                    if self._worth(0) - self._worth(1) > _HARD_CLEAR * self.sample:
                        self._pick()  # a clear call: more samples would not change it
                        return True
                if self.sample == self.samples + self.more or (
                        self.sample >= self.samples and self.spent > _HARD_UNITS):
                    self._pick()
                    return True
            self.cand = c
        self.spent += given - budget
        return False

    def _worth(self, c):
        """Candidate c's worth over the samples so far: its playouts plus Normal's score, weighed per sample."""
        return self.values[c] + _W_HEURISTIC * self.sample * self.cand_score[c]

    def _keep(self):
        """Move the _HARD_KEEP candidates worth most to the front, best first, and drop the others."""
        cands = self.candidates
        values = self.values
        scores = self.cand_score
        for i in range(_HARD_KEEP):
            best = i
            for c in range(i + 1, self.count):
                if self._worth(c) > self._worth(best):
                    best = c
            cands[i], cands[best] = cands[best], cands[i]
            values[i], values[best] = values[best], values[i]
            scores[i], scores[best] = scores[best], scores[i]
        self.count = _HARD_KEEP

    def _pick(self):
        # _keep's inner loop is its twin: a shared method measured a KB more heap for the all-four session
        best = 0
        for c in range(1, self.count):
            if self._worth(c) > self._worth(best):
                best = c
        self.result = self.candidates[best]
        self.done = True


def take_turn(game, move):
    """Lay `move` (a packed move a CPU chose) or, for NO_MOVE, draw or pass."""
    if move == NO_MOVE:
        game.no_move()
    else:
        game.play_move(move)


def play_rounds(choose_a, choose_b, rounds, first_seed=0, game=None):
    """Single seeded rounds between two move choosers (callables game -> move or NO_MOVE): each deal twice, A in
    seat 0 then in seat 1 (the seed of round r is first_seed + r // 2). Returns [A's wins, B's wins, A's points,
    B's points, blocked rounds] (blocked ties count for nobody). `game` may bring its own table size."""
    result = [0, 0, 0, 0, 0]
    if game is None:
        game = DominoesGame(1)
    for r in range(rounds):
        game.rng.seed(first_seed + r // 2)
        game.new_match()
        seat_a = r & 1
        while game.phase == PLAYING:
            take_turn(game, choose_a(game) if game.turn == seat_a else choose_b(game))
        result[4] += game.round_blocked
        w = game.round_winner
        if w != NOBODY:
            side = 0 if w == seat_a else 1
            result[side] += 1
            result[2 + side] += game.round_points
    return result
