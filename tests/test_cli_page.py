"""docs/cli.md and docs/cli-zh.md are what each command's ``--help`` prints now (made by ``docs/gen_cli.py``).

The whole pages are printed again in the process tier (each help is a process of its own); the fast tier checks
in process that every command has its section and every option of a command is on it, which is how a page
usually goes stale.
"""

from __future__ import annotations

import importlib.util
import re
import sys
from types import ModuleType

import pytest
import typer.main

from gangci_calc.cli import app
from tests.conftest import ROOT

GROUP = typer.main.get_command(app)
PAGES = {"en": ROOT / "docs" / "cli.md", "zh": ROOT / "docs" / "cli-zh.md"}


def generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location("gen_cli", ROOT / "docs" / "gen_cli.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def sections(lang: str) -> dict[str, str]:
    """The page's text under each ``## `gangci COMMAND``` heading."""
    parts = re.split(r"^## `gangci ?(\w*)`$", PAGES[lang].read_text(encoding="utf-8"), flags=re.M)
    return dict(zip(parts[1::2], parts[2::2], strict=True))


@pytest.mark.parametrize("lang", list(PAGES))
def test_every_command_has_its_section_in_order(lang: str) -> None:
    assert list(sections(lang)) == ["", *GROUP.commands]  # type: ignore[attr-defined]


@pytest.mark.parametrize("lang", list(PAGES))
@pytest.mark.parametrize("name", list(GROUP.commands))  # type: ignore[attr-defined]
def test_every_option_is_on_its_command_s_section(lang: str, name: str) -> None:
    command = GROUP.commands[name]  # type: ignore[attr-defined]
    text = sections(lang)[name]
    options = [p for p in command.params if p.param_type_name == "option" and not getattr(p, "hidden", False)]
    flags = [flag for p in options for flag in p.opts]
    assert flags
    missing = [flag for flag in flags if not re.search(rf"(?<![\w-]){re.escape(flag)}(?![\w-])", text)]
    assert not missing, f"docs/cli pages are stale ({name}: {missing}): run python docs/gen_cli.py"


def test_a_stale_section_would_be_found() -> None:
    """The check above reads a flag as a whole word: ``--rules`` is not found in ``--rules-file``."""
    assert not re.search(r"(?<![\w-])--rules(?![\w-])", "  --rules-file FILE")


@pytest.mark.process
def test_the_pages_are_what_help_prints_now() -> None:
    gen = generator()
    pages = gen.pages()
    stale = [lang for lang, text in pages.items() if PAGES[lang].read_text(encoding="utf-8") != text]
    assert not stale, f"stale: {stale}: run {sys.executable} docs/gen_cli.py"
    assert gen.main(["--check"]) == 0
