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
