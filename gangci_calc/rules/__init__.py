"""The game's rules as a pure scoring core: frozen models in, payments out.

One module per concern: :mod:`.seats`, :mod:`.stakes` (起底), :mod:`.addons`
(飘/抵/杠), :mod:`.outcomes` (the seven ways a hand ends), :mod:`.kongs`,
:mod:`.hand` (the model and its rule checks) and :mod:`.settle` (the
settlement table).
"""

from gangci_calc.rules.addons import MAX_COUNT, NO_BETS, Bets
from gangci_calc.rules.hand import Hand, Outcome
from gangci_calc.rules.kongs import Kong, KongType
from gangci_calc.rules.outcomes import Win
from gangci_calc.rules.payments import Amount, Charge, Part, Payment, Role, Settlement
from gangci_calc.rules.seats import SEATS, Seat, parse_seat
from gangci_calc.rules.settle import net, settle
from gangci_calc.rules.stakes import SCHEMES, Stakes

__all__ = [
    "MAX_COUNT",
    "NO_BETS",
    "SCHEMES",
    "SEATS",
    "Amount",
    "Bets",
    "Charge",
    "Hand",
    "Kong",
    "KongType",
    "Outcome",
    "Part",
    "Payment",
    "Role",
    "Seat",
    "Settlement",
    "Stakes",
    "Win",
    "net",
    "parse_seat",
    "settle",
]
