"""Background work: turn reminders and turn timeouts."""

from __future__ import annotations

import logging

from bot import quiet
from bot.service.helpers import (
    simplest_option,
)
from bot.service.model import (
    BOT_USER,
    Entry,
    Reply,
)
from bot.service.write import WritePath
from engine import Action
from storage import (
    GameStatus,
)

log = logging.getLogger(__name__)


class RemindersMixin(WritePath):
    """Background work: turn reminders and turn timeouts."""

    async def _reminder_minutes(self, e: Entry) -> int:
        if e.settings.reminder_minutes is not None:
            return e.settings.reminder_minutes
        if e.record.guild_id is not None:
            gs = await self.store.get_guild_settings(e.record.guild_id)
            if gs.reminder_minutes:
                return gs.reminder_minutes
        return self.default_reminder_minutes

    async def tick(self) -> list[Reply]:
        """Lobbies past their lifetime, and reminders and turn timeouts due now,
        for every running game.

        Returns notices (``channel_id`` set) to post; a timeout plays the turn
        (never silently: the notice says so)."""
        now = self.clock()
        out: list[Reply] = []
        try:
            out += await self.expire_lobbies(now)  # type: ignore[attr-defined]
        except Exception:
            log.exception("lobby expiry failed")
        for rec in await self.store.list_running_games():
            if rec.status is not GameStatus.RUNNING:
                continue
            try:
                reply = await self._tick_game(rec.channel_id, now)
            except Exception:
                log.exception("game %s: reminder/timeout failed", rec.id)
                self.drop(rec.channel_id)
                continue
            if reply is not None:
                reply.channel_id = rec.channel_id
                out.append(reply)
        return out

    async def _tick_game(self, channel_id: int, now: float) -> Reply | None:
        async with self.lock(channel_id):
            e = await self._entry(channel_id)
            if e is None or e.record.status is not GameStatus.RUNNING:
                return None
            d = e.game.decision
            if d is None or e.user(d.seat) == BOT_USER:
                return None
            st = e.settings
            uid = e.user(d.seat)
            prefs = await self.prefs(uid)
            idle = self.awake_idle(e, uid, now)  # quiet hours do not count
            if st.timeout_minutes and idle >= st.timeout_minutes * 60:
                seat = d.seat
                reply = Reply(f"⌛ Time is up for {self.who(e, seat)}: the bot plays for them.\n")
                n = 0
                while n < 200:
                    d = e.game.decision
                    if d is None or d.seat != seat or e.game.is_over:
                        break
                    o = simplest_option(d)
                    reply.text += f"• {o.label if not d.secret else 'a hidden choice'}\n"
                    await self._apply(e, Action(seat, o.id), None, reply, d)
                    n += 1
                    if reply.new_turn:
                        break
                await self._auto(e, reply)
                await self._finish_reply(e, reply)
                return reply
            # the counter is per revision: any action, undo or rollback starts it again
            sent, last = st.reminders_for(e.revision)
            minutes = await self._reminder_minutes(e)
            if not minutes or sent >= self.max_reminders or uid in st.muted:
                return None
            if quiet.is_quiet(now, prefs):  # never nudge anyone in their quiet hours
                return None
            since = max(e.record.updated_at, last or 0.0)
            if quiet.awake_seconds(since, now, prefs) < minutes * 60:
                return None
            e.settings = await self.store.record_reminder(e.record.id, e.revision, now)
            sent = e.settings.reminders_sent
            p = self.prompt(e)
            nxt = now + minutes * 60
            txt = (
                f"⏰ Reminder {sent}/{self.max_reminders}: "
                f"{self.fmt.mention(uid)}, the game is waiting for you "
                f"(since {self.fmt.when(e.record.updated_at)}). "
            )
            if sent < self.max_reminders:
                txt += f"Next reminder {self.fmt.when(nxt)}."
            if p is not None:
                txt += "\n" + self.prompt_line(p)
            return Reply(txt, ping=[uid], turn=p, reminder=True)
