"""R20 (rules version 4): debris may flip a die after the action too, at the
end of a Sequence A turn (engine/READINGS.md 19)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine import asking
from engine.components import OPPOSITE_FACE
from engine.decision import Option
from engine.dice_take import find_own_die, flip_option, flip_with_debris, own_die_codes
from engine.handlers import Frame, Handler, handler
from engine.ops import player
from engine.rules_version import debris_flips_after_the_action, no_late_flip_that_changes_nothing

if TYPE_CHECKING:
    from engine.game import Game


def late_flip_why(g: Game, code: str | None = None) -> str:
    """Why a late flip (R20) only lowers a die (engine/READINGS.md 19), said
    where the flips are offered: otherwise a missing flip up reads as a bug.
    In the final round the player's turn is their last, so no Sequence B of
    theirs comes (B.1 costs the dice left): only a buyer is left to care, and
    a reserved die has none (version 5 no longer offers its flip; `code`: the
    die, for version 4's words). The others may still choose Sequence B in the
    final round (only B.3 is skipped): "the final round has no Sequence B"
    read as if they could not."""
    if g.state.last_round != g.state.round:
        if code is not None and code.endswith("r"):
            return (
                "nobody may buy a reserved die, so lowering it only costs you less VP at Sequence B"
            )
        return (
            "only lowering flips now: a lower die is worth less to a buyer and costs you less "
            "VP at Sequence B; a flip up can wait for your next Sequence A"
        )
    if code is not None and code.endswith("r"):
        return (
            "this changes nothing: this is your last turn, so no Sequence B of yours comes, "
            "and nobody may buy a reserved die"
        )
    return (
        "only lowering flips now: a lower die is worth less to a buyer; "
        "this is your last turn, so no Sequence B of yours will cost you these dice"
    )


def late_flips(g: Game, seat: int, prompt_says_why: bool = False) -> list[Option]:
    """R20 (rules version 4): the flips debris may still make at the end of a
    Sequence A turn, when they can matter: not on the game's very last turn
    (dice no longer count), not a flip back of this turn's flip, and not a
    reserved die flipped up (nobody can buy it, so flipping it up at your next
    Sequence A is never worse); version 5: in the final round, no reserved
    die (nobody may buy it and no Sequence B comes)."""
    s = g.state
    if (
        not debris_flips_after_the_action(s.options)
        or not player(g, seat).debris
        or asking.last_turn_of_game(g)
    ):
        return []
    final = s.last_round == s.round and no_late_flip_that_changes_nothing(s.options)
    said = late_flip_why(g) if prompt_says_why else ""
    return [
        flip_option(seat, code, why=_unless_said(late_flip_why(g, code), said))
        for code in own_die_codes(g, seat)
        if OPPOSITE_FACE[int(code[1])] < int(code[1])
        and not asking.flips_back(g, seat, code)
        and not (final and code.endswith("r"))
    ]


def _unless_said(why: str, said: str) -> str:
    """An option's reason, unless its prompt already gives the same one: a
    reason repeated on every flip only lengthens the list."""
    return "" if why == said else why


def late_flip(g: Game, seat: int, option: str) -> None:
    code = option.partition(":")[2]
    area, i = find_own_die(g, seat, code)
    area[i].value = flip_with_debris(g, seat, area[i].colour, area[i].value, late=True)
    g.state.turn.setdefault("flipped", []).append(f"{code[0]}{area[i].value}{code[2:]}")


@handler
class LateFlip(Handler):
    """R20 (rules version 4): debris may flip a die "at any point" of a
    Sequence A turn, also after the action with debris gained during it. Asked
    once at the end of the turn, after A.3, and only when it can matter
    (``late_flips``); a hand-limit question at the end of the turn carries
    the flips instead."""

    kind = "late_flip"

    def prompt(self, g: Game, f: Frame) -> str:
        why = late_flip_why(g)
        return (
            "Before your turn ends: flip a die in your compartment with debris? "
            f"{why[:1].upper()}{why[1:]}."
        )

    def options(self, g: Game, f: Frame) -> list[Option]:
        if f.get("asked"):
            return []  # offered with the hand limit's discard
        flips = late_flips(g, f["seat"], prompt_says_why=True)
        if not flips:
            return []
        return asking.with_stop(
            g, Option("done", "End your turn", "End your turn, flipping nothing"), flips
        )

    def choose(self, g: Game, f: Frame, option: str) -> None:
        if option == "done":
            return
        late_flip(g, f["seat"], option)
        g.push("late_flip", seat=f["seat"])  # one debris per flip: ask again
