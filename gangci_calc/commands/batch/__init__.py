"""Bulk scoring of recorded hands: streaming in, one result per hand out, in input order.

- :mod:`.reading`: inputs (YAML streams, JSON Lines, folders, stdin) -> chunks of
  whole records -> records with their line numbers;
- :mod:`.scoring`: a record -> one output line (JSONL or CSV), identical
  records scored once;
- :mod:`.run`: the pipeline, in one process or spread over several;
- :mod:`.terminal`: the ``gangci batch`` side: output file, progress, summary.
"""

from gangci_calc.commands.batch.parquet_in import input_chunks as read_chunks
from gangci_calc.commands.batch.reading import Chunk, Record, records
from gangci_calc.commands.batch.run import Stats, run_batch
from gangci_calc.commands.batch.scoring import Scorer
from gangci_calc.core.errors import UnreadableInput

__all__ = ["Chunk", "Record", "Scorer", "Stats", "UnreadableInput", "read_chunks", "records", "run_batch"]
