"""Kniffel Dice Duel on the badge: setup, the game scene, its drawing, records and texts."""
