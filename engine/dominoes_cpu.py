"""The Dominoes CPU: Easy (a random legal move), Normal (heuristics), Hard (Normal plus what the person cannot
hold, sampling the hidden tiles and playing each candidate out; the best expected result wins). Every level lays
a tile at the position that keeps that end the most room (Table.best_option).

`DominoesCpu(level, seed).choose(game)` returns the packed move for the player to move, or NO_MOVE when that
player has none (the caller then calls game.no_move() to draw or pass). The scene thinks across frames instead:
start(game), then step(units) once a frame until it returns True, then move() -- the same move as choose(), however
the units are sliced (Hard's search stands at (sample, cand, ply) between slices). The game is never changed:
Easy and Normal decide at once on the game itself (they write only its scan buffer, `moves`, and cells they clear
again); Hard thinks on three games of its own, made at its first move, since `game` may be drawn and saved while
it thinks.

Hard is measured against Normal in `make bench` (bench_dominoes); how its budget and its reading of the
opponent were chosen, with the experiments tried and left out: docs/dominoes_cpu.md.
"""
from micropython import const

from engine.rng import Rng
from engine.dominoes import (DRAW_FLOOR, EASY, HARD, LAST_PLAY, NO_MOVE, NORMAL, PLAYING, NOBODY, DominoesGame,
                             hand_count, hand_pips)
from engine.dominoes_table import (ALL_TILES, HI, LO, MOVE_END, MOVE_OPTION, MOVE_TILE, PIPS, ROOM_REACH, SUIT_MASKS,
                                   TABLE_H, TABLE_W, TILE_COUNT, turned)

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
# step()'s units [decided: slices of about 5 ms badge at pips.dominoes.turns.THINK_UNITS, make bench,
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
        p = PIPS[m & MOVE_TILE]
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
        # Hard's games, made at its first move (Easy and Normal never hold them: 8.4 KB of the badge's heap): a
        # copy of the game to think on, one sample of the hidden tiles, one playout
        self.size = (width, height)
        self.think = None
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
        """Begin deciding for the player to move in `game`. Easy and Normal decide here; Hard sets up its search on
        a copy of its own, which step() then runs."""
        think = game
        if self.level == HARD:
            if self.think is None:
                width, height = self.size
                self.think = DominoesGame(1, width=width, height=height)
                self.base = DominoesGame(1, width=width, height=height)
                self.work = DominoesGame(1, width=width, height=height)
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
        t = move & MOVE_TILE
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
        end = (move >> MOVE_END) & 1
        option = move >> MOVE_OPTION
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
            hand |= 1 << (laid & MOVE_TILE)
            game.hands[opp] = hand
            left -= 1
            n = game.preferred_moves()
            units += _PLY_UNITS + n
            if n > 1 and (self._normal(game, n) & 63) != (laid & 63):
                ok = False
                break
        for j in range(i, count):  # lay the line again
            m = moves[j]
            table.place(m & MOVE_TILE, (m >> MOVE_END) & 1, m >> MOVE_OPTION)
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
                # play_move, unpacked: the playouts run hot
                work.play(m & MOVE_TILE, (m >> MOVE_END) & 1, m >> MOVE_OPTION)
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
                    work.play(r & MOVE_TILE, (r >> MOVE_END) & 1, r >> MOVE_OPTION)
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

    def _best_from(self, first):
        """The index of the candidate worth most among first .. count - 1 (the earliest of equals)."""
        best = first
        for c in range(first + 1, self.count):
            if self._worth(c) > self._worth(best):
                best = c
        return best

    def _keep(self):
        """Move the _HARD_KEEP candidates worth most to the front, best first, and drop the others."""
        cands = self.candidates
        values = self.values
        scores = self.cand_score
        for i in range(_HARD_KEEP):
            best = self._best_from(i)
            cands[i], cands[best] = cands[best], cands[i]
            values[i], values[best] = values[best], values[i]
            scores[i], scores[best] = scores[best], scores[i]
        self.count = _HARD_KEEP

    def _pick(self):
        self.result = self.candidates[self._best_from(0)]
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
