"""Fixtures shared by the engine's tests."""

from __future__ import annotations

import pytest

from engine.components import COLOURS
from engine.state import Die


@pytest.fixture
def scripted_rolls(monkeypatch):
    """Dice rolled in Sequence B (the player's, then the neutral's) show these
    faces, in order: append them to the list the fixture gives."""
    faces: list[int] = []

    def roll(g, colour_index):
        return Die(COLOURS[colour_index], faces.pop(0))

    monkeypatch.setattr("engine.sequence_b.roll", roll)
    return faces
