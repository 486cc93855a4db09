"""Every command is documented: in the README's table, on a page of docs/, and with --help."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import typer.main

from gangci_calc.cli import app
from tests.conftest import ROOT

COMMANDS = sorted(typer.main.get_command(app).commands)  # type: ignore[attr-defined]


def test_there_are_commands() -> None:
    assert {"score", "session", "check", "waits", "dice", "batch"} <= set(COMMANDS)


@pytest.mark.parametrize("name", COMMANDS)
def test_command_is_in_the_readme_with_its_page(name: str) -> None:
    """The README's table gives each command one line, pointing at the page that tells how to use it."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    rows = [row for row in readme.splitlines() if row.startswith(f"| `gangci {name}")]
    assert len(rows) == 1, rows
    pages = re.findall(r"\]\((docs/[\w-]+\.md)\)", rows[0])
    assert pages and all((ROOT / page).exists() for page in pages), rows[0]
    assert f"gangci {name}" in (ROOT / pages[0]).read_text(encoding="utf-8")


def test_the_readme_is_short() -> None:
    """The README a new user reads: at most 200 lines; the rest is in docs/."""
    assert len((ROOT / "README.md").read_text(encoding="utf-8").splitlines()) <= 200


def test_ci_runs_the_readme_s_test_command() -> None:
    """.ci/run runs exactly the test command the README gives, and builds the docs as the README says."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    tests = readme.split("## Tests", 1)[1].split("```sh\n", 1)[1].split("\n", 1)[0]
    site = readme.split("## The documentation", 1)[1].split("```sh\n", 1)[1].split("\n", 1)[0]
    assert tests == "pip install -e '.[test]' && pytest" and tests in ci
    assert site.endswith("mkdocs build --strict") and site in [line.replace(" -q", "") for line in ci], site


@pytest.mark.parametrize("name", COMMANDS)
def test_command_has_help(runner, name: str) -> None:
    result = runner.invoke(app, [name, "--help"])
    assert result.exit_code == 0
    assert len(result.stdout.strip().splitlines()) > 3


@pytest.mark.process
def test_entry_point_runs_one_command_like_the_whole_app() -> None:
    """`main()` builds only the command asked for; it must behave as the full app does."""
    import subprocess
    import sys

    run = [sys.executable, "-m", "gangci_calc"]
    english = {**__import__("os").environ, "GANGCI_LANG": "en"}
    helped = subprocess.run([*run, "score", "--help"], capture_output=True, text=True, timeout=60, env=english)
    assert helped.returncode == 0 and "Usage: gangci score" in helped.stdout
    bad = subprocess.run([*run, "score", "x.yaml", "--bogus"], capture_output=True, text=True, timeout=60, env=english)
    assert bad.returncode == 2 and "No such option: --bogus" in bad.stderr and "gangci score --help" in bad.stderr
    unknown = subprocess.run([*run, "scor"], capture_output=True, text=True, timeout=60, env=english)
    assert unknown.returncode == 2 and "No such command 'scor'" in unknown.stderr
    version = subprocess.run([*run, "--version"], capture_output=True, text=True, timeout=60)
    assert version.returncode == 0 and version.stdout.startswith("gangci ")


def test_the_rule_book_page_lists_the_options_gangci_rules_prints() -> None:
    """docs/rules.md's option table is the one `gangci rules` is built from: they cannot drift."""
    from gangci_calc.io.show.rulebook import options_markdown

    page = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    table = page.split("-->\n", 1)[1].split("<!-- /options -->", 1)[0] if "<!-- options:" in page else ""
    assert table == options_markdown(), (
        "regenerate the table: python -c 'from gangci_calc.io.show.rulebook import options_markdown as m; print(m())'"
    )


def test_no_comment_points_at_a_missing_file() -> None:
    """Every docs/*.md or package path named in the code's comments and docstrings exists."""
    import re
    from pathlib import Path

    import gangci_calc

    package = Path(gangci_calc.__file__).parent
    sources = [*package.rglob("*.py"), *(ROOT / "tests").glob("*.py"), *[p for p in [ROOT / "setup.py"] if p.exists()]]
    docs: set[str] = set()
    modules: set[str] = set()
    for path in sources:
        text = path.read_text(encoding="utf-8")
        docs |= set(re.findall(r"\b(docs/[\w-]+\.md)", text))
        modules |= set(re.findall(r"``((?:io|core|fastpath|commands)/[\w/]+\.py)``", text))
    missing = [name for name in sorted(docs) if not (ROOT / name).exists()]
    missing += [name for name in sorted(modules) if not (package / name).exists()]
    assert docs and modules and not missing, missing


def test_dash_h_is_help(runner) -> None:
    assert "Usage: gangci score" in runner.invoke(app, ["score", "-h"]).stdout.replace("root ", "")


def _command_for(path: Path) -> list[str]:
    """The command a user runs on each example file."""
    name = str(path.relative_to(ROOT))
    if path.parent.name == "batch":
        return ["batch", name]
    if "session" in path.name or path.name == "evening.yaml":
        return ["session", name]
    if path.name.startswith("check-"):
        return ["check", name]
    if path.name == "club-rules.yaml":
        return ["rules", name]
    return ["score", name, "--explain", "--no-check"]


GBK_RUNS = [_command_for(p) for p in sorted((ROOT / "examples").rglob("*.y*ml"))] + [
    ["dice", "5", "6"],
    ["waits", "111s 222s 23m 33p 444p", "--ci", "4m"],
    ["check", "--type", "anci", "--winner", "S", "--hand", "111s 222s 23m 33p 444p", "--win-tile", "1s", "--ci", "4m"],
    ["rules"],
    ["session", "--help"],
    ["session", "examples/session-people.yaml", "--lang", "en"],
    ["session", "examples/session.yaml", "-f", "text"],
]


@pytest.mark.process
@pytest.mark.parametrize("args", GBK_RUNS, ids=[" ".join(a)[:60] for a in GBK_RUNS])
def test_a_gbk_console_gets_stand_ins_not_a_traceback(args: list[str]) -> None:
    """A Chinese Windows console (or output redirected as GBK): what GBK cannot show becomes ASCII."""
    import os
    import subprocess
    import sys

    env = {**os.environ, "PYTHONIOENCODING": "gbk"}
    done = subprocess.run(
        [sys.executable, "-m", "gangci_calc", *args], cwd=ROOT, capture_output=True, env=env, timeout=60
    )
    assert done.returncode in (0, 1, 2), done.stderr.decode("gbk")
    out, err = done.stdout.decode("gbk"), done.stderr.decode("gbk")  # both are valid GBK
    assert "Traceback" not in err and (out or err)


def test_no_path_points_outside_the_repo() -> None:
    """Code, tests and docs name files inside the repository only (never the specs' folder beside it)."""
    import re

    texts = [*ROOT.glob("*.md"), *(ROOT / "docs").glob("*.md"), *(ROOT / "gangci_calc").rglob("*.py")]
    texts += [*(ROOT / "tests").glob("*.py"), *(ROOT / "benchmarks").glob("*.py"), *(ROOT / "examples").rglob("*.y*ml")]
    outside = re.compile(r"\.\./shared|/work/[s]hared|(?<![\w.])shared/(?:spec|seed)/")
    found = [str(path.relative_to(ROOT)) for path in texts if outside.search(path.read_text(encoding="utf-8"))]
    assert not found, found


def test_every_module_a_docstring_names_exists() -> None:
    """``:mod:`.fast``` in a docstring is a module of the same package (or one above), ``:mod:`gangci_calc.x```
    a module of the package: a module moved or gone is named nowhere."""
    import gangci_calc

    package = Path(gangci_calc.__file__).parent
    wrong = []
    for path in package.rglob("*.py"):
        here = path.parent.relative_to(package.parent).parts  # the package a relative name starts from
        for name in re.findall(r":mod:`([\w.]+)`", path.read_text(encoding="utf-8")):
            dots = len(name) - len(name.lstrip("."))
            parts = [*here[: len(here) - max(dots - 1, 0)], *name.lstrip(".").split(".")] if dots else name.split(".")
            target = package.parent.joinpath(*parts)
            if not (target.with_suffix(".py").exists() or (target / "__init__.py").exists()):
                wrong.append(f"{path.relative_to(package.parent)}: {name}")
    assert not wrong, wrong


def test_a_wide_character_a_console_cannot_show_keeps_the_table_in_line() -> None:
    """😀 in a player's name on a GBK console stands in as ``??``, two columns as the emoji took: the table's
    columns stay in line (one ``?`` shifted that row by one)."""
    import io

    from rich.cells import cell_len
    from rich.table import Table

    from gangci_calc.io.show.console import capture, fit

    table = Table("who", "net")
    for name in ("老王😀", "小李", "e\u0301x", "b"):  # an emoji, and a combining accent GBK does not have
        table.add_row(name, "+100")
    rendered = capture(table)
    shown = fit(rendered, io.TextIOWrapper(io.BytesIO(), encoding="gbk"))
    assert "老王??" in shown and "😀" not in shown
    assert [cell_len(line) for line in shown.splitlines()] == [cell_len(line) for line in rendered.splitlines()]
