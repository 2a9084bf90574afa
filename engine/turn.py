"""The turn's choice of sequence, and Sequence A: play a card around the board (A.1),
take or buy a die and use it on an action or a Mission card (A.2), draw a card of its
colour and keep to the hand limit (A.3). Sequence B is engine/sequence_b.py; who plays
next is engine/turn_order.py."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine import asking
from engine.boosts import apply_die_boost, die_boost_options, early_flip_options, flip_to_standard
from engine.components import (
    ACTION_NAMES,
    ACTIONS,
    COLOUR_BY_NAME,
    COLOUR_INDEX,
    HAL_SEAT,
    HAND_LIMIT,
    MISSION_CARDS,
    OPPOSITE_FACE,
    ActionKind,
    DieColour,
)
from engine.decision import Option
from engine.describe import action_short, action_text, cells_text, mission_given_up
from engine.dice_take import (
    buy_options,
    cards_keeping_sequence_a,
    compartments_for_sale,
    die_text,
    early_flip_keeps_sequence_a,
    find_own_die,
    flip_leaves_a_die,
    flip_note,
    flip_with_debris,
    own_die_codes,
    owner_name,
    usable_own_die_codes,
)
from engine.dice_use import activations, has_use, mission_uses, transform_usable, usable_actions
from engine.hal import hal_scores
from engine.handlers import Frame, Handler, handler
from engine.ops import (
    CELL_NAMES,
    SLOT_NAMES,
    discard_mission,
    draw_mission,
    mission_label,
    mission_short,
    payable_times,
    player,
    scarcest_stock,
)
from engine.rules_version import (
    debris_flips_after_the_action,
    merged_turn_choices,
    no_late_flip_that_changes_nothing,
    zero_die_commands_only,
)
from engine.sequence_b import sequence_b_text
from engine.space import hex_name, parse_hex
from engine.state import Die, PlayedCard
from engine.words import a, die_named, face_words, or_list, plural

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
        usable: dict[tuple, bool] = {}

        def ok(d: Die) -> bool:
            key = (d.colour, d.value)
            found = usable.get(key)
            if found is None:
                found = usable[key] = has_use(g, seat, d.colour, d.value)
            return found

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


def slot_words(slot: int) -> str:
    """A card slot as a player names it: "row 2", "column C"."""
    name = SLOT_NAMES[slot]
    return f"row {name[-1]}" if slot < 3 else f"column {name[-1]}"


def slot_option(g: Game, seat: int, slot: int, kind: str, card: int, oid: str) -> Option:
    """A card slot with the tiles a card there would activate, as they are shown."""

    def words() -> tuple[str, str, tuple[str, ...]]:
        from engine.tiles import tiles_activated_by_card

        p = player(g, seat)
        name = SLOT_NAMES[slot]
        cells = tiles_activated_by_card(g, seat, slot, kind, card)
        where = slot_words(slot)
        reach = ", ".join(CELL_NAMES[c] for c in cells) or "no tile"
        full = cells_text(p, cells) or "no tile"
        return (
            f"{where.title()}: activates {reach}",
            f"By {where}: activates {full}",
            (f"slot:{name}",) + tuple(f"cell:{CELL_NAMES[c]}" for c in cells),
        )

    return Option.lazy(oid, words)


@handler
class Slot(Handler):
    kind = "slot"

    def prompt(self, g: Game, f: Frame) -> str:
        return "Choose the slot around your board for this card."

    def options(self, g: Game, f: Frame) -> list[Option]:
        p = player(g, f["seat"])
        opts = []
        for i, name in enumerate(SLOT_NAMES):
            if p.slots[i] is not None:
                continue
            opts.append(slot_option(g, f["seat"], i, f["kind"], f["card"], f"slot:{name}"))
        return opts

    def choose(self, g: Game, f: Frame, option: str) -> None:
        from engine.tiles import tiles_activated_by_card

        seat = f["seat"]
        p = player(g, seat)
        slot = SLOT_NAMES.index(option.partition(":")[2])
        p.slots[slot] = PlayedCard(f["kind"], f["card"])
        if f["kind"] == "mission":
            what = f"{a(MISSION_CARDS[f['card']].colour)} Mission card"
        else:
            what = "a Ravager card"
        g.log("card_played", f"{g.name(seat)} plays {what} by {slot_words(slot)}.", seat)
        cells = tiles_activated_by_card(g, seat, slot, f["kind"], f["card"])
        if cells:
            g.push("activate", seat=seat, cells=cells)


@handler
class UseDie(Handler):
    kind = "use_die"

    def prompt(self, g: Game, f: Frame) -> str:
        d = g.state.turn["die"]
        return (
            f"Use your {die_named(d['colour'], d['value'])}: "
            "choose an action or a Mission card in Space."
        )

    def options(self, g: Game, f: Frame, flip: bool = True) -> list[Option]:
        """`flip`: offer the flip of this die (the merged turn options, which
        cannot carry it, ask without: engine/asking.py)."""
        seat = f["seat"]
        d = g.state.turn["die"]
        colour = COLOUR_BY_NAME[d["colour"]]
        value = d["value"]
        opts = []
        # R2: Command needs a ship to move, or a card to place with a die
        # worth 0; version 2 (R18): a die worth 0 performs nothing else.
        for n in usable_actions(g, seat, colour, value):
            opts.append(action_option(g, seat, n, value, f"action:{n}"))
        owed = 1 if d.get("unpaid") else 0  # the merged turn options: a die not yet bought
        for h, placed in mission_uses(g, seat, colour, value):
            opts.append(mission_option(g, seat, placed, h, value, owed))
        if flip and not d["bought"] and player(g, seat).debris:
            new = OPPOSITE_FACE[value]
            opts.append(
                Option.lazy(
                    "flip",
                    lambda: (
                        f"Flip this die to {face_words(new, short=True)} (1 debris)",
                        f"Spend a debris to flip this die from {face_words(value)} to "
                        f"{face_words(new)}",
                        (),
                    ),
                )
            )
        opts += die_boost_options(g, seat, d)
        if zero_die_commands_only(g.state.options):
            # Version 2: no flip or boost that leaves a die with no use.
            opts = [
                o
                for o in opts
                if o.id.startswith(("action:", "mission:")) or transform_usable(g, seat, d, o.id)
            ]
        return asking.use_die_options(g, d, opts)

    def choose(self, g: Game, f: Frame, option: str) -> None:
        seat = f["seat"]
        t = g.state.turn
        d = t["die"]
        verb, _, arg = option.partition(":")
        if verb in ("three", "recolour"):
            apply_die_boost(g, seat, d, option)
            g.push("use_die", seat=seat)
            return
        if verb == "flip":
            d["value"] = flip_with_debris(g, seat, DieColour(d["colour"]), d["value"])
            asking.after_use_die_flip(g, d)
            g.push("use_die", seat=seat)
            return
        colour = DieColour(d["colour"])
        value = d["value"]
        g.push("a3", seat=seat)
        if verb == "mission":
            h = parse_hex(arg)
            assert h is not None
            placed = g.state.board.strips[h[0]].cards[h[1]]
            assert placed is not None
            g.log(
                "mission_activated",
                # Not "activates … 3 times": storage may pay for fewer (R4); each
                # activation paid, or why they stop, has a line of its own.
                f"{g.name(seat)} uses the Mission card at {arg} with {plural(value, 'activation')}.",
                seat,
            )
            # The owner's free activation (R11) follows only if the card was
            # activated at least once (not with a star die, not after "done" at once).
            if g.state.hal is not None and placed.owner == HAL_SEAT:
                g.push("hal_free", card=placed.card)
            elif placed.owner != seat:
                g.push("owner_free", seat=placed.owner, hex=list(h))
            g.push("mission", seat=seat, hex=list(h), left=value)
            return
        n = int(arg)
        kind = ACTIONS[n][0]
        star = value == 0
        damaged = activations(g, n, value) != value
        value = activations(g, n, value)
        t["action"] = n
        g.log(
            "action",
            f"{g.name(seat)} performs action {n}, {ACTION_NAMES[kind]}, with {plural(value, 'activation')}"
            + (" (damaged action: −1)." if damaged else "."),
            seat,
            action=n,
        )
        if kind is ActionKind.COMMAND:
            g.push("command", seat=seat, value=value, colour=colour.value, star=star)
        else:
            g.push(kind.value, seat=seat, left=value)
        if g.state.options.advanced:
            g.push("boost_vp", seat=seat, action=kind.value)
        g.push("ravager_effect", seat=seat, location=n)


def action_option(g: Game, seat: int, n: int, value: int, oid: str) -> Option:
    def words() -> tuple[str, str, tuple[str, ...]]:
        act = activations(g, n, value)
        return (
            "Action " + action_short(g, n, value, act),
            action_text(g, seat, n, value, act),
            (f"action:{n}",),
        )

    return Option.lazy(oid, words)


def mission_option(
    g: Game, seat: int, card: int, h: tuple[int, int], value: int, owed: int
) -> Option:
    """A die on a Mission card in Space. Activations the storage cannot pay
    for gain nothing (the card's cost, R4), so the words say how many it pays
    for; `owed`: resources the die still costs to buy."""

    def words() -> tuple[str, str, tuple[str, ...]]:
        where = hex_name(h)
        label = f"Mission at {where} ×{value}"
        text = (
            f"Activate {mission_short(card)} at {where} with {plural(value, 'activation')}: "
            f"{MISSION_CARDS[card].text}"
        )
        cost, p = MISSION_CARDS[card].effect.cost, player(g, seat)
        paid = payable_times(p, cost, value, owed)  # a card with no cost: `value`
        if paid < value:
            stock = scarcest_stock(p, cost, owed)
            if paid:
                label += f" ⚠ pays for {paid}"
                text += f" You can pay for only {paid} ({stock})."
            else:
                label += " ⚠ cannot pay"
                text += f" You cannot pay for any ({stock}): only the card draw follows."
        return label, text, (f"hex:{where}",)

    return Option.lazy(f"mission:{hex_name(h)}", words)


def late_flip_why(g: Game, code: str | None = None) -> str:
    """Why a late flip (R20) only lowers a die (engine/READINGS.md 19), said
    where the flips are offered: otherwise a missing flip up reads as a bug.
    In the final round no Sequence B comes (B.1 costs the dice left): only a
    buyer is left to care, and a reserved die has none (version 5 no longer
    offers its flip; `code`: the die, for version 4's words)."""
    if g.state.last_round != g.state.round:
        return (
            "only lowering flips now: a lower die is worth less to a buyer and costs you less "
            "VP at Sequence B; a flip up can wait for your next Sequence A"
        )
    if code is not None and code.endswith("r"):
        return "this changes nothing: no Sequence B comes, and nobody may buy a reserved die"
    return (
        "only lowering flips now: a lower die is worth less to a buyer; "
        "the final round has no Sequence B"
    )


def flip_option(seat: int, code: str, commits: bool = False, why: str = "") -> Option:
    """`commits`: flipping starts Sequence A (debris flips a die only in a
    Sequence A, rulebook "Debris"), so Sequence B is no longer offered.
    `why`: a late flip's reason (R20, `late_flip_why`)."""

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


@handler
class DrawCard(Handler):
    """A.3: draw a card of the die's colour, return the die to its supply."""

    kind = "a3"

    def resolve(self, g: Game, f: Frame) -> None:
        seat = f["seat"]
        t = g.state.turn
        d = t.pop("die")
        # The die goes back to its own supply; cards match its original colour
        # even if a boost changed it (advanced rules).
        colour = DieColour(d.get("original", d["colour"]))
        g.state.board.supply[COLOUR_INDEX[colour]] += 1
        g.push("late_flip", seat=seat)  # R20: after A.3, before the turn ends
        g.push("hand_limit", seat=seat)
        if g.state.options.advanced:
            # Advanced A3: draw two, keep one, discard the other.
            drawn = [c for c in (draw_mission(g, colour), draw_mission(g, colour)) if c is not None]
            g.log(
                "draw",
                f"{g.name(seat)} draws {plural(len(drawn), f'{colour} Mission card')} to keep one.",
                seat,
            )
            if len(drawn) == 2:
                g.push("keep", seat=seat, cards=drawn)
                return
            card = drawn[0] if drawn else None
        else:
            card = draw_mission(g, colour)
        if card is None:
            g.log("draw", f"No {colour} Mission card is left to draw.", seat)
        else:
            player(g, seat).missions.append(card)
            g.log(
                "draw",
                f"{g.name(seat)} draws {a(colour)} Mission card.",
                seat,
                private=f"You drew {mission_label(card)}",
            )


@handler
class HandLimit(Handler):
    kind = "hand_limit"
    secret = True

    def prompt(self, g: Game, f: Frame) -> str:
        n = len(player(g, f["seat"]).missions)
        flip = " (or first flip a die with debris)" if late_flips(g, f["seat"]) else ""
        return f"You have {n} Mission cards; discard down to {HAND_LIMIT}{flip}."

    def options(self, g: Game, f: Frame) -> list[Option]:
        p = player(g, f["seat"])
        if len(p.missions) <= HAND_LIMIT or asking.last_turn_of_game(g):
            return []
        # R20 (version 4): the hand limit ends the turn, so it carries the
        # late flips too; one question instead of two.
        return [
            Option.lazy(
                f"discard:{m}",
                lambda m=m: (f"Discard {mission_short(m)}", f"Discard {mission_label(m)}", ()),
            )
            for m in p.missions
        ] + late_flips(g, f["seat"])

    def choose(self, g: Game, f: Frame, option: str) -> None:
        seat = f["seat"]
        if option.startswith("flip:"):
            late_flip(g, seat, option)
            g.push("hand_limit", seat=seat)
            return
        below = g.state.frames[-1] if g.state.frames else {}
        if below.get("k") == "late_flip" and late_flips(g, seat):
            below["asked"] = True  # the flips were offered with this discard
        card = int(option.partition(":")[2])
        player(g, seat).missions.remove(card)
        discard_mission(g, card)
        g.log("discard", f"{g.name(seat)} discards a Mission card (hand limit).", seat)
        g.push("hand_limit", seat=seat)


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
