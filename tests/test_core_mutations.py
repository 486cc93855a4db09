"""A rule or a check changed in ``core/rules/`` alone is followed by every path, in the default tier.

Each case changes one rule of ``core/rules/settle.py`` (庄家翻倍, 暗杠倍数, 次风翻倍, 包次's payer, 跑, the add-on
factor) or adds one refusal to ``core/rules/hand.py``, in memory: the module's source is changed and run again in
the module itself, its functions taking the place of the old ones wherever the package holds them (its classes
are kept, so every object stays of the one class). Then ``score``, ``score_many``, ``score_batch`` and ``gangci
batch`` (with and without ``--payments``) must all say what the loader and the core's settlement say (``score`` of
a record given as another Mapping), and that must be something else than before (the change is real). A fast
path that restated a rule or a check instead of asking the core would keep the old answer on its records, and the
case would fail. (tests/test_mutations.py does the same in a copy of
the package, in other processes, under ``-O`` too: the process tier.)
"""

from __future__ import annotations

import importlib
import json
import random
import sys
import types
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import MappingProxyType
from typing import Any

import pytest

from gangci_calc.api import HandError, score, score_many
from gangci_calc.cli import app
from tests.handgen import distinct_hands

RULES: tuple[dict[str, Any] | None, ...] = (
    None,
    {"dealer_double": "all"},
    {"concealed_kong": 2},
    {"honor_ci_double": True},
    {"baoci": True},
    {"pao": {}},
    {"pao": {"unit": 50, "kong": True}},
)

# (module, the text there, what it becomes)
MUTATIONS = {
    "add-on factor (1 + 2Σ)": ("settle", "amount += unit * getattr(", "amount += 2 * unit * getattr("),
    "庄家翻倍 only when the dealer wins": (
        "settle",
        "(row.payee is hand.dealer or row.share_of is hand.dealer)",
        "row.payee is hand.dealer",
    ),
    "暗杠倍数 k + 1": (
        "settle",
        "2 * hand.rules.house.concealed_kong if",
        "(hand.rules.house.concealed_kong + 1) if",
    ),
    "次风翻倍 doubles every ci win's kong": (
        "settle",
        "row.part is Part.GANG and win is Win.TIANCI and",
        "row.part is Part.GANG and win.is_ci and",
    ),
    "包次: the share is the discarder's": (
        "settle",
        "(outcome.source, winner, part, k, None, Role.BAO, win, payer, base)",
        "(outcome.source, winner, part, k, None, Role.BAO, win, outcome.source, base)",
    ),
    "跑 × 1.5": ("settle", "coefficient = 2 * (pao.unit", "coefficient = 3 * (pao.unit"),
    "a refusal more: no 下杠 on the dealer": (
        "hand",
        "if seat_bets.di and seat is dealer:",
        "if (seat_bets.di or seat_bets.gang) and seat is dealer:",
    ),
    # issue 51's two sketches: a doubling that reads the kongs (杠上开花翻倍: a ci win's C shares x 2 when a kong was
    # made; the fast path once built an outcome's hand without its kongs), and a check coupling two counts of a
    # seat (飘 + 抵 > 4 refused; the fast path once checked each count alone)
    "杠上开花翻倍: a doubling that reads the kongs": (
        "settle",
        "    (Doubling.HONOUR_CI, _honour_doubles),\n)",
        "    (Doubling.HONOUR_CI, _honour_doubles),\n"
        "    (Doubling.DEALER, lambda hand, row: bool(hand.kongs) and row.part is Part.CI),\n)",
    ),
    "飘 + 抵 > 4 refused: a check coupling two counts": (
        "hand",
        "if seat_bets.di and seat is dealer:",
        "if seat_bets.piao + seat_bets.di > 4:\n"
        "            raise RuleError(('bets', seat.name, 'di'), say(m.DEALER_NO_DI, seat=seat_word(seat)))\n"
        "        if seat_bets.di and seat is dealer:",
    ),
}

SKETCHED = [  # the issue's own records for the two sketches, scored as plain dicts on every path
    {"stakes": 1, "dealer": "E", "policy": True, "win": {"type": "bomb", "winner": "S"},
     "bets": {"S": {"piao": 3, "di": 3}}},
    {"stakes": 2, "dealer": "E", "rules": {"dealer_double": "all"}, "win": {"type": "anci", "winner": "S"},
     "kongs": [{"by": "N", "type": "concealed"}, {"by": "S", "type": "exposed", "from": "W"}]},
]  # fmt: skip


def _records() -> list[dict[str, Any]]:
    """Hands at the house rules the mutations change, with what each needs (跑 counts, a ci tile, 包次)."""
    rng = random.Random(43)
    made = []
    for index, hand in enumerate(distinct_hands(280, seed=43)):
        rules = RULES[index % len(RULES)]
        if rules is not None:
            hand["rules"] = rules
            if "pao" in rules:
                for seat in rng.sample("ESWN", rng.randint(1, 4)):
                    hand.setdefault("bets", {}).setdefault(seat, {})["pao"] = rng.randint(0, 3)
            if "honor_ci_double" in rules:
                hand["ci"] = rng.choice(["5z", "1z", "3m", "7z"])
            if "baoci" in rules and hand["win"]["type"] == "zhici":
                hand["win"]["bao"] = True
        made.append(hand)
    return [*made, *SKETCHED]


RECORDS = _records()


def _halves(net: dict[str, Any]) -> dict[str, int]:
    return {seat: int(2 * amount) for seat, amount in net.items()}


def _scored() -> list[object]:
    """Each record's net in halves as ``score`` gives it, or "refused"."""
    found: list[object] = []
    for record in RECORDS:
        try:
            found.append(_halves(score(record, lang="en").net))
        except HandError:
            found.append("refused")
    return found


def _loaded() -> list[object]:
    """The same by the loader and the core's settlement (a record given as another Mapping goes there)."""
    found: list[object] = []
    for record in RECORDS:
        try:
            found.append(_halves(score(MappingProxyType(record), lang="en").net))
        except HandError:
            found.append("refused")
    return found


def _many() -> list[object]:
    return ["refused" if isinstance(r, HandError) else _halves(r.net) for r in score_many(RECORDS, lang="en")]


def _batched() -> list[object]:
    """``score_batch`` over the records, a batch per stakes' kind (a column has one type), rules as JSON text."""
    pa = pytest.importorskip("pyarrow")
    from gangci_calc.arrow import score_batch

    found: dict[int, object] = {}
    for mapping in (False, True):
        rows = [i for i, record in enumerate(RECORDS) if isinstance(record["stakes"], dict) is mapping]
        given = [{**RECORDS[i], "rules": json.dumps(RECORDS[i].get("rules"))} for i in rows]
        batch = pa.RecordBatch.from_struct_array(pa.array(given))
        for i, row in zip(rows, score_batch(batch, lang="en").to_pylist(), strict=True):
            found[i] = "refused" if row["error"] else {s: int(2 * row[f"net_{s}"]) for s in "ESWN"}
    return [found[i] for i in range(len(RECORDS))]


def _batch_lines(runner: Any, path: Path, *flags: str) -> list[object]:
    done = runner.invoke(app, ["batch", str(path), *flags])
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    return ["refused" if "error" in line else _halves(line["net"]) for line in lines]


@contextmanager
def mutated(name: str, old: str, new: str) -> Iterator[None]:
    """``gangci_calc.core.rules.<name>`` with ``old`` written ``new``, in memory, for the block's length."""
    module = importlib.import_module(f"gangci_calc.core.rules.{name}")
    source = Path(module.__file__ or "").read_text(encoding="utf-8")
    assert source.count(old) == 1, f"the rule to change is no longer written {old!r} in core/rules/{name}.py"
    before = dict(vars(module))
    exec(compile(source.replace(old, new), module.__file__ or "", "exec"), vars(module))
    for key, value in before.items():  # its classes stay the ones every object is of
        if isinstance(value, type):
            vars(module)[key] = value
    fresh = {id(value): vars(module)[key] for key, value in before.items() if vars(module).get(key) is not value}
    moved: list[tuple[types.ModuleType, str, object]] = []
    for other in list(sys.modules.values()):
        if other is module or not getattr(other, "__name__", "").startswith("gangci_calc"):
            continue
        for key, value in list(vars(other).items()):
            if id(value) in fresh and isinstance(value, types.FunctionType):
                moved.append((other, key, value))
                setattr(other, key, fresh[id(value)])
    try:
        yield
    finally:
        vars(module).update(before)
        for other, key, value in moved:
            setattr(other, key, value)


@pytest.fixture(scope="module")
def hands_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("mutations") / "hands.jsonl"
    path.write_text("".join(json.dumps(record) + "\n" for record in RECORDS), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def unchanged() -> list[object]:
    return _loaded()


@pytest.mark.parametrize("name", list(MUTATIONS))
def test_a_rule_or_check_changed_in_the_core_is_followed_by_every_path(
    name: str, unchanged: list[object], hands_file: Path, english: Any
) -> None:
    with mutated(*MUTATIONS[name]):
        scored = _loaded()
        assert scored != unchanged, "the mutation changed nothing: pick another"
        assert _scored() == scored
        assert _many() == scored
        assert _batched() == scored
        assert _batch_lines(english, hands_file) == scored
        assert _batch_lines(english, hands_file, "--payments") == scored
    assert _loaded() == unchanged == _scored()  # and put back
