"""A Discord stand-in for the bot tests: only the network is mocked.

Interactions are ``MagicMock(spec=discord.Interaction)`` with ``AsyncMock``
response/followup; channels and messages are small fakes that record what
was posted publicly and what was sent ephemerally, so tests can assert that
hidden information never reaches a public message.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any
from unittest.mock import AsyncMock, MagicMock

import discord

from bot.cogs.game import GameCog
from bot.cogs.moderation import ModerationCog
from bot.cogs.server import ServerCog
from bot.frontend import DiscordFmt, Frontend
from bot.service import GameService
from bot.views import DYNAMIC_ITEMS, OptionButton, OptionSelect, ToolButton
from storage import Store

_ids = itertools.count(10_000)


class FakeClock:
    def __init__(self, t: float = 1_800_000_000.0) -> None:
        self.t = t

    def __call__(self) -> float:
        return self.t

    def advance(self, minutes: float) -> None:
        self.t += minutes * 60


@dataclass
class Posted:
    content: str
    view: Any = None
    files: list[str] = field(default_factory=list)
    ephemeral: bool = False
    mentions: Any = None


class FakeMessage:
    def __init__(self, channel: FakeChannel, content: str, view: Any, ephemeral: bool = False):
        self.id = next(_ids)
        self.channel = channel
        self.content = content
        self.view = view
        self.flags = SimpleNamespace(ephemeral=ephemeral)
        self.edits = 0

    async def edit(self, **kw: Any) -> FakeMessage:
        self.edits += 1
        if "content" in kw:
            self.content = kw["content"]
            self.channel.public.append(Posted(kw["content"], kw.get("view")))
        if "view" in kw:
            self.view = kw["view"]
        return self


class FakeChannel:
    def __init__(self, cid: int) -> None:
        self.id = cid
        self.messages: list[FakeMessage] = []
        self.public: list[Posted] = []

    async def send(self, content: str = "", **kw: Any) -> FakeMessage:
        files = [kw["file"].filename] if kw.get("file") is not None else []
        self.public.append(
            Posted(content, kw.get("view"), files, mentions=kw.get("allowed_mentions"))
        )
        msg = FakeMessage(self, content, kw.get("view"))
        self.messages.append(msg)
        return msg


class Harness:
    """Store + service + frontend + cog on one SQLite file, with fake channels."""

    def __init__(self, db: str, *, render: bool = True, clock: FakeClock | None = None) -> None:
        self.db = db
        self.render = render
        self.clock = clock or FakeClock()
        self.channels: dict[int, FakeChannel] = {}
        self.ephemeral: list[Posted] = []  # everything any user saw privately
        self.followup_public: list[Posted] = []

    async def open(self, seeds: list[int] | None = None) -> Harness:
        self.store = await Store.open(self.db, clock=self.clock)
        seeds_iter = iter(seeds or [])
        self.svc = GameService(
            self.store,
            DiscordFmt(),
            render=self.render,
            clock=self.clock,
            seed_source=lambda: next(seeds_iter, 12345),
        )
        self.client = SimpleNamespace(get_channel=self.channel, fetch_channel=AsyncMock())
        self.fe = Frontend(self.svc, self.client)
        self.client.frontend = self.fe
        self.cogs = [GameCog(self.fe), ModerationCog(self.fe), ServerCog(self.fe)]
        return self

    async def close(self) -> None:
        await self.store.close()

    def channel(self, cid: int) -> FakeChannel:
        if cid not in self.channels:
            self.channels[cid] = FakeChannel(cid)
        return self.channels[cid]

    def public_texts(self) -> list[str]:
        out = [p.content for ch in self.channels.values() for p in ch.public]
        return out + [p.content for p in self.followup_public]

    # ------------------------------------------------------------------ interactions

    def interaction(
        self,
        user_id: int,
        cid: int,
        *,
        message: FakeMessage | None = None,
        manage: bool = False,
        guild_id: int = 1,
        name: str | None = None,
    ) -> MagicMock:
        it = MagicMock(spec=discord.Interaction)
        user = MagicMock(spec=discord.Member)
        user.id = user_id
        user.display_name = name or f"user{user_id}"
        user.name = user.display_name
        user.roles = []
        user.guild_permissions = discord.Permissions(manage_guild=manage)
        it.user = user
        it.app_permissions = discord.Permissions.all()
        it.command = None
        it.id = next(_ids)
        it.channel_id = cid
        it.channel = self.channel(cid)
        it.guild_id = guild_id
        it.permissions = discord.Permissions(manage_guild=manage)
        it.client = self.client
        it.message = message
        it.data = {}
        it.response = MagicMock()
        it.response.defer = AsyncMock()
        it.response.is_done = MagicMock(return_value=True)
        it.followup = MagicMock()
        sent: list[FakeMessage] = []
        it.sent = sent

        async def response_send(content: str = "", **kw: Any) -> None:
            await followup_send(content, **kw)

        it.response.send_message = AsyncMock(side_effect=response_send)
        it.response.edit_message = AsyncMock(side_effect=lambda **kw: edit_original(**kw))

        async def followup_send(content: str = "", **kw: Any) -> FakeMessage:
            eph = bool(kw.get("ephemeral"))
            files = [kw["file"].filename] if kw.get("file") is not None else []
            posted = Posted(content, kw.get("view"), files, eph)
            (self.ephemeral if eph else self.followup_public).append(posted)
            msg = FakeMessage(self.channel(cid), content, kw.get("view"), ephemeral=eph)
            sent.append(msg)
            return msg

        it.followup.send = AsyncMock(side_effect=followup_send)

        async def edit_original(**kw: Any) -> None:
            if message is not None:
                if message.flags.ephemeral:
                    if "content" in kw:
                        self.ephemeral.append(Posted(kw["content"], kw.get("view"), ephemeral=True))
                    message.view = kw.get("view", message.view)
                else:
                    await message.edit(**kw)

        it.edit_original_response = AsyncMock(side_effect=edit_original)
        it.delete_original_response = AsyncMock()
        return it

    def errors(self, it: MagicMock) -> list[str]:
        """Ephemeral refusals this interaction answered with (not the private
        "🔒 you drew…" lines, not the "✔" acknowledgements)."""
        return [
            m.content
            for m in it.sent
            if m.flags.ephemeral and not m.content.startswith(("🔒", "✔"))
        ]

    # ------------------------------------------------------------------ commands

    async def cmd(self, name: str, user_id: int, cid: int, *, manage: bool = False, **kw: Any):
        it = self.interaction(user_id, cid, manage=manage)
        cog, command = _find(self.cogs, name)
        await command.callback(cog, it, **kw)
        return it

    async def press(
        self, item: Any, user_id: int, cid: int, message: FakeMessage | None
    ) -> MagicMock:
        """Press a component as Discord would after a restart: parse its custom id
        into a fresh DynamicItem, then run its callback."""
        it = self.interaction(user_id, cid, message=message)
        cls = next(c for c in DYNAMIC_ITEMS if isinstance(item, c))
        match = re.fullmatch(cls.__discord_ui_compiled_template__, item.custom_id)
        assert match, item.custom_id
        fresh = await cls.from_custom_id(it, item.item, match)
        if isinstance(fresh, OptionSelect):
            fresh.item._values = list(item.item._values)
        await fresh.callback(it)
        return it

    def turn_message(self, cid: int) -> FakeMessage:
        return self.fe.turn_msgs[cid].message


def _find(cogs: list[Any], name: str) -> Any:
    """``"join"`` is ``/ba join``, ``"mod end"`` is ``/ba-mod end``."""
    head, _, rest = name.partition(" ")
    qualified = f"ba-{head} {rest}" if head in ("mod", "server") else f"ba {name}"
    for cog in cogs:
        for c in cog.walk_app_commands():
            if c.qualified_name == qualified:
                return cog, c
    raise KeyError(name)


def option_items(view: Any) -> list[Any]:
    return [
        i for i in (view.children if view else []) if isinstance(i, OptionButton | OptionSelect)
    ]


def tool(view: Any, name: str) -> ToolButton | None:
    for i in view.children if view else []:
        if isinstance(i, ToolButton) and i.tool == name:
            return i
    return None


def choose_item(view: Any, option_id: str) -> Any:
    """The component of ``view`` that answers ``option_id`` (a select gets its value set)."""
    for item in option_items(view):
        if isinstance(item, OptionButton) and item.option == option_id:
            return item
        if isinstance(item, OptionSelect) and any(o.value == option_id for o in item.item.options):
            item.item._values = [option_id]
            return item
    raise AssertionError(f"{option_id} not offered in the view")
