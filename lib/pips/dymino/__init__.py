"""Dymino on the badge: scene, view, records, texts."""
