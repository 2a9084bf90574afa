"""``python -m bot`` refused at start-up says why and what to do, in one line,
with no traceback: a token Discord refuses, Discord out of reach, a database
that cannot be opened (a URL of a database we do not speak, PostgreSQL out of
reach, a SQLite file that cannot be written). Each was a bare traceback.

Discord here is a stand-in for its HTTP API on this machine (discord.py's own
login runs against it), so the real start-up path runs to the point of failure.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import logging
import os
import re
import signal
import socket
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import discord
import pytest
import yarl

from bot import client
from bot.config import Config
from bot.perms import NEEDED, NEEDED_IN_THREADS
from bot.service import instance
from storage import ShardRange, Store

ME = {"id": "4242", "username": "Black Angel", "discriminator": "0", "avatar": None, "bot": True}
APP = {
    "id": "4242",
    "name": "Black Angel",
    "description": "",
    "icon": None,
    "bot_public": True,
    "bot_require_code_grant": False,
    "owner": {**ME, "id": "7", "bot": False},
    "verify_key": "00",
    "flags": 0,
}


def _discord_api(
    token_ok: bool, app_id: str, in_guilds: bool
) -> tuple[ThreadingHTTPServer, str, list[str]]:
    """Discord's REST API as far as a login goes: who am I, which application;
    a server's commands may be set only if the bot is ``in_guilds``. The
    commands set are listed: their path, and "[]" when none."""
    puts: list[str] = []

    class Handler(BaseHTTPRequestHandler):
        def do_PUT(self) -> None:  # noqa: N802
            body = json.loads(self.rfile.read(int(self.headers.get("Content-Length") or 0)))
            puts.append(self.path + (" []" if body == [] else ""))
            if "/guilds/" in self.path and not in_guilds:
                self._send(403, {"message": "Missing Access", "code": 50001})
            else:
                self._send(200, [])

        def do_GET(self) -> None:  # noqa: N802 (http.server's name)
            if not token_ok:
                self._send(401, {"message": "401: Unauthorized", "code": 0})
            elif self.path.endswith("/users/@me"):
                self._send(200, ME)
            elif self.path.endswith("/oauth2/applications/@me"):
                self._send(200, {**APP, "id": app_id})
            else:
                self._send(404, {"message": "Unknown", "code": 0})

        def _send(self, status: int, body: object) -> None:
            data = json.dumps(body).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_port}/api/v10", puts


@pytest.fixture
def discord_api(monkeypatch: pytest.MonkeyPatch) -> Iterator[callable]:
    servers: list[ThreadingHTTPServer] = []

    def use(*, token_ok: bool = True, app_id: str = "4242", in_guilds: bool = False) -> list[str]:
        server, base, puts = _discord_api(token_ok, app_id, in_guilds)
        servers.append(server)
        monkeypatch.setattr(discord.http.Route, "BASE", base)
        return puts

    yield use
    for server in servers:
        server.shutdown()
        server.server_close()


def _cfg(db: str) -> Config:
    cfg = Config.from_env(load_dotenv=False)
    return dataclasses.replace(cfg, token="not-a-token", db_path=db)


def _refusal(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err
    assert "Traceback" not in err and err.startswith("not starting: ")
    return err


def test_a_refused_token_says_where_to_get_one(tmp_path, discord_api, capsys) -> None:
    discord_api(token_ok=False)
    db = tmp_path / "ba.sqlite3"
    assert client.run(_cfg(str(db))) == 2
    err = _refusal(capsys)
    assert "Discord refused the token in DISCORD_TOKEN" in err and "Reset Token" in err
    assert not db.exists()  # refused before anything was opened


def test_discord_out_of_reach_is_said(tmp_path, monkeypatch, capsys) -> None:
    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    monkeypatch.setattr(discord.http.Route, "BASE", f"http://127.0.0.1:{port}/api/v10")
    assert client.run(_cfg(str(tmp_path / "ba.sqlite3"))) == 1
    assert "cannot reach Discord" in _refusal(capsys)


@pytest.mark.parametrize(
    ("db", "said"),
    [
        ("mysql://ba:secret@localhost/ba", "unsupported database URL scheme 'mysql'"),
        ("postgresql://ba:secret@127.0.0.1:{port}/ba", "check that the server is running"),
        ("postgresql://ba:secret@localhost:fivefour/ba", "check that the server is running"),
        # libpq's other way to give the password: it was shown in full
        ("postgresql://ba@127.0.0.1:{port}/ba?password=secret", "ba?password=***: "),
    ],
)
def test_a_database_that_cannot_be_opened_is_said(db, said, discord_api, capsys) -> None:
    discord_api()
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    assert client.run(_cfg(db.format(port=port))) == 2
    err = _refusal(capsys)
    assert said in err and "secret" not in err


# aiosqlite's thread, left to answer on the event loop the failed start closed, printed a traceback
@pytest.mark.filterwarnings("error::pytest.PytestUnhandledThreadExceptionWarning")
def test_a_sqlite_file_that_cannot_be_written_is_not_called_damaged(
    tmp_path: Path, discord_api, capsys
) -> None:
    discord_api()
    # a path SQLite cannot open for writing, as in a read-only folder (the tests may
    # run as root, who writes anywhere): a folder where the file should be
    db = tmp_path / "games.sqlite3"
    db.mkdir()
    assert client.run(_cfg(str(db))) == 2
    err = _refusal(capsys)
    assert f"cannot open {db} for writing" in err and "folder must be writable" in err
    assert "backup" not in err  # nothing is wrong with any file


def test_a_test_server_the_bot_is_not_in_is_named(tmp_path, discord_api, capsys) -> None:
    discord_api()
    cfg = dataclasses.replace(_cfg(str(tmp_path / "ba.sqlite3")), test_guild_id=1234)
    assert client.run(cfg) == 2
    err = _refusal(capsys)
    assert "cannot sync the slash commands to the server TEST_GUILD_ID=1234 (Missing Access)" in err
    assert "applications.commands" in err


async def test_a_sync_it_cannot_note_is_done_again_next_time(world, caplog) -> None:
    """A read-only working directory (the note of a PostgreSQL bot's sync is kept
    there): the sync is done, the bot runs on, and says it will sync again."""
    stamp = Path(f"{world.bot.db_path}.commands-global.sha256")
    stamp.unlink()  # written by the first start
    stamp.mkdir()  # as a read-only folder would: the note cannot be written
    world.bot.force_sync = True
    await world.bot.sync_if_changed()
    assert "the next start syncs again" in caplog.text


async def test_the_log_gives_the_invite_link_with_what_the_bot_needs(world, caplog) -> None:
    """The README's set-up: the start-up log has the link that adds the bot to a
    server with both scopes and every permission ``/ba new`` checks for."""
    caplog.set_level(logging.INFO, logger="bot.client")
    await world.restart()
    links = re.findall(r"https://discord\.com/oauth2/authorize\S+", caplog.text)
    assert len(links) == 1
    query = parse_qs(urlsplit(links[0]).query)
    assert query["client_id"] == [str(world.bot.application_id)]
    assert query["scope"] == ["bot applications.commands"]
    granted = discord.Permissions(int(query["permissions"][0]))
    for name in (*NEEDED, *NEEDED_IN_THREADS, "create_public_threads", "embed_links"):
        assert getattr(granted, name), name


def test_no_warning_about_voice(tmp_path, caplog, monkeypatch) -> None:
    """A game bot never joins voice: 'PyNaCl is not installed, voice will NOT be
    supported' (and 'davey …') were the first lines of every start, warnings an
    admin took for a fault to fix."""
    for name in ("warn_nacl", "warn_dave"):  # as in a fresh process without them
        monkeypatch.setattr(discord.VoiceClient, name, True, raising=False)
    caplog.set_level(logging.WARNING)
    client.make_bot(_cfg(str(tmp_path / "ba.sqlite3")))
    assert "voice" not in caplog.text


def test_a_discord_without_its_gateway_is_said_and_the_database_is_let_go(
    tmp_path, discord_api, capsys, monkeypatch
) -> None:
    """Logged in, commands synced, then no gateway to connect to (a firewall
    that lets HTTPS through but not WebSockets, an outage): said in one line
    (discord.py's retry died on an AttributeError that hid it); the database was opened and is closed, its lease released,
    so the next start is not refused."""
    discord_api()
    _no_gateway(monkeypatch)
    db = str(tmp_path / "ba.sqlite3")
    assert client.run(_cfg(db)) == 1
    assert "cannot reach Discord" in _refusal(capsys)
    assert client.run(_cfg(db)) == 1  # not 3: no lease left held
    assert "cannot reach Discord" in _refusal(capsys)


async def test_a_closed_terminal_closes_the_bot_and_lets_its_lease_go(world) -> None:
    """SIGHUP (the terminal the bot was started in is closed) killed it where it
    stood: its lease stayed held, and the next start was refused for 90 s."""
    bot = world.bot
    await world.signal_the_process(signal.SIGHUP)
    assert bot.is_closed() and bot.store is None
    store = await Store.open(world.cfg.db_path)
    try:  # free for the next process at once
        await store.acquire_lease("all", "next", ttl=90)
    finally:
        await store.close()


def _no_gateway(monkeypatch: pytest.MonkeyPatch) -> None:
    """Discord's gateway out of reach (a port nobody listens on)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    monkeypatch.setattr(
        discord.gateway.DiscordWebSocket, "DEFAULT_GATEWAY", yarl.URL(f"ws://127.0.0.1:{port}/")
    )


async def test_a_sharded_bot_that_cannot_connect_stops_when_asked(
    tmp_path, discord_api, monkeypatch, caplog
) -> None:
    """A sharded process whose gateway is out of reach retries (Discord may come
    back), but a stop (SIGTERM: its platform's, or a deploy's) ends it: discord.py
    went on retrying the shard every 5 s after the close, and the process never
    ended."""
    discord_api()
    _no_gateway(monkeypatch)
    cfg = dataclasses.replace(
        _cfg(str(tmp_path / "ba.sqlite3")), shards=ShardRange.parse("2", "0-1")
    )
    bot = client.make_bot(cfg)
    async with bot:
        started = asyncio.create_task(bot.start("not-a-token"))
        for _ in range(600):
            if "Failed to connect for shard_id: 0" in caplog.text:
                break
            await asyncio.sleep(0.05)
        assert "Failed to connect for shard_id: 0" in caplog.text
        await bot.close()  # what the stop signal's handler does
        await asyncio.wait_for(started, timeout=20)
    assert bot.store is None


def test_another_application_on_the_same_database_gets_its_commands(
    tmp_path, discord_api, monkeypatch, capsys
) -> None:
    """A new application (a new bot) started on the games of the old one: its
    commands were taken as synced ('slash commands unchanged') because the old
    application's were, so the new bot had none."""
    _no_gateway(monkeypatch)  # each start ends after its sync
    db = str(tmp_path / "ba.sqlite3")
    first = discord_api(app_id="4242")
    client.run(_cfg(db))
    client.run(_cfg(db))  # the same application: nothing changed, no sync
    assert first == ["/api/v10/applications/4242/commands"]
    second = discord_api(app_id="5353")
    client.run(_cfg(db))
    assert second == ["/api/v10/applications/5353/commands"]
    capsys.readouterr()


def test_the_test_servers_copy_goes_once_test_guild_id_is_emptied(
    tmp_path, discord_api, monkeypatch, capsys
) -> None:
    """Tested with TEST_GUILD_ID, then run for every server: the test server
    kept its copy of each command beside the global one, so each showed twice
    there. The copy is cleared once, at the first start without TEST_GUILD_ID."""
    _no_gateway(monkeypatch)
    db = str(tmp_path / "ba.sqlite3")
    puts = discord_api(in_guilds=True)
    client.run(dataclasses.replace(_cfg(db), test_guild_id=1234))
    assert puts == ["/api/v10/applications/4242/guilds/1234/commands"]
    client.run(_cfg(db))
    assert puts[1:] == [
        "/api/v10/applications/4242/guilds/1234/commands []",
        "/api/v10/applications/4242/commands",
    ]
    client.run(_cfg(db))  # cleared once: nothing more to do
    assert len(puts) == 3
    capsys.readouterr()


def test_a_restart_after_a_crash_waits_out_the_dead_bots_lease(
    tmp_path, discord_api, monkeypatch, capsys, caplog
) -> None:
    """Restarted by its supervisor right after a crash (kill -9: no lease given
    back), the bot said 'not starting' and exited 3 while the dead one's lease
    lasted, until systemd gave up on it. Now it waits, says so once, and takes
    over (here it then finds no gateway: 1, not 3)."""
    discord_api()
    _no_gateway(monkeypatch)
    monkeypatch.setattr(instance, "POLL_SECONDS", 0.1)
    db = str(tmp_path / "ba.sqlite3")

    async def crashed() -> None:  # a bot that claimed, then died 1 s before its lease ran out
        async with Store(db) as store:
            await store.acquire_lease("all", "host:111:dead", ttl=1.0)

    asyncio.run(crashed())
    with caplog.at_level(logging.INFO):
        assert client.run(_cfg(db)) == 1
    assert "cannot reach Discord" in _refusal(capsys)
    said = [r.getMessage() for r in caplog.records if "holds the lease" in r.getMessage()]
    assert len(said) == 2  # one line while waiting (not one per look), then its own
    assert said[0].startswith("host:111:dead holds the lease on 'all'") and "takes over" in said[0]
    assert said[1].startswith("instance ") and "host:111:dead" not in said[1]


def test_a_stop_while_waiting_out_a_lease_ends_the_start(
    tmp_path, discord_api, monkeypatch, capsys
) -> None:
    """A stop (SIGTERM: the platform's, or systemctl stop) while the start waits
    out a crashed bot's lease ends it at once and quietly: status 0, the lease
    left as it was, no store left open."""
    discord_api()
    _no_gateway(monkeypatch)
    monkeypatch.setattr(instance, "POLL_SECONDS", 0.05)
    db = str(tmp_path / "ba.sqlite3")

    async def leases(claim: bool) -> list[str]:
        async with Store(db) as store:
            if claim:  # a bot that claimed, then died
                await store.acquire_lease("all", "host:111:dead", ttl=20)
            return [x.owner for x in await store.leases()]

    asyncio.run(leases(True))
    waiting, done = threading.Event(), threading.Event()

    class Said(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            if "host:111:dead holds the lease" in record.getMessage():
                waiting.set()

    said = Said()
    logging.getLogger("bot.service.instance").addHandler(said)

    def stop() -> None:  # once it waits, and only while it runs
        if waiting.wait(30) and not done.is_set():
            os.kill(os.getpid(), signal.SIGTERM)

    stopper = threading.Thread(target=stop)
    stopper.start()
    try:
        assert client.run(_cfg(db)) == 0
    finally:
        logging.getLogger("bot.service.instance").removeHandler(said)
        done.set()
        waiting.set()
        stopper.join()
    assert capsys.readouterr().err == ""
    assert asyncio.run(leases(False)) == ["host:111:dead"]
