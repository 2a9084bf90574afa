"""The engine's texts read as written by a person (issues 25 and 26): the card
a play names, the Advanced slot's real cap, articles, plurals, and dice in
words (a gray die's code "y" would read as the Yellow player)."""

from __future__ import annotations

import random
import re

import pytest

from engine import Action, Game, GameOptions
from engine.components import DieColour
from engine.components.cards import MISSION_CARDS, RAVAGER_CARDS
from engine.components.tiles import TILES, TileEffect, TileKind
from engine.handlers import HANDLERS
from engine.mission_cards import mission_short
from engine.words import a, dice_words, die_words, mid_sentence, plural
from tests.engine.helpers import choose, refresh, technology_tile
from tests.engine.scenario import (
    MADELINE,
    give_missions,
    give_ravagers,
    set_dice,
    set_grid,
    table,
)
from tests.engine.test_hal import hal_deck, hal_plays, set_solo_dice, solo_table


def test_card_plays_name_the_card_they_play():
    g = table()
    g.state.options.ask_stepwise = False
    set_dice(g, {MADELINE: "o3"})
    cards = [m.id for m in MISSION_CARDS if m.colour is DieColour.ORANGE][:3]
    give_missions(g, MADELINE, *cards)
    set_grid(g, MADELINE, {"B2": technology_tile(DieColour.ORANGE)})
    refresh(g)
    plays = [o for o in g.decision.options if o.id.startswith("play:")]
    assert {o.id for o in plays} == {f"play:m{c}:slot:{s}" for c in cards for s in ("row2", "colB")}
    for o in plays:
        card = int(o.id.split(":")[1][1:])
        assert o.label.startswith(mission_short(card))
        # The slot before the card's text, which ends in a full stop.
        assert o.detail.startswith(f"Play {mission_short(card)} by ")
        # not "its Mission: …", which reads as if the play did it (B.2 discards the card)
        assert o.detail.endswith(f"; its Mission is given up: {MISSION_CARDS[card].text}")
        assert ". by" not in o.detail
    # Three cards by one slot: three different texts.
    assert len({o.detail for o in plays if o.id.endswith("row2")}) == 3


@pytest.mark.parametrize(("slot", "words"), [("row2", "row 2"), ("colB", "column B")])
def test_the_log_names_the_slot_a_card_is_played_by_as_its_option_does(slot, words):
    g = table()
    g.state.options.ask_stepwise = False
    set_dice(g, {MADELINE: "o3"})
    card = next(m.id for m in MISSION_CARDS if m.colour is DieColour.ORANGE)
    give_missions(g, MADELINE, card)
    set_grid(g, MADELINE, {"B2": technology_tile(DieColour.ORANGE)})
    refresh(g)
    option = g.decision.option(f"play:m{card}:slot:{slot}")
    assert option is not None and option.detail.startswith(
        f"Play {mission_short(card)} by {words}:"
    )
    events = g.apply(Action(MADELINE, option.id))
    played = [e.text for e in events if e.kind == "card_played"]
    assert played == [f"{g.name(MADELINE)} plays an orange Mission card by {words}."]


@pytest.mark.parametrize("tucked", [0, 1, 3])
def test_the_advanced_slot_names_its_cap_of_4_plus_2_per_tucked_card(tucked):
    g = Game.new(GameOptions(players=3, advanced=True), 1)
    p = g.state.players[0]
    gray = [m.id for m in MISSION_CARDS if m.colour is DieColour.GRAY][:tucked]
    p.tucked = [[], gray, []]
    tile = next(t.id for t in TILES if t.kind is TileKind.ADVANCED)
    opts = HANDLERS["advanced_slot"].options(g, {"k": "advanced_slot", "seat": 0, "tile": tile})
    slot = next(o for o in opts if o.id == "slot:y")
    cap = 4 + 2 * tucked
    assert slot.label == f"Gray slot (at most {cap} VP)"
    assert "at most 4 VP + 2 VP per gray Mission card tucked beside it" in slot.detail
    assert f"now {tucked} tucked: at most {cap} VP" in slot.detail


def test_taking_an_advanced_tile_says_it_scores_at_most_4_vp_unless_ejected():
    # The cap was said only when the tile was ejected (advanced_slot), too late
    # to weigh taking it (a tester's report).
    g = Game.new(GameOptions(players=3), 1)
    opts = HANDLERS["discover"].options(g, {"k": "discover", "seat": 0, "left": 2})
    taken = [o for o in opts if o.id.startswith("advanced:")]
    assert len(taken) == 4
    for o in taken:
        assert o.detail.endswith(
            "; at most 4 VP at the end, or 4 + 2 per Mission card tucked beside the Advanced"
            " slot it is ejected into"
        )
        assert len(o.label) <= 70


def test_words():
    assert mid_sentence("Row 2, from the right") == "row 2, from the right"
    assert mid_sentence("") == ""
    assert [a("orange"), a("gray"), a("Advanced tile")] == [
        "an orange",
        "a gray",
        "an Advanced tile",
    ]
    assert [plural(1, "hex", "hexes"), plural(3, "hex", "hexes"), plural(0, "activation")] == [
        "1 hex",
        "3 hexes",
        "0 activations",
    ]
    assert die_words("y0") == "gray star (0)"
    assert dice_words(["o1", "y2", "g3r"]) == "orange 1, gray 2, green 3 (reserved)"
    assert dice_words([]) == "no dice"


# A die code in a text ("o1", "y0r"), "a" before a vowel, "(s)" / "(es)".
BAD = {
    "die code": re.compile(r"\b[oyg][0-3]r?\b"),
    "article": re.compile(r"\b[aA] [aeiouAEIOU]"),
    "plural": re.compile(r"\((s|es)\)"),
}


@pytest.mark.parametrize(
    "options",
    [
        GameOptions(players=2),
        GameOptions(players=4),
        GameOptions(players=1, difficulty="easy"),
        GameOptions(players=3, advanced=True),
    ],
    ids=lambda o: f"{o.players}p-adv{int(o.advanced)}",
)
def test_every_text_of_played_games_reads_as_written(options):
    found: dict[str, str] = {}
    for seed in range(4):
        g = Game.new(options, seed)
        r = random.Random(seed)
        while not g.is_over:
            d = g.decision
            texts = [d.prompt] + [t for o in d.options for t in (o.label, o.detail)]
            o = r.choice(d.options)
            for e in g.apply(Action(d.seat, o.id)):
                texts += [e.text, e.private or ""]
            for text in texts:
                for name, bad in BAD.items():
                    if bad.search(text):
                        found.setdefault(name, text)
    assert found == {}


# Ids and enum values a player never sees: "row2", "colB", "tech_orange".
_CODE = re.compile(r"\b(row[1-3]|col[ABC])\b|\b[a-z]+_[a-z]+\b|\(tech |\(advanced tech\)")


def test_the_log_says_what_the_options_said():
    """Random games: the log names a discovered tile's place, an arrow and a
    placed card as the option taken did, never by an id, and an Advanced
    tile by what it scores."""
    seen: set[str] = set()
    for seed in range(6):
        # Every third game asks the die, then its use; the card, then its slot.
        stepwise = seed % 3 == 2
        _play_and_read_the_log(
            GameOptions(players=2, advanced=bool(seed % 2), ask_stepwise=stepwise), seed, seen
        )
    for seed in range(3):  # solo: Hal's lines too
        _play_and_read_the_log(GameOptions(players=1, difficulty="easy"), seed, seen)
    assert {"inject", "discover", "advanced", "placed", "hal"} <= seen  # the games showed each


def _play_and_read_the_log(options: GameOptions, seed: int, seen: set[str]) -> None:
    g = Game.new(options, seed)
    rng = random.Random(seed)
    while not g.is_over:
        d = g.decision
        for o in d.options:  # a card's text ends in a full stop: nothing follows it
            assert not re.search(r"\. [a-z]", o.detail), o.detail
        option = rng.choice(d.options)
        events = g.apply(Action(d.seat, option.id))
        texts = [e.text for e in events]
        if any(t.startswith("Hal ") for t in texts):
            seen.add("hal")
        for text in texts:
            assert not _CODE.search(text), text
            assert ". on " not in text, text
        if d.kind == "inject":
            seen.add("inject")
            arrow = option.label.partition(" →")[0].partition(" (or ")[0]  # "Row 2, from the right"
            words = f"into {arrow[0].lower()}{arrow[1:]}."
            assert any(words in t for t in texts), (words, texts)
        if d.kind == "discover" and option.id != "done":
            seen.add("discover")
            place = option.detail.partition(" (cost")[0]
            assert any(
                f"from {place[0].lower()}{place[1:]}." in t.replace("Advanced", "advanced")
                for t in texts
            ), (place, texts)
            if option.id.startswith("advanced:"):
                seen.add("advanced")
                assert any(
                    re.search(r"takes an Advanced Technology tile \(2 VP per [^)]+ at the end\)", t)
                    for t in texts
                ), texts
        if d.kind == "place_mission" and option.id.startswith("card:"):
            seen.add("placed")
            card = int(option.id.partition(":")[2])
            where = option.detail.partition(" on ")[2].partition(" ")[0]
            assert (
                f"places {mission_short(card)} on {where}: {MISSION_CARDS[card].text}"
                in " ".join(texts)
            )


@pytest.mark.parametrize("stepwise", [False, True])
@pytest.mark.parametrize(("die", "flip_needed"), [("o1", True), ("o3", False)])
def test_a_card_play_that_leaves_only_a_die_to_flip_says_it_spends_the_debris(
    die, flip_needed, stepwise
):
    """Discover and the orange Command damaged: an orange 1 does nothing until
    a debris flips it to a 3. A card played first commits the turn to
    Sequence A, so the flip (then the only option, taken for the player)
    spends the debris: the play's words say so, and only then."""
    g = table()
    g.state.options.ask_stepwise = stepwise
    set_dice(g, {MADELINE: die})
    g.state.board.damage[0] = g.state.board.damage[1] = 2
    p = g.state.players[MADELINE]
    p.debris = 1
    card = next(m.id for m in MISSION_CARDS if m.colour is DieColour.ORANGE)
    give_missions(g, MADELINE, card)
    set_grid(g, MADELINE, {"B2": technology_tile(DieColour.ORANGE)})
    refresh(g)
    plays = [o for o in g.decision.options if o.id.startswith("play:")]
    assert plays
    for o in plays:
        assert ("until you flip one with debris" in o.detail) is flip_needed, o.detail
    g.apply(Action(MADELINE, plays[0].id))
    # On to the die's use: the slot and the tile first; stepwise, the die is
    # taken, then its use asked (where a flip is offered too).
    for _ in range(10):
        d = g.decision
        if not p.standard and d.kind != "use_die":
            break
        ids = [o.id for o in d.options]
        g.apply(Action(MADELINE, next((i for i in ids if i.startswith("die:")), ids[0])))
    assert not p.standard
    assert p.debris == (0 if flip_needed else 1)


def test_a_discover_label_names_each_tile_as_its_image_shows_it():
    """The board image writes a tile's effect short ("activate ↕", "+1 VP",
    renderer/labels.py); the Discover and Repair labels beside it use the same
    words, so a player matches a button to a tile at a glance."""
    from engine.tile_words import EFFECT_SHORT
    from renderer.labels import tile_text as image_words
    from tests.engine.scenario import pull_tile

    g = table()
    set_dice(g, {MADELINE: "o3"})
    kinds = {}
    for t in TILES:
        if t.kind is TileKind.TECHNOLOGY and t.effect not in kinds:
            kinds[t.effect] = t.id
    tiles = list(kinds.values())[:8]
    g.state.board.display = [pull_tile(g, t) for t in tiles]
    refresh(g)
    g.apply(Action(MADELINE, "die:o3"))  # the scenario table asks step by step
    g.apply(Action(MADELINE, "action:1"))
    labels = {o.id: o.label for o in g.decision.options}
    for i, t in enumerate(tiles):
        tile = TILES[t]
        label = labels[f"display:{i + 1}"]
        assert label.endswith(f": {tile.colour} {EFFECT_SHORT[tile.effect]}"), label
        assert image_words(t) == EFFECT_SHORT[tile.effect], (image_words(t), label)


def _die_words(g, die: str, action: int) -> str:
    """The die's option for an action, label and text, in the step-by-step asking."""
    g.apply(Action(MADELINE, f"die:{die}"))
    o = g.decision.option(f"action:{action}")
    assert o is not None, [x.id for x in g.decision.options]
    return f"{o.label} | {o.detail}"


@pytest.mark.parametrize(
    ("stacks", "idle"),
    [
        ({}, True),  # no Ravager on the Black Angel
        ({2: 3}, True),  # 3 cards at one location: a 2 cannot take them all
        ({2: 3, 4: 2}, False),
    ],
)
def test_a_destroy_that_can_destroy_nothing_says_so(stacks, idle):
    """A die on Destroy Ravagers with no location it can clear (all cards at
    a location go together) only draws a card: the option says so."""
    from tests.engine.scenario import ravagers_at

    g = table()
    set_dice(g, {MADELINE: "g2"})
    for loc, n in stacks.items():
        ravagers_at(g, loc, *[c.id for c in RAVAGER_CARDS if c.location == loc][:n])
    refresh(g)
    words = _die_words(g, "g2", 5)
    assert ("no action it can clear of Ravagers: only the card draw follows" in words) is idle
    assert ("Destroy ⚠ nothing to do" in words) is idle


@pytest.mark.parametrize("damage", ["none", "supply die", "action", "the action's own Ravager"])
def test_a_repair_with_nothing_to_repair_says_so(damage):
    from engine.components.cards import RavagerEffect
    from tests.engine.scenario import ravagers_at

    g = table()
    set_dice(g, {MADELINE: "y2"})
    b = g.state.board
    if damage == "supply die":
        b.supply[2] -= 1
        b.supply_damaged[2] += 1
    elif damage == "action":
        b.damage[5] = 1
    elif damage == "the action's own Ravager":
        hit = next(
            c.id
            for c in RAVAGER_CARDS
            if c.location == 3 and c.effect is RavagerEffect.DAMAGE_NEXT_ACTION
        )
        ravagers_at(g, 3, hit)
    refresh(g)
    words = _die_words(g, "y2", 3)
    idle = damage == "none"
    assert (
        "no damage cube on the Black Angel to repair: only the card draw follows" in words
    ) is idle
    assert ("Repair ⚠ nothing to do" in words) is idle


def _random_decisions(options: GameOptions, seeds: range):
    """Every decision of random games (the game is shown before the choice)."""
    for seed in seeds:
        g = Game.new(options, seed)
        r = random.Random(seed)
        while not g.is_over:
            yield g
            g.apply(Action(g.decision.seat, r.choice(g.decision.options).id))


def test_keeping_a_drawn_card_says_what_it_brings_when_placed():
    """Advanced rules (A3, draw two, keep one): each card's option names its
    reward and the Technology tiles it brings, as the hand does; the choice
    is made on them."""
    from engine.describe import placed_text, reward_text

    seen = 0
    for g in _random_decisions(GameOptions(players=2, advanced=True), range(3)):
        if g.decision.kind != "keep":
            continue
        for o in g.decision.options:
            card = int(o.id.partition(":")[2])
            assert f"Reward when placed: {reward_text(card)}" in o.text, o.text
            assert o.text.endswith(placed_text(card)), o.text
            colours = [c.value for c in MISSION_CARDS[card].tiles]
            assert f"({', '.join(colours)}) enter" in o.text, o.text
        seen += 1
    assert seen >= 3


def test_buying_hals_die_says_he_scores_the_resource():
    """Solo "Clarifications": Hal turns the resource paid for his die into 1
    VP; a rival player's die says nothing of the kind."""
    hal = rival = 0
    for options in (GameOptions(players=1, difficulty="easy"), GameOptions(players=2)):
        for g in _random_decisions(options, range(4)):
            for o in g.decision.options:
                if not o.id.startswith("buy:"):
                    continue
                from_hal = o.id.startswith("buy:h:")
                assert ("he turns it into 1 VP" in o.text) == from_hal, o.text
                hal += from_hal
                rival += not from_hal
    assert hal and rival


def test_buy_options_name_every_payee_the_same_way():
    """A neutral die once read "for 1 resource (paid to the supply)" where a
    player's or Hal's read "for 1 resource, paid to Red"."""
    form = re.compile(r"Buy (.+)'s .+ for 1 resource, paid to (.+?)( \(he turns it into 1 VP\))?")
    owners = set()
    for options in (GameOptions(players=1, difficulty="easy"), GameOptions(players=2)):
        for g in _random_decisions(options, range(2)):
            for o in g.decision.options:
                if not o.id.startswith("buy:"):
                    continue
                m = form.fullmatch(o.text.split(" → ")[0])
                assert m, o.text
                who, payee = m.group(1, 2)
                assert payee == ("the supply" if who == "the neutral player" else who), o.text
                owner = o.id.split(":")[1]
                owners.add(owner if owner in ("n", "h") else "player")
    assert owners == {"n", "h", "player"}


def test_debris_into_storage_says_how_many_before_and_after():
    """'(now 0)' read as the count after; the option says both."""
    from engine.ops import player

    seen = 0
    for g in _random_decisions(GameOptions(players=2), range(6)):
        if g.decision.kind != "place_debris":
            continue
        n = player(g, g.decision.seat).debris
        text = g.decision.option("storage").text
        assert text == f"Into your debris storage ({n} there now, {n + 1} after)", text
        seen += 1
    assert seen


@pytest.mark.parametrize(
    ("rules_version", "code", "offered", "label", "detail", "logged"),
    [
        (
            None,
            "o0",
            "Flip your orange star (0) to 2 (1 debris)",
            "Flip this die to 2 (1 debris)",
            "Spend a debris to flip this die from a star (0) to 2",
            "Blue spends a debris to flip an orange die from a star (0) to 2.",
        ),
        (  # rules version 1 offers a flip that leaves a star with no use
            1,
            "y2",
            "Flip your gray 2 to a star (1 debris)",
            "Flip this die to a star (1 debris)",
            "Spend a debris to flip this die from 2 to a star (0)",
            "Blue spends a debris to flip a gray die from 2 to a star (0).",
        ),
    ],
)
def test_a_flip_names_a_star_as_the_dice_do(rules_version, code, offered, label, detail, logged):
    # "from 0 to 2" read oddly beside options saying "star (0)" (a tester's report).
    g = table()
    if rules_version is not None:
        g.state.options.rules_version = rules_version
    set_dice(g, {MADELINE: code})
    g.state.players[MADELINE].debris = 1
    refresh(g)
    assert g.decision.option(f"flip:{code}").label == offered
    choose(g, f"die:{code}")
    flip = g.decision.option("flip")
    assert (flip.label, flip.detail) == (label, detail)
    events = choose(g, "flip")
    assert [e.text for e in events if e.kind == "flip"] == [logged]


@pytest.mark.parametrize("to", [True, False])
def test_a_robot_moved_by_a_tile_names_the_tile_as_gains_do(to):
    g = table()
    g.state.options.ask_stepwise = False
    set_dice(g, {MADELINE: "o3"})
    give_ravagers(g, MADELINE, 3)
    p = g.state.players[MADELINE]
    p.break_room = 1
    move_robot = technology_tile(DieColour.GREEN, TileEffect.MOVE_ROBOT)
    set_grid(g, MADELINE, {"A2": move_robot, "B2": technology_tile(DieColour.GRAY)})
    refresh(g)
    choose(g, "play:r3:slot:row2")
    assert g.decision.kind == "tile"
    events = choose(g, "to:o" if to else "from:g")
    robot = [e.text for e in events if e.kind == "robot"]
    assert robot == [
        "Blue moves a robot from the break room to the orange workstation (tile A2)."
        if to
        else "Blue moves a robot from the green workstation to the break room (tile A2)."
    ]


def test_the_sequence_a_prompt_proposes_only_what_is_on_offer():
    """A tester's solo game (advanced, seed 7007): after a Ravager card by row
    2 took a debris, the prompt still read "Sequence A: play a card, flip a
    die with debris, or take a die." though the card was played; with the
    debris spent it still proposed the flip."""
    g = Game.new(GameOptions(players=1, advanced=True, difficulty="standard"), 7007)
    choose(g, "play:r3:slot:row2")
    choose(g, "debris")
    assert not any(o.id.startswith("play:") for o in g.decision.options)
    assert g.decision.prompt == "Sequence A: flip a die with debris or take a die."
    choose(g, "flip:o1")
    choose(g, "flip:y1")
    assert not any(o.id.startswith(("play:", "flip:")) for o in g.decision.options)
    assert g.decision.prompt == "Sequence A: take a die."


def test_a_star_die_is_named_a_star_in_the_log_and_prompts():
    """A tester's solo game logged "Blue takes their orange 0.", "Use your
    orange 0: choose …", "Hal buys Blue's green 0" and "Hal uses an orange 0"
    beside options saying "orange star (0)"."""
    g = table()
    set_dice(g, {MADELINE: "o0"})
    g.state.players[MADELINE].debris = 1
    refresh(g)
    events = choose(g, "die:o0")
    assert [e.text for e in events if e.kind == "die"] == [
        f"{g.name(MADELINE)} takes their orange star (0)."
    ]
    assert g.decision.prompt.startswith("Use your orange star (0): ")

    g = solo_table()
    hal_deck(g, 4, 2)  # top: green Destroy
    set_solo_dice(g, player="g0", hal="o0")
    texts = [e.text for e in hal_plays(g, "A")]
    assert f"Hal buys {g.name(0)}'s green star (0); {g.name(0)} takes 1 resource." in texts
    assert "Hal uses a green star (0) on action 5, Destroy Ravagers." in texts


def test_mission_texts_take_things_and_gain_vp_as_the_appendix_says():
    """A tester's solo game read "Per activation, take 1 VP and 1 robot." and
    "the owner takes 3 VP" (appendix: "take 1 robot from the supply and gain
    1 VP", "the owner of this card gains 3 VP")."""
    texts = {m.id: m.text for m in MISSION_CARDS}
    assert texts[41] == "Per activation, take 1 robot and gain 1 VP."
    assert texts[54] == (
        "Upon ejection, the owner gains 3 VP; same for each player with a ship on it."
    )
    assert texts[15] == (
        "Upon ejection, the owner takes 3 ships; each player with a ship on it gains 3 VP."
    )
    assert not [t for t in texts.values() if re.search(r"takes? (\d+ VP|.* and \d+ VP)", t)]


def test_log_lines_name_a_tile_with_its_article():
    # "Blue spends gray tile (gain 1 VP)." read as a label, not a sentence;
    # the discover, inject, eject and Advanced slot lines say "a"/"an" too.
    g = table()
    tile = technology_tile(DieColour.GRAY, TileEffect.VP)
    set_grid(g, MADELINE, {"B2": tile})
    mark = len(g._events)
    HANDLERS["spend_tech"].choose(g, {"k": "spend_tech", "seat": MADELINE}, "cell:B2")
    assert [e.text for e in g._events[mark:]] == ["Blue spends a gray tile (gain 1 VP) from B2."]
