"""The shapes the engine talks in: decisions, options, actions, events."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Option:
    """One legal answer to a decision: a stable id and a label for people."""

    id: str
    label: str


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
