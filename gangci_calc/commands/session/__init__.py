"""``gangci session``: an evening's ledger shown (:mod:`.show`), changed by prompts (:mod:`.prompts`,
:mod:`.evening`) or by data as the table's page sends it (:mod:`.changes`), and its settle-up paid
(:mod:`.paying`)."""
