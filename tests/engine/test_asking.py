"""Rules version 2 asks fewer questions (issue #12, engine/asking.py): one
decision per thing a player names aloud, never a question with one answer or
with answers that cannot differ, no choice that undoes the previous one — and
no real choice taken away."""

from __future__ import annotations

import copy
import random
import re

import pytest

from engine import Action, Game, GameOptions
from engine.components import HAND_LIMIT, DieColour
from engine.components.cards import MISSION_CARDS
from engine.components.tiles import TILES as TILE_SPECS
from engine.components.tiles import TileEffect, TileKind
from engine.state import Die
from tests.engine.helpers import choose, ids, refresh, technology_tile
from tests.engine.scenario import (
    MADELINE,
    give_missions,
    give_ravagers,
    ok,
    put_ship,
    ravagers_at,
    set_dice,
    set_grid,
    table,
)

SHAPES = [
    GameOptions(players=3),
    GameOptions(players=2),
    GameOptions(players=4),
    GameOptions(players=1),
    GameOptions(players=3, advanced=True),
    GameOptions(players=1, advanced=True),
]


def merged(g: Game) -> Game:
    """This constructed game asked the version 2 way (not step by step)."""
    g.state.options.ask_stepwise = False
    refresh(g)
    return g


def ravager_numbers(option_ids: list[str]) -> list[str]:
    """Ravager cards named by options (play:r7…, discard:r7, Spend card:7)."""
    out = []
    for oid in option_ids:
        parts = oid.split(":")
        if len(parts) >= 2 and parts[0] in ("play", "discard") and parts[1].startswith("r"):
            out.append(parts[1] + ":" + ":".join(parts[2:]))
    return out


@pytest.mark.parametrize("options", SHAPES, ids=lambda o: f"{o.players}p-adv{int(o.advanced)}")
def test_self_play_never_asks_a_question_with_one_answer_or_alike_answers(options):
    seen_kinds: set[str] = set()
    for seed in range(40 if options.players == 3 and not options.advanced else 12):
        g = Game.new(copy.deepcopy(options), seed)
        r = random.Random(seed)
        while not g.is_over:
            d = g.decision
            assert len(d.options) >= 2, (seed, d.kind, [o.id for o in d.options])
            option_ids = [o.id for o in d.options]
            assert len(set(option_ids)) == len(option_ids)
            # Ravager cards in hand are alike: never two of them for the same use.
            rav = ravager_numbers(option_ids)
            uses = [x.split(":", 1)[1] for x in rav]
            assert len(uses) == len(set(uses)), (seed, d.kind, option_ids)
            assert d.kind != "spend_ravager", "alike Ravager cards asked apart"
            if d.kind in ("activate", "discover", "repair", "destroy"):
                # The stop option keeps its number from prompt to prompt.
                assert d.options[0].id == "done"
            seen_kinds.add(d.kind)
            g.apply(Action(d.seat, r.choice(d.options).id))
    assert {"turn", "command"} <= seen_kinds


def _normal(g: Game) -> str:
    """The state as far as a player can tell: Ravager cards are alike."""
    import json

    data = g.to_json()
    for p in data["players"]:
        p["ravagers"] = len(p["ravagers"])
        p["slots"] = [
            s and {**s, "card": 0 if s["kind"] == "ravager" else s["card"]} for s in p["slots"]
        ]
    data["board"]["ravager_discard"] = sorted(data["board"]["ravager_discard"])
    for f in data["frames"]:
        f.pop("cells", None)  # the tiles left to activate: order of alike tiles
    data.pop("decisions")
    d = g.decision
    return json.dumps([data, d and (d.seat, d.kind)], sort_keys=True)


@pytest.mark.parametrize("seed", range(4))
def test_no_two_options_of_a_decision_lead_to_the_same_state(seed):
    options = GameOptions(players=3, advanced=seed % 2 == 1)
    g = Game.new(options, seed)
    r = random.Random(seed)
    checked = 0
    while not g.is_over and checked < 120:
        d = g.decision
        if len(d.options) <= 40:
            after = {}
            for o in d.options:
                twin = Game.from_json(g.to_json())
                twin.apply(Action(d.seat, o.id))
                key = _normal(twin)
                assert key not in after, (d.kind, o.id, after.get(key))
                after[key] = o.id
            checked += 1
        g.apply(Action(d.seat, r.choice(d.options).id))
    assert checked > 50


def _stepwise_pairs(g: Game) -> set[str]:
    """Every "first step:second step" a version 1-style turn offers here."""
    twin = Game.from_json(g.to_json())
    twin.state.options.ask_stepwise = True
    refresh(twin)
    out = set()
    d = twin.decision
    for o in d.options:
        if o.id.split(":")[0] not in ("die", "buy", "play"):
            out.add(o.id)
            continue
        step = Game.from_json(twin.to_json())
        step.apply(Action(d.seat, o.id))
        d2 = step.decision
        if d2 is None or d2.kind not in ("use_die", "slot"):
            out.add(o.id)
            continue
        out |= {f"{o.id}:{o2.id}" for o2 in d2.options}
        out.add(o.id)
    return out


@pytest.mark.parametrize("advanced", [False, True])
def test_merged_turn_options_are_exactly_the_step_by_step_ones(advanced):
    """No real choice taken away: every die-and-use and card-and-slot pair of
    the step-by-step turn is one option, except a card that activates nothing
    and a die transform that the turn offers on its own (a flip), or behind
    "die:<code>" (a boost)."""
    compared = 0
    for seed in range(30):
        g = Game.new(GameOptions(players=3, advanced=advanced), seed)
        r = random.Random(seed)
        for _ in range(60):
            if g.is_over:
                break
            d = g.decision
            if d.kind == "turn":
                offered = {o.id for o in d.options}
                pairs = _stepwise_pairs(g)
                assert offered <= pairs, offered - pairs
                missing = pairs - offered
                for m in missing:
                    parts = m.split(":")
                    if parts[0] in ("die", "buy"):
                        n = 2 if parts[0] == "die" else 3
                        take, use = ":".join(parts[:n]), parts[n:]
                        if not use:
                            continue  # the take alone: offered merged with its uses
                        # Only die transforms are left out: a flip is its own
                        # turn option, a boost stays behind the take alone.
                        assert use[0] in ("flip", "three", "recolour"), m
                        if use[0] == "flip":
                            assert f"flip:{parts[1]}" in offered or parts[1] in str(
                                g.state.turn.get("flipped")
                            ), m
                        else:
                            assert take in offered, m
                    elif parts[0] == "play":
                        if len(parts) == 2:
                            continue  # the card alone: offered with its slot
                        slot = next(o for o in _slot_options(g, m) if o.id == ":".join(parts[2:]))
                        activates = any(x.startswith("cell:") for x in slot.marks)
                        ravager_again = parts[1].startswith("r") and any(
                            x.startswith("play:r") and x.endswith(":".join(parts[2:]))
                            for x in offered
                        )
                        assert not activates or ravager_again, m
                    else:
                        assert parts[0] == "flip", m  # only a flip back
                compared += 1
            g.apply(Action(d.seat, r.choice(d.options).id))
    assert compared > 40


def _slot_options(g: Game, merged_id: str):
    from engine.handlers import HANDLERS

    arg = merged_id.split(":")[1]
    kind = "mission" if arg[0] == "m" else "ravager"
    frame = {"k": "slot", "seat": g.decision.seat, "kind": kind, "card": int(arg[1:])}
    return HANDLERS["slot"].options(g, frame)


def test_a_die_and_its_action_are_one_choice():
    g = merged(table())
    set_dice(g, {MADELINE: "o3 y1"})
    refresh(g)
    assert "die:o3:action:1" in ids(g)
    assert not any(i == "die:o3" for i in ids(g))
    label = g.decision.option("die:o3:action:1")
    assert label.label.startswith("orange 3 → Action 1 Discover ×3")
    choose(g, "die:o3:action:1")
    assert g.state.turn["action"] == 1
    ok(g)


def test_a_card_and_its_slot_are_one_choice_and_a_card_that_activates_nothing_is_not_offered():
    g = merged(table())
    set_dice(g, {MADELINE: "o3"})
    orange = next(m.id for m in MISSION_CARDS if m.colour is DieColour.ORANGE)
    give_missions(g, MADELINE, orange)
    refresh(g)
    # An empty grid: the card would activate nothing, so it is not offered.
    assert not any(i.startswith("play:") for i in ids(g))
    set_grid(g, MADELINE, {"B2": technology_tile(DieColour.ORANGE)})
    refresh(g)
    plays = [i for i in ids(g) if i.startswith("play:")]
    assert plays == [f"play:m{orange}:slot:row2", f"play:m{orange}:slot:colB"]
    vp = g.state.players[MADELINE].vp
    events = choose(g, f"play:m{orange}:slot:row2")
    # A plain gain is taken at once: no "activate B2?" question.
    assert g.state.players[MADELINE].vp == vp + 1
    assert [e.kind for e in events][:2] == ["card_played", "gain"]
    ok(g)


def test_plain_gains_come_first_and_choices_are_still_asked():
    g = merged(table())
    set_dice(g, {MADELINE: "o3"})
    give_ravagers(g, MADELINE, 3)
    p = g.state.players[MADELINE]
    p.robots_supply, p.break_room = 2, 0
    set_grid(
        g,
        MADELINE,
        {
            "A2": technology_tile(DieColour.GREEN, TileEffect.MOVE_ROBOT),
            "B2": technology_tile(DieColour.GRAY, TileEffect.ROBOT),
        },
    )
    refresh(g)
    choose(g, "play:r3:slot:row2")
    # The robot is gained first, so the "move a robot" tile can move it; that
    # tile is the last one left: its own question comes at once (with "skip").
    assert p.break_room == 1
    assert g.decision.kind == "tile"
    assert {"to:o", "skip"} <= set(ids(g))
    # Step by step, version 1's way, both are asked.
    g2 = table()
    set_dice(g2, {MADELINE: "o3"})
    give_ravagers(g2, MADELINE, 3)
    set_grid(
        g2,
        MADELINE,
        {
            "A2": technology_tile(DieColour.GREEN, TileEffect.MOVE_ROBOT),
            "B2": technology_tile(DieColour.GRAY, TileEffect.ROBOT),
        },
    )
    refresh(g2)
    choose(g2, "play:r3")
    choose(g2, "slot:row2")
    assert ids(g2) == ["done", "tile:A2", "tile:B2"]


def test_alike_ravager_cards_are_one_option_and_a_lone_answer_is_taken():
    g = merged(table())
    set_dice(g, {MADELINE: "o3"})
    from engine.components.cards import RAVAGER_CARDS, RavagerEffect

    hand = [c.id for c in RAVAGER_CARDS if c.location == 3][:3]
    give_ravagers(g, MADELINE, *hand)
    set_grid(g, MADELINE, {"B2": technology_tile(DieColour.ORANGE, TileEffect.VP)})
    refresh(g)
    plays = [i for i in ids(g) if i.startswith("play:r")]
    assert plays == [f"play:r{hand[0]}:slot:row2", f"play:r{hand[0]}:slot:colB"]
    # A Ravager that makes you discard a Ravager card: all alike, so no question.
    card = next(
        c.id for c in RAVAGER_CARDS if c.location == 1 and c.effect is RavagerEffect.DISCARD_RAVAGER
    )
    ravagers_at(g, 1, card)
    refresh(g)
    choose(g, "die:o3:action:1")
    assert g.decision.kind != "ravager_effect"
    assert len(g.state.players[MADELINE].ravagers) == 2
    ok(g)


def test_the_one_play_of_alike_ravager_cards_names_every_copy():
    # A tester holding #10 and #11 saw only "Ravager card #10" and asked
    # where #11 went: the option says it stands for either.
    g = merged(table())
    set_dice(g, {MADELINE: "o3"})
    from engine.components.cards import RAVAGER_CARDS

    first, second = [c.id for c in RAVAGER_CARDS if c.location == 3][:2]
    give_ravagers(g, MADELINE, first)
    set_grid(g, MADELINE, {"B2": technology_tile(DieColour.ORANGE, TileEffect.VP)})
    refresh(g)
    alone = g.decision.option(f"play:r{first}:slot:row2")
    assert alone.label == f"Ravager card #{first} → row 2: activates B2"
    assert "alike" not in alone.detail
    give_ravagers(g, MADELINE, second)
    assert g.state.players[MADELINE].ravagers == [first, second]
    refresh(g)
    assert [i for i in ids(g) if i.startswith("play:r")] == [
        f"play:r{first}:slot:row2",
        f"play:r{first}:slot:colB",
    ]
    o = g.decision.option(f"play:r{first}:slot:row2")
    assert o.label == f"Ravager card #{first} (or #{second}) → row 2: activates B2"
    assert o.detail.endswith(
        f"; this stands for either of your 2 Ravager cards (#{first} and #{second}): "
        "in hand they are alike"
    )


def test_no_flip_back_right_after_a_flip_but_an_alike_unflipped_die_may_flip():
    g = merged(table())
    set_dice(g, {MADELINE: "o1"})
    g.state.players[MADELINE].debris = 2
    put_ship(g, "5A", MADELINE)  # Command is possible too: a real choice is left
    refresh(g)
    choose(g, "flip:o1")
    assert g.state.players[MADELINE].standard == [Die(DieColour.ORANGE, 3)]
    assert "flip:o3" not in ids(g)
    # Step by step (version 1's way) it is offered.
    g2 = table()
    set_dice(g2, {MADELINE: "o1"})
    g2.state.players[MADELINE].debris = 2
    refresh(g2)
    choose(g2, "flip:o1")
    assert "flip:o3" in ids(g2)
    # A second orange 3 that was never flipped may still be flipped.
    g3 = merged(table())
    put_ship(g3, "5A", MADELINE)
    set_dice(g3, {MADELINE: "o1 o3"})
    g3.state.players[MADELINE].debris = 2
    refresh(g3)
    choose(g3, "flip:o1")
    assert "flip:o3" in ids(g3)
    choose(g3, "flip:o3")
    assert sorted(d.value for d in g3.state.players[MADELINE].standard) == [1, 3]
    assert "flip:o3" not in ids(g3) and "flip:o1" not in ids(g3)


def _draw_to_hand_limit(g: Game) -> None:
    set_dice(g, {s: "o3" for s in range(len(g.state.players))})
    cards = [m.id for m in MISSION_CARDS if m.colour is DieColour.GRAY][:HAND_LIMIT]
    give_missions(g, g.state.current, *cards)
    refresh(g)
    choose(g, "die:o3:action:1")
    while g.decision is not None and g.decision.kind in ("discover", "inject"):
        choose(g, ids(g)[0])


def test_the_hand_limit_is_not_asked_on_the_games_very_last_turn():
    g = merged(table(3))
    g.state.last_round = g.state.round
    from tests.engine.scenario import turn_of

    turn_of(g, 2)
    _draw_to_hand_limit(g)
    assert g.decision is None or g.decision.kind != "hand_limit"
    assert g.is_over
    # One turn earlier it is asked.
    g = merged(table(3))
    g.state.last_round = g.state.round
    turn_of(g, 1)
    _draw_to_hand_limit(g)
    assert g.decision.kind == "hand_limit"


def test_injecting_onto_an_empty_cell_from_two_arrows_is_one_option():
    g = merged(table())
    set_dice(g, {MADELINE: "o3"})
    tile = next(
        t.id for t in TILE_SPECS if t.kind is TileKind.TECHNOLOGY and t.colour is DieColour.GRAY
    )
    from tests.engine.scenario import pull_tile

    g.state.board.display[4] = pull_tile(g, tile)
    refresh(g)
    choose(g, "die:o3:action:1")
    choose(g, "display:5")
    assert g.decision.kind == "inject"
    # Empty grid: row 1 from the right and column C from the top both land on C1.
    assert len(ids(g)) == 5
    c1 = [o for o in g.decision.options if o.marks == ("cell:C1",)]
    assert len(c1) == 1 and "or column C, from the top" in c1[0].label


def test_public_decisions_never_name_a_card_in_a_hand():
    """Option texts of a decision that is not secret are public (R15)."""
    from engine.mission_cards import mission_short

    for seed in range(6):
        g = Game.new(GameOptions(players=3, advanced=seed % 2 == 1), seed)
        r = random.Random(seed)
        while not g.is_over:
            d = g.decision
            if not d.secret:
                hands = [mission_short(m) for p in g.state.players for m in p.missions]
                texts = " ".join(o.text + " " + o.label for o in d.options)
                assert "reward:" not in texts  # a hand card's reward
                for name in hands:
                    # "Orange activation #12" followed by a non-digit: that card
                    assert not re.search(re.escape(name) + r"(?!\d)", texts) or _in_space(
                        g, name
                    ), (d.kind, name)
            g.apply(Action(d.seat, r.choice(d.options).id))


def _in_space(g: Game, name: str) -> bool:
    """A card placed in Space is public, and may be named (Mission at 3C)."""
    from engine.mission_cards import mission_short

    return any(
        placed is not None and mission_short(placed.card) == name
        for strip in g.state.board.strips
        for placed in strip.cards
    )


def test_a_flip_at_the_turns_start_says_it_commits_to_sequence_a():
    """Debris flips a die only in a Sequence A (rulebook "Debris"): once
    flipped, Sequence B is gone, and the option says so before, not after."""
    g = table()
    set_dice(g, {MADELINE: "o1 o3"})
    g.state.players[MADELINE].debris = 2
    put_ship(g, "5A", MADELINE)
    refresh(g)
    assert "B" in ids(g)
    commits = "this commits you to Sequence A (no Sequence B this turn)"
    assert commits in g.decision.option("flip:o1").detail
    choose(g, "flip:o1")
    assert "B" not in ids(g)  # as the option said
    # Already in Sequence A: nothing more to commit to.
    assert commits not in g.decision.option("flip:o3").detail
