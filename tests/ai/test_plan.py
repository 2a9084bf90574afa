"""ai.plan: decisions judged by play-outs two rounds on solo, to our next turn among
players (or to the end)."""

import random

import pytest

import ai.plan as plan
from ai import Budget, choose
from ai.determinize import determinize
from ai.players import predicted_score
from ai.rules import ranked_options, simple_choice, value
from ai.value import solo_margin
from engine import Action, Game, GameOptions


def solo_turn(seed: int, turn_start: bool = True, from_round: int = 2, decisions: int = 40) -> Game:
    """A solo game at one of our turn decisions from `from_round` on, played
    by simple so far (within `decisions` decisions)."""
    g = Game.new(GameOptions(players=1), seed)
    rng = random.Random(seed)
    for _ in range(decisions):
        d = g.decision
        if d is None:
            break  # the game ended first
        opens = not g.state.turn  # a turn's start, before any card play
        if (
            d.kind == "turn"
            and len(d.options) > 1
            and opens == turn_start
            and g.state.round >= from_round
        ):
            return g
        g.apply(Action(d.seat, simple_choice(g, rng)))
    pytest.skip(
        f"no such decision in the first {decisions}"
    )  # pragma: no cover (seeds below have one)


def test_a_play_out_stops_at_our_turn_two_rounds_on_and_judges_it():
    g = solo_turn(3)
    score = plan.play_out(g.copy(), 0, random.Random(1))
    again = g.copy()
    rng = random.Random(1)
    stop = again.state.round + plan.HORIZON_ROUNDS
    while not (
        again.state.round >= stop
        and again.decision.seat == 0
        and again.decision.kind == "turn"
        and not again.state.turn
    ):
        again.apply(Action(again.decision.seat, simple_choice(again, rng)))
    assert not again.is_over and stop <= again.state.round <= stop + 1
    assert score == solo_margin(again, 0)


def test_a_play_out_that_reaches_the_end_scores_the_final_margin_and_a_strict_win():
    g = solo_turn(3)
    rng = random.Random(4)
    while not g.state.end_trigger:  # the game ends before two more rounds
        g.apply(Action(g.decision.seat, simple_choice(g, rng)))
    while not (g.decision.seat == 0 and g.decision.kind == "turn" and not g.state.turn):
        g.apply(Action(g.decision.seat, simple_choice(g, rng)))
    score = plan.play_out(g.copy(), 0, random.Random(1))
    again = g.copy()
    rng = random.Random(1)
    while not again.is_over:
        again.apply(Action(again.decision.seat, simple_choice(again, rng)))
    assert again.state.round < g.state.round + plan.HORIZON_ROUNDS
    ours, hal = again.result["scores"][:2]
    assert score == ours - hal + (plan.WIN_BONUS if ours > hal else 0)


def test_once_the_end_is_triggered_a_play_out_goes_on_to_the_end():
    g = solo_turn(3, from_round=14, decisions=400)
    score = plan.play_out(g.copy(), 0, random.Random(1))
    again = g.copy()
    rng = random.Random(1)
    stop = again.state.round + plan.HORIZON_ROUNDS
    passed_the_horizon_triggered = False
    while not again.is_over:
        d = again.decision
        at_horizon = again.state.round >= stop and d.kind == "turn" and not again.state.turn
        if at_horizon and d.seat == 0 and again.state.end_trigger:
            passed_the_horizon_triggered = True
        again.apply(Action(d.seat, simple_choice(again, rng)))
    assert passed_the_horizon_triggered  # two rounds on, the end was already coming
    ours, hal = again.result["scores"][:2]
    assert score == ours - hal + (plan.WIN_BONUS if ours > hal else 0)


def planned(monkeypatch, score, iterations):
    """plan_choice at seed 5's turn with every play-out of a candidate scored
    `score(shortlist, move)`: simple's shortlist, the pick and the candidates
    played, in order."""
    view = solo_turn(5).view(0)
    first = determinize(view, random.Random(2))
    shortlist = [i for _, i in ranked_options(first, random.Random(2))][: plan.CANDIDATES]
    moves: list[str] = []

    def record(seat, option):
        moves.append(option)
        return Action(seat, option)

    def judged(game, seat, rng):
        game.release()
        return score(shortlist, moves[-1])

    monkeypatch.setattr(plan, "Action", record)
    monkeypatch.setattr(plan, "play_out", judged)
    pick = plan.plan_choice(view, random.Random(2), Budget(iterations=iterations))
    return shortlist, pick, moves


def test_the_candidate_whose_play_outs_score_best_is_chosen(monkeypatch):
    shortlist, pick, moves = planned(
        monkeypatch, lambda shortlist, move: 10.0 if move == shortlist[2] else 0.0, 6
    )
    assert len(shortlist) == 3
    assert pick == shortlist[2]  # simple ranks it third; the play-outs say best
    assert sorted(moves) == sorted(shortlist * 2)  # two rounds, every candidate in each


@pytest.mark.parametrize(("lead", "chosen"), [(0.8, 1), (0.3, 0)])
def test_solo_another_candidate_must_beat_simples_first_by_the_prior(monkeypatch, lead, chosen):
    """Simple's first option is credited SIMPLE_PRIOR VP a round: a second
    candidate whose play-outs score a little better is luck more often than
    not, one that scores clearly better is chosen."""
    monkeypatch.setattr(plan, "SIMPLE_PRIOR", 0.5)
    shortlist, pick, moves = planned(
        monkeypatch, lambda shortlist, move: lead if move == shortlist[1] else 0.0, 9
    )
    assert pick == shortlist[chosen]
    assert len(moves) == 9  # three whole rounds


def test_off_the_plan_layer_it_is_simple():
    g = solo_turn(4, turn_start=True)
    d = g.decision
    g.apply(Action(0, next(o.id for o in d.options if o.id.startswith("die:"))))
    while g.decision is not None and g.decision.kind == "turn":  # pragma: no cover
        g.apply(Action(0, g.decision.options[0].id))
    view = g.view(g.decision.seat)
    assert not plan.plans(determinize(view, random.Random(0)))
    # simple as the play-outs play it: the steps inside the turn settled by
    # one greedy step (the level simple settles them in full solo, ai/rules.py)
    rng = random.Random(0)
    expected = simple_choice(determinize(view, rng), rng)
    assert choose(view, rng=random.Random(0), level="plan") == expected


def test_the_same_rng_gives_the_same_plan():
    view = solo_turn(6).view(0)
    a = choose(view, rng=random.Random(3), level="plan", budget=Budget(iterations=6))
    b = choose(view, rng=random.Random(3), level="plan", budget=Budget(iterations=6))
    assert a == b and a in {o["id"] for o in view["decision"]["options"]}


def test_a_time_budget_stops_before_a_play_out_that_would_overrun(monkeypatch):
    view = solo_turn(7).view(0)
    now = [0.0]
    played = []

    def clock():
        return now[0]

    def slow(game, seat, rng):
        now[0] += 0.3  # each play-out takes 0.3 s on this clock
        played.append(1)
        game.release()
        return 0.0

    monkeypatch.setattr(plan, "play_out", slow)
    plan.plan_choice(view, random.Random(0), Budget(seconds=1.0, clock=clock))
    # Round 0 (three play-outs, 0.9 s) always; a fourth would end at 1.2 s.
    assert len(played) == 3
    assert now[0] <= 1.0


def test_strong_plans_every_solo_step_and_a_two_player_turns_start(monkeypatch):
    calls = []

    def planned(view, rng, budget=None, game=None, cost=1, level="plan"):
        calls.append((view["decision"]["kind"], cost, level))
        return view["decision"]["options"][-1]["id"]

    monkeypatch.setattr(plan, "plan_choice", planned)
    turn = solo_turn(8).view(0)
    step = solo_turn(3, turn_start=False).view(0)  # the die after a card play
    assert step["decision"]["kind"] == "turn" and step["decision"]["seat"] == 0
    g = solo_turn(5)
    while g.decision.kind == "turn":  # on to a step inside the turn (which hex, which tile...)
        d = g.decision
        g.apply(
            Action(0, next((o.id for o in d.options if o.id.startswith("die:")), d.options[0].id))
        )
    inner = g.view(0)
    assert inner["decision"]["kind"] != "turn" and len(inner["decision"]["options"]) > 1
    for view in (turn, step, inner):
        pick = choose(view, rng=random.Random(0), level="strong", budget=Budget(iterations=8))
        assert pick == view["decision"]["options"][-1]["id"]
    kinds = [turn["decision"]["kind"], "turn", inner["decision"]["kind"]]
    # An iteration budget counts the longer play-outs; every step is planned.
    assert calls == [(k, plan.PLAYOUT_COST, "strong") for k in kinds]
    # The plan level plans a turn's start only: the step inside is simple's.
    assert not plan.plans(determinize(inner, random.Random(0)))
    assert plan.plans(determinize(inner, random.Random(0)), "strong")
    # Among players strong plans a turn's start; the search takes the steps inside.
    opening, inside = players_turn(8)
    for view in (opening, inside):
        choose(view, rng=random.Random(0), level="strong", budget=Budget(iterations=8))
    assert calls[3:] == [("turn", plan.PLAYOUT_COST, "strong")]
    assert not plan.plans(determinize(opening, random.Random(0)))  # the plan level: solo only
    four = Game.new(GameOptions(players=4), 8)  # four players: the search opens the turn too
    rng = random.Random(8)
    while not (four.decision.kind == "turn" and not four.state.turn):
        four.apply(Action(four.decision.seat, simple_choice(four, rng)))
    assert len(four.decision.options) > 1 and not plan.plans(four, "strong")


def players_turn(seed: int) -> tuple[dict, dict]:
    """Two views of a 2-player game played by simple: a turn's start with a
    choice, and a later step inside a turn with a choice."""
    g = Game.new(GameOptions(players=2), seed)
    rng = random.Random(seed)
    opening = inside = None
    while inside is None:
        d = g.decision
        if len(d.options) > 1:
            if d.kind == "turn" and not g.state.turn and opening is None:
                opening = g.view(d.seat)
            elif opening is not None and (d.kind != "turn" or g.state.turn):
                inside = g.view(d.seat)
        g.apply(Action(d.seat, simple_choice(g, rng)))
    return opening, inside


def test_among_players_a_play_out_stops_at_our_next_turn_and_judges_predicted_scores():
    g = Game.new(GameOptions(players=3), 4)
    rng = random.Random(4)
    while not (g.state.round >= 2 and g.decision.kind == "turn" and not g.state.turn):
        g.apply(Action(g.decision.seat, simple_choice(g, rng)))
    seat = g.decision.seat
    score = plan.play_out(g.copy(), seat, random.Random(1))
    again = g.copy()
    rng = random.Random(1)
    start = again.state.round
    while True:
        again.apply(Action(again.decision.seat, simple_choice(again, rng)))
        d = again.decision
        if d.seat == seat and d.kind == "turn" and not again.state.turn:
            break
    assert not again.is_over and again.state.round == start + plan.PLAYERS_HORIZON_ROUNDS
    # Judged by the final scores the position predicts (ai/players.py), not
    # by the rules of thumb's worth nor the solo judgement.
    rivals = [predicted_score(again, p.seat) for p in again.state.players if p.seat != seat]
    assert score == predicted_score(again, seat) - max(rivals)
    worth_margin = value(again, seat) - max(
        value(again, p.seat) for p in again.state.players if p.seat != seat
    )
    assert score != worth_margin
    assert score != solo_margin(again, seat)


def test_without_a_whole_round_in_the_time_it_is_simple(monkeypatch):
    view = solo_turn(7).view(0)
    now = [0.0]

    def slow(game, seat, rng):
        now[0] += 0.45  # two fit in 1 s, the third would not
        game.release()
        return 10.0 if now[0] > 0.5 else 0.0  # the second candidate would look best

    monkeypatch.setattr(plan, "play_out", slow)
    pick = plan.plan_choice(view, random.Random(0), Budget(seconds=1.0, clock=lambda: now[0]))
    first = determinize(view, random.Random(0))
    rng = random.Random(0)
    determinize(view, rng)
    assert pick == ranked_options(first, rng)[0][1]
    assert now[0] == pytest.approx(0.9)


def solo_near_end(seed: int, triggered: bool = True) -> Game:
    """A solo game played by simple to our first decision with more than
    `END_CANDIDATES` options once its end is triggered (or, `triggered`
    False, while at most `END_NEAR` Ravager cards are left and it is not)."""
    g = Game.new(GameOptions(players=1), seed)
    rng = random.Random(seed)
    while not g.is_over:
        d = g.decision
        near = (g.state.end_trigger is not None) == triggered and len(
            g.state.board.ravager_deck
        ) <= plan.END_NEAR
        if near and d.seat == 0 and len(d.options) > plan.END_CANDIDATES:
            return g
        g.apply(Action(d.seat, simple_choice(g, rng)))
    raise AssertionError(f"seed {seed}: no such decision")  # pragma: no cover


@pytest.mark.parametrize(
    ("seed", "triggered", "level"), [(7, True, "plan"), (11, True, "strong"), (11, False, "plan")]
)
def test_near_the_end_every_step_is_planned_over_more_options(monkeypatch, seed, triggered, level):
    g = solo_near_end(seed, triggered)
    assert (g.state.end_trigger is not None) == triggered
    turn_start = g.decision.kind == "turn" and not g.state.turn
    view = g.view(0)
    first = determinize(view, random.Random(0))
    assert plan.near_end(first)
    # The plan level plans every step now, not only a turn's start.
    assert plan.plans(first, "plan")

    def judged(game, seat, rng):
        game.release()
        return 0.0

    moves: list[str] = []

    def record(seat, option):
        moves.append(option)
        return Action(seat, option)

    monkeypatch.setattr(plan, "play_out", judged)
    monkeypatch.setattr(plan, "Action", record)
    rounds = 2
    budget = Budget(iterations=rounds * plan.END_CANDIDATES)
    plan.plan_choice(view, random.Random(0), budget, level=level)
    assert len(set(moves)) == plan.END_CANDIDATES > plan.CANDIDATES
    assert len(moves) == rounds * plan.END_CANDIDATES
    # The same position earlier in the game: simple's three best, and the
    # plan level plans a turn's start only.
    monkeypatch.setattr(plan, "END_NEAR", -1)
    before = determinize(view, random.Random(0))
    before.state.end_trigger = None
    assert not plan.near_end(before)
    assert plan.plans(before, "plan") == turn_start
    moves.clear()
    plan.plan_choice(view, random.Random(0), Budget(iterations=6), game=before, level="strong")
    assert len(set(moves)) == plan.CANDIDATES
