"""An evening's and a season's arithmetic, pure: hands already settled by :mod:`gangci_calc.core.rules`
summed into totals (:mod:`.ledger`), the dealer and 米 carried from one hand to the next (:mod:`.sequence`),
the fewest transfers that settle the totals (:mod:`.transfers`), 台费 owed (:mod:`.dues`) and a club's
season across evenings (:mod:`.club`)."""
