"""The ledger at the table: --undo, --edit N, --play, and re-seating at the prompts."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from gangci_calc.cli import app
from tests.conftest import EXAMPLES
from tests.test_session import COMMENTED

FLOW = "{stakes: 1, dealer: E, hands: [{win: {type: draw}}, {win: {type: bomb, winner: S}}]}\n"
LEDGERS = {
    "session.yaml": (EXAMPLES / "session.yaml").read_text(encoding="utf-8"),
    "commented.yaml": COMMENTED,
    "flow.yaml": FLOW,
    "people.yaml": (EXAMPLES / "session-people.yaml").read_text(encoding="utf-8"),
    "xiami.yaml": (EXAMPLES / "house" / "session-xiami.yaml").read_text(encoding="utf-8"),
    "empty.yaml": "stakes: 1\ndealer: E\nhands:\n",
}


def session(runner, path: Path, *args: str, answers: str = "", env: dict[str, str] | None = None):
    return runner.invoke(app, ["session", str(path), *args], input=answers, env=env)


@pytest.mark.parametrize("name", sorted(LEDGERS))
def test_undo_after_add_restores_the_file_byte_for_byte(runner, tmp_path: Path, name: str) -> None:
    path = tmp_path / name
    path.write_text(LEDGERS[name], encoding="utf-8")
    before = path.read_bytes()
    # a 流局 needs no winner; the policy and 下米 prompts take their defaults
    added = session(runner, path, "--add", answers="\n流\n\n\n\n\n")
    assert added.exit_code == 0, added.output
    assert path.read_bytes() != before
    undone = session(runner, path, "--undo")
    assert undone.exit_code == 0, undone.output
    assert path.read_bytes() == before
    assert "已撤销" in undone.stderr and "流局" in undone.stderr


def test_undo_can_be_repeated_until_nothing_is_left(runner, tmp_path: Path) -> None:
    path = tmp_path / "flow.yaml"
    path.write_text(FLOW, encoding="utf-8")
    assert "炸弹" in session(runner, path, "--undo").stderr
    assert path.read_text(encoding="utf-8") == "{stakes: 1, dealer: E, hands: [{win: {type: draw}}]}\n"
    assert session(runner, path, "--undo").exit_code == 0
    assert path.read_text(encoding="utf-8") == "{stakes: 1, dealer: E, hands: []}\n"
    last = session(runner, path, "--undo", "--lang", "en")
    assert last.exit_code == 2 and "no hand to undo" in last.stderr


def test_undo_keeps_the_comments_around_the_hand(runner, tmp_path: Path) -> None:
    path = tmp_path / "evening.yaml"
    path.write_text(COMMENTED, encoding="utf-8")
    assert session(runner, path, "--undo").exit_code == 0
    assert path.read_text(encoding="utf-8") == COMMENTED.split("  - win")[0]


def test_edit_with_every_default_leaves_the_file_alone(runner, tmp_path: Path) -> None:
    path = tmp_path / "session.yaml"
    shutil.copy(EXAMPLES / "session.yaml", path)
    before = path.read_bytes()
    result = session(runner, path, "--edit", "5", answers="\n" * 8)
    assert result.exit_code == 0, result.output
    assert path.read_bytes() == before and "没有改动" in result.stderr


def test_edit_changes_only_that_hand(runner, tmp_path: Path) -> None:
    path = tmp_path / "session.yaml"
    shutil.copy(EXAMPLES / "session.yaml", path)
    before = path.read_text(encoding="utf-8").splitlines(keepends=True)
    # hand 3 was 直呲 西←北 with 西飘1: make it a 炸弹 by 西, keep the add-on, no kongs
    result = session(runner, path, "--edit", "3", "-f", "json", answers="\n炸\n\n\n\n")
    assert result.exit_code == 0, result.output
    after = path.read_text(encoding="utf-8").splitlines(keepends=True)
    changed = [i for i, (a, b) in enumerate(zip(before, after, strict=True)) if a != b]
    assert len(before) == len(after) and [after[i] for i in changed] == ["  - win: {type: bomb, winner: W}\n"]
    data = json.loads(result.stdout.strip().splitlines()[-1])
    assert data["hands"][2]["win"] == {"type": "bomb", "winner": "W", "from": None}


def test_edit_keeps_the_fields_the_prompts_do_not_ask(runner, tmp_path: Path) -> None:
    path = tmp_path / "people.yaml"
    shutil.copy(EXAMPLES / "session-people.yaml", path)
    result = session(runner, path, "--edit", "4", answers="\n\n\n\n\n")  # 续呲 东←南: change nothing but kongs
    assert result.exit_code == 0
    result = session(runner, path, "--edit", "4", answers="\n\n\n\n北暗杠\n")
    assert result.exit_code == 0, result.output
    text = path.read_text(encoding="utf-8")
    assert "  - players: {E: 小李, S: 老王, W: 张姐, N: 阿强}  # 4" not in text  # the item was rewritten...
    assert "    players: {E: 小李, S: 老王, W: 张姐, N: 阿强}" in text  # ...and its seating kept
    assert "      - {by: N, type: concealed}" in text


def test_edit_names_a_hand_that_exists(runner, tmp_path: Path) -> None:
    path = tmp_path / "flow.yaml"
    path.write_text(FLOW, encoding="utf-8")
    result = session(runner, path, "--edit", "3", "--lang", "en")
    assert result.exit_code == 2 and "no hand 3 (the ledger has 2)" in result.stderr


HANDS = [
    "\n炸\n南\n-\n-\n",  # 1 炸弹 南 (the policy is on: no add-ons, no kongs)
    "\n直\n北\n东\n南飘1\n北暗杠\n",  # 2 直呲 北←东
    "\n流\n-\n-\n",  # 3 流局
]


def test_a_played_evening_writes_the_same_ledger_as_adding_hand_by_hand(runner, tmp_path: Path) -> None:
    one_by_one, played = tmp_path / "one.yaml", tmp_path / "play.yaml"
    for path in (one_by_one, played):
        path.write_text(COMMENTED, encoding="utf-8")
    for answers in HANDS:
        assert session(runner, one_by_one, "--add", answers=answers).exit_code == 0
    # play: the hands, with a wrong hand undone, the standings and the ledger asked for on the way
    script = HANDS[0] + "：s\n" + HANDS[1] + "\n暗\n西\n-\n-\n" + "u\n" + "l\n" + HANDS[2] + "q\n"
    result = session(runner, played, "--play", "-f", "json", answers=script)
    assert result.exit_code == 0, result.output
    assert played.read_bytes() == one_by_one.read_bytes()
    assert "总排名" in result.stderr and re.search(r"已撤销 4\. \[庄.\] 暗呲 西", result.stderr), result.stderr
    assert result.stderr.count("┏") >= 1  # l: the ledger, on the terminal
    data = json.loads(result.stdout.strip().splitlines()[-1])  # q: the settle-up, on stdout
    assert len(data["hands"]) == 4


def test_end_of_input_mid_hand_keeps_the_hands_entered(runner, tmp_path: Path) -> None:
    path = tmp_path / "evening.yaml"
    path.write_text(COMMENTED, encoding="utf-8")
    result = session(runner, path, "--play", answers=HANDS[0] + "\n直\n")
    assert result.exit_code == 130
    assert path.read_text(encoding="utf-8").count("- win:") == 2  # the first, and the one played
    assert sorted(p.name for p in tmp_path.iterdir()) == ["evening.yaml"]


def test_reseating_at_the_dealer_prompt(runner, tmp_path: Path) -> None:
    path = tmp_path / "evening.yaml"
    path.write_text(COMMENTED, encoding="utf-8")
    answers = "换人 北 小赵\n换座 东 南\n老王\n炸\n小赵\n-\n-\n"  # 老王 now sits 南, the usual dealer
    result = session(runner, path, "--add", "-f", "json", answers=answers)
    assert result.exit_code == 0, result.output
    text = path.read_text(encoding="utf-8")
    assert '  - players: {E: "小李", S: "老王", W: "张姐", N: "小赵"}\n    win: {type: bomb, winner: N}\n' in text
    data = json.loads(result.stdout.strip().splitlines()[-1])
    assert {p["name"]: p["total"] for p in data["people"]}["小赵"] > 0


def test_a_seat_change_that_would_seat_someone_twice_is_refused(english, tmp_path: Path) -> None:
    path = tmp_path / "evening.yaml"
    path.write_text(COMMENTED, encoding="utf-8")
    answers = "换人 北 老王\n\n炸\n南\n-\n-\n"  # refused, then the hand as usual
    result = session(english, path, "--add", answers=answers)
    assert result.exit_code == 0 and "老王 already sits at E" in result.stderr


def test_english_reseating_and_undo_with_nothing_to_undo(english, tmp_path: Path) -> None:
    path = tmp_path / "evening.yaml"
    path.write_text("stakes: 1\ndealer: E\nplayers: {E: Wang, S: Li}\nhands:\n", encoding="utf-8")
    script = "u\nsub N Zhao\nswap E S\n\nbomb\nZhao\n-\n:s\n:q\n"
    result = session(english, path, "--play", answers=script)
    assert result.exit_code == 0, result.output
    assert "there is no hand to undo" in result.stderr
    assert '  - players: {E: "Li", S: "Wang", N: "Zhao"}\n' in path.read_text(encoding="utf-8")
    assert "Standings" in result.stderr


def test_one_ledger_change_at_a_time(english, tmp_path: Path) -> None:
    path = tmp_path / "flow.yaml"
    path.write_text(FLOW, encoding="utf-8")
    result = session(english, path, "--undo", "--edit", "1")
    assert result.exit_code == 2 and "use one of --undo, --edit at a time" in result.stderr
    assert path.read_text(encoding="utf-8") == FLOW


def test_an_edit_that_breaks_a_later_hand_is_refused_at_that_answer(runner, tmp_path: Path) -> None:
    """Hand 5 (续呲 won by 北) made a 炸弹 by 东: 东 would deal hand 6, where 东 抵一个 — refused at "who won",
    with the later hand's reason, and the answer asked again."""
    path = tmp_path / "session.yaml"
    shutil.copy(EXAMPLES / "session.yaml", path)
    result = session(runner, path, "--edit", "5", answers="\n1\n东\n北\n\n\n")
    assert result.exit_code == 0, result.output
    refusal = next(line for line in result.stderr.splitlines() if "✗" in line)
    assert "第 6 局" in refusal and "东 是庄家" in refusal
    assert result.stderr.count("谁胡的") == 2  # asked again, then 北 taken
    data = json.loads(session(runner, path, "-f", "json").stdout)
    assert data["hands"][4]["win"] == {"type": "bomb", "winner": "N", "from": None}


def test_an_edit_refused_at_the_end_offers_its_answers_again(runner, tmp_path: Path, monkeypatch) -> None:
    """Where only the whole ledger can tell (a tile claim, say), the answers are offered again as the defaults."""
    from gangci_calc.commands.session import changes
    from gangci_calc.core.errors import InputError

    path = tmp_path / "session.yaml"
    shutil.copy(EXAMPLES / "session.yaml", path)
    real = changes.write
    refused: list[str] = []

    def once(where: str, text: str, base):  # the first write is refused, as a false tile claim would be
        if not refused:
            refused.append(where)
            raise InputError(where, "the tiles do not support it")
        return real(where, text, base)

    monkeypatch.setattr(changes, "write", once)
    result = session(runner, path, "--edit", "3", answers="\n炸\n\n\n\n" + "\n" * 5)
    assert result.exit_code == 0, result.output
    assert "the tiles do not support it" in result.stderr
    assert "[炸弹]" in result.stderr  # the answers given are the defaults the second time
    assert "  - win: {type: bomb, winner: W}\n" in path.read_text(encoding="utf-8")


@pytest.mark.parametrize("width", [40, 45])
def test_play_at_a_phone_s_width_never_splits_an_amount(runner, tmp_path: Path, width: int) -> None:
    """At 40 and 45 columns each hand's line breaks between players: no line is wider, no amount is cut."""
    from rich.cells import cell_len

    path = tmp_path / "evening.yaml"
    path.write_text(
        "stakes: 1\npolicy: true\ndealer: E\nplayers: {E: 欧阳老王, S: 司马小李, W: 诸葛张姐, N: 上官阿强}\n"
        "rules: {xiami: 1000}\nhands:\n",
        encoding="utf-8",
    )
    result = session(runner, path, "--play", answers="".join(HANDS) + "q\n", env={"COLUMNS": str(width)})
    assert result.exit_code == 0, result.output
    lines = []  # a hand's line follows its last answer (no newline where the input is not echoed), then continues
    for line in result.stderr.splitlines():
        start = re.search(r"\d+\. \[庄", line)
        if start or re.match(r"^   \S", line):
            lines.append(line[start.start() :] if start else line)
    assert len(lines) > 3  # the hand lines and their continuations
    for line in lines:
        assert cell_len(line) <= width, line
    amounts = [int(a) for line in lines for a in re.findall(r"(?<![\d\w])[+-]\d+\b", line)]
    data = json.loads(session(runner, path, "-f", "json").stdout)
    shown = [v for hand in data["hands"] for v in hand["net"].values() if v]
    assert sorted(amounts) == sorted(shown)
