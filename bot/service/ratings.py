"""Skill ratings from finished games: who counts, and the maths (openskill's
Plackett-Luce model, a Bayesian rating for free-for-all results with ties).

What counts (also in README and the ``/ba leaderboard`` text):

- Finished multiplayer games only. An aborted game has no result and counts
  for nobody; a solo game against Hal is not rated (it is in ``/ba stats``).
- Only people are rated. Bot seats (chosen at creation) and seats the bot took
  over from a removed player are left out; the people are ranked among
  themselves by final score, equal scores sharing a place (R14). A game with
  fewer than two people rates nobody.
- A rating is ``mu`` (the estimate) and ``sigma`` (its uncertainty); the board
  ranks by the conservative ``mu - 3 sigma``, so a new player starts at 0 and
  climbs as games make the estimate sure.

Everything here is pure and deterministic, so a server's ratings folded game by
game as games end (storage.history) equal a fold over its whole history
(:func:`fold`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from openskill.models import PlackettLuce

from storage import NOBODY, FinishedGame, Rating

#: The model's defaults: mu 25, sigma 25/3, a new player's conservative rating 0.
MODEL = PlackettLuce()
START_MU: float = MODEL.mu
START_SIGMA: float = MODEL.sigma

RULES_TEXT = (
    "Ratings: finished games of 2-4 seats with at least two people; the people are ranked "
    "by score (ties share a place), bot seats and seats the bot took over are left out. "
    "Aborted and solo games are not rated. Rank = μ − 3σ (starts at 0)."
)


def is_person(user_id: int) -> bool:
    """A seat a person holds (bots and the bot standing in for a removed player are ≤ 0)."""
    return user_id > NOBODY


@dataclass(frozen=True, slots=True)
class Placing:
    """A person's final score in a rated game."""

    user_id: int
    score: int


def placings(game: FinishedGame) -> list[Placing]:
    """The people of a rateable game with their scores ([] if the game rates nobody).
    A person holding two seats (possible after a replacement) counts once, best score."""
    options = game.record.options
    if int(options.get("players", 2)) < 2:
        return []
    result = game.record.result or {}
    scores = result.get("scores")
    if not isinstance(scores, list):
        return []
    best: dict[int, int] = {}
    for s in game.seats:
        if not is_person(s.user_id) or not 0 <= s.seat < len(scores):
            continue
        score = scores[s.seat]
        if isinstance(score, bool) or not isinstance(score, int):
            return []  # a result we cannot read rates nobody
        best[s.user_id] = max(score, best.get(s.user_id, score))
    if len(best) < 2:
        return []
    return [Placing(u, sc) for u, sc in sorted(best.items())]


def rate(ratings: Mapping[int, Rating], game: FinishedGame) -> dict[int, tuple[float, float]]:
    """The new (mu, sigma) of each person in ``game`` (a storage ``Rater``)."""
    people = placings(game)
    if not people:
        return {}
    teams = []
    for p in people:
        old = ratings.get(p.user_id)
        mu, sigma = (old.mu, old.sigma) if old is not None else (START_MU, START_SIGMA)
        teams.append([MODEL.rating(mu=mu, sigma=sigma)])
    # ranks: 1 = best; equal scores share a rank (a tie)
    ranks = [1 + sum(1 for q in people if q.score > p.score) for p in people]
    new = MODEL.rate(teams, ranks=ranks)
    return {p.user_id: (t[0].mu, t[0].sigma) for p, t in zip(people, new, strict=True)}


def fold(games: Iterable[FinishedGame]) -> dict[int, Rating]:
    """Ratings from a server's whole history (games oldest first): what the store's
    incremental ratings must equal."""
    out: dict[int, Rating] = {}
    for game in sorted(games, key=lambda g: g.order_key):
        for uid, (mu, sigma) in rate(out, game).items():
            old = out.get(uid)
            out[uid] = Rating(uid, mu, sigma, (old.games if old else 0) + 1)
    return out


def skill(r: Rating) -> float:
    """The number the leaderboard ranks by: a conservative estimate (mu - 3 sigma)."""
    return r.mu - 3 * r.sigma


def ranked(ratings: Iterable[Rating]) -> list[Rating]:
    """Best first; equal skill: more games first, then the older account (smaller id)."""
    return sorted(ratings, key=lambda r: (-skill(r), -r.games, r.user_id))
