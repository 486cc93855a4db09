"""Plain records settled in bulk from the core's linear forms: a library layer under ``gangci batch``, the API's
``score_many`` and ``arrow.py``'s ``score_batch``.

- :mod:`.fast`: a typed decode of a plain record (msgspec), then the net from the form of its outcome;
- :mod:`.vectorised`: the same forms over Arrow columns;
- :mod:`.arrays`: Arrow arrays and scalars made from buffers.
"""
