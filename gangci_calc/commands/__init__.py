"""What each ``gangci`` command does, one module or folder a command: :mod:`.score`, :mod:`.session`
(the ledger at the table: its prompts, ``--add``/``--edit``/``--undo``, ``--paid``), :mod:`.batch`,
:mod:`.web` (``gangci serve``, the table's page), :mod:`.history` and :mod:`.referee` (``check``,
``waits``, ``dice``). :mod:`.service` is the one settle service they and the Python API call.
They read and write through ``gangci_calc.io`` and score in bulk through ``gangci_calc.fastpath``;
only :mod:`.process` (the process ``gangci_calc.cli`` runs them in) turns their errors into exit statuses.
"""
