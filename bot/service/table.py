"""The table around the games: lobby state for its buttons, the server's
game list, players' DM notices and quiet hours, game threads.

Front-end neutral like the rest of the service: it says *whom* to DM and
*what*, and which games a server has; sending DMs and making threads is the
Discord front end's job (:mod:`bot.notify`, :mod:`bot.lobby`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot import quiet as Q
from bot.service.format import command
from bot.service.games import LiveGames
from bot.service.model import (
    BOT_USER,
    COLOUR_NAMES,
    Actor,
    GameSetAside,
    Reply,
    TurnPrompt,
    fail,
    seat_colour,
)
from bot.service.settings import ONLY_ADMINS
from storage import CorruptGameError, GameRecord, GameStatus, Seat

GAMES_PER_PAGE = 8
#: How far back /ba games looks for finished games (the newest first).
FINISHED_SHOWN = 10
_STATUS_ORDER = {GameStatus.LOBBY: 0, GameStatus.RUNNING: 1, GameStatus.PAUSED: 1}


@dataclass(frozen=True, slots=True)
class LobbyState:
    """A lobby as its message shows it."""

    game_id: int
    channel_id: int
    players: int
    created_by: int | None
    seats: tuple[Seat, ...]
    options: dict[str, Any]
    open: bool  # False once started or cancelled: the buttons go
    status: str = "lobby"  # the game's status (lobby, running, ..., aborted)


@dataclass(frozen=True, slots=True)
class DirectMessage:
    """A DM to send: to whom, and the text (the front end adds the link)."""

    user_id: int
    text: str


class Tables:
    """Lobby buttons' state, /ba games, DM notices and quiet hours, threads."""

    def __init__(self, games: LiveGames) -> None:
        self.games = games

    # ------------------------------------------------------------------ lobby

    async def lobby_state(self, channel_id: int, game_id: int | None = None) -> LobbyState | None:
        """The channel's lobby (or the game ``game_id``, whatever its status)."""
        rec = (
            await self.games.store.get_game(game_id)
            if game_id is not None
            else await self.games.store.active_game(channel_id)
        )
        if rec is None:
            return None
        seats = tuple(await self.games.store.get_seats(rec.id))
        return LobbyState(
            rec.id,
            rec.channel_id,
            int(rec.options.get("players", 2)),
            rec.created_by,
            seats,
            dict(rec.options),
            rec.status is GameStatus.LOBBY,
            rec.status.value,
        )

    def lobby_text(self, lobby: LobbyState) -> str:
        """The lobby message: the game, who sits, what is missing."""
        o = lobby.options
        kind = "advanced" if o.get("advanced") else "basic"
        if lobby.players == 1:
            head = f"🚀 Solo Black Angel against Hal ({o.get('difficulty') or 'standard'}, {kind} rules)"
        else:
            head = f"🚀 {lobby.players}-player Black Angel ({kind} rules)"
        who = ", ".join(self.games.fmt.mention(s.user_id) + seat_colour(s) for s in lobby.seats)
        lines = [
            f"{head} — game #{lobby.game_id}",
            f"Seated {len(lobby.seats)}/{lobby.players}: {who or 'nobody'}",
        ]
        if not lobby.open:
            started = lobby.status in ("running", "paused", "finished")
            lines.append("▶️ Started — the game is below." if started else "✖️ Closed.")
            return "\n".join(lines)
        if len(lobby.seats) < lobby.players:
            lines.append("Press **Join** to take a seat (or `/ba join`).")
        elif lobby.created_by is not None:
            lines.append(f"Full: {self.games.fmt.mention(lobby.created_by)} can press **Start**.")
        return "\n".join(lines)

    # ------------------------------------------------------------------ /ba games

    async def games_page(self, guild_id: int | None, page: int = 1) -> tuple[Reply, int, int]:
        """The server's games, lobbies first, then running ones (whose turn),
        then the latest finished ones (winners); (reply, page, pages)."""
        if guild_id is None:
            games = command(self.games.fmt, "games")
            return fail(f"{games} lists a server's games; there is no server here."), 1, 1
        active = await self.games.store.list_games(
            (GameStatus.LOBBY, GameStatus.RUNNING, GameStatus.PAUSED), guild_id=guild_id
        )
        active.sort(key=lambda r: (_STATUS_ORDER[r.status], -r.updated_at, r.id))
        done = await self.games.store.list_games(
            (GameStatus.FINISHED, GameStatus.ABORTED), guild_id=guild_id, limit=FINISHED_SHOWN
        )
        games = active + done
        pages = max(1, -(-len(games) // GAMES_PER_PAGE))
        page = min(max(1, page), pages)
        chunk = games[(page - 1) * GAMES_PER_PAGE : page * GAMES_PER_PAGE]
        gone = await self.games.store.gone_channels(r.id for r in chunk)
        lines = [f"**Black Angel games on this server** — page {page}/{pages}"]
        if not games:
            lines.append("No games yet. Start one with `/ba new`.")
        section = None
        for rec in chunk:
            title = _section(rec.status)
            if title != section:
                lines.append(f"__{title}__")
                section = title
            lines.append(await self._game_line(rec, rec.id in gone))
        return Reply("\n".join(lines), ephemeral=True), page, pages

    async def games_elsewhere(self, guild_id: int | None, user_id: int, channel_id: int) -> str:
        """Where a player's games are when a command finds none in this channel
        ('' when this channel has one, or they have none elsewhere on the
        server): a game opened with /ba new usually lives in a thread of its
        own, and a command typed in the channel it came from found "no game"
        there and told them to create one."""
        if guild_id is None or await self.games.store.active_game(channel_id) is not None:
            return ""
        mine = await self.games.store.list_games(
            (GameStatus.LOBBY, GameStatus.RUNNING, GameStatus.PAUSED),
            guild_id=guild_id,
            user_id=user_id,
        )
        mine = [r for r in mine if r.channel_id != channel_id]
        if not mine:
            return ""
        gone = await self.games.store.gone_channels(r.id for r in mine)
        places = [
            f"#{r.id}{' (a lobby)' if r.status is GameStatus.LOBBY else ''} in "
            + ("a deleted channel" if r.id in gone else f"<#{r.channel_id}>")
            for r in sorted(mine, key=lambda r: r.id)
        ]
        if len(places) == 1:
            return f"Your game {places[0]}: use the command there."
        return f"Your games: {', '.join(places)}. Use the command in the game's channel."

    async def _game_line(self, rec: GameRecord, gone: bool = False) -> str:
        # a deleted channel shows as "#deleted" for ever: say so, and how to move it
        where = "(its channel was deleted)" if gone else f"<#{rec.channel_id}>"
        try:
            return await self._line(rec, where, gone)
        except CorruptGameError:  # one damaged record must not hide the server's other games
            return f"• #{rec.id} {where}: {self._set_aside(rec)}"

    def _set_aside(self, rec: GameRecord) -> str:
        repair = command(self.games.fmt, "mod repair")
        return (
            f"set aside after a failed check: a moderator repairs it with {repair} `game:{rec.id}`"
        )

    async def _line(self, rec: GameRecord, where: str, gone: bool) -> str:
        seats = await self.games.store.get_seats(rec.id)
        players = int(rec.options.get("players", 2))
        kind = (" advanced" if rec.options.get("advanced") else "") + (
            f" vs Hal ({rec.options.get('difficulty') or 'standard'})" if players == 1 else ""
        )
        if rec.status is GameStatus.LOBBY:
            return f"• #{rec.id} {where}: {len(seats)}/{players} seated{kind}, waiting for players"
        if rec.status in (GameStatus.RUNNING, GameStatus.PAUSED):
            turn = await self._whose_turn(rec)
            paused = " (paused)" if rec.status is GameStatus.PAUSED else ""
            if gone:
                move = command(self.games.fmt, "mod move")
                return f"• #{rec.id} {where}: {players}p{kind}, paused: {move} `game:{rec.id}`"
            return f"• #{rec.id} {where}: {players}p{kind}{paused}, {turn}"
        if rec.status is GameStatus.ABORTED:
            return f"• #{rec.id} {where}: {players}p{kind}, {_ended(rec.end_reason)}"
        res = rec.result or {}
        names = [self._seat_name(rec, seats, s) for s in res.get("winners", [])]
        if players == 1:  # "Blue (@Alice) vs Hal (easy): Hal won"
            who = self._seat_name(rec, seats, 0)
            level = rec.options.get("difficulty") or "standard"
            adv = ", advanced" if rec.options.get("advanced") else ""
            if len(names) > 1:
                outcome = f"{' and '.join(names)} tied"
            else:
                outcome = f"{names[0]} won" if names else "ended"
            return f"• #{rec.id} {where}: {who} vs Hal ({level}{adv}): {outcome}"
        won = f"won by {' and '.join(names)}" if names else "ended"
        return f"• #{rec.id} {where}: {players}p{kind}, {won}"

    def _seat_name(self, rec: GameRecord, seats: list[Seat], seat: int) -> str:
        """A seat as the turn messages and the log name it, "Blue (@Bob)"
        (:meth:`LiveGames.who`); Hal's is "Hal"."""
        for s in seats:
            if s.seat == seat:
                return f"{_colour(rec, s)} ({self.games.fmt.mention(s.user_id)})"
        return "Hal"

    async def _whose_turn(self, rec: GameRecord) -> str:
        e = self.games.cache.get(rec.channel_id)
        if e is None or e.record.id != rec.id:
            try:
                e = await self.games.entry(rec.channel_id)
            except GameSetAside:
                return self._set_aside(rec)
            except Exception:  # a game that cannot load still gets its line
                return "cannot be loaded right now"
        if e is None or e.game.decision is None:
            return "between turns"
        who = self.games.who(e, e.game.decision.seat)
        return f"round {e.game.state.round}, {who} to play"

    # ------------------------------------------------------------------ DM notices, quiet hours

    async def notify_settings(
        self,
        actor: Actor,
        *,
        dms: bool | None = None,
        reminders: bool | None = None,
        quiet: str | None = None,
        utc_offset: str | None = None,
    ) -> Reply:
        """``/ba notify``: opt in or out of DMs, set quiet hours; no argument shows them."""
        kw: dict[str, Any] = {}
        if dms is not None:
            kw["dm_turn"] = dms
        if reminders is not None:
            kw["dm_reminders"] = reminders
        if quiet is not None:
            if quiet.strip().lower() in ("", "off", "none"):
                kw["quiet_start"] = kw["quiet_end"] = None
            else:
                hours = Q.parse_hours(quiet)
                if hours is None:
                    return fail("Quiet hours look like `22-7` or `22:30-07:00` (or `off`).")
                length = Q.quiet_minutes(*hours)
                if length > Q.MAX_QUIET_HOURS * 60:
                    return fail(
                        f"Quiet hours last at most {Q.MAX_QUIET_HOURS} h (a day must leave time "
                        f"to play); `{quiet}` is {length // 60} h"
                        + (f" {length % 60} min" if length % 60 else "")
                        + ". Nothing was changed."
                    )
                kw["quiet_start"], kw["quiet_end"] = hours
        if utc_offset is not None:
            offset = Q.parse_offset(utc_offset)
            if offset is None:
                return fail("Your clock as an offset from UTC: `+2`, `-5`, `+5:30` (-14 to +14).")
            kw["utc_offset"] = offset
        if kw:
            p = await self.games.store.set_notify_prefs(actor.user_id, **kw)
        else:
            p = await self.games.store.get_notify_prefs(actor.user_id)
        self.games.prefs_cache[actor.user_id] = p
        on = {True: "on", False: "off"}
        lines = [
            "🔔 **Your notices** (every game, every server):",
            f"• DM when it is your turn (with a link): {on[p.dm_turn]}",
            f"• DM your turn reminders: {on[p.dm_reminders]}",
            f"• Quiet hours: {Q.describe(p)} — no reminders or DMs then, and your turn "
            f"timeout waits (by one quiet window at most; {Q.MAX_QUIET_HOURS} h at most)",
        ]
        if not kw:
            lines.append("Change: `/ba notify dms:True reminders:True quiet:22-7 utc_offset:+1`.")
        return Reply("\n".join(lines), ephemeral=True)

    async def turn_dm(
        self, turn: TurnPrompt | None, channel_id: int, *, actor: int | None, reminder: bool
    ) -> DirectMessage | None:
        """The DM to send for a turn message just posted, or None: only to a
        player who opted in, not to the player who just acted, never in their
        quiet hours, and once per revision."""
        if turn is None or turn.user_id == BOT_USER:
            return None
        p = await self.games.prefs(turn.user_id)
        if turn.user_id == actor:
            # They are at the keyboard: this turn needs no DM, now or later.
            if p.dm_turn and not reminder:
                await self.games.store.record_turn_dm(turn.game_id, turn.user_id, turn.revision)
            return None
        if not (p.dm_reminders if reminder else p.dm_turn):
            return None
        if Q.is_quiet(self.games.clock(), p):
            return None
        if not reminder and not await self.games.store.record_turn_dm(
            turn.game_id, turn.user_id, turn.revision
        ):
            return None
        what = "⏰ Reminder: your turn" if reminder else "🎲 Your turn"
        return DirectMessage(
            turn.user_id,
            f"{what} in Black Angel game #{turn.game_id} (<#{channel_id}>): "
            f"{turn.prompt.removeprefix('Your turn: ')}",
        )

    async def pending_turn_dms(self) -> list[tuple[int, DirectMessage]]:
        """(channel, DM) for turns not yet announced to a player who opted in,
        e.g. because they began in the player's quiet hours (the background tick)."""
        out: list[tuple[int, DirectMessage]] = []
        for cid in list(self.games.cache):
            e = self.games.cache.get(cid)
            if e is None or e.record.status is not GameStatus.RUNNING:
                continue
            p = self.games.prompt(e)
            if p is None or p.user_id == BOT_USER:
                continue
            prefs = await self.games.prefs(p.user_id)
            if not prefs.dm_turn or Q.is_quiet(self.games.clock(), prefs):
                continue
            last = await self.games.store.turn_dm_revision(e.record.id, p.user_id)
            if last is not None and last >= e.revision:
                continue
            dm = await self.turn_dm(p, cid, actor=None, reminder=False)
            if dm is not None:
                out.append((cid, dm))
        return out

    # ------------------------------------------------------------------ game threads

    async def game_threads(self, guild_id: int | None) -> bool | None:
        """The server's thread setting (None: the default, on where possible)."""
        if guild_id is None:
            return False
        return await self.games.store.get_game_threads(guild_id)

    async def set_game_threads(self, guild_id: int | None, actor: Actor, on: bool) -> Reply:
        if not actor.admin:  # a server-wide setting: not a channel's moderator's
            return fail(ONLY_ADMINS)
        if guild_id is None:
            return fail("That is a server setting.")
        await self.games.store.set_game_threads(guild_id, on)
        where = "in a thread of their own" if on else "in the channel itself"
        return Reply(
            f"🧵 {self.games.fmt.mention(actor.user_id)} (server admin): new games on this server open {where}."
        )


def _colour(rec: GameRecord, seat: Seat) -> str:
    """A started game's seat colour, "Blue": as its seat row keeps it (set at
    the start), else as the game's options give it (the engine's default order)."""
    if seat.colour:
        return seat.colour.title()
    colours = rec.options.get("colours")
    if isinstance(colours, list) and 0 <= seat.seat < len(colours) and colours[seat.seat]:
        return str(colours[seat.seat]).title()
    if 0 <= seat.seat < len(COLOUR_NAMES):
        return COLOUR_NAMES[seat.seat]
    return f"seat {seat.seat + 1}"


def _section(status: GameStatus) -> str:
    if status is GameStatus.LOBBY:
        return "Lobbies waiting for players"
    if status in (GameStatus.RUNNING, GameStatus.PAUSED):
        return "Running"
    return "Finished and ended"


def _ended(reason: str | None) -> str:
    """Why a game ended before its end, as /ba games says it."""
    why = reason or ""
    if why.startswith("ended by moderator"):
        return "ended by a moderator"
    if why.startswith("cancelled"):
        return "ended: the lobby was cancelled"
    return f"ended: {why}" if why else "ended"
