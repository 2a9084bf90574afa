"""Answering the pending decision (buttons, ``/ba play``) and undo."""

from __future__ import annotations

import asyncio
import dataclasses
import logging
from typing import Any

import engine
from bot.service.format import command
from bot.service.games import LiveGames
from bot.service.helpers import (
    counts,
    kept_for_good,
    turn_key,
)
from bot.service.model import (
    Actor,
    Entry,
    GameSetAside,
    Reply,
    fail,
    refusing,
)
from bot.service.write import WritePath
from engine import Action, Decision, IllegalActionError
from storage import (
    ACTIVE_STATUSES,
    ConflictError,
    CorruptGameError,
    GameStatus,
    StorageError,
)

log = logging.getLogger(__name__)


class Play:
    """Answering the pending decision (buttons, ``/ba play``) and undo."""

    def __init__(self, games: LiveGames, write: WritePath) -> None:
        self.games = games
        self.write = write

    def resolve(self, d: Decision, ref: str) -> engine.Option | None:
        """An option by id, by 1-based number, or by a unique label match."""
        ref = ref.strip()
        o = d.option(ref)
        if o is not None:
            return o
        # isdigit() is also true for "²", "③": only ASCII digits are numbers here
        if ref.isascii() and ref.isdigit():
            # a number past the last option is a mistyped number, never a label
            # holding it ("3" in "Flip your orange 3 to 1")
            n = int(ref)
            return d.options[n - 1] if 1 <= n <= len(d.options) else None
        low = ref.lower()
        hits = [o for o in d.options if o.label.lower().startswith(low)] or [
            o for o in d.options if low in o.label.lower()
        ]
        return hits[0] if len(hits) == 1 else None

    def _paused(self) -> str:
        # paused by a moderator, or by the bot when it lost a permission here
        return f"The game is paused: a moderator resumes it with {command(self.games.fmt, 'mod resume')}."

    def _stale(self, e: Entry) -> str:
        """A click from an older state: said with the pause that made it old,
        if the game is paused (its panels' buttons then never work again)."""
        if e.record.status is GameStatus.PAUSED:
            return f"This choice is no longer current. {self._paused()}"
        return "This choice is no longer current."

    @refusing
    async def choose(
        self,
        channel_id: int,
        actor: Actor,
        ref: str,
        *,
        game_id: int | None = None,
        revision: int | None = None,
        version: int | None = None,
    ) -> Reply:
        """Answer the pending decision for ``actor``. With ``game_id``/``revision``
        (a button), a click from an older state is refused as stale, also after
        an undo or rollback (a revision never comes back). ``version`` (the
        number of actions) is checked too if given, e.g. by ``bench/bot.py``."""
        seen = self.games.cache.get(channel_id)
        if (
            seen is not None
            and revision is not None
            and game_id == seen.record.id
            and revision < seen.revision
        ):
            # A revision never comes back: a double click is refused at once,
            # not after the bots holding the game have played (issue 25).
            return fail(self._stale(seen))
        async with self.games.lock(channel_id):
            try:
                # a click newer than the cache reads the game again: judged against the store
                e = await self.games.fresh(channel_id, game_id, revision)
            except GameSetAside as exc:
                return fail(str(exc))
            except StorageError as exc:
                log.error("channel %s: cannot load the game: %s", channel_id, exc)
                return fail("This game cannot be loaded right now; the moderators can export it.")
            if e is None:
                if game_id is not None:
                    return fail(await self._gone(game_id, channel_id))
                return fail(await self.games.not_running(channel_id))
            if (
                (game_id is not None and game_id != e.record.id)
                or (revision is not None and revision != e.revision)
                or (version is not None and version != e.version)
            ):
                return fail(self._stale(e))
            if e.record.status is GameStatus.PAUSED:
                return fail(self._paused())
            seat = e.seat_of(actor.user_id)
            if seat is None:
                return fail(self.games.not_playing(e, actor.user_id))
            d = e.game.decision
            if d is None:
                return fail("The game is over.")
            if d.seat != seat:
                return fail(self.games.not_yours(e, d.seat))
            option = self.resolve(d, ref)
            if option is None:
                return fail(f"{_not_an_option(ref, len(d.options))} {d.prompt}")
            reply = Reply("")
            try:
                await self.write.apply(e, Action(seat, option.id), actor.user_id, reply, d)
                await self.write.auto(e, reply)
            except IllegalActionError as exc:
                return fail(str(exc))
            except ConflictError:
                self.games.drop(channel_id)
                return fail("This choice is no longer current.")
            except Exception:
                log.exception("game %s: unexpected error applying %r", e.record.id, option.id)
                self.games.drop(channel_id)
                return fail("Something went wrong; the game is unchanged. Please try again.")
            if e.settings.timeouts_of(seat) is not None:
                await self._played_in_time(e, seat)
            await self.write.finish_reply(e, reply)
            return reply

    async def _played_in_time(self, e: Entry, seat: int) -> None:
        """The player decided themselves: their timeouts in a row start again."""
        await self.games.store.clear_timeouts(e.record.id, seat)
        e.settings = dataclasses.replace(
            e.settings, timeouts=tuple(t for t in e.settings.timeouts if t.seat != seat or t.away)
        )

    async def _gone(self, game_id: int, channel_id: int) -> str:
        """Why a button of game ``game_id`` no longer acts in this channel: the
        game is over, or a moderator moved it elsewhere (play goes on there)."""
        try:
            rec = await self.games.store.get_game(game_id)
        except StorageError:  # not found, or unreadable: said as over
            rec = None
        if rec is not None and rec.status in ACTIVE_STATUSES and rec.channel_id != channel_id:
            return f"Game #{game_id} was moved to <#{rec.channel_id}>: it goes on there."
        return "This choice is no longer current (that game is over)."

    @refusing
    async def undo(self, channel_id: int, actor: Actor) -> Reply:
        async with self.games.lock(channel_id):
            e = await self.games.current(channel_id)
            if e is None:
                return fail(await self.games.not_running(channel_id))
            if e.record.status is not GameStatus.RUNNING:
                return fail("The game is paused.")
            seat = e.seat_of(actor.user_id)
            if seat is None:
                return fail(self.games.not_playing(e, actor.user_id))
            rec = e.record
            try:
                h = await self.games.store.read_history(rec.id)
            except CorruptGameError as exc:
                await self.games.set_aside(exc)
                self.games.drop(channel_id)
                return fail(str(GameSetAside(rec.id, exc.reason, self.games.fmt)))
            actions = h.actions
            if h.base + len(actions) != e.version:  # another process changed it: look again
                self.games.drop(channel_id)
                return fail("The game changed meanwhile; nothing was taken back. Look again.")
            if not actions:
                if h.base:
                    return fail(
                        f"There is nothing to undo: moves 1-{h.base} were lost to damage and"
                        f" the game's record resumes after move {h.base}; nothing can go back"
                        " before it."
                    )
                return fail("There is nothing to undo.")
            last = actions[-1]
            if last.seat != seat:
                return fail("You can only take back your own decisions, before anyone else acts.")
            if last.user_id != actor.user_id:  # the seat's holder before a replacement, or the bot
                by = "the bot" if last.user_id is None else self.games.fmt.mention(last.user_id)
                return fail(
                    f"That decision was taken by {by}, not by you: you can only take back your"
                    f" own. A moderator can roll it back ({command(self.games.fmt, 'mod rollback')})."
                )

            def check() -> tuple[str | None, dict[str, Any], str]:
                g = h.start
                for a in actions[:-1]:
                    g.apply(Action.from_json(a.action))
                state = g.to_json()  # stored with the cut: the next load needs no replay
                before, seen = turn_key(g), counts(g)
                events = g.apply(Action.from_json(last.action))
                if g.to_json() != e.game.to_json():
                    raise CorruptGameError(rec.id, "its log does not replay to the game served")
                why = kept_for_good(before, seen, g, events)
                if why:
                    return why, state, ""
                # what the channel read of it (public lines only: nothing private happened)
                return None, state, " ".join(ev.text for ev in events if ev.text)

            try:
                why, state, said = await asyncio.to_thread(check)
            except Exception as exc:  # the log no longer replays: set the game aside
                err = (
                    exc
                    if isinstance(exc, CorruptGameError)
                    else CorruptGameError(
                        rec.id, f"its log does not replay: {type(exc).__name__}: {exc}"
                    )
                )
                await self.games.set_aside(err)
                self.games.drop(channel_id)
                return fail(str(GameSetAside(rec.id, err.reason, self.games.fmt)))
            if why:
                return fail(why)
            try:
                await self.write.truncate(e, e.version - 1, "undo", state)
            except ConflictError:
                return fail("The game changed meanwhile; nothing was taken back. Look again.")
            except Exception:
                log.exception("game %s: undo failed", rec.id)
                return fail("Undo failed; the game is unchanged.")
            e2 = await self.games.load(channel_id)
            assert e2 is not None
            what = f": {said}" if said else "."
            reply = Reply(f"↩️ {self.games.who(e2, seat)} takes back their last decision{what}\n")
            await self.write.finish_reply(e2, reply)
            return reply


def _not_an_option(ref: str, count: int) -> str:
    """Why ``ref`` answers nothing: a number names the numbers there are."""
    number = ref.strip()
    if not (number.isascii() and number.isdigit()):
        return f"'{ref}' is not one of your options now."
    shown = number if len(number) <= 12 else f"{number[:12]}…"
    there = "the only option is 1" if count == 1 else f"the options are 1 to {count}"
    return f"There is no option {shown}: {there}."
