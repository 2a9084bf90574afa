"""What the terminal shows: lines of text, and images written to a folder
(numbered, never overwritten) with their paths said."""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path
from typing import IO

from bot import prompt as P
from bot.local.terminal import LocalFmt
from bot.service import Reply
from engine import Option

IMAGE_NUMBER = re.compile(r"^(\d+)-")


def last_image_number(folder: Path) -> int:
    """The highest ``NNN-`` number among the images already in ``folder`` (0: none)."""
    if not folder.is_dir():
        return 0
    numbers = [int(m[1]) for p in folder.iterdir() if (m := IMAGE_NUMBER.match(p.name))]
    return max(numbers, default=0)


class Screen:
    def __init__(self, out: IO[str], images: Path, fmt: LocalFmt) -> None:
        self.out = out
        self.images = images
        self.fmt = fmt
        self.counter = 0

    def say(self, msg: str) -> None:
        print(msg, file=self.out, flush=True)

    def open_folder(self) -> None:
        """The images folder exists; numbers continue after the images in it."""
        if self.images:
            self.images.mkdir(parents=True, exist_ok=True)
            self.counter = last_image_number(self.images)

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

    def show_images(self, reply: Reply) -> None:
        """The reply's images, written to the folder."""
        if reply.image:
            self.say(f"  [image] {self.write_image(reply.image, reply.image_name)}")
            for name, png in reply.more_images:
                self.say(f"  [image] {self.write_image(png, name)}")

    def show(self, reply: Reply) -> None:
        """A reply's text (a refusal marked ✖), private lines, images and file."""
        if reply.text:
            self.say(("" if reply.ok else "✖ ") + reply.text)
        for uid, lines in reply.private.items():
            for line in lines:
                self.say(f"  [private to {self.fmt.name(uid)}] {line}")
        self.show_images(reply)
        if reply.file:
            name, data = reply.file
            path = self.images / name
            path.write_bytes(data)
            self.say(f"  [file] {path}")

    def show_options(self, options: Sequence[Option]) -> None:
        """The same numbers and full texts as on Discord (bot/prompt.py)."""
        for line in P.terminal_lines(options):
            self.say(" " + line)
