"""Pictures of a game (the table, the final scores, a player's board), rendered
off the event loop on a small thread pool of the service's own."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable
from typing import Any

from bot.service.model import Entry


class Images:
    """Renders a game's images; with ``render`` off (tests, benchmarks) there are none.

    ``names(entry)`` gives seat -> display name (:meth:`LiveGames.names`)."""

    def __init__(
        self,
        names: Callable[[Entry], dict[int, str]],
        *,
        render: bool = True,
        threads: int | None = None,
    ) -> None:
        self.names = names
        self.render = render
        self.threads = threads or min(4, os.cpu_count() or 2)
        self._pool: Any = None

    async def run(self, fn: Callable[..., bytes], *args: Any) -> bytes:
        """Render off the event loop, on a small pool of its own: rendering is
        CPU-bound, and every extra thread costs a malloc arena (tens of MB)."""
        if self._pool is None:
            from concurrent.futures import ThreadPoolExecutor

            self._pool = ThreadPoolExecutor(self.threads, thread_name_prefix="render")
        return await asyncio.get_running_loop().run_in_executor(self._pool, fn, *args)

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

    async def decision_png(self, e: Entry, seat: int | None) -> tuple[str, bytes] | None:
        """The image of the pending decision as ``seat`` may see it (None: the
        table everyone sees), numbered as its options are listed: the table when
        an option marks a place there, else the deciding seat's board when one
        marks a place on it (renderer.images_for); None when no option marks a
        place, or a secret decision's numbers asked for on someone else's view."""
        d = e.game.decision
        if not self.render or d is None or (d.secret and seat != d.seat):
            return None
        from renderer import images_for, render_board, render_player

        where = images_for(d)
        view = e.game.view(seat)
        mine = "" if seat is None else "my-"
        if "table" in where:
            return f"{mine}choices.png", await self.run(render_board, view, self.names(e), d)
        if "player" in where:
            png = await self.run(render_player, view, d.seat, self.names(e), d)
            return f"{mine}choices-board.png", png
        return None
