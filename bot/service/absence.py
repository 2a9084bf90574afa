"""People who stop playing, and games whose channel is gone (issue 24).

- ``resign``: a player leaves a running game; the bot plays their seat from
  then on, or the game ends when no person is left.
- ``join`` on a started game: a person takes back the seat the bot has held for
  them since their timeouts in a row (the tick gives it to the bot,
  :mod:`bot.service.reminders`); on a lobby it is the lobby's join.
- ``member_left``: a member who left the server is muted in their games (no
  pings; their seat is played at its turn timeouts) and removed from lobbies.
- ``channel_gone``: a deleted channel or thread pauses its game (a lobby
  closes); ``move`` brings a game into another channel, where it runs again.
- ``cannot_post``: a channel the bot may no longer post in pauses its game, so
  no reminder or turn timeout goes on unseen there.
- ``game_channel``: a moderator's ``game:`` option, from any channel of the server.

Each change is one storage transaction (:mod:`storage.absence`) that checks the
revision the game was read at and bumps it; the game is then read back.
"""

from __future__ import annotations

import logging

from bot.service.botplay import BotPlayer
from bot.service.format import command
from bot.service.games import LiveGames
from bot.service.lobby import Lobby
from bot.service.model import (
    Actor,
    GameSetAside,
    Reply,
    ServiceError,
    channel_link,
    fail,
    refusing,
)
from bot.service.write import WritePath
from storage import (
    ACTIVE_STATUSES,
    ChannelBusyError,
    ConflictError,
    GameRecord,
    GameStatus,
    LobbyError,
    NotFoundError,
)

log = logging.getLogger(__name__)

CHANGED = "The game changed meanwhile; nothing was done. Look again."

#: Moderators' commands that make sense on a game that is over (finished or ended):
#: they take the game by id (``game:``), whatever its channel now holds.
ON_GAMES_OVER = frozenset({"export", "repair"})
OVER_WORDS = {GameStatus.FINISHED: "finished", GameStatus.ABORTED: "ended early"}


class Absence:
    """Resigning, taking a seat back, members who left, channels gone, moving games."""

    def __init__(self, games: LiveGames, write: WritePath, bots: BotPlayer, lobby: Lobby) -> None:
        self.games = games
        self.write = write
        self.bots = bots  # its level: named when the bot takes a seat
        self.lobby = lobby  # ``join`` on a lobby is the lobby's

    # ------------------------------------------------------------------ resign, come back

    @refusing
    async def resign(self, channel_id: int, actor: Actor) -> Reply:
        """The actor leaves the channel's started game for good."""
        async with self.games.lock(channel_id):
            e = await self.games.current(channel_id)
            if e is None:
                return fail("There is no started game in this channel to resign from.")
            seat = e.seat_of(actor.user_id)
            if seat is None:
                return fail(self.games.not_playing(e, actor.user_id))
            gid, who = e.record.id, self.games.who(e, seat)
            try:
                rec = await self.write.change(
                    e,
                    lambda rev: self.games.store.resign_seat(
                        gid, actor.user_id, expected_revision=rev
                    ),
                )
            except ConflictError:
                return fail(CHANGED)
            if rec.status is GameStatus.ABORTED:
                return Reply(
                    f"🏳️ {who} resigned. Nobody is left playing, so game #{gid} ends here "
                    "(it stays archived: board, log and export still work).",
                    new_turn=True,
                )
            e2 = await self.games.load(channel_id)
            assert e2 is not None
            reply = Reply(
                f"🏳️ {who} resigned: the bot ({self.bots.level}) plays "
                f"{e2.game.name(seat)} from now on.\n",
                new_turn=True,
                keep_text=True,
            )
            await self.write.play_on(e2, reply)
            return reply

    @refusing
    async def join(self, channel_id: int, actor: Actor, colour: str | None = None) -> Reply:
        """``/ba join``: a lobby's seat, or on a started game the seat the bot
        has held for the actor since their timeouts in a row."""
        rec = await self.games.store.active_game(channel_id)
        if rec is None or rec.status is GameStatus.LOBBY:
            return await self.lobby.join(channel_id, actor, colour)
        async with self.games.lock(channel_id):
            e = await self.games.current(channel_id)
            if e is None:
                return await self.lobby.join(channel_id, actor, colour)
            if e.seat_of(actor.user_id) is not None:
                return fail("You are already playing in this game.")
            gid = e.record.id
            try:
                seat = await self.write.change(
                    e,
                    lambda rev: self.games.store.take_back_seat(
                        gid, actor.user_id, expected_revision=rev
                    ),
                )
            except LobbyError:
                return fail(
                    "This game has started; only a player whose seat the bot took over "
                    "after their turn timeouts can join it again."
                )
            except ConflictError:
                return fail(CHANGED)
            if actor.name:
                self.games.names_seen.pop(actor.user_id, None)
                await self.games.remember_name(actor.user_id, actor.name)
            e2 = await self.games.load(channel_id)
            assert e2 is not None
            reply = Reply(
                f"🙋 {self.games.who(e2, seat)} is back and plays their seat again.\n",
                new_turn=True,
                keep_text=True,
            )
            await self.write.play_on(e2, reply)
            return reply

    async def member_left(self, guild_id: int | None, user_id: int) -> list[Reply]:
        """A member left the server: no more pings in their games (their seats are
        played at the turn timeouts), and they leave the lobbies they sat in.
        Returns a notice per game (``channel_id`` set)."""
        if guild_id is None or self.games.fenced:
            return []
        out: list[Reply] = []
        who = self.games.fmt.mention(user_id)
        for rec in await self.games.store.member_left(guild_id, user_id):
            async with self.games.lock(rec.channel_id):
                self.games.drop(rec.channel_id)  # its mutes changed
                if rec.status is GameStatus.LOBBY:
                    try:
                        await self.games.store.leave_game(rec.id, user_id)
                    except (LobbyError, NotFoundError):
                        continue
                    text = f"👋 {who} left the server, and so the lobby of game #{rec.id}."
                else:
                    text = (
                        f"👋 {who} left the server: no more pings for them in game #{rec.id}; "
                        "the bot plays their turns when their turn timeout runs out."
                    )
            out.append(Reply(text, channel_id=rec.channel_id))
        return out

    # ------------------------------------------------------------------ channels gone, moving

    async def channel_gone(self, channel_id: int, *, thread: bool | None = True) -> Reply | None:
        """The channel (or thread) was deleted: its running game is paused, its
        lobby closed. Returns the notice for the parent channel (None: no game)."""
        where = {True: "thread", False: "channel", None: "channel or thread"}[thread]
        if self.games.fenced:
            return None
        async with self.games.lock(channel_id):
            try:
                rec = await self.games.store.channel_gone(channel_id)
            finally:
                self.games.drop(channel_id)
        if rec is None:
            return None
        log.warning("game %s: its channel %s was deleted (%s)", rec.id, channel_id, rec.status)
        if rec.status is GameStatus.ABORTED:
            return Reply(f"🗑️ The {where} of game #{rec.id} was deleted, so its lobby is closed.")
        fmt = self.games.fmt
        return Reply(
            f"🗑️ The {where} of game #{rec.id} was deleted: the game is paused and nothing "
            f"is lost. A moderator can bring it back with {command(fmt, 'mod move')} "
            f"`game:{rec.id}` in any channel or thread, or end it with "
            f"{command(fmt, 'mod end')} `game:{rec.id}`."
        )

    async def cannot_post(self, channel_id: int, why: str) -> Reply | None:
        """The bot could not post a reminder or a timeout in the channel (a
        permission taken from it, a locked thread; ``why``, in the front end's
        words): its running game is paused, or its turn timeouts would play
        everyone's turns, and take their seats, with nobody told. Returns the
        notice for the parent or system channel (None: no running game there,
        nothing changed)."""
        if self.games.fenced:
            return None
        async with self.games.lock(channel_id):
            try:
                e = await self.games.current(channel_id)
            except GameSetAside:
                return None
            if e is None or e.record.status is not GameStatus.RUNNING:
                return None
            gid = e.record.id
            try:
                await self.write.change(
                    e, lambda rev: self.games.store.pause_game(gid, expected_revision=rev)
                )
            except ConflictError:
                return None
            finally:
                self.games.drop(channel_id)
        log.warning("game %s: cannot post in channel %s (%s): paused", gid, channel_id, why)
        fmt = self.games.fmt
        return Reply(
            f"⚠️ I cannot post in {channel_link(fmt, channel_id)} ({why}), "
            f"so game #{gid} is paused: nothing is lost, and no turn is played for anyone "
            "meanwhile. Once that is fixed, a moderator plays on with "
            f"{command(fmt, 'mod resume')} there."
        )

    async def _game_here(
        self, guild_id: int | None, game_id: int, *, doing: str | None = None
    ) -> GameRecord:
        """Game ``game_id`` if it is a game of this server, and active unless
        ``doing`` is one of :data:`ON_GAMES_OVER` (``doing``: the command's name,
        for the refusal)."""
        try:
            rec = await self.games.store.get_game(game_id)
        except NotFoundError:
            rec = None
        if rec is None or guild_id is None or rec.guild_id != guild_id:
            raise ServiceError(f"There is no game #{game_id} on this server.")
        if rec.status not in ACTIVE_STATUSES and doing not in ON_GAMES_OVER:
            fmt = self.games.fmt
            what = f"{command(fmt, f'mod {doing}')} works" if doing else "this works"
            raise ServiceError(
                f"Game #{game_id} is over ({OVER_WORDS.get(rec.status, rec.status.value)}):"
                f" {what} only on lobbies and running or paused games, and there is no"
                " turn left to pause, play, take back or hand over. A game that is over can"
                f" still be exported ({command(fmt, 'mod export')} `game:{game_id}`: its"
                f" complete record) or repaired ({command(fmt, 'mod repair')}"
                f" `game:{game_id}`, if its record no longer replays)."
            )
        return rec

    async def game_channel(
        self, guild_id: int | None, game_id: int, doing: str | None = None
    ) -> int | Reply:
        """The channel of this server's game ``game_id`` (a moderator's
        ``game:``; ``doing``: the command's name), or the refusal to show: a game
        that is over only for the commands of :data:`ON_GAMES_OVER`, which then
        work on it by id."""
        if self.games.fenced:
            return fail(self.games.fenced)
        try:
            return (await self._game_here(guild_id, game_id, doing=doing)).channel_id
        except ServiceError as exc:
            return fail(str(exc))

    @refusing
    async def move(
        self, channel_id: int, actor: Actor, game_id: int, *, guild_id: int | None
    ) -> Reply:
        """Move game ``game_id`` into ``channel_id``: its board and buttons work
        there; a game paused because its channel was deleted runs again."""
        if not actor.moderator:
            return fail("Only moderators can move a game.")
        rec = await self._game_here(guild_id, game_id, doing="move")
        if rec.channel_id == channel_id:
            return fail(f"Game #{game_id} is already in this channel.")
        old = rec.channel_id
        first, second = sorted((old, channel_id))  # one order: no two moves wait on each other
        async with self.games.lock(first), self.games.lock(second):
            try:
                moved = await self.games.store.move_game(
                    game_id, channel_id, expected_revision=rec.revision
                )
            except ChannelBusyError as exc:
                return fail(
                    f"This channel already has game #{exc.game_id}; end it first or move "
                    f"game #{game_id} into another channel or thread."
                )
            except ConflictError:
                return fail(CHANGED)
            finally:
                self.games.drop(old)
                self.games.drop(channel_id)
            mod = self.games.fmt.mention(actor.user_id)
            if moved.status is GameStatus.LOBBY:
                return Reply(
                    f"📦 {mod} (moderator) moved the lobby of game #{game_id} here: "
                    f"join with {command(self.games.fmt, 'join')}."
                )
            e = await self.games.load(channel_id)
            assert e is not None
            paused = (
                f" It is paused: {command(self.games.fmt, 'mod resume')} plays on."
                if moved.status is GameStatus.PAUSED
                else ""
            )
            reply = Reply(
                f"📦 {mod} (moderator) moved game #{game_id} here.{paused}\n",
                new_turn=True,
                keep_text=True,
            )
            await self.write.play_on(e, reply, render=True)
            return reply
