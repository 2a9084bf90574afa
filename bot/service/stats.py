"""A player's statistics from finished games (pure: no I/O).

Modes are what the table was: "2 players", "3 players, advanced", "solo
(difficult)". A multiplayer win is a place among the result's winners (ties
share the victory, R14); a solo game is won only with strictly more VP than
Hal (R19, from rules version 4; versions 1-3 shared a tie, as their results
say), and its margin is the player's VP minus Hal's.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from storage import FinishedGame

SOLO_DIFFICULTIES = ("easy", "standard", "difficult", "extreme")


def mode_of(options: dict) -> str:
    """How a game's table reads in history and stats."""
    players = int(options.get("players", 2))
    adv = ", advanced" if options.get("advanced") else ""
    if players == 1:
        return f"solo ({options.get('difficulty') or 'standard'}{adv})"
    return f"{players} players{adv}"


@dataclass
class ModeStats:
    games: int = 0
    wins: int = 0
    total: int = 0
    best: int | None = None

    def add(self, score: int, won: bool) -> None:
        self.games += 1
        self.wins += int(won)
        self.total += score
        self.best = score if self.best is None else max(self.best, score)

    @property
    def mean(self) -> float:
        return self.total / self.games if self.games else 0.0


@dataclass
class SoloStats:
    games: int = 0
    wins: int = 0
    best_margin: int | None = None  # the player's VP minus Hal's, at best

    def add(self, margin: int, won: bool) -> None:
        self.games += 1
        self.wins += int(won)
        self.best_margin = margin if self.best_margin is None else max(self.best_margin, margin)


@dataclass
class PlayerStats:
    user_id: int
    games: int = 0
    wins: int = 0
    by_mode: dict[str, ModeStats] = field(default_factory=dict)
    solo: dict[str, SoloStats] = field(default_factory=dict)  # by difficulty
    all_scores: ModeStats = field(default_factory=ModeStats)


def seat_result(game: FinishedGame, seat: int) -> tuple[int, bool, int | None] | None:
    """(score, won, margin over Hal in solo) for ``seat``, or None if the result
    cannot say (a corrupt or partial result is left out of the statistics)."""
    try:
        result = game.record.result or {}
    except Exception:
        return None
    scores = result.get("scores")
    winners = result.get("winners") or []
    if not isinstance(scores, list) or not 0 <= seat < len(scores):
        return None
    score = scores[seat]
    if isinstance(score, bool) or not isinstance(score, int):
        return None
    if int(game.record.options.get("players", 2)) == 1:
        hal = scores[-1] if len(scores) > 1 and isinstance(scores[-1], int) else 0
        margin = score - hal
        # the result's winners, as the game's end said: a tie is Hal's from rules
        # version 4 (R19), shared before; a result without winners: R19
        won = seat in winners if winners else margin > 0
        return score, won, margin
    return score, seat in winners, None


def player_stats(user_id: int, games: Iterable[FinishedGame]) -> PlayerStats:
    """``user_id``'s record over ``games`` (their seats in them)."""
    st = PlayerStats(user_id)
    for g in games:
        for s in g.seats:
            if s.user_id != user_id:
                continue
            res = seat_result(g, s.seat)
            if res is None:
                continue
            score, won, margin = res
            st.games += 1
            st.wins += int(won)
            st.all_scores.add(score, won)
            st.by_mode.setdefault(mode_of(g.record.options), ModeStats()).add(score, won)
            if margin is not None:
                diff = g.record.options.get("difficulty") or "standard"
                st.solo.setdefault(diff, SoloStats()).add(margin, won)
            break  # one seat per game counts (the first, if a replacement gave two)
    return st
