"""A plain `pip install .` (or a wheel) carries every file the bot reads at
run time: the renderer's fonts and the bots' learned weights were only there
in the editable install the README uses, so an installed bot failed to draw.
(Checked by hand too: `pip wheel --no-deps .` lists them.)"""

import tomllib
from fnmatch import fnmatch
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOCS = {".md"}  # read by people, not by the bot


def _runtime_files(package: str) -> list[str]:
    base = ROOT / package
    return sorted(
        str(p.relative_to(base))
        for p in base.rglob("*")
        if p.is_file() and "__pycache__" not in p.parts and p.suffix not in {".py", ".pyc", *DOCS}
    )


def test_every_file_a_package_reads_is_package_data():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    data = config.get("package-data", {})
    packages = [p.rstrip("*") for p in config["packages"]["find"]["include"]]
    missing = [
        f"{package}/{name}"
        for package in packages
        for name in _runtime_files(package)
        if not any(fnmatch(name, glob) for glob in data.get(package, []))
    ]
    assert missing == []
    assert _runtime_files("renderer")  # the fonts are found at all
