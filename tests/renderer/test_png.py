"""renderer/png.py writes palette PNGs itself (issue 25: half the encode time):
whatever it writes, Pillow reads back as the very same pixels and palette."""

import io

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from renderer.png import palette_png


@st.composite
def palette_images(draw: st.DrawFn) -> Image.Image:
    width = draw(st.integers(1, 40))
    height = draw(st.integers(1, 40))
    colours = draw(st.integers(1, 256))
    img = Image.new("P", (width, height))
    img.putpalette(draw(st.lists(st.integers(0, 255), min_size=3 * colours, max_size=3 * colours)))
    img.putdata(
        draw(
            st.lists(st.integers(0, colours - 1), min_size=width * height, max_size=width * height)
        )
    )
    return img


@settings(max_examples=60, deadline=None)
@given(palette_images())
def test_pillow_reads_back_the_same_pixels_and_colours(img):
    data = palette_png(img)
    back = Image.open(io.BytesIO(data))
    back.load()
    assert back.mode == "P" and back.size == img.size
    assert back.tobytes() == img.tobytes()
    assert back.convert("RGB").tobytes() == img.convert("RGB").tobytes()
    assert palette_png(img.copy()) == data  # the same pixels, the same bytes


def test_an_image_that_is_not_paletted_is_refused():
    with pytest.raises(ValueError, match="mode RGB"):
        palette_png(Image.new("RGB", (4, 4)))


def test_without_zlib_ng_the_standard_zlib_writes_the_same_pixels(monkeypatch):
    import zlib

    import renderer.png

    img = Image.new("P", (30, 7))
    img.putpalette([0, 0, 0, 255, 0, 0, 0, 255, 0])
    img.putdata([(x * 7) % 3 for x in range(30 * 7)])
    fast = palette_png(img)
    monkeypatch.setattr(renderer.png, "_deflate", zlib)
    slow = palette_png(img)
    assert Image.open(io.BytesIO(slow)).tobytes() == Image.open(io.BytesIO(fast)).tobytes()
    assert renderer.png._deflate is zlib
