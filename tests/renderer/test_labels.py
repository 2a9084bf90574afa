"""The images' short words name a die's colour in words: a letter code
('y' for gray) would read as a player (Yellow; issue 25)."""

from __future__ import annotations

import re

from engine.components.cards import RAVAGER_CARDS, RavagerEffect
from engine.components.tiles import TILES
from renderer import labels

_LETTER_DIE = re.compile(r"\b[oyg] die\b|reserve [oyg]\b")


def test_boost_sides_name_the_die_colour_in_words() -> None:
    boosted = [t for t in TILES if t.boost is not None and t.boost_colour is not None]
    assert boosted
    for t in boosted:
        words = labels.tile_text(t.id, boost=True)
        assert t.boost_colour.value in words, words
        assert not _LETTER_DIE.search(words), words


def test_a_ravager_that_damages_a_die_names_its_colour_in_words() -> None:
    cards = [c for c in RAVAGER_CARDS if c.effect is RavagerEffect.DAMAGE_DIE]
    assert cards
    for c in cards:
        words = labels.ravager_text(c.id)
        assert words == f"damage 1 {c.die_colour.value} die", words


def test_every_ravager_effect_fits_whole_beside_every_action() -> None:
    # "top: damage 1 orange die" was cut to "damage 1 orange…" at size 16.
    from renderer import layout as L
    from renderer.angel import ravager_top_line
    from renderer.fonts import fit

    layout = L.board_layout(7, 3)
    for action in range(1, 7):
        x0, _, x1, _ = L.ravager_box(layout, action)
        width = x1 - x0 - 12
        for c in RAVAGER_CARDS:
            words, size = ravager_top_line(c.id, width)
            assert words == "top: " + labels.ravager_text(c.id)
            assert fit(words, width, size) == words, (words, size, width)
