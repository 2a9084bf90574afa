"""Sequence B: lose VP for the dice left, roll one die per workstation robot
(B.1, with the neutral dice rerolled, R16), reserve a die, reset the board (B.2)
and advance the Black Angel (B.3)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.asking import games_last_turn
from engine.components import COLOUR_INDEX, COLOURS
from engine.components.tiles import TILES, BoostEffect
from engine.decision import Option
from engine.describe import whose
from engine.dice_take import die_codes, die_text, find_own_die
from engine.handlers import Frame, Handler, handler
from engine.mission_cards import discard_mission, mission_short
from engine.ops import CELL_NAMES, debris_to_storage, lose_vp, player
from engine.rules_version import no_reservation_on_the_last_turn
from engine.setup import roll, take_die_from_supply
from engine.space import hex_name
from engine.state import Board
from engine.words import a, and_list, dice_words, die_named, die_words, plural

if TYPE_CHECKING:
    from engine.game import Game


# --------------------------------------------------------------------------- Sequence B


def sequence_b_text(g: Game, seat: int) -> str:
    """The option's words: every VP it loses (the dice left, B.1, and each
    damaged die it must roll) and the dice it rolls."""
    p = player(g, seat)
    left = p.standard + p.secure
    lost = sum(d.value for d in left)
    clean, damaged = _dice_to_roll(g, seat)
    rolled = [n + damaged[c] for c, n in enumerate(clean)]
    short = [
        f"only {plural(n, COLOURS[c] + ' die', COLOURS[c] + ' dice')} left in the supply"
        if n
        else f"no {COLOURS[c]} die left in the supply"
        for c, n in enumerate(rolled)
        if n < p.workstations[c]
    ]
    costs = []
    if left and lost:
        costs.append(
            f"{lost} VP for the {plural(len(left), 'die', 'dice')} left in your compartment"
        )
    if any(damaged):
        costs.append(_damaged_words(damaged))
    out = "Sequence B: "
    if left and not lost:
        # Stars only: B.1 costs nothing, but the dice still go back.
        out += f"return your {'star die' if len(left) == 1 else f'{len(left)} star dice'} (no VP lost), "
    if costs:
        out += "lose " + " and ".join(costs) + ", "
    out += f"roll {_rolls_words(rolled)} (one per robot in a workstation"
    out += f"; {', '.join(short)})" if short else ")"
    out += ", reset your board"
    if g.state.end_trigger is None:
        out += ", advance the Black Angel" + _ejects_words(g, seat)
    return out


def _ejects_words(g: Game, seat: int) -> str:
    """The Mission cards the advance ejects from the first strip (B.3), whose
    owners score or tuck them: ' (ejecting your Gray activation #28 at 1D and
    Hal's Green neutralization #55 at 1C)', or '' when it holds none."""
    strip = g.state.board.strips[0]
    cards = [
        f"{whose(g, seat, placed.owner)} {mission_short(placed.card)} at {hex_name((0, pos))}"
        for pos, placed in enumerate(strip.cards)
        if placed is not None
    ]
    return f" (ejecting {and_list(cards)})" if cards else ""


def _rolls_words(rolled: list[int]) -> str:
    """The dice Sequence B rolls, per colour, in English: 'an orange, a gray
    and a green die', '2 gray dice', '4 dice: 1 orange, 2 gray, 1 green',
    'no dice' (not '1 orange, 1 gray dice')."""
    colours = [c for c in range(3) if rolled[c]]
    if not colours:
        return "no dice"
    if all(rolled[c] == 1 for c in colours):
        return and_list([a(COLOURS[c]) for c in colours]) + " die"
    if len(colours) == 1:
        return f"{rolled[colours[0]]} {COLOURS[colours[0]]} dice"
    each = ", ".join(f"{rolled[c]} {COLOURS[c]}" for c in colours)
    return f"{sum(rolled)} dice: {each}"


def _dice_to_roll(g: Game, seat: int) -> tuple[list[int], list[int]]:
    """(undamaged, damaged) dice per colour that Sequence B will roll, as
    ``SequenceB.resolve`` takes them: the dice left go back to the supply
    first, and undamaged dice are taken before damaged ones: the same takes
    from a scratch copy of the supply."""
    p = player(g, seat)
    b = g.state.board
    supply = Board(supply=list(b.supply), supply_damaged=list(b.supply_damaged))
    for d in p.standard + p.secure:
        supply.supply[COLOUR_INDEX[d.colour]] += 1
    clean, damaged = [0, 0, 0], [0, 0, 0]
    for c in range(3):
        for _ in range(p.workstations[c]):
            taken, was_damaged = take_die_from_supply(supply, c)
            if not taken:
                break
            (damaged if was_damaged else clean)[c] += 1
    return clean, damaged


def _damaged_words(damaged: list[int]) -> str:
    """'1 VP for a damaged gray die you must roll' (rulebook: rolling a
    damaged die costs 1 VP)."""
    total = sum(damaged)
    colours = [c for c in range(3) if damaged[c]]
    if len(colours) == 1:
        colour = COLOURS[colours[0]]
        dice = f"a damaged {colour} die" if total == 1 else f"{total} damaged {colour} dice"
    else:
        each = ", ".join(f"{damaged[c]} {COLOURS[c]}" for c in colours)
        dice = f"{total} damaged dice ({each})"
    return f"{total} VP for {dice} you must roll"


@handler
class SequenceB(Handler):
    kind = "seq_b"

    def resolve(self, g: Game, f: Frame) -> None:
        seat = f["seat"]
        p = player(g, seat)
        b = g.state.board
        g.log("sequence_b", f"{g.name(seat)} performs Sequence B{_why_b(g, seat)}.", seat)
        # B.1: lose VP for the dice still in the compartment (R3: both areas).
        left = p.standard + p.secure
        for d in left:
            b.supply[COLOUR_INDEX[d.colour]] += 1
        p.standard, p.secure = [], []
        lose_vp(g, seat, sum(d.value for d in left), "dice left in the compartment")
        rolled = []
        for c in range(3):
            for _ in range(p.workstations[c]):
                taken, damaged = take_die_from_supply(b, c)
                if not taken:
                    break
                if damaged:
                    lose_vp(g, seat, 1, f"rolling a damaged {COLOURS[c]} die")
                die = roll(g, c)
                p.standard.append(die)
                rolled.append(die.code)
        g.log("roll", f"{g.name(seat)} rolls {dice_words(rolled)}.", seat, dice=rolled)
        reroll_neutral(g)
        g.push("b_reset", seat=seat)
        if games_last_turn(g) and no_reservation_on_the_last_turn(g.state.options):
            return  # nobody plays after: a reservation would protect nothing
        if g.state.options.advanced:
            g.push("free_reserve", seat=seat)
        g.push("reserve", seat=seat, free=False)


def _why_b(g: Game, seat: int) -> str:
    """Why a Sequence B was compulsory, in words (empty when it was chosen).
    Run before B.1 changes anything: the state is the turn decision's. B is
    the only option when no die can be taken and used (R2) and it is not the
    final round (where a pass is offered too)."""
    from engine.dice_take import sequence_a_possible

    s = g.state
    if s.last_round == s.round or sequence_a_possible(g, seat):
        return ""
    p = player(g, seat)
    own = "none of their dice can be used" if p.dice else "no die left"
    sale = (
        "they have no resource to buy one" if p.resources < 1 else "no die for sale they could use"
    )
    return f" ({own} and {sale}: Sequence B is compulsory)"


def reroll_neutral(g: Game) -> None:
    """R16: neutral dice that were used or show a star are rerolled."""
    neutral = g.state.neutral
    if neutral is None:
        return
    b = g.state.board
    kept = []
    stars = set()
    for d in neutral.dice:
        if d.value == 0:
            b.supply[COLOUR_INDEX[d.colour]] += 1
            stars.add(d.colour)
        else:
            kept.append(d)
    neutral.dice = kept
    have = {d.colour for d in kept}
    rerolled, new, results, codes = [], [], [], []
    for c, colour in enumerate(COLOURS):
        if neutral.workstations[c] and colour not in have:
            if colour in stars:
                rerolled.append(f"its {colour} star")
            else:  # its die was bought (or the supply had none for it)
                new.append(a(colour))
            taken, _ = take_die_from_supply(b, c)
            if taken:
                die = roll(g, c)
                kept.append(die)
                codes.append(die.code)
                results.append(die_words(die.code))
            else:
                results.append(f"no {colour} die left in the supply")
    neutral.dice.sort(key=lambda d: COLOUR_INDEX[d.colour])
    # A star whose neutral robot has left the game is not rerolled (no robot
    # rolls it): it goes back to the supply. Said, or the die just vanished.
    gone = [
        colour
        for c, colour in enumerate(COLOURS)
        if colour in stars and not neutral.workstations[c]
    ]
    if gone:
        g.log(
            "neutral_die_returned",
            f"The neutral player's {' and '.join(f'{c} star' for c in gone)} "
            f"{'goes' if len(gone) == 1 else 'go'} back to the supply: no neutral robot is left "
            f"in the {' and '.join(str(c) for c in gone)} "
            f"workstation{'s' if len(gone) > 1 else ''} to roll "
            f"{'it' if len(gone) == 1 else 'them'}.",
        )
    if rerolled or new:
        did = [f"rerolls {' and '.join(rerolled)}"] if rerolled else []
        # one list, one 'die': 'an orange, a gray and a green die (it had none
        # of these)', not three "… die (it had none)" joined by "and"
        had = "it had none" if len(new) == 1 else "it had none of these"
        did += [f"rolls {and_list(new)} die ({had})"] if new else []
        g.log(
            "roll",  # chance, like every roll (bot/service/helpers.py REVEALING)
            f"The neutral player {' and '.join(did)}: {', '.join(results)}.",
            dice=codes,
        )


#: The game's last turn (the final round's last seat, no Hal to play after):
#: paying a resource for a reservation then buys nothing, and the resource
#: would have counted in the Spes exchange. Version 6 no longer asks it
#: (``no_reservation_on_the_last_turn``); version 5 games say so.
LAST_TURN_WORDS = (
    "This is the game's last turn: nobody plays after you, so a reservation buys nothing."
)


@handler
class Reserve(Handler):
    kind = "reserve"

    def prompt(self, g: Game, f: Frame) -> str:
        if f["free"]:
            return "Player aid: you may reserve one of your dice for free."
        text = "You may reserve one die for 1 resource (no one can buy it)."
        if games_last_turn(g):
            text += f" {LAST_TURN_WORDS}"
        free = _free_after(g, f["seat"], None)
        return text + (f" Then {_free_words(free)}." if free else "")

    def options(self, g: Game, f: Frame) -> list[Option]:
        p = player(g, f["seat"])
        opts = []
        if f["free"] or p.resources >= 1:
            cost = "free" if f["free"] else "1 resource"
            opts = [
                Option.lazy(f"reserve:{c}", lambda c=c: self._words(g, f, c, cost))
                for c in die_codes(p.standard)
            ]
        return opts + [Option.lazy("none", lambda: self._words(g, f, None, ""))]

    @staticmethod
    def _words(g: Game, f: Frame, code: str | None, cost: str) -> tuple[str, str, tuple[str, ...]]:
        """The paid reservation comes before the boost tiles' free ones
        (``SequenceB.resolve``), so its options say what the tiles can still
        reserve after it: paying for a die a tile could reserve for free is
        then a choice made knowingly."""
        free = [] if f["free"] else _free_after(g, f["seat"], code)
        if code is None:
            label = detail = "Reserve nothing"
            marks: tuple[str, ...] = ()
        else:
            label = f"Reserve your {die_text(code)} ({cost})"
            detail = f"{label}: no one can buy it"
            if not f["free"] and games_last_turn(g):
                detail += " (the game's last turn: nobody plays after you, so it buys nothing)"
            marks = (f"die:{f['seat']}:{code}",)
        if free:
            label += f"; {_free_short(free)}"
            detail += f"; then {_free_words(free)}"
        if code is not None and not f["free"]:
            # Said only in the detail: the label is a button, already full.
            # One die paid for leaves at most one tile without a die.
            kept = {cell for cell, _ in free}
            lost = [x for x in _free_after(g, f["seat"], None) if x[0] not in kept]
            detail += f"; {_left_nothing_words(lost[0])}" if lost else ""
        return label, detail, marks

    def choose(self, g: Game, f: Frame, option: str) -> None:
        if option == "none":
            return
        seat = f["seat"]
        p = player(g, seat)
        area, i = find_own_die(g, seat, option.partition(":")[2])
        die = area.pop(i)
        p.secure.append(die)
        if not f["free"]:
            p.resources -= 1
        g.log("reserve", f"{g.name(seat)} reserves their {die_named(die.colour, die.value)}.", seat)


def _free_after(g: Game, seat: int, code: str | None) -> list[tuple[str, str]]:
    """(cell, colour) of each free-reserve boost tile that will still find a
    die of its colour once the die `code` (or none) is reserved for 1
    resource (engine/boosts.py ``FreeReserve``: one die per tile)."""
    from engine.boosts import boost_cells

    p = player(g, seat)
    left = [d.colour for d in p.standard]
    if code is not None:
        left.remove(next(d.colour for d in p.standard if d.code == code))
    out = []
    for cell in boost_cells(p, BoostEffect.FREE_RESERVE):
        colour = TILES[p.grid[cell]].boost_colour
        if colour in left:
            left.remove(colour)
            out.append((CELL_NAMES[cell], str(colour)))
    return out


def _free_words(free: list[tuple[str, str]]) -> str:
    """'your C2 tile can reserve a gray die for free'."""
    if len(free) == 1:
        cell, colour = free[0]
        return f"your {cell} tile can reserve {a(colour)} die for free"
    each = ", ".join(f"{cell} {a(colour)} die" for cell, colour in free)
    return f"your boost tiles can each reserve one more die for free ({each})"


def _left_nothing_words(lost: tuple[str, str]) -> str:
    """'your A1 tile then has no orange die left to reserve for free'."""
    cell, colour = lost
    return f"your {cell} tile then has no {colour} die left to reserve for free"


def _free_short(free: list[tuple[str, str]]) -> str:
    """A button's words: 'C2 then reserves a gray die free'."""
    if len(free) == 1:
        cell, colour = free[0]
        return f"{cell} then reserves {a(colour)} die free"
    return f"{', '.join(cell for cell, _ in free)} then reserve {len(free)} more free"


@handler
class ResetAndAdvance(Handler):
    """B.2 reset the player board; B.3 advance the Black Angel (skipped once
    the end is triggered, R10)."""

    kind = "b_reset"

    def resolve(self, g: Game, f: Frame) -> None:
        from engine.advance import advance_black_angel

        seat = f["seat"]
        p = player(g, seat)
        b = g.state.board
        cards = 0
        for i, played in enumerate(p.slots):
            if played is None:
                continue
            if played.kind == "mission":
                discard_mission(g, played.card)
            else:
                b.ravager_discard.append(played.card)
            p.slots[i] = None
            cards += 1
        debris = debris_to_storage(p)
        if cards or debris:
            # How many only: the cards were played face down (R15).
            moved = [f"{plural(cards, 'card')} discarded"] if cards else []
            moved += [f"{debris} debris back to storage"] if debris else []
            g.log("b_reset", f"{g.name(seat)} resets their board: {', '.join(moved)}.", seat)
        if g.state.end_trigger is None:
            advance_black_angel(g)
