from pips.scene import Scene
from tests.stand_in_game import rules  # a second module of the game's own


class StandInScene(Scene):
    rules_text = rules.TEXT
