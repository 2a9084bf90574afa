"""Palette PNGs written by hand, compressed with zlib-ng (issue 25).

Pillow's PNG writer compresses with the system zlib, which at level 6 was half
of a table image's render time (bench/render.py). zlib-ng makes the same
deflate format about twice as fast for a slightly smaller file at the same
level; a palette PNG is four simple chunks, so we write it ourselves. Without
the zlib-ng wheel (a platform it has none for) the standard zlib is used: the
same pixels, a slower encode.
"""

from __future__ import annotations

import struct
import zlib

from PIL import Image

try:
    from zlib_ng import zlib_ng as _deflate
except ImportError:  # pragma: no cover - every platform we deploy to has the wheel
    _deflate = zlib  # type: ignore[assignment]

#: zlib-ng level 5: every table under 100 KiB, in a third of Pillow's level-6 time
LEVEL = 5

_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _chunk(kind: bytes, data: bytes) -> bytes:
    crc = zlib.crc32(data, zlib.crc32(kind))
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)


def palette_png(img: Image.Image) -> bytes:
    """PNG bytes of a mode "P" image (8 bits a pixel, no row filters: filters
    do not help palette indices); the same pixels always give the same bytes."""
    if img.mode != "P":
        raise ValueError(f"a palette image is needed, not mode {img.mode}")
    width, height = img.size
    colours = img.getpalette() or [0, 0, 0]
    header = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)
    # each row starts with its filter type, 0 (none): the image one pixel wider,
    # its first column 0, is exactly those rows
    rows = Image.new("P", (width + 1, height), 0)
    rows.paste(img, (1, 0))
    return b"".join(
        (
            _SIGNATURE,
            _chunk(b"IHDR", header),
            _chunk(b"PLTE", bytes(colours[: 3 * 256])),
            _chunk(b"IDAT", _deflate.compress(rows.tobytes(), LEVEL)),
            _chunk(b"IEND", b""),
        )
    )
