"""Changing a game: the one locked write path (actions, and every other change),
the bot's automatic moves, the reply after a change, cutting the log."""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from bot import text as T
from bot.service.botplay import BotPlayer, public_choice
from bot.service.format import final_parts
from bot.service.games import LiveGames
from bot.service.helpers import counts, kept_for_good, replace_record, turn_key
from bot.service.images import Images
from bot.service.model import Entry, Reply, command, is_bot
from engine import Action, Decision, Event, IllegalActionError
from storage import GameStatus

log = logging.getLogger(__name__)

#: options that stop or decline ('Destroy no more', 'Move no ship', 'End your
#: turn'): told even when events follow, which are not theirs (the card drawn
#: as the action ends, the next turn's), or the channel read 'Blue performs
#: action 5, Destroy Ravagers, with 1 activation. Blue draws …' with Ravagers
#: left and no word that Blue stopped
STOPS = frozenset({"done", "skip"})

R = TypeVar("R")
Progress = Callable[[int, str], Awaitable[None]]

#: A bot move not chosen within this many seconds is shown as thinking (issue 25:
#: a visible line within a second of the click); quicker moves show no progress.
THINKING_AFTER = 0.4

#: How the game ended, in words (the engine's ``end_trigger``).
END_REASONS = {
    "spes": "the Black Angel reached Spes",
    "ravagers": "the Ravager deck ran out",
}


async def _real_wait(task: asyncio.Future[Any], seconds: float) -> None:
    """Wait for ``task`` at most ``seconds`` of real time, as the person waiting
    counts them (the event loop's clock may be a test's, standing still while
    the bot thinks in its thread). The timer is a thread of its own that ends
    when cancelled, so it never holds up an executor the bot's search needs."""
    loop = asyncio.get_running_loop()
    late = asyncio.Event()
    timer = threading.Timer(seconds, loop.call_soon_threadsafe, args=(late.set,))
    timer.daemon = True
    timer.start()
    waiter = asyncio.ensure_future(late.wait())
    try:
        await asyncio.wait({task, waiter}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        timer.cancel()
        waiter.cancel()


#: Engine events the final message tells itself (with the scores): not repeated above it.
ENDED_IN_RESULT = frozenset({"game_over"})


def paused_means(fmt: Any) -> str:
    """What a pause holds, and how it ends: said when a game is paused, and on
    every change a moderator makes while it is (a player sees no prompt then)."""
    return (
        "nobody can play, and no reminder or turn timeout runs, until a moderator "
        f"resumes it with {command(fmt, 'mod resume')}."
    )


class WritePath:
    """The one way a game changes: under the channel's lock, stored first.

    An action (:meth:`apply`) is applied to the cached game and appended with
    the revision it was computed from; while the append is in flight the entry
    is marked busy and readers wait for the lock, so a reader never sees a
    state the database does not hold (a failed append drops the entry).
    Every other change (undo, rollback, pause, resume, replace, remove, end,
    repair) goes through :meth:`change`:
    the storage call checks and bumps the revision in one transaction, then the
    game is read back from storage, so the engine game, the record and the
    seats served afterwards are exactly the stored ones. On any failure the
    cached game is dropped; the next use reads it again.

    It plays the bot's seats too (:meth:`auto`), so a game never waits on a
    seat nobody holds.
    """

    def __init__(
        self,
        games: LiveGames,
        images: Images,
        bots: BotPlayer,
        ended: Callable[[Entry], Awaitable[str]] | None = None,
    ) -> None:
        self.games = games
        self.images = images
        self.bots = bots
        #: called once a game is over, for a line of the final message (ratings, issue 28)
        self.ended = ended
        #: ``(channel, text)``: the bot seats' moves so far and who is thinking,
        #: for a front end to show while a slow bot plays (see :meth:`bot_move`)
        self.on_progress: Progress | None = None

    async def apply(
        self,
        e: Entry,
        action: Action,
        user_id: int | None,
        reply: Reply,
        d: Decision,
        *,
        echo: bool = True,
    ) -> None:
        """Apply + append (lock held); fills ``reply`` with what happened."""
        cid = e.record.channel_id
        g = e.game
        before, seen = turn_key(g), counts(g)
        # From here until the append commits, the cached game is ahead of the
        # database: readers that find it busy wait for the channel's lock.
        e.busy = True
        try:
            try:
                events = g.apply(action)
            except IllegalActionError:
                raise  # the engine changed nothing
            except Exception:
                self.games.drop(cid)
                raise
            try:
                res = await self.games.store.append_action(
                    e.record.id,
                    e.version,
                    action.seat,
                    user_id,
                    action.to_json(),
                    g.to_json,
                    result=g.result if g.is_over else None,
                    expected_revision=e.revision,
                )
            except BaseException:
                self.games.drop(cid)  # the applied game is not the stored one: read it again
                raise
            status = GameStatus.FINISHED if res.finished else e.record.status
            e.record = replace_record(
                e.record,
                version=res.version,
                revision=res.revision,
                updated_at=self.games.clock(),
                status=status,
            )
        finally:
            e.busy = False
        if echo and not d.secret and (action.option in STOPS or not any(ev.text for ev in events)):
            # A choice with no event of its own ("End your turn") is told as
            # the bot's moves are: of the seat, in the public words (the option
            # is one of d's: the engine accepted it).
            move = public_choice(d, action.option)
            end = "" if move.endswith((".", "!", "?", "…")) else "."  # a sentence, as the events
            reply.text += f"{e.game.name(action.seat)} chooses: {move}{end}\n"
        self.events(e, events, reply)
        reply.notes += forced_notes(e, action, events)
        if turn_key(g) != before:
            reply.new_turn = True
        mine = user_id is not None and kept_for_good(before, seen, g, events) is None
        e.takeback = (e.revision, action.seat, user_id) if mine else (e.revision, None, None)
        if res.finished:
            self.games.drop(cid)

    async def change(self, e: Entry, op: Callable[[int], Awaitable[R]]) -> R:
        """Run ``op(expected_revision)`` (a storage call that checks the revision
        and bumps it) for the cached game ``e``, lock held. The cached game is
        dropped whatever happens: call :meth:`LiveGames.load` for the stored one.
        :class:`ConflictError` if the game changed since ``e`` was read."""
        try:
            return await op(e.revision)
        finally:
            self.games.drop(e.record.channel_id)

    def events(self, e: Entry, events: list[Event], reply: Reply) -> None:
        lines = [ev.text for ev in events if ev.text]
        if e.log is not None:
            e.log.extend(lines)
        # The end is told once, by the final message's scores (result_text):
        # the engine's "The game is over. Red wins…" stays in the log only.
        shown = [ev.text for ev in events if ev.text and ev.kind not in ENDED_IN_RESULT]
        if shown:
            reply.text += "\n".join(shown) + "\n"
        for ev in events:
            if ev.private and ev.seat is not None and 0 <= ev.seat < len(e.seats):
                uid = e.user(ev.seat)
                if not is_bot(uid):
                    reply.add_private(uid, ev.private)

    async def auto(self, e: Entry, reply: Reply, *, limit: int = 2000) -> int:
        """Play the decisions of the seats the bot holds (bot seats, removed
        players) until a person must decide. Returns how many it played."""
        n = 0
        shown = [False]  # once a move was slow, every later one is shown as it comes
        while e.record.status is GameStatus.RUNNING and not e.game.is_over and n < limit:
            d = e.game.decision
            if d is None or not is_bot(e.user(d.seat)):
                break
            await self.bot_move(e, d, reply, shown=shown)
            n += 1
        return n

    async def bot_move(
        self,
        e: Entry,
        d: Decision,
        reply: Reply,
        level: str | None = None,
        *,
        shown: list[bool] | None = None,
    ) -> None:
        """One bot move for the deciding seat, announced, applied and logged.
        A move that takes long (a strong bot) is shown while it is chosen:
        ``on_progress`` gets the moves so far and "🤖 Yellow is thinking…"."""
        _end_line(reply)  # the bot's line is a line of its own (after the start's seat list)
        choosing = asyncio.ensure_future(self.bots.option(e, d.seat, level))
        if self.on_progress is not None and shown is not None:
            if not shown[0]:
                await _real_wait(choosing, THINKING_AFTER)
            if not choosing.done():
                shown[0] = True
                await self.progress(e, f"{reply.text}🤖 {e.game.name(d.seat)} is thinking…")
        option = await choosing
        reply.text += self.bots.line(e, d, option)
        await self.apply(e, Action(d.seat, option), None, reply, d, echo=False)
        if shown is not None and shown[0]:
            await self.progress(e, reply.text)

    async def progress(self, e: Entry, text: str) -> None:
        """Tell the front end (never fails the move)."""
        if self.on_progress is None:
            return
        try:
            await self.on_progress(e.record.channel_id, text.strip())
        except Exception:
            log.exception("game %s: showing the bots' progress failed", e.record.id)

    async def play_on(self, e: Entry, reply: Reply, *, render: bool = False) -> None:
        """After a change to the table (start, resume, a seat handed over or taken
        back, rollback, a move): the bot's seats play until a person must decide,
        then the reply gets the next prompt (or the end), the ping and the image."""
        await self.auto(e, reply)
        await self.finish_reply(e, reply, render=render)

    async def finish_reply(self, e: Entry, reply: Reply, *, render: bool = False) -> None:
        """Add the next prompt / the end of the game, the ping and the image."""
        _end_line(reply)
        if reply.notes:
            reply.text += "".join(f"{line}\n" for line in reply.notes)
            reply.said_notes += reply.notes
            reply.notes.clear()
        if e.game.is_over:
            reply.new_turn = True
            reply.over = True
            reply.text += self.result_text(e)
            if self.ended is not None:
                try:
                    line = await self.ended(e)
                except Exception:  # the game is saved; the ratings catch up on the next read
                    log.exception("game %s: rating the finished game failed", e.record.id)
                    line = ""
                if line:
                    reply.text += "\n" + line
            # the end pings every person still here (a member who left, or who
            # muted the game, is muted: issue 24)
            reply.ping = [
                s.user_id
                for s in e.seats
                if not is_bot(s.user_id) and s.user_id not in e.settings.muted
            ]
            reply.image = await self.images.board_png(e)
            reply.image_name = "final.png"
            # a timeout that plays the rest of the game says every move: keep
            # the result (the end) within Discord's 2,000 characters too
            reply.text = T.clip_message(reply.text.strip(), log_hint=command(self.games.fmt, "log"))
            return
        p = self.games.prompt(e)
        reply.turn = p
        if p is not None:
            reply.text += self.games.prompt_line(p)
            if not is_bot(p.user_id) and p.user_id not in e.settings.muted:
                reply.ping = [p.user_id]
        elif e.record.status is GameStatus.PAUSED:  # no prompt: say why nobody is asked
            reply.text += f"⏸️ The game is still paused: {paused_means(self.games.fmt)}\n"
        # The table beside the decision is of that decision (its prompt, its
        # places numbered as its options are listed). A new turn's comes with
        # the reply; within a turn the click is answered at once and the front
        # end edits the images in when drawn (bot/service/drawing.py).
        drawing = self.images.snapshot(e)
        if drawing is not None and (reply.new_turn or render):
            (reply.image_name, reply.image), *reply.more_images = await self.images.draw_now(
                drawing
            )
            reply.image_key = drawing.key
        elif p is not None:  # a decision to show (not paused)
            reply.drawing = drawing
        reply.text = T.clip_message(reply.text.strip(), log_hint=command(self.games.fmt, "log"))

    def result_text(self, e: Entry) -> str:
        res = e.game.result or {}
        scores = res.get("scores", [])
        winners = res.get("winners", [])
        ranking = sorted(range(len(scores)), key=lambda s: -scores[s])
        why = END_REASONS.get(str(res.get("end")), "")
        lines = ["🏁 **The game is over**" + (f": {why}." if why else "")]
        parts = {int(b.get("seat", -1)): final_parts(b) for b in res.get("breakdown", [])}
        for s in ranking:
            how = f" ({parts[s]})" if parts.get(s) else ""
            lines.append(
                f"{'🏆 ' if s in winners else ''}{self.games.who(e, s)}: {scores[s]} VP{how}"
            )
        names = " and ".join(self.games.who(e, s) for s in winners)
        best = max(scores, default=0)
        tie = (
            " (a tie is Hal's: the player must score more)"
            if scores.count(best) > len(winners)
            else ""
        )
        lines.append(
            f"Winner{'s' if len(winners) > 1 else ''}: {names}{tie}. The game is archived."
        )
        return "\n".join(lines)

    async def truncate(
        self, e: Entry, keep: int, why: str, state: dict[str, Any] | None = None
    ) -> None:
        """Cut the game's action log to its first ``keep`` actions, in place.

        One storage transaction; the game keeps its id, and its revision goes
        up, so every button shown before (which carries the old revision)
        answers "no longer current", even once the log grows back. ``state``:
        the engine state at ``keep``, stored with the cut. Runs under the
        channel lock; the cached game is dropped (the caller reloads it).
        """
        await self.change(
            e,
            lambda rev: self.games.store.truncate_actions(
                e.record.id, keep, e.version, expected_revision=rev, snapshot=state
            ),
        )
        log.info("game %s: log cut to %s actions (%s)", e.record.id, keep, why)


def forced_notes(e: Entry, action: Action, events: list[Event]) -> list[str]:
    """A Sequence B the engine played for a seat (its only option: no die it
    could take and use, none it could buy), said plainly with what it did
    (B.1: the VP lost, the dice rolled): the events themselves may be clipped
    out of a long message, other seats' moves between, and nobody clicked it."""
    notes = []
    for i, ev in enumerate(events):
        if ev.kind != "sequence_b" or ev.seat is None:
            continue
        if ev.seat == action.seat and action.option == "B":
            continue
        did = []
        for after in events[i + 1 :]:
            if after.seat == ev.seat and after.kind in ("vp_lost", "roll"):
                did.append(after.text)
            if after.kind == "roll":
                break
        notes.append(
            f"⚠️ {e.game.name(ev.seat)} had no die they could use and none they could buy:"
            " Sequence B was played for them." + "".join(f" {text}" for text in did)
        )
    return notes


def _end_line(reply: Reply) -> None:
    """What follows starts a line of its own."""
    if reply.text and not reply.text.endswith("\n"):
        reply.text += "\n"
