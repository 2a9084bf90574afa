"""The images to send with a decision, in one call (issue 25: every image shown
with a decision is of that decision).

    decision_images(view, decision, names) -> {"table": Rendered, "player": Rendered}
    table_images(view, names, board_seat)  -> {"table": Rendered[, "player": Rendered]}

`view` is the view the images may show: ``game.view(None)`` for a public
decision, ``game.view(decision.seat)`` for a secret one (anything else raises
ValueError, see renderer/decision.py). ``decision_images`` makes only the
images that carry numbers: the table when an option marks a place on it, the
deciding seat's board when one marks a cell or a card slot; {} when no option
marks a place. ``table_images`` is what a channel's turn message shows: the
table, always, drawn with the view's own decision (its prompt, and its
numbers when the view shows its options), and ``board_seat``'s board too when
the decision numbers places there. It takes plain data only (the view dict),
so it can run in another process (bot/service/drawing.py).
"""

from __future__ import annotations

from engine.decision import Decision
from renderer.board import render_board_marked
from renderer.common import View
from renderer.decision import Rendered, images_for
from renderer.player import render_player_marked


def decision_images(
    view: View, decision: Decision, names: dict[int, str] | None = None
) -> dict[str, Rendered]:
    out: dict[str, Rendered] = {}
    for image in images_for(decision):
        if image == "table":
            out[image] = render_board_marked(view, names, decision)
        else:
            out[image] = render_player_marked(view, decision.seat, names, decision)
    return out


def table_images(
    view: View, names: dict[int, str] | None = None, board_seat: int | None = None
) -> dict[str, Rendered]:
    out = {"table": render_board_marked(view, names)}
    if board_seat is not None:
        out["player"] = render_player_marked(view, board_seat, names)
    return out
