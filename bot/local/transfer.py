"""``export [file]`` and ``import <file>``: a game to and from a file, each
failure said in one line, nothing half done."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from bot.local.terminal import CHANNEL, HOST, user_id
from bot.local.words import short_path
from bot.service import Reply
from storage import ChannelBusyError, GameRecord, StorageError, Store
from storage.transfer import MAX_EXPORT_BYTES


def write_export(reply: Reply, name: str) -> str | None:
    """Write an export's file to ``name``; the reply then says where (and has
    no file left to show). None when written, else why not."""
    assert reply.file is not None
    try:
        Path(name).write_bytes(reply.file[1])
    except OSError as exc:
        return f"✖ Cannot write {short_path(name)}: {exc.strerror or exc}."
    except ValueError:  # a NUL in the name
        return "✖ A file name cannot contain a NUL character; nothing written."
    reply.file = None
    reply.text += f" Written to {name}."
    return None


def _playable_status(doc: str) -> str | None:
    """Import a game that was ended or paused early as running, to play it on
    (bug reports are exported that way); anything else keeps its status."""
    try:
        status = json.loads(doc).get("game", {}).get("status")
    except (ValueError, AttributeError, RecursionError):
        return None  # the store says what is wrong with the file
    return "running" if status in ("aborted", "paused") else None


async def import_file(store: Store[Any], path: Path) -> GameRecord | str:
    """Import an exported game into the terminal's channel: its record, or
    the one line that says why not."""
    running = await store.active_game(CHANNEL)
    if running is not None:
        return (
            f"✖ Game #{running.id} ({running.status.value}) is still open here: "
            "`export` it if you want to keep a copy, then `end` it, and import again."
        )
    shown = short_path(str(path))
    try:
        with path.open("rb") as f:  # bounded: /dev/zero or a huge file is not read whole
            data = f.read(MAX_EXPORT_BYTES + 1)
    except FileNotFoundError:
        return f"✖ No such file: {shown}"
    except OSError as exc:
        return f"✖ Cannot read {shown}: {exc.strerror or exc}."
    except ValueError:  # a NUL in the name
        return "✖ A file name cannot contain a NUL character."
    if len(data) > MAX_EXPORT_BYTES:
        return (
            f"✖ {shown} is larger than {MAX_EXPORT_BYTES // 2**20} MiB, the most an export"
            " can be; nothing imported."
        )
    try:
        doc = data.decode("utf-8")
    except UnicodeDecodeError:
        return f"✖ {shown} is not a game export (it is not UTF-8 text); nothing imported."
    try:
        return await store.import_game(
            doc, CHANNEL, created_by=user_id(HOST), status=_playable_status(doc)
        )
    except ChannelBusyError:
        return "✖ A game is still open here: `end` it first, then import again."
    except StorageError as exc:
        return f"✖ {shown} is not a game export this bot can load: {exc}"
