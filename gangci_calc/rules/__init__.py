"""The game's rules as a pure scoring core: frozen models in, payments out.

One module per concern: :mod:`.seats`, :mod:`.stakes` (起底), :mod:`.addons`
(飘/抵/杠), :mod:`.outcomes` (the ways a hand ends), :mod:`.kongs`,
:mod:`.table` (the table's rules: stakes, 带政策, house options),
:mod:`.hand` (the model and its rule checks), :mod:`.settle` (the settlement
table) and :mod:`.sequence` (one hand to the next: dealer, 米).
"""

from gangci_calc.rules.addons import MAX_COUNT, NO_BETS, Bets
from gangci_calc.rules.hand import NO_MI, Hand, Outcome
from gangci_calc.rules.kongs import Kong, KongType
from gangci_calc.rules.outcomes import Win
from gangci_calc.rules.payments import Amount, Charge, Doubling, Part, Payment, Role, Settlement
from gangci_calc.rules.seats import SEATS, Seat, is_seat_word, parse_seat
from gangci_calc.rules.sequence import next_dealer, next_mi
from gangci_calc.rules.settle import net, settle
from gangci_calc.rules.stakes import SCHEMES, Stakes
from gangci_calc.rules.table import SEED_RULES, DealerDouble, DrawDealer, DrawKongs, HouseRules, TableRules, ZhiciSplit

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
    "next_dealer",
    "next_mi",
    "parse_seat",
    "settle",
]
