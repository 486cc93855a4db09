"""The club night's page in headless Chromium (Playwright; Debian's chromium-headless-shell): the 分享图片 button's
PNG read back at 360 and 320 px; the page on the home screen (manifest, icons, a service worker controlling it);
with the server stopped a reload shows the last evening marked as a copy and refuses a write in words; with it
back, the page catches up without a reload."""

from __future__ import annotations

import base64
import io
import itertools
import shutil
from pathlib import Path

import pytest

from tests.conftest import EXAMPLES
from tests.test_web_browser import PHONE, browser, no_sideways_scroll  # noqa: F401 - the fixture
from tests.web_server import TOKEN, stoppable

pytestmark = pytest.mark.browser
Image = pytest.importorskip("PIL.Image", reason="the [picture] extra")
DOCS = Path(__file__).parent.parent / "docs"


def phone(browser: object, width: int = 360) -> object:  # noqa: F811 - the fixture
    context = browser.new_context(**{**PHONE, "viewport": {"width": width, "height": 740}})  # type: ignore[attr-defined]
    return context.new_page()


@pytest.mark.parametrize("width", [360, 320])
def test_the_share_button_gives_the_evenings_png(browser: object, tmp_path: Path, width: int) -> None:  # noqa: F811
    from gangci_calc.commands.service import settle_evening
    from gangci_calc.io.export.picture import evening_picture
    from gangci_calc.io.load.load_session import load_session

    ledger = tmp_path / "tonight.yaml"
    shutil.copy(EXAMPLES / "session.yaml", ledger)
    with stoppable(ledger) as (base, _):
        page = phone(browser, width)
        page.goto(f"{base}/?t={TOKEN}")  # type: ignore[attr-defined]
        page.click("#share-picture")  # type: ignore[attr-defined]  # no Web Share with files here: the image
        page.wait_for_selector("#picture-box:not([hidden])")  # type: ignore[attr-defined]
        page.wait_for_function("document.getElementById('picture').naturalWidth > 0")  # type: ignore[attr-defined]
        shown = page.evaluate(  # type: ignore[attr-defined]
            """async () => {
                const blob = await (await fetch(document.getElementById('picture').src)).blob();
                const bytes = new Uint8Array(await blob.arrayBuffer());
                let text = ''; for (const b of bytes) text += String.fromCharCode(b);
                return btoa(text);
            }"""
        )
        data = base64.b64decode(shown)
        image = Image.open(io.BytesIO(data))
        picture = evening_picture(settle_evening(load_session(ledger)), "zh", ledger.stem)
        assert image.format == "PNG" and image.size == (picture.width, picture.height)
        assert len(data) < 300 * 1024
        assert page.get_attribute("#picture-download", "download") == "tonight.png"  # type: ignore[attr-defined]
        box = page.evaluate("document.getElementById('picture').getBoundingClientRect().width")  # type: ignore[attr-defined]
        assert box <= width
        no_sideways_scroll_at(page, width)


def no_sideways_scroll_at(page: object, width: int) -> None:
    wide = page.evaluate("document.documentElement.scrollWidth")  # type: ignore[attr-defined]
    assert wide <= width, f"the page is {wide} px wide"


def test_home_screen_offline_copy_and_catching_up(browser: object, tmp_path: Path) -> None:  # noqa: F811
    ledger = tmp_path / "tonight.yaml"
    shutil.copy(EXAMPLES / "session.yaml", ledger)
    with stoppable(ledger) as (base, stop):
        port = int(base.rsplit(":", 1)[1])
        page = phone(browser)
        page.goto(f"{base}/?t={TOKEN}")  # type: ignore[attr-defined]
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")  # type: ignore[attr-defined]
        page.reload()  # type: ignore[attr-defined]
        assert page.evaluate("navigator.serviceWorker.controller !== null")  # type: ignore[attr-defined]
        cdp = page.context.new_cdp_session(page)  # type: ignore[attr-defined]
        manifest = cdp.send("Page.getAppManifest")
        assert not manifest.get("errors"), manifest
        assert '"display": "standalone"' in manifest["data"] or '"display":"standalone"' in manifest["data"]
        assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
        for size in (192, 512):
            icon = page.request.get(f"{base}/club/icon-{size}.png")  # type: ignore[attr-defined]
            assert Image.open(io.BytesIO(icon.body())).size == (size, size)
        stop()
        page.reload()  # type: ignore[attr-defined]  # the server gone: the copy, from the phone's own cache
        page.wait_for_selector("#copy-banner:not([hidden])")  # type: ignore[attr-defined]
        banner = page.text_content("#copy-banner")  # type: ignore[attr-defined]
        assert "上次同步" in banner and "只能看" in banner, banner
        assert "老王" in page.text_content("#standings")  # type: ignore[attr-defined]
        page.evaluate("window.sameDocument = true")  # type: ignore[attr-defined]
        page.screenshot(path=str(DOCS / "page-copy.png"))  # type: ignore[attr-defined]
        asked: list[str] = []
        page.on("request", lambda request: asked.append(request.method))  # type: ignore[attr-defined]
        page.click("#undo")  # type: ignore[attr-defined]
        assert "POST" not in asked  # refused on the phone, in words
        no_sideways_scroll(page)
        # meanwhile the terminal records a payment; the server comes back on its port
        from typer.testing import CliRunner

        from gangci_calc.cli import app

        assert CliRunner().invoke(app, ["session", str(ledger), "--paid", "小李 老王 1400"]).exit_code == 0
        with stoppable(ledger, port=port):
            page.wait_for_selector("#copy-banner", state="hidden", timeout=15000)  # type: ignore[attr-defined]
            page.wait_for_function("document.querySelector('#settle li.paid') !== null", timeout=15000)  # type: ignore[attr-defined]
            assert page.evaluate("window.sameDocument === true")  # type: ignore[attr-defined]  # no reload


def pao_ledger(tmp_path: Path, hands: int = 30) -> Path:
    """带政策 and 带跑, long names, many hands; the last one with 飘 and 跑 to carry over (and a 抵, which is not)."""
    import yaml

    rows: list[dict[str, object]] = [{"win": {"type": "bomb", "winner": "ESWN"[i % 4]}} for i in range(hands - 1)]
    rows.append({"win": {"type": "draw"}, "bets": {"E": {"piao": 1, "pao": 2}, "N": {"pao": 1, "di": 1}}})
    names = {"E": "欧阳老王头", "S": "小李Xiaoli", "W": "张姐姐", "N": "司马阿强"}
    doc = {"stakes": 2, "policy": True, "dealer": "E", "players": names, "rules": {"pao": {"unit": 100}}, "hands": rows}
    ledger = tmp_path / "tonight.yaml"
    ledger.write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
    return ledger


TARGETS = """() => [...document.querySelectorAll(
    '#entry button, #entry select, #entry input:not([type=checkbox]), #entry summary, #evening button,'
    + ' #evening summary, #evening a.button, header a')]
  .filter((node) => node.offsetParent !== null)
  .map((node) => { const box = node.getBoundingClientRect();
    return [node.id || node.className || node.tagName, node.textContent.trim().slice(0, 12), box.width, box.height];
  })"""
NAMES = "[...document.querySelectorAll('.bet-row .who')].map((n) => [n.textContent, n.scrollWidth <= n.clientWidth])"
COUNTS = """[...document.querySelectorAll('.bet-row')]
  .map((row) => [...row.querySelectorAll('.stepper b')].map((b) => b.textContent).join(''))"""
AXIS = """[...document.querySelectorAll('#chart svg > text[text-anchor=middle]')]
  .map((t) => { const b = t.getBoundingClientRect(); return [b.left, b.right, b.height]; })"""


def test_at_320_px_fingers_fit_names_stay_whole_and_pao_carries_over(browser: object, tmp_path: Path) -> None:  # noqa: F811
    import yaml

    ledger = pao_ledger(tmp_path)
    with stoppable(ledger) as (base, _):
        page = phone(browser, 320)
        page.goto(f"{base}/?t={TOKEN}")  # type: ignore[attr-defined]
        page.wait_for_selector("#entry:not([hidden])")  # type: ignore[attr-defined]
        assert "飘1" in page.text_content("#bets-summary")  # type: ignore[attr-defined]  # carried, said when closed
        page.click("#bets-details > summary")  # type: ignore[attr-defined]
        small = [t for t in page.evaluate(TARGETS) if t[2] < 44 or t[3] < 44]  # type: ignore[attr-defined]
        assert not small, small
        whole = page.evaluate(NAMES)  # type: ignore[attr-defined]
        assert [name for name, _ in whole] == ["东 欧阳老王头", "南 小李Xiaoli", "西 张姐姐", "北 司马阿强"]
        assert all(fits for _, fits in whole), whole
        no_sideways_scroll_at(page, 320)
        values = page.evaluate(COUNTS)  # type: ignore[attr-defined]
        assert values == ["1002", "0000", "0000", "0001"], values  # 飘 抵 杠 跑: 飘 and 跑 carried, 抵 not
        page.screenshot(path=str(DOCS / "page-320.png"), full_page=False)  # type: ignore[attr-defined]
        # the chart's hand numbers never run together
        boxes = page.evaluate(AXIS)  # type: ignore[attr-defined]
        assert len(boxes) >= 4 and all(a[1] + 2 <= b[0] for a, b in itertools.pairwise(boxes)), boxes
        assert min(height for *_, height in boxes) >= 9  # readable at 0.9 of the page's size
        # saved as carried
        page.click("#wins [data-value=bomb]")  # type: ignore[attr-defined]
        page.click("#winners [data-value=S]")  # type: ignore[attr-defined]
        page.click("#save")  # type: ignore[attr-defined]
        page.wait_for_function("document.querySelector(\"[data-hand='31']\")")  # type: ignore[attr-defined]
        saved = yaml.safe_load(ledger.read_text(encoding="utf-8"))["hands"][-1]
        assert saved["bets"] == {"E": {"piao": 1, "pao": 2}, "N": {"pao": 1}}, saved
        # and cleared with one tap
        page.wait_for_function("document.querySelector('#bets-summary').textContent.includes('飘1')")  # type: ignore[attr-defined]
        if not page.is_visible("#clear-bets"):  # type: ignore[attr-defined]
            page.click("#bets-details > summary")  # type: ignore[attr-defined]
        page.click("#clear-bets")  # type: ignore[attr-defined]
        assert page.text_content("#bets-summary") == ""  # type: ignore[attr-defined]


def test_three_tables_at_one_address_with_phones_on_each(browser: object, tmp_path: Path) -> None:  # noqa: F811
    """The club's QR opens the lobby; a phone at each of three tables taps its hands, all at once; each ledger
    holds its own table's hands, each page its own table's name and evening, live."""
    import threading
    import time

    import uvicorn
    import yaml

    from gangci_calc.commands.web.club.lobby import Club, club_app
    from gangci_calc.commands.web.serve import bind
    from tests.test_club_lobby import TONIGHT

    people = {"一桌": "老王 小李 张姐 阿强", "二桌": "甲 乙 丙 丁", "三桌": "赵 钱 孙 李"}
    for name, names in people.items():
        a, b, c, d = names.split()
        (tmp_path / f"{name}.yaml").write_text(TONIGHT.format(a=a, b=b, c=c, d=d), encoding="utf-8")
    bound = bind(["127.0.0.1"], 0)
    port = bound.sockets[0].getsockname()[1]
    join = f"http://127.0.0.1:{port}/?t={TOKEN}"
    club = Club(tmp_path, TOKEN, frozenset({"127.0.0.1"}), port, join)
    server = uvicorn.Server(uvicorn.Config(club_app(club), log_level="warning", timeout_graceful_shutdown=1))
    thread = threading.Thread(target=server.run, kwargs={"sockets": bound.sockets}, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.02)
    try:
        context = browser.new_context(**PHONE)  # type: ignore[attr-defined]
        lobby = context.new_page()
        lobby.goto(join)  # the one QR: the lobby, signed in for every table
        assert [t.strip() for t in lobby.locator("a.table").all_text_contents()] == sorted(people)
        phones = {}
        for name in people:
            page = context.new_page()
            page.goto(join)
            page.click(f"a.table:has-text('{name}')")
            page.wait_for_selector("#entry:not([hidden])")
            phones[name] = page
        winners = {"一桌": ["S", "W"], "二桌": ["N", "E"], "三桌": ["W", "S"]}
        for turn in range(2):  # every table saves its hand, then the next: all three tables at once
            for name, page in phones.items():
                tap_bomb = winners[name][turn]
                page.click("#wins [data-value=bomb]")
                page.click(f"#winners [data-value={tap_bomb}]")
            for page in phones.values():
                page.click("#save")
            for page in phones.values():
                page.wait_for_function(f"document.querySelector(\"[data-hand='{turn + 1}']\") !== null")
        for name, page in phones.items():
            assert people[name].split()[0] in page.text_content("#standings")
            assert page.url.endswith("/") and "/t/" in page.url
        lobby.reload()
        assert lobby.locator("#tables").text_content().count("2 局") == 3  # each table's hands, in the lobby
        lobby.screenshot(path=str(DOCS / "lobby-phone.png"))
    finally:
        server.should_exit = True
        thread.join(10)
    for name in people:
        hands = yaml.safe_load((tmp_path / f"{name}.yaml").read_text(encoding="utf-8"))["hands"]
        assert [h["win"]["winner"] for h in hands] == winners[name], name
