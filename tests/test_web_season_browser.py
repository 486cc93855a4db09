"""The 已付 buttons and the 赛季 view in a real browser at 360×740 (Debian's chromium-headless-shell, driven by
Playwright): a transfer of tonight's settle-up paid by a tap, the view reached from tonight's page and checked
against ``GET /api/season`` (which is ``gangci history -f json``), a 已付 tapped there, and the view following
tonight's evening live; the screenshot lands in docs/season-phone.png."""

from __future__ import annotations

import json
import shutil
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
import yaml

from gangci_calc.commands.session import changes
from tests.conftest import EXAMPLES
from tests.test_web_browser import PHONE, browser, no_sideways_scroll  # noqa: F401 - browser: the fixture
from tests.web_server import TOKEN, running

pytestmark = pytest.mark.browser
SCREENSHOT = Path(__file__).parent.parent / "docs" / "season-phone.png"


def shown_standings(page: Any) -> dict[str, tuple[Fraction, Fraction]]:
    """Each person's total and owed as the view shows them."""
    rows = {}
    for row in page.locator("#season-standings li").all():
        name = row.get_attribute("data-name")
        total = Fraction(row.locator(".amount").inner_text().strip())
        rows[name] = (total, Fraction(row.locator(".owed").inner_text().strip()))
    return rows


def from_api(page: Any, base: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(page.evaluate(f"fetch('{base}/api/season').then(r => r.text())"))
    return data


def test_the_season_view_on_a_phone(browser: Any, tmp_path: Path) -> None:  # noqa: F811 - the fixture
    club = tmp_path / "club"
    shutil.copytree(EXAMPLES / "club", club)
    tonight = tmp_path / "tonight.yaml"
    data = yaml.safe_load((EXAMPLES / "session-people.yaml").read_text(encoding="utf-8"))
    tonight.write_text(yaml.safe_dump({**data, "date": "2026-12-01"}, allow_unicode=True), encoding="utf-8")
    with running(tonight, club) as base:
        page = browser.new_context(**PHONE).new_page()
        page.on("dialog", lambda dialog: dialog.accept())  # 已付 asks first
        page.goto(f"{base}/?t={TOKEN}")
        # tonight's settle-up: a 已付 button per transfer; tapping one marks it, and its button goes
        buttons = page.locator("#settle button[data-paid]")
        count = buttons.count()
        assert count == len(json.loads(page.evaluate(f"fetch('{base}/api/evening').then(r => r.text())"))["transfers"])
        buttons.first.click()
        page.wait_for_function(f"document.querySelectorAll('#settle button[data-paid]').length === {count - 1}")
        assert "已付" in page.locator("#settle li.paid").first.inner_text()  # listed as paid, with 撤回
        no_sideways_scroll(page)
        page.click("#season-link")
        page.wait_for_selector("#season-standings")
        season = from_api(page, base)
        assert shown_standings(page) == {
            p["name"]: (Fraction(str(p["total"])), Fraction(str(p["owed"]))) for p in season["people"]
        }
        assert page.locator("#season-open button[data-paid]").count() == len(season["open"])
        assert page.locator("#season-chart svg g").count() == len(season["people"])
        no_sideways_scroll(page)
        # 已付: the first open transfer is paid, and the view says so
        first = season["open"][0]
        page.locator("#season-open button[data-paid]").first.click()
        page.wait_for_function(
            f"document.querySelectorAll('#season-open button[data-paid]').length === {len(season['open']) - 1}"
        )
        assert page.locator("#toast").inner_text().startswith("已记下")
        after = from_api(page, base)
        assert after["open"] == season["open"][1:]
        payer = next(p for p in after["people"] if p["name"] == first["from"])
        before = next(p for p in season["people"] if p["name"] == first["from"])
        assert Fraction(str(payer["owed"])) == Fraction(str(before["owed"])) - Fraction(str(first["amount"]))
        # live: a hand entered tonight (here by the library, as another phone's would be) shows without a reload
        count = len(yaml.safe_load(tonight.read_text(encoding="utf-8"))["hands"])
        with changes.locked(tonight):
            changes.add_data(str(tonight), {"win": {"type": "bomb", "winner": "S"}})
        assert len(yaml.safe_load(tonight.read_text(encoding="utf-8"))["hands"]) == count + 1
        wanted = {p["name"]: p["total"] for p in from_api(page, base)["people"]}
        page.wait_for_function(
            "want => [...document.querySelectorAll('#season-standings li')].every("
            "li => Number(li.querySelector('.amount').textContent) === want[li.dataset.name])",
            arg=wanted,
            timeout=5000,
        )
        no_sideways_scroll(page)
        page.evaluate("window.scrollTo(0, 0); document.querySelector('#toast').hidden = true")
        page.screenshot(path=str(SCREENSHOT), full_page=True)
        # the other language, by the switch
        page.click(".switch")
        page.wait_for_selector("text=Season standings")
        assert "Still to pay" in page.inner_text("#season-open")
