"""Issue 50's "the page's words", route by route through Starlette's TestClient: what the page says of a payment,
of a resent save, of who changed the evening, and the limits it names."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from starlette.testclient import TestClient

from tests.test_web import ORIGIN, client_for

ROOT = Path(__file__).resolve().parent.parent
BOMB = {"win": {"type": "bomb", "winner": "S"}}


def _payment(client: TestClient, ledger: Path) -> dict[str, Any]:
    first = client.get("/api/evening").json()["transfers"][0]
    return {"file": str(ledger), "from": first["from"], "to": first["to"], "amount": str(first["amount"])}


# --- no option of the terminal in the page's errors -----------------------------------------------------------------


def test_a_payment_not_open_is_refused_in_the_pages_words(client: TestClient, ledger: Path) -> None:
    """Reproduction: 已付 of a transfer no longer open answered "--paid: … is not a transfer still open"."""
    body = {**_payment(client, ledger), "amount": "7"}
    for lang in ("zh", "en"):
        answer = client.post(f"/api/paid?lang={lang}", json=body, headers=ORIGIN)
        assert answer.status_code == 422, answer.text
        assert "--" not in answer.json()["error"], answer.json()
        assert ("还没付" if lang == "zh" else "still open") in answer.json()["error"]


def test_taking_back_a_payment_not_recorded_is_refused_in_the_pages_words(client: TestClient, ledger: Path) -> None:
    answer = client.post("/api/unpaid?lang=en", json=_payment(client, ledger), headers=ORIGIN)
    assert answer.status_code == 422, answer.text
    assert "--unpaid" not in answer.json()["error"] and "not a payment recorded" in answer.json()["error"]


def test_an_edit_that_would_orphan_a_payment_names_no_option(tmp_path: Path) -> None:
    """Reproduction: an edit leaving a person of a recorded payment out of the evening said "take the payment back
    first (--unpaid)"."""
    ledger = tmp_path / "one.yaml"
    ledger.write_text(
        "stakes: 1\ndealer: E\nplayers: {E: 老王, S: 小李, W: 张姐, N: 阿强}\n"
        "hands:\n  - win: {type: bomb, winner: S}\n",
        encoding="utf-8",
    )
    with client_for(ledger) as client:
        payment = _payment(client, ledger)
        assert client.post("/api/paid", json=payment, headers=ORIGIN).status_code == 201
        players = {"E": "老王", "S": "小李", "W": "张姐", "N": "阿强"}
        seat = next(seat for seat, name in players.items() if name == payment["from"])
        before = ledger.read_bytes()
        for lang, word in (("zh", "撤回"), ("en", "take the payment back")):
            renamed = {**players, seat: "新来的"}
            hand = {"win": {"type": "bomb", "winner": "S"}, "players": renamed}
            answer = client.put(f"/api/hands/1?lang={lang}", json=hand, headers=ORIGIN)
            assert answer.status_code == 422, answer.text
            said = answer.json()["error"]
            assert "--" not in said and word in said and payment["from"] in said, said
        assert ledger.read_bytes() == before


# --- the limits said right ------------------------------------------------------------------------------------------


def test_a_payments_amount_names_its_own_limit_of_30_digits(client: TestClient, ledger: Path) -> None:
    """Reproduction: 31 digits answered "a number of more than 18 digits is not a payment amount"; the limit is
    30 (a 25-digit amount is read, and refused only as no open transfer)."""
    body = _payment(client, ledger)
    answer = client.post("/api/paid?lang=en", json={**body, "amount": 10**30}, headers=ORIGIN)
    assert answer.status_code == 422, answer.text
    said = answer.json()["error"]
    assert "18 digits" not in said and "30 digits" in said, said
    zh = client.post("/api/paid", json={**body, "amount": 10**30}, headers=ORIGIN).json()["error"]
    assert "18 位" not in zh and "30 位" in zh, zh
    read = client.post("/api/paid?lang=en", json={**body, "amount": 10**24}, headers=ORIGIN).json()["error"]
    assert "still open" in read, read


def test_unpaid_takes_no_more_than_paid(client: TestClient, ledger: Path) -> None:
    """Reproduction: /api/unpaid read 256 KB bodies where /api/paid stops at 4 KB."""
    padded = {**_payment(client, ledger), "file": "x" * 8000}
    for path in ("/api/paid", "/api/unpaid"):
        answer = client.post(path, json=padded, headers=ORIGIN)
        assert answer.status_code == 413, (path, answer.status_code)


# --- the docs --------------------------------------------------------------------------------------------------------


def test_the_format_doc_gives_ctrl_c_the_status_serve_exits_with() -> None:
    """``gangci serve`` stopped by Ctrl-C exits 130 (tests/test_web_live.py runs it): every exit status the
    format doc pairs with Ctrl-C is 130."""
    text = (ROOT / "docs" / "file-format.md").read_text(encoding="utf-8")
    section = " ".join(text.split("## Exit status", 1)[1].split("\n## ", 1)[0].split())
    clauses = re.findall(r"(?:^|; )(\d+) ([^;]*)", section)
    assert clauses and any(code == "130" for code, _ in clauses)
    assert [code for code, said in clauses if "Ctrl-C" in said] == ["130"], clauses


# --- a save sent again, its first answer lost -----------------------------------------------------------------------


def _as(form: str, name: str = "", page: str = "") -> dict[str, str]:
    from urllib.parse import quote

    return {**ORIGIN, "X-Gangci-Form": form, "X-Gangci-By": quote(name), "X-Gangci-Page": page}


def test_a_save_sent_again_is_told_it_arrived_and_another_phones_is_not(client: TestClient, ledger: Path) -> None:
    """Reproduction: a phone whose answer was lost sent its save again and was told "another phone" saved it."""
    number = client.get("/api/evening").json()["next"]["number"]
    hand = {**BOMB, "number": number}
    assert client.post("/api/hands", json=hand, headers=_as("form-a")).status_code == 201
    again = client.post("/api/hands", json=hand, headers=_as("form-a"))
    assert again.status_code == 409 and again.json()["mine"] is True, again.text
    other = client.post("/api/hands", json=hand, headers=_as("form-b"))  # the same hand, from another phone's form
    assert other.status_code == 409 and other.json()["mine"] is False
    changed = client.post("/api/hands", json={**hand, "win": {"type": "draw"}}, headers=_as("form-a"))
    assert changed.status_code == 409 and changed.json()["mine"] is False  # not the hand this form saved
    assert client.get("/api/evening").json()["next"]["number"] == number + 1  # saved once


def test_an_edit_sent_again_is_done_not_stale(client: TestClient, ledger: Path) -> None:
    """An edit whose answer was lost, sent again with the version it was made at: 200, not 412 (nothing
    written twice); an edit of another form over it still 412."""
    version = client.get("/api/evening").json()["version"]
    edit = {"win": {"type": "anci", "winner": "W"}}
    match = {"If-Match": f'"{version}"'}
    assert client.put("/api/hands/2", json=edit, headers={**_as("edit-a"), **match}).status_code == 200
    after = ledger.read_bytes()
    again = client.put("/api/hands/2", json=edit, headers={**_as("edit-a"), **match})
    assert again.status_code == 200, again.text
    assert ledger.read_bytes() == after
    assert client.put("/api/hands/2", json=edit, headers={**_as("edit-b"), **match}).status_code == 412


# --- who changed what, told to every phone ---------------------------------------------------------------------------


def _heard(client: TestClient, since: int, lang: str = "zh", page: str = "") -> list[dict[str, Any]]:
    answer = client.get(f"/api/heard?since={since}&lang={lang}", headers={"X-Gangci-Page": page})
    assert answer.status_code == 200, answer.text
    found: list[dict[str, Any]] = answer.json()["heard"]
    return found


def test_a_hand_entered_is_told_with_who_and_its_amounts(client: TestClient, ledger: Path) -> None:
    version = client.get("/api/evening").json()["version"]
    number = client.get("/api/evening").json()["next"]["number"]
    saved = client.post("/api/hands", json={**BOMB, "number": number}, headers=_as("f", "小李的手机", "page-1"))
    assert saved.status_code == 201
    told = _heard(client, version, page="page-2")
    assert [item["mine"] for item in told] == [False]
    assert told[0]["line"] == f"小李的手机 记了第 {number} 局：老王 -200，小李 +600，张姐 -200，阿强 -200"
    assert _heard(client, version, page="page-1")[0]["mine"] is True  # the phone that saved it knows it was its own
    assert _heard(client, saved.json()["version"]) == []  # nothing since
    english = _heard(client, version, "en")[0]["line"]
    assert english.startswith(f"小李的手机 entered hand {number}: 老王 -200, 小李 +600")


def test_an_edit_is_told_with_who_and_the_amounts_before_and_after(client: TestClient, ledger: Path) -> None:
    """Reproduction: every phone was told "hand 1 was edited", never by whom nor what it paid before and after."""
    version = client.get("/api/evening").json()["version"]
    edit = {"win": {"type": "bomb", "winner": "W"}}
    assert client.put("/api/hands/1", json=edit, headers=_as("e", "Li")).status_code == 200
    told = [item["line"] for item in _heard(client, version, "en")]
    assert told[0] == "Li edited hand 1: 小李 +600 → -200, 张姐 -200 → +600", told  # the seats whose amount moved
    unnamed = client.get("/api/evening").json()["version"]
    assert client.put("/api/hands/1", json=BOMB, headers=_as("e2")).status_code == 200
    assert _heard(client, unnamed)[0]["line"].startswith("一台手机 改了第 1 局：小李 -200 → +600")


def test_a_change_no_page_made_is_the_terminals(client: TestClient, ledger: Path) -> None:
    from gangci_calc.commands.session import changes

    version = client.get("/api/evening").json()["version"]
    count = client.get("/api/evening").json()["next"]["number"] - 1
    changes.remove_last(str(ledger))  # as gangci session --undo does it
    told = _heard(client, version)
    assert len(told) == 1 and told[0]["line"].startswith(f"记账电脑上的终端 撤销了第 {count} 局 (原来：")


def test_payments_are_told_to_every_phone(client: TestClient, ledger: Path) -> None:
    """Reproduction: 已付 and its taking back changed the other phones' settle-up without a word."""
    payment = _payment(client, ledger)
    version = client.get("/api/evening").json()["version"]
    assert client.post("/api/paid", json=payment, headers=_as("", "阿强")).status_code == 201
    line = f"{payment['from']} → {payment['to']} {payment['amount']}"
    assert [item["line"] for item in _heard(client, version)] == [f"阿强 记了已付：{line}"]
    version = client.get("/api/evening").json()["version"]
    assert client.post("/api/unpaid?lang=en", json=payment, headers=_as("")).status_code == 200
    assert [item["line"] for item in _heard(client, version, "en")] == [f"a phone took back a payment: {line}"]


def test_a_table_change_is_told_with_who(client: TestClient, ledger: Path) -> None:
    version = client.get("/api/evening").json()["version"]
    assert client.post("/api/table", json={"stakes": 2}, headers=_as("", "老王")).status_code == 200
    assert [item["line"] for item in _heard(client, version)] == ["老王 改了下一局的座位或规矩"]
