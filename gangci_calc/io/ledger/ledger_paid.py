"""A ledger's ``paid:`` (已付) written: the payments of the settle-up made, one flow list in the header.

The list is written whole each time, on one line of its own, where the key
was (or just before ``hands:``); every other byte of the ledger is kept.

>>> from gangci_calc.core.evening.transfers import Transfer
>>> print(with_paid("dealer: E\\nhands:\\n  - {win: {type: draw}}\\n", [Transfer("小李", "张姐", 3700)]), end="")
dealer: E
paid: [{from: "小李", to: "张姐", amount: 3700}]
hands:
  - {win: {type: draw}}
"""

from __future__ import annotations

import json
from collections.abc import Sequence

import yaml

from gangci_calc.core.evening.transfers import Transfer
from gangci_calc.core.rules import Amount
from gangci_calc.io.load.boundary import Loader
from gangci_calc.io.load.schema import normalize_key


def paid_flow(payments: Sequence[Transfer[str]], times: Sequence[str | None] = (), *, as_json: bool = False) -> str:
    """``[{from: "小李", to: "张姐", amount: 3700, at: "2026-12-04T21:30"}]``: names JSON-quoted, a half as text
    (``"1850.5"``), ``at`` (when it was recorded) where ``times`` gives it."""

    def amount(value: Amount) -> str:
        if isinstance(value, int) or value.denominator == 1:
            return str(int(value))
        return f'"{value.numerator // 2}.5"'  # a half: the loader reads it back as text (no floats)

    def key(name: str) -> str:  # a ledger written as JSON stays JSON: its keys quoted
        return f'"{name}"' if as_json else name

    def item(index: int, p: Transfer[str]) -> str:
        at = times[index] if index < len(times) else None
        fields = [
            f"{key('from')}: {json.dumps(p.payer, ensure_ascii=False)}",
            f"{key('to')}: {json.dumps(p.payee, ensure_ascii=False)}",
            f"{key('amount')}: {amount(p.amount)}",
            *([f"{key('at')}: {json.dumps(at)}"] if at else []),
        ]
        return "{" + ", ".join(fields) + "}"

    return "[" + ", ".join(item(index, p) for index, p in enumerate(payments)) + "]"


def with_paid(text: str, payments: Sequence[Transfer[str]], times: Sequence[str | None] = ()) -> str:
    """The ledger's text with its ``paid:`` set to ``payments`` (a ledger in block style: the header's keys one per
    line; one written as a single flow mapping, JSON: the pair ``"paid": [...]`` before ``"hands"``)."""
    root = yaml.compose(text, Loader=Loader)
    if isinstance(root, yaml.MappingNode) and root.flow_style:
        from gangci_calc.io.ledger.ledger_next import with_key_before_hands

        return with_key_before_hands(text, "paid", paid_flow(payments, times, as_json=True))
    if not isinstance(root, yaml.MappingNode):
        raise ValueError("the ledger's header is not one key per line")
    line = f"paid: {paid_flow(payments, times)}\n"
    for key, value in root.value:
        if normalize_key(str(key.value)) == "paid":
            start = text.rfind("\n", 0, key.start_mark.index) + 1
            end = text.find("\n", value.end_mark.index - 1 if value.end_mark.index else 0)
            end = len(text) if end < 0 else end + 1
            if isinstance(value, yaml.SequenceNode) and not value.flow_style:  # a block list ends where the next
                end = value.end_mark.index  # key's line starts
                end = text.rfind("\n", 0, end) + 1 if end < len(text) else len(text)
            return text[:start] + line + text[end:]
    hands = next((key for key, _ in root.value if normalize_key(str(key.value)) == "hands"), None)
    if hands is None:
        return text + ("" if text.endswith("\n") or not text else "\n") + line
    start = text.rfind("\n", 0, hands.start_mark.index) + 1
    return text[:start] + line + text[start:]
