"""The game's rules as a pure scoring core: frozen models in, payments out.

One module per concern: :mod:`.seats`, :mod:`.stakes` (起底), :mod:`.addons`
(飘/抵/杠), :mod:`.outcomes` (the ways a hand ends), :mod:`.kongs`,
:mod:`.table` (the table's rules: stakes, 带政策, house options),
:mod:`.hand` (the model and its rule checks), :mod:`.settle` (the settlement
table); one hand to the next (dealer, 米) is the evening's: :mod:`gangci_calc.core.evening.sequence`.
"""

from gangci_calc.core.rules.addons import MAX_COUNT, NO_BETS, Bets
from gangci_calc.core.rules.hand import NO_MI, Hand, Outcome
from gangci_calc.core.rules.kongs import Kong, KongType
from gangci_calc.core.rules.outcomes import Win
from gangci_calc.core.rules.payments import Amount, Charge, Doubling, Part, Payment, Role, Settlement
from gangci_calc.core.rules.seats import SEATS, Seat, is_seat_word, parse_seat
from gangci_calc.core.rules.settle import net, settle
from gangci_calc.core.rules.stakes import SCHEMES, Stakes
from gangci_calc.core.rules.table import (
    SEED_RULES,
    DealerDouble,
    DrawDealer,
    DrawKongs,
    HouseRules,
    TableRules,
    ZhiciSplit,
)

__all__ = [
    "MAX_COUNT",
    "NO_BETS",
    "NO_MI",
    "SCHEMES",
    "SEATS",
    "SEED_RULES",
    "Amount",
    "Bets",
    "Charge",
    "DealerDouble",
    "Doubling",
    "DrawDealer",
    "DrawKongs",
    "Hand",
    "HouseRules",
    "Kong",
    "KongType",
    "Outcome",
    "Part",
    "Payment",
    "Role",
    "Seat",
    "Settlement",
    "Stakes",
    "TableRules",
    "Win",
    "ZhiciSplit",
    "is_seat_word",
    "net",
    "parse_seat",
    "settle",
]
