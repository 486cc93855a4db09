"""我今晚的账 (each player's own card), the page's header line (the rules and 台费 the table plays now) and the 飘/跑
carried to the next hand's form: each from the settled evening, checked against what the CLI says of it."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from typer.testing import CliRunner

from gangci_calc.cli import app
from gangci_calc.commands.service import settle_evening
from gangci_calc.commands.web.club.tonight import carried_bets, header_line, money_cards
from gangci_calc.io.load.load_session import load_session
from tests.conftest import EXAMPLES

FEE_NIGHT = EXAMPLES / "club" / "session-2026-11-24.yaml"  # 台费 per win, per hand and per evening


def whole(text: str) -> int:
    return int(text.lstrip("+")) if text else 0


def test_each_card_adds_up_to_the_standing_and_the_settle_up(tmp_path: Path) -> None:
    ledger = tmp_path / "night.yaml"
    shutil.copy(FEE_NIGHT, ledger)
    document = json.loads(CliRunner().invoke(app, ["session", str(ledger), "-f", "json"]).stdout)
    first = document["transfers"][0]
    paid = f"{first['from']} {first['to']} {first['amount']}"
    assert CliRunner().invoke(app, ["session", str(ledger), "--paid", paid]).exit_code == 0
    settled = settle_evening(load_session(ledger))
    cards = {card["name"]: card for card in money_cards(settled, "zh")}
    totals = {row["name"]: row["total"] for row in document["people"] if row["name"] in cards}
    assert set(cards) == set(totals) and len(cards) >= 4  # every player; the house has no card
    owed = settled.dues().owed
    for name, card in cards.items():
        assert whole(card["total"]) == totals[name]
        assert whole(card["won"]) - whole(card["lost"]) - whole(card["fee"]) + whole(card["fee_in"]) == totals[name]
        assert whole(card["owes"]) - whole(card["owed"]) == owed.get(name, 0), card
    # 老王 collects the 台费 from hand 3 on: every fee paid but what the house kept
    from gangci_calc.core.evening.ledger import FeeCollector

    house = sum(total for who, total in settled.people if isinstance(who, FeeCollector))
    assert whole(cards["老王"]["fee_in"]) == sum(amount for _, amount in settled.fees_paid) - house > 0
    assert [whole(card["fee_in"]) for name, card in cards.items() if name != "老王"] == [0] * (len(cards) - 1)
    assert whole(cards[first["from"]]["paid_out"]) == first["amount"]
    assert whole(cards[first["to"]]["paid_in"]) == first["amount"]
    others = [card for name, card in cards.items() if name not in (first["from"], first["to"])]
    assert all(card["paid_out"] == card["paid_in"] == "" for card in others)


def test_the_header_names_the_rules_and_fee_in_force(client) -> None:  # type: ignore[no-untyped-def]
    settled = settle_evening(load_session(FEE_NIGHT))
    line = header_line(settled, "zh")
    assert line.startswith("2026-11-24 · 杠底100") and "台费: 每胡 20 · 每局 10 · 每晚 100 · 收款 老王" in line
    page = client.get("/").text
    assert "杠底100 炸弹底200 杠呲底600 · 带政策" in page  # examples/session.yaml: its stakes in the header


def test_piao_and_pao_carry_over_where_the_table_plays_them(tmp_path: Path) -> None:
    ledger = tmp_path / "pao.yaml"
    ledger.write_text(
        "stakes: 2\npolicy: true\ndealer: E\nrules: {pao: {unit: 100}}\nhands:\n"
        "  - win: {type: bomb, winner: S}\n    bets: {E: {piao: 1, pao: 2}, S: {gang: 1}, N: {di: 1, pao: 1}}\n",
        encoding="utf-8",
    )
    assert carried_bets(load_session(ledger)) == {"E": {"piao": 1, "pao": 2}, "N": {"pao": 1}}
    no_policy = ledger.read_text(encoding="utf-8").replace("policy: true", "policy: false")
    no_policy = no_policy.replace("{E: {piao: 1, pao: 2}, S: {gang: 1}, N: {di: 1, pao: 1}}", "{E: {pao: 2}}")
    ledger.write_text(no_policy, encoding="utf-8")
    assert carried_bets(load_session(ledger)) == {"E": {"pao": 2}}
    assert carried_bets(load_session(EXAMPLES / "session.yaml")) == {}  # no 飘 in its last hand, no 带跑
