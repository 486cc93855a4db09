"""One edit form, one version, in a real browser (Debian's chromium-headless-shell at 360x740): a form keeps the
version of the moment it was opened, so a second phone's edit it did not see is shown, never overwritten."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gangci_calc.commands.session.show import session_output
from tests.test_web_browser import PHONE, browser, tap_hand  # noqa: F401 - the fixture, shared
from tests.test_web_one_truth import ONE_HAND
from tests.web_server import TOKEN, running

pytestmark = pytest.mark.browser


def _winners(ledger: Path) -> list[object]:
    return [hand["win"].get("winner") for hand in json.loads(session_output(str(ledger), "json", "zh"))["hands"]]


def _phone(chromium: object, base: str) -> object:
    page = chromium.new_context(**PHONE).new_page()  # type: ignore[attr-defined]
    page.goto(f"{base}/?t={TOKEN}")
    page.wait_for_selector("#entry:not([hidden])")
    return page


def test_two_phones_editing_one_hand_the_later_sees_both_and_chooses(browser: object, tmp_path: Path) -> None:  # noqa: F811 - the fixture
    ledger = tmp_path / "tonight.yaml"
    ledger.write_text(ONE_HAND + "  - win: {type: draw}\n", encoding="utf-8")
    with running(ledger) as base:
        a, b = _phone(browser, base), _phone(browser, base)
        a.click("[data-edit='1']")  # type: ignore[attr-defined]
        a.wait_for_selector("#cancel:not([hidden])")  # type: ignore[attr-defined]
        tap_hand(a, "bomb", "N")
        b.click("[data-edit='1']")  # type: ignore[attr-defined]
        b.wait_for_selector("#cancel:not([hidden])")  # type: ignore[attr-defined]
        tap_hand(b, "bomb", "W")
        b.click("#save")  # type: ignore[attr-defined]
        b.wait_for_function("document.querySelector('#cancel').hidden")  # type: ignore[attr-defined]
        assert _winners(ledger)[0] == "W"
        a.wait_for_timeout(1500)  # type: ignore[attr-defined]  # A's page has followed the ledger meanwhile
        a.click("#save")  # type: ignore[attr-defined]
        a.wait_for_selector("#taken:not([hidden])")  # type: ignore[attr-defined]
        card = a.text_content("#taken")  # type: ignore[attr-defined]
        assert "第 1 局" in card and "张姐" in card and "阿强" in card, card
        assert _winners(ledger)[0] == "W"  # nothing overwritten in silence
        a.screenshot(path=str(tmp_path / "edited-meanwhile.png"))  # type: ignore[attr-defined]
        a.click("#taken-other")  # type: ignore[attr-defined]  # save mine over it
        a.wait_for_function("document.querySelector('#taken').hidden")  # type: ignore[attr-defined]
        a.wait_for_function(  # type: ignore[attr-defined]
            "document.querySelector('#cancel').hidden"
        )
    assert _winners(ledger) == ["N", None]


def test_an_edit_saved_after_another_hand_was_added_goes_through(browser: object, tmp_path: Path) -> None:  # noqa: F811 - the fixture
    """The ledger changed elsewhere only (a hand added by another phone): hand 1 as the form saw it, so it is saved."""
    ledger = tmp_path / "tonight.yaml"
    ledger.write_text(ONE_HAND, encoding="utf-8")
    with running(ledger) as base:
        a, b = _phone(browser, base), _phone(browser, base)
        a.click("[data-edit='1']")  # type: ignore[attr-defined]
        a.wait_for_selector("#cancel:not([hidden])")  # type: ignore[attr-defined]
        tap_hand(a, "bomb", "N")
        tap_hand(b, "draw")
        b.click("#save")  # type: ignore[attr-defined]
        b.wait_for_selector("#hands [data-hand='2']")  # type: ignore[attr-defined]
        a.click("#save")  # type: ignore[attr-defined]
        a.wait_for_function("document.querySelector('#cancel').hidden")  # type: ignore[attr-defined]
        assert a.is_hidden("#taken")  # type: ignore[attr-defined]
    assert _winners(ledger) == ["N", None]
