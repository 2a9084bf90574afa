"""Creating a game, joining and leaving its lobby, starting it."""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Callable, Sequence

import engine
from bot.limits import check_timeout_hours, hours_text
from bot.service.format import Fmt, command, lobby_msg
from bot.service.games import LiveGames
from bot.service.helpers import (
    assign_colours,
    options_json,
    parse_colour,
)
from bot.service.model import (
    BOT_LEVELS,
    Actor,
    Reply,
    ServiceError,
    bot_user,
    fail,
    refusing,
    seat_colour,
)
from bot.service.write import WritePath
from engine import EngineError, Game
from engine.components.hal import DIFFICULTY_VP
from storage import (
    ChannelBusyError,
    GameRecord,
    GameStatus,
    LobbyError,
    NotFoundError,
    Seat,
    StorageError,
    new_seed,
)

log = logging.getLogger(__name__)

DAY = 24 * 3600
DEFAULT_LOBBY_DAYS = 7


class Lobby:
    """Creating a game, joining and leaving its lobby, cancelling it, starting it.

    ``seed_source``: where a started game's seed comes from (tests fix it)."""

    def __init__(
        self, games: LiveGames, write: WritePath, *, seed_source: Callable[[], int] = new_seed
    ) -> None:
        self.games = games
        self.write = write
        self.seed_source = seed_source

    async def check_new(
        self,
        actor: Actor,
        players: int = 2,
        *,
        guild_id: int | None = None,
        advanced: bool = False,
        difficulty: str | None = None,
        order: str = "random",
        bots: int = 0,
        bot_level: str = "simple",
        timeout_hours: int | None = None,
    ) -> Reply | None:
        """Why this game cannot be created (a refusal), or None: asked before a
        front end makes a thread for it, and by :meth:`create`."""
        if guild_id is not None and not actor.moderator:
            gs = await self.games.store.get_guild_settings(guild_id)
            if gs.start_policy == "moderators":
                return fail("Only moderators may create games on this server.")
        if not 1 <= players <= 4:
            return fail("A game has 1 to 4 players.")
        if order not in ("random", "lobby"):
            return fail("Seat order is `random` or `lobby`.")
        if players > 1 and difficulty:
            return fail(
                "Hal's difficulty is for solo games only (1 player); "
                "a game of 2 to 4 players has none."
            )
        if difficulty is not None and difficulty not in DIFFICULTY_VP:
            return fail(f"Hal's difficulty is one of: {', '.join(DIFFICULTY_VP)}.")
        if bots and players == 1:
            return fail("A solo game is against Hal; bot seats are for 2-4 players.")
        if not 0 <= bots < players and players > 1:
            return fail(
                f"A {players}-player game has room for 0 to {players - 1} bots besides you."
            )
        if bot_level not in BOT_LEVELS:
            return fail(f"Bot level: {' or '.join(BOT_LEVELS)}.")
        if timeout_hours is not None and (why := check_timeout_hours(timeout_hours)):
            return fail(why)
        opts = options_json(players, advanced, difficulty or ("standard" if players == 1 else None))
        try:  # ask the engine now, so nobody waits in a lobby that cannot start
            Game.new(engine.options_from_json(opts), 0)
        except EngineError as exc:
            return fail(f"That game cannot be set up: {exc}")
        return None

    @refusing
    async def create(
        self,
        channel_id: int,
        actor: Actor,
        players: int = 2,
        *,
        guild_id: int | None = None,
        advanced: bool = False,
        difficulty: str | None = None,
        order: str = "random",
        bots: int = 0,
        bot_level: str = "simple",
        timeout_hours: int | None = None,
    ) -> Reply:
        """Open a lobby; ``bots`` seats are taken by bot players of ``bot_level``
        (so one person can start a 3-player game against two bots).
        ``timeout_hours``: the game's turn timeout (0 or None: the server's)."""
        refused = await self.check_new(
            actor,
            players,
            guild_id=guild_id,
            advanced=advanced,
            difficulty=difficulty,
            order=order,
            bots=bots,
            bot_level=bot_level,
            timeout_hours=timeout_hours,
        )
        if refused is not None:
            return refused
        if players == 1 and not difficulty:
            difficulty = "standard"
        opts = options_json(players, advanced, difficulty)
        # The lobby, its creator's seat, the bot seats and the seat order in one
        # transaction: a crash leaves all of it or nothing (never a lobby nobody can start).
        seats = [(actor.user_id, actor.name)] + [
            (bot_user(bot_level, i), None) for i in range(bots)
        ]
        # Every game has its turn timeout from the start, shown in the lobby.
        timeout = timeout_hours * 60 if timeout_hours else await self.games.server_timeout(guild_id)
        async with self.games.lock(channel_id):
            try:
                rec = await self.games.store.create_game(
                    channel_id,
                    guild_id=guild_id,
                    created_by=actor.user_id,
                    options=opts,
                    seats=seats,
                    seat_order="lobby" if order == "lobby" else "random",
                    timeout_minutes=timeout,
                )
            except ChannelBusyError:
                return fail("This channel already has a game. Use a thread or another channel.")
        kind = "advanced" if advanced else "basic"
        days = await self.lobby_days(guild_id)
        closes = self.games.fmt.when(rec.created_at + days * DAY)
        waits = f"A turn waits at most {hours_text(timeout)}, then the bot plays it. "
        if players == 1:
            assert difficulty is not None
            return Reply(
                f"🚀 New solo Black Angel game against Hal ({difficulty}: he starts on "
                f"{DIFFICULTY_VP[difficulty]} VP; {kind} rules) created by "
                f"{self.games.fmt.mention(actor.user_id)}, who starts it with "
                f"{command(self.games.fmt, 'start')} (or cancels it with {command(self.games.fmt, 'cancel')}). "
                f"{waits}If it has not started, the lobby closes {closes}."
            )
        with_bots = (
            f" with {bots} bot player{'s' if bots > 1 else ''} ({bot_level})" if bots else ""
        )
        join = "" if bots + 1 == players else f"Join with {command(self.games.fmt, 'join')}; "
        return Reply(
            f"🚀 New {players}-player Black Angel game ({kind} rules, {order} seat order){with_bots} "
            f"created by {self.games.fmt.mention(actor.user_id)}. {join}"
            f"{self.games.fmt.mention(actor.user_id)} starts it with {command(self.games.fmt, 'start')} "
            f"(or cancels it with {command(self.games.fmt, 'cancel')}). "
            f"{waits}If it has not started, the lobby closes {closes}."
        )

    async def lobby_days(self, guild_id: int | None) -> int:
        """How long a lobby may wait to start: the server's setting, else the default."""
        if guild_id is None:
            return DEFAULT_LOBBY_DAYS
        gs = await self.games.store.get_guild_settings(guild_id)
        return gs.lobby_days or DEFAULT_LOBBY_DAYS

    @staticmethod
    def starter(rec: GameRecord, seats: Sequence[Seat]) -> int | None:
        """Who may start (or cancel) a lobby: its creator while seated, else the
        first seated player (moderators always may)."""
        users = [s.user_id for s in seats]
        if rec.created_by in users:
            return rec.created_by
        return users[0] if users else None

    @staticmethod
    def may_start_now(fmt: Fmt, rec: GameRecord, seats: Sequence[Seat]) -> str:
        """The line naming who may start the lobby once its starter has left
        it ('' when nobody is left)."""
        nxt = Lobby.starter(rec, seats)
        if nxt is None:
            return ""
        return f"\n{fmt.mention(nxt)} may now start the game ({command(fmt, 'start')})."

    async def cancel(self, channel_id: int, actor: Actor) -> Reply:
        """Close the lobby without playing (its starter or a moderator)."""
        async with self.games.lock(channel_id):
            try:
                rec = await self._lobby(channel_id)
            except ServiceError as exc:
                return fail(str(exc))
            seats = await self.games.store.get_seats(rec.id)
            if actor.user_id != self.starter(rec, seats) and not actor.moderator:
                return fail("Only the player who created the game (or a moderator) can cancel it.")
            await self.games.store.abort_game(rec.id, f"cancelled by {actor.user_id}")
        return Reply(
            f"✖️ {self.games.fmt.mention(actor.user_id)} cancelled the lobby (game #{rec.id})."
        )

    async def expire_lobbies(self, now: float) -> list[Reply]:
        """Close the lobbies older than their server's lobby lifetime; notices to post."""
        out: list[Reply] = []
        for rec in await self.games.store.list_games([GameStatus.LOBBY]):
            days = await self.lobby_days(rec.guild_id)
            if now - rec.created_at < days * DAY:
                continue
            async with self.games.lock(rec.channel_id):
                current = await self.games.store.active_game(rec.channel_id)
                if (
                    current is None
                    or current.id != rec.id
                    or current.status is not GameStatus.LOBBY
                ):
                    continue
                await self.games.store.abort_game(rec.id, f"lobby expired after {days} day(s)")
            out.append(
                Reply(
                    f"⌛ The lobby of game #{rec.id} did not start within {days} day{'s' if days != 1 else ''} and is "
                    f"closed. Create a new one with {command(self.games.fmt, 'new')}.",
                    channel_id=rec.channel_id,
                )
            )
        return out

    async def _lobby(self, channel_id: int) -> GameRecord:
        rec = await self.games.store.active_game(channel_id)
        if rec is None:
            raise ServiceError(
                f"There is no game in this channel. Create one with {command(self.games.fmt, 'new')}."
            )
        if rec.status is not GameStatus.LOBBY:
            raise ServiceError("The game here has already started.")
        return rec

    @refusing
    async def join(self, channel_id: int, actor: Actor, colour: str | None = None) -> Reply:
        async with self.games.lock(channel_id):
            try:
                rec = await self._lobby(channel_id)
                colour = parse_colour(colour)
                players = int(rec.options.get("players", 2))
                await self.games.store.join_game(
                    rec.id,
                    actor.user_id,
                    colour=colour,
                    max_seats=players,
                    display_name=actor.name,
                )
                seats = await self.games.store.get_seats(rec.id)
            except ServiceError as exc:
                return fail(str(exc))
            except LobbyError as exc:
                return fail(lobby_msg(exc))
        return Reply(
            f"{self.games.fmt.mention(actor.user_id)} joins ({len(seats)}/{players}). "
            + self._lobby_line(seats)
        )

    @refusing
    async def leave(self, channel_id: int, actor: Actor) -> Reply:
        async with self.games.lock(channel_id):
            try:
                rec = await self._lobby(channel_id)
                before = await self.games.store.get_seats(rec.id)
                seats = await self.games.store.leave_game(rec.id, actor.user_id)
            except ServiceError as exc:
                return fail(str(exc))
            except NotFoundError:
                return fail("You are not in this lobby.")
            if not seats:
                await self.games.store.abort_game(rec.id, "everyone left")
                return Reply(
                    f"{self.games.fmt.mention(actor.user_id)} leaves; the lobby is closed."
                )
        text = f"{self.games.fmt.mention(actor.user_id)} leaves. " + self._lobby_line(seats)
        if actor.user_id == self.starter(rec, before):
            text += self.may_start_now(self.games.fmt, rec, seats)
        return Reply(text)

    @refusing
    async def colour(self, channel_id: int, actor: Actor, colour: str | None) -> Reply:
        async with self.games.lock(channel_id):
            try:
                rec = await self._lobby(channel_id)
                seat = await self.games.store.set_colour(
                    rec.id, actor.user_id, parse_colour(colour)
                )
            except ServiceError as exc:
                return fail(str(exc))
            except NotFoundError:
                return fail("Join the lobby first.")
            except LobbyError as exc:
                return fail(lobby_msg(exc))
        return Reply(
            f"{self.games.fmt.mention(actor.user_id)} would like {seat.colour or 'any colour'}."
        )

    def _lobby_line(self, seats: Sequence[Seat]) -> str:
        return lobby_line(self.games.fmt, seats)

    @refusing
    async def start(
        self,
        channel_id: int,
        actor: Actor,
        *,
        seed: int | None = None,
        order: str | None = None,
    ) -> Reply:
        async with self.games.lock(channel_id):
            try:
                rec = await self._lobby(channel_id)
            except ServiceError as exc:
                return fail(str(exc))
            seats = await self.games.store.get_seats(rec.id)
            if actor.user_id != self.starter(rec, seats) and not actor.moderator:
                return fail(
                    "Only the player who created the game (or, if they left, the first "
                    "seated player; or a moderator) can start it."
                )
            opts = rec.options
            wanted = int(opts.get("players", 2))
            if len(seats) != wanted:
                return fail(
                    f"This is a {wanted}-player game and {len(seats)} joined. "
                    f"Wait for more players ({command(self.games.fmt, 'join')}), or"
                    f" {command(self.games.fmt, 'cancel')} this lobby and"
                    f" {command(self.games.fmt, 'new')} one with the right count."
                )
            seed = self.seed_source() if seed is None else seed
            order = order or (await self.games.store.get_game_settings(rec.id)).seat_order
            users = [s.user_id for s in seats]
            if order == "random":
                random.Random(seed).shuffle(users)
            wishes = {s.user_id: s.colour for s in seats}
            colours = assign_colours(users, wishes)
            # the engine honours the colours and replays need them; a game plays the rules
            # current when it starts, even from a lobby opened before a deploy
            final = dict(opts, colours=colours, rules_version=engine.RULES_VERSION)
            try:
                game = await asyncio.to_thread(Game.new, engine.options_from_json(final), seed)
                await self.games.store.start_game(
                    rec.id,
                    seed,
                    order=users,
                    colours=colours,
                    options=final,
                    snapshot=game.to_json(),
                )
            except (StorageError, EngineError) as exc:
                log.exception("game %s: start failed", rec.id)
                return fail(f"The game could not start: {exc}")
            e = await self.games.reload(channel_id)
            assert e is not None
            lines = [
                f"🎲 The game starts ({'random' if order == 'random' else 'lobby'} seat order):",
                *(f"{i + 1}. {self.games.who(e, i)}" for i in range(len(users))),
            ]
            reply = Reply("\n".join(lines), new_turn=True)
            await self.write.play_on(e, reply, render=True)
            return reply


def seat_name(fmt: Fmt, seat: Seat) -> str:
    """A lobby seat's player as the lobby line names them."""
    return seat.display_name or fmt.name(seat.user_id)


def lobby_line(fmt: Fmt, seats: Sequence[Seat]) -> str:
    """ "Lobby: Alice, Bob (Red)": the seated players in seat order, with the
    colour each would like, written as the game writes a seat's colour."""
    return "Lobby: " + ", ".join(seat_name(fmt, s) + seat_colour(s) for s in seats)
