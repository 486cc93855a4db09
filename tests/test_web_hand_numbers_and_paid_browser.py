"""Hand numbers and paid as a record in a real browser (Debian's chromium-headless-shell at 360x740, driven by
Playwright): a form keeps its hand, paid is a record every settle-up agrees on, a restart keeps the table."""

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


def _open_on_page(page: object) -> list[tuple[str, str, str]]:
    """The transfers the page's settle-up still asks to pay (what each 已付 button sends)."""
    sent = page.evaluate(  # type: ignore[attr-defined]
        "[...document.querySelectorAll('#settle [data-paid]')].map(b => JSON.parse(b.dataset.paid))"
    )
    return [(t["from"], t["to"], t["amount"]) for t in sent]


def _cli_open(ledger: Path) -> list[tuple[str, str, str]]:
    from gangci_calc.commands.history import history_output
    from gangci_calc.io.show.labels import amount_text

    data = json.loads(session_output(str(ledger), "json", "zh"))
    season = json.loads(history_output([str(ledger)], "json", "zh"))
    mine = [(t["from"], t["to"], amount_text(t["amount"])) for t in data["transfers"]]
    assert mine == [(t["from"], t["to"], amount_text(t["amount"])) for t in season["open"]]  # session = history
    return mine


def test_paid_is_a_record_every_settle_up_agrees_and_it_can_be_taken_back(browser: object, tmp_path: Path) -> None:  # noqa: F811 - the fixture
    club = tmp_path / "club"
    club.mkdir()
    ledger = club / "tonight.yaml"
    shutil.copy(EXAMPLES / "session-people.yaml", ledger)
    asked: list[str] = []
    with running(ledger, club) as base:
        page = _phone(browser, base)
        page.on("dialog", lambda dialog: (asked.append(dialog.message), dialog.accept()))  # type: ignore[attr-defined]
        first = _open_on_page(page)[0]
        page.click("#settle [data-paid]")  # type: ignore[attr-defined]
        page.wait_for_function("document.querySelectorAll('#settle [data-unpaid]').length === 1")  # type: ignore[attr-defined]
        assert asked == [f"{first[0]} 已付 {first[1]} {first[2]}？"]  # asked once, before it was recorded
        for winner in ("N", "E"):  # two more hands, by taps
            tap_hand(page, "bomb", winner)
            page.click("#save")  # type: ignore[attr-defined]
            caught_up(page)
        edited = page.evaluate(  # type: ignore[attr-defined]
            "async () => (await fetch('/api/hands/2', {method: 'PUT', headers: {'Content-Type': 'application/json'},"
            " body: JSON.stringify({win: {type: 'anci', winner: 'S'}})})).status"
        )
        assert edited == 200
        caught_up(page)
        on_page = _open_on_page(page)
        assert on_page == _cli_open(ledger)  # the page, session -f json and history -f json
        season = page.evaluate("async () => (await (await fetch('/api/season')).json()).open")  # type: ignore[attr-defined]
        from gangci_calc.io.show.labels import amount_text

        assert [(t["from"], t["to"], amount_text(t["amount"])) for t in season] == on_page  # the 赛季 page
        paid_line = page.text_content("#settle li.paid")  # type: ignore[attr-defined]
        assert f"{first[2]} · 已付" in paid_line and first[0] in paid_line  # the paid one, not asked again
        page.click("#settle [data-unpaid]")  # type: ignore[attr-defined]
        page.wait_for_function("document.querySelectorAll('#settle [data-unpaid]').length === 0")  # type: ignore[attr-defined]
        assert "撤回" in asked[-1]
        caught_up(page)
        restored = _open_on_page(page)
        assert restored == _cli_open(ledger) and restored != on_page
    assert "paid" not in json.loads(session_output(str(ledger), "json", "zh"))


def test_a_restart_keeps_the_table_every_phone_live_again_and_the_half_typed_hand_kept(
    browser: object,  # noqa: F811 - the fixture
    tmp_path: Path,
) -> None:
    """The server stopped (Ctrl-C) and started again the usual way (no --token): the phones reconnect by
    themselves, with no scan, within 3 s of the new server listening, and what was typed is still there."""
    from tests.test_web_restart import free_port, serving

    ledger = tmp_path / "tonight.yaml"
    shutil.copy(EXAMPLES / "session.yaml", ledger)
    port = free_port()
    live = "!document.querySelector('#live').classList.contains('off') && document.querySelector('#down').hidden"
    with serving(ledger, port=port) as (base, token):
        phones = []
        for _ in range(2):
            page = browser.new_context(**PHONE).new_page()  # type: ignore[attr-defined]
            page.goto(f"{base}/?t={token}")
            page.wait_for_selector("#entry:not([hidden])")
            phones.append(page)
        tap_hand(phones[0], "zhici", "W", "N")  # half a hand: no add-ons yet, not saved
    for page in phones:
        page.wait_for_selector("#down:not([hidden])", timeout=8000)  # the server is gone, and they say so
    with serving(ledger, port=port) as (base, again):
        started = time.monotonic()
        assert again == token
        for page in phones:
            page.wait_for_function(live, timeout=3000)
        took = time.monotonic() - started
        first = phones[0]
        assert first.get_attribute("#wins [data-value=zhici]", "aria-pressed") == "true"  # type: ignore[attr-defined]
        assert first.get_attribute("#froms [data-value=N]", "aria-pressed") == "true"  # type: ignore[attr-defined]
        first.click("#save")  # type: ignore[attr-defined]
        first.wait_for_selector("#toast:not([hidden])")  # type: ignore[attr-defined]
    assert took <= 3
    assert _hands(ledger)[-1]["win"]["type"] == "zhici"


NARROW = {**PHONE, "viewport": {"width": 320, "height": 640}}


def test_320_px_with_pao_fits_and_the_fee_payee_gets_a_text_keyboard(browser: object, tmp_path: Path) -> None:  # noqa: F811 - the fixture
    """Reproductions: at 320 px with 带跑 the 跑 "+" stuck out and the page scrolled sideways; 台费 收款 opened a
    number keyboard for a name."""
    ledger = tmp_path / "tonight.yaml"
    ledger.write_text(
        "stakes: 2\npolicy: true\ndealer: E\nplayers: {E: 老王, S: 小李, W: 张姐, N: 阿强}\n"
        "rules: {pao: {unit: 100}}\nhands:\n",
        encoding="utf-8",
    )
    with running(ledger) as base:
        page = browser.new_context(**NARROW).new_page()  # type: ignore[attr-defined]
        page.goto(f"{base}/?t={TOKEN}")
        page.wait_for_selector("#entry:not([hidden])")
        tap_hand(page, "bomb", "S")
        page.click("#bets-details > summary")
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 320, f"the page is {width} px wide"
        right = page.evaluate(
            "Math.max(...[...document.querySelectorAll('.bet-row button.step')]"
            ".map(b => b.getBoundingClientRect().right))"
        )
        assert right <= 320, right
        page.screenshot(path=str(tmp_path / "pao-320.png"))
        page.click("#changes > summary")
        modes = page.evaluate(
            "Object.fromEntries([...document.querySelectorAll('#changes #fee input')]"
            ".map(i => [i.dataset.key, i.inputMode]))"
        )
        assert modes["to"] == "text" and modes["per_hand"] == "numeric", modes


def test_a_load_fetches_the_evening_once(browser: object, tmp_path: Path) -> None:  # noqa: F811 - the fixture
    """Reproduction: each load fetched the evening twice (the page, then /part again as the stream opened)."""
    ledger = tmp_path / "tonight.yaml"
    shutil.copy(EXAMPLES / "session.yaml", ledger)
    with running(ledger) as base:
        page = browser.new_context(**PHONE).new_page()  # type: ignore[attr-defined]
        fetched: list[str] = []
        page.on("request", lambda request: fetched.append(request.url))
        page.goto(f"{base}/?t={TOKEN}")
        page.wait_for_selector("#entry:not([hidden])")
        page.wait_for_function("!document.querySelector('#live').classList.contains('off')")
        time.sleep(1)
        assert not [url for url in fetched if "/part" in url or "/api/evening" in url], fetched


def test_typed_values_in_an_open_panel_outlive_a_reconnect(browser: object, tmp_path: Path) -> None:  # noqa: F811 - the fixture
    """Reproduction: after a reconnect an open 改规矩 panel showed 0 where 5 was typed."""
    from tests.test_web_restart import free_port, serving

    ledger = tmp_path / "tonight.yaml"
    ledger.write_text("stakes: 1\ndealer: E\nplayers: {E: 老王, S: 小李, W: 张姐, N: 阿强}\nhands:\n", encoding="utf-8")
    port = free_port()
    with serving(ledger, port=port) as (base, token):
        page = browser.new_context(**PHONE).new_page()  # type: ignore[attr-defined]
        page.goto(f"{base}/?t={token}")
        page.wait_for_selector("#entry:not([hidden])")
        page.click("#changes > summary")
        page.fill("#changes #fee input[data-key=per_hand]", "5")
    page.wait_for_selector("#down:not([hidden])", timeout=8000)
    with serving(ledger, port=port):
        page.wait_for_selector("#down", state="hidden", timeout=5000)
        caught_up(page)
        assert page.evaluate("document.querySelector('#changes').open")
        assert page.input_value("#changes #fee input[data-key=per_hand]") == "5"


def test_every_phone_hears_what_changed_and_starts_the_next_hand_alike(browser: object, tmp_path: Path) -> None:  # noqa: F811 - the fixture
    """Reproductions: an edit was announced only on the phone that made it; the next hand's add-on defaults differed
    from phone to phone (the saving phone kept its own)."""
    ledger = tmp_path / "tonight.yaml"
    ledger.write_text(
        "stakes: 1\npolicy: true\ndealer: E\nplayers: {E: 老王, S: 小李, W: 张姐, N: 阿强}\nhands:\n", encoding="utf-8"
    )
    with running(ledger) as base:
        a, b = _phone(browser, base), _phone(browser, base)
        tap_hand(a, "bomb", "S")
        a.click("#bets-details > summary")  # type: ignore[attr-defined]
        a.locator(".bet-row").first.locator(".stepper").first.locator("button.step").nth(1).click()  # type: ignore[attr-defined]  # 东飘1
        a.click("#save")  # type: ignore[attr-defined]
        b.wait_for_function("document.querySelector('#heard-list').textContent.includes('第 1 局')")  # type: ignore[attr-defined]
        assert not b.is_hidden("#heard")  # type: ignore[attr-defined]
        caught_up(a)
        # alike on both: the saved hand's 飘 carried over from the server's last hand (issue 52), not the saver's own
        assert a.text_content("#bets-summary") == b.text_content("#bets-summary") == ": 东飘1"  # type: ignore[attr-defined]
        edited = a.evaluate(  # type: ignore[attr-defined]
            "async () => (await fetch('/api/hands/1', {method: 'PUT', headers: {'Content-Type': 'application/json'},"
            " body: JSON.stringify({win: {type: 'anci', winner: 'W'}})})).status"
        )
        assert edited == 200
        b.wait_for_function("document.querySelector('#heard-list').textContent.includes('改了第 1 局')")  # type: ignore[attr-defined]
        a.wait_for_function("document.querySelector('#heard-list').textContent.includes('改了第 1 局')")  # type: ignore[attr-defined]
        a.evaluate(  # type: ignore[attr-defined]
            "fetch('/api/table', {method: 'POST', headers: {'Content-Type': 'application/json'},"
            " body: JSON.stringify({stakes: 2})})"
        )
        b.wait_for_function("document.querySelector('#heard-list').textContent.includes('规矩')")  # type: ignore[attr-defined]
