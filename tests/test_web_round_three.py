"""The page's "Round three" and issue 44's back doors of the 409, route by route through Starlette's TestClient;
each reproduction is one test."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from tests.conftest import EXAMPLES
from tests.test_web import ORIGIN, client_for, hands_in

BOMB = {"win": {"type": "bomb", "winner": "S"}}


@pytest.fixture
def ledger(tmp_path: Path) -> Path:
    path = tmp_path / "tonight.yaml"
    shutil.copy(EXAMPLES / "session.yaml", path)
    return path


@pytest.fixture
def client(ledger: Path) -> Iterator[TestClient]:
    with client_for(ledger) as signed_in:
        yield signed_in


# --- 44.3 (a): a number that is not the next one is refused, never renumbered ------------------------------------


def test_a_number_beyond_the_next_is_refused_saying_which_comes_next(client: TestClient, ledger: Path) -> None:
    count = hands_in(ledger)
    before = ledger.read_bytes()
    answers = [client.post("/api/hands", json={**BOMB, "number": count + 7}, headers=ORIGIN) for _ in range(3)]
    for answer in answers:
        assert answer.status_code == 409, answer.text
        body = answer.json()
        assert body["next"] == count + 1 and body["hand"] == count + 7 and body["field"] == "number"
        assert f"第 {count + 1} 局" in body["error"] and "saved" not in body
    assert ledger.read_bytes() == before
    english = client.post("/api/hands?lang=en", json={**BOMB, "number": count + 7}, headers=ORIGIN).json()
    assert f"the next is hand {count + 1}" in english["error"]
    assert client.post("/api/hands", json={**BOMB, "number": count + 1}, headers=ORIGIN).status_code == 201


def test_a_number_past_a_hand_undone_is_refused(client: TestClient, ledger: Path) -> None:
    """A phone began hand N+1; another phone undid hand N meanwhile: the save is refused, not saved as hand N."""
    count = hands_in(ledger)
    assert client.post("/api/undo", headers=ORIGIN).status_code == 200
    answer = client.post("/api/hands", json={**BOMB, "number": count + 1}, headers=ORIGIN)
    assert answer.status_code == 409 and answer.json()["next"] == count
    assert hands_in(ledger) == count - 1


# --- 44.13: null is absent ------------------------------------------------------------------------------------------


def test_a_null_number_is_absent(client: TestClient, ledger: Path) -> None:
    count = hands_in(ledger)
    answer = client.post("/api/hands", json={**BOMB, "number": None}, headers=ORIGIN)
    assert answer.status_code == 201, answer.text
    assert answer.json()["hand"] == count + 1
    assert client.post("/api/preview", json={**BOMB, "number": None}, headers=ORIGIN).status_code == 200
