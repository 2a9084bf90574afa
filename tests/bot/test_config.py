"""A setting the bot cannot use stops ``python -m bot`` at once with one line
naming the variable and what it takes: values were read with a bare int() (its
ValueError named neither the variable nor the fix), or not checked at all and
run with a guess (a misspelled LOG_LEVEL or TEST_GUILD_ID silently ignored, an
unknown BOT_LEVEL a traceback after logging in, TICK_SECONDS=0 a busy loop)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.__main__ import main
from bot.config import Config

ROOT = Path(__file__).resolve().parents[2]

SETTINGS = (
    "DISCORD_TOKEN",
    "BLACK_ANGEL_DB",
    "DATABASE_URL",
    "LOG_LEVEL",
    "TEST_GUILD_ID",
    "REMINDER_MINUTES",
    "MAX_REMINDERS",
    "BOT_LEVEL",
    "BOT_SECONDS",
    "TICK_SECONDS",
    "LEASE_SECONDS",
    "SHARD_COUNT",
    "SHARD_IDS",
    "MEMBERS_INTENT",
)


@pytest.fixture(autouse=True)
def clean_env(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:
    for name in SETTINGS:
        # set, then removed: monkeypatch then also removes what a .env file sets
        monkeypatch.setenv(name, "")
        monkeypatch.delenv(name)
    monkeypatch.chdir(tmp_path)  # no .env of the developer's


BAD = [
    ("REMINDER_MINUTES", "abc", "a whole number of minutes"),
    ("REMINDER_MINUTES", "-5", "from 0 to 10080"),
    ("REMINDER_MINUTES", "20000", "from 0 to 10080"),
    ("MAX_REMINDERS", "-1", "a whole number of reminders, at least 0"),
    ("TICK_SECONDS", "0", "a number of seconds above 0"),
    ("TICK_SECONDS", "soon", "a number of seconds above 0"),
    ("LEASE_SECONDS", "-90", "a number of seconds above 0"),
    ("BOT_SECONDS", "nan", "a number of seconds above 0"),
    ("BOT_LEVEL", "hard", "one of simple, strong"),
    ("LOG_LEVEL", "verbose", "one of DEBUG, INFO, WARNING, ERROR, CRITICAL"),
    ("TEST_GUILD_ID", "my-server", "a server id"),
    ("MEMBERS_INTENT", "maybe", "1 or 0"),
]


@pytest.mark.parametrize(("name", "value", "wanted"), BAD)
def test_a_bad_value_names_its_variable(monkeypatch, capsys, name, value, wanted) -> None:
    monkeypatch.setenv(name, value)
    monkeypatch.setenv("DISCORD_TOKEN", "t")
    with pytest.raises(ValueError) as err:
        Config.from_env(load_dotenv=False)
    assert f"{name}={value!r}" in str(err.value) and wanted in str(err.value)
    # python -m bot (and --local) stop before anything starts, without a traceback
    assert main(["--local"]) == 2
    out = capsys.readouterr()
    assert out.err.startswith("configuration error: ") and name in out.err
    assert "Traceback" not in out.err and out.out == ""


def test_good_values_are_read(monkeypatch) -> None:
    for name, value in {
        "REMINDER_MINUTES": "0",
        "MAX_REMINDERS": "5",
        "TICK_SECONDS": "2.5",
        "LEASE_SECONDS": "30",
        "BOT_SECONDS": "0.5",
        "BOT_LEVEL": "Strong",
        "LOG_LEVEL": "debug",
        "TEST_GUILD_ID": " 123456789012345678 ",
        "MEMBERS_INTENT": "off",
    }.items():
        monkeypatch.setenv(name, value)
    cfg = Config.from_env(load_dotenv=False)
    assert (cfg.reminder_minutes, cfg.max_reminders) == (0, 5)
    assert (cfg.tick_seconds, cfg.lease_seconds, cfg.bot_seconds) == (2.5, 30.0, 0.5)
    assert (cfg.bot_level, cfg.log_level) == ("strong", "DEBUG")
    assert cfg.test_guild_id == 123456789012345678 and cfg.members_intent is False


def test_empty_values_take_the_defaults() -> None:
    cfg = Config.from_env(load_dotenv=False)
    assert (cfg.token, cfg.test_guild_id, cfg.bot_level, cfg.log_level) == (
        None,
        None,
        "simple",
        "INFO",
    )
    assert (cfg.reminder_minutes, cfg.max_reminders, cfg.tick_seconds) == (720, 3, 60.0)
    assert cfg.members_intent is True


def test_the_env_file_is_the_one_where_the_bot_starts(tmp_path: Path) -> None:
    """``cp .env.example .env`` then ``python -m bot`` in that folder. The search
    began beside bot/config.py instead, so an installed bot (in site-packages)
    never read the admin's .env, and one run from another folder read the
    checkout's. A real process: pytest's own __main__ made dotenv look in the
    working directory anyway."""
    (tmp_path / ".env").write_text("BOT_LEVEL=hard\n")
    env = {k: v for k, v in os.environ.items() if k not in SETTINGS}
    env["PYTHONPATH"] = str(ROOT)
    done = subprocess.run(
        [sys.executable, "-m", "bot", "--local", "--no-images"],
        cwd=tmp_path,
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2, done.stdout + done.stderr
    assert "configuration error: BOT_LEVEL='hard'" in done.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == [".env"]  # nothing started


def test_help_says_where_the_settings_are_and_the_defaults(capsys) -> None:
    with pytest.raises(SystemExit) as done:
        main(["--help"])
    assert done.value.code == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "``" not in out  # the module docstring's markup was the description
    assert "come from the environment or a .env file: see .env.example" in out
    assert "folder for images (default: ba-images)" in out
    assert "Discord: sync the slash commands at start even if unchanged" in out


def test_the_example_env_leaves_the_database_to_database_url(tmp_path, monkeypatch) -> None:
    """``cp .env.example .env`` on a host that sets DATABASE_URL (its PostgreSQL):
    the example's BLACK_ANGEL_DB=black_angel.sqlite3 won over it, and the bot
    kept its games in a SQLite file instead, unsaid."""
    (tmp_path / ".env").write_text((ROOT / ".env.example").read_text())
    monkeypatch.chdir(tmp_path)
    for name in ("BLACK_ANGEL_DB", "DATABASE_URL"):
        monkeypatch.setenv(name, "")
        monkeypatch.delenv(name)
    assert Config.from_env().db_path == "black_angel.sqlite3"  # the default, unchanged
    monkeypatch.setenv("DATABASE_URL", "postgresql://ba:secret@db.example.org/ba")
    assert Config.from_env().db_path == "postgresql://ba:secret@db.example.org/ba"


def test_no_token_says_which_env_file_was_read(tmp_path, monkeypatch, capsys) -> None:
    """'DISCORD_TOKEN is not set (environment or .env …)' did not say whether a
    .env was found at all, nor where the bot looked."""
    monkeypatch.chdir(tmp_path)
    assert main([]) == 2
    err = capsys.readouterr().err
    assert f"no .env here ({tmp_path}): cp .env.example .env" in err
    assert "python -m bot --local" in err
    (tmp_path / ".env").write_text((ROOT / ".env.example").read_text())
    assert main([]) == 2
    assert (
        f"DISCORD_TOKEN is not set: it is empty in {tmp_path / '.env'}" in capsys.readouterr().err
    )
    (tmp_path / ".env").write_text("DISCORD_TOKEN=in-the-file\n")
    monkeypatch.setenv("DISCORD_TOKEN", "")  # e.g. docker run -e DISCORD_TOKEN=
    assert main([]) == 2
    assert "the environment sets it empty, which hides the one in" in capsys.readouterr().err
