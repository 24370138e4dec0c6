"""Dominoes state to bytes: a version byte, a fixed header, the shuffled deck, the PRNG state and the line as its
packed placements. About 100 bytes, at most HEADER_BYTES + 2 x 28 + 9. Reading them back, checked, is
engine.dominoes_load: a save (the pause menu's, when the heap is fullest) loads only this small module, not
the loader's checks."""
import struct


SAVE_VERSION = 2  # 2: the 40 x 28 table (a line saved for the old 20 x 12 one would replay differently)
HEADER_FORMAT = "<BBBBBBBBHHHIIIIBHHBBBB"  # version, phase, turn, leader, lead tile, match winner, round winner,
# blocked (1; 2: conceded), round no, target, round points, hands, voids, drew flags, scores, draw pos, last
# kind/player/tile
HEADER_BYTES = struct.calcsize(HEADER_FORMAT)


def save_state(game):
    """The game state as bytes."""
    head = struct.pack(HEADER_FORMAT, SAVE_VERSION, game.phase, game.turn, game.leader, game.lead_tile,
                       game.match_winner, game.round_winner, game.round_blocked | game.round_conceded << 1,
                       game.round_no, game.target, game.round_points, game.hands[0], game.hands[1], game.void[0], game.void[1],
                       game.drew_since_void[0] | (game.drew_since_void[1] << 1), game.scores[0], game.scores[1],
                       game.draw_pos, game.last_kind, game.last_player, game.last_tile)
    out = bytearray(head)
    out.extend(game.deck)
    rng_bytes = bytearray(8)
    game.rng.save_into(rng_bytes, 0)
    out.extend(rng_bytes)
    out.append(game.table.count)
    out.extend(game.table.moves[:game.table.count])
    return bytes(out)
