"""Kniffel Dice Duel: the dice, the turns and rounds, the chip tray, bonuses and the saved state.

Rules: shared/rules/dice_duel.md. One game object owns every buffer; a move is one call that returns a small int
(OK or an ERR_* code saying why nothing changed). Chip choices are small ints: a kind 0..6 takes from the tray,
CHOICE_ASIDE + kind takes a set-aside chip (Kniffel only), CHOICE_NONE ends a turn without a chip: [seed] a
player *may* take a chip, so declining is always allowed (and the set-aside rule then applies).
"""
from micropython import const

from engine.rng import Rng
from engine.dice_duel_combos import combos, CHIP_VALUES, KIND_COUNT, BIT_KNIFFEL
# The numbers the saved state's checks share (engine.dice_duel_state imports them there, not from here)
from engine.dice_duel_rules import (DICE, ROLLS_PER_TURN, CHIPS_PER_KIND, MAX_PLAYERS, SOLO_KNIFFEL_CHIPS,
                                    KNIFFEL_CHIPS, ALL_DICE, STATE_BYTES, CHOICE_NONE, NOBODY, PHASE_ROLL,
                                    PHASE_CHOOSE, PHASE_OVER, LEVEL_HARD, LEVELS)

LAST_CHIP_BONUS = const(20)         # [seed]
FULL_STACK_BONUS = const(30)        # [seed] per kind held complete
GOLD_BONUS = const(50)              # [seed] all 7 kinds
SILVER_BONUS = const(20)            # [edition] exactly 6 kinds
_SILVER_KINDS = const(6)

CHOICE_ASIDE = const(8)

OK = const(0)
ERR_PHASE = const(1)       # not possible in this phase of the turn
ERR_NO_ROLLS = const(2)    # no rolls left
ERR_ALL_KEPT = const(3)    # every die is kept: nothing to roll
ERR_NOT_ROLLED = const(4)  # the turn has not rolled yet
ERR_BAD_DIE = const(5)
ERR_NOT_FITTING = const(6)  # the dice do not make that combination, or it is not a legal choice
ERR_NO_CHIP = const(7)      # no chip of that kind is left there
_ERR_BAD_VALUES = const(9)


_F_ROUND_TOOK = const(1)
_F_TURN_TOOK = const(2)
_F_EXTRA_TURN = const(4)


class DiceDuel:
    """One game. `players` 1..4 (1 is the solo variant); `cpu_mask` marks CPU seats (kept for the app); `levels`
    each seat's CPU level (LEVEL_EASY..LEVEL_HARD, a sequence one a seat; None: Hard, the CPU before levels; one
    out of range raises ValueError). The levels are not in the state bytes: the app's saved game keeps them beside
    them (load_from leaves them as they are)."""

    def __init__(self, players=1, seed=1, cpu_mask=0, levels=None):
        if not 1 <= players <= MAX_PLAYERS or cpu_mask >> players:
            raise ValueError("bad players")
        self.levels = bytearray((LEVEL_HARD,) * MAX_PLAYERS)
        if levels is not None:
            if len(levels) > MAX_PLAYERS:
                raise ValueError("bad levels")
            for seat in range(len(levels)):
                if not 0 <= levels[seat] < LEVELS:
                    raise ValueError("bad level")
                self.levels[seat] = levels[seat]
        self.rng = Rng(seed)
        self.dice = bytearray(DICE)
        self.tray = bytearray(KIND_COUNT)
        self.aside = bytearray(KIND_COUNT)
        self.held = bytearray(MAX_PLAYERS * KIND_COUNT)   # held[player * 7 + kind]
        self.rolloff = bytearray(MAX_PLAYERS)             # each seat's last roll-off die (0 when out)
        self.players = players
        self.cpu_mask = cpu_mask
        self.solo = players == 1
        for kind in range(KIND_COUNT):
            self.tray[kind] = CHIPS_PER_KIND
        self.keep = 0
        self.rolls_left = ROLLS_PER_TURN
        self.phase = PHASE_ROLL
        self.mask = 0
        self.picks_left = 0
        self.flags = 0
        self.last_taker = NOBODY
        self.last_aside = CHOICE_NONE
        self.round = 0
        self.first = self._roll_off()
        self.current = self.first

    def _roll_off(self):
        """[seed] Everyone rolls one die, highest starts; the tied highest roll again."""
        rolloff = self.rolloff
        rng = self.rng
        tied = (1 << self.players) - 1
        while True:
            best = 0
            for seat in range(self.players):
                if tied >> seat & 1:
                    rolloff[seat] = rng.die()
                    if rolloff[seat] > best:
                        best = rolloff[seat]
                else:
                    rolloff[seat] = 0
            tied = 0
            winner = 0
            for seat in range(self.players):
                if rolloff[seat] == best:
                    tied |= 1 << seat
                    winner = seat
            if tied & (tied - 1) == 0:
                return winner

    # ---- rolling ----------------------------------------------------------------------------------------
    def roll(self):
        """Roll the dice not kept (all of them on the turn's first roll)."""
        code = self._check_roll()
        if code:
            return code
        dice = self.dice
        keep = self.keep if self.rolls_left < ROLLS_PER_TURN else 0
        rng = self.rng
        for i in range(DICE):
            if not keep >> i & 1:
                dice[i] = rng.die()
        self._rolled()
        return OK

    def set_dice(self, values):
        """For tests and replays only: a roll whose five results are `values` (1..6 each)."""
        code = self._check_roll()
        if code:
            return code
        for i in range(DICE):
            if not 0 < values[i] < 7:
                return _ERR_BAD_VALUES
        for i in range(DICE):
            self.dice[i] = values[i]
        self._rolled()
        return OK

    def _check_roll(self):
        if self.phase != PHASE_ROLL:
            return ERR_PHASE
        if self.rolls_left == 0:
            return ERR_NO_ROLLS
        if self.rolls_left < ROLLS_PER_TURN and self.keep == ALL_DICE:
            return ERR_ALL_KEPT
        return OK

    def _rolled(self):
        if self.rolls_left == ROLLS_PER_TURN:
            self.keep = 0
        self.rolls_left -= 1
        self.mask = combos(self.dice)
        if self.rolls_left == 0:
            self._start_choosing()

    def toggle_keep(self, die):
        """Keep or release one die (0..4) between rolls."""
        if not 0 <= die < DICE:
            return ERR_BAD_DIE
        return self.set_keep(self.keep ^ (1 << die))

    def set_keep(self, mask):
        """Set which dice are kept (bit i = die i) before the next roll."""
        if self.phase != PHASE_ROLL:
            return ERR_PHASE
        if self.rolls_left == ROLLS_PER_TURN:
            return ERR_NOT_ROLLED
        if not 0 <= mask <= ALL_DICE:
            return ERR_BAD_DIE
        self.keep = mask
        return OK

    def stop(self):
        """End the rolling after at least one roll; the chip choice opens."""
        if self.phase != PHASE_ROLL:
            return ERR_PHASE
        if self.rolls_left == ROLLS_PER_TURN:
            return ERR_NOT_ROLLED
        self._start_choosing()
        return OK

    def back_to_rolls(self):
        """Leave the chip choice and roll on, while rolls are left and no chip was taken this turn."""
        if self.phase != PHASE_CHOOSE or self.flags & _F_TURN_TOOK:
            return ERR_PHASE
        if self.rolls_left == 0:
            return ERR_NO_ROLLS
        self.phase = PHASE_ROLL
        self.picks_left = 0
        return OK

    def _start_choosing(self):
        self.phase = PHASE_CHOOSE
        if self.mask & BIT_KNIFFEL:
            self.picks_left = SOLO_KNIFFEL_CHIPS if self.solo else KNIFFEL_CHIPS
        else:
            self.picks_left = 1

    # ---- chips ------------------------------------------------------------------------------------------
    def choices(self):
        """Legal chips now: bit k = tray kind k, bit CHOICE_ASIDE + k = set-aside kind k. 0: nothing to take."""
        if self.phase != PHASE_CHOOSE:
            return 0
        return self.takeable()

    def takeable(self):
        """The chips the current dice could take if the rolling stopped now (same bits as choices())."""
        if self.phase == PHASE_OVER:
            return 0
        tray = self.tray
        aside = self.aside
        kniffel = self.mask & BIT_KNIFFEL
        fits = self.mask
        result = 0
        for kind in range(KIND_COUNT):
            if tray[kind] and (kniffel or fits >> kind & 1):
                result |= 1 << kind
            if kniffel and aside[kind]:
                result |= 1 << (CHOICE_ASIDE + kind)
        return result

    def best_choice(self):
        """The most valuable chip the player may take now (the tray's before a set-aside one of the same
        kind), or CHOICE_NONE."""
        legal = self.choices()
        for kind in range(KIND_COUNT - 1, -1, -1):  # kinds are in order of value
            if legal >> kind & 1:
                return kind
            if legal >> (CHOICE_ASIDE + kind) & 1:
                return CHOICE_ASIDE + kind
        return CHOICE_NONE

    def take(self, choice):
        """Take one chip (a kind, or CHOICE_ASIDE + kind after a Kniffel), or decline with CHOICE_NONE."""
        if self.phase != PHASE_CHOOSE:
            return ERR_PHASE
        legal = self.choices()
        if choice == CHOICE_NONE:
            self._end_turn()
            return OK
        if not (0 <= choice < KIND_COUNT or CHOICE_ASIDE <= choice < CHOICE_ASIDE + KIND_COUNT):
            return ERR_NOT_FITTING
        if not legal >> choice & 1:
            kind = choice & 7
            if choice < CHOICE_ASIDE and not self.mask & BIT_KNIFFEL and not self.mask >> kind & 1:
                return ERR_NOT_FITTING
            if choice >= CHOICE_ASIDE and not self.mask & BIT_KNIFFEL:
                return ERR_NOT_FITTING
            return ERR_NO_CHIP
        kind = choice & 7
        if choice < CHOICE_ASIDE:
            self.tray[kind] -= 1
        else:
            self.aside[kind] -= 1
        self.held[self.current * KIND_COUNT + kind] += 1
        self.flags |= _F_TURN_TOOK | _F_ROUND_TOOK
        self.picks_left -= 1
        if self.tray_count() == 0:
            # [seed] the game ends as soon as the last chip leaves the tray.
            if choice < CHOICE_ASIDE:
                self.last_taker = self.current
            self.phase = PHASE_OVER
            self.picks_left = 0
            return OK
        if self.picks_left and self.choices():
            return OK
        self._end_turn()
        return OK

    def _end_turn(self):
        self.last_aside = CHOICE_NONE
        extra = self.mask & BIT_KNIFFEL and self.flags & _F_TURN_TOOK
        self.flags &= ~(_F_TURN_TOOK | _F_EXTRA_TURN)
        if extra:
            # [seed] a Kniffel plays another turn at once; the round goes on. Solo, every turn is a round of its
            # own: the Kniffel's chip must not count for the extra turn (a chipless one then sets a chip aside).
            self.flags |= _F_EXTRA_TURN
            if self.solo:
                self.flags &= ~_F_ROUND_TOOK
        else:
            following = (self.current + 1) % self.players
            if following == self.first:
                self._end_round()
                if self.phase == PHASE_OVER:
                    return
            self.current = following
        self.phase = PHASE_ROLL
        self.rolls_left = ROLLS_PER_TURN
        self.keep = 0
        self.mask = 0
        self.picks_left = 0
        dice = self.dice
        for i in range(DICE):
            dice[i] = 0

    def _end_round(self):
        if not self.flags & _F_ROUND_TOOK:
            # [seed] a round without a chip sets aside the highest chip still in the tray.
            tray = self.tray
            for kind in range(KIND_COUNT - 1, -1, -1):
                if tray[kind]:
                    tray[kind] -= 1
                    self.aside[kind] += 1
                    self.last_aside = kind
                    break
            if self.tray_count() == 0:
                self.phase = PHASE_OVER
                return
        self.flags &= ~_F_ROUND_TOOK
        if self.round < 255:
            self.round += 1

    # ---- queries ----------------------------------------------------------------------------------------
    def extra_turn(self):
        """True when the current turn is the extra turn a Kniffel gave."""
        return self.flags & _F_EXTRA_TURN != 0

    def is_over(self):
        return self.phase == PHASE_OVER

    def tray_count(self):
        tray = self.tray
        return tray[0] + tray[1] + tray[2] + tray[3] + tray[4] + tray[5] + tray[6]

    def aside_count(self):
        aside = self.aside
        return aside[0] + aside[1] + aside[2] + aside[3] + aside[4] + aside[5] + aside[6]

    def held_count(self, player, kind):
        return self.held[player * KIND_COUNT + kind]

    def chip_points(self, player):
        total = 0
        base = player * KIND_COUNT
        for kind in range(KIND_COUNT):
            total += self.held[base + kind] * CHIP_VALUES[kind]
        return total

    def kinds_held(self, player):
        count = 0
        base = player * KIND_COUNT
        for kind in range(KIND_COUNT):
            if self.held[base + kind]:
                count += 1
        return count

    def full_stacks(self, player):
        count = 0
        base = player * KIND_COUNT
        for kind in range(KIND_COUNT):
            if self.held[base + kind] == CHIPS_PER_KIND:
                count += 1
        return count

    def stack_bonus(self, player):
        return self.full_stacks(player) * FULL_STACK_BONUS

    def kinds_bonus(self, player):
        """Gold (all 7 kinds) or silver (exactly 6): never both."""
        kinds = self.kinds_held(player)
        if kinds == KIND_COUNT:
            return GOLD_BONUS
        if kinds == _SILVER_KINDS:
            return SILVER_BONUS
        return 0

    def last_chip_bonus(self, player):
        return LAST_CHIP_BONUS if self.last_taker == player else 0

    def score(self, player):
        return (self.chip_points(player) + self.stack_bonus(player) + self.kinds_bonus(player)
                + self.last_chip_bonus(player))

    def winners(self):
        """Bit mask of the seats with the most points ([decided] equal points share the win)."""
        best = -1
        mask = 0
        for player in range(self.players):
            points = self.score(player)
            if points > best:
                best = points
                mask = 1 << player
            elif points == best:
                mask |= 1 << player
        return mask

    # ---- saved state (layout and checks in engine.dice_duel_state) ---------------------------------------
    # (imported on use: 4 KB of the badge's heap that play does not need)
    def save_into(self, buf, offset=0):
        """Write the whole game as STATE_BYTES bytes at buf[offset:]; returns the offset after it."""
        from engine import dice_duel_state
        return dice_duel_state.save_into(self, buf, offset)

    def to_bytes(self):
        buf = bytearray(STATE_BYTES)
        self.save_into(buf, 0)
        return bytes(buf)

    def load_from(self, buf, offset=0):
        """Replace this game by the one saved at buf[offset:]; bad bytes raise ValueError, changing nothing."""
        from engine import dice_duel_state
        return dice_duel_state.load_into(self, buf, offset)


def from_bytes(data):
    """A game loaded from bytes written by save_into / to_bytes."""
    game = DiceDuel(1, 1)
    game.load_from(data, 0)
    return game
