"""Pictures of a game (the table, the final scores, a player's board), rendered
off the event loop on a small thread pool of the service's own; a decision's
images reached within a turn are drawn in the background (bot/service/drawing.py)."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable
from typing import Any, TypeVar

from bot.service.drawing import Drawer, Files, files, snapshot
from bot.service.model import Drawing, Entry

T = TypeVar("T")


class Images:
    """Renders a game's images; with ``render`` off (tests, benchmarks) there are none.

    ``names(entry)`` gives seat -> display name (:meth:`LiveGames.names`)."""

    def __init__(
        self,
        names: Callable[[Entry], dict[int, str]],
        *,
        render: bool = True,
        threads: int | None = None,
        background_process: bool = True,
    ) -> None:
        self.names = names
        self.render = render
        self.threads = threads or min(4, os.cpu_count() or 2)
        self._pool: Any = None
        #: the decisions' images drawn after the reply (newest only)
        self.drawer = Drawer(self.run, process=background_process)

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        """Render off the event loop, on a small pool of its own: rendering is
        CPU-bound, and every extra thread costs a malloc arena (tens of MB)."""
        if self._pool is None:
            from concurrent.futures import ThreadPoolExecutor

            self._pool = ThreadPoolExecutor(self.threads, thread_name_prefix="render")
        return await asyncio.get_running_loop().run_in_executor(self._pool, fn, *args)

    def snapshot(self, e: Entry) -> Drawing | None:
        """The channel's images of the game's decision now, to draw now
        (:meth:`draw_now`) or in the background (:meth:`draw_later`)."""
        if not self.render:
            return None
        return snapshot(e, self.names(e))

    async def draw_now(self, drawing: Drawing) -> Files:
        """The images of a snapshot, drawn on the render threads (the reply waits)."""
        from renderer.decision_images import table_images

        made = await self.run(table_images, drawing.view, drawing.names, drawing.board_seat)
        return files(made, drawing.board_seat)

    def draw_later(self, drawing: Drawing) -> asyncio.Future[Files | None]:
        """The images of a snapshot, drawn in the background, newest only
        (None when a newer decision of the channel came first)."""
        return self.drawer.start(drawing)

    async def board_png(self, e: Entry, *, table: bool = False) -> bytes | None:
        """The table image; once the game is over, the final scores instead
        unless ``table`` (the final board stays viewable with ``board``)."""
        if not self.render:
            return None
        from renderer import render_board, render_final

        view = e.game.view(None)
        names = self.names(e)
        if e.game.is_over and not table:
            return await self.run(render_final, view, names)
        return await self.run(render_board, view, names)

    async def player_png(self, e: Entry, seat: int, own: bool) -> bytes | None:
        if not self.render:
            return None
        from renderer import render_player

        view = e.game.view(seat if own else None)
        return await self.run(render_player, view, seat, self.names(e))

    async def decision_pngs(self, e: Entry, seat: int | None) -> list[tuple[str, bytes]]:
        """The images of the pending decision as ``seat`` may see it (None: as
        everyone does), numbered as its options are listed: the table when an
        option marks a place there, the deciding seat's board when one marks a
        place on it (renderer.decision_images). None of them when no option
        marks a place, or for a secret decision on someone else's view."""
        d = e.game.decision
        if not self.render or d is None or (d.secret and seat != d.seat):
            return []
        from renderer import images_for
        from renderer.decision_images import decision_images

        if not images_for(d):
            return []
        mine = "" if seat is None else "my-"

        def draw() -> list[tuple[str, bytes]]:
            made = decision_images(e.game.view(seat), d, self.names(e))
            names = {"table": f"{mine}choices.png", "player": f"{mine}choices-board.png"}
            return [(names[k], r.png) for k, r in made.items()]

        return await self.run(draw)
