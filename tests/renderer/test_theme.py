"""Themes are cache keys: equal themes hash alike, in this process and after a pickle."""

from __future__ import annotations

import pickle
import subprocess
import sys
from dataclasses import replace

from renderer.theme import DEFAULT_THEME, HIGH_CONTRAST, Theme


def test_equal_themes_hash_alike_and_different_ones_differ() -> None:
    assert Theme() == DEFAULT_THEME and hash(Theme()) == hash(DEFAULT_THEME)
    assert hash(HIGH_CONTRAST) != hash(DEFAULT_THEME)
    changed = replace(DEFAULT_THEME, text=(1, 2, 3))
    hash(DEFAULT_THEME)  # the default's hash is kept on it now
    assert changed != DEFAULT_THEME and hash(changed) != hash(DEFAULT_THEME)


def test_a_pickled_theme_hashes_as_the_receiving_process_does() -> None:
    """The hash kept on a theme is not pickled: a render worker hashes strings with a seed
    of its own, and must find the theme it was sent among the ones it cached."""
    hash(HIGH_CONTRAST)
    data = pickle.dumps(HIGH_CONTRAST)
    assert b"_hash" not in data
    script = (
        "import pickle, sys; from renderer.theme import HIGH_CONTRAST; "
        "theme = pickle.loads(sys.stdin.buffer.read()); "
        "print(theme == HIGH_CONTRAST, hash(theme) == hash(HIGH_CONTRAST), "
        "{HIGH_CONTRAST: 1}.get(theme))"
    )
    out = subprocess.run(
        [sys.executable, "-c", script], input=data, capture_output=True, check=True
    )
    assert out.stdout.split() == [b"True", b"True", b"1"]
