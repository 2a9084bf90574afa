"""Which decision an image is of: the bot passes the decision it lists beside
the image, and gets back the PNG with the numbers it drew and where.

    render_board(view, names, decision=d)          -> bytes
    render_board_marked(view, names, decision=d)   -> Rendered(png, marks)
    render_player_marked(view, seat, names, decision=d)
    images_for(d) -> ("table", "player")           which images carry d's numbers

A decision is an engine ``Decision`` or the view's own ``view["decision"]``
(the default). A secret decision's numbers show only on its own seat's view:
drawing them on any other view raises, because the image would show the
options (which cards a hand holds) to people who must not see them (R15).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.decision import PLAYER_MARKS, TABLE_MARKS, Decision
from renderer.common import View
from renderer.marks import Drawn


@dataclass(frozen=True, slots=True)
class Rendered:
    """A PNG and the numbered badges drawn on it."""

    png: bytes
    marks: tuple[Drawn, ...]

    @property
    def numbers(self) -> frozenset[int]:
        """Every option number shown on the image."""
        return frozenset(n for m in self.marks for n in m.numbers)


def with_decision(view: View, decision: Decision | dict[str, Any] | None) -> View:
    """The view with `decision` as the one its images are of (the view itself
    when None)."""
    if decision is None:
        return view
    if isinstance(decision, Decision):
        if decision.secret and view.get("viewer") != decision.seat:
            raise ValueError(
                f"decision {decision.kind!r} is secret: its numbers go only on seat "
                f"{decision.seat}'s own view, not on viewer {view.get('viewer')!r}'s"
            )
        decision = {
            "seat": decision.seat,
            "kind": decision.kind,
            "prompt": decision.prompt,
            "options": [o.to_json() for o in decision.options],
        }
    return {**view, "decision": decision}


def images_for(decision: Decision) -> tuple[str, ...]:
    """The images that carry the decision's numbers: "table" if an option marks
    a place on the table, "player" (the deciding seat's board) if one marks a
    place on a player board; () when no option marks a place."""
    kinds = {m.partition(":")[0] for o in decision.options for m in o.marks}
    return tuple(
        name for name, marks in (("table", TABLE_MARKS), ("player", PLAYER_MARKS)) if kinds & marks
    )
