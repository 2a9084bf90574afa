"""The real :class:`BlackAngelBot` on SimCord's simulated Discord.

SimCord (``simcord[pytest]``) runs discord.py's own gateway dispatch, command
tree, views, permission checks and interaction rules (double acknowledgement,
ephemeral visibility, unsynced commands) against an in-memory Discord. Nothing
of the bot is mocked: it opens its SQLite file, syncs its commands, posts and
edits messages through discord.py. This module arranges a server and drives
the bot the way people click.

Use the ``world`` fixture (``tests/bot/conftest.py``)::

    async def test_something(world: World) -> None:
        alice, bob = world.players(2)
        await world.slash(alice, "ba new", players=2)
        await world.slash(bob, "ba join")
        r = await world.slash(alice, "ba start")
        assert r.ephemeral                      # "✔ Done." only to alice
        msg = world.turn_message()              # the public message with the buttons
        await world.restart()                   # a new bot process on the same file
        r = await world.click(bob, msg, label="My hand / board")

What the world holds (all made by SimCord builders, so real permissions apply):

- ``guild`` and its ``channel`` ``#games`` (``world.new_channel`` makes more,
  with overwrites);
- members made on demand by name: ``world.member("alice")``; ``world.players(n)``
  gives the first n of alice, bob, carol, dave; ``world.bystander`` (eve) is
  in the server but never plays;
- ``world.admin``: a role with Manage Server and Manage Channels (the server's admins);
  ``world.mod_role``: a role with no permission, for ``/ba-server modrole``;
- ``world.me``: the bot's own member, to take a permission from it with a
  channel overwrite; ``await world.allow_command("ba-mod", {member: True})``
  does what an admin does in Server Settings → Integrations.

Commands: ``/ba …`` for players, ``/ba-mod …`` (Manage Channels by default)
and ``/ba-server …`` (Manage Server) — ``world.slash(member, "ba-mod end")``.
A member cannot run a command Discord hides from them: SimCord raises
``SetupError``, as the client would not offer it.

Every interaction the helpers drive is recorded in ``world.results``;
:meth:`World.check` asserts each was acknowledged and nothing went wrong: no
error swallowed by discord.py (SimCord re-raises those at teardown anyway) and
no ERROR logged by the bot's own ``bot.*``/``storage.*`` loggers (the bot
catches and logs its own failures, so SimCord cannot see them). The ``world``
fixture calls ``check()`` at teardown; a test that provokes errors on purpose
takes them with :meth:`World.expect_logged_errors` (logged by the bot) or
:meth:`World.expect_swallowed` (caught by discord.py).

Results: :func:`assert_private` (answered only to its user, from the first
byte), :func:`text`, :func:`public_messages`; ``world.public()`` and
``world.seen_by(member)`` are the channel as everyone / as one member sees it.
Playing: ``tests/bot/simplay.py`` (``lobby``, ``step``, ``play_out``).

Time: the bot reads ``discord.utils.utcnow()`` (see ``bot.client.discord_clock``),
which SimCord's virtual clock drives, so ``await world.advance(minutes=...)``
fires reminders, turn timeouts and lobby lifetimes with no real waiting (the
test config checks every 30 virtual minutes). ``inject_error`` and everything
else of ``world.env`` (a :class:`simcord.Env`) are there too.

Finding things on messages: custom ids (see ``bot/views.py``) are the stable
interface, not labels: ``ba:o:`` option buttons, ``ba:s:`` option selects,
``ba:pg:`` pages, ``ba:t:<tool>:`` tools (choices, hand, board, undo).
"""

from __future__ import annotations

import asyncio
import logging
import os
import re
import signal
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import discord
import simcord
from simcord import ChannelHandle, GuildHandle, InteractionResult, MemberActor, RoleHandle
from simcord.results import to_discord_message

from bot.client import BlackAngelBot, close_on_signals
from bot.config import Config

PLAYER_NAMES = ("alice", "bob", "carol", "dave")
BYSTANDER = "eve"

Message = discord.Message | simcord.ResponseMessage


def make_config(db: str, **kw: Any) -> Config:
    """The bot's settings for a test: no token (SimCord logs in), ``db`` for storage."""
    base: dict[str, Any] = {
        "token": None,
        "db_path": db,
        "log_level": "INFO",
        "test_guild_id": None,
        "reminder_minutes": 12 * 60,
        "max_reminders": 3,
        # the bot checks reminders, timeouts and lobbies every 30 virtual minutes
        # (60 s in production): each check costs ~50 ms of real time under
        # SimCord, so days of virtual time stay cheap to simulate
        "tick_seconds": 1800.0,
        # the instance lease is renewed every third of it: rarely, for the same reason
        "lease_seconds": 24 * 3600.0,
    }
    base.update(kw)
    return Config(**base)


class SeedCounter:
    """Deterministic game seeds (each new game takes the next): a test replays."""

    def __init__(self, first: int = 1) -> None:
        self.next = first

    def __call__(self) -> int:
        seed, self.next = self.next, self.next + 1
        return seed


class ErrorLog(logging.Handler):
    """Collects ERROR records from the bot's and storage's loggers."""

    def __init__(self) -> None:
        super().__init__(level=logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.name.split(".")[0] in ("bot", "storage"):
            self.records.append(record)


def make_bot(cfg: Config, seeds: SeedCounter) -> BlackAngelBot:
    return BlackAngelBot(cfg, seed_source=seeds)


@dataclass
class World:
    """A server with the bot in it; see the module docstring."""

    env: simcord.Env
    cfg: Config
    seeds: SeedCounter
    errors: ErrorLog
    guild: GuildHandle = field(init=False)
    channel: ChannelHandle = field(init=False)
    admin: RoleHandle = field(init=False)
    mod_role: RoleHandle = field(init=False)
    results: list[InteractionResult] = field(default_factory=list)
    restarts: int = 0
    _errors_taken: int = 0
    _members: dict[str, MemberActor] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.guild = self.env.create_guild("Black Angel Club")
        # #games keeps its games in the channel: the bot may not create threads
        # there (new games open in a thread of their own wherever it may; the
        # thread tests make such channels with ``thread_channel``).
        no_threads = discord.PermissionOverwrite(create_public_threads=False)
        self.channel = self.guild.create_text_channel(
            "games", overwrites={self.env.bot.user: no_threads}
        )
        self.admin = self.guild.create_role(
            "Admins", permissions=discord.Permissions(manage_guild=True, manage_channels=True)
        )
        self.mod_role = self.guild.create_role("Game mods")

    # ------------------------------------------------------------------ the bot

    @property
    def bot(self) -> BlackAngelBot:
        bot = self.env.bot
        assert isinstance(bot, BlackAngelBot)
        return bot

    async def restart(self) -> None:
        """Stop the bot as a deploy would (``close()``: log out, close the store)
        and start a fresh ``BlackAngelBot`` process on the same database, while
        the simulated Discord (messages, buttons, commands) stays as it was."""
        old = self.bot
        await old.close()
        assert old.store is None, "close() leaves the store closed"
        await self.env.restart_bot(make_bot(self.cfg, self.seeds))
        self.restarts += 1

    async def signal_the_process(self, sig: signal.Signals) -> None:
        """Send this process ``sig`` with the bot's own handlers installed
        (``close_on_signals``, as ``python -m bot`` does), and wait until the
        bot has closed (its store too), then take the handlers off again."""
        bot = self.bot
        loop = asyncio.get_running_loop()
        handled = close_on_signals(bot)
        try:
            assert sig in handled
            os.kill(os.getpid(), sig)
            for _ in range(500):  # the signal arrives, then close() runs: up to ~5 s
                if bot.is_closed() and bot.store is None:
                    break
                await asyncio.sleep(0.01)
        finally:
            for handled_sig in handled:
                loop.remove_signal_handler(handled_sig)

    async def advance(self, *, minutes: float = 0, hours: float = 0) -> None:
        """Let time pass (virtual): reminders, timeouts and lobby lifetimes that
        fall due fire. Moves in steps of at most 6 hours (each step must settle
        within SimCord's settle timeout)."""
        left = minutes * 60 + hours * 3600
        while left > 0:
            chunk = min(left, 6 * 3600)
            await self.env.advance_time(chunk)
            left -= chunk

    # ------------------------------------------------------------------ people

    def member(
        self, name: str, *, roles: Sequence[RoleHandle] = (), display: str | None = None
    ) -> MemberActor:
        """The member called ``name`` (made on first use; its display name is
        ``display`` or the name capitalised)."""
        if name not in self._members:
            user = self.env.create_user(name, global_name=display or name.capitalize())
            self._members[name] = self.guild.add_member(user, roles=list(roles))
        return self._members[name]

    def players(self, n: int) -> list[MemberActor]:
        return [self.member(name) for name in PLAYER_NAMES[:n]]

    def by_id(self, user_id: int) -> MemberActor:
        """The member with this user id (one made by :meth:`member`)."""
        for m in self._members.values():
            if m.id == user_id:
                return m
        raise KeyError(user_id)

    @property
    def bystander(self) -> MemberActor:
        return self.member(BYSTANDER)

    def new_channel(
        self, name: str, overwrites: dict[Any, discord.PermissionOverwrite] | None = None
    ) -> ChannelHandle:
        """Another text channel; ``overwrites`` keys may be roles, members, or
        ``world.me`` (the bot's own member) to take permissions from the bot.
        Like ``#games``, its games stay in it: the bot may not create threads
        there unless the overwrites say so (``thread_channel`` makes one where
        it may)."""
        given = dict(overwrites or {})
        bot_ids = {self.env.bot.user.id}
        mine = [k for k in given if getattr(k, "id", None) in bot_ids]
        if mine:
            ow = given[mine[0]]
            if ow.create_public_threads is None:
                allow, deny = ow.pair()
                ow = discord.PermissionOverwrite.from_pair(allow, deny)
                ow.create_public_threads = False
                given[mine[0]] = ow
        else:
            given[self.env.bot.user] = discord.PermissionOverwrite(create_public_threads=False)
        return self.guild.create_text_channel(name, overwrites=given)

    def thread_channel(self, name: str = "tables") -> ChannelHandle:
        """A channel where the bot may create threads (new games open in one)."""
        return self.guild.create_text_channel(name)

    def threads(self, channel: ChannelHandle | None = None) -> list[ChannelHandle]:
        """The threads of ``channel`` (default ``#games``), oldest first."""
        return sorted((channel or self.channel).threads, key=lambda t: t.id)

    @property
    def me(self) -> discord.Member:
        """The bot's member in the guild (an overwrite target)."""
        me = self.guild.me
        assert me is not None
        return me

    # ------------------------------------------------------------------ acting

    def _record(self, result: InteractionResult) -> InteractionResult:
        self.results.append(result)
        return result

    async def slash(
        self,
        member: MemberActor,
        name: str,
        channel: ChannelHandle | None = None,
        /,
        **options: Any,
    ) -> InteractionResult:
        """Run ``/name`` (e.g. ``"ba join"``, ``"ba-mod end"``) as ``member`` in
        ``channel`` (default #games) with the command's ``options``."""
        return self._record(await member.slash(channel or self.channel, name, **options))

    async def click(
        self,
        who: MemberActor,
        message: Message,
        *,
        label: str | None = None,
        custom_id: str | None = None,
    ) -> InteractionResult:
        """Click a button by label or custom id (``SetupError`` if ``who`` could not)."""
        return self._record(await who.click(message, label=label, custom_id=custom_id))

    async def select(
        self, who: MemberActor, message: Message, value: str, *, custom_id: str
    ) -> InteractionResult:
        """Choose ``value`` in the select menu ``custom_id`` of ``message``."""
        return self._record(await who.select(message, [value], custom_id=custom_id))

    async def allow_command(self, name: str, targets: dict[Any, bool]) -> None:
        """What a server admin does in Server Settings → Integrations: show (True)
        or hide (False) the top-level command ``name`` for members, roles or
        channels, whatever its default permissions say."""
        synced = await self.bot.tree.fetch_commands()
        command = next(c for c in synced if c.name == name)
        self.guild.set_command_permissions(command, targets)

    # ------------------------------------------------------------------ looking

    def history(
        self, channel: ChannelHandle | None = None, viewer: MemberActor | None = None
    ) -> list[discord.Message]:
        """Messages of ``channel``, oldest first; with ``viewer`` only what that
        member's client shows (others' ephemeral messages hidden)."""
        return (channel or self.channel).history(viewer=viewer)

    def public(self, channel: ChannelHandle | None = None) -> list[discord.Message]:
        """The messages everyone in the channel sees (no ephemeral ones)."""
        return [m for m in self.history(channel) if not m.flags.ephemeral]

    def public_text(self, channel: ChannelHandle | None = None) -> str:
        return "\n".join(m.content for m in self.public(channel))

    def seen_by(self, viewer: MemberActor, channel: ChannelHandle | None = None) -> str:
        """All text ``viewer`` can read in the channel, their private replies included."""
        return "\n".join(m.content for m in self.history(channel, viewer))

    def turn_message(self, channel: ChannelHandle | None = None) -> discord.Message:
        """The newest public bot message with game components (options or tools).

        The last of :meth:`public` that has them, looked for from the newest
        message back: only the messages passed are made ``discord.Message``
        objects (a deep copy each), not the whole channel at every click."""
        stored = self.env.backend.messages.get((channel or self.channel).id, {})
        for raw in sorted(stored.values(), key=lambda m: m.id, reverse=True):
            if not raw.visible_to(None):  # what history() leaves out
                continue
            m = to_discord_message(self.env, raw)
            if not m.flags.ephemeral and custom_ids(m):
                return m
        raise AssertionError("no message with game buttons in the channel")

    # ------------------------------------------------------------------ checking

    def expect_logged_errors(self) -> list[logging.LogRecord]:
        """Take (and clear) the ERROR records logged so far, for a test that
        provokes one on purpose."""
        taken, self.errors.records[:] = list(self.errors.records), []
        return taken

    def expect_swallowed(self) -> list[BaseException]:
        """Take the exceptions discord.py caught (SimCord records them) since the
        last call, for a test that provokes one on purpose."""
        taken = list(self.env.errors_since(self._errors_taken))
        self._errors_taken = self.env.error_cursor
        self.env.errors  # noqa: B018 - reading them acknowledges them for SimCord's teardown
        return taken

    def check(self) -> None:
        """Every interaction acknowledged; no error swallowed or logged."""
        unanswered = [r for r in self.results if not r.acknowledged]
        assert not unanswered, unanswered[:3]
        swallowed = self.env.errors_since(self._errors_taken)
        assert not swallowed, swallowed
        logged = [f"{r.name}: {r.getMessage()}" for r in self.errors.records]
        assert not logged, logged


# ---------------------------------------------------------------------- results


def texts(result: InteractionResult) -> list[str]:
    """The text of the response and every follow-up of an interaction."""
    out = [result.response.content] if result.response is not None else []
    return out + [f.content for f in result.followups]


def text(result: InteractionResult) -> str:
    return "\n".join(texts(result))


def private_messages(result: InteractionResult) -> list[simcord.ResponseMessage]:
    msgs = [result.response] if result.response is not None else []
    return [m for m in msgs + result.followups if m.ephemeral]


def public_messages(result: InteractionResult) -> list[simcord.ResponseMessage]:
    msgs = [result.response] if result.response is not None else []
    return [m for m in msgs + result.followups if not m.ephemeral]


def assert_private(result: InteractionResult) -> str:
    """The interaction answered only its user (ephemeral from the first byte)
    and said something: returns the text."""
    assert result.acknowledged
    assert result.ephemeral, f"not ephemeral: {texts(result)}"
    assert not public_messages(result), [m.content for m in public_messages(result)]
    said = text(result)
    assert said.strip(), "empty answer"
    return said


# ---------------------------------------------------------------------- components


def _walk(components: Iterable[Any]) -> Iterable[dict[str, Any]]:
    for c in components:
        d = c.to_dict() if hasattr(c, "to_dict") else c
        yield d
        yield from _walk(d.get("components") or [])


def components(message: Message) -> list[dict[str, Any]]:
    """Every component of a message as Discord's JSON (buttons, selects, ...)."""
    return [c for c in _walk(message.components) if c.get("type") != 1]


def custom_ids(message: Message, prefix: str = "ba:") -> list[str]:
    return [
        c["custom_id"] for c in components(message) if c.get("custom_id", "").startswith(prefix)
    ]


def tool_id(message: Message, tool: str) -> str | None:
    """The custom id of a tool button (``choices``, ``hand``, ``board``, ``undo``)."""
    for cid in custom_ids(message, f"ba:t:{tool}:"):
        return cid
    return None


@dataclass(frozen=True)
class Choice:
    """One option a message offers: a button to click or a value in a select."""

    option: str  # the engine's option id
    label: str
    custom_id: str  # the button's, or the select's
    in_select: bool


def choices(message: Message) -> list[Choice]:
    """The decision options on a message (buttons ``ba:o:``, selects ``ba:s:``)."""
    out: list[Choice] = []
    for c in components(message):
        cid = c.get("custom_id", "")
        if cid.startswith("ba:o:"):
            out.append(Choice(cid.split(":", 4)[4], c.get("label", ""), cid, False))
        elif cid.startswith("ba:s:"):
            for o in c.get("options") or []:
                out.append(Choice(o["value"], o.get("label", ""), cid, True))
    return out


async def choose(
    world: World, who: MemberActor, message: Message, pick: Choice
) -> InteractionResult:
    if pick.in_select:
        return await world.select(who, message, pick.option, custom_id=pick.custom_id)
    return await world.click(who, message, custom_id=pick.custom_id)


MENTION = re.compile(r"<@!?(\d+)>")


def decider(message: Message) -> int | None:
    """The user id the turn message says must decide: the mention on its last
    ``➡️`` line (the prompt line)."""
    lines = [ln for ln in message.content.splitlines() if ln.startswith("➡️")]
    if not lines:
        return None
    found = MENTION.findall(lines[-1])
    return int(found[0]) if found else None
