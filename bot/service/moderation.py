"""Moderators: pause, resume, end, replace or remove a player, rollback, repair.

Every change here goes through the write path (:meth:`WritePath.change`):
the storage call checks the revision the moderator's view was read at and
bumps it, and the game is then read back from storage, so what is served
afterwards is exactly what is stored, and every button shown before is stale
in every process.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from typing import Any

from bot.service.botplay import BotPlayer
from bot.service.games import LiveGames
from bot.service.helpers import REVEALING
from bot.service.lobby import Lobby, lobby_line, seat_name
from bot.service.model import (
    BOT_USER,
    Actor,
    Entry,
    Reply,
    ServiceError,
    command,
    fail,
    is_bot,
    public_reason,
    refusing,
)
from bot.service.write import WritePath, paused_means
from engine import Action, Game
from storage import (
    STARTED_STATUSES,
    ActionRecord,
    ConflictError,
    CorruptGameError,
    GameRecord,
    GameStatus,
    LobbyError,
    NotFoundError,
    Seat,
    SeedDamagedError,
)

log = logging.getLogger(__name__)

CHANGED = "The game changed meanwhile; nothing was {}. Look again."


class Moderation:
    """Moderators: pause, resume, end, replace or remove a player, rollback, repair."""

    def __init__(self, games: LiveGames, write: WritePath, bots: BotPlayer) -> None:
        self.games = games
        self.write = write
        self.bots = bots  # its level: named when the bot takes a seat

    async def is_moderator(
        self, guild_id: int | None, *, manage: bool, role_ids: Sequence[int] = ()
    ) -> bool:
        if manage:
            return True
        if guild_id is None:
            return False
        gs = await self.games.store.get_guild_settings(guild_id)
        return gs.moderator_role_id is not None and gs.moderator_role_id in role_ids

    @staticmethod
    def _require_mod(actor: Actor, what: str = "do that") -> None:
        if not actor.moderator:
            raise ServiceError(
                f"Only moderators (Manage Server / Manage Channels, or the moderator role) can {what}."
            )

    async def _mod(self, channel_id: int, actor: Actor, doing: str) -> Entry:
        """The channel's started game for a moderator (lock held). If this
        process's copy is behind the stored game (another process changed it),
        nothing is done on that old view: the moderator is told to look again,
        and the next try uses the stored game."""
        self._require_mod(actor)
        e = await self.games.current(channel_id)
        if e is None:
            raise ServiceError(await self.games.not_running(channel_id))
        rec = await self.games.store.active_game(channel_id)
        if rec is None or (rec.id, rec.revision) != (e.record.id, e.revision):
            self.games.drop(channel_id)
            raise ServiceError(CHANGED.format(doing))
        return e

    @refusing
    async def pause(self, channel_id: int, actor: Actor) -> Reply:
        async with self.games.lock(channel_id):
            e = await self._mod(channel_id, actor, "paused")
            if e.record.status is GameStatus.PAUSED:
                return fail("The game is already paused.")
            gid = e.record.id
            try:
                await self.write.change(
                    e, lambda rev: self.games.store.pause_game(gid, expected_revision=rev)
                )
            except ConflictError:
                return fail(CHANGED.format("paused"))
            await self.games.load(channel_id)
        return Reply(
            f"⏸️ {self.games.fmt.mention(actor.user_id)} (moderator) paused the game: "
            + paused_means(self.games.fmt)
        )

    @refusing
    async def resume(self, channel_id: int, actor: Actor) -> Reply:
        async with self.games.lock(channel_id):
            e = await self._mod(channel_id, actor, "resumed")
            if e.record.status is not GameStatus.PAUSED:
                return fail("The game is not paused.")
            gid = e.record.id
            try:
                await self.write.change(
                    e, lambda rev: self.games.store.resume_game(gid, expected_revision=rev)
                )
            except ConflictError:
                return fail(CHANGED.format("resumed"))
            e2 = await self.games.load(channel_id)
            assert e2 is not None
            # a message of its own, below the pause notice: the decider is pinged anew
            reply = Reply(
                f"▶️ {self.games.fmt.mention(actor.user_id)} (moderator) resumed the game.\n",
                new_turn=True,
                keep_text=True,
            )
            await self.write.play_on(e2, reply)
            return reply

    @refusing
    async def end(self, channel_id: int, actor: Actor) -> Reply:
        """End the channel's game (a lobby too, or a game set aside): archived."""
        async with self.games.lock(channel_id):
            self._require_mod(actor, "end a game")
            rec = await self.games.store.active_game(channel_id)
            if rec is None:
                return fail("There is no game in this channel.")
            try:
                await self.games.store.abort_game(
                    rec.id, f"ended by moderator {actor.user_id}", expected_revision=rec.revision
                )
            except ConflictError:
                return fail(CHANGED.format("ended"))
            finally:
                self.games.drop(channel_id)
        return Reply(
            f"⏹️ {self.games.fmt.mention(actor.user_id)} (moderator) ended game #{rec.id}. "
            "It stays archived (board, log and export still work)."
        )

    @refusing
    async def replace(
        self, channel_id: int, actor: Actor, seat: int, new_user: int, name: str | None = None
    ) -> Reply:
        """Give ``seat`` (0-based) to ``new_user`` (BOT_USER: nobody, the bot plays it);
        ``name``: the new player's display name."""
        async with self.games.lock(channel_id):
            self._require_mod(actor, "replace or remove players")
            rec = await self.games.store.active_game(channel_id)
            if rec is None:
                return fail("There is no game in this channel.")
            if rec.status is GameStatus.LOBBY:
                return await self._replace_in_lobby(rec, actor, seat, new_user, name)
            e = await self._mod(channel_id, actor, "changed")
            if not 0 <= seat < len(e.seats):
                return fail(f"There is no seat {seat + 1}.")
            old = e.user(seat)
            if old == new_user:
                return fail(f"Seat {seat + 1} is already played by {self.games.fmt.mention(old)}.")
            gid = e.record.id
            try:
                await self.write.change(
                    e,
                    lambda rev: self.games.store.replace_player(
                        gid, seat, new_user, expected_revision=rev
                    ),
                )
            except LobbyError:
                return fail("That user already holds another seat in this game.")
            except ConflictError:
                return fail(CHANGED.format("changed"))
            e2 = await self.games.load(channel_id)
            assert e2 is not None
            if name and new_user != BOT_USER:
                self.games.names_seen.pop(new_user, None)
                await self.games.remember_name(new_user, name)
            who = (
                f"{e2.game.name(seat)} is now played by {self.games.fmt.mention(new_user)}"
                if new_user != BOT_USER
                else f"{e2.game.name(seat)} is now played by the bot ({self.bots.level})"
            )
            # a message of its own: the turn message's next edit would write over it
            reply = Reply(
                f"🔁 {self.games.fmt.mention(actor.user_id)} (moderator) "
                f"{'removed' if new_user == BOT_USER else 'replaced'} "
                f"{self.games.fmt.mention(old)}: {who}.\n",
                new_turn=True,
                keep_text=True,
            )
            await self.write.play_on(e2, reply)
            return reply

    async def _replace_in_lobby(
        self, rec: GameRecord, actor: Actor, seat: int, new_user: int, name: str | None
    ) -> Reply:
        """A lobby has seats but no engine game yet: only the seat changes."""
        seats = await self.games.store.get_seats(rec.id)
        if not 0 <= seat < len(seats):
            return fail(f"There is no seat {seat + 1} in the lobby ({len(seats)} joined).")
        old = seats[seat].user_id
        mod = self.games.fmt.mention(actor.user_id)
        if new_user == BOT_USER:
            return await self._remove_from_lobby(rec, mod, seats, seat)
        if old == new_user:
            return fail(f"{self.games.fmt.mention(old)} already holds seat {seat + 1}.")
        try:
            await self.games.store.replace_player(rec.id, seat, new_user)
        except LobbyError:
            return fail("That user is already in this lobby.")
        if name:  # the lobby line and, once started, the images name them
            self.games.names_seen.pop(new_user, None)
            await self.games.remember_name(new_user, name)
        seats = await self.games.store.get_seats(rec.id)
        return Reply(
            f"🔁 {mod} (moderator) gave lobby seat {seat + 1} ({self.games.fmt.mention(old)})"
            f" to {self.games.fmt.mention(new_user)}. {lobby_line(self.games.fmt, seats)}"
        )

    async def _remove_from_lobby(
        self, rec: GameRecord, mod: str, before: Sequence[Seat], seat: int
    ) -> Reply:
        """Seat ``seat`` (0-based) leaves the lobby, said as a player's leaving
        is (the lobby, who may start now, a lobby closed when nobody is left),
        with the seats that move up: the seat numbers a moderator types next
        are theirs now."""
        fmt = self.games.fmt
        old = before[seat].user_id
        seats = await self.games.store.leave_game(rec.id, old)
        text = f"{mod} (moderator) removed {fmt.mention(old)} from seat {seat + 1} of the lobby"
        if not seats:
            await self.games.store.abort_game(rec.id, "everyone left")
            return Reply(text + "; nobody is left, so the lobby is closed.")
        moved = [
            f"{seat_name(fmt, s)} {'is now ' if s.seat == seat else ''}seat {s.seat + 1}"
            for s in seats[seat:]
        ]
        if moved:
            text += "; the players after move up a seat: " + ", ".join(moved)
        text += ". " + lobby_line(fmt, seats)
        if old == Lobby.starter(rec, before):
            text += Lobby.may_start_now(fmt, rec, seats)
        return Reply(text)

    @refusing
    async def rollback(self, channel_id: int, actor: Actor) -> Reply:
        """Take back the last action of a seat someone holds, with the bot's
        moves for removed seats after it (the bot would only play them again:
        the game never waits on a seat nobody holds).

        A moderator who plays in the game may not take back an action that
        showed them a hidden card or a new draw or roll (the replay would show
        them the same again: they would know what comes); another moderator may.
        The notice says how many actions it takes back, and whose."""
        async with self.games.lock(channel_id):
            e = await self._mod(channel_id, actor, "rolled back")
            if e.version == 0:
                return fail("There is no action to roll back.")
            h = await self.games.store.read_history(e.record.id)
            actions = h.actions
            if h.base + len(actions) != e.version:
                self.games.drop(channel_id)
                return fail(CHANGED.format("rolled back"))
            lost = (
                f"moves 1-{h.base} were lost to damage and the game's record resumes after"
                f" move {h.base}: nothing can be rolled back before it"
            )
            if not actions:
                return fail(f"There is no action to roll back: {lost}.")
            bot_seats = {s.seat for s in e.seats if is_bot(s.user_id)}
            keep = len(actions) - 1  # an index into ``actions`` (they start after the base)

            def by_bot(i: int) -> bool:
                return actions[i].seat in bot_seats and actions[i].user_id is None

            while keep > 0 and by_bot(keep):
                keep -= 1
            if by_bot(keep):  # the bot would play every one of them again
                return fail(
                    "Every action left is the bot's, for seats nobody holds: "
                    "there is no player's action to roll back" + (f" ({lost})." if h.base else ".")
                )
            cut = actions[keep:]
            mine = e.seat_of(actor.user_id)
            if mine is not None:
                seen = await asyncio.to_thread(_shown_to, h.start, actions, keep, mine)
                if seen:
                    return fail(
                        f"You play in this game, and the action{'s' if len(cut) > 1 else ''} to "
                        f"roll back showed you {seen}: the replay would show you the same again. "
                        "Ask another moderator to roll it back."
                    )
            try:
                await self.write.truncate(e, h.base + keep, "rollback")
            except ConflictError:
                return fail(CHANGED.format("rolled back"))
            except Exception:
                log.exception("game %s: rollback failed", e.record.id)
                return fail("Rollback failed; the game is unchanged.")
            e2 = await self.games.load(channel_id)
            assert e2 is not None
            mod = self.games.fmt.mention(actor.user_id)
            reply = Reply(
                f"⏪ {mod} (moderator) rolled back {self._rolled_back(e2, cut, h.base + keep)}\n",
                new_turn=True,
                keep_text=True,
            )
            await self.write.play_on(e2, reply)  # back on a bot's decision: the bot plays on
            return reply

    def _rolled_back(self, e: Entry, cut: Sequence[ActionRecord], before: int) -> str:
        """What a rollback took back (``cut``: the actions after move ``before``),
        named by who *took* each one, not by who holds the seat now: after a
        removal the seat is the bot's, but the action taken back was the
        person's. When the bot now holds the seat of the decision taken back,
        it decides again at once: said before its moves follow."""
        n, head = len(cut), cut[0]
        span = f"#{before + 1}" + (f"-#{before + n}" if n > 1 else "")
        fmt = self.games.fmt
        seat = head.seat if head.seat is not None and 0 <= head.seat < len(e.seats) else None
        if seat is None:
            by = "a decision"
        else:
            now = e.user(seat)
            if head.user_id is None:
                taker = "the bot"
            elif head.user_id == now:
                taker = fmt.mention(now)
            elif now == BOT_USER:
                taker = f"{fmt.mention(head.user_id)}, since removed"
            elif is_bot(now):
                taker = f"{fmt.mention(head.user_id)}; the bot plays it now"
            else:
                taker = f"{fmt.mention(head.user_id)}, since replaced by {fmt.mention(now)}"
            by = f"a decision of {e.game.name(seat)} (taken by {taker})"
        text = f"{n} action{'s' if n != 1 else ''} ({span}): {by}"
        if n > 1:
            seats = sorted(
                {a.seat for a in cut[1:] if a.seat is not None and a.seat < len(e.seats)}
            )
            names = " and ".join(e.game.name(s) for s in seats)
            text += f", and the bot's {n - 1} move{'s' if n > 2 else ''} after it" + (
                f" (for {names})" if names else ""
            )
        text += "."
        d = e.game.decision
        if seat is not None and d is not None and d.seat == seat and is_bot(e.user(seat)):
            if e.record.status is GameStatus.PAUSED:
                text += f" The bot plays {e.game.name(seat)} now: it takes that decision again once the game is resumed."
            else:
                text += f" The bot plays {e.game.name(seat)} now, so it takes that decision again:"
        return text

    def _reseated(self, rec: GameRecord, reseated: dict[int, int]) -> str:
        """'Red (@Ann) seated again …': seats whose row was lost, given back."""
        fmt = self.games.fmt
        who = [
            f"{_seat_name(rec.options, seat)} ({fmt.mention(user) if user > 0 else 'the bot'})"
            for seat, user in sorted(reseated.items())
        ]
        return f"{' and '.join(who)} seated again as the log names them (the seat had no row)"

    @refusing
    async def repair(self, channel_id: int, actor: Actor, *, game_id: int | None = None) -> Reply:
        """Rebuild the channel's game (or game ``game_id``, a moderator's
        ``game:``: one that is over too) from its seed and the longest verified
        prefix of its log (storage ``repair_game``: damaged actions the digests
        vouch for are recovered, a later intact snapshot counts).

        For a game set aside after a failed check. Every verified action is
        kept; the ones cut are written to the bot's log by the store before it
        commits, never to the channel: they and the seed would reveal hidden
        cards. A damaged seed or options is refused (a backup or an export is
        the way back). Once the repair is stored, nothing here raises: a
        problem showing the game afterwards is logged and said in the reply.
        """
        async with self.games.lock(channel_id):
            self._require_mod(actor, "repair a game")
            if game_id is not None:
                try:
                    rec: GameRecord | None = await self.games.store.get_game(game_id)
                except NotFoundError:
                    rec = None
            else:
                rec = await self.games.store.active_game(channel_id)
            if rec is None or rec.status not in STARTED_STATUSES:
                return fail("There is no started game in this channel to repair.")
            if rec.started_at is None and rec.seed is None:  # a lobby ended: no seed, no log
                return fail(
                    f"Game #{rec.id} was ended before it started: it has no play to rebuild,"
                    " and nothing of it is damaged."
                )
            fault = await self.games.store.get_fault(rec.id)
            try:
                done = await self.games.store.repair_game(rec.id, expected_revision=rec.revision)
            except ConflictError:
                return fail(CHANGED.format("repaired"))
            except SeedDamagedError as exc:
                log.error("game %s cannot be repaired: %s", rec.id, exc)
                return fail(
                    f"Game #{rec.id} cannot be repaired: its seed or options are damaged, so"
                    " nothing can be rebuilt from them. It stays set aside; the way back is a"
                    f" backup of the database, or {command(self.games.fmt, 'mod import')} of an"
                    " export made before the damage."
                )
            except (CorruptGameError, NotFoundError) as exc:
                log.error("game %s cannot be rebuilt: %s", rec.id, exc)
                return fail(f"Game #{rec.id} cannot be rebuilt from its log (see the bot's log).")
            finally:
                self.games.drop(channel_id)
            # stored: from here on nothing may raise (the moderator must learn it worked)
            mod = self.games.fmt.mention(actor.user_id)
            text = f"🛠️ {mod} (moderator) rebuilt game #{rec.id} from its log: "
            text += f"{done.kept} action{'s' if done.kept != 1 else ''} kept"
            if done.archived:
                text += (
                    f"; damage before move {done.base} could not be undone, so it resumes from"
                    f" the intact snapshot after move {done.base}: moves 1-{done.base} leave its"
                    " record (their effect is in the snapshot; the bot's log keeps them)"
                )
            if done.reseated:
                text += "; " + self._reseated(rec, done.reseated)
            if done.recovered:
                n = len(done.recovered)
                text += f" ({n} damaged one{'s' if n != 1 else ''} recovered from the digests)"
            if done.dropped:
                text += (
                    f", {len(done.dropped)} cut from #{done.dropped[0].seq} on "
                    f"({public_reason(done.why or '')}; the bot's log keeps them)"
                )
            text += "."
            if fault is None:
                text += " (It had not failed a check.)"
            reply = Reply(text + "\n", new_turn=rec.is_active, keep_text=True)
            if not rec.is_active:  # over: nothing to show in the channel, replays see it
                return reply
            try:
                e = await self.games.load(channel_id)
                if e is not None:
                    await self.write.play_on(e, reply, render=True)
            except Exception as exc:  # stored already: say so, never raise
                log.exception("game %s: repaired, but showing it failed", rec.id)
                reply.text += (
                    f"(Showing the game failed: {type(exc).__name__}; see the bot's log.)\n"
                )
            return reply


def _seat_name(options: dict[str, Any], seat: int) -> str:
    colours = options.get("colours")
    if isinstance(colours, list) and 0 <= seat < len(colours) and colours[seat]:
        return str(colours[seat]).title()
    return f"seat {seat + 1}"


def _shown_to(g: Game, actions: Sequence[ActionRecord], keep: int, seat: int) -> str | None:
    """What the actions after the first ``keep`` (played from ``g``, where the
    record starts) showed ``seat`` that was hidden before (a card only they
    saw, or a public draw or roll), or None."""
    for a in actions[:keep]:
        g.apply(Action.from_json(a.action))
    seen: str | None = None
    for a in actions[keep:]:
        for ev in g.apply(Action.from_json(a.action)):
            if ev.private is not None and ev.seat == seat:
                return "a hidden card"
            if ev.private is None and ev.kind in REVEALING:
                seen = "a new draw or roll"
    return seen
