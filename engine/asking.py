"""How the turn is asked (rules version 2, issue #12): one decision per thing
a player names aloud, no question without a choice.

The turn decision of version 1 offers "use your orange 3", then asks its
action; "play this card", then asks its slot. Version 2 offers the pairs
("orange 3 → action 1 Discover", "Orange activation #12 by row 2") as single
options, built from the very handlers that ask them in version 1, so the two
versions can never disagree on what is legal:

    die:<code>:<use>            take your die, use it (<use>: a use_die option id)
    buy:<owner>:<code>:<use>    buy a die, use it
    play:<card>:<slot>          play a card by a slot (<slot>: a slot option id)

A die that an advanced boost tile could change is still offered alone too
("die:<code>"), so the boost stays a choice. Nothing here changes which moves
are legal: merging steps and dropping non-choices only.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from engine.components import COLOUR_BY_LETTER, DieColour
from engine.components.cards import MISSION_CARDS
from engine.components.tiles import TILES as TILES_
from engine.decision import Option
from engine.ops import SLOT_NAMES
from engine.rules_version import (
    merged_turn_choices,
    no_empty_or_undoing_choices,
    no_question_without_choice,
    stop_option_first,
)
from engine.words import and_list, mid_sentence

if TYPE_CHECKING:
    from engine.game import Game
    from engine.handlers import Frame

# use_die options that change the die rather than use it
_TRANSFORMS = ("flip", "three", "recolour")


_HANDLERS: dict = {}


def _handler(kind: str):
    if not _HANDLERS:
        from engine.handlers import HANDLERS  # bound late: it imports this module

        _HANDLERS.update(HANDLERS)
    return _HANDLERS[kind]


def _die_uses(g: Game, seat: int, die: dict) -> list[Option]:
    """The use_die options this die would have once taken (computed with the
    die set aside as the turn's die, then restored)."""
    t = g.state.turn
    had = "die" in t
    saved = t.get("die")
    t["die"] = die
    try:
        # A merged option cannot carry a flip of the die: not computed.
        return _handler("use_die").options(g, {"k": "use_die", "seat": seat}, flip=False)
    finally:
        if had:
            t["die"] = saved
        else:
            t.pop("die", None)


def _die_of(g: Game, seat: int, option: str) -> dict | None:
    """The die dict a turn option 'die:<code>' / 'buy:<owner>:<code>' takes."""
    verb, _, arg = option.partition(":")
    code = arg if verb == "die" else arg.partition(":")[2]
    if verb not in ("die", "buy") or not code:
        return None
    return {
        "colour": COLOUR_BY_LETTER[code[0]].value,
        "value": int(code[1]),
        "bought": verb == "buy",
        "unpaid": verb
        == "buy",  # its resource is still in storage (engine/use_die.py mission_option)
    }


def turn_options(g: Game, seat: int, opts: list[Option]) -> list[Option]:
    """Version 2's turn decision from version 1's options."""
    if not merged_turn_choices(g.state.options):
        return opts
    out: list[Option] = []
    ravager_played = False
    uses: dict[tuple, tuple[list[Option], list[Option]]] = {}  # alike dice, alike uses
    slots: dict[DieColour | None, list[tuple[int, str]]] = {}  # by card colour
    for o in opts:
        verb = o.id.partition(":")[0]
        if verb == "play":
            if o.id.startswith("play:r"):
                if ravager_played:
                    continue  # Ravager cards in hand are alike: offer one
                ravager_played = True
            out += _play_options(g, seat, o, slots)
        elif verb in ("die", "buy"):
            out += _die_options(g, seat, o, uses)
        elif verb == "flip" and flips_back(g, seat, o.id.partition(":")[2]):
            continue
        else:
            out.append(o)
    return out


def _play_options(
    g: Game, seat: int, play: Option, slots: dict[DieColour | None, list[tuple[int, str]]]
) -> list[Option]:
    arg = play.id.partition(":")[2]
    colour = MISSION_CARDS[int(arg[1:])].colour if arg[0] == "m" else None
    if not slots:
        slots.update(_free_slots(g, seat))
    oid = play.id
    return [
        Option.lazy(f"{oid}:slot:{name}", partial(_play_words, g, seat, play, i, name))
        for i, name in slots[colour]
    ]


def _free_slots(g: Game, seat: int) -> dict[DieColour | None, list[tuple[int, str]]]:
    """By card colour (None: a Ravager card), the Slot handler's options
    (card_slot.slot_option) for the free slots where such a card activates
    something: a card that activates nothing is no play."""
    global _cards_reaching_a_tile
    if _cards_reaching_a_tile is None:
        from engine.tiles import cards_reaching_a_tile  # bound late: it imports this module

        _cards_reaching_a_tile = cards_reaching_a_tile
    p = g.state.players[seat]
    empty_plays = not no_empty_or_undoing_choices(g.state.options)
    out: dict[DieColour | None, list[tuple[int, str]]] = {c: [] for c in (None, *DieColour)}
    for i, name in enumerate(SLOT_NAMES):
        if p.slots[i] is not None:
            continue
        reached = out if empty_plays else _cards_reaching_a_tile(p, i)
        for colour in reached:
            out[colour].append((i, name))
    return out


_cards_reaching_a_tile = None


def _play_words(
    g: Game, seat: int, play: Option, i: int, slot_name: str
) -> tuple[str, str, tuple[str, ...]]:
    """'Orange activation #12 → row 2: activates …': the card, then its slot."""
    from engine.card_slot import slot_option
    from engine.describe import mission_given_up
    from engine.dice_take import flip_note
    from engine.mission_cards import mission_short

    arg = play.id.partition(":")[2]
    kind = "mission" if arg[0] == "m" else "ravager"
    slot = slot_option(g, seat, i, kind, int(arg[1:]), f"slot:{slot_name}")
    card = int(arg[1:])
    where = mid_sentence(slot.text)
    then = flip_note(g, seat, (kind, card))  # a play leaving only a die to flip says so
    if arg[0] == "m":
        # The slot first: the card's own text ends in a full stop.
        detail = f"Play {mission_short(card)} {where}{then}; {mission_given_up(card)}"
    else:
        detail = f"Play Ravager card #{card} (activates every tile it reaches) {where}{then}"
    what = play.label.removeprefix("Play ")
    label = f"{what} → {mid_sentence(slot.label)}"
    if arg[0] == "r":
        label, detail = _alike_ravagers_words(g, seat, card, label, detail)
    return (label, detail, slot.marks)


def _alike_ravagers_words(
    g: Game, seat: int, card: int, label: str, detail: str
) -> tuple[str, str]:
    """The one play offered for alike Ravager cards (``turn_options``) names
    the others too: a tester holding #12 and #19 saw only #12 and asked where
    #19 went."""
    hand = g.state.players[seat].ravagers
    if len(hand) < 2:
        return label, detail
    others = [f"#{r}" for r in hand if r != card]
    first = f"Ravager card #{card}"
    longer = label.replace(first, f"{first} (or {', '.join(others)})", 1)
    if len(longer) > 70:  # a button's label
        longer = label.replace(first, f"{first} (or {len(others)} others)", 1)
    which = "either" if len(hand) == 2 else "any"
    cards = and_list([f"#{r}" for r in hand])
    detail += (
        f"; this stands for {which} of your {len(hand)} Ravager cards ({cards}): "
        "in hand they are alike"
    )
    return longer, detail


def _die_options(
    g: Game, seat: int, take: Option, cache: dict[tuple, tuple[list[Option], list[Option]]]
) -> list[Option]:
    die = _die_of(g, seat, take.id)
    assert die is not None
    key = (die["colour"], die["value"], die["bought"])
    found = cache.get(key)
    if found is None:
        uses = _die_uses(g, seat, die)
        found = cache[key] = (
            [u for u in uses if u.id.partition(":")[0] not in _TRANSFORMS],
            [u for u in uses if u.id.partition(":")[0] in ("three", "recolour")],
        )
    plain, boosts = found
    oid = take.id
    out = [Option.lazy(f"{oid}:{u.id}", partial(_take_and_use_words, take, u)) for u in plain]
    # A boost tile could change this die first: taking it alone stays a choice.
    if boosts:
        out.append(
            Option.lazy(
                take.id,
                lambda: (
                    f"{take.label}, boost first",
                    f"{take.text}, then use a boost tile on it ("
                    + "; ".join(b.label for b in boosts)
                    + ")",
                    take.marks,
                ),
            )
        )
    return out


def _take_and_use_words(take: Option, use: Option) -> tuple[str, str, tuple[str, ...]]:
    what = take.label.removeprefix("Use your ").replace(" (1 resource)", "")
    return (f"{what} → {use.label}", f"{_take_text(take)} → {use.text}", take.marks + use.marks)


def _take_text(take: Option) -> str:
    """'Your orange 1' / 'Buy Red's gray 3 for 1 resource, paid to Red'."""
    if take.id.startswith("die:"):
        return take.label.replace("Use your", "Your", 1)
    return take.text


def flips_back(g: Game, seat: int, code: str) -> bool:
    """Would flipping this die undo a flip made this turn? (Dice showing the
    same face are alike, so only as many of them as were flipped to it count.)"""
    if not no_empty_or_undoing_choices(g.state.options):
        return False
    from engine.ops import player

    flipped = g.state.turn.get("flipped", [])
    if code not in flipped:
        return False
    p = player(g, seat)
    area, face = (p.secure, code[:-1]) if code.endswith("r") else (p.standard, code)
    return sum(1 for d in area if d.code == face) <= flipped.count(code)


def choose_turn(g: Game, f: Frame, option: str) -> bool:
    """Apply a merged turn option; False when it is an ordinary one."""
    verb, _, arg = option.partition(":")
    if verb == "flip" and no_empty_or_undoing_choices(g.state.options):
        from engine.components import OPPOSITE_FACE

        code = arg
        flipped = f"{code[0]}{OPPOSITE_FACE[int(code[1])]}{code[2:]}"
        _handler("turn").choose(g, f, option, merged=False)
        g.state.turn.setdefault("flipped", []).append(flipped)
        return True
    if not merged_turn_choices(g.state.options):
        return False
    if verb == "play" and arg.count(":") >= 1:
        card, _, slot = arg.partition(":")
        _handler("turn").choose(g, f, f"play:{card}", merged=False)
        frame = g.state.frames.pop()
        assert frame["k"] == "slot"
        _handler("slot").choose(g, frame, slot)
        return True
    parts = arg.split(":")
    take_len = 1 if verb == "die" else 2
    if verb in ("die", "buy") and len(parts) > take_len:
        take = ":".join([verb, *parts[:take_len]])
        use = ":".join(parts[take_len:])
        _handler("turn").choose(g, f, take, merged=False)
        _mark_flipped(g, parts[take_len - 1] if verb == "die" else None)
        frame = g.state.frames.pop()
        assert frame["k"] == "use_die"
        _handler("use_die").choose(g, frame, use)
        return True
    if verb == "die":
        _handler("turn").choose(g, f, option, merged=False)
        _mark_flipped(g, arg)
        return True
    return False


def _mark_flipped(g: Game, code: str | None) -> None:
    """A die flipped this turn and then taken is not offered to flip back; it
    has left the compartment, so a late flip (R20) of a die alike to it is no
    flip back."""
    t = g.state.turn
    if code and code in t.get("flipped", []) and t.get("die"):
        t["die"]["flipped"] = True
        t["flipped"].remove(code)


def use_die_options(g: Game, die: dict, opts: list[Option]) -> list[Option]:
    """No flip back of the die in use (version 2)."""
    if die.get("flipped") and no_empty_or_undoing_choices(g.state.options):
        return [o for o in opts if o.id != "flip"]
    return opts


def after_use_die_flip(g: Game, die: dict) -> None:
    if no_empty_or_undoing_choices(g.state.options):
        die["flipped"] = True


def single_answer(g: Game) -> bool:
    """A decision with one option is answered by the engine (version 2)."""
    return no_question_without_choice(g.state.options)


def alike_once(g: Game, opts: list[Option], prefix: str) -> list[Option]:
    """Offer only the first of options whose ids start with `prefix` (cards
    that are alike: Ravager cards in hand), version 2."""
    if not no_question_without_choice(g.state.options):
        return opts
    out, seen = [], False
    for o in opts:
        if o.id.startswith(prefix):
            if seen:
                continue
            seen = True
        out.append(o)
    return out


def games_last_turn(g: Game) -> bool:
    """The turn being played is the game's last: the last player of the final
    round, with no Hal turn after it."""
    s = g.state
    return s.hal is None and s.last_round == s.round and s.current == len(s.players) - 1


def last_turn_of_game(g: Game) -> bool:
    """The game's very last turn (version 2), where hand limits no longer
    matter and are not asked."""
    return no_question_without_choice(g.state.options) and games_last_turn(g)


def does_something(g: Game, seat: int, cell: int, effect) -> bool:
    """Would activating this tile of `seat`'s grid change anything?"""
    from engine.components.tiles import TileEffect
    from engine.ops import player
    from engine.space_board import ship_moves

    p = player(g, seat)
    if effect is TileEffect.ROBOT:
        return p.robots_supply > 0
    if effect is TileEffect.MOVE_SHIP:
        return any(src != dst for src, dst in ship_moves(g, seat, 2, False))
    if effect is TileEffect.MOVE_ROBOT:
        return p.break_room > 0 or any(p.workstations)
    if effect in (TileEffect.ACTIVATE_VERTICAL, TileEffect.ACTIVATE_HORIZONTAL):
        from engine.tiles import adjacent_targets

        return any(
            does_something(g, seat, n, TILES_[p.grid[n]].effect)
            for n in adjacent_targets(p, cell, effect)
        )
    if effect is TileEffect.DRAW_MISSION:
        b = g.state.board
        return any(b.mission_decks) or any(b.mission_discards)
    return True


def alike_tiles(g: Game, seat: int, opts: list[Option]) -> list[Option]:
    """Tiles whose activation cannot differ (same effect, same side, an effect
    that does not depend on where the tile sits) are offered once (version 2):
    activating two "gain 1 VP" tiles in either order ends the same."""
    if not no_question_without_choice(g.state.options):
        return opts
    from engine.components.tiles import ACTIVATE_ADJACENT, TILES
    from engine.ops import CELL_NAMES, player

    p = player(g, seat)
    grid, boost = p.grid, p.grid_boost
    out: list[Option] = []
    seen: set[tuple] = set()
    for o in opts:
        verb, _, name = o.id.partition(":")
        if verb not in ("tile", "cell") or name not in CELL_NAMES:
            out.append(o)
            continue
        cell = CELL_NAMES.index(name)
        effect = TILES[grid[cell]].effect
        key = (effect, boost[cell])
        if not boost[cell] and not does_something(g, seat, cell, effect):
            continue  # e.g. "take 1 robot" with none left: the same as not activating
        if effect in ACTIVATE_ADJACENT or key not in seen:
            seen.add(key)
            out.append(o)
    return out


def with_stop(g: Game, stop: Option, opts: list[Option]) -> list[Option]:
    """The stop option first (version 2: its number never changes), else last."""
    return [stop, *opts] if stop_option_first(g.state.options) else [*opts, stop]
