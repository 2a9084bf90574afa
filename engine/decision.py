"""The shapes the engine talks in: decisions, options, actions, events."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

# Places an option may mark on the images (``Option.marks``), by their printed names:
#   table image:  "hex:5B", "action:3", "ravagers:3" (the Ravager stack at action 3),
#                 "display:4", "advanced:2" (board slots 1-4), "supply:o" (a damaged die),
#                 "die:<seat|n|h>:<code>" (a compartment die, e.g. "die:1:o3r"),
#                 "workstation:o"
#   player board: "cell:B2", "slot:row1" / "slot:colA", "aslot:o" (an Advanced slot)
TABLE_MARKS = frozenset(
    {"hex", "action", "ravagers", "display", "advanced", "supply", "die", "workstation"}
)
PLAYER_MARKS = frozenset({"cell", "slot", "aslot"})


@dataclass(frozen=True, slots=True)
class Option:
    """One legal answer to a decision: a stable ``id``, a short ``label`` (a
    button: at most 70 characters), the full ``detail`` (everything a player
    needs to choose it: what it will do, what it costs, what it risks) and the
    board places it refers to (``marks``, see TABLE_MARKS / PLAYER_MARKS)."""

    id: str
    label: str
    detail: str = ""
    marks: tuple[str, ...] = ()

    @property
    def text(self) -> str:
        """The full text: the detail, else the label."""
        return self.detail or self.label

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "label": self.label, "detail": self.text, "marks": list(self.marks)}


@dataclass(frozen=True, slots=True)
class Decision:
    """What the game is waiting for: who decides, what kind of choice, the options.

    ``secret`` decisions reveal hidden information through their options (a
    hand, drawn cards); their options appear only in the deciding seat's view.
    """

    seat: int
    kind: str
    prompt: str
    options: tuple[Option, ...]
    secret: bool = False

    def option(self, option_id: str) -> Option | None:
        for o in self.options:
            if o.id == option_id:
                return o
        return None


@dataclass(frozen=True, slots=True)
class Action:
    """A seat's answer to the pending decision."""

    seat: int
    option: str

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "option": self.option}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Action:
        return cls(int(data["seat"]), str(data["option"]))


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, for the game log. ``text`` is public;
    ``private`` (if any) is for ``seat`` only (e.g. which card was drawn)."""

    kind: str
    text: str
    seat: int | None = None
    private: str | None = None
    data: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "text": self.text}
        if self.seat is not None:
            out["seat"] = self.seat
        if self.private is not None:
            out["private"] = self.private
        if self.data:
            out["data"] = self.data
        return out
