"""``python -m bot --local``: the game service in a terminal, no Discord needed.

Hot seat: one line per command; ``play`` (and ``undo``, ``hand``) act for the
player who must decide unless ``as <name>`` picked someone. Images are written
to a folder; games live in a real SQLite file, so ``quit`` and start again to
continue (or to reproduce a bug from an exported game with ``import``).
Works with piped stdin: ``printf 'new 2\\njoin bob\\nstart 1\\n' | python -m bot --local``.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import shlex
import sys
import time
from pathlib import Path
from typing import IO, Any

from bot import prompt as P
from bot import text as T
from bot.service import BOT_USER, COLOUR_NAMES, Actor, GameService, Reply, TurnPrompt
from bot.service.model import BOT_LEVELS, bot_name, is_bot
from storage import LeaseHeldError, Store, default_db_path

CHANNEL = 1  # the terminal is one channel
HOST = "host"

LOCAL_HELP = """Commands (one per line):
  new <players 1-4> [advanced] [random|lobby] [bots N] [simple|strong]
                           create a game (you are "host"); N bot players take seats
  join <name> [colour]     seat a player          leave <name>
  colour <name> <colour>   wish a colour          start [seed]
  options                  what must be decided   play <id|number|label>  (also: choose, or just the number)
  undo                     take back your last decision of this turn
  board                    write the board image  hand [name]   your hand + player board image
  log [page]               recent events          scores        rules [topic]
  as <name>|auto           act as someone / as whoever must decide (hot seat, the default)
  pause | resume | end | rollback | repair | export [file] | import <file>
  replace <seat> <name> | remove <seat> | reminder <min> | timeout <min> | mute on|off
  wait <minutes>           move the clock on (reminders, timeouts)   tick   run them now
  help | quit"""


def parse_bots(args: list[str]) -> tuple[int, str]:
    """``bots 2``, ``bots=2`` or ``bots:2``, and a level word (simple/strong)."""
    bots, level = 0, "simple"
    for i, a in enumerate(args):
        low = a.lower()
        if low in BOT_LEVELS:
            level = low
        elif low.startswith(("bots=", "bots:")) and low[5:].isdigit():
            bots = int(low[5:])
        elif low == "bots" and i + 1 < len(args) and args[i + 1].isdigit():
            bots = int(args[i + 1])
    return bots, level


def _number(word: str) -> bool:
    """A plain number ("12"): ASCII digits only ("²".isdigit() is true too)."""
    return word.isascii() and word.isdigit()


def user_id(name: str) -> int:
    """A stable id for a local player name (the same after a restart)."""
    return int.from_bytes(hashlib.sha256(name.lower().encode()).digest()[:6], "big") + 1


class LocalFmt:
    def __init__(self, clock: Any) -> None:
        self.names: dict[int, str] = {user_id(HOST): HOST}
        self.clock = clock

    def add(self, name: str) -> int:
        uid = user_id(name)
        self.names[uid] = name
        return uid

    def mention(self, uid: int) -> str:
        return "@" + self.name(uid)

    def name(self, uid: int) -> str:
        if is_bot(uid):
            return bot_name(uid)
        return self.names.get(uid, f"player-{uid % 10000}")

    def when(self, ts: float) -> str:
        left = ts - self.clock()
        if abs(left) < 60:
            return "now"
        mins = round(abs(left) / 60)
        span = f"{mins} min" if mins < 120 else f"{mins / 60:.1f} h"
        return f"in {span}" if left > 0 else f"{span} ago"


class Local:
    def __init__(
        self,
        db: str,
        images: Path,
        out: IO[str] = sys.stdout,
        *,
        render: bool = True,
    ) -> None:
        self.db = db
        self.images = images
        self.out = out
        self.render = render
        self.offset = 0.0  # minutes moved on by `wait`
        self.fmt = LocalFmt(self.now)
        self.acting: str | None = None
        self.counter = 0
        self.names_file = Path(str(db) + ".names.json") if db != ":memory:" else None
        self.store: Store[Any] | None = None
        self.svc: GameService | None = None

    def now(self) -> float:
        return time.time() + self.offset * 60

    def say(self, msg: str) -> None:
        print(msg, file=self.out, flush=True)

    async def open(self) -> None:
        self.store = await Store.open(self.db, clock=self.now)
        self.svc = GameService(self.store, self.fmt, render=self.render, clock=self.now)
        # one running bot per database: a terminal session counts as one too
        await self.svc.claim_instance(on_lost=lambda message: self.say(f"✖ {message}"))
        if self.names_file and self.names_file.exists():
            for name in json.loads(self.names_file.read_text()):
                self.fmt.add(name)
        if self.images:
            self.images.mkdir(parents=True, exist_ok=True)
        rec = await self.store.active_game(CHANNEL)
        if rec is not None:
            self.say(f"Game #{rec.id} ({rec.status.value}) continues from {self.db}.")

    async def close(self) -> None:
        if self.svc is not None:
            await self.svc.release_instance()
        if self.store is not None:
            await self.store.close()

    def _save_names(self) -> None:
        if self.names_file:
            self.names_file.write_text(json.dumps(sorted(set(self.fmt.names.values()))))

    def actor(self, name: str | None = None) -> Actor:
        return Actor(self.fmt.add(name or HOST), moderator=True, admin=True)

    async def decider(self) -> Actor:
        """Who acts for play/undo/hand: `as <name>`, else the deciding player."""
        if self.acting:
            return self.actor(self.acting)
        assert self.svc is not None
        e = await self.svc._entry(CHANNEL)
        if e is not None and e.game.decision is not None:
            return Actor(e.user(e.game.decision.seat), moderator=True)
        return self.actor()

    def write_image(self, data: bytes, name: str) -> Path:
        self.counter += 1
        path = self.images / f"{self.counter:03d}-{name}"
        path.write_bytes(data)
        return path

    async def show(self, reply: Reply, *, options: bool = True) -> None:
        if reply.text:
            self.say(("" if reply.ok else "✖ ") + reply.text)
        for uid, lines in reply.private.items():
            for line in lines:
                self.say(f"  [private to {self.fmt.name(uid)}] {line}")
        if reply.image:
            self.say(f"  [image] {self.write_image(reply.image, reply.image_name)}")
        if reply.file:
            name, data = reply.file
            path = self.images / name
            path.write_bytes(data)
            self.say(f"  [file] {path}")
        if options and reply.turn is not None:
            await self.show_options(reply.turn)

    async def show_options(self, turn: TurnPrompt) -> None:
        assert self.svc is not None
        opts = turn.options
        if opts is None:  # secret: the hot seat shows them to the deciding player
            r = await self.svc.choices(CHANNEL, Actor(turn.user_id))
            if not r.ok or r.turn is None or r.turn.options is None:
                return
            opts = r.turn.options
            self.say(f"  (only {self.fmt.name(turn.user_id)} should look)")
            if r.image:  # the table with their options' places numbered
                self.say(f"  [image] {self.write_image(r.image, r.image_name)}")
        # The same numbers and full texts as on Discord (bot/prompt.py).
        for line in P.terminal_lines(opts):
            self.say(" " + line)

    async def run(self, lines: IO[str]) -> int:
        try:
            await self.open()
        except LeaseHeldError as exc:
            self.say(f"✖ {exc}")
            await self.close()
            return 3
        self.say("Black Angel — local mode. Type `help` for commands.")
        try:
            interactive = lines.isatty()
            while True:
                if interactive:
                    print("> ", end="", file=self.out, flush=True)
                line = lines.readline()
                if not line:
                    break
                line = line.strip()
                if not line or line.startswith("#"):
                    continue
                if not interactive:
                    self.say(f"> {line}")
                try:
                    if await self.command(line) is False:
                        break
                except BrokenPipeError:
                    raise
                except Exception as exc:  # keep the terminal alive; report the bug
                    self.say(f"✖ unexpected error: {type(exc).__name__}: {exc}")
        finally:
            self._save_names()
            await self.close()
        return 0

    async def command(self, line: str) -> bool | None:
        svc = self.svc
        assert svc is not None
        try:
            words = shlex.split(line)
        except ValueError:
            words = line.split()
        cmd, args = words[0].lower(), words[1:]
        if _number(cmd):
            cmd, args = "play", [cmd]
        arg = " ".join(args)
        if cmd in ("quit", "exit", "q"):
            return False
        if cmd == "help":
            self.say(LOCAL_HELP)
        elif cmd == "rules":
            self.say(T.rule_topic(arg))
        elif cmd == "new":
            n = int(args[0]) if args and _number(args[0]) else 2
            adv = "advanced" in args
            order = "lobby" if "lobby" in args else "random"
            bots, level = parse_bots(args[1:])
            await self.show(
                await svc.create(
                    CHANNEL, self.actor(), n, advanced=adv, order=order, bots=bots, bot_level=level
                )
            )
        elif cmd == "join":
            if not args:
                self.say("✖ join <name> [colour]")
                return None
            await self.show(
                await svc.join(CHANNEL, self.actor(args[0]), args[1] if args[1:] else None)
            )
        elif cmd == "leave":
            await self.show(await svc.leave(CHANNEL, self.actor(args[0] if args else None)))
        elif cmd in ("colour", "color"):
            if len(args) < 2:
                self.say("✖ colour <name> <colour>")
                return None
            await self.show(await svc.colour(CHANNEL, self.actor(args[0]), args[1]))
        elif cmd == "start":
            seed = int(args[0]) if args and _number(args[0]) else None
            await self.show(await svc.start(CHANNEL, self.actor(), seed=seed))
        elif cmd == "as":
            self.acting = None if not args or args[0] == "auto" else args[0]
            self.say(f"Acting as {self.acting or 'whoever must decide'}.")
        elif cmd in ("options", "choices"):
            r = await svc.choices(CHANNEL, await self.decider())
            if r.ok and r.turn is not None:
                self.say(svc.prompt_line(r.turn))
                await self.show_options(r.turn)
            else:
                await self.show(r)
        elif cmd in ("play", "choose", "c", "p"):
            if not args:
                self.say("✖ play <option id, number or label>")
                return None
            await self.show(await svc.choose(CHANNEL, await self.decider(), arg))
        elif cmd == "undo":
            await self.show(await svc.undo(CHANNEL, await self.decider()))
        elif cmd == "board":
            await self.show(await svc.board(CHANNEL), options=False)
        elif cmd == "hand":
            who = self.actor(args[0]) if args else await self.decider()
            await self.show(await svc.hand(CHANNEL, who))
        elif cmd == "log":
            await self.show(await svc.event_log(CHANNEL, int(args[0]) if args else 1))
        elif cmd == "scores":
            await self.show(await svc.scores(CHANNEL), options=False)
        elif cmd == "pause":
            await self.show(await svc.pause(CHANNEL, self.actor()))
        elif cmd == "resume":
            await self.show(await svc.resume(CHANNEL, self.actor()))
        elif cmd == "end":
            await self.show(await svc.end(CHANNEL, self.actor()))
        elif cmd == "rollback":
            await self.show(await svc.rollback(CHANNEL, self.actor()))
        elif cmd == "repair":
            await self.show(await svc.repair(CHANNEL, self.actor()))
        elif cmd in ("replace", "remove"):
            if not args or not _number(args[0]) or (cmd == "replace" and len(args) < 2):
                self.say(f"✖ {cmd} <seat number 1-4>" + (" <name>" if cmd == "replace" else ""))
                return None
            new = self.fmt.add(args[1]) if cmd == "replace" else BOT_USER
            await self.show(await svc.replace(CHANNEL, self.actor(), int(args[0]) - 1, new))
        elif cmd in ("reminder", "timeout"):
            minutes = int(args[0]) if args and _number(args[0]) else 0
            fn = svc.set_reminder if cmd == "reminder" else svc.set_timeout
            await self.show(await fn(CHANNEL, self.actor(), minutes))
        elif cmd == "mute":
            on = not args or args[0].lower() in ("on", "yes", "true")
            await self.show(await svc.mute(CHANNEL, await self.decider(), on))
        elif cmd == "export":
            r = await svc.export(CHANNEL, self.actor())
            if r.file and args:
                Path(args[0]).write_bytes(r.file[1])
                r.file = None
                r.text += f" Written to {args[0]}."
            await self.show(r)
        elif cmd == "import":
            try:
                data = Path(arg).read_bytes()
            except OSError as exc:
                self.say(f"✖ Cannot read {arg!r}: {exc.strerror or exc}")
                return None
            await self.show(await svc.import_game(CHANNEL, self.actor(), data))
        elif cmd == "wait":
            self.offset += float(args[0]) if args else 60
            self.say(f"The clock moves on {args[0] if args else 60} min.")
            await self.tick()
        elif cmd == "tick":
            await self.tick()
        else:
            self.say(f"✖ Unknown command `{cmd}`. Type `help`.")
        return None

    async def tick(self) -> None:
        assert self.svc is not None
        notices = await self.svc.tick()
        for r in notices:
            await self.show(r)
        if not notices:
            self.say("(nothing due)")


def main(db: str | None, images: str, render: bool = True) -> int:
    local = Local(db or default_db_path(), Path(images), render=render)
    try:
        return asyncio.run(local.run(sys.stdin))
    except BrokenPipeError:  # output piped into e.g. `head`
        sys.stderr.close()
        return 0


__all__ = ["COLOUR_NAMES", "Local", "main", "user_id"]
