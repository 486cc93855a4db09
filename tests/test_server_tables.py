"""The servers' tables (issue 45): a fixed 包次 line (``bao_kongs: false``), 天呲 paid as C alone
(``tianci_ci_only``), and one evening per server (``examples/house/server-*.yaml``) whose every amount is asserted
here, as docs/rules.md ("Where the servers differ") works them out. Random hands under both options agree with
tests/oracle.py on every path: ``score``, ``score_many``, ``gangci batch`` (JSON Lines in and out, Parquet out,
Parquet in) and ``score_batch``."""

from __future__ import annotations

import json
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from gangci_calc.api import score, score_many
from gangci_calc.cli import app
from gangci_calc.commands.session.show import session_output
from gangci_calc.core.rules import HouseRules
from gangci_calc.io.load.answers import parse_house
from tests import oracle
from tests.conftest import EXAMPLES, examples
from tests.raw import hand_body

pa = pytest.importorskip("pyarrow", reason="pip install -e '.[test]' (the [arrow] extra)")
pq = pytest.importorskip("pyarrow.parquet")

from gangci_calc.arrow import score_batch  # noqa: E402

HOUSE = EXAMPLES / "house"
SEATS = "ESWN"


def nets(mapping: Any) -> tuple[Fraction, ...]:
    """A net per seat, exactly: an API amount, a JSON number (whole or a half) or a Parquet decimal."""
    return tuple(Fraction(str(mapping[s])) if isinstance(mapping[s], float) else Fraction(mapping[s]) for s in SEATS)


def example(name: str, **rules: Any) -> dict[str, Any]:
    """A one-hand example with some of its rules changed (``None``: the option left to its default)."""
    data: dict[str, Any] = yaml.safe_load((HOUSE / name).read_text(encoding="utf-8"))
    data["rules"] = {k: v for k, v in {**data["rules"], **rules}.items() if v is not None}
    return data


# ---------------------------------------------------------------- the issue's two worked examples


def test_a_fixed_line_makes_the_issues_zhici_bao() -> None:
    """直呲 by 东 on 南's discard, 东's earlier 暗杠, 9 tiles left, ×10: S −110 under the fixed line, −50 by default
    (the line 10 − 2 = 8 is under 9)."""
    assert nets(score(example("bao-fixed-line.yaml")).net) == (130, -110, -10, -10)
    assert nets(score(example("bao-fixed-line.yaml", bao_kongs=None)).net) == (130, -50, -40, -40)
    assert nets(score(example("bao-fixed-line.yaml", bao_kongs=True)).net) == (130, -50, -40, -40)


def test_a_fixed_line_is_bao_mark_whatever_the_kongs() -> None:
    """Four 暗杠, one a seat, would take the moving line to 2; the fixed one stays at the mark, which still decides.
    (南 pays three 暗杠 and is paid for his own: his kongs net 0.)"""
    four = [{"by": s, "type": "concealed"} for s in SEATS]
    hand = {**example("bao-fixed-line.yaml"), "kongs": four, "tiles_left": 10}
    assert score(hand).net["S"] == -(3 * 30 + 10)  # 包次 at 10 ≤ 10
    assert score({**hand, "rules": {**hand["rules"], "bao_kongs": True}}).net["S"] == -(30 + 10)
    assert score({**hand, "rules": {**hand["rules"], "bao_mark": 9}}).net["S"] == -(30 + 10)


def test_tianci_as_c_alone() -> None:
    assert nets(score(example("tianci-ci-only.yaml")).net) == (-3, 9, -3, -3)
    assert nets(score(example("tianci-ci-only.yaml", tianci_ci_only=None)).net) == (-4, 12, -4, -4)


def test_tianci_as_c_alone_under_the_other_rules() -> None:
    """The option takes the G away and nothing else: 庄家翻倍 (all), 次风翻倍 and 跑 act on C as before."""
    hand = example("tianci-ci-only.yaml", dealer_double="all", honor_ci_double=True, pao={"unit": 1, "kong": True})
    hand = {**hand, "ci": "中", "bets": {"S": {"pao": 1}, "W": {"pao": 2}}}
    # 东 deals: (3 × 2 + 1) × 2 = 14; 西 (3 + 3) × 2 = 12; 北 (3 + 1) × 2 = 8
    assert nets(score(hand).net) == (-14, 34, -12, -8)
    assert nets(score(hand).net) == tuple(oracle.settle_hand(hand)[s] for s in SEATS)


def test_explain_says_the_line_is_fixed() -> None:
    explained = "\n".join(score(example("bao-fixed-line.yaml"), lang="zh").explain())
    assert "包次: 剩牌 9 张 ≤ 包次线 10 (包次线固定，杠不降线)" in explained
    moving = "\n".join(score(example("bao-fixed-line.yaml", bao_kongs=True), lang="en").explain())
    assert "no bao: 9 tiles left > the mark 8 (10 − 2 × 1 concealed kong)" in moving
    tianci = "\n".join(score(example("tianci-ci-only.yaml"), lang="en").explain())
    assert "concealed kong" not in tianci and tianci.count("ci base 3 = 3") == 3


# ---------------------------------------------------------------- where options reach


def test_the_prompt_and_new_take_both_options(runner, tmp_path: Path) -> None:
    assert parse_house("包次 包次线固定 天呲只付呲底") == {"baoci": True, "bao_kongs": False, "tianci_ci_only": True}
    assert parse_house("baoci bao_kongs=false tianci_ci_only") == parse_house("包次 包次线固定 天呲只付呲底")
    path = tmp_path / "t.yaml"
    new = runner.invoke(app, ["session", str(path), "--new"], input="2\nn\n包次 包次线固定 天呲只付呲底\n\n\n\n\n东\n")
    assert new.exit_code == 0, new.output
    assert "rules: {baoci: true, bao_kongs: false, tianci_ci_only: true}" in path.read_text(encoding="utf-8")


def test_chinese_keys_in_a_file() -> None:
    hand = example("bao-fixed-line.yaml", bao_kongs=None)
    hand["规矩"] = {**hand.pop("rules"), "杠降包次线": False}
    assert score(hand).net["S"] == -110
    tianci = example("tianci-ci-only.yaml", tianci_ci_only=None)
    tianci["rules"]["天呲只付呲底"] = True
    assert score(tianci).net["S"] == 9


def test_rules_schema_and_page_list_both_options(runner) -> None:
    import jsonschema

    for lang, words in (("zh", ("杠降包次线", "天呲只付呲底")), ("en", ("bao_kongs", "tianci_ci_only"))):
        book = runner.invoke(app, ["rules", "--lang", lang])
        assert book.exit_code == 0 and all(w in book.stdout for w in words)
    schema = json.loads(runner.invoke(app, ["schema", "hand"]).stdout)
    for name in ("bao-fixed-line.yaml", "tianci-ci-only.yaml"):
        jsonschema.validate(yaml.safe_load((HOUSE / name).read_text(encoding="utf-8")), schema)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({**example("tianci-ci-only.yaml"), "rules": {"tianci_ci_only": 3}}, schema)
    from gangci_calc.commands.web.view import options_context

    shown = {o["key"]: o for o in options_context(HouseRules(bao_kongs=False, tianci_ci_only=True), "zh")}
    assert shown["bao_kongs"]["kind"] == shown["tianci_ci_only"]["kind"] == "flag"
    assert (shown["bao_kongs"]["value"], shown["tianci_ci_only"]["value"]) == (False, True)


# ---------------------------------------------------------------- one evening per server

SERVERS = {
    "session-server-lua.yaml": [(130, -110, -10, -10), (-30, 90, -30, -30), (-20, -10, 30, 0), (0, 0, 0, 0),
                        (-30, -30, -40, 100)],
    "session-server-python.yaml": [(400, -380, -10, -10), (0, 0, 0, 0), (-140, -70, 280, -70), (-20, -20, -40, 80),
                           (270, -70, -70, -130)],
    "session-server-java.yaml": [(64, -23, -27, -14), (0, 0, -46, 46), (-5, 5, 0, 0), (-13, -25, 51, -13)],
}  # fmt: skip


@pytest.mark.parametrize("name", list(SERVERS))
def test_each_servers_evening(runner, name: str) -> None:
    """Each hand as the file's comments work it out, in `session` and in `batch`, and as the oracle settles it."""
    path = HOUSE / name
    result = runner.invoke(app, ["session", str(path), "-f", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert [nets(hand["net"]) for hand in data["hands"]] == SERVERS[name]
    totals = nets(data["totals"])
    assert totals == tuple(sum(hand[i] for hand in SERVERS[name]) for i in range(4))
    session = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert [tuple(n[s] for s in SEATS) for n in oracle.settle_session(session)] == SERVERS[name]
    batch = runner.invoke(app, ["batch", str(path)])
    assert [nets(json.loads(line)["net"]) for line in batch.stdout.splitlines()] == SERVERS[name]
    said = ", ".join(
        f"{zh} {total:+}".replace("-", "−") for zh, total in zip("东南西北", map(int, totals), strict=True)
    )
    assert f"`examples/house/{name}`: {said} |" in (Path(__file__).parent.parent / "docs" / "rules.md").read_text(
        encoding="utf-8"
    ), said  # docs/rules.md, "Reproducing each server"


def test_the_servers_tables_differ_where_the_docs_say() -> None:
    """The Lua and Python tables play the fixed line; the Java table the moving one (its hand 1 is no 包次)."""
    rules = {name: yaml.safe_load((HOUSE / name).read_text(encoding="utf-8"))["rules"] for name in SERVERS}
    assert (
        rules["session-server-lua.yaml"]["bao_kongs"] is False
        and rules["session-server-python.yaml"]["bao_kongs"] is False
    )
    assert "bao_kongs" not in rules["session-server-java.yaml"]
    assert rules["session-server-lua.yaml"]["tianci_ci_only"] is True
    assert not any(r.get("tianci_ci_only") for n, r in rules.items() if n != "session-server-lua.yaml")
    assert all(r["zhici_split"] == "even" for r in rules.values())


# ---------------------------------------------------------------- random hands on every path


@st.composite
def server_hands(draw: st.DrawFn) -> dict[str, Any]:
    """A hand at a table of the options these two touch (包次 and its line, 天呲, and what acts on them), mostly a
    直呲 or a 天呲, its columns of one type each so that a batch of them is an Arrow table; an option not drawn is
    absent."""
    house: dict[str, Any] = {
        "zhici_split": draw(st.sampled_from(["double", "even"])),
        "baoci": draw(st.booleans()),
        "bao_kongs": draw(st.booleans()),
        "tianci_ci_only": draw(st.booleans()),
        "bao_mark": draw(st.sampled_from([0, 2, 5, 8, 10])),
        "dealer_double": draw(st.sampled_from(["none", "wins", "all"])),
        "concealed_kong": draw(st.sampled_from([1, 2])),
        "honor_ci_double": draw(st.booleans()),
    }
    if draw(st.booleans()):
        house["pao"] = {"unit": draw(st.sampled_from([0, 1, 5])), "kong": draw(st.booleans())}
    house = {k: v for k, v in house.items() if draw(st.integers(0, 4)) or k in ("baoci", "bao_kongs")}
    dealer = draw(st.sampled_from(SEATS))
    policy = draw(st.booleans())
    body = draw(hand_body(house, dealer, policy, mi=False))
    if not body.get("bets"):
        body.pop("bets", None)
    winner = draw(st.sampled_from(SEATS))
    kind = draw(st.sampled_from(["zhici", "zhici", "tianci", body["win"]["type"]]))
    if kind == "tianci":
        body["win"] = {"type": "tianci", "winner": winner}
    elif kind == "zhici":  # 包次 decided by the tiles left, near the line, or said
        body["win"] = {"type": "zhici", "winner": winner, "from": draw(st.sampled_from(SEATS.replace(winner, "")))}
        if house["baoci"] and draw(st.integers(0, 4)) == 0:
            body["win"]["bao"] = draw(st.booleans())
        body["tiles_left"] = draw(st.integers(0, 11))
    stakes = {"gang": draw(st.integers(1, 300)), "bomb": draw(st.integers(1, 300)), "ci": draw(st.integers(1, 900))}
    return {"stakes": stakes, "policy": policy, "dealer": dealer, "rules": house, **body}


def _parquet_nets(path: Path) -> list[tuple[Fraction, ...]]:
    return [tuple(Fraction(Decimal(row[f"net_{s}"])) for s in SEATS) for row in pq.read_table(path).to_pylist()]


def _expected(raws: list[dict[str, Any]]) -> list[tuple[Fraction, ...]]:
    return [tuple(oracle.settle_hand(r)[s] for s in SEATS) for r in raws]


def _table(raws: list[dict[str, Any]]) -> Any:
    return pa.Table.from_struct_array(pa.array(raws))  # every row's keys (from_pylist reads the first row's)


@settings(max_examples=examples(120))
@given(st.lists(server_hands(), min_size=1, max_size=10))
def test_random_hands_agree_in_the_api(raws: list[dict[str, Any]]) -> None:
    """``score``, ``score_many`` and ``score_batch`` (an Arrow table, its rows sent to the loader or the columns'
    path) against the oracle."""
    expected = _expected(raws)
    assert [nets(score(r).net) for r in raws] == expected
    assert [nets(r.net) for r in score_many(raws)] == expected  # type: ignore[union-attr]
    scored = score_batch(_table(raws)).to_pylist()
    assert [tuple(Fraction(Decimal(row[f"net_{s}"])) for s in SEATS) for row in scored] == expected


@settings(max_examples=examples(15))
@given(st.lists(server_hands(), min_size=1, max_size=30))
def test_random_hands_agree_in_gangci_batch(tmp_path_factory: pytest.TempPathFactory, raws: list[dict[str, Any]]):
    """``gangci batch``: JSON Lines in and out (its fast path, and the loader for what that path leaves), with
    ``--payments``, Parquet out, and Parquet in."""
    expected = _expected(raws)
    folder = tmp_path_factory.mktemp("servers")
    jsonl = folder / "hands.jsonl"
    jsonl.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in raws), encoding="utf-8")
    runner = CliRunner()
    for extra in ([], ["--payments"]):
        lines = runner.invoke(app, ["batch", str(jsonl), *extra])
        assert lines.exit_code == 0, lines.output
        assert [nets(json.loads(line)["net"]) for line in lines.stdout.splitlines()] == expected
    out = folder / "out.parquet"
    assert runner.invoke(app, ["batch", str(jsonl), "-o", str(out)]).exit_code == 0
    assert _parquet_nets(out) == expected
    hands = folder / "hands.parquet"
    pq.write_table(_table(raws), hands)
    back = folder / "back.parquet"
    assert runner.invoke(app, ["batch", str(hands), "-o", str(back)]).exit_code == 0
    assert _parquet_nets(back) == expected


@pytest.mark.browser
def test_the_pages_rules_panel_shows_and_changes_both_options(tmp_path: Path) -> None:
    """At 360 px: the Lua table's rules first (包次线固定 as 杠降包次线 否, 天呲只付呲底 是), a tick each in the panel;
    unticking 天呲只付呲底 saves it for the next hand, and that hand's 天呲 is C + G again."""
    from tests.test_web_browser import CHROMIUM, PHONE, caught_up, no_sideways_scroll, playwright_api, tap_hand
    from tests.web_server import TOKEN, running

    ledger = tmp_path / "lua.yaml"
    text = (HOUSE / "session-server-lua.yaml").read_text(encoding="utf-8")
    ledger.write_text(text[: text.index("hands:")] + "hands:\n", encoding="utf-8")
    with playwright_api.sync_playwright() as p, running(ledger) as base:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--disable-background-networking"])
        page = browser.new_context(**PHONE).new_page()
        page.goto(f"{base}/?t={TOKEN}")
        page.wait_for_selector("#entry:not([hidden])")
        page.click("#changes > summary")
        now = page.text_content("#rules-now") or ""
        assert "杠降包次线 否" in now and "天呲只付呲底" in now, now
        page.click("#more-rules-summary")
        assert page.is_checked("#changes #options input[data-key=tianci_ci_only]")
        assert not page.is_checked("#changes #options input[data-key=bao_kongs]")
        no_sideways_scroll(page)
        page.screenshot(path=str(tmp_path / "rules.png"), full_page=True)
        page.uncheck("#changes #options input[data-key=tianci_ci_only]")
        page.click("#apply-changes")
        page.wait_for_function("!document.querySelector('#changes').open")
        caught_up(page)
        tap_hand(page, "tianci", "S")
        page.click("#save")
        page.wait_for_function("document.querySelector(\"[data-hand='1']\")")
        browser.close()
    hands = json.loads(session_output(str(ledger), "json", "zh"))["hands"]
    assert "tianci_ci_only" not in hands[0]["rules"] and hands[0]["rules"]["bao_kongs"] is False  # the seed's, and not
    assert hands[0]["net"] == {"E": -40, "S": 120, "W": -40, "N": -40}
