"""The page in a real browser: Debian's chromium-headless-shell at 360×740, driven by Playwright (nothing
downloaded). A whole evening is run by taps, seen live by a second phone, and checked against
``gangci session --format json``; the screenshot lands in docs/page-phone.png."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from gangci_calc.commands.session.show import session_output
from tests.conftest import EXAMPLES
from tests.web_server import TOKEN, running

pytestmark = pytest.mark.browser
CHROMIUM = os.environ.get("GANGCI_CHROMIUM", "/usr/bin/chromium-headless-shell")
SCREENSHOT = Path(__file__).parent.parent / "docs" / "page-phone.png"
PHONE = {"viewport": {"width": 360, "height": 740}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}

playwright_api = pytest.importorskip("playwright.sync_api", reason="pip install -e '.[test,browser]'")


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    if not Path(CHROMIUM).exists():  # CI installs it; never a silent skip there
        pytest.fail(f"no browser at {CHROMIUM}: apt-get install chromium-headless-shell")
    with playwright_api.sync_playwright() as p:
        launched = p.chromium.launch(executable_path=CHROMIUM, args=["--disable-background-networking"])
        yield launched
        launched.close()


STEP_SIZES = "[...document.querySelectorAll('.bet-row button.step')].map(b => [b.offsetWidth, b.offsetHeight])"


def no_sideways_scroll(page: object) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")  # type: ignore[attr-defined]
    assert width <= 360, f"the page is {width} px wide"


def tap_hand(page: object, win: str, winner: str | None = None, source: str | None = None) -> None:
    p = page  # type: ignore[assignment]
    p.click(f"#wins [data-value={win}]")  # type: ignore[attr-defined]
    if winner:
        p.click(f"#winners [data-value={winner}]")  # type: ignore[attr-defined]
    if source:
        p.click(f"#froms [data-value={source}]")  # type: ignore[attr-defined]


def test_a_whole_evening_by_taps_on_two_phones(browser: object, tmp_path: Path) -> None:
    ledger = tmp_path / "tonight.yaml"
    with running(ledger) as base:
        host = browser.new_context(**PHONE)  # type: ignore[attr-defined]
        page = host.new_page()
        page.goto(f"{base}/?t={TOKEN}")
        # a new evening
        for seat, name in zip("ESWN", ["老王", "小李", "张姐", "阿强"], strict=True):
            page.fill(f"#new-evening input[data-seat={seat}]", name)
        page.click("#new-evening button[type=submit]")
        page.wait_for_selector("#entry:not([hidden])")
        # a second phone, by the same link, sees every change without a reload
        guest = browser.new_context(**PHONE).new_page()  # type: ignore[attr-defined]
        guest.goto(f"{base}/?t={TOKEN}")
        plays = [
            ("bomb", "S", None),
            ("draw", None, None),
            ("zhici", "W", "N"),
            ("anci", "E", None),
            ("xuci", "N", "S"),
            ("bomb", "N", None),
            ("draw", None, None),
            ("zhici", "E", "W"),
            ("bomb", "W", None),
            ("anci", "S", None),
            ("bomb", "E", None),
            ("draw", None, None),
        ]
        for number, (win, winner, source) in enumerate(plays, 1):
            tap_hand(page, win, winner, source)
            if number == 3:  # 张姐 飘一个, by the steppers
                page.click("#bets-details summary")
                page.click("#bets .bet-row:nth-child(3) .stepper:nth-child(2) button:last-of-type")
            page.click("#save")
            page.wait_for_selector(f"#hands [data-hand='{number}']")
            guest.wait_for_selector(f"#hands [data-hand='{number}']", timeout=3000)
        # an error beside its field: 天胡 by a player who does not deal
        tap_hand(
            page,
            "heavenly",
            "S" if json.loads(session_output(str(ledger), "json", "zh"))["hands"][-1]["dealer"] != "S" else "W",
        )
        page.click("#save")
        error = page.locator("fieldset[data-field='win.winner'] .err")
        error.wait_for()
        assert "庄家" in error.inner_text()
        no_sideways_scroll(page)
        # edit hand 2 (a draw) into a 炸弹 by 东, then undo the last hand
        page.click("[data-edit='2']")
        page.wait_for_selector("#entry-title:has-text('2')")
        tap_hand(page, "bomb", "E")
        page.click("#save")
        page.wait_for_function("document.querySelector(\"[data-hand='2'] .line\").textContent.includes('炸弹')")
        page.once("dialog", lambda dialog: dialog.accept())
        page.click("#undo")
        page.wait_for_function("!document.querySelector(\"[data-hand='12']\")")
        guest.wait_for_function("!document.querySelector(\"[data-hand='12']\")", timeout=3000)
        # a substitution: 阿强 leaves, 小赵 sits at 北 from the next hand on
        page.click("#changes summary")
        page.fill("#changes input[data-seat=N]", "小赵")
        page.click("#apply-changes")
        tap_hand(page, "bomb", "N")
        page.click("#save")
        page.wait_for_selector("#hands [data-hand='12']")
        guest.wait_for_selector("#standings :text('小赵')", timeout=3000)
        no_sideways_scroll(page)
        no_sideways_scroll(guest)
        page.evaluate("window.scrollTo(0, 0); document.querySelector('#toast').hidden = true")
        SCREENSHOT.parent.mkdir(exist_ok=True)
        page.screenshot(path=str(SCREENSHOT))
        standings = page.locator("#standings li").all_inner_texts()
        settle = page.locator("#settle li").evaluate_all("items => items.map(li => li.firstChild.textContent.trim())")
    evening = json.loads(session_output(str(ledger), "json", "zh"))
    assert len(evening["hands"]) == 12
    shown = {" ".join(line.split()[:-1]).split(" ")[-1]: int(line.split()[-1]) for line in standings}
    assert shown == {person["name"]: person["total"] for person in evening["people"]}
    assert len(settle) == len(evening["transfers"])
    for line, transfer in zip(settle, evening["transfers"], strict=True):
        assert transfer["from"] in line and transfer["to"] in line and line.endswith(str(transfer["amount"]))
    cli = subprocess.run([sys.executable, "-m", "gangci_calc", "session", str(ledger)], capture_output=True, timeout=60)
    assert cli.returncode == 0


def test_two_phones_and_the_cli_write_the_same_evening(browser: object, tmp_path: Path) -> None:
    ledger = tmp_path / "tonight.yaml"
    shutil.copy(EXAMPLES / "session.yaml", ledger)
    before = len(json.loads(session_output(str(ledger), "json", "zh"))["hands"])
    with running(ledger) as base:
        phones = [browser.new_context(**PHONE).new_page() for _ in range(2)]  # type: ignore[attr-defined]
        for phone in phones:
            phone.goto(f"{base}/?t={TOKEN}")
            phone.wait_for_selector("#entry:not([hidden])")
        for phone in phones:
            tap_hand(phone, "draw")
        cli = subprocess.Popen([sys.executable, "-m", "gangci_calc", "session", str(ledger), "--undo"])
        for phone in phones:
            phone.click("#save")
        assert cli.wait(60) == 0
        for phone in phones:  # a number the undo left behind, or one the other phone took: asked, never renumbered
            for _ in range(3):
                phone.wait_for_function(
                    "document.querySelector('#taken').hidden === false || !document.querySelector('#wins .on')"
                )
                if not phone.is_visible("#taken"):
                    break
                phone.click("#taken-other")
                phone.click("#save")
        for phone in phones:
            phone.wait_for_selector(f"#hands [data-hand='{before}']")
    assert len(json.loads(session_output(str(ledger), "json", "zh"))["hands"]) == before + 2 - 1


def test_the_history_chart_renders_whole_in_a_browser(browser: object, tmp_path: Path) -> None:
    """`gangci history --chart` drawn by Chromium: every name and amount inside the picture, none on another."""
    chart = tmp_path / "club.svg"
    done = subprocess.run(
        [sys.executable, "-m", "gangci_calc", "history", str(EXAMPLES / "club"), "--chart", str(chart)],
        capture_output=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    page = browser.new_page()  # type: ignore[attr-defined]
    page.set_content(chart.read_text(encoding="utf-8"))
    boxes = page.evaluate(
        "[...document.querySelectorAll('svg text')].map(t => { const b = t.getBBox(); "
        "return [t.textContent, b.x, b.y, b.width, b.height]; })"
    )
    width, height = page.evaluate(
        "[document.querySelector('svg').width.baseVal.value, document.querySelector('svg').height.baseVal.value]"
    )
    names = [box for box in boxes if any(c in box[0] for c in "老小张阿")]
    assert len(names) >= 4
    for text, x, y, w, h in boxes:
        assert x >= -1 and y >= -1 and x + w <= width + 1 and y + h <= height + 1, text
    for i, first in enumerate(names):  # the people's labels at the lines' ends do not sit on one another
        for second in names[i + 1 :]:
            apart = first[2] + first[4] <= second[2] or second[2] + second[4] <= first[2]
            assert apart or abs(first[1] - second[1]) > 1, (first[0], second[0])
    page.screenshot(path=str(tmp_path / "club.png"))


ROUND_TWO = Path(__file__).parent.parent / "docs"


def _two_phones(browser: object, base: str) -> list[object]:
    phones = [browser.new_context(**PHONE).new_page() for _ in range(2)]  # type: ignore[attr-defined]
    for phone in phones:
        phone.goto(f"{base}/?t={TOKEN}")  # type: ignore[attr-defined]
        phone.wait_for_selector("#entry:not([hidden])")  # type: ignore[attr-defined]
    return phones


def test_two_phones_save_the_same_hand_at_once_one_is_saved_the_other_asked(browser: object, tmp_path: Path) -> None:
    ledger = tmp_path / "tonight.yaml"
    shutil.copy(EXAMPLES / "session.yaml", ledger)
    before = len(json.loads(session_output(str(ledger), "json", "zh"))["hands"])
    with running(ledger) as base:
        phones = _two_phones(browser, base)
        for phone in phones:
            tap_hand(phone, "bomb", "S")
        for phone in phones:  # the same moment: neither waits for the other's answer
            phone.evaluate("document.querySelector('#save').click()")  # type: ignore[attr-defined]
        asked = None
        for phone in phones:
            phone.wait_for_function(  # type: ignore[attr-defined]
                "!document.querySelector('#taken').hidden || !document.querySelector('#wins .on')"
            )
            if phone.is_visible("#taken"):  # type: ignore[attr-defined]
                asked = phone
        assert asked is not None, "neither phone was asked"
        text = asked.text_content("#taken")  # type: ignore[attr-defined]
        assert (
            f"第 {before + 1} 局" in text and "炸弹" in text and "南" in text
        )  # the hand saved: who won, what it paid
        no_sideways_scroll(asked)
        asked.screenshot(path=str(tmp_path / "taken.png"))  # type: ignore[attr-defined]
        shutil.copy(tmp_path / "taken.png", ROUND_TWO / "page-taken.png")
        asked.click("#taken-keep")  # type: ignore[attr-defined]
        assert asked.is_hidden("#taken")  # type: ignore[attr-defined]
    assert len(json.loads(session_output(str(ledger), "json", "zh"))["hands"]) == before + 1


def test_a_substitute_on_one_phone_shows_on_the_other_before_the_next_hand(browser: object, tmp_path: Path) -> None:
    ledger = tmp_path / "tonight.yaml"
    shutil.copy(EXAMPLES / "session.yaml", ledger)
    with running(ledger) as base:
        first, second = _two_phones(browser, base)
        first.click("#changes > summary")  # type: ignore[attr-defined]
        first.fill("#changes #names input[data-seat=N]", "小赵")  # type: ignore[attr-defined]
        first.click("#apply-changes")  # type: ignore[attr-defined]
        shown = "document.querySelector('#winners [data-value=N]').textContent.includes('小赵')"
        second.wait_for_function(shown, timeout=3000)  # type: ignore[attr-defined]
        first.wait_for_function(shown, timeout=3000)  # type: ignore[attr-defined]
        assert "小赵" in second.text_content("#pending")  # the form says the change applies to this hand
        tap_hand(second, "bomb", "N")
        second.click("#save")  # type: ignore[attr-defined]
        second.wait_for_selector("#toast:not([hidden])")  # type: ignore[attr-defined]
    last = json.loads(session_output(str(ledger), "json", "zh"))["hands"][-1]
    assert last["players"]["N"] == "小赵" and last["win"]["winner"] == "N"


def test_with_the_server_gone_a_banner_says_so_and_the_form_is_kept(browser: object, tmp_path: Path) -> None:
    from tests.web_server import stoppable

    ledger = tmp_path / "tonight.yaml"
    shutil.copy(EXAMPLES / "session.yaml", ledger)
    with stoppable(ledger) as (base, stop):
        page = browser.new_context(**PHONE).new_page()  # type: ignore[attr-defined]
        page.goto(f"{base}/?t={TOKEN}")
        page.wait_for_selector("#entry:not([hidden])")
        tap_hand(page, "zhici", "W", "N")
        stop()
        page.wait_for_selector("#down:not([hidden])", timeout=8000)
        assert "连不上" in page.text_content("#down")
        assert page.is_disabled("#save")
        assert page.get_attribute("#wins [data-value=zhici]", "aria-pressed") == "true"  # what was entered stays
        assert page.get_attribute("#froms [data-value=N]", "aria-pressed") == "true"
        no_sideways_scroll(page)
        page.screenshot(path=str(ROUND_TWO / "page-down.png"))
        page.click("#bets-details > summary")  # the 加番 steppers: one row per player at 360 px
        steps = page.evaluate(STEP_SIZES)  # a finger's target each (issue 52), the rows wrapping under the names
        assert len(steps) >= 4 * 2 * 3 and min(min(size) for size in steps) >= 44, steps


def caught_up(page: object) -> None:
    """Wait until the page shows the ledger's version as the server has it now: every refresh it needs done."""
    etag = page.evaluate("async () => (await fetch('/api/evening')).headers.get('ETag')")  # type: ignore[attr-defined]
    page.wait_for_function(f"document.body.dataset.version === '{etag.strip(chr(34))}'")  # type: ignore[attr-defined]


def test_the_panels_fee_and_rules_at_360_px(browser: object, tmp_path: Path) -> None:
    """台费 in the new-evening form and in the rules panel; the current rules first, the others behind one tap;
    each kong picker labelled."""
    ledger = tmp_path / "tonight.yaml"
    with running(ledger) as base:
        page = browser.new_context(**PHONE).new_page()  # type: ignore[attr-defined]
        page.goto(f"{base}/?t={TOKEN}")
        page.wait_for_selector("#new-evening")
        assert page.locator("#new-evening #fee input").count() == 4
        assert not page.is_visible("#new-evening #options")  # behind one tap
        for seat, name in zip("ESWN", ["老王", "小李", "张姐", "阿强"], strict=True):
            page.fill(f"#new-evening #names input[data-seat={seat}]", name)
        page.fill("#new-evening #fee input >> nth=1", "10")  # 每局 10
        page.click("#new-evening button[type=submit]")
        page.wait_for_selector("#entry:not([hidden])")
        caught_up(page)  # the evening created, as the ledger has it: no refresh of it still to come
        assert json.loads(session_output(str(ledger), "json", "zh"))["rules"] == {}
        assert "fee:" in ledger.read_text(encoding="utf-8")
        page.click("#changes > summary")
        assert page.is_visible("#rules-now") and not page.is_visible("#changes #options")
        page.click("#more-rules-summary")
        assert page.is_visible("#changes #options")
        page.click("#add-kong")
        labels = page.eval_on_selector_all("#kongs label", "nodes => nodes.map(n => n.firstChild.textContent)")
        assert labels[:2] == ["谁杠", "哪种杠"]
        no_sideways_scroll(page)


def test_a_ledger_that_cannot_be_read_shows_the_evening_last_seen_not_live(browser: object, tmp_path: Path) -> None:
    ledger = tmp_path / "tonight.yaml"
    shutil.copy(EXAMPLES / "session.yaml", ledger)
    with running(ledger) as base:
        page = browser.new_context(**PHONE).new_page()  # type: ignore[attr-defined]
        page.goto(f"{base}/?t={TOKEN}")
        page.wait_for_selector("#entry:not([hidden])")
        page.wait_for_timeout(300)  # the first refresh keeps the evening in the phone
        ledger.write_bytes(ledger.read_text(encoding="utf-8").encode("gbk"))  # an editor saved it as GBK
        page.wait_for_selector("#stale:not([hidden])", timeout=5000)
        for _ in range(2):  # as it changed, and after a reload
            assert page.is_visible(".problem") and page.is_visible("#standings")
            assert "不是实时" in page.text_content("#stale") and page.is_disabled("#save")
            page.reload()
            page.wait_for_selector("#stale:not([hidden])", timeout=5000)


def test_an_open_panel_and_what_is_typed_in_it_outlive_another_phones_save(browser: object, tmp_path: Path) -> None:
    """Phone A opens 改规矩 and types; phone B saves a hand; A's page refreshes with the hand, the panel still
    open (its rules fold too) and A's text still in it."""
    ledger = tmp_path / "tonight.yaml"
    shutil.copy(EXAMPLES / "session.yaml", ledger)
    before = len(json.loads(session_output(str(ledger), "json", "zh"))["hands"])
    with running(ledger) as base:
        first, second = _two_phones(browser, base)
        for phone in (first, second):
            caught_up(phone)
        first.click("#changes > summary")  # type: ignore[attr-defined]
        first.click("#more-rules-summary")  # type: ignore[attr-defined]
        first.fill("#changes #names input[data-seat=N]", "小赵")  # type: ignore[attr-defined]
        first.fill("#changes #stakes", "2")  # type: ignore[attr-defined]
        first.fill("#changes #fee input >> nth=1", "10")  # type: ignore[attr-defined]
        tap_hand(second, "bomb", "S")
        second.click("#save")  # type: ignore[attr-defined]
        first.wait_for_selector(f"#hands [data-hand='{before + 1}']")  # type: ignore[attr-defined]
        assert first.eval_on_selector("#changes", "panel => panel.open")  # type: ignore[attr-defined]
        assert first.is_visible("#changes #options")  # type: ignore[attr-defined]
        assert first.input_value("#changes #names input[data-seat=N]") == "小赵"  # type: ignore[attr-defined]
        assert first.input_value("#changes #stakes") == "2"  # type: ignore[attr-defined]
        assert first.input_value("#changes #fee input >> nth=1") == "10"  # type: ignore[attr-defined]
        assert first.input_value("#changes #names input[data-seat=E]") == "老王"  # type: ignore[attr-defined]
        no_sideways_scroll(first)
        first.screenshot(path=str(tmp_path / "panel-kept.png"))  # type: ignore[attr-defined]
        first.click("#apply-changes")  # type: ignore[attr-defined]
        first.wait_for_function("!document.querySelector('#changes').open")  # type: ignore[attr-defined]
        shown = "document.querySelector('#winners [data-value=N]').textContent.includes('小赵')"
        second.wait_for_function(shown)  # type: ignore[attr-defined]
        first.wait_for_function(shown)  # type: ignore[attr-defined]
        assert first.input_value("#changes #stakes") == ""  # saved: the panel shows the table as it is now


def test_pao_steppers_fit_at_360_px(browser: object, tmp_path: Path) -> None:
    """带跑 with 带政策: four steppers a seat (飘 抵 杠 跑), each button a finger's size at 360 px; a 跑 tapped is
    saved."""
    ledger = tmp_path / "tonight.yaml"
    ledger.write_text("stakes: 2\npolicy: true\ndealer: E\nrules: {pao: {unit: 100}}\nhands:\n", encoding="utf-8")
    with running(ledger) as base:
        page = browser.new_context(**PHONE).new_page()  # type: ignore[attr-defined]
        page.goto(f"{base}/?t={TOKEN}")
        page.wait_for_selector("#entry:not([hidden])")
        tap_hand(page, "bomb", "S")
        page.click("#bets-details > summary")
        assert page.locator(".bet-row").first.locator(".stepper").count() == 4
        steps = page.evaluate(STEP_SIZES)  # a finger's target each (issue 52), the rows wrapping under the names
        assert len(steps) >= 4 * 2 * 3 and min(min(size) for size in steps) >= 44, steps
        no_sideways_scroll(page)
        page.screenshot(path=str(tmp_path / "pao.png"))
        page.locator(".bet-row").first.locator(".stepper").nth(3).locator("button.step").nth(1).click()  # 东 跑 +1
        page.click("#save")
        page.wait_for_function("document.querySelector(\"[data-hand='1']\")")
    hands = json.loads(session_output(str(ledger), "json", "zh"))["hands"]
    assert hands[0]["net"] == {"E": -2100, "S": 6100, "W": -2000, "N": -2000}
