"""Background work: turn reminders, turn timeouts, and telling a channel its game
was set aside.

The tick runs every minute over every running game, so it decides what is due
from one query (:meth:`storage.Store.tick_rows`: the game's revision and last
change, its reminder/timeout settings, the guild's default, the reminder
count) without loading any game; only a game with something due is looked at
under its lock, where everything is checked again against the stored game.
"""

from __future__ import annotations

import logging

from bot import quiet
from bot.limits import DEFAULT_TIMEOUT_HOURS, TIMEOUTS_BEFORE_BOT
from bot.service.botplay import BotPlayer
from bot.service.format import command
from bot.service.games import LiveGames
from bot.service.model import (
    DEFAULT_MAX_REMINDERS,
    DEFAULT_REMINDER_MINUTES,
    Entry,
    GameSetAside,
    Reply,
    is_bot,
    set_aside_text,
)
from bot.service.write import WritePath
from storage import ConflictError, GameStatus, StorageError, TickRow

log = logging.getLogger(__name__)


class Reminders:
    """Background work: turn reminders and turn timeouts.

    ``max_reminders`` per decision; ``default_reminder_minutes`` apart unless the
    game or its server says otherwise."""

    def __init__(
        self,
        games: LiveGames,
        write: WritePath,
        bots: BotPlayer,
        *,
        max_reminders: int = DEFAULT_MAX_REMINDERS,
        default_reminder_minutes: int = DEFAULT_REMINDER_MINUTES,
    ) -> None:
        self.games = games
        self.write = write
        self.bots = bots
        self.max_reminders = max_reminders
        self.default_reminder_minutes = default_reminder_minutes
        #: game id -> the revision at which this process saw it wait on a person
        #: (a game with bot seats is looked at once per revision, see :meth:`tick`)
        self.waits_on_person: dict[int, int] = {}

    def _row_minutes(self, row: TickRow) -> int:
        """The reminder interval for a game: its own, else the guild's, else the bot's."""
        if row.reminder_minutes is not None:
            return row.reminder_minutes
        if row.guild_reminder_minutes:
            return row.guild_reminder_minutes
        return self.default_reminder_minutes

    def _maybe_due(self, row: TickRow, now: float) -> bool:
        """Whether a reminder or a timeout may be due (the game's lock decides)."""
        if row.status is not GameStatus.RUNNING:
            return False
        idle = now - row.updated_at
        timeout = row.timeout_minutes or row.guild_timeout_minutes or DEFAULT_TIMEOUT_HOURS * 60
        if idle >= timeout * 60:  # every game has a turn timeout (bot/limits.py)
            return True
        minutes = self._row_minutes(row)
        sent, last = row.reminders_for(row.revision)
        if not minutes or sent >= self.max_reminders:
            return False
        return now - max(row.updated_at, last or 0.0) >= minutes * 60

    def _bot_may_decide(self, row: TickRow) -> bool:
        """Whether a game with bot seats may be waiting on one: normally the
        bot plays at once, but a crash (or a failed append) between a person's
        action and the bot's move leaves the game waiting on the bot. Each such
        game is looked at once per revision (the first tick after a start-up
        looks at them all); one seen waiting on a person is not looked at again
        until it changes."""
        if row.status is not GameStatus.RUNNING or not row.bot_seats:
            return False
        return self.waits_on_person.get(row.game_id) != row.revision

    async def tick(self) -> list[Reply]:
        """Reminders and turn timeouts due now, for every running game, the
        bot's moves a crash left unplayed, and a notice for each game newly set
        aside (lobbies: :meth:`Lobby.expire_lobbies`).

        Returns notices (``channel_id`` set) to post; a timeout plays the turn
        (never silently: the notice says so)."""
        if self.games.fenced:
            return []
        now = self.games.clock()
        out: list[Reply] = []
        rows = await self.games.store.tick_rows()
        running = {row.game_id for row in rows}
        for gid in [g for g in self.waits_on_person if g not in running]:
            del self.waits_on_person[gid]  # over, paused or gone: forget it
        for row in rows:
            if row.guild_id is not None:  # the servers' default timeouts, kept fresh
                self.games.guild_timeouts[row.guild_id] = row.guild_timeout_minutes
            try:
                if row.fault is not None:
                    reply: Reply | None = await self._tell_set_aside(row)
                elif self._maybe_due(row, now) or self._bot_may_decide(row):
                    reply = await self._tick_game(row, now)
                else:
                    continue
            except GameSetAside as exc:
                reply = None
                log.warning("game %s: %s", row.game_id, exc)
            except Exception:
                log.exception("game %s: reminder/timeout failed", row.game_id)
                self.games.drop(row.channel_id)
                continue
            if reply is not None:
                reply.channel_id = row.channel_id
                out.append(reply)
        return out

    async def _tell_set_aside(self, row: TickRow) -> Reply:
        self.games.drop(row.channel_id)
        await self.games.store.mark_fault_notified(row.game_id)
        seats = await self.games.store.get_seats(row.game_id)
        players = [s.user_id for s in seats if not is_bot(s.user_id)]
        return Reply(set_aside_text(row.game_id, row.fault or "?", self.games.fmt), ping=players)

    async def _tick_game(self, row: TickRow, now: float) -> Reply | None:
        channel_id = row.channel_id
        async with self.games.lock(channel_id):
            e = await self.games.fresh(channel_id, row.game_id, row.revision)
            if e is None or e.record.id != row.game_id:
                return None
            if e.record.status is not GameStatus.RUNNING:
                return None
            d = e.game.decision
            if d is None:
                return None
            if is_bot(e.user(d.seat)):
                # A bot seat left waiting (a crash between a person's action and
                # the bot's move, a failed append): play on, and post it.
                reply = Reply("")
                if not await self.write.auto(e, reply):
                    return None
                await self.write.finish_reply(e, reply)
                return reply
            self.waits_on_person[e.record.id] = e.revision
            st = e.settings
            uid = e.user(d.seat)
            prefs = await self.games.prefs(uid)
            if now >= self.games.timeout_deadline(e, uid):  # quiet hours delay it
                seat = d.seat
                prev = st.timeouts_of(seat)
                in_a_row = 1 + (
                    prev.in_a_row
                    if prev is not None and prev.user_id == uid and not prev.away
                    else 0
                )
                if in_a_row >= TIMEOUTS_BEFORE_BOT:
                    return await self._seat_to_bot(e, seat, uid, in_a_row)
                reply = Reply(
                    f"⌛ Time is up for {self.games.who(e, seat)} "
                    f"({in_a_row} of {TIMEOUTS_BEFORE_BOT} in a row): "
                    f"the bot ({self.bots.level}) plays their turn.\n"
                )
                n = 0
                while n < 200:
                    d = e.game.decision
                    if d is None or d.seat != seat or e.game.is_over:
                        break
                    await self.write.bot_move(e, d, reply, self.bots.level)
                    n += 1
                    if reply.new_turn:
                        break
                await self.write.play_on(e, reply)
                # counted once the turn is played and stored (a crash before
                # plays it again, never counts it twice)
                await self.games.store.count_timeout(e.record.id, seat, uid)
                self.games.drop(channel_id)  # its settings hold the count
                return reply
            # the counter is per revision: any change of the game starts it again
            sent, last = st.reminders_for(e.revision)
            minutes = self._row_minutes(row)
            if not minutes or sent >= self.max_reminders or uid in st.muted:
                return None
            if quiet.is_quiet(now, prefs):  # never nudge anyone in their quiet hours
                return None
            since = max(e.record.updated_at, last or 0.0)
            if quiet.awake_seconds(since, now, prefs) < minutes * 60:
                return None
            try:
                e.settings = await self.games.store.record_reminder(e.record.id, e.revision, now)
            except StorageError:
                self.games.drop(channel_id)
                raise
            sent = e.settings.reminders_sent
            p = self.games.prompt(e)
            nxt = now + minutes * 60
            txt = (
                f"⏰ Reminder {sent}/{self.max_reminders}: "
                f"{self.games.fmt.mention(uid)}, the game is waiting for you "
                f"(since {self.games.fmt.when(e.record.updated_at)}). "
            )
            if sent < self.max_reminders:
                txt += f"Next reminder {self.games.fmt.when(nxt)}."
            if p is not None:
                txt += "\n" + self.games.prompt_line(p)
            return Reply(txt, ping=[uid], turn=p, reminder=True)

    async def _seat_to_bot(self, e: Entry, seat: int, uid: int, in_a_row: int) -> Reply | None:
        """After timeouts in a row the bot plays the seat until its player joins
        again; announced, and the bot plays on at once (lock held)."""
        gid, who = e.record.id, self.games.who(e, seat)
        try:
            await self.write.change(
                e,
                lambda rev: self.games.store.seat_to_bot(gid, seat, uid, expected_revision=rev),
            )
        except ConflictError:
            return None
        e2 = await self.games.load(e.record.channel_id)
        assert e2 is not None
        reply = Reply(
            f"⌛ Time is up for {who}, {in_a_row} times in a row: the bot ({self.bots.level}) "
            f"plays their seat from now on. {self.games.fmt.mention(uid)} takes it back "
            f"with {command(self.games.fmt, 'join')}.\n",
            new_turn=True,
        )
        await self.write.play_on(e2, reply)
        return reply
