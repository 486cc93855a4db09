"""The fast paths: plain records settled in bulk from the core's linear forms, a layer over ``gangci_calc.io``
and under ``gangci batch`` (``gangci_calc.commands.batch``), the API's ``score_many`` and ``arrow.py``'s
``score_batch``; it reads what the core compiles and never restates the formula.

- :mod:`.fast`: a typed decode of a plain record (msgspec), then the net from the form of its outcome;
- :mod:`.vectorised`: the same forms over Arrow columns;
- :mod:`.arrays`: Arrow arrays and scalars made from buffers;
- :mod:`.arrow_tables`: the result's Arrow schemas, a row as a record, the column path's results.
"""
