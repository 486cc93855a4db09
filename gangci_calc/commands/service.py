"""The settle service: the one way every front end goes from a loaded hand or evening to its settled result.

``score``, ``session`` (and ``--add``, ``--play``), the Python API and batch's
loader path all call it, so "check the tiles, then settle" is written once:

- :func:`false_claim`: why a hand's ``tiles:`` do not support its claim, or ``None``;
- :func:`settle_hand`: a loaded hand, its claim checked, settled;
- :func:`settle_evening`: a loaded session, every claim checked (all false ones
  reported at once), settled whole with its people and settle-up.

A false claim raises :class:`~gangci_calc.core.errors.ClaimRejected`, whose
``problems`` hold ``(hand number or None, reason)`` for front ends that
locate it their own way (the API's ``hands[2].tiles``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gangci_calc.core.errors import ClaimRejected
from gangci_calc.core.rules import Settlement, settle
from gangci_calc.words import Said, say
from gangci_calc.words import messages as m

if TYPE_CHECKING:
    from gangci_calc.io.load.load import LoadedHand
    from gangci_calc.io.load.load_session import SessionFile, SettledSession


def false_claim(loaded: LoadedHand) -> Said | None:
    """Why the hand's tiles do not support the win it claims; ``None`` when they do, or when no tiles are given."""
    if loaded.tiles is None:
        return None
    from gangci_calc.core.tiles.claims import why_false

    return why_false(loaded.hand, loaded.tiles)


def settle_hand(loaded: LoadedHand, *, check: bool = True) -> Settlement:
    """One hand: its claim checked against its tiles (``check``), then settled."""
    problem = false_claim(loaded) if check else None
    if problem is not None:
        raise ClaimRejected(say(m.WHERE_WHAT, where=loaded.source, what=problem), problems=((None, problem),))
    settlement = settle(loaded.hand)
    if check and loaded.tiles is not None:  # checked above, and it held
        return settlement.checked()
    return settlement


def check_claims(session: SessionFile) -> None:
    """Refuse an evening in which any hand's tiles do not support its claim (all of them named at once)."""
    found = [(item, problem) for item in session.hands if (problem := false_claim(item.loaded)) is not None]
    if found:
        lines = [
            say(m.WHERE_WHAT, where=item.loaded.source, what=say(m.HAND_N_FALSE, n=item.number, problem=problem))
            for item, problem in found
        ]
        raise ClaimRejected(*lines, problems=tuple((item.number, problem) for item, problem in found))


def settle_evening(session: SessionFile, *, check: bool = True, before: SettledSession | None = None) -> SettledSession:
    """A whole evening: every claim checked (``check``), then every hand settled in order; whole or not at all.

    ``before``: the same evening settled when it had fewer hands (a ledger that only grew since): its hands are
    not settled again.
    """
    from gangci_calc.core.evening.ledger import settle_hands  # an evening's arithmetic: not loaded for one hand
    from gangci_calc.io.load.load_session import SettledSession

    if check:
        check_claims(session)
    hands = [item.loaded.hand for item in session.hands]
    known = []
    if before is not None:
        for old, new in zip(before.hands, session.hands, strict=False):
            if old.hand.loaded.hand != new.loaded.hand:
                break
            known.append(old.settlement)
    settled = SettledSession.of(session, settle_hands(hands, [item.loaded.names for item in session.hands], known))
    if session.paid:
        check_paid(settled)
    return settled


def check_paid(settled: SettledSession) -> None:
    """Refuse a ``paid:`` payment that names somebody who is not a person of the evening (a name mistyped)."""
    from gangci_calc.core.errors import RuleError
    from gangci_calc.core.evening.ledger import person_name
    from gangci_calc.io.load.load import located

    people = [person_name(who) for who, _ in settled.people]
    for index, payment in enumerate(settled.session.paid):
        for key, name in (("from", payment.payer), ("to", payment.payee)):
            if name not in people:
                error = RuleError(("paid", index, key), say(m.PAID_NOT_A_PERSON, name=name, people=" ".join(people)))
                raise located(error, settled.session.source, settled.session.text)
