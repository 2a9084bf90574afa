"""A channel's decision images, drawn after the click is answered (issue 25).

Every image shown with a decision is of that decision: the table drawn with it
(its prompt, its places numbered as its options are listed). A click that ends
a turn carries its new table image in its reply (drawn at once; bench/bot.py
times it). A click within a turn is answered at once, text and buttons, and the
images of the decision it leads to are drawn here; the front end edits them
into the message when they are ready (bot/turns.py). Drawing them on the
click's path made every click wait for a render (bench/bot.py, 200 games:
turn-ending p95 177 ms -> 6 s).

- Off the event loop and off the clicks' CPU: a render process of its own at a
  lower CPU priority (nice 10), so clicks and the turn-ending images go first
  and the decisions' images take what is left. Without it (it cannot start)
  they are drawn on the service's render threads.
- Newest only: drawings wait in one line, at most one a channel: a newer
  decision of the channel takes the place of its waiting one, which is dropped
  (None); one finished for a decision that is no longer the newest is dropped
  too: an old decision's image is never handed out for a newer one.
- Unchanged, not drawn: ``Drawing.key`` digests what the images show; the front
  end keeps the image it has when the key is the same (:func:`shown_key`).
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import multiprocessing
import os
import threading
from collections.abc import Awaitable, Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from bot.service.model import Drawing, Entry

log = logging.getLogger(__name__)

#: how much lower the render processes' CPU priority is (nice increment)
BACKGROUND_NICE = 10
#: render processes, and so drawings made at a time: one a core, at most two.
#: With one, a burst of clicks queued behind it while the other core idled
#: (bench/bot.py, 1,000 games at 33 clicks/s: decision images p50 3 s). The
#: second process starts only when two drawings overlap.
RENDER_PROCESSES = max(1, min(2, os.cpu_count() or 1))

Files = list[tuple[str, bytes]]

_POOL: ProcessPoolExecutor | None = None
_POOL_LOCK = threading.Lock()


def background_pool() -> Executor:
    """The render processes (one pool per bot process, shared by its services:
    the renderer keeps no state between calls), started as they are needed."""
    global _POOL
    with _POOL_LOCK:
        if _POOL is None:
            _POOL = ProcessPoolExecutor(
                RENDER_PROCESSES,
                mp_context=multiprocessing.get_context("spawn"),  # no fork of a threaded process
                initializer=os.nice,
                initargs=(BACKGROUND_NICE,),
            )
        return _POOL


def _forget_pool(broken: Executor) -> None:
    global _POOL
    with _POOL_LOCK:
        if _POOL is broken:
            _POOL = None


def background_pids() -> list[int]:
    """The render processes' ids, those running (for bench/bot.py's memory figure)."""
    procs = getattr(_POOL, "_processes", None) or {}
    return list(procs)


def shown_key(view: dict[str, Any], names: dict[int, str], board_seat: int | None) -> str:
    """A digest of what the images of ``view`` show: the view without what the
    renderer never reads (the turn's flow, who views it, the options' ids and
    words: only their places, in their order, are drawn), the names, and
    whether the deciding seat's board comes too."""
    shown = {k: v for k, v in view.items() if k not in ("flow", "viewer", "decision")}
    d = view.get("decision")
    if d:
        options = d.get("options")
        shown["decision"] = [
            d.get("seat"),
            d.get("kind"),
            d.get("prompt"),
            None if options is None else [o.get("marks") for o in options],
        ]
    raw = json.dumps([shown, sorted(names.items()), board_seat], separators=(",", ":"), default=str)
    return hashlib.blake2b(raw.encode(), digest_size=12).hexdigest()


def snapshot(e: Entry, names: dict[int, str]) -> Drawing:
    """The channel's images of the game's decision now, to draw now or later."""
    from renderer.decision import images_for

    d = e.game.decision
    view = e.game.view(None)
    board_seat = d.seat if d is not None and not d.secret and "player" in images_for(d) else None
    return Drawing(
        e.record.channel_id,
        e.record.id,
        e.revision,
        shown_key(view, names, board_seat),
        view,
        names,
        board_seat,
    )


def files(made: dict[str, Any], board_seat: int | None) -> Files:
    """(file name, PNG) of ``renderer.table_images``' images: the table first."""
    out = [("board.png", made["table"].png)]
    if "player" in made:
        out.append((f"board-of-seat-{board_seat}.png", made["player"].png))
    return out


class Drawer:
    """Draws the channels' decision images in the background, newest only.

    One line of drawings waiting, at most one per channel: a newer decision of
    a channel takes the place of its waiting one (which is answered None at
    once), so a game clicking on keeps its place and the line never holds more
    than one view a channel. ``lanes`` drawings are made at a time (by default
    one per render process; on threads one, as drawing holds a lock there).
    ``run(fn, *args)``: the service's render threads (the fallback when the
    render processes cannot start). ``process``: use the render processes."""

    def __init__(
        self,
        run: Callable[..., Awaitable[Any]],
        *,
        process: bool = True,
        lanes: int | None = None,
    ) -> None:
        self.run = run
        self.process = process
        self.lanes = lanes if lanes is not None else (RENDER_PROCESSES if process else 1)
        #: channel -> its drawing not started yet, in the line's order
        self._waiting: dict[int, tuple[Drawing, asyncio.Future[Files | None]]] = {}
        self._newest: dict[int, Drawing] = {}
        self._workers: set[asyncio.Future[None]] = set()
        #: counts, for bench/bot.py: drawn, and dropped for a newer decision
        self.drawn = 0
        self.dropped = 0

    def start(self, drawing: Drawing) -> asyncio.Future[Files | None]:
        """Draw ``drawing``'s images (None: dropped for a newer decision of its
        channel, or the drawing failed: logged)."""
        cid = drawing.channel_id
        done: asyncio.Future[Files | None] = asyncio.get_running_loop().create_future()
        self._newest[cid] = drawing
        waiting = self._waiting.get(cid)
        if waiting is not None:  # never started: the newer one takes its place
            self.dropped += 1
            waiting[1].set_result(None)
        self._waiting[cid] = (drawing, done)  # an existing key keeps its place
        if len(self._workers) < self.lanes:
            worker = asyncio.ensure_future(self._work())
            self._workers.add(worker)
            worker.add_done_callback(self._workers.discard)
        return done

    def newest(self, drawing: Drawing) -> bool:
        return self._newest.get(drawing.channel_id) is drawing

    async def _work(self) -> None:
        while self._waiting:
            cid = next(iter(self._waiting))
            drawing, done = self._waiting.pop(cid)
            result = await self._draw(drawing)
            if not done.done():
                done.set_result(result)

    async def _draw(self, drawing: Drawing) -> Files | None:
        try:
            made = await self._render(drawing)
            if not self.newest(drawing):
                self.dropped += 1
                return None
            self.drawn += 1
            return files(made, drawing.board_seat)
        except Exception:
            log.exception("game %s: drawing its decision's image failed", drawing.game_id)
            return None
        finally:
            if self.newest(drawing):
                del self._newest[drawing.channel_id]

    async def _render(self, drawing: Drawing) -> dict[str, Any]:
        from renderer.decision_images import table_images

        args = (drawing.view, drawing.names, drawing.board_seat)
        if self.process:
            pool = background_pool()
            try:
                return await asyncio.wrap_future(pool.submit(table_images, *args))
            except (BrokenProcessPool, OSError, RuntimeError) as exc:  # a new one next time
                log.warning("render process unavailable (%r): drawn on a thread", exc)
                _forget_pool(pool)
        return await self.run(table_images, *args)
