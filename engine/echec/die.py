"""The special die (RULINGS 3): six faces, two axes, two arrows, one panic, one blank.

It is rolled as a fair D6 from the game's own stream and read through this table."""

from __future__ import annotations

AXE, ARROW, PANIC, BLANK = "axe", "arrow", "panic", "blank"
FACES = (AXE, ARROW, PANIC, BLANK)
FACE_OF_VALUE = {1: AXE, 2: AXE, 3: ARROW, 4: ARROW, 5: PANIC, 6: BLANK}
VALUE_OF_FACE = {AXE: 1, ARROW: 3, PANIC: 5, BLANK: 6}  # one D6 value per face (for tests)
OPENING_DICE = 4  # each player rolls four dice for the first move
