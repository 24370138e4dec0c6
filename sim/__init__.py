"""The desktop simulator: the badge's app on Blinka displayio in a pygame window (or headless). `python -m sim`."""
