"""Taking a die in Sequence A: your own (either area), or one bought from
another compartment; flipping with debris; and (rules version 2, R2 amended
and R18, engine/READINGS.md 16) which dice may be taken at all: only those
that can then be used, and which A.1 choices keep such a die. A debris
flip's option is here too: the turn's start and the late flips offer it."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from engine.components import COLOURS, OPPOSITE_FACE, DieColour
from engine.components.cards import MISSION_CARDS
from engine.decision import Option
from engine.dice_use import bought_die_usable, die_usable, own_die_usable
from engine.ops import CELL_NAMES, player
from engine.rules_version import zero_die_commands_only
from engine.state import Die, Player
from engine.words import a, die_words, face_words

if TYPE_CHECKING:
    from engine.game import Game


def die_codes(dice: list[Die], suffix: str = "") -> list[str]:
    seen: list[str] = []
    for d in dice:
        code = d.code + suffix
        if code not in seen:
            seen.append(code)
    return seen


def own_die_codes(g: Game, seat: int) -> list[str]:
    p = player(g, seat)
    return die_codes(p.standard) + die_codes(p.secure, "r")


def find_own_die(g: Game, seat: int, code: str) -> tuple[list[Die], int]:
    p = player(g, seat)
    area, code = (p.secure, code[:-1]) if code.endswith("r") else (p.standard, code)
    for i, d in enumerate(area):
        if d.code == code:
            return area, i
    raise AssertionError(f"no die {code}")


def compartments_for_sale(g: Game, seat: int) -> list[tuple[str, list[Die]]]:
    """Other compartments' standard areas (reserved dice cannot be bought)."""
    out: list[tuple[str, list[Die]]] = [
        (str(p.seat), p.standard) for p in g.state.players if p.seat != seat
    ]
    if g.state.neutral is not None:
        out.append(("n", g.state.neutral.dice))
    if g.state.hal is not None:
        out.append(("h", g.state.hal.dice))  # Hal never reserves
    return out


def owner_name(g: Game, owner: str) -> str:
    return g.name(owner if owner in ("n", "h") else int(owner))


def buy_options(g: Game, seat: int) -> list[Option]:
    if player(g, seat).resources < 1:
        return []
    zero_rule = zero_die_commands_only(g.state.options)
    opts = []
    usable = once_per_face(lambda d: bought_die_usable(g, seat, d))
    for owner, dice in compartments_for_sale(g, seat):
        for code in die_codes([d for d in dice if not zero_rule or usable(d)]):
            opts.append(
                Option.lazy(f"buy:{owner}:{code}", lambda o=owner, c=code: _buy_words(g, o, c))
            )
    return opts


def once_per_face(test: Callable[[Die], bool]) -> Callable[[Die], bool]:
    """`test`, asked once per colour and value: alike dice are alike to use."""
    known: dict[tuple[DieColour, int], bool] = {}

    def ok(d: Die) -> bool:
        key = (d.colour, d.value)
        found = known.get(key)
        if found is None:
            found = known[key] = test(d)
        return found

    return ok


def can_buy(g: Game, seat: int) -> bool:
    """``bool(buy_options(g, seat))``, stopping at the first die."""
    return player(g, seat).resources >= 1 and _sale_usable(g, seat)


def _sale_usable(g: Game, seat: int) -> bool:
    """A die for sale this seat could use once bought (whatever its resources)."""
    zero_rule = zero_die_commands_only(g.state.options)
    usable = once_per_face(lambda d: bought_die_usable(g, seat, d))
    return any(
        not zero_rule or usable(d) for _, dice in compartments_for_sale(g, seat) for d in dice
    )


@contextmanager
def _out_of_hand(p: Player, kind: str, card: int) -> Iterator[None]:
    """The card ("mission" or "ravager") out of the hand for a check, as once played."""
    hand = p.missions if kind == "mission" else p.ravagers
    i = hand.index(card)
    hand.pop(i)
    try:
        yield
    finally:
        hand.insert(i, card)


def _buy_words(g: Game, owner: str, code: str) -> tuple[str, str, tuple[str, ...]]:
    who = owner_name(g, owner)
    # One form for every payee (R16: a neutral die is paid to the supply).
    payee = "the supply" if owner == "n" else who
    return (
        f"Buy {who}'s {die_text(code)} (1 resource)",
        f"Buy {who}'s {die_text(code)} for 1 resource, paid to {payee}"
        + (" (he turns it into 1 VP)" if owner == "h" else ""),  # solo "Clarifications"
        (f"die:{owner}:{code}",),
    )


DIE_TEXT = {
    code: die_words(code)
    for c in COLOURS
    for v in range(4)
    for code in (f"{c.letter}{v}", f"{c.letter}{v}r")
}


def die_text(code: str) -> str:
    return DIE_TEXT[code]


def flip_with_debris(g: Game, seat: int, colour: DieColour, value: int, late: bool = False) -> int:
    """Spend a debris from storage to turn a die to its opposite face
    (`late`: after the action, as the turn ends, R20)."""
    player(g, seat).debris -= 1
    new = OPPOSITE_FACE[value]
    g.log(
        "flip",
        f"{g.name(seat)} spends a debris to flip {a(colour)} die "
        f"from {face_words(value)} to {face_words(new)}" + (" as the turn ends." if late else "."),
        seat,
    )
    return new


def sequence_a_possible(g: Game, seat: int) -> bool:
    """R2: a die you can take and use. Version 1: any die (a star could then
    perform any action of its colour for nothing)."""
    p = player(g, seat)
    if not zero_die_commands_only(g.state.options):
        return bool(p.standard or p.secure) or can_buy(g, seat)
    return any(own_die_usable(g, seat, d) for d in p.dice) or can_buy(g, seat)


def die_only_by_flip(g: Game, seat: int, card: tuple[str, int]) -> bool:
    """Version 2: once this card is played, as things stand, no die can be
    taken and used unless a die is first flipped with debris (no own die is
    usable as it shows, no die for sale is usable). The turn then spends a
    debris (the flip may be the only option, and is then taken for the
    player), so the card play says so (`flip_note`). "As things stand": the
    card's own tiles (a ship moved, a card drawn) may still open another way.
    `card`: ("mission" or "ravager", id), judged out of the hand."""
    p = player(g, seat)
    if not zero_die_commands_only(g.state.options) or not p.debris:
        return False
    with _out_of_hand(p, *card):
        # A die for sale counts whatever the resources: the card's tiles may pay for it.
        return not any(own_die_usable(g, seat, d, 0) for d in p.dice) and not _sale_usable(g, seat)


def flip_note(g: Game, seat: int, card: tuple[str, int]) -> str:
    """What a card play's words add when the die after it needs a debris
    flip (`die_only_by_flip`): the play spends the debris too."""
    if die_only_by_flip(g, seat, card):
        return "; as things stand, no die can then be used until you flip one with debris"
    return ""


def usable_own_die_codes(g: Game, seat: int) -> list[str]:
    """Own dice that may be taken (version 2: only those that can be used, R2/R18)."""
    if not zero_die_commands_only(g.state.options):
        return own_die_codes(g, seat)
    p = player(g, seat)
    ok = once_per_face(lambda d: own_die_usable(g, seat, d))
    return die_codes([d for d in p.standard if ok(d)]) + die_codes(
        [d for d in p.secure if ok(d)], "r"
    )


def flip_leaves_a_die(g: Game, seat: int, code: str) -> bool:
    """Version 2: flipping this die before taking one (which commits to
    Sequence A) must leave a die that can be taken and used."""
    if not zero_die_commands_only(g.state.options):
        return True
    p = player(g, seat)
    area, i = find_own_die(g, seat, code)
    flipped = area[i]
    debris = p.debris - 1
    if die_usable(g, seat, flipped.colour, OPPOSITE_FACE[flipped.value], min(debris, 1)):
        return True
    others = [d for d in p.dice if d is not flipped]
    return any(own_die_usable(g, seat, d, debris) for d in others) or can_buy(g, seat)


def cards_keeping_sequence_a(g: Game, seat: int) -> list[int]:
    """The hand's Mission cards for which ``card_keeps_sequence_a`` holds.
    The hand counts only through the colours it holds (a card a die worth 0
    could place, R18), so a card whose colour another card in hand shares
    changes nothing: one check per colour held by a single card."""
    p = player(g, seat)
    hand = p.missions
    if not zero_die_commands_only(g.state.options) or not hand:
        return list(hand)
    # More cards never make fewer dice usable: if a die can be used with no
    # card in hand at all, every card keeps Sequence A.
    p.missions = []
    try:
        without_any = sequence_a_possible(g, seat)
    finally:
        p.missions = hand
    if without_any:
        return list(hand)
    counts: dict[DieColour, int] = {}
    for m in hand:
        c = MISSION_CARDS[m].colour
        counts[c] = counts.get(c, 0) + 1
    known: dict[DieColour | None, bool] = {}
    out = []
    for m in hand:
        c = MISSION_CARDS[m].colour
        key = c if counts[c] == 1 else None
        if key not in known:
            known[key] = (
                card_keeps_sequence_a(g, seat, m)
                if key is not None
                else sequence_a_possible(g, seat)
            )
        if known[key]:
            out.append(m)
    return out


def card_keeps_sequence_a(g: Game, seat: int, card: int) -> bool:
    """Version 2: playing this Mission card (A.1) must leave a die that can be
    taken and used: it may be the only card a die worth 0 could place."""
    if not zero_die_commands_only(g.state.options):
        return True
    with _out_of_hand(player(g, seat), "mission", card):
        return sequence_a_possible(g, seat)


def early_flip_keeps_sequence_a(g: Game, seat: int, option: str) -> bool:
    """Version 2: once committed to Sequence A, an early flip of a boost tile
    must not lose the boost a die needs (set to 3, change colour)."""
    if not zero_die_commands_only(g.state.options):
        return True
    boost = player(g, seat).grid_boost
    cell = CELL_NAMES.index(option.partition(":")[2])
    boost[cell] = False
    try:
        return sequence_a_possible(g, seat)
    finally:
        boost[cell] = True


def flip_option(seat: int, code: str, commits: bool = False, why: str = "") -> Option:
    """`commits`: flipping starts Sequence A (debris flips a die only in a
    Sequence A, rulebook "Debris"), so Sequence B is no longer offered.
    `why`: a late flip's reason (R20, engine/late_flip.py `late_flip_why`)."""

    def words() -> tuple[str, str, tuple[str, ...]]:
        colour, value = code[0], int(code[1])
        new = OPPOSITE_FACE[value]
        after = die_text(f"{colour}{new}")  # the face only, without "(reserved)"
        then = "; this commits you to Sequence A (no Sequence B this turn)" if commits else ""
        then += f" ({why})" if why else ""
        return (
            f"Flip your {die_text(code)} to {face_words(new, short=True)} (1 debris)",
            f"Spend a debris to flip your {die_text(code)} to its opposite face: {after}{then}",
            (f"die:{seat}:{code}",),
        )

    return Option.lazy(f"flip:{code}", words)
