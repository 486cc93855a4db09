"""跑 per seat (带跑 / 杠跑), case by case as docs/rules.md "跑, share by share" places it (the Java server's
MJTable L17936-18041, MJHandlerGang_lygc L297-371): each case through ``score`` and the test reference."""

from __future__ import annotations

import json
from typing import Any

import pytest
import yaml

from gangci_calc.cli import app
from gangci_calc.commands.session.show import session_output
from tests import oracle

SEATS = "ESWN"
ZHICI = "stakes: 2\ndealer: E\nwin: {type: zhici, winner: W, from: S}\n"
PAO = "rules: {pao: {unit: 100}}\n"

# (the hand, its nets E S W N): scheme 2 (G 1000, B 2000, C 6000), one 跑 = 100 unless said
CASES = [
    # a win share: base × k × (1 + add-ons) × 庄家翻倍, then + p(payer) + p(winner)
    (ZHICI + PAO + "bets: {E: {pao: 1}, S: {pao: 2}, W: {pao: 3}}\n", (-3400, -13500, 20200, -3300)),
    # 庄家翻倍 all doubles the dealer's C share, not its 跑; the winning kong's G carries no 跑 without 杠跑
    (
        ZHICI + "rules: {pao: {unit: 100}, dealer_double: all}\nbets: {E: {pao: 1}, S: {pao: 2}, W: {pao: 3}}\n",
        (-6400, -13500, 23200, -3300),
    ),
    # 包次: the discarder pays every share, each with its nominal payer's 跑
    (
        ZHICI.replace("from: S}", "from: S, bao: true}")
        + "rules: {pao: {unit: 100}, baoci: true}\nbets: {E: {pao: 1}, S: {pao: 2}, W: {pao: 3}}\n",
        (0, -20200, 20200, 0),
    ),
    # 包次 under 庄家翻倍 wins: the dealer's covered share is doubled as his, its 跑 is not
    (
        ZHICI.replace("from: S}", "from: S, bao: true}")
        + "rules: {pao: {unit: 100}, baoci: true, dealer_double: wins}\n"
        + "bets: {E: {pao: 1}, S: {pao: 2}, W: {pao: 3}}\n",
        (0, -23200, 23200, 0),
    ),
    # 次风翻倍 doubles each C share with its 跑; the winning kong's G is not doubled
    (
        ZHICI
        + "ci: 中\nrules: {pao: {unit: 100}, honor_ci_double: true}\nbets: {E: {pao: 1}, S: {pao: 2}, W: {pao: 3}}\n",
        (-6800, -26000, 39400, -6600),
    ),
    # 天呲: one share of C + G, 跑 once (not again for its kong under 杠跑), all × 2 under 次风翻倍
    (
        "stakes: 2\ndealer: E\nci: 中\nwin: {type: tianci, winner: S}\n"
        "rules: {pao: {unit: 100, kong: true}, honor_ci_double: true}\nbets: {S: {pao: 1}}\n",
        (-14200, 42600, -14200, -14200),
    ),
    # 天呲 under 庄家翻倍 wins: the dealer's C doubled, then his and the winner's 跑
    (
        "stakes: 2\ndealer: E\nwin: {type: tianci, winner: S}\n"
        "rules: {pao: {unit: 100}, dealer_double: wins}\nbets: {E: {pao: 2}, S: {pao: 1}}\n",
        (-13300, 27500, -7100, -7100),
    ),
    # 点炮: P × 2 under 庄家翻倍 (the winner deals) + p(from) + p(winner)
    (
        "stakes: 2\ndealer: W\nwin: {type: dianpao, winner: W, from: N}\n"
        "rules: {pao: {unit: 100}, dianpao: true, dealer_double: wins}\nbets: {N: {pao: 2}, W: {pao: 1}}\n",
        (0, 0, 4300, -4300),
    ),
    # 抢杠: as 点炮, the robbed player paying
    (
        "stakes: 2\ndealer: E\nwin: {type: qianggang, winner: S, from: W}\n"
        "rules: {pao: {unit: 100}, qianggang: true}\nbets: {S: {pao: 3}, W: {pao: 3}}\n",
        (0, 2600, -2600, 0),
    ),
    # a kong under 杠跑: 暗杠倍数 × G + 跑, then × 2 under 庄家翻倍 all (the dealer pays); 荒庄不荒杠 pays it on 流局
    (
        "stakes: 2\ndealer: E\nwin: {type: draw}\nkongs: [{by: N, type: concealed}]\nbets: {E: {pao: 1}, N: {pao: 2}}\n"
        "rules: {pao: {unit: 100, kong: true}, concealed_kong: 2, dealer_double: all, draw_kongs: paid}\n",
        (-4600, -2200, -2200, 9000),
    ),
    # 流局 without 荒庄不荒杠: nothing is paid, 跑 included
    (
        "stakes: 2\ndealer: E\nwin: {type: draw}\nkongs: [{by: N, type: concealed}]\nbets: {E: {pao: 1}, N: {pao: 2}}\n"
        "rules: {pao: {unit: 100, kong: true}}\n",
        (0, 0, 0, 0),
    ),
    # the winning kong of 暗呲 is a kong share like any other under 杠跑
    (
        "stakes: 2\ndealer: E\nwin: {type: anci, winner: W}\nbets: {E: {pao: 2}, W: {pao: 1}}\n"
        "rules: {pao: {unit: 100, kong: true}}\n",
        (-7600, -7200, 22000, -7200),
    ),
    # and of 续呲, paid by the feeder
    (
        "stakes: 2\ndealer: E\nwin: {type: xuci, winner: W, from: S}\nbets: {S: {pao: 1}}\n"
        "rules: {pao: {unit: 100, kong: true}}\n",
        (-6000, -7200, 19200, -6000),
    ),
    # 米 never carries 跑
    (
        "stakes: 2\ndealer: E\nwin: {type: anci, winner: W}\nmi: {E: 2}\nbets: {E: {pao: 1}}\n"
        "rules: {pao: {unit: 100}, xiami: 500}\n",
        (-8100, -7000, 22100, -7000),
    ),
    # the add-on factor never multiplies 跑 (with 带政策; 跑 needs no 带政策)
    (
        "stakes: 2\ndealer: E\npolicy: true\nwin: {type: bomb, winner: S}\nbets: {S: {piao: 1, pao: 2}, E: {pao: 1}}\n"
        + PAO,
        (-4300, 12700, -4200, -4200),
    ),
    # the unit by default: the table's 杠底 G (1000 at scheme 2, 100 at scheme 1)
    (
        "stakes: 2\ndealer: E\nwin: {type: bomb, winner: S}\nbets: {E: {pao: 1}}\nrules: {pao: {}}\n",
        (-3000, 7000, -2000, -2000),
    ),
    (
        "stakes: 1\ndealer: E\nwin: {type: bomb, winner: S}\nbets: {E: {pao: 1}}\nrules: {pao: true}\n",
        (-300, 700, -200, -200),
    ),
    # a table of three: the seats in play only
    (
        "stakes: 2\ndealer: E\nwin: {type: bomb, winner: S}\nbets: {E: {pao: 3}, W: {pao: 1}}\n"
        "rules: {pao: {unit: 100}, three_players: true}\n",
        (-2300, 4400, -2100, 0),
    ),
]


def nets(runner: Any, write: Any, text: str, *args: str) -> tuple[Any, ...]:
    result = runner.invoke(app, ["score", write(text), "-f", "json", *args])
    assert result.exit_code == 0, result.output
    return tuple(json.loads(result.stdout)["net"][s] for s in SEATS)


@pytest.mark.parametrize(("text", "expected"), CASES)
def test_each_case_of_the_spec(runner, write, text: str, expected: tuple[int, ...]) -> None:
    assert nets(runner, write, text) == expected
    reference = oracle.settle_hand(yaml.safe_load(text))
    assert tuple(reference[s] for s in SEATS) == expected
    assert sum(expected) == 0


# a hand the rules refuse, and what the one-line error says (English)
REFUSED = [
    # the retired flat form, shown the new one
    (ZHICI + "rules: {pao: {win: 100, kong: 50}}\n", "rules.pao.win: the flat form pao: {win: N, kong: M} is retired"),
    (ZHICI + "rules: {pao: {kong: 50}}\n", "rules.pao.kong: the flat form pao: {win: N, kong: M} is retired"),
    # 跑 without the house rule: names the option
    (ZHICI + "bets: {E: {pao: 1}}\n", "bets.E.pao: 跑 (pao) 1 is set but the table does not play 跑; set rules: {pao:"),
    (ZHICI + PAO + "bets: {E: {pao: 4}}\n", "bets.E.pao: 4 is out of range — 跑 takes 0 to 3"),
    (ZHICI + PAO + "bets: {E: {pao: 1.5}}\n", "bets.E.pao: 1.5 is not a whole number — 跑 takes 0 to 3"),
    (ZHICI + "rules: {pao: {unit: -5}}\n", "rules.pao.unit:"),
    (ZHICI + "rules: {pao: {unit: 100, kong: maybe}}\n", "rules.pao.kong:"),
    (
        "stakes: 2\ndealer: E\nwin: {type: bomb, winner: S}\nbets: {N: {pao: 1}}\n"
        "rules: {pao: {unit: 100}, three_players: true}\n",
        "bets.N: a table of three (三人场) has no N",
    ),
]


@pytest.mark.parametrize(("text", "said"), REFUSED)
def test_what_is_refused(english, write, text: str, said: str) -> None:
    result = english.invoke(app, ["score", write(text)])
    assert result.exit_code == 2, result.output
    assert said in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert "Traceback" not in result.stderr


def test_the_flat_form_shows_the_new_one(english, write) -> None:
    result = english.invoke(app, ["score", write(ZHICI + "rules: {pao: {win: 100}}\n")])
    assert "bets: {E: {pao: 2}}, with rules: {pao: {unit: 100, kong: true}}" in result.stderr


def test_explain_names_each_seats_pao(english, write) -> None:
    text = "stakes: 2\ndealer: E\nwin: {type: bomb, winner: S}\nbets: {E: {pao: 1}, S: {pao: 2}}\n" + PAO
    result = english.invoke(app, ["score", write(text), "--explain"])
    assert result.exit_code == 0, result.output
    assert "E → S  bomb: bomb base 2000, pao E1 S2: +300 = 2300" in result.stdout
    assert "W → S  bomb: bomb base 2000, pao S2: +200 = 2200" in result.stdout


def test_explain_in_chinese_and_the_doubled_pao(runner, write) -> None:
    text = "stakes: 2\ndealer: E\nci: 中\nwin: {type: anci, winner: W}\nbets: {W: {pao: 1}}\n"
    text += "rules: {pao: {unit: 100}, honor_ci_double: true}\n"
    result = runner.invoke(app, ["score", write(text), "--explain"])
    assert result.exit_code == 0, result.output
    assert "杠呲底 6000 × 2 次风翻倍，跑 西1: +200 = 12200" in result.stdout


def test_json_charges_carry_the_pao_counts(runner, write) -> None:
    text = "stakes: 2\ndealer: E\nwin: {type: bomb, winner: S}\nbets: {E: {pao: 1}, S: {pao: 2}}\n" + PAO
    data = json.loads(runner.invoke(app, ["score", write(text), "-f", "json"]).stdout)
    charges = {p["payer"]: p["charges"][0] for p in data["payments"]}
    assert charges["E"]["pao"] == 300 and charges["E"]["pao_counts"] == [["E", 1], ["S", 2]]
    assert charges["E"]["multiplier"] == 1  # 跑 is not in the factor
    assert data["rules"] == {"pao": {"unit": 100}}


def test_a_session_hand_changes_the_pao_rule_key_by_key(english, write) -> None:
    runner = english
    text = (
        "stakes: 2\ndealer: E\nrules: {pao: {unit: 100}}\nhands:\n"
        "  - win: {type: anci, winner: E}\n    bets: {E: {pao: 1}}\n"
        "  - win: {type: anci, winner: E}\n    bets: {E: {pao: 1}}\n    rules: {pao: {kong: true}}\n"
        "  - win: {type: anci, winner: E}\n    bets: {E: {pao: 1}}\n    rules: {pao: false}\n"
    )
    result = runner.invoke(app, ["session", write(text, "s.yaml"), "-f", "json"])
    assert result.exit_code == 2 and "bets.E.pao" in result.stderr  # 跑 after the table stopped playing it
    fine = text.replace("    bets: {E: {pao: 1}}\n    rules: {pao: false}\n", "    rules: {pao: false}\n")
    result = runner.invoke(app, ["session", write(fine, "s.yaml"), "-f", "json"])
    assert result.exit_code == 0, result.output
    hands = json.loads(result.stdout)["hands"]
    assert [h["net"]["E"] for h in hands] == [21300, 21600, 21000]
    assert [h["net"]["E"] for h in hands] == [n["E"] for n in oracle.settle_session(yaml.safe_load(fine))]


def test_the_prompt_reads_pao(runner, write) -> None:
    from gangci_calc.core.rules import Seat
    from gangci_calc.io.load.answers import parse_bets, parse_house

    assert parse_house("带跑100 杠跑") == {"pao": {"unit": 100, "kong": True}}
    assert parse_house("带跑") == {"pao": {}}
    assert parse_bets("南飘1跑2 北跑3") == {Seat.S: {"piao": 1, "pao": 2}, Seat.N: {"pao": 3}}
    assert parse_bets("S pao 2") == {Seat.S: {"pao": 2}}


def test_add_asks_pao_without_add_ons(english, tmp_path) -> None:
    path = tmp_path / "t.yaml"
    path.write_text("stakes: 2\ndealer: E\nrules: {pao: {unit: 100}}\nhands:\n", encoding="utf-8")
    # dealer E; bomb; winner S; 跑 (add-ons are off): E 1, S 2 — first 北 4, refused; kongs: none
    answers = "\nbomb\nS\nN pao 4\nE pao 1, S pao 2\n-\n"
    result = english.invoke(app, ["session", str(path), "--add", "-f", "json"], input=answers)
    assert result.exit_code == 0, result.output
    assert "Pao (e.g. S pao 2" in result.output and "pao 4: counts are 0 to 3" in result.output
    assert "bets: {E: {pao: 1}, S: {pao: 2}}" in path.read_text(encoding="utf-8")
    session = runner_session(path)
    assert session == [(-2300, 6700, -2200, -2200)]


def runner_session(path: Any) -> list[tuple[int, ...]]:
    from typer.testing import CliRunner

    result = CliRunner().invoke(app, ["session", str(path), "-f", "json"])
    assert result.exit_code == 0, result.output
    return [tuple(h["net"][s] for s in SEATS) for h in json.loads(result.stdout)["hands"]]


def test_batch_and_arrow_settle_pao_rows(runner, write) -> None:
    """Records with 跑 go the row-by-row path in batch (JSON Lines) and in score_batch (Arrow): the column path
    takes no house rules; each row as the test reference says."""
    pa = pytest.importorskip("pyarrow")
    from gangci_calc.arrow import score_batch

    records = [yaml.safe_load(text) for text, _ in CASES]
    lines = "".join(json.dumps(record, ensure_ascii=False) + "\n" for record in records)
    result = runner.invoke(app, ["batch", write(lines, "hands.jsonl")])
    assert result.exit_code == 0, result.output
    expected = [expected for _, expected in CASES]
    assert [tuple(json.loads(line)["net"][s] for s in SEATS) for line in result.stdout.splitlines()] == expected
    plain = [{**record, "ci": str(record["ci"])} if "ci" in record else record for record in records[:3]]
    scored = score_batch(pa.RecordBatch.from_pylist(plain), lang="en").to_pylist()
    assert [tuple(int(row[f"net_{s}"]) for s in SEATS) for row in scored] == expected[:3]


def test_the_schema_takes_the_new_form_and_not_the_flat_one(runner) -> None:
    import jsonschema

    found = json.loads(runner.invoke(app, ["schema", "hand"]).stdout)
    validator = jsonschema.Draft202012Validator(found)
    for text, _ in CASES:
        assert list(validator.iter_errors(yaml.safe_load(text))) == [], text
    flat = yaml.safe_load(ZHICI + "rules: {pao: {win: 100, kong: 50}}\n")
    assert list(validator.iter_errors(flat))
    assert list(validator.iter_errors(yaml.safe_load(ZHICI + PAO + "bets: {E: {pao: 4}}\n")))


def test_the_library_scores_pao() -> None:
    from gangci_calc.api import HandError, score, settle_session

    text, expected = CASES[0]
    result = score(yaml.safe_load(text), lang="en")
    assert tuple(result.net[s] for s in SEATS) == expected
    assert any("pao E1 W3: +400" in line for line in result.explain())
    with pytest.raises(HandError, match=r"bets\.E\.pao"):
        score(yaml.safe_load(ZHICI + "bets: {E: {pao: 1}}\n"), lang="en")
    table = yaml.safe_load(ZHICI + "bets: {E: {pao: 1}}\n")  # the table's rules given by the caller
    assert score(table, rules={"pao": {"unit": 100}}, lang="en").net["E"] == -3100
    session = {"stakes": 2, "dealer": "E", "rules": {"pao": {"unit": 100}}, "hands": [yaml.safe_load(text)]}
    assert settle_session(session, lang="en").totals["W"] == expected[2]


def test_the_ledgers_cache_keeps_the_pao_rule_and_counts() -> None:
    from gangci_calc.core.rules import SCHEMES, Bets, Hand, HouseRules, Outcome, Seat, TableRules, Win
    from gangci_calc.core.rules.table import Pao
    from gangci_calc.io.ledger import ledger_tail
    from gangci_calc.io.load.load import Table

    rules = TableRules(SCHEMES[2], True, HouseRules(pao=Pao(unit=100, kong=True), xiami=500))
    table = Table(rules, {})
    data = json.loads(json.dumps(ledger_tail._table_data(table)))
    assert ledger_tail._table_from(data).rules == rules
    hand = Hand(rules, Seat.E, Outcome(Win.BOMB, Seat.S), bets=(Bets(pao=1), Bets(piao=2, pao=3), Bets(), Bets()))
    again = ledger_tail._hand_from(json.loads(json.dumps(ledger_tail._hand_data(hand))), rules)
    assert again.bets == hand.bets


def test_the_page_steps_pao_and_its_rules_panel_switches_it(tmp_path) -> None:
    """The page's form: a 跑 stepper per seat under 带跑 (with add-ons or without); the rules panel has 带跑 on or
    off, then its unit and 杠跑; a table change to 杠跑 and a hand with 跑 go through the API to the ledger."""
    from gangci_calc.commands.web.view import form_context
    from gangci_calc.io.load.load_session import session_from_text
    from tests.test_web import ORIGIN, client_for

    ledger = tmp_path / "t.yaml"
    ledger.write_text("stakes: 2\ndealer: E\nrules: {pao: {unit: 100}}\nhands:\n", encoding="utf-8")
    context = form_context(session_from_text(ledger.read_text(encoding="utf-8"), str(ledger)), "en")
    assert [a["value"] for a in context["addons"]] == ["pao"]  # add-ons off: 跑 alone
    options = {o["key"]: o for o in context["options"]}
    assert options["pao"]["kind"] == "flag" and options["pao"]["value"] is True
    assert options["pao.unit"]["value"] == 100 and options["pao.kong"]["kind"] == "flag"
    with client_for(ledger) as client:
        changed = client.post("/api/table", json={"rules": {"pao": {"kong": True}}}, headers=ORIGIN)
        assert changed.status_code == 200, changed.text
        body = {"win": {"type": "anci", "winner": "W"}, "bets": {"W": {"pao": 1}}, "number": 1}
        assert client.post("/api/hands", json=body, headers=ORIGIN).status_code == 201
    hands = json.loads(session_output(str(ledger), "json", "en"))["hands"]
    assert hands[0]["net"]["W"] == 3 * (6100 + 1100)  # 杠跑: the winning kong carries 跑 too


def test_a_parquet_file_with_a_pao_field_in_its_bets_struct(runner, tmp_path) -> None:
    """A warehouse's table has one bets struct for every row: 飘 抵 杠 跑, null where a row sets none. Rows that
    set no 跑 and name no rules settle as before; rows with 跑 by the table's 带跑 (a rules column)."""
    pa = pytest.importorskip("pyarrow")
    pq = pytest.importorskip("pyarrow.parquet")
    counts = pa.struct([(name, pa.int64()) for name in ("piao", "di", "gang", "pao")])
    bets = pa.struct([(seat, counts) for seat in SEATS])
    rules = pa.struct([("pao", pa.struct([("unit", pa.int64()), ("kong", pa.bool_())]))])
    rows = [
        {"stakes": 2, "dealer": "E", "win": {"type": "bomb", "winner": "S"}, "bets": None, "rules": None},
        {
            "stakes": 2, "dealer": "E", "win": {"type": "bomb", "winner": "S"},
            "bets": {"E": {"pao": 1}, "S": {"pao": 2}, "W": None, "N": {"pao": 3}},
            "rules": {"pao": {"unit": 100, "kong": None}},
        },
    ]  # fmt: skip
    schema = pa.schema(
        [("stakes", pa.int64()), ("dealer", pa.string()), ("win", pa.struct([("type", pa.string()),
         ("winner", pa.string())])), ("bets", bets), ("rules", rules)]
    )  # fmt: skip
    path = tmp_path / "hands.parquet"
    pq.write_table(pa.Table.from_pylist(rows, schema=schema), path)
    result = runner.invoke(app, ["batch", str(path)])
    assert result.exit_code == 0, result.output
    nets = [tuple(json.loads(line)["net"][s] for s in SEATS) for line in result.stdout.splitlines()]
    assert nets == [(-2000, 6000, -2000, -2000), (-2300, 7000, -2200, -2500)]


@pytest.mark.parametrize("payments", [False, True])
def test_a_pao_table_s_hand_with_no_pao_count(runner, write, payments: bool) -> None:
    """带跑 at the table, but no seat's 跑 count on the record: its 跑 count nothing (they once crashed a batch, exit
    70). Net and payments as the record scored on its own."""
    records = [
        {"stakes": 1, "policy": False, "dealer": "E", "rules": {"pao": {"unit": unit, "kong": kong}}, "win": win,
         **extra}
        for unit, kong in ((0, False), (100, True))
        for win in ({"type": "anci", "winner": "E"}, {"type": "zhici", "winner": "S", "from": "W"})
        for extra in ({}, {"bets": {}}, {"kongs": [{"by": "N", "type": "concealed"}]})
    ]  # fmt: skip
    lines = "".join(json.dumps(record) + "\n" for record in records)
    args = ["--payments"] if payments else []
    result = runner.invoke(app, ["batch", write(lines, "hands.jsonl"), *args])
    assert result.exit_code == 0, result.output
    out = [json.loads(line) for line in result.stdout.splitlines()]
    for record, line in zip(records, out, strict=True):
        alone = runner.invoke(app, ["score", write(yaml.safe_dump(record), "hand.yaml"), "-f", "json"])
        assert alone.exit_code == 0, alone.output
        scored = json.loads(alone.stdout)
        assert line["net"] == scored["net"], record
        expected = oracle.settle_hand(record, None)
        assert line["net"] == {seat: expected[seat] for seat in SEATS}, record
        if payments:
            assert line["payments"] == [{k: v for k, v in p.items() if k != "charges"} for p in scored["payments"]]


def test_a_pao_table_s_rows_with_no_pao_count_on_the_column_path(runner, tmp_path) -> None:
    """The same on the column path: Parquet through ``gangci batch``, and ``score_batch``."""
    pa = pytest.importorskip("pyarrow")
    pq = pytest.importorskip("pyarrow.parquet")
    from gangci_calc.arrow import score_batch

    rows = [
        {"stakes": 1, "dealer": "E", "win": win, "rules": {"pao": {"unit": 100, "kong": True}}}
        for win in ({"type": "anci", "winner": "E"}, {"type": "zhici", "winner": "S", "from": "W"})
    ]
    expected = [tuple(oracle.settle_hand(row, None)[seat] for seat in SEATS) for row in rows]
    pq.write_table(pa.Table.from_pylist(rows), tmp_path / "hands.parquet")
    result = runner.invoke(app, ["batch", str(tmp_path / "hands.parquet")])
    assert result.exit_code == 0, result.output
    assert [tuple(json.loads(line)["net"][s] for s in SEATS) for line in result.stdout.splitlines()] == expected
    scored = score_batch(pa.RecordBatch.from_pylist(rows), lang="en").to_pylist()
    assert [tuple(int(row[f"net_{s}"]) for s in SEATS) for row in scored] == expected
