"""The page's "Round three" in a real browser (Debian's chromium-headless-shell at 360x740, driven by Playwright):
a form keeps its hand, paid is a record every settle-up agrees on, a restart keeps the table."""

from __future__ import annotations

import json
import shutil
import time
from pathlib import Path

import pytest

from gangci_calc.commands.session.show import session_output
from tests.conftest import EXAMPLES
from tests.test_web_browser import PHONE, browser, caught_up, tap_hand  # noqa: F401 - the fixture, shared
from tests.web_server import TOKEN, running

pytestmark = pytest.mark.browser


def _hands(ledger: Path) -> list[dict[str, object]]:
    hands: list[dict[str, object]] = json.loads(session_output(str(ledger), "json", "zh"))["hands"]
    return hands


def _phone(chromium: object, base: str) -> object:
    page = chromium.new_context(**PHONE).new_page()  # type: ignore[attr-defined]
    page.goto(f"{base}/?t={TOKEN}")
    page.wait_for_selector("#entry:not([hidden])")
    return page


def test_a_form_keeps_its_hand_a_late_second_save_gets_the_card(browser: object, tmp_path: Path) -> None:  # noqa: F811 - the fixture
    """Phone A begins hand N; phone B saves hand N; A waits 5 s (its page follows the ledger meanwhile) and saves:
    A is shown the hand saved, and the ledger holds it once."""
    ledger = tmp_path / "tonight.yaml"
    shutil.copy(EXAMPLES / "session.yaml", ledger)
    before = len(_hands(ledger))
    with running(ledger) as base:
        a, b = _phone(browser, base), _phone(browser, base)
        tap_hand(a, "anci", "W")
        assert f"第 {before + 1} 局" in a.text_content("#entry-title")  # type: ignore[attr-defined]
        tap_hand(b, "anci", "W")
        b.click("#save")  # type: ignore[attr-defined]
        b.wait_for_selector(f"#hands [data-hand='{before + 1}']")  # type: ignore[attr-defined]
        a.wait_for_selector(f"#hands [data-hand='{before + 1}']")  # type: ignore[attr-defined]
        time.sleep(5)
        caught_up(a)
        assert f"第 {before + 1} 局" in a.text_content("#entry-title")  # type: ignore[attr-defined]  # not moved on
        a.click("#save")  # type: ignore[attr-defined]
        a.wait_for_selector("#taken:not([hidden])")  # type: ignore[attr-defined]
        card = a.text_content("#taken")  # type: ignore[attr-defined]
        assert f"第 {before + 1} 局" in card and "暗呲" in card and f"第 {before + 2} 局" in card, card
    hands = _hands(ledger)
    assert len(hands) == before + 1 and hands[-1]["win"]["type"] == "anci"


def test_an_untouched_form_follows_the_table(browser: object, tmp_path: Path) -> None:  # noqa: F811 - the fixture
    """A form nobody has begun shows the next hand's number as the table moves on."""
    ledger = tmp_path / "tonight.yaml"
    shutil.copy(EXAMPLES / "session.yaml", ledger)
    before = len(_hands(ledger))
    with running(ledger) as base:
        a, b = _phone(browser, base), _phone(browser, base)
        tap_hand(b, "draw")
        b.click("#save")  # type: ignore[attr-defined]
        a.wait_for_function(  # type: ignore[attr-defined]
            f"document.querySelector('#entry-title').textContent.includes('第 {before + 2} 局')"
        )
