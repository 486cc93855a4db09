"""``gangci session LEDGER --paid [TRANSFER]`` and ``--unpaid TRANSFER``: a payment (已付) recorded in the ledger's
``paid:``, or taken back.

A transfer is named as the settle-up shows it, ``小李 张姐 3700`` (payer, payee,
amount); names may hold spaces (``Big Tom Little Tom 500``): the words are
matched against the transfers still open (or the payments recorded), never
split by guessing; words that two of them read as (``A B C 200``: ``A`` pays
``B C``, or ``A B`` pays ``C``) are refused naming both, and ``--to`` /
``--amount`` name it beyond doubt. Each payment is recorded with when
(``at``), and what is still open is always :meth:`SettledSession.dues`.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from gangci_calc.commands.service import settle_evening
from gangci_calc.commands.session import changes
from gangci_calc.core.errors import InputError
from gangci_calc.core.evening.transfers import Transfer
from gangci_calc.core.rules import SEED_RULES, HouseRules
from gangci_calc.io.ledger.ledger_edit import in_own_lines
from gangci_calc.io.ledger.ledger_paid import with_paid
from gangci_calc.io.load.load_session import SessionFile, load_session
from gangci_calc.io.show.labels import amount_text
from gangci_calc.words import messages as m
from gangci_calc.words import say

Given = str | Transfer[str] | None  # words as the settle-up shows them, a transfer itself (the page's), or all


def transfer_text(transfer: Transfer[str]) -> str:
    """``小李 张姐 3700``: how ``--paid`` names a transfer."""
    return f"{transfer.payer} {transfer.payee} {amount_text(transfer.amount)}"


@dataclass(frozen=True)
class Named:
    """``--paid PAYER --to PAYEE --amount N``: a transfer named beyond doubt (the amount as typed)."""

    payer: str
    payee: str
    amount: str

    def transfer(self) -> Transfer[str]:
        from gangci_calc.core.errors import RuleError
        from gangci_calc.io.load.fields import read_paid_amount

        try:
            amount = read_paid_amount(self.amount, ("amount",))
        except RuleError as error:
            raise InputError("--amount", error.message) from None
        return Transfer(self.payer.strip(), self.payee.strip(), amount)


def matching(among: tuple[Transfer[str], ...], given: str | Transfer[str]) -> list[Transfer[str]]:
    """The transfers of ``among`` that ``given`` names, each reading once (the same transfer twice is one)."""
    if not isinstance(given, str):
        return [t for t in among if t == given][:1]
    words = given.split()
    found: list[Transfer[str]] = []
    for transfer in among:
        if transfer_text(transfer).split() == words and transfer not in found:
            found.append(transfer)
    if len(found) > 1:
        readings = "; ".join(f"{t.payer} → {t.payee} {amount_text(t.amount)}" for t in found)
        first = found[0]
        raise InputError(
            "--paid",
            say(
                m.PAID_AMBIGUOUS,
                payment=given,
                readings=readings,
                payer=first.payer,
                payee=first.payee,
                amount=amount_text(first.amount),
            ),
        )
    return found


def chosen(open_transfers: tuple[Transfer[str], ...], given: Given) -> list[Transfer[str]]:
    """The open transfers ``given`` names: all of them where it is ``None``; an error naming ``--paid`` where it
    names none, or reads two ways."""
    if given is None:
        return list(open_transfers)
    found = matching(open_transfers, given)
    if found:
        return found
    shown = "; ".join(transfer_text(t) for t in open_transfers) or "-"
    raise InputError("--paid", say(m.PAID_NOT_OPEN, payment=_said(given), open=shown))


def _said(given: str | Transfer[str]) -> str:
    """The transfer as it was given: its words, or ``A B → C 200`` (a transfer named beyond doubt)."""
    return given if isinstance(given, str) else f"{given.payer} → {given.payee} {amount_text(given.amount)}"


def now() -> str:
    """When a payment is recorded: the local time to the minute, as ISO text."""
    return datetime.now().isoformat(timespec="minutes")


def record_paid(path: str, given: Given | Named, base: HouseRules = SEED_RULES) -> list[Transfer[str]]:
    """Add the payments ``given`` names (all that are open, or one) to the ledger's ``paid:``, each with when; the
    ones added."""
    with changes.locked(path):
        session = load_session(path, base)
        dues = settle_evening(session).dues()
        payments = chosen(dues.open, given.transfer() if isinstance(given, Named) else given)
        if payments:
            times = [*_times(session), *(now() for _ in payments)]
            _write_paid(path, session, [*session.paid, *payments], times, base)
        return payments


def take_back(path: str, given: str | Transfer[str] | Named | None, base: HouseRules = SEED_RULES) -> Transfer[str]:
    """Take a payment recorded in ``paid:`` back (``--unpaid``; the page's 撤回): the last one that ``given``
    names leaves the list, and the transfer is open again."""
    with changes.locked(path):
        session = load_session(path, base)
        recorded = session.paid
        shown = "; ".join(transfer_text(t) for t in recorded) or "-"
        if given is None:
            raise InputError("--unpaid", say(m.UNPAID_NEEDS_ONE, paid=shown))
        named = given.transfer() if isinstance(given, Named) else given
        found = matching(recorded, named)
        if not found:
            raise InputError("--unpaid", say(m.PAID_NOT_RECORDED, payment=_said(named), paid=shown))
        index = max(i for i, t in enumerate(recorded) if t == found[0])
        times = _times(session)
        _write_paid(
            path, session, [*recorded[:index], *recorded[index + 1 :]], [*times[:index], *times[index + 1 :]], base
        )
        return found[0]


def _times(session: SessionFile) -> list[str | None]:
    return list(session.paid_at or (None,) * len(session.paid))


def _write_paid(
    path: str, session: SessionFile, payments: list[Transfer[str]], times: list[str | None], base: HouseRules
) -> None:
    try:
        text = in_own_lines(session.text, lambda text: with_paid(text, payments, times))
    except ValueError:  # a header written as one flow mapping: no line of its own to put paid: on
        raise InputError(path, say(m.CANNOT_RECORD_PAID)) from None
    changes.write(path, text, base)
