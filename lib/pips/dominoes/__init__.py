"""Dominoes on the badge: the scene, its view, texts and saved records."""
