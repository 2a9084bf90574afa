"""Looking at a game: choices, board, hand, log, scores, autocomplete."""

from __future__ import annotations

import asyncio
from dataclasses import fields

from bot import text as T
from bot.service.format import score_part
from bot.service.games import LiveGames
from bot.service.images import Images
from bot.service.model import (
    LOG_PAGE,
    Actor,
    Entry,
    GameSetAside,
    Reply,
    TurnPrompt,
    command,
    fail,
    refusing,
)
from bot.service.write import WritePath
from engine import Action, Game
from storage import (
    CorruptGameError,
    GameRecord,
    GameStatus,
    History,
)


class Reading:
    """Looking at a game: choices, board, hand, log, scores, autocomplete."""

    def __init__(self, games: LiveGames, images: Images, write: WritePath) -> None:
        self.games = games
        self.images = images
        self.write = write  # its result text: the scores of a finished game

    @refusing
    async def choices(self, channel_id: int, actor: Actor) -> Reply:
        """The asker's pending options, privately (the "Show my choices" button)."""
        e = await self.games.entry(channel_id)
        if e is None:
            return fail(await self.games.not_running(channel_id))
        d = e.game.decision
        seat = e.seat_of(actor.user_id)
        if d is None:
            return fail("The game is over.")
        if seat is None:
            return fail(self.games.not_playing(e, actor.user_id))
        if d.seat != seat:
            return fail(self.games.not_yours(e, d.seat))
        p = self.games.prompt(e)
        if p is None:
            return fail("The game is paused.")
        full = TurnPrompt(
            **{f.name: getattr(p, f.name) for f in fields(p)}
            | {"options": tuple(o.described() for o in d.options)}
        )
        reply = Reply(f"{d.prompt}", ephemeral=True, turn=full)
        # The game as this player may see it, the places of their options
        # numbered as they are listed (renderer/decision.py); only they get it.
        marked = await self.images.decision_pngs(e, seat)
        if marked:
            (reply.image_name, reply.image), *reply.more_images = marked
        return reply

    async def viewable(self, channel_id: int) -> Entry | None:
        """The channel's running game, else the latest one that was played here
        (finished or ended; still viewable). A lobby that never started has no board."""
        e = await self.games.entry(channel_id)
        if e is not None:
            return e
        rec = await self.games.latest_started(channel_id)
        if rec is None:
            return None
        return await self.games.load_record(rec)

    @refusing
    async def board(self, channel_id: int) -> Reply:
        e = await self.viewable(channel_id)
        if e is None:
            return fail("There is no game to show in this channel.")
        p = self.games.prompt(e)
        text = f"Round {e.game.state.round} — game #{e.record.id}"
        if e.game.is_over:
            text = (
                f"Final board of game #{e.record.id} (round {e.game.state.round}). "
                f"{command(self.games.fmt, 'scores')} shows the breakdown."
            )
        elif e.record.status is GameStatus.ABORTED:
            text = (
                f"Board of game #{e.record.id} as it stood when it was ended"
                f" (round {e.game.state.round}). {command(self.games.fmt, 'scores')}"
                " shows the scores then."
            )
        if e.record.status is GameStatus.PAUSED:
            text += " (paused)"
        if p is not None:
            text += "\n" + self.games.prompt_line(p)
        return Reply(text, image=await self.images.board_png(e, table=True), turn=p)

    @refusing
    async def hand(self, channel_id: int, actor: Actor, *, image: bool = True) -> Reply:
        """Your hand and player board, privately; also once the game is over
        (its final message keeps the button). ``image``: with the board's PNG."""
        e = await self.viewable(channel_id)
        if e is None:
            return fail("There is no game to show in this channel.")
        seat = e.seat_of(actor.user_id)
        if seat is None:
            return fail(self.games.not_playing(e, actor.user_id))
        from engine.describe import placed_text
        from engine.mission_cards import mission_label

        p = e.game.state.players[seat]
        lines = [f"**Your hand** ({e.game.name(seat)}):"]
        for m in p.missions:  # the reward decides where a card is worth placing
            lines.append(f"• {mission_label(m)} {placed_text(m)}")
        for r in p.ravagers:
            lines.append(f"• Ravager card #{r}")
        if len(lines) == 1:
            lines.append("(empty)")
        lines.append(_storage_line(e, seat))
        return Reply(
            "\n".join(lines),
            ephemeral=True,
            image=await self.images.player_png(e, seat, own=True) if image else None,
            image_name="my-board.png",
        )

    @refusing
    async def player_board(self, channel_id: int, colour: str) -> Reply:
        """A seat's player board as the whole table sees it: its grid (tiles,
        boost sides, debris), Advanced slots with their tucked Missions and its
        ejected tiles are public in the board game, its hand is not (R15).
        `hand` shows only one's own board, so an opponent's Advanced tiles and
        boosts could not be looked at. `colour`: the seat's, in any case."""
        e = await self.viewable(channel_id)
        if e is None:
            return fail("There is no game to show in this channel.")
        names = [e.game.name(s) for s in range(len(e.game.state.players))]
        seat = next((s for s, n in enumerate(names) if n.lower() == colour.lower()), None)
        if seat is None:
            return fail(
                f"No seat plays {colour.title()} in this game: its seats are {', '.join(names)}."
            )
        p = e.game.state.players[seat]
        hand = f"{len(p.missions)} Mission and {len(p.ravagers)} Ravager cards in hand (hidden)"
        return Reply(
            f"**{self.games.who(e, seat)}'s player board** (public; the hand stays hidden):\n"
            f"{_storage_line(e, seat)} · {hand}",
            image=await self.images.player_png(e, seat, own=False),
            image_name="player-board.png",
        )

    @refusing
    async def event_log(self, channel_id: int, page: int = 1) -> Reply:
        e = await self.viewable(channel_id)
        if e is None:
            return fail("There is no game to show in this channel.")
        lines = e.log
        if lines is None:
            revision = e.revision
            lines = await self.rebuild_log(e.record)
            async with self.games.lock(channel_id):
                # keep it only if no change was stored meanwhile (else it is already old)
                if (
                    self.games.cache.get(channel_id) is e
                    and e.revision == revision
                    and e.log is None
                ):
                    e.log = lines
        pages = max(1, -(-len(lines) // LOG_PAGE))
        page = min(max(1, page), pages)
        end = len(lines) - (page - 1) * LOG_PAGE
        chunk = lines[max(0, end - LOG_PAGE) : end]
        head = f"**Game log** — page {page}/{pages} (1 = most recent)"
        return Reply(T.clip_message(head + "\n" + "\n".join(chunk or ["(nothing yet)"])))

    async def rebuild_log(self, rec: GameRecord) -> list[str]:
        """The public event lines of the whole game, replayed from its log (from
        where its record starts: a game whose early moves were lost to damage
        says so first, and where the record resumes)."""

        def run(h: History[Game]) -> list[str]:
            g = h.start
            out: list[str] = []
            if h.base:
                out.append(
                    f"⚠️ Moves 1-{h.base} were lost to damage; the record resumes after"
                    f" move {h.base} (round {g.state.round})."
                )
            for a in h.actions:
                out.extend(ev.text for ev in g.apply(Action.from_json(a.action)) if ev.text)
            return out

        try:
            h = await self.games.store.read_history(rec.id)
            return await asyncio.to_thread(run, h)
        except Exception as exc:
            err = CorruptGameError(rec.id, f"its log does not replay: {type(exc).__name__}: {exc}")
            await self.games.set_aside(err)
            self.games.drop(rec.channel_id)
            raise GameSetAside(rec.id, err.reason, self.games.fmt) from exc

    @refusing
    async def scores(self, channel_id: int) -> Reply:
        e = await self.viewable(channel_id)
        if e is None:
            return fail("There is no game to score in this channel.")
        if e.game.is_over:
            res = e.game.result or {}
            lines = [self.write.result_text(e), "", "**Breakdown**"]
            for b in res.get("breakdown", []):
                parts = ", ".join(
                    f"{k} {score_part(v)}" for k, v in b.items() if k not in ("seat", "hal")
                )
                lines.append(f"{self.games.who(e, int(b.get('seat', 0)))}: {parts}")
            return Reply(
                T.clip_message("\n".join(lines)),
                image=await self.images.board_png(e),
                image_name="final.png",
            )
        s = e.game.state
        lines = [
            f"**Scores** (round {s.round}{', final round' if s.last_round == s.round else ''}):"
        ]
        scores = [(p.vp, p.seat) for p in s.players]
        if s.hal is not None:  # solo: Hal sits after the player (engine/API.md)
            scores.append((s.hal.vp, len(s.players)))
        for vp, seat in sorted(scores, key=lambda x: -x[0]):
            lines.append(f"{self.games.who(e, seat)}: {vp} VP{_at_the_end(e, seat)}")
        return Reply("\n".join(lines))

    def autocomplete(self, channel_id: int, user_id: int, current: str) -> list[tuple[str, str]]:
        """(label, option id) pairs for a slash command's option field; cached games only."""
        e = self.games.cache.get(channel_id)
        if e is None or e.busy:
            return []
        d = e.game.decision
        if d is None or e.seat_of(user_id) != d.seat:
            return []
        low = current.lower().strip()
        out = []
        for i, o in enumerate(d.options, 1):
            name = f"{i}. {o.label}"
            if not low or low in name.lower() or low == o.id.lower():
                out.append((T.clip(name, 100), o.id))
        return out[:25]


def _storage_line(e: Entry, seat: int) -> str:
    """'Resources 1 · debris 2 · ships 0 · VP 7', the track's VP; once the game
    is over also its total (the end adds Advanced tiles and the Spes exchange,
    which the board image's VP already shows)."""
    p = e.game.state.players[seat]
    vp = f"VP {p.vp}"
    totals = (e.game.result or {}).get("scores") or []
    if 0 <= seat < len(totals) and totals[seat] != p.vp:
        vp += f" on the track, {totals[seat]} in all at the end"
    return f"Resources {p.resources} · debris {p.debris} · ships {p.ships} · {vp}"


def _at_the_end(e: Entry, seat: int) -> str:
    """What the end would add to a player's track were the game to end now:
    their Advanced tiles (capped, R12) and, once the Black Angel reached
    Spes, the exchange (R13). Hal scores nothing more (solo)."""
    from engine.scoring import if_it_ended_now

    s = e.game.state
    if not 0 <= seat < len(s.players):
        return ""
    advanced, spes = if_it_ended_now(s, s.players[seat])
    parts = [f"+{advanced} from Advanced tiles"] if advanced else []
    if s.board.at_spes:
        parts.append(f"+{spes} from the Spes exchange")
    return f" (if the game ended now: {', '.join(parts)})" if parts else ""
