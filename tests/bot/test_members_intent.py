"""A bot whose Server Members intent is off in the developer portal still starts
(issue 24 asks for the intent; installs from before it must keep running)."""

from __future__ import annotations

import dataclasses

import discord
import pytest

from bot import client
from bot.config import Config


def _cfg(tmp_path, members: bool) -> Config:
    base = Config.from_env()
    return dataclasses.replace(
        base, token="t", db_path=str(tmp_path / "ba.sqlite3"), members_intent=members
    )


def _discord_refusing_members(started: list[bool]):
    """Stands in for the gateway: Discord closes with 4014 when the bot asks for
    a privileged intent the portal has not switched on."""

    async def main(bot: client.BlackAngelBot, token: str) -> None:
        started.append(bot.intents.members)
        if bot.intents.members:
            raise discord.PrivilegedIntentsRequired(shard_id=None)

    return main


def test_refused_members_intent_starts_again_without_it(tmp_path, monkeypatch, capsys) -> None:
    started: list[bool] = []
    monkeypatch.setattr(client, "_main", _discord_refusing_members(started))
    assert client.run(_cfg(tmp_path, members=True)) == 0
    assert started == [True, False]
    assert "Server Members intent is not switched on" in capsys.readouterr().err


def test_members_intent_off_asks_once_and_says_nothing(tmp_path, monkeypatch, capsys) -> None:
    started: list[bool] = []
    monkeypatch.setattr(client, "_main", _discord_refusing_members(started))
    assert client.run(_cfg(tmp_path, members=False)) == 0
    assert started == [False]
    assert capsys.readouterr().err == ""


def test_a_refusal_without_the_members_intent_is_named(tmp_path, monkeypatch, capsys) -> None:
    async def main(bot: client.BlackAngelBot, token: str) -> None:
        raise discord.PrivilegedIntentsRequired(shard_id=None)

    monkeypatch.setattr(client, "_main", main)
    assert client.run(_cfg(tmp_path, members=False)) == 2
    assert "refused a privileged intent" in capsys.readouterr().err


@pytest.mark.parametrize("value", ["0", "false", "off"])
def test_members_intent_env_switch(monkeypatch, value: str) -> None:
    monkeypatch.setenv("MEMBERS_INTENT", value)
    assert Config.from_env().members_intent is False
