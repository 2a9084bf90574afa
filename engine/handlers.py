"""The frame-handler registry: each kind of step in a turn is one Handler."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.decision import Option

if TYPE_CHECKING:
    from engine.game import Game

Frame = dict[str, Any]


class Handler:
    """One kind of frame. `options` returns None for an automatic step (then
    `resolve` runs), an empty list to skip it, or the legal options."""

    kind: str = ""
    secret: bool = False  # options reveal hidden information (a hand, drawn cards)
    auto_single: bool = False  # a lone option is no choice: the engine takes it

    def options(self, g: Game, f: Frame) -> list[Option] | None:
        return None

    def surely_asks(self, g: Game, f: Frame) -> bool:
        """True only when `options` is sure to offer two or more options: the
        engine then waits on this frame without listing them until someone
        reads them (the bots' look-ahead judges many positions it never
        decides in). False when unsure: the options are listed at once."""
        return False

    def resolve(self, g: Game, f: Frame) -> None:
        raise AssertionError(f"{self.kind} has no automatic resolution")

    def choose(self, g: Game, f: Frame, option: str) -> None:
        raise AssertionError(f"{self.kind} takes no options")

    def seat(self, g: Game, f: Frame) -> int:
        return int(f.get("seat", g.state.current))

    def prompt(self, g: Game, f: Frame) -> str:
        return self.kind


HANDLERS: dict[str, Handler] = {}


def handler(cls: type[Handler]) -> type[Handler]:
    HANDLERS[cls.kind] = cls()
    return cls


def _load() -> None:
    # Importing the rule modules registers their handlers.
    from engine import (  # noqa: F401
        boosts,
        card_slot,
        command,
        discover,
        draw_card,
        hal,
        late_flip,
        missions,
        ravagers,
        repair,
        sequence_b,
        tile_effects,
        tiles,
        turn,
        use_die,
    )


_load()
