"""What the bulk paths share besides the core: Arrow's side of ``score_batch`` and ``gangci batch``'s Parquet
(``[arrow]`` extra). No rule is written here: every hand is settled by the core, one at a time.

- :mod:`.arrow_tables`: the result's Arrow schemas, a row read as a hand record;
- :mod:`.arrays`: Arrow arrays and scalars made from buffers.
"""
