"""``next:`` (下一局): a change of the table saved before its hand, as the page saves it, read and taken over by
``gangci session``, ``--add`` and ``--play`` as by the page."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gangci_calc.commands.session import changes
from gangci_calc.commands.session.changes import with_pending
from gangci_calc.commands.session.show import session_output
from gangci_calc.io.ledger.ledger_next import with_next, without_next
from tests.conftest import EXAMPLES
from tests.test_evening import session

SEATING = {"E": "老王", "S": "小李", "W": "张姐", "N": "小赵"}


@pytest.fixture
def ledger(tmp_path: Path) -> Path:
    path = tmp_path / "tonight.yaml"
    path.write_text((EXAMPLES / "session.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    with changes.locked(path):
        changes.set_next(str(path), {"players": SEATING, "rules": {"xiami": 1000}})
    return path


def test_next_is_one_line_above_hands_and_goes_whole() -> None:
    text = "stakes: 1\ndealer: E\nnext:\n  players: {E: a}\n  stakes: 2\nhands:\n  - win: draw\n"
    assert without_next(text) == "stakes: 1\ndealer: E\nhands:\n  - win: draw\n"
    assert with_next(text, '{"stakes": 2}') == 'stakes: 1\ndealer: E\nnext: {"stakes": 2}\nhands:\n  - win: draw\n'
    flow = "{stakes: 1, dealer: E, hands: []}\n"  # one flow mapping (JSON): the pair goes before hands
    assert with_next(flow, '{"stakes": 2}') == '{stakes: 1, dealer: E, "next": {"stakes": 2}, hands: []}\n'
    assert without_next(with_next(flow, '{"stakes": 2}')) == flow
    with pytest.raises(ValueError):
        with_next("{stakes: 1, dealer: E}\n", "{}")


def test_session_reads_it_for_the_next_hand_only(ledger: Path) -> None:
    data = json.loads(session_output(str(ledger), "json", "zh"))
    assert all(hand["players"]["N"] == "阿强" for hand in data["hands"])  # no hand played under it yet
    assert "下一局" in session_output(str(ledger), "text", "zh")
    assert "next hand" in session_output(str(ledger), "text", "en")


def test_a_bad_next_is_located(tmp_path: Path, runner) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("stakes: 1\ndealer: E\nnext: {stakes: lots}\nhands:\n", encoding="utf-8")
    result = session(runner, path)
    assert result.exit_code == 2 and ":3:" in result.stderr and "Traceback" not in result.stderr


@pytest.mark.parametrize(("how", "answers"), [("--add", "\n流\n\n\n\n\n"), ("--play", "\n流\n\n\n:q\n")])
def test_the_next_hand_at_the_prompts_takes_it_over(ledger: Path, runner, how: str, answers: str) -> None:
    added = session(runner, ledger, how, answers=answers)
    assert added.exit_code == 0, added.output
    data = json.loads(session_output(str(ledger), "json", "zh"))
    assert data["hands"][-1]["players"] == SEATING and data["hands"][-1]["rules"]["xiami"] == 1000
    assert "\nnext:" not in ledger.read_text(encoding="utf-8")  # the header's is gone (the hand notes it for undo)


def test_a_later_change_merges_with_one_saved(ledger: Path) -> None:
    with changes.locked(ledger):
        changes.set_next(str(ledger), {"rules": {"baoci": False}, "stakes": 2})
    text = ledger.read_text(encoding="utf-8")
    assert text.count("next:") == 1
    nxt = changes.load_session(str(ledger)).upcoming
    assert nxt is not None and set(nxt.given) == {"players", "rules", "stakes"}
    assert nxt.given["rules"] == {"xiami": 1000, "baoci": False}


NAMES = st.sampled_from(["老王", "小李", "张姐", "阿强", "小赵", "老周"])
CHANGES = st.fixed_dictionaries(
    {},
    optional={
        "players": st.dictionaries(st.sampled_from("ESWN"), NAMES, min_size=1),
        "stakes": st.sampled_from([1, 2]),
        "rules": st.dictionaries(st.sampled_from(["baoci", "xiami"]), st.sampled_from([0, 1000, True, False])),
    },
)


@given(CHANGES, CHANGES)
@settings(max_examples=40, deadline=None)
def test_a_hand_s_own_fields_win_over_the_change_saved_for_it(pending: dict, own: dict) -> None:
    merged = with_pending(pending, own)
    assert set(merged) == set(pending) | set(own)
    for key, value in own.items():
        if key == "rules" and "rules" in pending:
            assert merged["rules"] == {**pending["rules"], **value}
        else:
            assert merged[key] == value
    for key in set(pending) - set(own):
        assert merged[key] == pending[key]
