"""Kniffel Dice Duel CPU player: keeps dice by the expected value of the chips still available.

The 462 multisets of 0..5 dice are numbered by size (index 0 is no dice, 210..461 are the 252 five-dice results;
engine.dice_duel_tables). CHILD[k*6 + f-1] is multiset k plus one die showing f. Rolling n dice is adding n dice one at a
time, so the expected value of a kept multiset is the mean over its six children, computed level by level from
the five-dice values down: 210 x 6 steps per roll left, not 7776 outcomes. "Best kept subset of these dice" is a
maximum carried up the same links. All values are small ints (points x _SCALE), in arrays owned by the CPU.

A decision (a keep, or the odds of every chip) is worked in slices so that the badge's screen never freezes:
begin_keep(game) / begin_odds(game, out), then think(game) once a slice while .busy (a third of a pass over the 210 smaller
multisets, about 3 ms on the badge: bench/bench_badge_engine.py) until it returns something other than THINKING.
choose_keep and chances do all the slices at once. No slice allocates. Until the multiset tables are built
(engine.dice_duel_tables, in slices too), think() builds them first: a slice of the build each call.

Each seat plays its level (game.levels, engine.dice_duel_rules): Hard is the search above over every roll left,
on chip worths with the bonuses weighed (chip_worth); Normal stops on a chip of 20 points or more, else
looks one roll ahead on the chips' points alone, and takes the chip of most points; Easy glances at the dice
(easy_keep: no search, answered at once) and takes the chip of most points. Measured: docs/dice_duel_levels.md.
"""
from micropython import const

from array import array

from engine.dice_duel_combos import CHIP_VALUES, KIND_COUNT, BIT_KNIFFEL
from engine import dice_duel_tables as tables
from engine.dice_duel_tables import CHILD as _CHILD, COMBO as _COMBO, LEVEL5 as _LEVEL5, NODES as _NODES
from engine.dice_duel import (PHASE_ROLL, PHASE_CHOOSE, ROLLS_PER_TURN, CHOICE_ASIDE, CHOICE_NONE,
                              CHIPS_PER_KIND, FULL_STACK_BONUS, GOLD_BONUS, SILVER_BONUS, LAST_CHIP_BONUS)
from engine.dice_duel_rules import DICE, LEVEL_EASY, LEVEL_NORMAL, LEVEL_HARD, NORMAL_STOP_KIND

STOP = const(255)  # choose_keep: stop rolling now
THINKING = const(254)  # think(): more slices to go
_ODDS_DONE = const(0)   # think() of an odds task: every out[kind] is final
ODDS_SCALE = const(60000)  # chances(): 60000 = certain (fits the "H" arrays; a mean of six stays a small int)
KNIFFEL_ROW = const(7)     # chances(): out[KNIFFEL_ROW], when out has room for it, is the chance of a Kniffel

_SCALE = const(32)           # fixed point for expected values (max worth ~300 points -> 9600 < 65535)
_STACK_WEIGHT = const(3)     # per chip already held of a kind whose full stack is still possible
_KINDS_WEIGHT = const(4)     # a new kind while gold/silver is still within reach
_DENY_WEIGHT = const(6)      # a chip an opponent needs for a bonus...
_LATE_TRAY = const(10)       # ...once this few chips are left in the tray
_KNIFFEL_TURN = const(12)    # worth of the extra turn a Kniffel gives (about a turn's mean chip)

_PARTS = const(3)            # slices of one pass over the 210 smaller multisets
_PART = const(70)            # multisets a slice
# think() steps of a keep decision before its passes: worths, then the five-dice values
_KEEP_FIRST_PASS = const(2)
_TASK_KEEP = const(0)
_TASK_ODDS = const(1)


_LOWBIT = bytes((0, 0, 1, 0, 2, 0, 1, 0, 3, 0, 1, 0, 2, 0, 1, 0, 4, 0, 1, 0, 2, 0, 1, 0, 3, 0, 1, 0, 2, 0, 1, 0))


class DiceDuelCpu:
    """One per app (its arrays are reused by every CPU seat)."""

    def __init__(self, ev1=None):
        # expected values, worked in place: the five-dice stop values, then one pass down a roll left (`ev1`: that
        # array made ahead, while the heap still had its block: engine.dice_duel_tables.node_values())
        self.ev1 = tables.node_values() if ev1 is None else ev1
        self.worth = array("H", bytes(2 * 16))       # choice -> worth (tray kinds 0..6, aside 8..14)
        self.mask_worth = array("H", bytes(2 * 128))  # combination mask -> best tray chip worth
        self.by_mask = array("H", bytes(2 * 32))      # keep mask -> kept multiset index
        self.kniffel_worth = 0
        # The decision being worked (think()): its task, step, rolls left, and for the odds the kind being
        # worked (kinds below it are final in `out`) and the kept dice's multiset.
        self.busy = False  # a decision is begun and not finished
        self.task = _TASK_KEEP
        self.step = 0
        self.rolls = 0
        self.kind = 0
        self.kept = 0
        self.out = None
        self.last_row = 0  # the odds' last row: the last kind, or KNIFFEL_ROW
        self.plain = False  # the keep being worked weighs chips by their points alone (Normal)

    # ---- chip worths ------------------------------------------------------------------------------------
    def chip_worth(self, game, kind, from_aside):
        """Points a chip is worth to the player to move, with small weights for bonuses in reach."""
        player = game.current
        held = game.held_count(player, kind)
        kinds = game.kinds_held(player)
        worth = CHIP_VALUES[kind]
        others = CHIPS_PER_KIND - held - game.tray[kind] - game.aside[kind]
        if held == CHIPS_PER_KIND - 1:
            worth += FULL_STACK_BONUS
        elif held and others == 0:
            worth += _STACK_WEIGHT * held
        if held == 0:
            if kinds == 5:
                worth += SILVER_BONUS
            elif kinds == 6:
                worth += GOLD_BONUS - SILVER_BONUS
            elif kinds >= 3:
                worth += _KINDS_WEIGHT
        left = game.tray_count()
        if left == 1 and not from_aside:
            worth += LAST_CHIP_BONUS
        if left <= _LATE_TRAY:
            for rival in range(game.players):
                if rival != player:
                    rival_held = game.held_count(rival, kind)
                    if rival_held == CHIPS_PER_KIND - 1 or (rival_held == 0 and game.kinds_held(rival) >= 5):
                        worth += _DENY_WEIGHT
                        break
        return worth

    def _prepare_worths(self, game):
        """Worth of every chip now (scaled), and of each combination mask and of a Kniffel."""
        worth = self.worth
        tray = game.tray
        aside = game.aside
        best = 0
        second = 0
        for choice in range(16):
            worth[choice] = 0
        for kind in range(KIND_COUNT):
            for source in range(2):
                count = aside[kind] if source else tray[kind]
                if count:
                    value = (CHIP_VALUES[kind] if self.plain else self.chip_worth(game, kind, source)) * _SCALE
                    worth[kind + source * CHOICE_ASIDE] = value
                    # the two best chips for a solo Kniffel (a kind with two chips left may give both)
                    for _ in range(2 if count > 1 else 1):
                        if value > best:
                            second = best
                            best = value
                        elif value > second:
                            second = value
        mask_worth = self.mask_worth
        mask_worth[0] = 0
        for kind in range(KIND_COUNT):
            bit = 1 << kind
            value = worth[kind]
            for mask in range(bit, bit << 1):
                below = mask_worth[mask - bit]
                mask_worth[mask] = value if value > below else below
        kniffel = best + _KNIFFEL_TURN * _SCALE
        if game.solo:
            kniffel += second
        self.kniffel_worth = kniffel if kniffel < 65535 else 65535

    # ---- expected values --------------------------------------------------------------------------------
    def _stop_value(self, k):
        """Worth of stopping on five-dice multiset k (the best chip its combinations take, or a Kniffel's)."""
        mask = _COMBO[k - _LEVEL5]
        return self.kniffel_worth if mask & BIT_KNIFFEL else self.mask_worth[mask & 0x7F]

    def _stop_values(self):
        ev = self.ev1
        for k in range(_LEVEL5, _NODES):
            ev[k] = self._stop_value(k)

    def _mean_down(self, ev, part):
        """ev[k] for the slice `part` of k < 210 (part 0 the largest multisets; the parts in order): the mean over
        the next die's six faces (the level above is final)."""
        child = _CHILD
        top = _LEVEL5 - part * _PART
        for k in range(top - 1, top - _PART - 1, -1):
            c = k * 6
            ev[k] = (ev[child[c]] + ev[child[c + 1]] + ev[child[c + 2]] + ev[child[c + 3]]
                     + ev[child[c + 4]] + ev[child[c + 5]]) // 6

    def _best_subset_up(self, ev, part):
        """ev[k] becomes the best value over every subset of multiset k, for the slice `part` of the links up
        over the 210 smaller multisets (part 0 the smallest; the parts in order)."""
        child = _CHILD
        for k in range(part * _PART, (part + 1) * _PART):
            value = ev[k]
            c = k * 6
            # unrolled over the six faces: this loop is most of a decision's time
            above = child[c]
            if ev[above] < value:
                ev[above] = value
            above = child[c + 1]
            if ev[above] < value:
                ev[above] = value
            above = child[c + 2]
            if ev[above] < value:
                ev[above] = value
            above = child[c + 3]
            if ev[above] < value:
                ev[above] = value
            above = child[c + 4]
            if ev[above] < value:
                ev[above] = value
            above = child[c + 5]
            if ev[above] < value:
                ev[above] = value

    def _index_masks(self, dice):
        """by_mask[m] = multiset index of the dice kept by mask m."""
        by_mask = self.by_mask
        child = _CHILD
        lowbit = _LOWBIT
        by_mask[0] = 0
        for mask in range(1, 32):
            low = lowbit[mask]
            by_mask[mask] = child[by_mask[mask & (mask - 1)] * 6 + dice[low] - 1]

    # ---- decisions, worked in slices ----------------------------------------------------------------------
    def _pass(self, ev, step):
        """Work step `step` (from 0) of the passes down from the five-dice values: mean, then (best subset up,
        mean) for each further roll left; a pass is _PARTS steps."""
        number = step // _PARTS
        if number & 1:
            self._best_subset_up(ev, step % _PARTS)
        else:
            self._mean_down(ev, step % _PARTS)

    def begin_keep(self, game):
        """Start a keep decision: the keep mask (0..30) or STOP when there is nothing to weigh (the turn's first
        roll: 0; no roll left: STOP), else THINKING: think() works it."""
        if game.phase != PHASE_ROLL:
            return STOP
        rolls = game.rolls_left
        if rolls == ROLLS_PER_TURN:
            return 0
        if rolls == 0:
            return STOP
        level = game.levels[game.current]
        if level == LEVEL_EASY:
            return easy_keep(game)  # a glance, not a search: answered at once
        self.plain = level == LEVEL_NORMAL
        if self.plain:
            takeable = game.takeable()
            kinds = (takeable | takeable >> CHOICE_ASIDE) & 0x7F  # the kinds the dice take (tray or set aside)
            if kinds >> NORMAL_STOP_KIND:
                return STOP
            rolls = 1  # Normal looks one roll ahead, however many are left
        self.task = _TASK_KEEP
        self.step = 0
        self.rolls = rolls
        self.busy = True
        return THINKING

    def begin_odds(self, game, out):
        """Start working the odds (see chances) into `out`; think() returns _ODDS_DONE when they are final.
        Until then out[kind] is final for kind < self.kind."""
        self.last_row = KNIFFEL_ROW if len(out) > KNIFFEL_ROW else KIND_COUNT - 1
        self.task = _TASK_ODDS
        self.rolls = game.rolls_left
        self.step = 0
        self.kind = 0
        self.out = out
        self.busy = True
        return THINKING

    def cancel(self):
        """Drop the decision begun (its arrays are worked afresh by the next one)."""
        self.busy = False

    def think(self, game):
        """One slice of the decision begun (a few ms on the badge): THINKING, or its answer when done."""
        if not tables.ready():
            tables.build_step()  # the tables come first (a decision begun before they are built waits for them)
            return THINKING
        step = self.step
        self.step = step + 1
        if self.task == _TASK_ODDS:
            answer = self._odds_step(game, step)
            self.busy = answer == THINKING
            return answer
        # a keep: worths, five-dice values, then the passes over ev1: a mean with one roll left; with two, the
        # best subset up and a mean again
        if step == 0:
            self._prepare_worths(game)
        elif step == 1:
            self._stop_values()
        else:
            self._pass(self.ev1, step - _KEEP_FIRST_PASS)
        last = _KEEP_FIRST_PASS + (_PARTS if self.rolls < 2 else 3 * _PARTS) - 1
        if step < last:
            return THINKING
        self.busy = False
        return self._best_keep(game)

    def _best_keep(self, game):
        self._index_masks(game.dice)
        by_mask = self.by_mask
        table = self.ev1
        best = self._stop_value(by_mask[31])  # stopping now
        choice = STOP
        for mask in range(31):
            value = table[by_mask[mask]]
            if value > best:
                best = value
                choice = mask
        return choice

    def _odds_step(self, game, step):
        """Step `step` of the odds: per kind, its five-dice values, then 2 x rolls - 1 passes."""
        ev = self.ev1
        if step == 0:  # the kept dice's multiset (the tables are built by now)
            rolls = self.rolls
            if rolls < ROLLS_PER_TURN:
                self._index_masks(game.dice)
                self.kept = self.by_mask[game.keep if rolls else 31]
            else:
                self.kept = 0  # before the first roll: all five dice roll
        per_kind = 1 + (2 * self.rolls - 1) * _PARTS if self.rolls else 1
        kind = step // per_kind
        inner = step % per_kind
        if inner == 0:
            wanted = BIT_KNIFFEL if kind == KNIFFEL_ROW else (1 << kind) | BIT_KNIFFEL
            combo = _COMBO
            for k in range(_LEVEL5, _NODES):
                ev[k] = ODDS_SCALE if combo[k - _LEVEL5] & wanted else 0
        else:
            self._pass(ev, inner - 1)
        if inner < per_kind - 1:
            return THINKING
        self.out[kind] = ev[self.kept]
        self.kind = kind + 1
        return _ODDS_DONE if kind == self.last_row else THINKING

    def choose_keep(self, game):
        """Keep mask (0..30) for the next roll, or STOP to end the rolling. On the turn's first roll: 0."""
        answer = self.begin_keep(game)
        while answer == THINKING:
            answer = self.think(game)
        return answer

    # ---- odds for the person ----------------------------------------------------------------------------
    def chances(self, game, out):
        """out[kind] (kind 0..6) = the chance, in ODDS_SCALE, that this turn's dice make chip kind `kind`'s
        combination (a Kniffel counts: it takes any chip), and out[KNIFFEL_ROW] (if out is that long) the chance
        of a Kniffel itself, rolling the dice not kept now and then keeping the best
        dice for that kind on each roll left. With no roll left: the dice as they lie. Uses the CPU's multiset
        tables and its ev1 array (the CPU recomputes it for each decision); allocates nothing."""
        answer = self.begin_odds(game, out)
        while answer == THINKING:
            answer = self.think(game)
        return out

    def choose_chip(self, game):
        """The best legal chip to take now for the seat's level (Easy and Normal: the most points), or CHOICE_NONE
        when nothing can be taken."""
        if game.phase != PHASE_CHOOSE:
            return CHOICE_NONE
        if game.levels[game.current] != LEVEL_HARD:
            return game.best_choice()
        legal = game.choices()
        best = -1
        choice = CHOICE_NONE
        for option in range(16):
            if legal >> option & 1:
                value = self.chip_worth(game, option & 7, option >= CHOICE_ASIDE)
                if value > best:
                    best = value
                    choice = option
        return choice

    def play_turn(self, game):
        """Play the current turn to its end (for benchmarks and headless runs); returns the chips taken."""
        taken = 0
        while not game.is_over():
            if game.phase == PHASE_ROLL:
                apply_keep(game, self.choose_keep(game))
            else:
                choice = self.choose_chip(game)
                if choice != CHOICE_NONE:
                    taken += 1
                game.take(choice)
                if game.phase != PHASE_CHOOSE:
                    break
        return taken


def easy_keep(game):
    """Easy's keep: STOP on any chip the dice take now; else the dice of the most common face (the higher of equal
    counts), the rest to roll."""
    if game.takeable():
        return STOP
    dice = game.dice
    best_face = 0
    best_count = 0
    for face in range(6, 0, -1):
        count = 0
        for i in range(DICE):
            if dice[i] == face:
                count += 1
        if count > best_count:
            best_count = count
            best_face = face
    keep = 0
    for i in range(DICE):
        if dice[i] == best_face:
            keep |= 1 << i
    return keep


def apply_keep(game, keep):
    """Do what choose_keep answered: STOP stops; else keep those dice (from the second roll on) and roll."""
    if keep == STOP:
        game.stop()
    else:
        if game.rolls_left < ROLLS_PER_TURN:
            game.set_keep(keep)
        game.roll()
