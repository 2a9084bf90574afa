"""Reminder interval, turn timeout, the server's policy, a player's mute."""

from __future__ import annotations

from typing import Any

from bot.limits import (
    DEFAULT_TIMEOUT_HOURS,
    check_reminder_minutes,
    check_timeout_hours,
    check_timeout_minutes,
    hours_text,
)
from bot.service.botplay import BotPlayer
from bot.service.format import command
from bot.service.games import LiveGames
from bot.service.lobby import Lobby
from bot.service.model import (
    Actor,
    Entry,
    Reply,
    fail,
    is_bot,
    refusing,
)
from bot.service.reminders import Reminders
from storage import GameStatus

ONLY_ADMINS = "Only members with Manage Server can change the server's settings."


class Settings:
    """Reminder interval, turn timeout, the server's policy, a player's mute."""

    def __init__(
        self, games: LiveGames, lobby: Lobby, bots: BotPlayer, reminders: Reminders
    ) -> None:
        self.games = games
        self.lobby = lobby  # how long a lobby may wait (the server's setting)
        self.bots = bots  # its level: named when a timeout is set
        # the bot's own interval and how many a decision: said with every reminder setting
        self.reminders = reminders

    def _every(self, minutes: int) -> str:
        """ "every 1 h, at most 3 per decision": the reminders stop after the last
        (the count starts again with each change of the game, see reminders.py)."""
        return f"every {hours_text(minutes)}, at most {self.reminders.max_reminders} per decision"

    @refusing
    async def set_reminder(
        self,
        channel_id: int,
        actor: Actor,
        minutes: int,
        *,
        guild_id: int | None = None,
        server_wide: bool = False,
    ) -> Reply:
        if server_wide and not actor.admin:
            return fail(ONLY_ADMINS)
        if not actor.moderator:
            return fail("Only moderators can set reminders.")
        if why := check_reminder_minutes(minutes):
            return fail(why)
        if server_wide:
            if guild_id is None:
                return fail("Server-wide settings need a server.")
            await self.games.store.update_guild_settings(guild_id, reminder_minutes=minutes or None)
            default = f"the default, {self._every(self.reminders.default_reminder_minutes)}"
            return Reply(
                f"⏰ {self.games.fmt.mention(actor.user_id)} (server admin) set turn reminders on this server "
                + (f"to {self._every(minutes)}" if minutes else f"to {default}")
                # the game's own setting wins (Reminders._row_minutes)
                + " (a game whose moderator set its own keeps it)."
            )
        async with self.games.lock(channel_id):
            e = await self.games.current(channel_id)
            if e is None:
                return fail(await self.games.not_running(channel_id))
            if e.settings.reminder_minutes == minutes:
                # nothing to announce: the players' channel hears only of a change
                now = f"every {hours_text(minutes)}" if minutes else "off"
                return Reply(
                    f"Turn reminders for this game are already {now}: nothing changed.",
                    ephemeral=True,
                )
            e.settings = await self.games.store.update_game_settings(
                e.record.id, reminder_minutes=minutes
            )
        return Reply(
            f"⏰ {self.games.fmt.mention(actor.user_id)} (moderator) set turn reminders for this game "
            + (f"to {self._every(minutes)}." if minutes else "off.")
        )

    @refusing
    async def set_timeout(self, channel_id: int, actor: Actor, minutes: int) -> Reply:
        if not actor.moderator:
            return fail("Only moderators can set a turn timeout.")
        if why := check_timeout_minutes(minutes):
            return fail(why)
        async with self.games.lock(channel_id):
            e = await self.games.current(channel_id)
            if e is None:
                return fail(await self.games.not_running(channel_id))
            unchanged = e.settings.timeout_minutes == (minutes or None)
            if not unchanged:
                e.settings = await self.games.store.update_game_settings(
                    e.record.id, timeout_minutes=minutes or None
                )
            await self.games.server_timeout(e.record.guild_id)  # known for the prompt
            shown = self.games.timeout_minutes(e)
            now = self._current_turn(e)
        if unchanged:  # nothing to announce: the players' channel hears only of a change
            return Reply(
                f"This game's turn timeout is already {hours_text(shown)}: nothing changed.",
                ephemeral=True,
            )
        if not minutes:
            return Reply(
                f"⌛ {self.games.fmt.mention(actor.user_id)} (moderator) set this game's turn "
                f"timeout to follow the server's, {hours_text(shown)} now.{now}"
            )
        return Reply(
            f"⌛ {self.games.fmt.mention(actor.user_id)} (moderator) set a turn timeout of "
            f"{hours_text(minutes)}: after it, the bot ({self.bots.level}) plays the turn for the"
            f" player.{now}"
        )

    def _current_turn(self, e: Entry) -> str:
        """When the new timeout plays the turn waiting now (it counts from the
        game's last move, not from the change: a turn that has waited longer
        is played at the next check), or "" when no person's turn is waiting."""
        d = e.game.decision
        if d is None or e.record.status is not GameStatus.RUNNING or is_bot(e.user(d.seat)):
            return ""
        deadline = self.games.timeout_deadline(e, e.user(d.seat))
        who = self.games.who(e, d.seat)
        if deadline <= self.games.clock():
            return (
                f" Now waiting: {who}, longer than that already: the bot plays for them"
                " within minutes."
            )
        return f" Now waiting: {who}; the bot plays for them {self.games.fmt.when(deadline)}."

    @refusing
    async def set_server_timeout(self, guild_id: int | None, actor: Actor, hours: int) -> Reply:
        """The server's default turn timeout for new games (0: the bot's default)."""
        if not actor.admin:
            return fail(ONLY_ADMINS)
        if guild_id is None:
            return fail("That is a server setting.")
        if why := check_timeout_hours(hours):
            return fail(why)
        gs = await self.games.store.update_guild_settings(
            guild_id, timeout_minutes=hours * 60 or None
        )
        self.games.guild_timeouts[guild_id] = gs.timeout_minutes
        shown = hours or DEFAULT_TIMEOUT_HOURS
        return Reply(
            f"⌛ {self.games.fmt.mention(actor.user_id)} (server admin) set the turn timeout of "
            f"new games on this server to {shown} h"
            + ("" if hours else " (the default)")
            + f": after it, the bot ({self.bots.level}) plays the turn. A game's creator can "
            f"choose another ({command(self.games.fmt, 'new')} `timeout_hours`). Games already"
            " made keep theirs, except those a moderator set to follow the server's"
            f" ({command(self.games.fmt, 'mod timeout')} `minutes:0`)."
        )

    @refusing
    async def set_policy(
        self,
        guild_id: int | None,
        actor: Actor,
        policy: str | None = None,
        role_id: int | None | bool = False,
    ) -> Reply:
        if not actor.admin:
            return fail(ONLY_ADMINS)
        if guild_id is None:
            return fail("That is a server setting.")
        kw: dict[str, Any] = {}
        if policy is not None:
            if policy not in ("anyone", "moderators"):
                return fail("Policy is `anyone` or `moderators`.")
            kw["start_policy"] = policy
        if role_id is not False:
            kw["moderator_role_id"] = role_id
        gs = await self.games.store.update_guild_settings(guild_id, **kw)
        role = (
            f"<@&{gs.moderator_role_id}>"
            if gs.moderator_role_id
            else "none (members with Manage Server or Manage Channels moderate)"
        )
        who = "only moderators" if gs.start_policy == "moderators" else "anyone"
        text = (
            f"🛡️ {self.games.fmt.mention(actor.user_id)} (server admin) updated the server: "
            f"{who} may create games; moderator role: {role}."
        )
        if role_id:
            text += (
                f" Its members can moderate every game here; to list the moderator "
                f"commands for them too, allow the role for {command(self.games.fmt, 'mod')} in "
                "Server Settings → Integrations."
            )
        return Reply(text)

    async def set_lobby_days(self, guild_id: int | None, actor: Actor, days: int) -> Reply:
        """How many days a lobby may wait to start on this server (0: the default)."""
        if not actor.admin:
            return fail(ONLY_ADMINS)
        if guild_id is None:
            return fail("That is a server setting.")
        if days < 0:
            return fail("Days must be 0 (the default) or more.")
        gs = await self.games.store.update_guild_settings(guild_id, lobby_days=days or None)
        shown = gs.lobby_days or await self.lobby.lobby_days(guild_id)
        return Reply(
            f"⌛ {self.games.fmt.mention(actor.user_id)} (server admin) set how long a lobby may wait "
            f"to start on this server: {shown} day{'s' if shown != 1 else ''}"
            + ("." if days else " (the default).")
        )

    @refusing
    async def mute(self, channel_id: int, actor: Actor, on: bool) -> Reply:
        async with self.games.lock(channel_id):
            e = await self.games.current(channel_id)
            if e is None or e.seat_of(actor.user_id) is None:
                return fail("You are not playing in a game in this channel.")
            e.settings = await self.games.store.set_game_mute(e.record.id, actor.user_id, on)
        return Reply(
            "Turn pings for this game are " + ("muted." if on else "back on."), ephemeral=True
        )
