"""``python -m bot --local``: the game service in a terminal, no Discord needed.

Hot seat: one line per command; ``play`` (and ``undo``, ``hand``) act for the
player who must decide unless ``as <name>`` picked someone. Images are written
to a folder; games live in a real SQLite file, so ``quit`` and start again to
continue (or to reproduce a bug from an exported game with ``import``).
Works with piped stdin: ``printf 'new 2\\njoin bob\\nstart 1\\n' | python -m bot --local``.

The parts: :mod:`bot.local.session` (the commands), :mod:`bot.local.words`
(their words), :mod:`bot.local.terminal` (its channel and people),
:mod:`bot.local.screen` (text and images out), :mod:`bot.local.transfer`
(export and import).
"""

from __future__ import annotations

import asyncio
import signal
import sys
from pathlib import Path

from bot.local.session import Local
from storage import default_db_path


def main(db: str | None, images: str, render: bool = True) -> int:
    local = Local(db or default_db_path(), Path(images), render=render)
    # Ctrl-C did nothing until the next line (asyncio's handler cannot reach a
    # blocking read), and a closed terminal or a kill left the database's lease
    # held for its 90 s and the names unsaved: each ends the session as `quit`
    for name in ("SIGINT", "SIGTERM", "SIGHUP"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), local.stop)
    try:
        return asyncio.run(local.run(sys.stdin))
    except BrokenPipeError:  # output piped into e.g. `head`
        sys.stderr.close()
        return 0
