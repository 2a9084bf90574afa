"""A process killed (SIGKILL) in the middle of writing leaves a database that
opens and holds every committed action, and nothing uncommitted."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from engine import Action
from storage import GameStatus, Store
from tests.storage.helpers import Databases

ROOT = Path(__file__).resolve().parents[2]


def spawn(*args: str) -> subprocess.Popen[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.Popen(
        [sys.executable, "-m", "tests.storage.crash_child", *args],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def read_until(
    proc: subprocess.Popen[str], stop: str, count: int, timeout: float = 120
) -> list[str]:
    """Lines from the child until ``count`` lines start with ``stop``.

    The timeout only catches a hung child: 400 fully synced commits took over 30 s on
    a loaded 2-core machine, which is slowness, not a failure of what is tested."""
    assert proc.stdout is not None
    lines: list[str] = []
    seen = 0
    deadline = time.monotonic() + timeout
    while seen < count:
        line = proc.stdout.readline()
        if not line:
            err = proc.stderr.read() if proc.stderr else ""
            raise AssertionError(f"child ended early: {err[-2000:]}")
        lines.append(line.strip())
        if line.startswith(stop):
            seen += 1
        assert time.monotonic() < deadline, "child stuck"  # a hang guard, not a speed goal
    return lines


def kill(proc: subprocess.Popen[str]) -> list[str]:
    """SIGKILL the child; returns the lines it printed after those already read
    (it goes on committing until the signal lands)."""
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=10)
    assert proc.returncode == -signal.SIGKILL
    assert proc.stdout is not None
    return [line.strip() for line in proc.stdout.read().splitlines() if line.strip()]


def committed(lines: list[str]) -> dict[int, int]:
    """Highest committed version per game, from the child's reports."""
    last: dict[int, int] = {}
    for line in lines:
        words = line.split()
        if words[0] == "committed":
            last[int(words[1])] = int(words[2])
        elif words[0] == "started":
            last.setdefault(int(words[1]), 0)
    return last


async def check_database(dbs: Databases, path: str, reported: dict[int, int]) -> dict[int, int]:
    """Open after the crash; every reported commit is there, every game loads and verifies."""
    if not dbs.is_postgres:  # a plain reader first: the file is sound
        assert await dbs.fetch(path, "PRAGMA integrity_check") == [("ok",)]
    versions: dict[int, int] = {}
    async with Store(path, snapshot_every=3) as store:
        for game_id, version in reported.items():
            rec = await store.get_game(game_id)
            # a killed append may have committed before its report was printed
            assert rec.version in (version, version + 1), (game_id, rec.version, version)
            seqs = [a.seq for a in await store.get_actions(game_id)]
            assert seqs == list(range(1, rec.version + 1))
            loaded = await store.load_game(game_id)
            assert loaded.game.state.decisions == rec.version
            await store.verify_game(game_id)
            versions[game_id] = rec.version
        # and the store still works: the interrupted game plays on
        running = [g for g in await store.list_running_games() if g.status is GameStatus.RUNNING]
        for rec in running:
            loaded = await store.load_game(rec.id)
            game = loaded.game
            if game.is_over:
                continue
            d = game.decision
            action = Action(seat=d.seat, option=d.options[0].id)
            game.apply(action)
            await store.append_action(
                rec.id, rec.version, d.seat, None, action.to_json(), game.to_json()
            )
    return versions


@pytest.mark.parametrize(("seed", "commits"), [(1, 25), (2, 160), (3, 400)])
async def test_killed_while_hammering(dbs: Databases, db: str, seed: int, commits: int) -> None:
    path = db
    proc = spawn(path, str(seed), "hammer")
    lines: list[str] = []
    try:
        lines = read_until(proc, "committed", commits)
    finally:
        lines += kill(proc)
    reported = committed(lines)
    versions = await check_database(dbs, path, reported)
    assert sum(versions.values()) >= commits


async def test_killed_inside_an_open_transaction(dbs: Databases, db: str) -> None:
    path = db
    proc = spawn(path, "4", "hang-in-commit", "37")
    try:
        lines = read_until(proc, "in-transaction", 1)
    finally:
        kill(proc)
    game_id, version = (int(w) for w in lines[-1].split()[1:3])
    reported = committed(lines)
    assert reported[game_id] == version - 1
    versions = await check_database(dbs, path, reported)
    # the interrupted action was never committed (and the game went on from before it)
    assert versions[game_id] == version - 1
