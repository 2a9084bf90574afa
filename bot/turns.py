"""Each channel's public turn message: posted, edited, its images drawn in.

- within a turn the turn message is edited (text and components), its lines
  kept: it reads as the whole turn so far above the decision now (each edit
  brings only the last click's lines; a channel read later would show a turn
  by its last decision alone); a new turn, a new image or a new player to
  ping posts a fresh message (edits do not ping);
- a decision's images are drawn in the background and edited in when ready,
  never over a newer decision (bot/service/drawing.py);
- while bot seats make slow moves, one message shows their moves so far; the
  update that follows replaces it;
- a post that fails keeps the game playable: the old message is edited to
  show the new state and buttons, and the caller says what went wrong.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
import re
from dataclasses import dataclass, field
from typing import Any

import discord

from bot.answers import files_kw, reply_files, reply_mentions
from bot.service import GameService, Reply, TurnPrompt
from bot.service.format import command
from bot.text import clip_message
from bot.views import decision_embeds, decision_view, tools_view

log = logging.getLogger(__name__)

#: a prompt line's turn timeout (bot/service/games.py prompt_line; Discord's time)
DEADLINE = re.compile(r" — auto-play <t:\d+:R>$")


@dataclass
class TurnMessage:
    """The channel's public message of the pending decision."""

    message: Any  # discord.Message
    game_id: int
    decider: int | None
    revision: int | None = None  # the game's revision at the decision it shows
    turn: TurnPrompt | None = None
    #: Drawing.key of that decision's images, and of the images on the message
    #: (None: none); equal when its images are the decision's own
    wants: str | None = None
    shows: str | None = None
    drawing: bool = False  # its images are being drawn (bot/service/drawing.py)
    page: int = 0  # the page of options it lists
    keep_text: bool = False  # a moderator's notice: never edited with a newer text
    #: the lines it shows above its prompt: the turn so far (see the module doc)
    said: list[str] = field(default_factory=list)
    prompt: list[str] = field(default_factory=list)  # its ➡️ line, if it ends with one

    def image_state(self) -> str:
        """What its footer may say of its image (bot/prompt.py IMAGE_STATES)."""
        if self.wants is not None and self.shows == self.wants:
            return "shown"
        return "coming" if self.drawing else "none"


class TurnMessages:
    """The turn message of every channel (see the module doc)."""

    def __init__(self, service: GameService, client: Any = None) -> None:
        self.svc = service
        self.client = client
        self.by_channel: dict[int, TurnMessage] = {}
        #: channel -> the message showing bot seats' moves while they are made
        self.progress_msgs: dict[int, Any] = {}
        #: channel -> held while its turn message is edited: an image edited in
        #: later never lands after a newer decision's edit (bot/service/drawing.py)
        self.edit_locks: dict[int, asyncio.Lock] = {}
        self.drawings: set[asyncio.Future[Any]] = set()  # images being edited in

    def get(self, cid: int) -> TurnMessage | None:
        return self.by_channel.get(cid)

    def forget(self, cid: int) -> TurnMessage | None:
        """The channel's game ended or lost its channel: the next update posts
        anew. The message it showed, if any."""
        return self.by_channel.pop(cid, None)

    async def take_buttons_away(self, cid: int) -> None:
        """The channel's game went or stopped (a moderator's end, move or
        pause): its turn message keeps its words but loses its buttons, which
        would find no game (or only hear it is paused), and its auto-play
        deadline, which would count down to nothing here; the next update (a
        resume's prompt) posts anew. A message Discord refuses to edit keeps
        them; a click there is told why."""
        tracked = self.forget(cid)
        if tracked is None or tracked.message is None:
            return
        async with self.edit_lock(cid):
            with contextlib.suppress(discord.HTTPException):
                await tracked.message.edit(view=None, **self._answered(tracked, tracked.message))

    async def bot_progress(self, channel_id: int, text: str) -> None:
        """Bot seats at work (called by the service while it holds the game): the
        moves so far and who is thinking, in one message posted at the first
        call and edited after. The update that follows replaces it."""
        if self.client is None:
            return
        channel = self.client.get_channel(channel_id)
        if channel is None:
            return
        text = clip_message(text)
        try:
            msg = self.progress_msgs.get(channel_id)
            if msg is None:
                tracked = self.by_channel.get(channel_id)
                if tracked is not None:  # no more clicks on the decision just made
                    with contextlib.suppress(discord.HTTPException):
                        await tracked.message.edit(view=None)
                self.progress_msgs[channel_id] = await channel.send(
                    text, allowed_mentions=discord.AllowedMentions.none()
                )
            else:
                await msg.edit(content=text)
        except discord.HTTPException as exc:
            log.info("channel %s: bot progress not shown: %s", channel_id, exc)

    def edit_lock(self, cid: int) -> asyncio.Lock:
        lock = self.edit_locks.get(cid)
        if lock is None:
            lock = self.edit_locks[cid] = asyncio.Lock()
        return lock

    async def post(self, channel: Any, reply: Reply, *, pressed: Any = None) -> Any:
        """Post or edit the channel's turn message for a game update; the message."""
        cid = int(getattr(channel, "id", 0) or 0)
        progress = self.progress_msgs.pop(cid, None)
        try:
            async with self.edit_lock(cid):
                return await self._post(channel, cid, reply, pressed)
        finally:
            if progress is not None:  # the bots' moves are in this update: it replaces them
                with contextlib.suppress(discord.HTTPException):
                    await progress.delete()

    def _track(self, tracked: TurnMessage, reply: Reply, shows: str | None) -> None:
        """What the turn message shows now: ``reply``'s decision, with the
        images ``shows`` (a Drawing.key, None: none); its own images are still
        to come when they are not those (:meth:`_draw_in` starts them)."""
        turn = reply.turn
        drawing = reply.drawing
        tracked.decider = turn.user_id if turn is not None else None
        tracked.revision = turn.revision if turn is not None else None
        tracked.turn = turn
        tracked.page = 0
        tracked.shows = shows
        tracked.wants = reply.image_key or (drawing.key if drawing is not None else None)
        tracked.drawing = drawing is not None and shows != tracked.wants

    def _draw_in(self, tracked: TurnMessage, reply: Reply) -> None:
        """Draw the decision's images in the background and edit them into
        ``tracked`` when done (:meth:`_edit_in`)."""
        drawing = reply.drawing
        if drawing is None or not tracked.drawing:
            return
        task = asyncio.ensure_future(
            self._edit_in(tracked, drawing, self.svc.images.draw_later(drawing))
        )
        self.drawings.add(task)
        task.add_done_callback(self.drawings.discard)

    async def _edit_in(self, tracked: TurnMessage, drawing: Any, images: Any) -> None:
        """The drawn images of a decision, into its turn message, if it still
        shows that decision (never with a newer decision's options); dropped
        otherwise. Without them (the drawing failed) the footer stops saying
        they are coming."""
        pngs = await images
        cid = drawing.channel_id
        async with self.edit_lock(cid):
            if (
                self.by_channel.get(cid) is not tracked
                or tracked.game_id != drawing.game_id
                or tracked.revision != drawing.revision
                or tracked.wants != drawing.key
                or not tracked.drawing
            ):
                return  # a newer decision (or message) replaced it: dropped
            tracked.drawing = False
            edit: dict[str, Any] = {}
            if pngs is not None:
                edit["attachments"] = [
                    discord.File(io.BytesIO(png), filename=name) for name, png in pngs
                ]
                tracked.shows = drawing.key
            if tracked.turn is not None and tracked.turn.options:
                edit["embeds"] = decision_embeds(tracked.turn, tracked.page, tracked.image_state())
            if not edit:
                return
            try:
                await tracked.message.edit(**edit)
            except discord.HTTPException as exc:
                tracked.shows = None
                log.info("channel %s: the decision's image not edited in: %s", cid, exc)

    async def _post(self, channel: Any, cid: int, reply: Reply, pressed: Any) -> Any:
        """The turn message posted or edited for ``reply`` (lock held)."""
        turn = reply.turn
        view = decision_view(turn, private=False) if turn is not None else None
        tracked = self.by_channel.get(cid)
        decider = turn.user_id if turn is not None else None
        game_id = turn.game_id if turn is not None else (tracked.game_id if tracked else 0)
        need_new = (
            reply.new_turn
            or reply.file is not None
            or tracked is None
            or tracked.game_id != game_id
            or (bool(reply.ping) and tracked.decider != decider)
            or tracked.keep_text
        )
        if not need_new and tracked is not None:
            try:
                edit: dict[str, Any] = {}
                files = reply_files(reply)
                drawing = reply.drawing
                if files:  # the decision's own images, numbers and all
                    edit["attachments"] = files
                    shows = reply.image_key
                elif drawing is not None and drawing.key == tracked.shows:
                    shows = tracked.shows  # the same images: kept, not drawn again
                elif drawing is not None:
                    edit["attachments"] = []  # the last decision's images go with it
                    shows = None
                else:  # no images at all (rendering off)
                    shows = tracked.shows
                self._track(tracked, reply, shows)
                self._draw_in(tracked, reply)  # drawn while the text goes out
                embeds = decision_embeds(turn, 0, tracked.image_state())
                said, prompt = _said(reply.text)
                text = clip_message(
                    "\n".join(tracked.said + said + prompt),
                    log_hint=command(self.svc.fmt, "log"),
                )
                await tracked.message.edit(content=text, view=view, embeds=embeds, **edit)
                tracked.said += said
                tracked.prompt = prompt
                return tracked.message
            except discord.HTTPException:
                log.info("channel %s: turn message gone; posting a new one", cid)
        old = tracked.message if tracked is not None else pressed
        if not game_id:  # e.g. the game just ended, and the bot restarted since its last post
            game_id = await self.svc.current_game_id(cid) or 0
        if view is None and game_id and not reply.file:
            view = tools_view(game_id)
        kwargs = files_kw(reply)
        if view is not None:
            kwargs["view"] = view
        said, prompt = _said(reply.text)
        fresh = TurnMessage(
            None, game_id, decider, keep_text=reply.keep_text, said=said, prompt=prompt
        )
        self._track(fresh, reply, reply.image_key if reply.image is not None else None)
        embeds = decision_embeds(turn, 0, fresh.image_state())
        if embeds:
            kwargs["embeds"] = embeds
        try:
            msg = await channel.send(
                reply.text or "…", allowed_mentions=reply_mentions(reply), **kwargs
            )
        except discord.HTTPException:
            # Keep the game playable: the old message shows the new state and
            # buttons (an edit of our own message needs neither Send Messages nor
            # Attach Files); the caller tells the user what went wrong.
            if old is not None and turn is not None:
                with contextlib.suppress(discord.HTTPException, AttributeError, TypeError):
                    kept = TurnMessage(old, turn.game_id, decider)
                    self._track(kept, reply, None)
                    await old.edit(
                        content=reply.text or "…",
                        view=view,
                        embeds=decision_embeds(turn, 0, kept.image_state()),
                        attachments=[],
                    )
                    self.by_channel[cid] = kept
                    self._draw_in(kept, reply)
            raise
        if old is not None:
            with contextlib.suppress(discord.HTTPException, AttributeError, TypeError):
                await old.edit(view=None, **self._answered(tracked, old), **_listed(tracked))
        if turn is not None:
            fresh.message = msg
            self.by_channel[cid] = fresh
            self._draw_in(fresh, reply)
        else:
            self.by_channel.pop(cid, None)
        return msg

    def _answered(self, tracked: TurnMessage | None, old: Any) -> dict[str, Any]:
        """``content=`` for a turn message whose decision was answered (a newer
        message follows): its prompt without the auto-play deadline, which
        would go on reading 'in 2 days' (then '2 days ago') above a decision
        nobody waits for; nothing when it has none."""
        if tracked is not None:
            lines = tracked.said + tracked.prompt
        else:  # after a restart: the message pressed, as it reads
            lines = str(getattr(old, "content", "") or "").splitlines()
        if not lines or not DEADLINE.search(lines[-1]):
            return {}
        lines[-1] = DEADLINE.sub("", lines[-1])
        return {"content": clip_message("\n".join(lines), log_hint=command(self.svc.fmt, "log"))}


def _listed(tracked: TurnMessage | None) -> dict[str, Any]:
    """``embeds=`` for a turn message a newer one followed: its options stay
    listed, their footer no longer saying 'the numbers match the buttons'
    (they are gone); nothing when it lists none (or is not known: a restart)."""
    if tracked is None or tracked.turn is None or not tracked.turn.options:
        return {}
    return {"embeds": decision_embeds(tracked.turn, tracked.page, "answered")}


def _said(text: str) -> tuple[list[str], list[str]]:
    """A reply's text as the lines it tells and its prompt (the ➡️ line that
    ends it, if it does): a turn message keeps the first and shows the newest
    of the second."""
    lines = text.splitlines()
    if lines and lines[-1].startswith("➡️"):
        return lines[:-1], lines[-1:]
    return lines, []
