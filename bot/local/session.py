"""The terminal session: commands read line by line, run on a real game
service, their replies shown (:mod:`bot.local` says how to start it).

Hot seat: ``play`` (and ``undo``, ``hand``) act for the player who must decide
unless ``as <name>`` picked someone.
"""

from __future__ import annotations

import contextlib
import json
import re
import shlex
import sys
import time
from pathlib import Path
from typing import IO, Any
from urllib.parse import urlsplit

from bot import text as T
from bot.local.screen import Screen
from bot.local.terminal import CHANNEL, HOST, LocalFmt, user_id
from bot.local.transfer import import_file, write_export
from bot.local.words import (
    MAX_LOG_PAGE,
    MAX_MINUTES,
    MAX_SEED,
    Usage,
    is_number,
    minutes,
    parse_new,
    short,
    whole_number,
)
from bot.service import BOT_USER, Actor, GameService, Reply, TurnPrompt
from bot.service.model import is_bot
from storage import NO_SERVER, LeaseHeldError, Store
from storage.errors import StorageError
from storage.postgres import is_postgres_url, redact

LOCAL_HELP = """Commands (one per line):
  new <players 1-4> [advanced] [easy|standard|difficult|extreme] [random|lobby]
      [bots N] [simple|strong]
                           create a game (you are "host"); 1 player = solo against Hal,
                           whose difficulty sets his starting VP (0/5/10/15; standard if omitted);
                           N bot players (simple or strong) take seats in a 2-4 player game
  join <name> [colour]     seat a player          leave <name>
  colour <name> <colour>   wish a colour          start [seed]     cancel (close the lobby)
  options                  what must be decided
  <number> | <option id>   answer it, e.g. `2` or `die:o3:action:1` (also: play <id|number|label>)
  undo                     take back your last decision of this turn
  board [name|colour]      write the board image (the final board after the end), or a
                           seat's player board: grid, Advanced slots, tucked, ejected (public)
  hand [name|colour]       a seated player's hand + board image (default: whoever decides)
  log [page]               recent events          scores        rules [topic]
  as <name>|auto           act as someone / as whoever must decide (hot seat, the default)
  pause | resume | end | rollback | repair | export [file] | import <file>
  replace <seat> <name> | remove <seat> | reminder <min> | timeout <min> | mute [on|off]
  history [name] [page]    finished games        stats [name]   a player's record
  leaderboard [page]       players by skill rating (finished games of 2+ people)
  replay [game] [turn]     the game as an animated GIF (one frame per turn), or one turn
  wait <minutes>           move the clock on (reminders, timeouts)   tick   run them now
  help (or ?) | quit
A command word wins over an option id of the same name; `play <id>` always plays."""

#: The longest command line read; a longer one is skipped whole with one answer.
MAX_LINE = 4096


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
        self.render = render
        self.offset = 0.0  # minutes moved on by `wait`
        self.fmt = LocalFmt(self.now)
        self.screen = Screen(out, images, self.fmt)
        self.acting: str | None = None
        self.names_file = names_file(db)
        self.names_loaded = False  # not saved over before it was read
        self.reading = False  # waiting for the next line (see stop)
        self.stopping = False
        self.store: Store[Any] | None = None
        self.svc: GameService | None = None

    def now(self) -> float:
        return time.time() + self.offset * 60

    def say(self, msg: str) -> None:
        self.screen.say(msg)

    async def open(self) -> None:
        self.store = await Store.open(self.db, clock=self.now)
        self.svc = GameService(self.store, self.fmt, render=self.render, clock=self.now)
        # one running bot per database: a terminal session counts as one too
        await self.svc.claim_instance(on_lost=lambda message: self.say(f"✖ {message}"))
        if self.names_file and self.names_file.exists():
            for name in json.loads(self.names_file.read_text()):
                self.fmt.add(name)
        self.names_loaded = True
        try:
            if self.render:  # --no-images: no folder made (nor needed)
                self.screen.open_folder()
        except OSError as exc:
            raise StorageError(
                f"cannot write images to {self.screen.images} ({exc}): name another"
                " folder with --images, or draw none with --no-images"
            ) from exc
        rec = await self.store.active_game(CHANNEL)
        if rec is not None:
            self.say(f"Game #{rec.id} ({rec.status.value}) continues from {redact(self.db)}.")
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
        if self.names_file and self.names_loaded:
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

    async def _no_seat(self, name: str) -> str | None:
        """Why acting as ``name`` will play nothing: they have no seat in the
        game (None: they have one, or no game has started)."""
        assert self.svc is not None
        e = await self.svc.games.entry(CHANNEL)
        if e is None or any(s.user_id == user_id(name) for s in e.seats):
            return None
        people = [s for s in e.seats if not is_bot(s.user_id)]
        seated = ", ".join(f"{self.fmt.name(s.user_id)} ({e.game.name(s.seat)})" for s in people)
        return (
            f"{name} has no seat in this game: `play` and `undo` as {name} are refused."
            f" Seated: {seated or 'bots only'}; `as auto` acts for whoever must decide."
        )

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
        if any(s.user_id == user_id(name) for s in people.values()):
            return self.fmt.name(user_id(name)), None  # "Bob" is bob: one id in any case
        for s in e.seats:
            if e.game.name(s.seat).lower() == name.lower():
                if is_bot(s.user_id):
                    colour = e.game.name(s.seat)
                    return None, (
                        f"{colour} is a bot seat: its hand stays hidden;"
                        f" `board {colour.lower()}` shows its player board."
                    )
                return self.fmt.name(s.user_id), None
        named = ", ".join(f"{n} ({e.game.name(s.seat)})" for n, s in people.items())
        return None, f"{name!r} is not a seated player: `hand` takes one of {named}."

    async def _seat_named(self, name: str) -> tuple[int | None, str | None]:
        """The seat `board <name>` shows: a seated person's name or a seat's
        colour (a bot seat's board is as public as anyone's); else (None, why
        not), or (None, None) when no game has started. A finished game's
        boards stay viewable, as its board does."""
        assert self.svc is not None
        e = await self.svc.reading.viewable(CHANNEL)
        if e is None:
            return None, None
        for s in e.seats:
            names = (self.fmt.name(s.user_id), e.game.name(s.seat))  # "bot 1 (simple)", "Blue"
            if s.user_id == user_id(name) or name.lower() in (n.lower() for n in names):
                return s.seat, None
        seated = ", ".join(f"{self.fmt.name(s.user_id)} ({e.game.name(s.seat)})" for s in e.seats)
        return None, f"{name!r} is not a seat: `board` takes a colour or one of {seated}."

    async def show(self, reply: Reply, *, options: bool = True) -> None:
        self.screen.show(reply)
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
            # the table (and their board) with their options' places numbered
            self.screen.show_images(r)
        self.screen.show_options(opts)

    async def run(self, lines: IO[str]) -> int:
        try:
            self.say("Black Angel — local mode. Type `help` for commands.")
            try:
                await self.open()
            except LeaseHeldError as exc:
                self.say(f"✖ {exc}")
                return 3
            except StorageError as exc:  # a database it cannot open: say why, no traceback
                self.say(f"✖ Not starting: {exc}")
                return 2
            interactive = lines.isatty()
            while True:
                if interactive:
                    print("> ", end="", file=self.screen.out, flush=True)
                line = self._next_line(lines)
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
        except Stopped:
            pass  # between two lines: nothing was in progress
        finally:
            self._save_names()
            await self.close()
            if self.stopping:
                with contextlib.suppress(OSError):  # the terminal may be gone (SIGHUP)
                    self.say("Stopped: everything played is saved; start again to go on.")
        return 0

    def _next_line(self, lines: IO[str]) -> str:
        """The next line ('' at the end, or once asked to stop)."""
        if self.stopping:
            return ""
        self.reading = True
        try:
            return lines.readline(MAX_LINE + 1)
        except Stopped:
            return ""
        finally:
            self.reading = False

    def stop(self, signum: int, frame: object) -> None:
        """A stop signal (Ctrl-C, a closed terminal, a kill): the session ends as
        at ``quit``, saving the names and letting go of the database, so the next
        start is not refused while a dead session's lease runs out. It ends at
        once while waiting for a line, else after the command in progress (a
        write is never cut short)."""
        self.stopping = True
        if self.reading:
            raise Stopped

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
        names = [a for a in args if not is_number(a)]
        numbers = [whole_number(a, usage, maximum=MAX_SEED) for a in args if is_number(a)]
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
        if is_number(cmd):
            if args:  # "2 3": which one was meant is not ours to guess
                raise Usage(
                    f"<option number>, one option a line (`{short(line)}` is more than"
                    " a number); nothing was played"
                )
            cmd, args = "play", [cmd]
        arg = " ".join(args)
        if cmd in ("quit", "exit", "q"):
            return False
        if cmd in ("help", "?"):
            self.say(LOCAL_HELP)
        elif cmd == "rules":
            if arg and not T.is_rule_topic(arg):
                self.say(f"✖ There is no rule topic `{short(arg)}`. {T.rule_topic(None)}")
            else:
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
        elif cmd == "cancel":
            await self.show(await svc.cancel(CHANNEL, self.actor()))
        elif cmd == "as":
            self.acting = None if not args or args[0] == "auto" else args[0]
            self.say(f"Acting as {self.acting or 'whoever must decide'}.")
            unseated = await self._no_seat(self.acting) if self.acting else None
            if unseated:
                self.say("✖ " + unseated)
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
            if not args:
                await self.show(await svc.board(CHANNEL), options=False)
                return None
            seat, refusal = await self._seat_named(arg)
            if seat is None:
                self.say("✖ " + (refusal or "There is no game to show in this channel."))
                return None
            e = await svc.reading.viewable(CHANNEL)
            assert e is not None
            await self.show(await svc.player_board(CHANNEL, e.game.name(seat)), options=False)
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
            word = args[0].lower() if args else "on"
            if word not in ("on", "yes", "true", "off", "no", "false") or len(args) > 1:
                raise Usage(f"mute [on|off] (`{short(' '.join(args))}` is neither)")
            on = word in ("on", "yes", "true")
            await self.show(await svc.mute(CHANNEL, await self.decider(), on))
        elif cmd == "export":
            r = await svc.export(CHANNEL, self.actor())
            failed = write_export(r, args[0]) if r.file and args else None
            if failed:
                self.say(failed)
                return None
            await self.show(r)
        elif cmd == "import":
            if not args:
                raise Usage("import <file exported with `export`>")
            await self.import_from(Path(arg))
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
            if await self._is_option_words(line.strip()):
                self.say(
                    f"✖ Unknown command `{words[0]}`. To answer with an option's words,"
                    f" type `play {short(line.strip(), 60)}`; `options` lists them."
                )
            else:
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

    async def _is_option_words(self, ref: str) -> bool:
        """Does ``ref`` begin the words of an option of the pending decision (as
        `play <label>` takes them)? Not any few letters found inside one."""
        assert self.svc is not None
        e = await self.svc.games.entry(CHANNEL)
        d = e.game.decision if e is not None else None
        option = self.svc.resolve(d, ref) if d is not None else None
        return option is not None and option.label.lower().startswith(ref.lower())

    async def import_from(self, path: Path) -> None:
        """Import an exported game into the terminal's channel, with one-line errors."""
        assert self.store is not None and self.svc is not None
        rec = await import_file(self.store, path)
        if isinstance(rec, str):
            self.say(rec)
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


class Stopped(Exception):
    """A stop signal came while the session waited for a line."""


def names_file(db: str) -> Path | None:
    """Where the names typed are kept between sessions: beside a SQLite file; for
    a database server, in the working directory, named after its database (its
    URL is no file name, and may hold a password)."""
    if db == ":memory:":
        return None
    if is_postgres_url(db):
        name = re.sub(r"[^\w.-]", "_", urlsplit(db).path.strip("/")) or "postgres"
        return Path(f"black_angel.{name}.names.json")
    return Path(db + ".names.json")


def _skip_rest_of_line(lines: IO[str]) -> int:
    """Read and drop the rest of an overlong line, a piece at a time; its length."""
    skipped = 0
    while True:
        piece = lines.readline(MAX_LINE)
        skipped += len(piece.removesuffix("\n"))
        if not piece or piece.endswith("\n"):
            return skipped
