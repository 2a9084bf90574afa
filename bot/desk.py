"""A player's private place for their decisions: their DMs, or a private panel.

Secret decisions (cards in hand) cannot be answered in the channel. So that a
turn costs one click per decision (issue 25):

- a player who opted in to turn DMs (``/ba notify dms:True``) gets each of their
  secret decisions in a DM, with its buttons and its numbered image, and acts
  there. One DM message per turn, edited as the turn's decisions follow (an
  edit does not notify again); the decisions of their turn that are public come
  there too, so they can stay where they are. When the turn passes, the DM's
  buttons go and it says so.
- anyone else opens the private panel once ("Show my choices" or ``/ba choices``):
  an ephemeral message Discord lets the bot edit for 15 minutes through the
  interaction that opened it, or the latest one pressed in it. It follows the
  player's decisions, public and secret, for the rest of the turn (and their
  next turns while it lasts).

Both show the player's hand with the decision, so a look at the hand needs no
click either. Nothing here decides a rule or reads the game: the service's
``choices`` says what the player may see. A DM that cannot be sent (DMs closed)
or a panel Discord no longer lets us edit (too old, dismissed) is forgotten
quietly; the channel's "Show my choices" always works.
"""

from __future__ import annotations

import contextlib
import io
import logging
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord

from bot import quiet as Q
from bot.notify import ACTING, jump_link
from bot.service import Actor, Reply, TurnPrompt
from bot.service.model import is_bot
from bot.views import decision_embeds, decision_view, titled

if TYPE_CHECKING:
    from bot.frontend import Frontend

log = logging.getLogger(__name__)

#: a panel's or DM's text with notes above it stays within Discord's 2,000
#: characters (with room for the DM's first line)
NOTED_LIMIT = 1800

#: Discord lets an interaction's token edit its message for 15 minutes; keep a margin.
PANEL_SECONDS = 14 * 60.0


@dataclass
class Panel:
    """An open private panel: the interaction whose (ephemeral) message it is."""

    interaction: Any  # discord.Interaction
    game_id: int
    since: float  # time.monotonic() when the interaction came
    showing: int | None = None  # the revision whose decision it shows (None: none)


@dataclass
class DmDesk:
    """The DM message of a player's current turn."""

    message: Any  # discord.Message
    game_id: int
    showing: int | None = None


def _files(reply: Reply) -> list[discord.File]:
    if reply.image is None:
        return []
    pngs = [(reply.image_name, reply.image), *reply.more_images]
    return [discord.File(io.BytesIO(png), filename=name) for name, png in pngs]


class Desk:
    """The private panels and decision DMs of every channel (see the module doc)."""

    def __init__(self, frontend: Frontend) -> None:
        self.fe = frontend
        self.panels: dict[tuple[int, int], Panel] = {}  # (channel, user)
        self.dms: dict[tuple[int, int], DmDesk] = {}  # (channel, user)

    @property
    def svc(self) -> Any:
        return self.fe.svc

    # ------------------------------------------------------------------ opening

    def open_panel(self, channel_id: int, interaction: Any, game_id: int, revision: int) -> None:
        """``interaction``'s ephemeral message is now this player's panel."""
        key = (channel_id, interaction.user.id)
        self.panels[key] = Panel(interaction, game_id, time.monotonic(), revision)

    def pressed_in(
        self, channel_id: int, interaction: Any, game_id: int, revision: int | None
    ) -> None:
        """A button of a panel or a decision DM was pressed: the newer interaction
        edits the panel from now on (its token lasts 15 minutes more). ``revision``:
        the one the pressed decision was shown for (None: unknown; 0 is never current)."""
        key = (channel_id, interaction.user.id)
        msg = interaction.message
        shown = revision if revision is not None else 0
        if interaction.guild_id is None and msg is not None:
            self.dms[key] = DmDesk(msg, game_id, shown)
        elif msg is not None and msg.flags.ephemeral:
            self.panels[key] = Panel(interaction, game_id, time.monotonic(), shown)

    # ------------------------------------------------------------------ following the game

    async def follow(self, channel: Any, reply: Reply, turn_message: Any) -> bool:
        """After the channel's update: every open panel and decision DM of the
        channel shows its player's decision now, or that it is not theirs.
        A secret decision of a player who opted in to DMs is sent to them.
        Returns True when the decider was told by a decision DM (so the plain
        "your turn" DM is not needed)."""
        cid = int(getattr(channel, "id", 0) or 0)
        turn = reply.turn
        decider = turn.user_id if turn is not None and not is_bot(turn.user_id) else None
        told = False
        if turn is not None and decider is not None and not reply.reminder:
            dm = self.dms.get((cid, decider))
            live_dm = dm is not None and dm.game_id == turn.game_id and dm.showing is not None
            if turn.secret or live_dm:
                told = await self._to_dm(channel, cid, turn, turn_message, reply)
        for (c, uid), panel in list(self.panels.items()):
            if c != cid:
                continue
            if time.monotonic() - panel.since > PANEL_SECONDS:
                self.panels.pop((c, uid), None)
                continue
            if uid == decider and turn is not None and turn.game_id == panel.game_id:
                await self._show_in_panel(cid, panel, uid, turn, reply.said_notes)
            elif panel.showing is not None or reply.over:  # at the end, no "Now: Red"
                await self._panel_done(cid, panel, uid, turn, reply.over)
        for (c, uid), dm in list(self.dms.items()):
            if c == cid and uid != decider and (dm.showing is not None or reply.over):
                await self._dm_done(dm, turn, cid, uid, reply.over)
        return told

    async def opening(self, cid: int, actor: Actor) -> Reply:
        """A private panel as it opens ("Show my choices", ``/ba choices``): as
        it reads once it follows the turn, the decision with the hand (it
        opened with the decision alone and showed the hand after a click)."""
        r = await self.svc.choices(cid, actor)
        if r.ok and r.turn is not None:
            await self._with_hand(cid, actor.user_id, r)
            r.text = _panel_text(r.turn.game_id, r.text)
        return r

    async def _private(self, cid: int, uid: int) -> Reply | None:
        """What the player may see of their decision now (service ``choices``),
        with their hand: a look at it needs no click."""
        r = await self.svc.choices(cid, Actor(uid))
        if not r.ok or r.turn is None:
            return None
        return await self._with_hand(cid, uid, r)

    async def _with_hand(self, cid: int, uid: int, r: Reply) -> Reply:
        """``r`` (the decision, service ``choices``) as a panel or DM says it:
        the hand above the embeds, whose title is the decision (``r.text`` too:
        said in both, the hand between, it read twice)."""
        parts = [] if r.turn is not None and titled(r.turn) else [r.text]
        hand = await self.svc.hand(cid, Actor(uid), image=False)
        if hand.ok:
            parts.append(hand.text)
        r.text = "\n".join(parts)
        return r

    async def _show_in_panel(
        self, cid: int, panel: Panel, uid: int, turn: TurnPrompt, notes: list[str]
    ) -> None:
        if panel.showing == turn.revision:
            return
        mine = await self._private(cid, uid)
        if mine is None or mine.turn is None:
            return
        files = _files(mine)
        try:
            await panel.interaction.edit_original_response(
                content=_noted(notes, _panel_text(mine.turn.game_id, mine.text)),
                view=decision_view(mine.turn, private=True),
                embeds=decision_embeds(mine.turn, image="shown" if files else "none"),
                attachments=files,
            )
        except discord.HTTPException as exc:  # expired or dismissed: forget it
            log.info("panel of %s in %s not editable: %s", uid, cid, exc)
            self.panels.pop((cid, uid), None)
            return
        panel.showing = turn.revision

    async def _panel_done(
        self, cid: int, panel: Panel, uid: int, turn: TurnPrompt | None, over: bool = False
    ) -> None:
        text = self._waiting_text(turn, over, uid)
        try:
            await panel.interaction.edit_original_response(
                content=text, view=None, embeds=[], attachments=[]
            )
        except discord.HTTPException as exc:
            log.info("panel of %s in %s not editable: %s", uid, cid, exc)
            self.panels.pop((cid, uid), None)
            return
        panel.showing = None

    def _waiting_text(self, turn: TurnPrompt | None, over: bool, uid: int) -> str:
        if turn is None:
            return _no_turn(over, uid)
        return (
            f"{_done(uid)}Now: {turn.who}. This panel shows your next decision "
            "when it comes (for 15 minutes)."
        )

    # ------------------------------------------------------------------ DMs

    async def _dm_allowed(self, uid: int) -> bool:
        """Opted in to turn DMs and not in quiet hours (unless at the keyboard)."""
        prefs = await self.svc.games.prefs(uid)
        if not prefs.dm_turn:
            return False
        return ACTING.get() == uid or not Q.is_quiet(self.svc.clock(), prefs)

    async def _to_dm(
        self, channel: Any, cid: int, turn: TurnPrompt, turn_message: Any, reply: Reply
    ) -> bool:
        uid = turn.user_id
        if not await self._dm_allowed(uid):
            return False
        dm = self.dms.get((cid, uid))
        if dm is not None and dm.game_id == turn.game_id and dm.showing == turn.revision:
            return True
        mine = await self._private(cid, uid)
        if mine is None or mine.turn is None:
            return False
        # the "your turn" DM's bookkeeping (once per revision; not to who just acted)
        with contextlib.suppress(Exception):
            await self.svc.turn_dm(turn, cid, actor=ACTING.get(), reminder=False)
        guild = getattr(getattr(channel, "guild", None), "id", None)
        link = jump_link(turn_message, guild, cid)
        # the decision itself is the embed's title, with its options listed below it
        content = f"🎲 Your turn in {_game_where(turn.game_id, cid)}: {link}\n"
        content += _noted(reply.said_notes, mine.text)
        files = _files(mine)
        view = decision_view(mine.turn, private=True)
        embeds = decision_embeds(mine.turn, image="shown" if files else "none")
        try:
            if dm is not None and dm.game_id == turn.game_id and dm.showing is not None:
                await dm.message.edit(
                    content=content,
                    view=view,
                    embeds=embeds,
                    attachments=files,
                )
            else:
                user = self.fe.client.get_user(uid) or await self.fe.client.fetch_user(uid)
                kw: dict[str, Any] = {"view": view, "embeds": embeds}
                if files:
                    kw["files"] = files
                dm = DmDesk(await user.send(content, **kw), turn.game_id)
                self.dms[(cid, uid)] = dm
        except (discord.HTTPException, AttributeError) as exc:  # DMs closed: the channel stays
            log.info("decision DM to %s not delivered: %s", uid, exc)
            self.dms.pop((cid, uid), None)
            return False
        dm.showing = turn.revision
        self.fe.notifier.sent.append((uid, content))
        return True

    async def _dm_done(
        self, dm: DmDesk, turn: TurnPrompt | None, cid: int, uid: int, over: bool = False
    ) -> None:
        try:
            # its "Your turn" headline goes with the turn (and its link to that turn)
            await dm.message.edit(
                content=f"🎲 {_game_where(dm.game_id, cid)}\n" + self._dm_waiting(turn, over, uid),
                view=None,
                embeds=[],
                attachments=[],
            )
        except (discord.HTTPException, AttributeError) as exc:
            log.info("decision DM of %s not editable: %s", uid, exc)
        self.dms.pop((cid, uid), None)

    def _dm_waiting(self, turn: TurnPrompt | None, over: bool, uid: int) -> str:
        if turn is None:
            return _no_turn(over, uid)
        return f"{_done(uid)}Now: {turn.who}. Your next decision comes here."


def _game_where(game_id: int, cid: int) -> str:
    return f"Black Angel game #{game_id} (<#{cid}>)"


def _panel_text(game_id: int, text: str) -> str:
    """A private panel's text: which game, then the hand (and the decision
    where its embed cannot name it)."""
    return f"🔒 Your decision in game #{game_id}\n{text}".rstrip()


def _noted(notes: list[str], text: str) -> str:
    """``text`` (a decision) under what the game did for a player in this
    update (a Sequence B played for them): without it a turn that comes back to
    its player after their own click reads as if nobody else had played. Left
    out when the message would pass Discord's limit (the channel says it too)."""
    noted = "".join(f"{line}\n" for line in notes) + text
    return noted if len(noted) <= NOTED_LIMIT else text


def _done(uid: int) -> str:
    """ "✔ Done. " to the player whose click this update answers; a panel or DM
    of someone else (a moderator's pause, end or rollback, another player's
    move) was not their doing."""
    return "✔ Done. " if ACTING.get() == uid else ""


def _no_turn(over: bool, uid: int) -> str:
    """A panel or DM once nobody is to decide: the end said as such (the
    player knows where the scores are), else the game stopped for now."""
    if over:
        return f"{_done(uid)}The game is over: the final scores are in the channel."
    return f"{_done(uid)}The game is paused or over: see the channel."
