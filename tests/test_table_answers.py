"""The prompts' answers out of step (issue 32, items 9–11), in the fast tier: the same logic as
``tests/test_terminal_answers.py`` drives through a terminal, with the answers given at once."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from gangci_calc.cli import app
from gangci_calc.core.rules import Kong, KongType, Outcome, Seat, Win
from tests.conftest import EXAMPLES

E, S, W = Seat.E, Seat.S, Seat.W

OWN_KONGS = [  # the win, and the kong it ends with (its own G), from the table of rules.md
    (Outcome(Win.ANCI, E), Kong(E, KongType.CONCEALED)),
    (Outcome(Win.TIANCI, S), Kong(S, KongType.CONCEALED)),
    (Outcome(Win.ZHICI, E, W), Kong(E, KongType.EXPOSED, W)),
    (Outcome(Win.XUCI, W, S), Kong(W, KongType.ADDED, S)),
    (Outcome(Win.BOMB, E), None),
    (Outcome(Win.HEAVENLY, E), None),
    (Outcome(Win.DIANPAO, E, S), None),
    (Outcome(Win.QIANGGANG, E, S), None),
    (Outcome.draw(), None),
]


@pytest.mark.parametrize(("outcome", "own"), OWN_KONGS, ids=[o.win.value for o, _ in OWN_KONGS])
def test_the_winning_kong_of_each_win(outcome: Outcome, own: Kong | None) -> None:
    from gangci_calc.commands.session.prompts import winning_kong

    assert winning_kong(outcome) == own


def _ledger(tmp_path: Path) -> Path:
    path = tmp_path / "evening.yaml"
    path.write_bytes((EXAMPLES / "session-people.yaml").read_bytes())  # hand 7 next: N 阿强 deals
    return path


def _session(path: Path, flag: str, answers: str) -> tuple[int, str]:
    result = CliRunner(env={"GANGCI_LANG": "en"}).invoke(app, ["session", str(path), flag], input=answers)
    return result.exit_code, result.stderr


def test_a_dealer_change_is_confirmed_and_a_no_asks_again(tmp_path: Path) -> None:
    path = _ledger(tmp_path)
    code, said = _session(path, "--add", "小李\nn\n\nbomb\nE\n-\n")
    assert code == 0, said
    assert "Change the dealer to E 小李? (N 阿强 deals this hand) [y/N]" in said
    assert path.read_text(encoding="utf-8").endswith("  - win: {type: bomb, winner: E}\n")


def test_a_number_does_not_confirm_a_dealer_change(tmp_path: Path) -> None:
    path = _ledger(tmp_path)
    code, said = _session(path, "--add", "E\n1\ny\ndraw\n-\n")
    assert code == 0, said
    assert "'1': y or n" in said
    assert path.read_text(encoding="utf-8").endswith("  - dealer: E\n    win: {type: draw}\n")


@pytest.mark.parametrize(
    ("win", "answers", "kong"),
    [("anci", "W", "W concealed"), ("zhici", "W\nS", "W exposed S"), ("xuci", "W\nS", "W added S")],
)
def test_the_win_s_own_kong_listed_is_kept_only_when_confirmed(
    tmp_path: Path, win: str, answers: str, kong: str
) -> None:
    path = _ledger(tmp_path)
    before = path.read_text(encoding="utf-8")
    code, said = _session(path, "--add", f"\n{win}\n{answers}\n{kong}\nn\n-\n")  # no: the kongs asked again
    assert code == 0, said
    assert "not the winning kong:" in said and f"{kong} is the winning kong" in said
    assert "kongs:" not in path.read_text(encoding="utf-8")[len(before) :]
    path.write_text(before, encoding="utf-8")
    code, said = _session(path, "--add", f"\n{win}\n{answers}\n{kong}\ny\n")  # yes: there was another
    assert code == 0, said
    assert "{by: W, type: " in path.read_text(encoding="utf-8")[len(before) :]


def test_another_kong_of_the_winner_is_no_warning(tmp_path: Path) -> None:
    """A 直呲's own kong is the exposed one from the discarder: the winner's 暗杠 is another kong."""
    path = _ledger(tmp_path)
    code, said = _session(path, "--add", "\nzhici\nW\nS\nW concealed\n")
    assert code == 0, said
    assert "is the winning kong" not in said


@pytest.mark.parametrize("question", range(4))
def test_quit_at_any_question_of_play_writes_nothing(tmp_path: Path, question: int) -> None:
    path = _ledger(tmp_path)
    before = path.read_bytes()
    answers = ["", "bomb", "E", "-"]
    code, said = _session(path, "--play", "\n".join([*answers[:question], ":q"]) + "\n")
    assert code == 0, said
    assert path.read_bytes() == before


def test_an_unknown_command_is_refused_at_any_question_of_play(tmp_path: Path) -> None:
    path = _ledger(tmp_path)
    code, said = _session(path, "--play", "\nbomb\n:x\nE\n-\n:q\n")
    assert code == 0, said
    assert "no command :x; there are :u :s :l :q" in said


def test_add_takes_no_commands(tmp_path: Path) -> None:
    """Outside ``--play`` a ``:q`` is no answer: the question is asked again."""
    path = _ledger(tmp_path)
    code, said = _session(path, "--add", "\nbomb\n:q\nE\n-\n")
    assert code == 0, said
    assert path.read_text(encoding="utf-8").endswith("  - win: {type: bomb, winner: E}\n")
