"""``python -m bot --local`` that cannot start says why in one line and writes
nothing: a database it cannot open, an images folder it cannot make (both were
tracebacks, followed by a second one writing the names file beside a database
that was never opened). On PostgreSQL the names typed are kept in the working
directory: their file was named after the URL (a path that does not exist, with
the password in it), so every restart forgot them; and the game that continues
is said to continue from the URL without its password."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest

from bot.local.session import Local, names_file

ROOT = Path(__file__).resolve().parents[2]


async def session(db: str, images: Path, *lines: str, render: bool = False) -> tuple[int, str]:
    out = StringIO()
    local = Local(db, images, out, render=render)
    code = await local.run(StringIO("\n".join(lines) + "\n"))
    return code, out.getvalue()


async def test_a_database_it_cannot_open_stops_it_with_one_line(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    db.mkdir()  # as a read-only folder would: SQLite cannot open it for writing
    code, out = await session(str(db), tmp_path / "img", "new 2")
    assert code == 2
    assert f"✖ Not starting: cannot open {db} for writing" in out
    assert "new 2" not in out  # no command ran
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games.sqlite3"]


async def test_an_images_folder_it_cannot_make_is_named_with_the_way_out(tmp_path: Path) -> None:
    (tmp_path / "img").write_text("a file where the folder should be")
    db = tmp_path / "games.sqlite3"
    code, out = await session(str(db), tmp_path / "img", "new 2", render=True)
    assert code == 2
    assert "✖ Not starting: cannot write images to" in out
    assert "--images" in out and "--no-images" in out
    # closed cleanly: the next start (with another folder) opens the same file
    code, out = await session(str(db), tmp_path / "pictures", "new 2")
    assert code == 0 and "New 2-player" in out


def test_the_names_file_of_a_database_server_is_named_after_its_database() -> None:
    url = "postgresql://blackangel:SECRET@db.example.org:5432/games"
    assert names_file(url) == Path("black_angel.games.names.json")
    assert names_file("postgres://u@h/") == Path("black_angel.postgres.names.json")
    assert names_file("ba.sqlite3") == Path("ba.sqlite3.names.json")


@pytest.mark.postgres
async def test_names_survive_a_restart_on_postgresql(
    postgres_database: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    code, _ = await session(postgres_database, tmp_path / "img", "new 2", "join Bob", "start 3")
    assert code == 0
    # the server trusts local connections: any password is let in, and must not be shown
    with_password = postgres_database.replace("postgres:@", "postgres:SECRET@", 1)
    assert with_password != postgres_database
    code, out = await session(with_password, tmp_path / "img", "scores")
    assert code == 0
    assert "@Bob" in out and "player-" not in out
    assert "continues from postgresql://postgres:***@" in out and "SECRET" not in out


@pytest.mark.parametrize("sig", ["SIGINT", "SIGTERM", "SIGHUP"])
def test_a_stop_signal_ends_the_session_as_quit_does(tmp_path: Path, sig: str) -> None:
    """Ctrl-C (SIGINT) did nothing until the next line was typed; a closed
    terminal (SIGHUP) or a kill (SIGTERM) ended the process where it stood:
    the names typed were lost and the next start was refused for 90 s ('Another
    bot instance is running on this database'). Each now ends the session at
    once, saved and let go of, while it waits for a line."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    cmd = [sys.executable, "-m", "bot", "--local", "--no-images", "--db", "ba.sqlite3"]
    proc = subprocess.Popen(
        cmd,
        cwd=tmp_path,
        env=env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write("new 2\njoin Bob\n")
    proc.stdin.flush()
    seen: list[str] = []
    while not any("joins" in line for line in seen):  # the session waits for a line now
        line = proc.stdout.readline()
        assert line, "".join(seen)
        seen.append(line)
    proc.send_signal(getattr(signal, sig))
    try:
        assert proc.wait(timeout=30) == 0  # with its input still open
    finally:
        proc.kill()
    assert "Stopped: everything played is saved" in proc.stdout.read()
    again = subprocess.run(
        cmd, cwd=tmp_path, env=env, input="quit\n", capture_output=True, text=True, timeout=60
    )
    assert "Game #1 (lobby) continues" in again.stdout, again.stdout
    assert json.loads((tmp_path / "ba.sqlite3.names.json").read_text()) == ["Bob", "host"]


async def test_a_database_another_program_is_writing_is_said_to_be_locked(
    tmp_path: Path,
) -> None:
    """An sqlite3 shell (or a backup tool) in the middle of a write: the start
    said the folder must be writable, sending the admin to fix permissions."""
    db = tmp_path / "games.sqlite3"
    assert (await session(str(db), tmp_path / "img", "new 2"))[0] == 0
    other = sqlite3.connect(db, isolation_level=None)
    try:
        other.execute("BEGIN IMMEDIATE")  # holds the write lock
        code, out = await session(str(db), tmp_path / "img", "board")
    finally:
        other.close()
    assert code == 2
    assert f"✖ Not starting: {db} is locked by another program" in out
    assert "writable" not in out
    code, out = await session(str(db), tmp_path / "img", "board")  # once it is let go
    assert code == 0 and "Game #1 (lobby) continues" in out


async def test_no_images_makes_no_images_folder(tmp_path: Path) -> None:
    """--no-images made the folder all the same (and refused to start where it
    could not, telling the player to pass --no-images)."""
    (tmp_path / "img").write_text("a file where the folder would be")
    code, out = await session(str(tmp_path / "games.sqlite3"), tmp_path / "img", "new 2")
    assert code == 0 and "New 2-player" in out
    assert (tmp_path / "img").is_file()
