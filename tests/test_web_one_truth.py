"""The page's evening is a function of the ledger's bytes: after any sequence of changes, by phones, the terminal
or an editor, ``GET /api/evening`` is ``gangci session FILE --format json`` of the file (the version aside).

The long run is ``pytest -m slow`` (GANGCI_TRIALS sets its size)."""

from __future__ import annotations

import contextlib
import json
import os
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from gangci_calc.commands.session import changes
from gangci_calc.commands.session.show import session_output
from gangci_calc.core.errors import GangciError
from tests.test_web import ORIGIN, client_for

TRIALS = int(os.environ.get("GANGCI_TRIALS", "200"))
ONE_HAND = """stakes: 1
dealer: E
players: {E: 老王, S: 小李, W: 张姐, N: 阿强}
hands:
  - win: {type: bomb, winner: S}
"""


def the_file_says(ledger: Path) -> dict[str, Any]:
    found: dict[str, Any] = json.loads(session_output(str(ledger), "json", "zh"))
    return found


def the_page_says(client: TestClient) -> dict[str, Any]:
    answer = client.get("/api/evening")
    assert answer.status_code == 200, answer.text
    found: dict[str, Any] = answer.json()
    assert isinstance(found.pop("version"), int)
    return found


def bomb(seat: str) -> dict[str, Any]:
    return {"win": {"type": "bomb", "winner": seat}}


def test_the_four_calls_of_the_issue_leave_the_page_equal_to_the_file(tmp_path: Path) -> None:
    """Add hand 2, undo it, add the same hand 2 again, add hand 3: the page counted hand 2 twice (4 hands, next 5)
    and refused the next hand it offered."""
    ledger = tmp_path / "tonight.yaml"
    ledger.write_text(ONE_HAND, encoding="utf-8")
    with client_for(ledger) as client:
        steps = [
            ("POST", "/api/hands", {**bomb("E"), "number": 2}, 201),
            ("POST", "/api/undo", None, 200),
            ("POST", "/api/hands", {**bomb("E"), "number": 2}, 201),
            ("POST", "/api/hands", {**bomb("W"), "number": 3}, 201),
        ]
        for method, path, body, status in steps:
            answer = client.request(method, path, json=body, headers=ORIGIN)
            assert answer.status_code == status, answer.text
            assert the_page_says(client) == the_file_says(ledger)
        evening = the_page_says(client)
        assert len(evening["hands"]) == 3 and evening["next"]["number"] == 4
        offered = {**bomb("N"), "number": evening["next"]["number"]}
        assert client.post("/api/hands", json=offered, headers=ORIGIN).status_code == 201
        assert the_page_says(client) == the_file_says(ledger)
        assert len(the_file_says(ledger)["hands"]) == 4


def test_a_file_put_back_byte_for_byte_is_the_same_version_and_evening(tmp_path: Path) -> None:
    ledger = tmp_path / "tonight.yaml"
    ledger.write_bytes(ONE_HAND.encode())
    with client_for(ledger) as client:
        first = client.get("/api/evening").json()
        ledger.write_bytes(ONE_HAND.encode() + b"  - win: {type: draw}\n")
        second = client.get("/api/evening").json()
        ledger.write_bytes(ONE_HAND.encode())
        again = client.get("/api/evening").json()
    assert second["version"] != first["version"] and len(second["hands"]) == 2
    assert again == first


def test_an_edit_in_place_keeping_size_and_mtime_is_seen(tmp_path: Path) -> None:
    """The version is the bytes' own: a write that keeps the file's inode, size and mtime is still a change."""
    ledger = tmp_path / "tonight.yaml"
    ledger.write_bytes(ONE_HAND.encode())
    with client_for(ledger) as client:
        assert the_page_says(client)["hands"][0]["win"]["winner"] == "S"
        info = ledger.stat()
        with open(ledger, "r+b") as handle:  # S -> N in place: same size
            text = handle.read()
            handle.seek(0)
            handle.write(text.replace(b"winner: S}", b"winner: N}"))
        os.utime(ledger, ns=(info.st_atime_ns, info.st_mtime_ns))
        assert the_page_says(client) == the_file_says(ledger)
        assert the_page_says(client)["hands"][0]["win"]["winner"] == "N"


class Table:
    """A ledger with a page on it, and every kind of writer the evening has."""

    HANDS = [bomb(seat) for seat in "ESWN"] + [
        {"win": {"type": "draw"}},
        {"win": {"type": "zhici", "winner": "W", "from": "S"}},
        {"win": {"type": "anci", "winner": "N"}, "bets": {"E": {"di": 1}}},
    ]

    LONGEST = 30  # hands

    def __init__(self, ledger: Path, client: TestClient, rng: random.Random) -> None:
        self.ledger, self.client, self.rng = ledger, client, rng
        self.last_posted: dict[str, Any] | None = None
        self.undone: dict[str, Any] | None = None
        self.seen_version: int | None = None

    def hand(self) -> dict[str, Any]:
        return json.loads(json.dumps(self.rng.choice(self.HANDS)))  # a copy: the body is changed by the call

    def count(self) -> int:
        return len(the_file_says(self.ledger)["hands"])

    def post(self, number: int | None) -> None:
        body = {**self.hand(), "number": number}
        self.last_posted = body
        self.client.post("/api/hands", json=body, headers=ORIGIN)

    def page_add(self) -> None:
        self.post(self.client.get("/api/evening").json()["next"]["number"])

    def page_add_stale(self) -> None:
        self.post(max(1, self.count() + self.rng.choice([-2, -1, 0, 2])))

    def page_resend(self) -> None:
        if self.last_posted is not None:
            self.client.post("/api/hands", json=dict(self.last_posted), headers=ORIGIN)

    def page_undo(self) -> None:
        evening = self.client.get("/api/evening").json()
        headers = {**ORIGIN, "If-Match": f'"{evening["version"]}"'} if self.rng.random() < 0.5 else ORIGIN
        if evening["hands"]:
            self.undone = {**evening["hands"][-1], "number": evening["next"]["number"] - 1}
        self.client.post("/api/undo", headers=headers)

    def page_reenter(self) -> None:
        """The hand just undone, entered again at the number it had."""
        if self.undone is not None:
            body = {key: value for key, value in self.undone.items() if key in ("win", "bets", "kongs", "number")}
            self.client.post("/api/hands", json=body, headers=ORIGIN)

    def page_undo_and_reenter(self) -> None:
        """A phone saves a hand, undoes it and enters the identical hand again, every page looking between."""
        self.page_add()
        self.client.get("/api/evening")
        self.client.post("/api/undo", headers=ORIGIN)
        self.client.get("/api/evening")
        if self.last_posted is not None:
            self.client.post("/api/hands", json=dict(self.last_posted), headers=ORIGIN)

    def page_edit(self) -> None:
        count = self.count()
        if count:
            number = self.rng.randint(1, count)
            version = self.seen_version if self.rng.random() < 0.3 else None
            headers = {**ORIGIN, "If-Match": f'"{version}"'} if version is not None else ORIGIN
            self.client.put(f"/api/hands/{number}", json=self.hand(), headers=headers)

    def page_table(self) -> None:
        self.client.post("/api/table", json={"stakes": self.rng.choice([1, 2])}, headers=ORIGIN)

    def terminal(self, change: Callable[[], object]) -> None:
        with contextlib.suppress(GangciError), changes.locked(self.ledger):  # an undo of nothing: as the CLI says
            change()

    def terminal_add(self) -> None:
        self.terminal(lambda: changes.add_data(str(self.ledger), self.hand()))

    def terminal_undo(self) -> None:
        self.terminal(lambda: changes.remove_last(str(self.ledger)))

    def terminal_edit(self) -> None:
        count = self.count()
        if count:
            number = self.rng.randint(1, count)
            self.terminal(lambda: changes.replace_data(str(self.ledger), number, self.hand()))

    def editor_append(self) -> None:
        """A hand typed at the end of the file in an editor, written in place."""
        with open(self.ledger, "a", encoding="utf-8") as handle:
            handle.write(f"  - win: {{type: bomb, winner: {self.rng.choice('ESWN')}}}\n")

    def step(self) -> str:
        if self.count() > self.LONGEST:  # an evening's length: undo back, so a step costs what a real one does
            move = self.rng.choice([self.page_undo, self.terminal_undo])
            move()
            return move.__name__
        moves: list[Callable[[], None]] = [
            self.page_add,
            self.page_add,
            self.page_add_stale,
            self.page_resend,
            self.page_undo,
            self.page_reenter,
            self.page_undo_and_reenter,
            self.page_edit,
            self.page_table,
            self.terminal_add,
            self.terminal_undo,
            self.terminal_edit,
            self.editor_append,
        ]
        move = self.rng.choice(moves)
        move()
        return move.__name__


@pytest.mark.parametrize("seed", range(4))
def test_every_sequence_of_changes_leaves_the_page_equal_to_the_file(tmp_path: Path, seed: int) -> None:
    ledger = tmp_path / "tonight.yaml"
    ledger.write_text(ONE_HAND, encoding="utf-8")
    rng = random.Random(seed)
    done: list[str] = []
    with client_for(ledger) as client:
        table = Table(ledger, client, rng)
        for _ in range(TRIALS // 2):
            done.append(table.step())
            page = the_page_says(client)
            assert page == the_file_says(ledger), f"seed {seed}, after {done}"
            table.seen_version = client.get("/api/evening").json()["version"]


@pytest.mark.slow
def test_thousands_of_steps_leave_the_page_equal_to_the_file(tmp_path: Path) -> None:
    ledger = tmp_path / "tonight.yaml"
    ledger.write_text(ONE_HAND, encoding="utf-8")
    rng = random.Random(TRIALS)
    done: list[str] = []
    with client_for(ledger) as client:
        table = Table(ledger, client, rng)
        for _ in range(TRIALS * 25):
            done.append(table.step())
            assert the_page_says(client) == the_file_says(ledger), f"after {done[-20:]}"
            table.seen_version = client.get("/api/evening").json()["version"]


# --- one edit form, one version -----------------------------------------------------------------------------------


def test_an_edit_over_a_hand_changed_since_the_form_opened_is_412_with_the_hand_saved_now(tmp_path: Path) -> None:
    ledger = tmp_path / "tonight.yaml"
    ledger.write_text(ONE_HAND, encoding="utf-8")
    with client_for(ledger) as a, client_for(ledger) as b:
        opened = a.get("/api/hands/1").json()  # phone A opens hand 1's form
        seen_by_b = b.get("/api/hands/1").json()
        assert b.put("/api/hands/1", json=bomb("W"), headers={**ORIGIN, "If-Match": f'"{seen_by_b["version"]}"'})
        later = a.put("/api/hands/1", json=bomb("N"), headers={**ORIGIN, "If-Match": f'"{opened["version"]}"'})
        assert later.status_code == 412, later.text
        body = later.json()
        assert body["hand"] == 1 and body["saved"]["hand"]["win"] == {"type": "bomb", "winner": "W"}
        assert body["version"] == a.get("/api/evening").json()["version"]
    assert the_file_says(ledger)["hands"][0]["win"]["winner"] == "W"
