"""``gangci session LEDGER --paid [TRANSFER]``: the evening's settle-up recorded as paid (已付), all or one transfer.

A transfer is named as the settle-up shows it, ``小李 张姐 3700`` (payer, payee,
amount); names may hold spaces (``Big Tom Little Tom 500``): the words are
matched against the transfers still open, never split by guessing.
"""

from __future__ import annotations

from gangci_calc.commands.service import settle_evening
from gangci_calc.commands.session import changes
from gangci_calc.core.errors import InputError
from gangci_calc.core.evening.transfers import Transfer
from gangci_calc.core.rules import SEED_RULES, HouseRules
from gangci_calc.io.ledger.ledger_edit import in_own_lines
from gangci_calc.io.ledger.ledger_paid import with_paid
from gangci_calc.io.load.load_session import load_session
from gangci_calc.io.show.labels import amount_text
from gangci_calc.words import messages as m
from gangci_calc.words import say


def transfer_text(transfer: Transfer[str]) -> str:
    """``小李 张姐 3700``: how ``--paid`` names a transfer."""
    return f"{transfer.payer} {transfer.payee} {amount_text(transfer.amount)}"


def chosen(open_transfers: tuple[Transfer[str], ...], given: str | Transfer[str] | None) -> list[Transfer[str]]:
    """The open transfers ``given`` names (its words, or the transfer itself: the page's): all of them where it is
    ``None``; an error naming ``--paid`` where it names none."""
    if given is None:
        return list(open_transfers)
    words = given.split() if isinstance(given, str) else None
    for transfer in open_transfers:
        if transfer == given or transfer_text(transfer).split() == words:
            return [transfer]
    shown = "; ".join(transfer_text(t) for t in open_transfers) or "-"
    named = given if isinstance(given, str) else transfer_text(given)
    raise InputError("--paid", say(m.PAID_NOT_OPEN, payment=named, open=shown))


def record_paid(path: str, given: str | Transfer[str] | None, base: HouseRules = SEED_RULES) -> list[Transfer[str]]:
    """Add the payments ``given`` names (all that are open, or one) to the ledger's ``paid:``; the ones added."""
    with changes.locked(path):
        session = load_session(path, base)
        dues = settle_evening(session).dues()
        payments = chosen(dues.open, given)
        if payments:
            try:
                text = in_own_lines(session.text, lambda text: with_paid(text, [*session.paid, *payments]))
            except ValueError:  # a header written as one flow mapping: no line of its own to put paid: on
                raise InputError(path, say(m.CANNOT_RECORD_PAID)) from None
            changes.write(path, text, base)
        return payments
