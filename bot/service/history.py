"""``/ba history``, ``/ba stats`` and ``/ba leaderboard``: a server's finished
games, a player's record, and the skill ratings folded from them.

Everything is read from the finished games' rows (storage.history); the
ratings are folded in once per game (:meth:`History.rate`), after a game ends
and again before any ratings are shown, so a game that ended while a process
was down is still counted, exactly once.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from bot import text as T
from bot.service import ratings as R
from bot.service.format import Fmt, command
from bot.service.model import Reply, bot_name, channel_link, fail, is_bot
from bot.service.stats import SOLO_DIFFICULTIES, mode_of, player_stats, seat_result
from storage import NO_SERVER, FinishedGame, RatingRun, Seat, Store

HISTORY_PAGE = 10
LEADERBOARD_PAGE = 15


def server_of(guild_id: int | None) -> int:
    """The key a guild's history and ratings are kept under (0: no server, local)."""
    return guild_id if guild_id is not None else NO_SERVER


def pages_of(total: int, size: int, page: int) -> tuple[int, int]:
    """(page clamped to 1..pages, pages)."""
    pages = max(1, -(-total // size))
    return min(max(1, page), pages), pages


class History:
    """A server's finished games, players' records and the leaderboard."""

    def __init__(self, store: Store[Any], fmt: Fmt) -> None:
        self.store = store
        self.fmt = fmt

    # ------------------------------------------------------------------ ratings

    async def rate(self, server: int) -> RatingRun:
        """Fold the server's finished games not counted yet into its ratings."""
        return await self.store.rate_finished(server, R.rate)

    async def game_ended(self, guild_id: int | None, game_id: int, people: Sequence[int]) -> str:
        """Fold the game that just ended into its server's ratings; the line for
        the final message (how each person's rating moved), or "" when the game
        rates nobody or another process counted it first."""
        server = server_of(guild_id)
        before = await self.store.get_ratings(server)
        run = await self.rate(server)
        if game_id not in run.rated or run.recomputed:
            return ""
        after = await self.store.get_ratings(server)
        moved = [r for r in R.ranked(after.values()) if r.user_id in people]
        parts = []
        for r in moved:
            old = before.get(r.user_id)
            was = R.skill(old) if old is not None else R.START_MU - 3 * R.START_SIGMA
            parts.append(
                f"{self.fmt.mention(r.user_id)} {R.skill(r):.1f} ({R.skill(r) - was:+.1f})"
            )
        return "🏅 Ratings: " + ", ".join(parts) if parts else ""

    # ------------------------------------------------------------------ /ba history

    async def history(
        self, server: int, page: int = 1, user_id: int | None = None
    ) -> tuple[Reply, int, int]:
        """The server's finished games, newest first, ``HISTORY_PAGE`` a page,
        optionally only ``user_id``'s: (reply, page, pages)."""
        total = await self.store.count_finished(server, user_id=user_id)
        page, pages = pages_of(total, HISTORY_PAGE, page)
        games = await self.store.finished_games(
            server, user_id=user_id, offset=(page - 1) * HISTORY_PAGE, limit=HISTORY_PAGE
        )
        whose = f" of {self.fmt.mention(user_id)}" if user_id is not None else ""
        lines = [f"📜 **Finished games{whose}** — page {page}/{pages} ({total} in all)"]
        if not games:
            new = command(self.fmt, "new")
            lines.append(
                "None yet: games show here once they are played to the end (games ended"
                f" early are not listed; {new} starts one)."
            )
        lines += [self.game_line(g) for g in games]
        return Reply(T.clip_message("\n".join(lines)), ephemeral=True), page, pages

    def game_line(self, g: FinishedGame) -> str:
        """``• #12 <#channel> 2026-11-25 · 3 players: 🏆 @ann 54, @ben 48, bot 1 (simple) 40``"""
        r = g.record
        where = channel_link(self.fmt, r.channel_id)
        day = self.day(r.ended_at or r.updated_at)
        head = " ".join(part for part in (f"• #{r.id}", where, day) if part)
        try:
            mode = mode_of(r.options)
            result = r.result or {}
        except Exception:  # a corrupt row still gets its line
            return f"{head} · (its record cannot be read)"
        scores = result.get("scores") or []
        parts = []
        for s in sorted(g.seats, key=lambda s: -self._score(scores, s.seat)):
            res = seat_result(g, s.seat)
            won = res is not None and res[1]
            parts.append(f"{'🏆 ' if won else ''}{self.person(s)} {self._score(scores, s.seat)}")
        if r.options.get("players") == 1 and len(scores) > 1:
            margin = self._score(scores, 0) - self._score(scores, len(scores) - 1)
            winners = result.get("winners")
            hal_won = len(scores) - 1 in winners if isinstance(winners, list) else margin <= 0
            parts.append(f"{'🏆 ' if hal_won else ''}Hal {scores[-1]}")  # as the game's end said
        return f"{head} · {mode}: {', '.join(parts)}"

    @staticmethod
    def _score(scores: Sequence[Any], seat: int) -> int:
        v = scores[seat] if 0 <= seat < len(scores) else 0
        return v if isinstance(v, int) and not isinstance(v, bool) else 0

    def person(self, s: Seat) -> str:
        if is_bot(s.user_id):
            return bot_name(s.user_id)
        return self.fmt.mention(s.user_id)

    def day(self, ts: float) -> str:
        """A past date: the front end's own way if it has one (Discord: the reader's
        time zone), else the UTC date."""
        date = getattr(self.fmt, "date", None)
        if callable(date):
            return str(date(ts))
        return time.strftime("%Y-%m-%d", time.gmtime(ts))

    # ------------------------------------------------------------------ /ba stats

    async def stats(self, server: int, user_id: int) -> Reply:
        """A player's record on this server: games and wins by mode, mean and best
        score, solo record per difficulty, and their rating."""
        if is_bot(user_id):
            return fail("Bots keep no statistics; ask about a person.")
        games = await self.store.finished_games(server, user_id=user_id)
        st = player_stats(user_id, games)
        who = self.fmt.mention(user_id)
        if st.games == 0:
            return Reply(f"📊 {who} has no finished games on this server yet.")
        lines = [
            f"📊 **{who}**: {st.games} finished game{'s' if st.games != 1 else ''}, "
            f"{st.wins} won · mean score {st.all_scores.mean:.1f} · best {st.all_scores.best}"
        ]
        for mode in sorted(st.by_mode):
            m = st.by_mode[mode]
            lines.append(
                f"• {mode}: {m.games} played, {m.wins} won · mean {m.mean:.1f} · best {m.best}"
            )
        if st.solo:
            lines.append("**Solo against Hal** (a win needs more VP than Hal, R19)")
            for diff in sorted(st.solo, key=_difficulty_order):
                s = st.solo[diff]
                lines.append(
                    f"• {diff}: {s.games} played, {s.wins} won · best margin {s.best_margin:+d}"
                )
        await self.rate(server)
        ratings = await self.store.get_ratings(server)
        mine = ratings.get(user_id)
        if mine is not None:
            order = R.ranked(ratings.values())
            place = next(i for i, r in enumerate(order, 1) if r.user_id == user_id)
            lines.append(
                f"🏅 Rating {R.skill(mine):.1f} (μ {mine.mu:.1f}, σ {mine.sigma:.1f}, "
                f"{mine.games} rated game{'s' if mine.games != 1 else ''}) — #{place} of "
                f"{len(order)} on this server"
            )
        else:
            lines.append("🏅 Not rated yet (rated games: two or more people at the table).")
        return Reply(T.clip_message("\n".join(lines)))

    # ------------------------------------------------------------------ /ba leaderboard

    async def leaderboard(self, server: int, page: int = 1) -> tuple[Reply, int, int]:
        """The server's players by rating, best first: (reply, page, pages)."""
        await self.rate(server)
        order = R.ranked((await self.store.get_ratings(server)).values())
        page, pages = pages_of(len(order), LEADERBOARD_PAGE, page)
        first = (page - 1) * LEADERBOARD_PAGE
        lines = [f"🏅 **Leaderboard** — page {page}/{pages}"]
        if not order:
            lines.append("Nobody is rated yet: finish a game of two or more people.")
        for i, r in enumerate(order[first : first + LEADERBOARD_PAGE], first + 1):
            lines.append(
                f"{i}. {self.fmt.mention(r.user_id)} — **{R.skill(r):.1f}** "
                f"(μ {r.mu:.1f}, σ {r.sigma:.1f}, {r.games} game{'s' if r.games != 1 else ''})"
            )
        lines.append(f"-# {R.RULES_TEXT}")
        return Reply(T.clip_message("\n".join(lines)), ephemeral=True), page, pages


def _difficulty_order(d: str) -> int:
    return SOLO_DIFFICULTIES.index(d) if d in SOLO_DIFFICULTIES else len(SOLO_DIFFICULTIES)
