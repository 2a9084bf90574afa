"""The Procfile deploys: a platform that runs it (Heroku's Python buildpack and
its kind) installs the app from a requirements.txt at the root and does not
read pyproject.toml alone, so a push stopped at 'no Python project files'
before the worker ever ran. requirements.txt installs this project, with its
package data and dependencies, from pyproject.toml."""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_the_procfile_runs_the_bot_as_a_worker() -> None:
    assert (ROOT / "Procfile").read_text().splitlines() == ["worker: python -m bot"]


def test_requirements_install_this_project() -> None:
    lines = (ROOT / "requirements.txt").read_text().splitlines()
    wanted = [line.strip() for line in lines if line.strip() and not line.startswith("#")]
    assert wanted == ["."]  # pyproject.toml stays the one list of dependencies
