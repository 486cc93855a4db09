"""Every output the README and the docs' pages show is re-run here, so they cannot drift from the tool.

A ```text block holds ``$ command`` lines, each followed by what it prints
(stdout and stderr, as a terminal shows them). ``...`` stands for any lines,
and a batch summary's time and rate may differ. A block of quick entry
(``--new`` / ``--add``) is a transcript: the answers after each prompt are
typed in, the prompts must appear in that order, and the ledger it builds
must print exactly as shown.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT

PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
TIMING = re.compile(r"[\d.,]+ s, [\d,]+ hands/s|[\d.,]+ 秒，每秒 [\d,]+ 局")


def blocks() -> list[tuple[str, list[str]]]:
    """(where: ``page:line``, lines) of every ```text block that runs commands, in the README and docs/*.md."""
    found = []
    for page in PAGES:
        lines = page.read_text(encoding="utf-8").splitlines()
        start = None
        for number, line in enumerate(lines):
            if line.startswith("```text"):
                start = number
            elif line.startswith("```") and start is not None:
                body = lines[start + 1 : number]
                if any(row.startswith("$ ") for row in body):
                    found.append((f"{page.relative_to(ROOT)}:{start + 1}", body))
                start = None
    return found


def steps(body: list[str]) -> list[tuple[str, list[str]]]:
    """(command, the lines it prints) in order."""
    out: list[tuple[str, list[str]]] = []
    for line in body:
        if line.startswith("$ "):
            out.append((line[2:], []))
        else:
            out[-1][1].append(line)
    return out


def run(command: str, cwd: Path, stdin: str = "", *, prompts_only: bool = False) -> str:
    """The command in bash, as a user types it: the installed `gangci`, 80 columns, stderr after stdout.

    With ``prompts_only``, what goes to stderr alone (the prompts and remarks of quick entry).
    """
    env = {**os.environ, "COLUMNS": "80", "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
    env.pop("CI", None)
    env.pop("GANGCI_LANG", None)  # the pages show gangci's default language, or set it on the command line
    command = re.sub(r"\s+#.*$", "", command)  # a comment the README adds for the reader
    redirect = " 2>&1 >/dev/null" if prompts_only else " 2>&1"
    done = subprocess.run(
        ["bash", "-c", command + redirect],
        cwd=cwd,
        input=stdin,
        capture_output=True,
        text=True,
        env=env,
        check=False,
        timeout=120,
    )
    return done.stdout.rstrip("\n")  # a blank line at the end is not worth showing


def matches(expected: list[str], actual: list[str]) -> bool:
    """Line by line (trailing spaces aside); ``...`` matches any run of lines."""
    if not expected:
        return not actual
    head, rest = expected[0], expected[1:]
    if head == "...":
        return any(matches(rest, actual[i:]) for i in range(len(actual) + 1))
    return (
        bool(actual)
        and TIMING.sub("T", head.rstrip()) == TIMING.sub("T", actual[0].rstrip())
        and matches(rest, actual[1:])
    )


def is_transcript(body: list[str]) -> bool:
    return any(row.startswith("$ ") and ("--new" in row or "--add" in row) for row in body)


OUTPUT_BLOCKS = [(line, body) for line, body in blocks() if not is_transcript(body)]
TRANSCRIPTS = [(line, body) for line, body in blocks() if is_transcript(body)]


def test_the_readme_and_the_docs_show_commands() -> None:
    pages = {where.partition(":")[0] for where, _ in OUTPUT_BLOCKS}
    assert len(OUTPUT_BLOCKS) >= 30 and len(TRANSCRIPTS) == 1
    assert {"README.md", "docs/cli.md", "docs/cli-zh.md", "docs/referee.md", "docs/session.md"} <= pages, pages


@pytest.mark.process
@pytest.mark.parametrize(("where", "body"), OUTPUT_BLOCKS, ids=[where for where, _ in OUTPUT_BLOCKS])
def test_output_block(where: str, body: list[str]) -> None:
    for command, expected in steps(body):
        actual = run(command, ROOT).splitlines()
        assert matches(expected, actual), f"{where}: $ {command}\n" + "\n".join(actual)


def answer_of(prompt: str) -> tuple[str, str] | None:
    """``question [default]: answer`` -> (the prompt as shown, the answer typed); None for a plain line."""
    if ":" not in prompt:
        return None
    if prompt.rstrip().endswith(":"):
        return prompt.rstrip(), ""
    question, _, answer = prompt.rpartition(": ")
    return question + ":", answer


@pytest.mark.process
@pytest.mark.parametrize(("where", "body"), TRANSCRIPTS, ids=[where for where, _ in TRANSCRIPTS])
def test_transcript(tmp_path: Path, where: str, body: list[str]) -> None:
    for command, shown in steps(body):
        if "--new" not in command and "--add" not in command:
            actual = run(command, tmp_path).splitlines()
            assert matches(shown, actual), f"{where}: $ {command}\n" + "\n".join(actual)
            continue
        answers = [a for a in map(answer_of, shown) if a is not None]
        said = run(command, tmp_path, "".join(f"{answer}\n" for _, answer in answers), prompts_only=True)
        position = 0
        for text in shown:  # every prompt and remark, in order
            expected = answer_of(text)[0] if answer_of(text) else text  # type: ignore[index]
            found = said.find(expected, position)
            assert found >= 0, f"{where}: {expected!r} not asked after position {position} in:\n{said}"
            position = found + len(expected)
