"""A page whose token died says so (issue 50, Build 5), in a real browser (Debian's chromium-headless-shell, driven
by Playwright): not "reconnecting" for ever, but that the link expired and a new code is to be scanned."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from gangci_calc.commands.web import token as token_module
from gangci_calc.commands.web.token import ledger_token
from tests.conftest import EXAMPLES
from tests.test_web_browser import PHONE, browser  # noqa: F401 - the fixture, shared
from tests.web_server import TOKEN, running

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("how", ["deleted", "new token"])
def test_a_page_whose_token_died_says_the_link_expired(
    browser: object,  # noqa: F811 - the fixture
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    how: str,
) -> None:
    monkeypatch.setattr(token_module, "LOOK_EVERY", 0.0)  # the server looks at the token file on every request
    ledger = tmp_path / "tonight.yaml"
    shutil.copy(EXAMPLES / "session.yaml", ledger)
    kept = ledger_token(ledger, TOKEN)
    with running(ledger, token_file=kept.file) as base:
        page = browser.new_context(**PHONE).new_page()  # type: ignore[attr-defined]
        page.goto(f"{base}/?t={TOKEN}")
        page.wait_for_selector("#entry:not([hidden])")
        if how == "deleted":
            kept.file.unlink()
        else:
            ledger_token(ledger, fresh=True)  # what a second start with --new-token writes
        page.wait_for_selector("#down:not([hidden])")
        page.wait_for_function("document.querySelector('#down').textContent.includes('作废')")
        assert "扫主持人屏幕上新的二维码" in page.text_content("#down")
        assert page.is_disabled("#save")
        stranger = browser.new_context(**PHONE).new_page()  # type: ignore[attr-defined]
        assert stranger.goto(f"{base}/").status == 401  # type: ignore[union-attr]  # a phone without the cookie
