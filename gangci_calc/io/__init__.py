"""Files in and results out, over the pure core: :mod:`.load` reads hands, sessions, answers and the config
with every value's position; :mod:`.ledger` changes a ledger in place (appended, edited, locked, replaced whole);
:mod:`.show` renders for people (tables, --explain, the chat's text) and :mod:`.export` for machines (the format
registry, JSON, CSV, batch's lines, the JSON Schemas). It imports ``gangci_calc.core`` and the vocabulary, never
``fastpath``, ``commands`` or the package's top."""
