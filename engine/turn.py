"""The turn's first choices: Sequence A or B, and Sequence A's choices before
a die is in use: play a card around the board (A.1; its slot is
engine/card_slot.py), flip a die with debris, take or buy a die (A.2; its use is
engine/use_die.py). A.3 is engine/draw_card.py, the late flips (R20)
engine/late_flip.py, Sequence B engine/sequence_b.py; who plays next is
engine/turn_order.py."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine import asking
from engine.boosts import early_flip_options, flip_to_standard
from engine.decision import Option
from engine.describe import mission_given_up
from engine.dice_take import (
    buy_options,
    cards_keeping_sequence_a,
    compartments_for_sale,
    die_text,
    early_flip_keeps_sequence_a,
    find_own_die,
    flip_leaves_a_die,
    flip_note,
    flip_option,
    flip_with_debris,
    once_per_face,
    own_die_codes,
    owner_name,
    usable_own_die_codes,
)
from engine.dice_use import has_use
from engine.hal import hal_scores
from engine.handlers import Frame, Handler, handler
from engine.mission_cards import mission_short
from engine.ops import CELL_NAMES, player
from engine.rules_version import merged_turn_choices
from engine.sequence_b import sequence_b_text
from engine.words import die_named, or_list

if TYPE_CHECKING:
    from engine.game import Game


# --------------------------------------------------------------------------- the turn


@handler
class Turn(Handler):
    kind = "turn"
    secret = True  # the card options show the hand

    def seat(self, g: Game, f: Frame) -> int:
        return g.state.current

    def prompt(self, g: Game, f: Frame) -> str:
        t = g.state.turn
        if t.get("seq") == "A":
            # Only what is on offer: once a card is played (or none can be),
            # or with no debris, the prompt no longer proposes it.
            ids = [o.id for o in self.options(g, f) or ()]
            ways = [
                words
                for prefix, words in (
                    ("play:", "play a card"),
                    ("flip:", "flip a die with debris"),
                    ("standard:", "flip a boost tile to its standard side"),
                )
                if any(i.startswith(prefix) for i in ids)
            ]
            ways.append("take a die")
            return f"Sequence A: {or_list(ways)}."
        if any(o.id == "pass" for o in self.options(g, f) or ()):
            # the final round, and Sequence A is not on offer: the usual words
            # would propose it (and an advance the final round no longer makes).
            # "Your turn:" heads it, as public_words reads a turn's prompt.
            return (
                "Your turn: the final round, with no die you can take and use or buy"
                " (no Sequence A). Pass, or play Sequence B (reroll, reset)."
            )
        return "Your turn: Sequence A (play a card / take a die) or Sequence B (reroll, reset, advance)."

    def surely_asks(self, g: Game, f: Frame) -> bool:
        """Merged turns (version 2): each die of one's own, and each die for
        sale when one has a resource, with a direct use is offered with that
        use at least (``has_use`` is ``bool(usable_actions or mission_uses)``),
        under an id of its own, whatever else the options hold; before
        Sequence A is chosen, Sequence B is offered too. So one such die
        before Sequence A, or two different ones after, make two options at
        least."""
        s = g.state
        if not merged_turn_choices(s.options):
            return False
        need = 2 if s.turn.get("seq") == "A" else 1
        seat = s.current
        p = s.players[seat]
        ok = once_per_face(lambda d: has_use(g, seat, d.colour, d.value))
        ids: set[tuple[str, str]] = set()  # (owner, die code) of the options
        areas = [("", p.standard, ""), ("", p.secure, "r")]
        if p.resources >= 1:
            areas += [(owner, dice, "") for owner, dice in compartments_for_sale(g, seat)]
        for owner, dice, suffix in areas:
            for d in dice:
                key = (owner, d.code + suffix)
                if key not in ids and ok(d):
                    ids.add(key)
                    if len(ids) >= need:
                        return True
        return False

    def options(self, g: Game, f: Frame) -> list[Option] | None:
        s = g.state
        seat = s.current
        p = player(g, seat)
        t = s.turn
        committed = t.get("seq") == "A"
        opts: list[Option] = []
        own = usable_own_die_codes(g, seat)
        buys = buy_options(g, seat)
        # sequence_a_possible, from the dice and buys just listed
        possible = bool(own) or bool(buys)
        if committed or possible:
            if not t.get("card") and None in p.slots:
                for m in cards_keeping_sequence_a(g, seat):
                    opts.append(
                        Option.lazy(
                            f"play:m{m}",
                            lambda m=m: _play_mission_words(m, flip_note(g, seat, ("mission", m))),
                        )
                    )
                for r in p.ravagers:
                    opts.append(
                        Option.lazy(
                            f"play:r{r}",
                            lambda r=r: _play_ravager_words(r, flip_note(g, seat, ("ravager", r))),
                        )
                    )
            for code in own:
                opts.append(Option.lazy(f"die:{code}", lambda c=code: _take_die_words(seat, c)))
            opts += buys
            if p.debris:
                for code in own_die_codes(g, seat):
                    if not flip_leaves_a_die(g, seat, code):
                        continue
                    opts.append(flip_option(seat, code, commits=not committed))
            if s.options.advanced:
                opts += [
                    o
                    for o in early_flip_options(g, seat)
                    if not committed or early_flip_keeps_sequence_a(g, seat, o.id)
                ]
        elif s.last_round == s.round:
            opts.append(
                Option("pass", "Pass (final round)", "Pass: the final round needs no Sequence B")
            )
        if not committed:
            opts.append(Option.lazy("B", lambda: ("Sequence B", sequence_b_text(g, seat), ())))
        opts = asking.turn_options(g, seat, opts)
        if not opts:
            return None  # committed to Sequence A with no die left to take: resolve
        return opts

    def resolve(self, g: Game, f: Frame) -> None:
        # Reading 16: A.1 (a tile's effect) can leave no die that can be taken
        # and used; A.2 and A.3 cannot happen and the turn ends.
        seat = g.state.current
        g.log(
            "no_die",
            f"{g.name(seat)} has no die they can take and use: the turn ends.",
            seat,
        )
        g.push("late_flip", seat=seat)  # R20: debris may still flip a die

    def choose(self, g: Game, f: Frame, option: str, merged: bool = True) -> None:
        if merged and asking.choose_turn(g, f, option):
            return
        s = g.state
        seat = s.current
        p = player(g, seat)
        t = s.turn
        verb, _, arg = option.partition(":")
        if verb == "B":
            t["seq"] = "B"
            g.push("seq_b", seat=seat)
            return
        if verb == "pass":
            g.log("pass", f"{g.name(seat)} passes (final round).", seat)
            return
        if verb == "standard":
            # An early flip is allowed whichever sequence follows.
            flip_to_standard(g, seat, CELL_NAMES.index(arg), "early, losing its boost")
            g.push("turn", seat=seat)
            return
        t["seq"] = "A"
        if verb == "play":
            t["card"] = True
            kind = "mission" if arg[0] == "m" else "ravager"
            card = int(arg[1:])
            (p.missions if kind == "mission" else p.ravagers).remove(card)
            g.push("turn", seat=seat)
            g.push("slot", seat=seat, kind=kind, card=card)
        elif verb == "flip":
            area, i = find_own_die(g, seat, arg)
            area[i].value = flip_with_debris(g, seat, area[i].colour, area[i].value)
            g.push("turn", seat=seat)
        elif verb == "die":
            area, i = find_own_die(g, seat, arg)
            die = area.pop(i)
            t["die"] = {"colour": die.colour.value, "value": die.value, "bought": False}
            g.log("die", f"{g.name(seat)} takes their {die_named(die.colour, die.value)}.", seat)
            g.push("use_die", seat=seat)
        elif verb == "buy":
            owner, _, code = arg.partition(":")
            dice = dict(compartments_for_sale(g, seat))[owner]
            i = next(i for i, d in enumerate(dice) if d.code == code)
            die = dice.pop(i)
            p.resources -= 1
            if owner != "n" and owner != "h":
                player(g, int(owner)).resources += 1
            # R16: a neutral die is paid to the supply.
            t["die"] = {"colour": die.colour.value, "value": die.value, "bought": True}
            g.log(
                "buy",
                f"{g.name(seat)} buys {owner_name(g, owner)}'s {die_named(die.colour, die.value)} "
                "for 1 resource.",
                seat,
            )
            if owner == "h":
                hal_scores(g, 1, "he discards the resource paid for his die")
            g.push("use_die", seat=seat)


def _play_mission_words(m: int, then: str = "") -> tuple[str, str, tuple[str, ...]]:
    """`then`: `flip_note`'s words, when the die after the play needs a flip."""
    return (
        f"Play {mission_short(m)}",
        f"Play {mission_short(m)} face down around your board (it activates the "
        f"Technology tiles of its colour in its row or column){then}; {mission_given_up(m)}",
        (),
    )


def _play_ravager_words(r: int, then: str = "") -> tuple[str, str, tuple[str, ...]]:
    return (
        f"Play Ravager card #{r}",
        f"Play Ravager card #{r} face down around your board "
        f"(it activates every tile in its row or column){then}",
        (),
    )


def _take_die_words(seat: int, code: str) -> tuple[str, str, tuple[str, ...]]:
    return (
        f"Use your {die_text(code)}",
        f"Take your {die_text(code)} to use it on an action or a Mission card",
        (f"die:{seat}:{code}",),
    )
