"""Every command is documented: in the README, and with --help."""

from __future__ import annotations

import pytest
import typer.main

from gangci_calc.cli import app
from tests.conftest import ROOT

COMMANDS = sorted(typer.main.get_command(app).commands)  # type: ignore[attr-defined]


def test_there_are_commands() -> None:
    assert {"score", "session", "check", "waits", "dice", "batch"} <= set(COMMANDS)


@pytest.mark.parametrize("name", COMMANDS)
def test_command_is_in_the_readme(name: str) -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert f"`gangci {name}" in readme


@pytest.mark.parametrize("name", COMMANDS)
def test_command_has_help(runner, name: str) -> None:
    result = runner.invoke(app, [name, "--help"])
    assert result.exit_code == 0
    assert len(result.stdout.strip().splitlines()) > 3
