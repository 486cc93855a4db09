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


OPTIONS = {
    name: {flag for p in command.params for flag in [*p.opts, *getattr(p, "secondary_opts", [])]}
    for name, command in GROUP.commands.items()  # type: ignore[attr-defined]
}


def _command_lines() -> list[tuple[str, str]]:
    """(page, a gangci command line) for every one the README and the task pages give: in a code span, or a line
    of a code block (``$ `` or not); the generated CLI pages aside."""
    found = []
    for page in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        if page.name.startswith("cli"):
            continue
        text = page.read_text(encoding="utf-8")
        blocks = "\n".join(re.findall(r"^```\w*\n(.*?)^```$", text, re.S | re.M))
        lines = [*re.findall(r"`(gangci [^`]+)`", text), *re.findall(r"^(?:\$ )?(gangci .+)$", blocks, re.M)]
        found += [(page.name, line) for line in lines]
    return found


def _wrong_options(line: str) -> list[str]:
    """The options a command line gives that its command does not have (a placeholder command is passed by)."""
    words = re.sub(r"\s+#.*$", "", line).split()
    command = words[1] if len(words) > 1 else ""
    if command not in OPTIONS:
        return [] if command.startswith("-") or command.isupper() or not command else [command]
    wrong = []
    for word in words[2:]:
        if word in ("|", ">", "<", "&&", ";", "2>&1"):
            break
        for flag in word.split("/") if word.startswith("--") else [word]:
            name = flag.split("=")[0]
            if re.fullmatch(r"--?[\w-]+", name) and name not in OPTIONS[command] | {"--help", "-h"}:
                wrong.append(name)
    return wrong


def test_every_command_line_the_docs_give_has_its_options() -> None:
    """A command the README or a page shows (`gangci batch ... --jobs 2`) names a command and options it has:
    a renamed option is found here, in process, before any block is run."""
    lines = _command_lines()
    assert len(lines) > 100
    wrong = [f"{page}: {line}: {_wrong_options(line)}" for page, line in lines if _wrong_options(line)]
    assert not wrong, wrong


def test_a_wrong_option_would_be_found() -> None:
    assert _wrong_options("gangci batch x.jsonl --jobz 2") == ["--jobz"]
    assert _wrong_options("gangci session FILE --add/--edit/--undo") == []
    assert _wrong_options("gangci scor x.yaml") == ["scor"]
