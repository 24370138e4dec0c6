"""The app's colours (0xRRGGBB). Games may add their own, but reuse these for frames, text and highlights."""
from micropython import const

BACKGROUND = const(0x101C2C)  # deep blue-grey felt
PANEL = const(0x1E3048)       # overlay dialogs
BORDER = const(0x5C7EA8)
TEXT = const(0xF0F0E8)
DIM_TEXT = const(0x8C9AAC)
ACCENT = const(0xFFC83C)      # gold: titles, records, the cursor
HIGHLIGHT = const(0x2E5A8C)   # selection bar
GOOD = const(0x50D070)
BAD = const(0xE05050)
DIE_BODY = const(0xF4F0E4)
DIE_PIP = const(0x18181C)
DIE_EDGE = const(0x707888)
