"""A stand-in game package that the unloading test imports through the app (never imported elsewhere)."""
