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
import math
import re
import shlex
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from bot import prompt as P
from bot import text as T
from bot.service import BOT_USER, COLOUR_NAMES, Actor, GameService, Reply, TurnPrompt
from bot.service.model import BOT_LEVELS, bot_name, is_bot
from storage import (
    NO_SERVER,
    ChannelBusyError,
    LeaseHeldError,
    StorageError,
    Store,
    default_db_path,
)
from storage.transfer import MAX_EXPORT_BYTES

CHANNEL = 1  # the terminal is one channel
HOST = "host"

LOCAL_HELP = """Commands (one per line):
  new <players 1-4> [advanced] [easy|standard|difficult|extreme] [random|lobby]
      [bots N] [simple|strong]
                           create a game (you are "host"); 1 player = solo against Hal,
                           whose difficulty sets his starting VP (0/5/10/15; standard if omitted);
                           N bot players (simple or strong) take seats in a 2-4 player game
  join <name> [colour]     seat a player          leave <name>
  colour <name> <colour>   wish a colour          start [seed]
  options                  what must be decided
  <number> | <option id>   answer it, e.g. `2` or `die:o3:action:1` (also: play <id|number|label>)
  undo                     take back your last decision of this turn
  board                    write the board image (the final board after the end)
  hand [name|colour]       a seated player's hand + board image (default: whoever decides)
  log [page]               recent events          scores        rules [topic]
  as <name>|auto           act as someone / as whoever must decide (hot seat, the default)
  pause | resume | end | rollback | repair | export [file] | import <file>
  replace <seat> <name> | remove <seat> | reminder <min> | timeout <min> | mute on|off
  history [name] [page]    finished games        stats [name]   a player's record
  leaderboard [page]       players by skill rating (finished games of 2+ people)
  replay [game] [turn]     the game as an animated GIF (one frame per turn), or one turn
  wait <minutes>           move the clock on (reminders, timeouts)   tick   run them now
  help | quit
A command word wins over an option id of the same name; `play <id>` always plays."""

NEW_USAGE = (
    "new <players 1-4> [advanced] [easy|standard|difficult|extreme] [random|lobby]"
    " [bots N] [simple|strong]"
)
DIFFICULTIES = ("easy", "standard", "difficult", "extreme")
IMAGE_NUMBER = re.compile(r"^(\d+)-")
#: The longest command line read; a longer one is skipped whole with one answer.
MAX_LINE = 4096
#: Seeds are stored as signed 64-bit integers.
MAX_SEED = 2**63 - 1
#: Reminder, timeout and `wait` minutes: at most a year.
MAX_MINUTES = 525_600
MAX_LOG_PAGE = 1_000_000


class Usage(Exception):
    """A command typed wrongly: the message says how to type it."""


def whole_number(
    word: str | None, usage: str, *, default: int | None = None, maximum: int | None = None
) -> int:
    """A non-negative whole number (at most ``maximum``), or Usage."""
    if word is None:
        if default is None:
            raise Usage(usage)
        return default
    if not _number(word):
        raise Usage(f"{usage} (`{_short(word)}` is not a whole number)")
    digits = word.lstrip("0") or "0"
    if maximum is not None and (len(digits) > len(str(maximum)) or int(digits) > maximum):
        raise Usage(f"{usage} (at most {maximum:,}, not `{_short(word)}`)")
    return int(digits)


def _short(word: str, limit: int = 24) -> str:
    """A word as quoted back in a message (a huge one is cut)."""
    return word if len(word) <= limit else f"{word[:limit]}… ({len(word):,} characters)"


def _short_path(path: str, limit: int = 80) -> str:
    """A file path as quoted back: a long one keeps its end, where the file's
    name is (cutting the end would hide which file was meant)."""
    return path if len(path) <= limit else f"…{path[-limit:]}"


def minutes(word: str | None, usage: str, default: float) -> float:
    """A finite, non-negative number of minutes, or Usage (``nan``, ``inf``, -5 are refused)."""
    if word is None:
        return default
    try:
        value = float(word)
    except ValueError:
        raise Usage(f"{usage} (`{_short(word)}` is not a number)") from None
    if not math.isfinite(value) or value < 0:
        raise Usage(f"{usage} (minutes: a number of 0 or more, not `{_short(word)}`)")
    if value > MAX_MINUTES:
        raise Usage(f"{usage} (at most {MAX_MINUTES:,} minutes, a year)")
    return value


@dataclass
class NewGame:
    """What ``new``'s words ask for."""

    players: int = 2
    advanced: bool = False
    difficulty: str | None = None
    order: str = "random"
    bots: int = 0
    bot_level: str = "simple"


def parse_new(args: list[str]) -> NewGame:
    """``new``'s words, in any order: ``3 advanced lobby bots 2 strong``
    (also ``bots=2`` / ``bots:2``)."""
    g = NewGame()
    words = [a.lower() for a in args]
    for word in words:
        number = word[5:] if word.startswith(("bots=", "bots:")) else word
        if _number(number) and len(number) > 2:
            raise Usage(f"{NEW_USAGE} (`{_short(number)}` is too many: 1-4 players)")
    i = 0
    while i < len(words):
        word = words[i]
        if word == "bots" and i + 1 < len(words) and _number(words[i + 1]):
            g.bots = int(words[i + 1])
            i += 1
        elif word.startswith(("bots=", "bots:")) and _number(word[5:]):
            g.bots = int(word[5:])
        elif _number(word):
            g.players = int(word)
        elif word == "advanced":
            g.advanced = True
        elif word == "basic":
            g.advanced = False
        elif word in DIFFICULTIES:
            g.difficulty = word
        elif word in ("random", "lobby"):
            g.order = word
        elif word in BOT_LEVELS:
            g.bot_level = word
        else:
            raise Usage(f"{NEW_USAGE} (I don't know `{_short(word)}`)")
        i += 1
    return g


def _number(word: str) -> bool:
    """A plain number ("12"): ASCII digits only ("²".isdigit() is true too)."""
    return word.isascii() and word.isdigit()


def user_id(name: str) -> int:
    """A stable id for a local player name (the same after a restart)."""
    return int.from_bytes(hashlib.sha256(name.lower().encode()).digest()[:6], "big") + 1


def _playable_status(doc: str) -> str | None:
    """Import a game that was ended or paused early as running, to play it on
    (bug reports are exported that way); anything else keeps its status."""
    try:
        status = json.loads(doc).get("game", {}).get("status")
    except (ValueError, AttributeError, RecursionError):
        return None  # the store says what is wrong with the file
    return "running" if status in ("aborted", "paused") else None


def last_image_number(folder: Path) -> int:
    """The highest ``NNN-`` number among the images already in ``folder`` (0: none)."""
    if not folder.is_dir():
        return 0
    numbers = [int(m[1]) for p in folder.iterdir() if (m := IMAGE_NUMBER.match(p.name))]
    return max(numbers, default=0)


def _span(seconds: float) -> str:
    """A time span as a person says it: "45 min", "2.5 h", "48 h", "7 days"
    (not "48.0 h" nor "168.0 h")."""
    mins = round(seconds / 60)
    if mins < 120:
        return f"{mins} min"
    if mins < 72 * 60:
        return f"{_decimal(mins / 60)} h"
    return f"{_decimal(mins / (24 * 60))} days"


def _decimal(x: float) -> str:
    """One decimal at most, none when whole: 48 -> "48", 2.5 -> "2.5"."""
    return f"{x:.1f}".removesuffix(".0")


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
        return f"in {_span(abs(left))}" if left > 0 else f"{_span(abs(left))} ago"


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
            self.counter = last_image_number(self.images)
        rec = await self.store.active_game(CHANNEL)
        if rec is not None:
            self.say(f"Game #{rec.id} ({rec.status.value}) continues from {self.db}.")
            await self.show_pending()

    async def show_pending(self) -> None:
        """The decision the game waits for (after a restart or an import)."""
        assert self.svc is not None
        r = await self.svc.board(CHANNEL)
        if r.ok and r.turn is not None:
            self.say(self.svc.prompt_line(r.turn))
            await self.show_options(r.turn)
        elif r.ok and r.text:
            self.say(r.text.splitlines()[-1])

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
        e = await self.svc.games.entry(CHANNEL)
        if e is not None and e.game.decision is not None:
            return Actor(e.user(e.game.decision.seat), moderator=True)
        return self.actor()

    async def _hand_owner(self, name: str) -> tuple[str | None, str | None]:
        """Whose hand `hand <name>` shows: (a seated person's name, None), or
        (None, why not) in a terminal's words. A seat's colour names its
        player too; a bot seat's hand stays hidden. (On Discord the asker
        sees their own hand, and "You are not playing in this game" is said
        to them; here the command names someone.)"""
        assert self.svc is not None
        e = await self.svc.games.entry(CHANNEL)
        if e is None:
            return name, None  # the service says there is no game
        people = {self.fmt.name(s.user_id): s for s in e.seats if not is_bot(s.user_id)}
        if name in people:
            return name, None
        for s in e.seats:
            if e.game.name(s.seat).lower() == name.lower():
                if is_bot(s.user_id):
                    return None, f"{e.game.name(s.seat)} is a bot seat: its hand stays hidden."
                return self.fmt.name(s.user_id), None
        named = ", ".join(f"{n} ({e.game.name(s.seat)})" for n, s in people.items())
        return None, f"{name!r} is not a seated player: `hand` takes one of {named}."

    def write_image(self, data: bytes, name: str) -> Path:
        """The next numbered image; numbers continue after a restart and a
        file that exists is never overwritten."""
        self.counter = max(self.counter, last_image_number(self.images)) + 1
        path = self.images / f"{self.counter:03d}-{name}"
        while path.exists():
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
            for name, png in reply.more_images:
                self.say(f"  [image] {self.write_image(png, name)}")
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
            # The whole prompt, as "Show my choices" gives it on Discord: the
            # public line keeps only its head ("A Ravager at action 1").
            self.say(f"  (only {self.fmt.name(turn.user_id)} should look) {r.text}")
            if r.image:  # the table (and their board) with their options' places numbered
                self.say(f"  [image] {self.write_image(r.image, r.image_name)}")
                for name, png in r.more_images:
                    self.say(f"  [image] {self.write_image(png, name)}")
        # The same numbers and full texts as on Discord (bot/prompt.py).
        for line in P.terminal_lines(opts):
            self.say(" " + line)

    async def run(self, lines: IO[str]) -> int:
        try:
            self.say("Black Angel — local mode. Type `help` for commands.")
            try:
                await self.open()
            except LeaseHeldError as exc:
                self.say(f"✖ {exc}")
                return 3
            interactive = lines.isatty()
            while True:
                if interactive:
                    print("> ", end="", file=self.out, flush=True)
                line = lines.readline(MAX_LINE + 1)
                if not line:
                    break
                if len(line) > MAX_LINE and not line.endswith("\n"):
                    skipped = len(line) + _skip_rest_of_line(lines)
                    self.say(
                        f"✖ That line is {skipped:,} characters long; a command is at most"
                        f" {MAX_LINE:,}. Nothing was done."
                    )
                    continue
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

    async def looking_back(self, cmd: str, args: list[str]) -> None:
        """``history [name] [page]``, ``stats [name]``, ``leaderboard [page]``,
        ``replay [game] [turn]`` (the GIF, or one turn, written to the images folder)."""
        svc = self.svc
        assert svc is not None
        usage = {
            "history": "history [name] [page]",
            "stats": "stats [name]",
            "leaderboard": "leaderboard [page]",
            "replay": "replay [game number] [turn number]",
        }[cmd]
        names = [a for a in args if not _number(a)]
        numbers = [whole_number(a, usage, maximum=MAX_SEED) for a in args if _number(a)]
        if len(names) > (cmd in ("history", "stats")) or len(numbers) > 1 + (cmd == "replay"):
            raise Usage(usage)
        if cmd == "history":
            who = self.fmt.add(names[0]) if names else None
            reply, _, _ = await svc.history_page(NO_SERVER, max([1, *numbers[:1]]), who)
            await self.show(reply)
        elif cmd == "stats":
            who = self.fmt.add(names[0]) if names else self.actor().user_id
            await self.show(await svc.player_stats(NO_SERVER, who))
        elif cmd == "leaderboard":
            reply, _, _ = await svc.leaderboard(NO_SERVER, max([1, *numbers[:1]]))
            await self.show(reply)
        else:
            game = numbers[0] if numbers else await svc.latest_game_id(CHANNEL)
            if game is None:
                self.say("✖ No game has been played here yet.")
            elif len(numbers) > 1:
                reply, _, _ = await svc.replay_turn(NO_SERVER, game, numbers[1])
                await self.show(reply, options=False)
            else:
                await self.show(await svc.replay_gif(NO_SERVER, game), options=False)

    async def command(self, line: str) -> bool | None:
        """Run one line. Returns False to quit. A mistyped command gets a
        one-line usage (never a traceback) and changes nothing."""
        try:
            return await self._command(line)
        except Usage as exc:
            self.say(f"✖ Usage: {exc}")
            return None

    async def _command(self, line: str) -> bool | None:
        svc = self.svc
        assert svc is not None
        try:
            words = shlex.split(line)
        except ValueError:
            words = line.split()
        if not words:
            return None
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
            g = parse_new(args)
            reply = await svc.create(
                CHANNEL,
                self.actor(),
                g.players,
                advanced=g.advanced,
                difficulty=g.difficulty,
                order=g.order,
                bots=g.bots,
                bot_level=g.bot_level,
            )
            await self.show(reply)
        elif cmd == "join":
            if not args:
                raise Usage("join <name> [colour]")
            await self.show(
                await svc.join(CHANNEL, self.actor(args[0]), args[1] if args[1:] else None)
            )
        elif cmd == "leave":
            await self.show(await svc.leave(CHANNEL, self.actor(args[0] if args else None)))
        elif cmd in ("colour", "color"):
            if len(args) < 2:
                raise Usage("colour <name> <colour>")
            await self.show(await svc.colour(CHANNEL, self.actor(args[0]), args[1]))
        elif cmd == "start":
            seed = whole_number(args[0], "start [seed number]", maximum=MAX_SEED) if args else None
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
                raise Usage("play <option id, number or label>")
            await self.show(await svc.choose(CHANNEL, await self.decider(), arg))
        elif cmd == "undo":
            await self.show(await svc.undo(CHANNEL, await self.decider()))
        elif cmd == "board":
            await self.show(await svc.board(CHANNEL), options=False)
        elif cmd == "hand":
            owner, refusal = await self._hand_owner(args[0]) if args else (None, None)
            if refusal:
                self.say("✖ " + refusal)
                return None
            who = self.actor(owner) if owner else await self.decider()
            await self.show(await svc.hand(CHANNEL, who))
        elif cmd == "log":
            page = whole_number(
                args[0] if args else None, "log [page number]", default=1, maximum=MAX_LOG_PAGE
            )
            await self.show(await svc.event_log(CHANNEL, max(1, page)))
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
            usage = "replace <seat number 1-4> <name>" if cmd == "replace" else "remove <seat 1-4>"
            seat = whole_number(args[0] if args else None, usage, maximum=4)
            if cmd == "replace" and len(args) < 2:
                raise Usage(usage)
            new = self.fmt.add(args[1]) if cmd == "replace" else BOT_USER
            await self.show(await svc.replace(CHANNEL, self.actor(), seat - 1, new))
        elif cmd in ("reminder", "timeout"):
            usage = f"{cmd} <minutes, 0 = off>"
            n = whole_number(args[0] if args else None, usage, maximum=MAX_MINUTES)
            fn = svc.set_reminder if cmd == "reminder" else svc.set_timeout
            await self.show(await fn(CHANNEL, self.actor(), n))
        elif cmd == "mute":
            on = not args or args[0].lower() in ("on", "yes", "true")
            await self.show(await svc.mute(CHANNEL, await self.decider(), on))
        elif cmd == "export":
            r = await svc.export(CHANNEL, self.actor())
            if r.file and args:
                try:
                    Path(args[0]).write_bytes(r.file[1])
                except OSError as exc:
                    self.say(f"✖ Cannot write {_short_path(args[0])}: {exc.strerror or exc}.")
                    return None
                except ValueError:  # a NUL in the name
                    self.say("✖ A file name cannot contain a NUL character; nothing written.")
                    return None
                r.file = None
                r.text += f" Written to {args[0]}."
            await self.show(r)
        elif cmd == "import":
            if not args:
                raise Usage("import <file exported with `export`>")
            await self.import_file(Path(arg))
        elif cmd in ("history", "stats", "leaderboard", "replay"):
            await self.looking_back(cmd, args)
        elif cmd == "wait":
            n = minutes(args[0] if args else None, "wait <minutes>", 60)
            self.offset += n
            self.say(f"The clock moves on {n:g} min.")
            await self.tick()
        elif cmd == "tick":
            await self.tick()
        elif not await self.bare_option(line.strip()):
            self.say(
                f"✖ Unknown command `{words[0]}` (and not one of the options now). "
                "Type `help` (commands) or `options` (what must be decided)."
            )
        return None

    async def bare_option(self, ref: str) -> bool:
        """Play ``ref`` if it is exactly an option id of the pending decision
        (the README's ``die:o3``); False when it is not."""
        assert self.svc is not None
        e = await self.svc.games.entry(CHANNEL)
        d = e.game.decision if e is not None else None
        if d is None:
            return False
        ids = {o.id.lower(): o.id for o in d.options}
        if ref.lower() not in ids:
            return False
        await self.show(await self.svc.choose(CHANNEL, await self.decider(), ids[ref.lower()]))
        return True

    async def import_file(self, path: Path) -> None:
        """Import an exported game into the terminal's channel, with one-line errors."""
        assert self.store is not None and self.svc is not None
        running = await self.store.active_game(CHANNEL)
        if running is not None:
            self.say(
                f"✖ Game #{running.id} ({running.status.value}) is still open here: "
                "`export` it if you want to keep a copy, then `end` it, and import again."
            )
            return
        shown = _short_path(str(path))
        try:
            with path.open("rb") as f:  # bounded: /dev/zero or a huge file is not read whole
                data = f.read(MAX_EXPORT_BYTES + 1)
        except FileNotFoundError:
            self.say(f"✖ No such file: {shown}")
            return
        except OSError as exc:
            self.say(f"✖ Cannot read {shown}: {exc.strerror or exc}.")
            return
        except ValueError:  # a NUL in the name
            self.say("✖ A file name cannot contain a NUL character.")
            return
        if len(data) > MAX_EXPORT_BYTES:
            self.say(
                f"✖ {shown} is larger than {MAX_EXPORT_BYTES // 2**20} MiB, the most an export"
                " can be; nothing imported."
            )
            return
        try:
            doc = data.decode("utf-8")
        except UnicodeDecodeError:
            self.say(f"✖ {shown} is not a game export (it is not UTF-8 text); nothing imported.")
            return
        try:
            rec = await self.store.import_game(
                doc, CHANNEL, created_by=user_id(HOST), status=_playable_status(doc)
            )
        except ChannelBusyError:
            self.say("✖ A game is still open here: `end` it first, then import again.")
            return
        except StorageError as exc:
            self.say(f"✖ {shown} is not a game export this bot can load: {exc}")
            return
        self.svc.games.drop(CHANNEL)
        self.say(f"Imported as game #{rec.id} ({rec.status.value}).")
        await self.show_pending()

    async def tick(self) -> None:
        assert self.svc is not None
        notices = await self.svc.tick()
        for r in notices:
            await self.show(r)
        if not notices:
            self.say("(nothing due)")


def _skip_rest_of_line(lines: IO[str]) -> int:
    """Read and drop the rest of an overlong line, a piece at a time; its length."""
    skipped = 0
    while True:
        piece = lines.readline(MAX_LINE)
        skipped += len(piece.removesuffix("\n"))
        if not piece or piece.endswith("\n"):
            return skipped


def main(db: str | None, images: str, render: bool = True) -> int:
    local = Local(db or default_db_path(), Path(images), render=render)
    try:
        return asyncio.run(local.run(sys.stdin))
    except BrokenPipeError:  # output piped into e.g. `head`
        sys.stderr.close()
        return 0


__all__ = ["COLOUR_NAMES", "Local", "main", "user_id"]
