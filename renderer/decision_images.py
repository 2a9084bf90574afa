"""The images to send with a decision, in one call (issue 25: every image shown
with a decision is of that decision).

    decision_images(view, decision, names) -> {"table": Rendered, "player": Rendered}

`view` is the view the images may show: ``game.view(None)`` for a public
decision, ``game.view(decision.seat)`` for a secret one (anything else raises
ValueError, see renderer/decision.py). Only the images that carry numbers are
made: the table when an option marks a place on it, the deciding seat's board
when one marks a cell or a card slot; {} when no option marks a place.
"""

from __future__ import annotations

from typing import Any

from engine.decision import Decision
from renderer.board import render_board_marked
from renderer.decision import Rendered, images_for
from renderer.player import render_player_marked


def decision_images(
    view: dict[str, Any], decision: Decision, names: dict[int, str] | None = None
) -> dict[str, Rendered]:
    out: dict[str, Rendered] = {}
    for image in images_for(decision):
        if image == "table":
            out[image] = render_board_marked(view, names, decision)
        else:
            out[image] = render_player_marked(view, decision.seat, names, decision)
    return out
