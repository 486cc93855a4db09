"""Issue 50's "the page's words" in a real browser (chromium-headless-shell at 360x740, driven by Playwright): a
save whose answer is lost while the live updates still arrive, and what every other phone is told of a change."""

from __future__ import annotations

import shutil
import time
from pathlib import Path

import pytest

from tests.conftest import EXAMPLES
from tests.test_web_browser import PHONE, browser, caught_up, no_sideways_scroll, tap_hand  # noqa: F401 - the fixture
from tests.test_web_hand_numbers_and_paid_browser import _hands, _phone
from tests.web_server import running

pytestmark = pytest.mark.browser


def test_a_lost_answer_with_live_updates_is_a_resend_not_a_lost_server(browser: object, tmp_path: Path) -> None:  # noqa: F811 - the fixture
    """Reproduction: the save reached the server but its answer was lost (the event stream still open): the page
    said "连不上记账的电脑" and kept 保存 disabled until reloaded. Now it sends the same save again, is told this
    phone's save arrived, and 保存 works on."""
    ledger = tmp_path / "tonight.yaml"
    shutil.copy(EXAMPLES / "session.yaml", ledger)
    before = len(_hands(ledger))
    with running(ledger) as base:
        page = _phone(browser, base)
        lost: list[str] = []

        def lose_the_first_answer(route: object) -> None:
            request = route.request  # type: ignore[attr-defined]
            if request.method == "POST" and not lost:
                lost.append(request.url)
                route.fetch()  # type: ignore[attr-defined]  # the server has it and saves it...
                route.abort("connectionreset")  # type: ignore[attr-defined]  # ...and its answer never comes
            else:
                route.continue_()  # type: ignore[attr-defined]

        page.route("**/api/hands?*", lose_the_first_answer)  # type: ignore[attr-defined]
        tap_hand(page, "anci", "W")
        page.click("#save")  # type: ignore[attr-defined]
        page.wait_for_selector("#taken:not([hidden])")  # type: ignore[attr-defined]
        card = page.text_content("#taken-text")  # type: ignore[attr-defined]
        assert lost and f"第 {before + 1} 局这台手机已经保存好了" in card, card
        time.sleep(DOWN_AFTER_S)  # longer than the page waits before it says the server is gone
        assert page.is_hidden("#down")  # type: ignore[attr-defined]
        assert page.is_enabled("#save")  # type: ignore[attr-defined]
        page.click("#taken-keep")  # type: ignore[attr-defined]
        caught_up(page)
        tap_hand(page, "bomb", "N")  # the next hand saves as ever
        page.click("#save")  # type: ignore[attr-defined]
        page.wait_for_selector(f"#hands [data-hand='{before + 2}']")  # type: ignore[attr-defined]
        no_sideways_scroll(page)
    hands = _hands(ledger)
    assert len(hands) == before + 2 and hands[before]["win"]["type"] == "anci"  # the lost one saved once


DOWN_AFTER_S = 3.5  # app.js DOWN_AFTER_MS, and a little more


def test_every_other_phone_is_told_who_changed_what(browser: object, tmp_path: Path) -> None:  # noqa: F811 - the fixture
    """Reproductions: an edit was told as "有人改了第 N 局" (not who, nor the amounts before and after); a payment and
    its taking back were told to nobody."""
    ledger = tmp_path / "tonight.yaml"
    ledger.write_text(
        "stakes: 1\ndealer: E\nplayers: {E: 老王, S: 小李, W: 张姐, N: 阿强}\n"
        "hands:\n  - win: {type: bomb, winner: S}\n",
        encoding="utf-8",
    )
    with running(ledger) as base:
        a, b = _phone(browser, base), _phone(browser, base)
        a.click("#phone > summary")  # type: ignore[attr-defined]
        a.fill("#phone-name", "小李的手机")  # type: ignore[attr-defined]
        a.press("#phone-name", "Enter")  # type: ignore[attr-defined]
        a.click("#hands [data-edit='1']")  # type: ignore[attr-defined]
        a.wait_for_function("document.querySelector('#entry-title').textContent.includes('改第 1 局')")  # type: ignore[attr-defined]
        a.click("#winners [data-value=W]")  # type: ignore[attr-defined]
        a.click("#save")  # type: ignore[attr-defined]
        said = "小李的手机 改了第 1 局：小李 +600 → -200，张姐 -200 → +600"
        b.wait_for_function(f"document.querySelector('#toast').textContent.includes({said!r})")  # type: ignore[attr-defined]
        assert said in b.text_content("#heard-list")  # type: ignore[attr-defined]
        caught_up(a)
        assert a.text_content("#toast").startswith("已保存第 1 局")  # type: ignore[attr-defined]  # its own: not told back
        a.on("dialog", lambda dialog: dialog.accept())  # type: ignore[attr-defined]
        a.click("#settle [data-paid]")  # type: ignore[attr-defined]
        b.wait_for_function("document.querySelector('#heard-list').textContent.includes('小李的手机 记了已付')")  # type: ignore[attr-defined]
        caught_up(a)
        a.click("#settle [data-unpaid]")  # type: ignore[attr-defined]
        b.wait_for_function("document.querySelector('#heard-list').textContent.includes('小李的手机 撤回了已付')")  # type: ignore[attr-defined]
        from gangci_calc.commands.session import changes

        changes.remove_last(str(ledger))  # the terminal's gangci session --undo
        b.wait_for_function("document.querySelector('#heard-list').textContent.includes('终端 撤销了第 1 局')")  # type: ignore[attr-defined]
        no_sideways_scroll(b)
