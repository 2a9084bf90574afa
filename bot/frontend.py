"""Discord glue: turn interactions into service calls and Replies into messages.

The rules of the flow (see ARCHITECTURE.md, Bot):

- a reply's visibility is decided before the first byte (see
  :mod:`bot.cogs.respond`): a refusal is ephemeral, a public result public;
- a game update goes to the channel: within a turn the turn message is edited
  (text and components); a new turn, a new image or a new player to ping posts
  a fresh message (edits do not ping);
- private things (a secret decision's options, your hand, what you drew) only
  ever go in ephemeral replies or the player's DMs; the public turn message of
  a secret decision says who is choosing and offers "Show my choices", whose
  private panel then follows the player's decisions (:mod:`bot.desk`); a
  player who opted in to DMs gets their secret decisions there;
- a component pressed in a DM carries its game id, which names the channel;
- an unexpected error is logged with the game and answered kindly; the service
  has already reloaded the game from storage;
- every component carries its game id: a button of another game than the
  channel's current one is refused, never applied to the current game;
- a post that fails after the move was saved says so, and names the
  permission the bot lacks;
- a deleted channel or thread (a gateway event, or a post answered "not
  found") pauses its game and tells the parent channel; a member who left the
  server is no longer pinged (:meth:`Frontend.channel_deleted`,
  :meth:`Frontend.member_left`).
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
from dataclasses import dataclass
from typing import Any

import discord

from bot import perms
from bot.desk import Desk
from bot.notify import ACTING, Notifier
from bot.service import Actor, GameService, Reply, TurnPrompt
from bot.service.model import bot_name, is_bot
from bot.text import clip_message
from bot.views import decision_embeds, decision_view, tools_view

log = logging.getLogger(__name__)

SORRY = (
    "Something went wrong on our side; it is logged for the moderators. "
    "Look at the game (`/ba board`) and try again."
)
NOT_THIS_GAME = "This button belongs to an earlier game (#{old}), not to this channel's game."


class DiscordFmt:
    """Mentions and Discord's relative timestamps; display names seen so far."""

    def __init__(self, client: Any = None) -> None:
        self.client = client
        self.names: dict[int, str] = {}

    def see(self, user: Any) -> None:
        name = getattr(user, "display_name", None) or getattr(user, "name", None)
        if isinstance(name, str) and isinstance(getattr(user, "id", None), int):
            self.names[user.id] = name

    def mention(self, user_id: int) -> str:
        return bot_name(user_id) if is_bot(user_id) else f"<@{user_id}>"

    def name(self, user_id: int) -> str:
        if is_bot(user_id):
            return bot_name(user_id)
        if user_id in self.names:
            return self.names[user_id]
        user = self.client.get_user(user_id) if self.client is not None else None
        if user is not None:
            self.see(user)
            return self.names.get(user_id, str(user_id))
        return f"player {str(user_id)[-4:]}" if user_id else "the bot"

    def when(self, ts: float) -> str:
        return f"<t:{int(ts)}:R>"

    def date(self, ts: float) -> str:
        """A past day, in each reader's own time zone (``/ba history``)."""
        return f"<t:{int(ts)}:d>"

    def command(self, name: str) -> str:
        """``join`` -> `/ba join`; ``mod end`` -> `/ba-mod end`; ``server`` -> `/ba-server`."""
        head, _, rest = name.partition(" ")
        if head in ("mod", "server"):
            return f"`/ba-{head}{' ' + rest if rest else ''}`"
        return f"`/ba {name}`"


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

    def image_state(self) -> str:
        """What its footer may say of its image (bot/prompt.py IMAGE_STATES)."""
        if self.wants is not None and self.shows == self.wants:
            return "shown"
        return "coming" if self.drawing else "none"


def _files(reply: Reply) -> list[discord.File]:
    """The reply's images (or its file), as attachments."""
    if reply.image is not None:
        pngs = [(reply.image_name, reply.image), *reply.more_images]
        return [discord.File(io.BytesIO(png), filename=name) for name, png in pngs]
    if reply.file is not None:
        return [discord.File(io.BytesIO(reply.file[1]), filename=reply.file[0])]
    return []


def _image_state(reply: Reply) -> str:
    """A private reply's image is drawn with its options, when it has one."""
    return "shown" if reply.image is not None else "none"


def _mentions(reply: Reply) -> discord.AllowedMentions:
    return discord.AllowedMentions(
        everyone=False, roles=False, users=[discord.Object(u) for u in reply.ping if u]
    )


async def reply_privately(interaction: discord.Interaction, text: str) -> None:
    """An ephemeral answer whether or not the interaction was acknowledged yet."""
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)
    except discord.HTTPException:
        log.warning("could not answer interaction %s", interaction.id)


def post_failed_text(interaction: discord.Interaction, exc: discord.HTTPException) -> str:
    """What to tell a user whose change was saved but could not be posted."""
    missing = perms.missing_for_bot(interaction)
    if missing:
        why = f"I am missing {perms.missing_text(missing)} in this channel"
    else:
        why = f"Discord refused the message ({exc.status}: {exc.text or 'no reason given'})"
    return (
        f"✔ Saved — the game has moved on, but I could not post the update here: {why}. "
        "A moderator can fix the channel's permissions; meanwhile `/ba board` shows the game."
    )


def _kw(reply: Reply) -> dict[str, Any]:
    kw: dict[str, Any] = {}
    files = _files(reply)
    if files:
        kw["files"] = files
    return kw


class Frontend:
    def __init__(self, service: GameService, client: Any = None) -> None:
        self.svc = service
        self.client = client
        self.turn_msgs: dict[int, TurnMessage] = {}
        self.inbox: dict[int, list[str]] = {}  # private lines for users not at hand
        self.notifier = Notifier(service, client)  # opt-in DMs (bot/notify.py)
        self.desk = Desk(self)  # private panels and decision DMs (bot/desk.py)
        #: channel -> the message showing bot seats' moves while they are made
        self.progress_msgs: dict[int, Any] = {}
        #: channel -> held while its turn message is edited: an image edited in
        #: later never lands after a newer decision's edit (bot/service/drawing.py)
        self.edit_locks: dict[int, asyncio.Lock] = {}
        self.drawings: set[asyncio.Future[Any]] = set()  # images being edited in
        # the service tells us of slow bot moves as they are made
        service.on_bot_progress = self.bot_progress

    # ------------------------------------------------------------------ who

    async def actor(self, interaction: discord.Interaction) -> Actor:
        """Who is asking and what they may do, as Discord means it (see :mod:`bot.perms`)."""
        user = interaction.user
        ACTING.set(user.id)  # who caused what this interaction posts (turn DMs)
        fmt = self.svc.fmt
        if isinstance(fmt, DiscordFmt):
            fmt.see(user)
        admin = perms.is_server_admin(interaction)
        roles = perms.role_ids(interaction)
        mod = await self.svc.is_moderator(
            interaction.guild_id,
            manage=admin or perms.manages_channel(interaction),
            role_ids=roles,
        )
        name = getattr(user, "display_name", None)
        if isinstance(name, str):
            await self.svc.remember_name(user.id, name)
        return Actor(user.id, moderator=mod, role_ids=roles, admin=admin, name=name)

    def channel_id(self, interaction: discord.Interaction) -> int:
        return int(interaction.channel_id or 0)

    async def game_channel_id(self, interaction: discord.Interaction, game_id: int) -> int:
        """The channel of the game a component belongs to: the interaction's
        channel, or for a button pressed in a DM the channel its game is played in."""
        if interaction.guild_id is not None or not game_id:
            return self.channel_id(interaction)
        try:
            return int((await self.svc.store.get_game(game_id)).channel_id)
        except Exception:
            return 0

    async def game_channel(self, interaction: discord.Interaction, cid: int) -> Any:
        """The channel to post a game's update in (the interaction's, unless it came in a DM)."""
        if cid == self.channel_id(interaction):
            return interaction.channel
        if self.client is None:
            return None
        channel = self.client.get_channel(cid)
        if channel is None:
            with contextlib.suppress(discord.HTTPException):
                channel = await self.client.fetch_channel(cid)
        return channel

    async def _after_post(self, channel: Any, reply: Reply, message: Any) -> None:
        """Private followers of the update: panels and decision DMs, else the
        plain "your turn" DM to a player who opted in."""
        told = False
        try:
            told = await self.desk.follow(channel, reply, message)
        except Exception:
            log.exception("channel %s: private panels not updated", getattr(channel, "id", "?"))
        if not told:
            await self.notifier.turn_posted(channel, reply, message)

    # ------------------------------------------------------------------ sending

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
                tracked = self.turn_msgs.get(channel_id)
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

    async def publish(self, channel: Any, reply: Reply, *, pressed: Any = None) -> None:
        """Post or edit the channel's turn message for a game update."""
        if channel is None:
            return
        cid = int(getattr(channel, "id", 0) or 0)
        progress = self.progress_msgs.pop(cid, None)
        try:
            async with self.edit_lock(cid):
                msg = await self._publish(channel, cid, reply, pressed)
        finally:
            if progress is not None:  # the bots' moves are in this update: it replaces them
                with contextlib.suppress(discord.HTTPException):
                    await progress.delete()
        await self._after_post(channel, reply, msg)

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
                self.turn_msgs.get(cid) is not tracked
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

    async def _publish(self, channel: Any, cid: int, reply: Reply, pressed: Any) -> Any:
        """The turn message posted or edited for ``reply`` (lock held)."""
        turn = reply.turn
        view = decision_view(turn, private=False) if turn is not None else None
        tracked = self.turn_msgs.get(cid)
        decider = turn.user_id if turn is not None else None
        game_id = turn.game_id if turn is not None else (tracked.game_id if tracked else 0)
        need_new = (
            reply.new_turn
            or reply.file is not None
            or tracked is None
            or tracked.game_id != game_id
            or (bool(reply.ping) and tracked.decider != decider)
        )
        if not need_new and tracked is not None:
            try:
                edit: dict[str, Any] = {}
                files = _files(reply)
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
                await tracked.message.edit(content=reply.text, view=view, embeds=embeds, **edit)
                return tracked.message
            except discord.HTTPException:
                log.info("channel %s: turn message gone; posting a new one", cid)
        old = tracked.message if tracked is not None else pressed
        if not game_id:  # e.g. the game just ended, and the bot restarted since its last post
            game_id = await self.svc.current_game_id(cid) or 0
        if view is None and game_id and not reply.file:
            view = tools_view(game_id)
        kwargs = _kw(reply)
        if view is not None:
            kwargs["view"] = view
        fresh = TurnMessage(None, game_id, decider)
        self._track(fresh, reply, reply.image_key if reply.image is not None else None)
        embeds = decision_embeds(turn, 0, fresh.image_state())
        if embeds:
            kwargs["embeds"] = embeds
        try:
            msg = await channel.send(reply.text or "…", allowed_mentions=_mentions(reply), **kwargs)
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
                    self.turn_msgs[cid] = kept
                    self._draw_in(kept, reply)
            raise
        if old is not None:
            with contextlib.suppress(discord.HTTPException, AttributeError, TypeError):
                await old.edit(view=None)
        if turn is not None:
            fresh.message = msg
            self.turn_msgs[cid] = fresh
            self._draw_in(fresh, reply)
        else:
            self.turn_msgs.pop(cid, None)
        return msg

    async def private(self, interaction: discord.Interaction, reply: Reply) -> None:
        """Send each user their private lines: the presser ephemerally, others later."""
        me = interaction.user.id
        for uid, lines in reply.private.items():
            if uid == me:
                await interaction.followup.send("🔒 " + "\n".join(lines), ephemeral=True)
            else:
                self.inbox.setdefault(uid, []).extend(lines)

    async def respond_now(self, interaction: discord.Interaction, reply: Reply) -> None:
        """The first response to a command whose work is done: a refusal or a
        private reply ephemeral, a result public."""
        kw = _kw(reply)
        if not reply.ok or reply.ephemeral:
            if reply.turn is not None and reply.turn.options is not None and reply.ok:
                kw["view"] = decision_view(reply.turn, private=True)
                kw["embeds"] = decision_embeds(reply.turn, image=_image_state(reply))
            await interaction.response.send_message(reply.text or "…", ephemeral=True, **kw)
            return
        await interaction.response.send_message(
            reply.text or "…", allowed_mentions=_mentions(reply), **kw
        )

    async def answer(self, interaction: discord.Interaction, reply: Reply) -> None:
        """Answer a deferred command. The first follow-up edits the deferred
        response and keeps its visibility (decided when it was deferred)."""
        kw = _kw(reply)
        if not reply.ok or reply.ephemeral:
            if reply.turn is not None and reply.turn.options is not None and reply.ok:
                kw["view"] = decision_view(reply.turn, private=True)
                kw["embeds"] = decision_embeds(reply.turn, image=_image_state(reply))
            await interaction.followup.send(reply.text or "…", ephemeral=True, **kw)
            return
        await interaction.followup.send(reply.text or "…", allowed_mentions=_mentions(reply), **kw)

    async def game_update(
        self, interaction: discord.Interaction, reply: Reply, *, channel: Any = None
    ) -> None:
        """A command that changed the game: channel update + a private ack.
        ``channel``: where the game is, when not here (a moderator's ``game:``)."""
        if not reply.ok:
            await interaction.followup.send(reply.text, ephemeral=True)
            return
        failed = await self.try_publish(interaction, reply, channel=channel)
        await interaction.followup.send(failed or "✔ Done.", ephemeral=True)
        await self.private(interaction, reply)

    async def try_publish(
        self,
        interaction: discord.Interaction,
        reply: Reply,
        *,
        pressed: Any = None,
        channel: Any = None,
    ) -> str | None:
        """Publish a saved change (in ``channel``, default the interaction's);
        None when posted, else what to tell the user: the change is saved, and
        which permission the bot lacks here."""
        try:
            await self.publish(channel or interaction.channel, reply, pressed=pressed)
            return None
        except discord.HTTPException as exc:
            game = reply.turn.game_id if reply.turn is not None else "?"
            log.warning(
                "game %s: saved, but the post in channel %s failed: %s",
                game,
                interaction.channel_id,
                exc,
            )
            return post_failed_text(interaction, exc)

    async def sorry(self, interaction: discord.Interaction, exc: BaseException, where: str) -> None:
        """Answer an unexpected error kindly and log it with the channel's game."""
        cid = self.channel_id(interaction)
        try:
            game: int | str | None = await self.svc.current_game_id(cid)
        except Exception:
            game = "?"
        log.error("game %s (channel %s): %s failed", game, cid, where, exc_info=exc)
        await reply_privately(interaction, SORRY)

    # ------------------------------------------------------------------ components

    async def _current(
        self, interaction: discord.Interaction, game_id: int, cid: int | None = None
    ) -> bool:
        """Is ``game_id`` the channel's game? Else say so (privately) and return False."""
        if cid is None:
            cid = self.channel_id(interaction)
        current = await self.svc.current_game_id(cid)
        if current == game_id:
            return True
        await reply_privately(interaction, NOT_THIS_GAME.format(old=game_id))
        return False

    async def on_option(
        self, interaction: discord.Interaction, game_id: int, revision: int, option: str
    ) -> None:
        try:
            await interaction.response.defer()
            actor = await self.actor(interaction)
            cid = await self.game_channel_id(interaction, game_id)
            reply = await self.svc.choose(cid, actor, option, game_id=game_id, revision=revision)
            if not reply.ok:
                await interaction.followup.send(reply.text, ephemeral=True)
                return
            msg = interaction.message
            public_msg = bool(
                msg is not None and not msg.flags.ephemeral and interaction.guild_id is not None
            )
            if not public_msg:  # a panel or a decision DM: it follows the game from here
                self.desk.pressed_in(cid, interaction, game_id, revision)
            channel = await self.game_channel(interaction, cid)
            failed = await self.try_publish(
                interaction, reply, pressed=msg if public_msg else None, channel=channel
            )
            if failed:
                await interaction.followup.send(failed, ephemeral=True)
            await self.private(interaction, reply)
        except Exception as exc:
            await self.sorry(interaction, exc, f"button {option!r} of game {game_id}")

    async def on_page(
        self, interaction: discord.Interaction, game_id: int, revision: int, page: int
    ) -> None:
        try:
            cid = await self.game_channel_id(interaction, game_id)
            if not await self._current(interaction, game_id, cid):
                return
            actor = await self.actor(interaction)
            r = await self.svc.choices(cid, actor)
            turn: TurnPrompt | None = r.turn
            msg = interaction.message
            private_msg = bool(
                msg is not None and (msg.flags.ephemeral or interaction.guild_id is None)
            )
            if not r.ok or turn is None:
                if not private_msg:  # anyone may page the public list
                    board = await self.svc.board(cid)
                    turn = board.turn
                if turn is None:
                    await interaction.response.send_message(r.text, ephemeral=True)
                    return
            if turn.game_id != game_id or turn.revision != revision:
                await interaction.response.send_message(
                    "This choice is no longer current.", ephemeral=True
                )
                return
            image = "shown" if private_msg else "none"  # a panel's images come with it
            tracked = self.turn_msgs.get(cid)
            if (
                not private_msg
                and tracked is not None
                and msg is not None
                and tracked.message.id == msg.id
                and tracked.revision == turn.revision
            ):
                tracked.page = page  # an image edited in later keeps this page
                image = tracked.image_state()
            await interaction.response.edit_message(
                view=decision_view(turn, private=private_msg, page=page),
                embeds=decision_embeds(turn, page, image),
            )
        except Exception as exc:
            await self.sorry(interaction, exc, f"page {page} of game {game_id}")

    async def on_tool(self, interaction: discord.Interaction, tool: str, game_id: int) -> None:
        try:
            if tool == "undo":
                await self._undo(interaction, game_id)
                return
            await interaction.response.defer(ephemeral=True, thinking=True)
            cid = await self.game_channel_id(interaction, game_id)
            if not await self._current(interaction, game_id, cid):
                return
            actor = await self.actor(interaction)
            if tool == "choices":
                reply = await self.svc.choices(cid, actor)
                if reply.ok and reply.turn is not None:  # this answer is the player's panel
                    self.desk.open_panel(cid, interaction, game_id, reply.turn.revision)
            elif tool == "hand":
                reply = await self.svc.hand(cid, actor)
                extra = self.inbox.pop(actor.user_id, [])
                if extra and reply.ok:
                    reply.text += "\n🔒 Since your last look:\n" + "\n".join(extra)
            else:
                reply = await self.svc.board(cid)
                reply.turn = None
            reply.ephemeral = True
            await self.answer(interaction, reply)
        except Exception as exc:
            await self.sorry(interaction, exc, f"{tool} button of game {game_id}")

    async def _undo(self, interaction: discord.Interaction, game_id: int) -> None:
        """The Undo button: refused privately, or the channel's message updated."""
        cid = await self.game_channel_id(interaction, game_id)
        if not await self._current(interaction, game_id, cid):
            return
        await interaction.response.defer()
        actor = await self.actor(interaction)
        reply = await self.svc.undo(cid, actor)
        if not reply.ok:
            await interaction.followup.send(reply.text, ephemeral=True)
            return
        msg = interaction.message
        public_msg = bool(
            msg is not None and not msg.flags.ephemeral and interaction.guild_id is not None
        )
        if not public_msg:
            self.desk.pressed_in(cid, interaction, game_id, None)
        failed = await self.try_publish(
            interaction,
            reply,
            pressed=msg if public_msg else None,
            channel=await self.game_channel(interaction, cid),
        )
        if failed:
            await interaction.followup.send(failed, ephemeral=True)

    # ------------------------------------------------------------------ background

    async def post_notices(self, notices: list[Reply]) -> None:
        """Reminders and timeouts from :meth:`GameService.tick`."""
        for r in notices:
            if r.channel_id is None or self.client is None:
                continue
            channel = self.client.get_channel(r.channel_id)
            if channel is None:
                try:
                    channel = await self.client.fetch_channel(r.channel_id)
                except discord.NotFound:
                    log.warning("channel %s is gone; its game is paused", r.channel_id)
                    await self.channel_deleted(r.channel_id, None, thread=None)
                    continue
                except discord.HTTPException:
                    log.warning("channel %s cannot be fetched; notice dropped", r.channel_id)
                    continue
            try:
                # a reminder must ping: always a new message
                r.new_turn = True
                await self.publish(channel, r)
                for uid, lines in r.private.items():
                    self.inbox.setdefault(uid, []).extend(lines)
            except discord.NotFound:  # deleted, and the gateway's event missed
                log.warning("channel %s is gone; its game is paused", r.channel_id)
                await self.channel_deleted(
                    r.channel_id,
                    getattr(channel, "parent_id", None),
                    guild=getattr(channel, "guild", None),
                    thread=isinstance(channel, discord.Thread),
                )
            except discord.HTTPException:
                log.exception("channel %s: cannot post a notice", r.channel_id)
        await self.notifier.send_pending()

    # ------------------------------------------------------------------ gateway events

    async def channel_deleted(
        self,
        channel_id: int,
        parent_id: int | None,
        *,
        guild: Any = None,
        thread: bool | None = True,
    ) -> None:
        """A channel or thread was deleted: its game is paused (a lobby closed) and
        the parent channel told, with how to move or end the game; for a channel
        (no parent left to tell) its server's system channel, where there is one."""
        self.turn_msgs.pop(channel_id, None)
        notice = await self.svc.channel_gone(channel_id, thread=thread)
        if notice is None or self.client is None:
            return
        parent = self.client.get_channel(parent_id) if parent_id is not None else None
        if parent is None and guild is not None:
            parent = getattr(guild, "system_channel", None)
        if parent is None:
            log.warning("channel %s: its game is paused, and there is nobody to tell", channel_id)
            return
        try:
            await parent.send(notice.text, allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException as exc:
            log.info("channel %s: could not tell it its game lost its channel: %s", parent_id, exc)

    async def member_left(self, guild_id: int, user_id: int) -> None:
        """A member left the server: no more pings for them; each of their games
        is told that their seat is played at its turn timeouts."""
        await self.post_notices(await self.svc.member_left(guild_id, user_id))
