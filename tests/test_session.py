"""`gangci session`: the example evening, dealer rotation, errors, quick entry."""

from __future__ import annotations

import csv
import datetime
import io
import itertools
import json
import random
import re
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gangci_calc.cli import app
from gangci_calc.core.evening.transfers import fewest_transfers
from gangci_calc.core.rules import Seat
from gangci_calc.io.load.load_session import load_session
from tests.conftest import EXAMPLES

# The example evening (examples/session.yaml), worked by hand: 方案1 G100 B200 C600, 带政策.
EVENING = [
    # dealer, net E S W N
    ("E", (-200, 600, -200, -200)),  # 1 炸弹 S: 200 each
    ("S", (0, 0, 0, 0)),  # 2 流局: E's 暗杠 void
    ("S", (-600, -600, 3700, -2500)),  # 3 直呲 W←N, W 飘1: N 600×2×2+100; E, S 600×½×2
    ("W", (2400, -800, -800, -800)),  # 4 暗呲 E, E 杠1: 600 + 100×2 each (S's 抵 is against W only)
    ("E", (-1900, -1900, -1700, 5500)),  # 5 续呲 N←S, N 飘2: S 1800+100, E W 1800; W 明杠 on E: 100
    ("N", (-400, -200, -200, 800)),  # 6 天胡 N, E 抵1 against the dealer: 400, 200, 200
    ("N", (-1400, 4200, -1400, -1400)),  # 7 天呲 S, S 飘1 杠1: 1200 + 200 each
    ("W", (600, -100, -200, -300)),  # 8 dealer W by agreement; 炸弹 E 200 each; S 续杠 fed by N: 100
    ("E", (0, 0, 0, 0)),  # 9 流局
    ("E", (5800, -300, -4900, -600)),  # 10 直呲 E←W, W 抵3 vs dealer E: 600×2×4+100; S 300; N 飘1 600
    ("E", (-900, -900, 2300, -500)),  # 11 炸弹 W 飘3: 800 each; N 暗杠: 100 each
    ("W", (-600, -800, -700, 2100)),  # 12 暗呲 N: 700 each; E 明杠 on S: 100
    ("N", (-700, -600, 1900, -600)),  # 13 续呲 W←E: E 700, S N 600
]
TOTALS = {"E": 2100, "S": -1400, "W": -2200, "N": 1500}


def test_example_evening_json(runner) -> None:
    result = runner.invoke(app, ["session", str(EXAMPLES / "session.yaml"), "--format", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert [(h["dealer"], tuple(h["net"].values())) for h in data["hands"]] == EVENING
    assert data["totals"] == TOTALS
    assert {s: sum(h["net"][s] for h in data["hands"]) for s in "ESWN"} == data["totals"]
    assert [h["dealer_overridden"] for h in data["hands"]].count(True) == 1 and data["hands"][7]["dealer_overridden"]
    assert data["transfers"] == [
        {"from": "小李", "to": "老王", "amount": 1400},
        {"from": "张姐", "to": "老王", "amount": 700},
        {"from": "张姐", "to": "阿强", "amount": 1500},
    ]
    running = {seat: 0 for seat in "ESWN"}
    for hand in data["hands"]:
        running = {seat: running[seat] + hand["net"][seat] for seat in "ESWN"}
        assert hand["running"] == running


def test_example_evening_has_every_outcome() -> None:
    session = load_session(EXAMPLES / "session.yaml")
    wins = {h.loaded.hand.outcome.win.value for h in session.hands}
    assert wins == {"bomb", "heavenly", "anci", "tianci", "zhici", "xuci", "draw"}
    assert len(session.hands) == len(EVENING) == 13


def test_example_evening_table(runner) -> None:
    out = runner.invoke(app, ["session", str(EXAMPLES / "session.yaml")]).stdout
    assert "南 小李 付给 东 老王 1400" in out
    assert "西*" in out  # the overridden dealer
    assert "+2100" in out and "总排名" in out


def test_example_evening_csv(runner) -> None:
    out = runner.invoke(app, ["session", str(EXAMPLES / "session.yaml"), "--format", "csv"]).stdout
    rows = list(csv.DictReader(io.StringIO(out)))
    assert len(rows) == 14
    assert rows[-1]["hand"] == "total"
    assert {s: int(rows[-1][s]) for s in "ESWN"} == TOTALS
    assert rows[2]["outcome"] == "zhici" and rows[2]["winner"] == "W" and rows[2]["from"] == "N"


def session_text(*hands: str, head: str = "stakes: 1\npolicy: true\ndealer: E\n") -> str:
    return head + "hands:\n" + "".join(hands)


def test_rotation_winner_deals_draw_keeps_override_sticks(write) -> None:
    path = write(
        session_text(
            "  - win: {type: bomb, winner: S}\n",  # 1 dealer E
            "  - win: {type: draw}\n",  # 2 dealer S
            "  - win: {type: draw}\n",  # 3 dealer S
            "  - dealer: N\n    win: {type: bomb, winner: W}\n",  # 4 dealer N (override)
            "  - win: {type: heavenly, winner: W}\n",  # 5 dealer W
        )
    )
    hands = load_session(path).hands
    assert [h.loaded.hand.dealer for h in hands] == [Seat.E, Seat.S, Seat.S, Seat.N, Seat.W]
    assert [h.dealer_overridden for h in hands] == [False, False, False, True, False]


def test_every_bad_hand_is_listed(english, write) -> None:
    path = write(
        session_text(
            "  - win: {type: bomb, winner: S}\n",  # 1 ok; S deals next
            "  - win: {type: bomb, winner: W}\n    bets: {S: {di: 1}}\n",  # 2: 抵 on the dealer S
            "  - win: {type: heavenly, winner: N}\n",  # 3: dealer is W
            "  - win: {type: bomb, winner: X}\n",  # 4: bad seat
            "  - mi: {E: 1}\n    win: {type: draw}\n",  # 5: 米 in a session hand
            "  - win: {type: draw}\n",  # 6 ok
        )
    )
    result = english.invoke(app, ["session", path])
    assert result.exit_code == 2 and result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 4
    assert ":7:20: hand 2: bets.S.di: S is the dealer" in lines[0]
    assert ":8:35: hand 3: win.winner: 天胡 (heavenly) is the dealer's only, and N is not the dealer (W is)" in lines[1]
    assert "hand 4: win.winner: 'X' is not a seat" in lines[2]
    assert "hand 5: mi: a session counts 米 itself" in lines[3]


@pytest.mark.parametrize(
    ("text", "piece"),
    [
        ("stakes: 1\nhands: []\n", "missing dealer"),
        ("stakes: 1\ndealer: E\nhands: 3\n", "hands: should be a list"),
        ("stakes: 1\ndealer: E\nhand: []\n", "did you mean 'hands'?"),
        ("", "is empty"),
    ],
)
def test_session_file_errors(english, write, text: str, piece: str) -> None:
    result = english.invoke(app, ["session", write(text)])
    assert result.exit_code == 2 and piece in result.stderr


# ------------------------------------------------------------------ fewest transfers


def brute_force_fewest(totals: tuple[int, ...]) -> int:
    """Search every sequence of payments that each settle at least one player fully."""
    best = [len(totals)]

    def search(balances: tuple[int, ...], used: int) -> None:
        if used >= best[0]:
            return
        if all(b == 0 for b in balances):
            best[0] = used
            return
        for i, j in itertools.permutations(range(len(balances)), 2):
            if balances[i] < 0 < balances[j]:
                amount = min(-balances[i], balances[j])
                nxt = list(balances)
                nxt[i] += amount
                nxt[j] -= amount
                search(tuple(nxt), used + 1)

    search(tuple(totals), 0)
    return best[0]


def random_totals(rng: random.Random) -> tuple[int, ...]:
    values = [rng.choice([0, 100, 200, 300, -100, -200, -300, 500, -500]) for _ in range(3)]
    return (*values, -sum(values))


def settles(totals: tuple, transfers) -> bool:
    left = list(totals)
    for t in transfers:
        assert t.amount > 0
        left[t.payer] += t.amount
        left[t.payee] -= t.amount
    return all(v == 0 for v in left)


def test_fewest_transfers_matches_brute_force() -> None:
    rng = random.Random(4)
    for _ in range(3000):
        totals = random_totals(rng)
        transfers = fewest_transfers(totals)
        assert settles(totals, transfers)
        assert len(transfers) == brute_force_fewest(totals), totals


@given(st.lists(st.integers(-50, 50).map(lambda v: v * 100), min_size=3, max_size=3))
def test_fewest_transfers_property(values: list[int]) -> None:
    totals = (*values, -sum(values))
    transfers = fewest_transfers(totals)
    assert settles(totals, transfers)
    assert len(transfers) == brute_force_fewest(totals)


def test_transfers_with_half_units() -> None:
    totals = (Fraction(1, 2), Fraction(-1, 2), 3, -3)
    assert [(t.payer.name, t.payee.name, t.amount) for t in fewest_transfers(totals)] == [
        ("S", "E", Fraction(1, 2)),
        ("N", "W", 3),
    ]


# ------------------------------------------------------------------ quick entry


def last_json(stdout: str) -> dict:
    """CliRunner echoes the typed answers to stdout; the result is the last line."""
    return json.loads(stdout.strip().splitlines()[-1])


COMMENTED = """# 周六 at 老王's — keep these notes!
stakes: 1      # 方案1
policy: true
dealer: E
players: {E: 老王, S: 小李, W: 张姐, N: 阿强}
hands:
  # 1 — 小李 self-draws
  - win: {type: bomb, winner: S}   # nice
    bets: {S: {piao: 1}}
"""


def test_add_appends_and_keeps_every_byte_above(runner, tmp_path: Path) -> None:
    path = tmp_path / "evening.yaml"
    path.write_text(COMMENTED, encoding="utf-8")
    # dealer (enter = S, last winner), 直呲, winner 西, from 北, bets, kongs
    answers = "\n直呲\n西\n北\n南飘1 北抵2\n北暗杠 东明杠南\n"
    result = runner.invoke(app, ["session", str(path), "--add", "--format", "json"], input=answers)
    assert result.exit_code == 0, result.output
    text = path.read_text(encoding="utf-8")
    assert text.startswith(COMMENTED)
    assert text[len(COMMENTED) :] == (
        "  - win: {type: zhici, winner: W, from: N}\n"
        "    bets: {S: {piao: 1}, N: {di: 2}}\n"
        "    kongs:\n"
        "      - {by: N, type: concealed}\n"
        "      - {by: E, type: exposed, from: S}\n"
    )
    data = last_json(result.stdout)
    assert len(data["hands"]) == 2 and data["hands"][1]["dealer"] == "S"


def test_add_reasks_until_answers_are_valid(english, tmp_path: Path) -> None:
    path = tmp_path / "evening.yaml"
    path.write_text(COMMENTED, encoding="utf-8")
    answers = (
        "\n".join(
            [
                "",  # dealer S
                "zimo",  # not a win -> asked again
                "天胡",
                "北",  # 天胡 by a non-dealer -> asked again
                "南",
                "南抵1",  # 抵 on the dealer -> asked again
                "-",
                "东明杠",  # a 明杠 needs who discarded -> asked again
                "-",
            ]
        )
        + "\n"
    )
    result = english.invoke(app, ["session", str(path), "--add", "-f", "json"], input=answers)
    assert result.exit_code == 0, result.output
    assert "'zimo'" in result.stderr and "dealer's only" in result.stderr and "cannot 抵" in result.stderr
    assert "needs 'from'" in result.stderr
    assert path.read_text(encoding="utf-8").endswith("  - win: {type: heavenly, winner: S}\n")


def test_add_dealer_override_is_written(runner, tmp_path: Path) -> None:
    path = tmp_path / "evening.yaml"
    path.write_text(COMMENTED, encoding="utf-8")
    args = ["session", str(path), "--add", "--lang", "en", "-f", "json"]
    result = runner.invoke(app, args, input="N\ny\ndraw\n-\n-\n")
    assert result.exit_code == 0, result.output
    assert "Change the dealer to N" in result.stderr  # another dealer than the usual one: confirmed first
    assert path.read_text(encoding="utf-8").endswith("  - dealer: N\n    win: {type: draw}\n")
    assert last_json(result.stdout)["hands"][1]["dealer_overridden"] is True


def test_add_to_a_bad_file_changes_nothing(english, tmp_path: Path) -> None:
    path = tmp_path / "evening.yaml"
    bad = COMMENTED.replace("piao: 1", "piao: 9")
    path.write_text(bad, encoding="utf-8")
    result = english.invoke(app, ["session", str(path), "--add"], input="\n流局\n-\n-\n")
    assert result.exit_code == 2 and "hand 1: bets.S.piao" in result.stderr
    assert path.read_text(encoding="utf-8") == bad


def test_add_interrupted_leaves_the_file_alone(runner, tmp_path: Path) -> None:
    path = tmp_path / "evening.yaml"
    path.write_text(COMMENTED, encoding="utf-8")
    result = runner.invoke(app, ["session", str(path), "--add"], input="\n直呲\n")  # input ends mid-way
    assert result.exit_code != 0
    assert path.read_text(encoding="utf-8") == COMMENTED
    assert sorted(p.name for p in tmp_path.iterdir()) == ["evening.yaml"]


def test_new_then_add_then_settle(runner, tmp_path: Path) -> None:
    path = tmp_path / "tonight.yaml"
    new = runner.invoke(
        app, ["session", str(path), "--new", "-f", "json"], input="1\ny\n-\n老王\n小李\n张姐\n阿强\n东\n"
    )
    assert new.exit_code == 0, new.output
    started = last_json(new.stdout)
    assert started.pop("next")["number"] == 1  # the hand entered next (as GET /api/evening says it)
    assert started == {
        "date": datetime.date.today().isoformat(),  # --new writes today's
        "hands": [],
        "totals": {"E": 0, "S": 0, "W": 0, "N": 0},
        "people": [{"name": name, "total": 0} for name in ("老王", "小李", "张姐", "阿强")],
        "transfers": [],
        "players": {"E": "老王", "S": "小李", "W": "张姐", "N": "阿强"},
        "rules": {},
    }
    first = runner.invoke(app, ["session", str(path), "--add", "-f", "json"], input="\n炸弹\n南\n南飘1\n-\n")
    assert first.exit_code == 0, first.output
    second = runner.invoke(app, ["session", str(path), "--add", "-f", "json"], input="\n暗呲\n北\n-\n-\n")
    assert second.exit_code == 0, second.output
    data = last_json(second.stdout)
    assert [h["dealer"] for h in data["hands"]] == ["E", "S"]
    # 1: 炸弹 S 飘1, 400 each; 2: dealer S, 暗呲 N (bets cleared with '-'), 700 each
    assert data["totals"] == {"E": -1100, "S": 500, "W": -1100, "N": 1700}
    assert data["transfers"] == [
        {"from": "老王", "to": "小李", "amount": 500},
        {"from": "老王", "to": "阿强", "amount": 600},
        {"from": "张姐", "to": "阿强", "amount": 1100},
    ]


def test_new_refuses_an_existing_file(english, tmp_path: Path) -> None:
    path = tmp_path / "tonight.yaml"
    path.write_text("keep me\n")
    result = english.invoke(app, ["session", str(path), "--new"], input="1\n")
    assert result.exit_code == 2 and "already exists" in result.stderr
    assert path.read_text() == "keep me\n"


def test_add_into_empty_flow_list(runner, write) -> None:
    path = write("stakes: 2\ndealer: W\nhands: []   # nothing yet\n")
    result = runner.invoke(app, ["session", path, "--add", "-f", "json"], input="\n流局\n-\n")
    assert result.exit_code == 0, result.output
    assert Path(path).read_text() == "stakes: 2\ndealer: W\nhands: [{win: {type: draw}}]   # nothing yet\n"


def test_a_false_claim_in_a_session_stops_the_settle_up(english, write) -> None:
    path = write(
        session_text(
            "  - win: {type: bomb, winner: S}\n",
            "  - win: {type: zhici, winner: W, from: N}\n"
            "    tiles: {ci: 7s, hand: 111m 222m 345m 456p 7s, win_tile: 3m}\n",
        )
    )
    result = english.invoke(app, ["session", path])
    assert result.exit_code == 1 and result.stdout == ""
    assert (
        "hand 2: the claimed direct ci (zhici) does not hold: direct ci (zhici) needs three 3m in hand; there is one"
        in result.stderr
    )


ITEM = "  - win: {type: draw}\n"


@pytest.mark.parametrize(
    ("before", "after"),
    [
        ("stakes: 1\ndealer: E\nhands:\n", "stakes: 1\ndealer: E\nhands:\n" + ITEM),
        ("stakes: 1\ndealer: E\nhands:", "stakes: 1\ndealer: E\nhands:\n" + ITEM[:-1]),  # still no final newline
        ("stakes: 1\ndealer: E\n", "stakes: 1\ndealer: E\nhands:\n" + ITEM),
        (  # items written flush left keep that style
            "dealer: E\nhands:\n- win: {type: bomb, winner: S}\nstakes: 1\n",
            "dealer: E\nhands:\n- win: {type: bomb, winner: S}\n- win: {type: draw}\nstakes: 1\n",
        ),
        (  # a key after the hands keeps its comment
            "dealer: E\nhands:\n  - win: {type: bomb, winner: S}\n# the stakes\nstakes: 1\n",
            "dealer: E\nhands:\n  - win: {type: bomb, winner: S}\n" + ITEM + "# the stakes\nstakes: 1\n",
        ),
    ],
)
def test_append_hand_text(before: str, after: str) -> None:
    from gangci_calc.io.ledger.ledger_write import append_hand_text

    written = append_hand_text(before, ITEM)
    assert written == after
    # nothing of the file moves: take the new hand out again and every byte is where it was
    whole = written if written.endswith("\n") else written + "\n"  # a file without a final newline stays so
    item = ITEM if ITEM in whole else ITEM.replace("  - ", "- ")
    rest = whole.replace(item, "", 1)
    assert rest in (before, before + "\n", before + "hands:\n", before + "\n" + "hands:\n", before.rstrip("\n") + "\n")


def test_append_into_flow_lists_and_a_flow_top_level() -> None:
    from gangci_calc.io.ledger.ledger_write import append_hand_text

    flow = "{win: {type: draw}}"
    assert (
        append_hand_text("stakes: 1\ndealer: E\nhands: [{win: draw}]  # one\n", ITEM, flow)
        == "stakes: 1\ndealer: E\nhands: [{win: draw}, {win: {type: draw}}]  # one\n"
    )
    assert (
        append_hand_text("{stakes: 1, dealer: E, hands: []}\n", ITEM, flow)
        == "{stakes: 1, dealer: E, hands: [{win: {type: draw}}]}\n"
    )
    assert append_hand_text("{stakes: 1, dealer: E}\n", ITEM, flow) == "{stakes: 1, dealer: E, hands: [" + flow + "]}\n"


@pytest.mark.parametrize(
    ("before", "after"),
    [
        ("stakes: 1\ndealer: E\nhands: ~\n", "stakes: 1\ndealer: E\nhands:\n" + ITEM),
        ("stakes: 1\ndealer: E\nhands:\n...\n", "stakes: 1\ndealer: E\nhands:\n" + ITEM + "...\n"),
        (
            "stakes: 1\ndealer: E\nhands:\n- # the first\n  win: {type: bomb, winner: S}\n",
            "stakes: 1\ndealer: E\nhands:\n- # the first\n  win: {type: bomb, winner: S}\n- win: {type: draw}\n",
        ),
        ("policy:\ttrue\nstakes: 1\ndealer: E\nhands:\n", "policy:\ttrue\nstakes: 1\ndealer: E\nhands:\n" + ITEM),
    ],
)
def test_append_accepts_what_the_loader_accepts(before: str, after: str) -> None:
    from gangci_calc.io.ledger.ledger_write import append_hand_text
    from gangci_calc.io.load.load_session import session_from_text

    session_from_text(before, "before.yaml")  # the loader reads it
    written = append_hand_text(before, ITEM)
    assert written == after
    assert len(session_from_text(written, "after.yaml").hands) == len(session_from_text(before, "b").hands) + 1


@pytest.mark.process
def test_prompts_never_write_to_stdout(tmp_path: Path) -> None:
    """`--add -f csv > file`: the file holds the CSV and nothing of the prompts."""
    import subprocess
    import sys

    path = tmp_path / "t.yaml"
    path.write_text(COMMENTED, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "gangci_calc", "session", str(path), "--add", "-f", "csv"],
        input="\n5\n张姐\n北\n-\n-\n",
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("hand,dealer,outcome,winner,from,E,S,W,N,rules\n")
    assert "庄家" in done.stderr and "庄家" not in done.stdout


def test_session_explain_gives_every_hand_its_formulas(runner, english) -> None:
    path = str(EXAMPLES / "house" / "session-fee.yaml")
    shown = runner.invoke(app, ["session", path, "-f", "text", "--explain"]).stdout
    explained = shown[shown.rindex("1. [庄东] 炸弹 南") :]  # after the evening itself, hand by hand
    hand3 = explained[explained.index("3. [庄南] 暗呲 西") :]
    assert "  北 小赵 → 西 张姐  暗呲: 杠呲底 600 = 600" in hand3 and "  北 小赵 → 老王  每局: 台费 10 = 10" in hand3
    assert explained.index("2. [庄南] 流局\n  流局") < explained.index("3. [庄南] 暗呲 西: ")
    refused = english.invoke(app, ["session", path, "-f", "json", "--explain"])
    assert refused.exit_code == 2 and "use --format table, text, markdown" in refused.stderr


def test_names_work_in_add_ons_and_kongs(runner, tmp_path: Path) -> None:
    path = tmp_path / "evening.yaml"
    path.write_text((EXAMPLES / "session.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    added = runner.invoke(app, ["session", str(path), "--add"], input="\n炸弹\n小李\n小李飘1 东飘1\n老王暗杠\n")
    assert added.exit_code == 0, added.output
    text = path.read_text(encoding="utf-8")
    assert "bets: {E: {piao: 1}, S: {piao: 1}}" in text and "kongs:\n      - {by: E, type: concealed}" in text, text


@pytest.mark.parametrize("width", [40, 45])
@pytest.mark.parametrize("name", ["session.yaml", "session-people.yaml", "house/session-fee.yaml"])
def test_the_session_table_at_a_phone_s_width_keeps_every_amount_whole(runner, width: int, name: str) -> None:
    from rich.cells import cell_len

    from gangci_calc.io.show.console import out

    out.cache_clear()
    shown = runner.invoke(app, ["session", str(EXAMPLES / name)], env={"COLUMNS": str(width)}).stdout
    out.cache_clear()
    data = json.loads(runner.invoke(app, ["session", str(EXAMPLES / name), "-f", "json"]).stdout)
    assert "…" not in shown
    assert all(cell_len(line) <= width for line in shown.splitlines()), shown
    numbers = {int(n) for n in re.findall(r"(?<![\d\w])[+-]?\d+\b", shown)}
    for hand in data["hands"]:
        for amount in hand["net"].values():
            assert abs(int(amount)) in {abs(n) for n in numbers}, (hand["number"], amount)
