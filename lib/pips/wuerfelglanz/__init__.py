"""Würfelglanz on the app: scene, view, saved records, texts."""
