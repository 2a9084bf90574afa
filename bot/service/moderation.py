"""Moderators: pause, resume, end, replace or remove a player, rollback."""

from __future__ import annotations

import logging
from collections.abc import Sequence

from bot.service.model import (
    BOT_USER,
    Actor,
    Entry,
    Reply,
    ServiceError,
    fail,
)
from bot.service.write import WritePath
from storage import (
    ConflictError,
    GameStateError,
    GameStatus,
    LobbyError,
)

log = logging.getLogger(__name__)


class ModerationMixin(WritePath):
    """Moderators: pause, resume, end, replace or remove a player, rollback."""

    async def is_moderator(
        self, guild_id: int | None, *, manage: bool, role_ids: Sequence[int] = ()
    ) -> bool:
        if manage:
            return True
        if guild_id is None:
            return False
        gs = await self.store.get_guild_settings(guild_id)
        return gs.moderator_role_id is not None and gs.moderator_role_id in role_ids

    async def _mod(self, channel_id: int, actor: Actor) -> Entry:
        if not actor.moderator:
            raise ServiceError(
                "Only moderators (Manage Server / Manage Channels, or the moderator role) can do that."
            )
        e = await self._entry(channel_id)
        if e is None:
            raise ServiceError("There is no game running in this channel.")
        return e

    async def pause(self, channel_id: int, actor: Actor) -> Reply:
        async with self.lock(channel_id):
            try:
                e = await self._mod(channel_id, actor)
                e.record = await self.store.pause_game(e.record.id)
            except (ServiceError, GameStateError) as exc:
                return fail(str(exc))
        return Reply(f"⏸️ {self.fmt.mention(actor.user_id)} (moderator) paused the game.")

    async def resume(self, channel_id: int, actor: Actor) -> Reply:
        async with self.lock(channel_id):
            try:
                e = await self._mod(channel_id, actor)
                e.record = await self.store.resume_game(e.record.id)
            except (ServiceError, GameStateError) as exc:
                return fail(str(exc))
            reply = Reply(f"▶️ {self.fmt.mention(actor.user_id)} (moderator) resumed the game.\n")
            await self._auto(e, reply)
            await self._finish_reply(e, reply)
            return reply

    async def end(self, channel_id: int, actor: Actor) -> Reply:
        async with self.lock(channel_id):
            if not actor.moderator:
                return fail("Only moderators can end a game.")
            rec = await self.store.active_game(channel_id)
            if rec is None:
                return fail("There is no game in this channel.")
            await self.store.abort_game(rec.id, f"ended by moderator {actor.user_id}")
            self.drop(channel_id)
        return Reply(
            f"⏹️ {self.fmt.mention(actor.user_id)} (moderator) ended game #{rec.id}. "
            "It stays archived (board, log and export still work)."
        )

    async def replace(
        self, channel_id: int, actor: Actor, seat: int, new_user: int, name: str | None = None
    ) -> Reply:
        """Give ``seat`` (0-based) to ``new_user`` (BOT_USER: nobody, the bot plays it);
        ``name``: the new player's display name."""
        async with self.lock(channel_id):
            if not actor.moderator:
                return fail("Only moderators can replace or remove players.")
            rec = await self.store.active_game(channel_id)
            if rec is None:
                return fail("There is no game in this channel.")
            seats = await self.store.get_seats(rec.id)
            if not 0 <= seat < len(seats):
                return fail(f"There is no seat {seat + 1}.")
            old = seats[seat].user_id
            if rec.status is GameStatus.LOBBY and new_user == BOT_USER:
                await self.store.leave_game(rec.id, old)
                return Reply(
                    f"{self.fmt.mention(actor.user_id)} (moderator) removed "
                    f"{self.fmt.mention(old)} from the lobby."
                )
            try:
                await self.store.replace_player(rec.id, seat, new_user)
            except LobbyError:
                return fail("That user already holds another seat in this game.")
            if name and new_user != BOT_USER:
                self._names_seen.pop(new_user, None)
                await self.remember_name(new_user, name)
            e = await self._refresh(channel_id)
            who = (
                f"{e.game.name(seat)} is now played by {self.fmt.mention(new_user)}"
                if new_user != BOT_USER
                else f"{e.game.name(seat)} is now played by the bot (simplest legal choices)"
            )
            reply = Reply(
                f"🔁 {self.fmt.mention(actor.user_id)} (moderator) replaced "
                f"{self.fmt.mention(old)}: {who}.\n"
            )
            if e is not None:
                await self._auto(e, reply)
                await self._finish_reply(e, reply)
            return reply

    async def rollback(self, channel_id: int, actor: Actor) -> Reply:
        async with self.lock(channel_id):
            try:
                e = await self._mod(channel_id, actor)
            except ServiceError as exc:
                return fail(str(exc))
            if e.version == 0:
                return fail("There is no action to roll back.")
            try:
                await self._truncate(e, e.version - 1, "rollback")
            except ConflictError:
                return fail("The game changed meanwhile; nothing was rolled back. Look again.")
            except Exception:
                log.exception("game %s: rollback failed", e.record.id)
                self.drop(channel_id)
                return fail("Rollback failed; the game is unchanged.")
            e2 = await self._refresh(channel_id)
            assert e2 is not None
            reply = Reply(
                f"⏪ {self.fmt.mention(actor.user_id)} (moderator) rolled back the last action.\n",
                new_turn=True,
            )
            await self._finish_reply(e2, reply)
            return reply
