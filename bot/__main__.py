"""``python -m bot`` runs the Discord bot; ``python -m bot --local`` plays in a terminal."""

from __future__ import annotations

import argparse
import logging
import os
import sys

from bot.config import Config


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bot",
        description="Run the Black Angel bot on Discord, or play in this terminal with --local.",
        epilog="Settings (DISCORD_TOKEN, TEST_GUILD_ID, the database, shards, reminders,"
        " bots …) come from the environment or a .env file: see .env.example.",
    )
    parser.add_argument("--local", action="store_true", help="play in this terminal (no Discord)")
    parser.add_argument(
        "--db",
        help="SQLite file or postgresql:// URL (default: $BLACK_ANGEL_DB, $DATABASE_URL,"
        " black_angel.sqlite3)",
    )
    parser.add_argument(
        "--images", default="ba-images", help="local mode: folder for images (default: ba-images)"
    )
    parser.add_argument("--no-images", action="store_true", help="local mode: skip rendering")
    parser.add_argument(
        "--sync",
        action="store_true",
        help="Discord: sync the slash commands at start even if unchanged",
    )
    args = parser.parse_args(argv)
    try:
        cfg = Config.from_env()
    except ValueError as exc:
        print(f"configuration error: {exc} (see .env.example)", file=sys.stderr)
        return 2
    logging.basicConfig(
        level=getattr(logging, cfg.log_level, logging.INFO),
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    if args.local:
        logging.getLogger().setLevel(logging.WARNING)
        from bot.local import main as local_main

        return local_main(args.db or cfg.db_path, args.images, render=not args.no_images)
    if not cfg.token:
        from dotenv import dotenv_values, find_dotenv

        found = find_dotenv(usecwd=True)
        if not found:
            where = f"no .env here ({os.getcwd()}): cp .env.example .env, then fill it in"
        elif (dotenv_values(found).get("DISCORD_TOKEN") or "").strip():
            # the environment wins over .env, even set empty
            where = f"the environment sets it empty, which hides the one in {found}"
        else:
            where = f"it is empty in {found}"
        print(
            f"DISCORD_TOKEN is not set: {where} (or set it in the environment).\n"
            "To play without Discord: python -m bot --local",
            file=sys.stderr,
        )
        return 2
    from bot.client import run

    return run(cfg, db=args.db, force_sync=args.sync)


if __name__ == "__main__":
    sys.exit(main())
