"""The game's end: its trigger (R10), then final scoring: track VP, Advanced
Technology tiles with their caps (R12), the Spes exchange (R13), winners (R14;
solo, R19)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from engine.components import COLOURS
from engine.components.hal import HAL_SEAT
from engine.components.tiles import (
    ADVANCED_TECH_COLOUR,
    ADVANCED_TILE_IDS,
    TILES,
    AdvancedKind,
    TileKind,
)
from engine.ops import debris_to_storage
from engine.rules_version import solo_tie_is_hals
from engine.space_board import owned_in_space
from engine.state import GameState, Player

if TYPE_CHECKING:
    from engine.game import Game

BASE_CAP = 4
CAP_PER_TUCKED = 2
VP_PER_ELEMENT = 2
_ADVANCED_IDS = frozenset(ADVANCED_TILE_IDS)


def trigger_end(g: Game, why: str) -> None:
    s = g.state
    if s.end_trigger is None:
        s.end_trigger = why
        s.last_round = s.round + 1  # R10: finish this round, then one final round
        text = {
            "spes": "The Black Angel has reached Spes!",
            "ravagers": "The Ravager deck has run out!",
        }[why]
        g.log("end_triggered", f"{text} This round is finished, then one final round is played.")


def _elements(state: GameState, p: Player, kind: AdvancedKind) -> int:
    if kind in ADVANCED_TECH_COLOUR:
        colour = ADVANCED_TECH_COLOUR[kind]
        return sum(
            1
            for t in p.grid
            if t is not None and TILES[t].kind is TileKind.TECHNOLOGY and TILES[t].colour is colour
        )
    if kind is AdvancedKind.EJECTED_TECH:
        return len(p.ejected)
    if kind is AdvancedKind.DEBRIS:
        return p.debris
    if kind is AdvancedKind.RAVAGER_CARDS:
        return len(p.ravagers)
    if kind is AdvancedKind.ADVANCED_TECH:
        return len(advanced_tiles(p))
    # CARDS_IN_SPACE: the game is over, nothing is being ejected: every card counts.
    return owned_in_space(state.board, p.seat, None, skip_first=False)


def slot_cap(p: Player, colour: int) -> int:
    """The most an Advanced tile in the Advanced slot of this colour (index)
    scores: 4 VP, +2 VP per Mission card tucked beside it (rulebook,
    "Ejection of an Advanced Technology Tile")."""
    return BASE_CAP + CAP_PER_TUCKED * len(p.tucked[colour])


def advanced_tiles(p: Player) -> list[tuple[int, int, str]]:
    """(tile, cap, where) for every Advanced Technology tile the player has."""
    out = [
        (t, BASE_CAP, "grid")
        for t in p.grid
        if t is not None and TILES[t].kind is TileKind.ADVANCED
    ]
    for i, t in enumerate(p.advanced_slots):
        if t is not None:
            out.append((t, slot_cap(p, i), f"{COLOURS[i]} slot"))
    out += [(t, BASE_CAP, "ejected, no slot") for t in p.advanced_overflow]
    return out


def _allocated(state: GameState, p: Player) -> Iterator[tuple[int, int, str, AdvancedKind, int]]:
    """R12: copies of a type score on different elements, highest cap first:
    (tile, cap, where, kind, vp) for each Advanced Technology tile."""
    by_kind: dict[AdvancedKind, list[tuple[int, int, str]]] = {}
    for tile, cap, where in advanced_tiles(p):
        by_kind.setdefault(TILES[tile].advanced, []).append((tile, cap, where))
    for kind, tiles in by_kind.items():
        remaining = _elements(state, p, kind)
        for tile, cap, where in sorted(tiles, key=lambda x: (-x[1], x[0])):
            vp = min(cap, VP_PER_ELEMENT * remaining)
            remaining -= vp // VP_PER_ELEMENT
            yield tile, cap, where, kind, vp


def advanced_vp(state: GameState, p: Player) -> int:
    """What `score_advanced`'s parts add up to, without naming them; at once
    for a player with no Advanced tile (the bots' look-ahead asks this of
    every position it judges)."""
    if (
        not p.advanced_overflow
        and p.advanced_slots.count(None) == len(p.advanced_slots)
        and _ADVANCED_IDS.isdisjoint(p.grid)
    ):
        return 0
    return sum(vp for *_, vp in _allocated(state, p))


def score_advanced(state: GameState, p: Player) -> list[dict[str, Any]]:
    """Each Advanced Technology tile's final VP (R12), named for the scores."""
    return [
        {"tile": tile, "kind": kind.value, "where": where, "cap": cap, "vp": vp}
        for tile, cap, where, kind, vp in _allocated(state, p)
    ]


def if_it_ended_now(state: GameState, p: Player) -> tuple[int, int]:
    """(VP from Advanced tiles, VP from the Spes exchange) the end would add
    to the track were the game to end now, for the running scores: all public,
    yet tedious to count by hand. The end first moves the debris on tiles to
    storage (an Advanced tile may count it); the state is not changed."""
    ended = replace(p, debris=p.debris + sum(p.grid_debris))
    return advanced_vp(state, ended), spes_exchange(state, ended)


def spes_exchange(state: GameState, p: Player) -> int:
    if not state.board.at_spes:
        return 0
    return (p.break_room + p.resources + p.ships) // 2  # R13


def finish(g: Game) -> None:
    s = g.state
    for p in s.players:
        debris = debris_to_storage(p)
        if debris:
            g.log(
                "end_debris",
                f"{g.name(p.seat)} moves {debris} debris from their tiles back to storage.",
                p.seat,
            )
    scores = []
    for p in s.players:
        adv = score_advanced(s, p)
        spes = spes_exchange(s, p)
        total = p.vp + sum(a["vp"] for a in adv) + spes
        scores.append(
            {"seat": p.seat, "track": p.vp, "advanced": adv, "spes": spes, "total": total}
        )
    if s.hal is not None:
        # Hal cannot score additional VP at the end of the game.
        scores.append(
            {
                "seat": HAL_SEAT,
                "hal": True,
                "track": s.hal.vp,
                "advanced": [],
                "spes": 0,
                "total": s.hal.vp,
            }
        )
    s.final_scores = scores
    s.finished = True
    best = max(x["total"] for x in scores)
    winners = winning_seats(s, scores)
    names = " and ".join(g.name(w) for w in winners)
    tied = sum(1 for x in scores if x["total"] == best) > len(winners)
    g.log(
        "game_over",
        f"The game is over. {names} win{'s' if len(winners) == 1 else ''} with {best} VP"
        + (": a tie is Hal's (the player must score more)." if tied else "."),
    )


def result_summary(state: GameState) -> dict[str, Any]:
    scores = state.final_scores or []
    return {
        "end": state.end_trigger,
        "scores": [x["total"] for x in scores],
        "winners": winning_seats(state, scores),
        "breakdown": scores,
    }


def winning_seats(state: GameState, scores: list[dict[str, Any]]) -> list[int]:
    """The seats with the most VP: tied players share the victory (R14), but
    solo a tie is Hal's (R19, rules version 4)."""
    best = max((x["total"] for x in scores), default=0)
    winners = [x["seat"] for x in scores if x["total"] == best]
    if state.hal is not None and len(winners) > 1 and solo_tie_is_hals(state.options):
        return [HAL_SEAT]
    return winners
