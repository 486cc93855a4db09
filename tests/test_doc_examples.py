"""Every YAML example of the README and docs/*.md is a file gangci takes, or says which file it shows.

A block opening with ``# examples/NAME.yaml`` holds that file's data (its comments may differ); any other block is
read as the files are read (a session where it has ``hands:``, a table's ``rules:``, else a hand) and must be
taken whole. A block that shows part of a file says so, in a comment the page does not show, on the line above:
``<!-- part of a file -->``. (The ```text blocks are tests/test_readme.py's, the ``>>>`` ones tests/test_api.py's.)
"""

from __future__ import annotations

import re

import pytest
import yaml

from gangci_calc.api import score, settle_session
from tests.conftest import ROOT

PART = "<!-- part of a file -->"


def _blocks() -> list[tuple[str, str, bool]]:
    """(where, text, part of a file?) for every ```yaml block."""
    found = []
    for page in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        text = page.read_text(encoding="utf-8")
        for block in re.finditer(r"^```yaml\n(.*?)^```$", text, re.S | re.M):
            before = text[: block.start()].rstrip("\n").rpartition("\n")[2]
            where = f"{page.relative_to(ROOT)}:{text[: block.start()].count(chr(10)) + 1}"
            found.append((where, block.group(1), before.strip() == PART))
    return found


BLOCKS = _blocks()


def test_the_pages_show_yaml() -> None:
    pages = {where.partition(":")[0] for where, _, _ in BLOCKS}
    assert {"README.md", "docs/score.md", "docs/session.md", "docs/house-rules.md", "docs/file-format.md"} <= pages


@pytest.mark.parametrize(("where", "text", "part"), BLOCKS, ids=[where for where, _, _ in BLOCKS])
def test_a_yaml_example_is_a_file_gangci_takes(where: str, text: str, part: bool) -> None:
    data = yaml.safe_load(text)
    assert isinstance(data, dict), where
    named = re.match(r"# (examples/[\w/.-]+\.ya?ml)", text)
    if named:
        assert data == yaml.safe_load((ROOT / named.group(1)).read_text(encoding="utf-8")), where
    elif part:
        return
    elif "hands" in data:
        assert settle_session(data).transfers is not None
    elif set(data) == {"rules"}:  # a table's rules: on a hand that any table plays
        assert score({"stakes": 1, "dealer": "E", "win": {"type": "draw"}, **data}).rules
    else:
        assert score(data).net


def test_the_house_rules_page_shows_every_option() -> None:
    """docs/house-rules.md says its block holds every option: a new entry of ``HouseRules`` needs its line there."""
    from dataclasses import fields

    from gangci_calc.core.rules import HouseRules

    (block,) = [text for where, text, _ in BLOCKS if where.startswith("docs/house-rules.md")]
    assert list(yaml.safe_load(block)["rules"]) == [f.name for f in fields(HouseRules)]
