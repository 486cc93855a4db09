"""Without the ``[arrow]`` extra, every way to Parquet ends in one line saying what to install, exit status 2,
and no file: never gangci's internal error (``-o x.parquet`` was one: its module imports pyarrow)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import EXAMPLES

# pyarrow made unimportable in the child, as on an install without the extra (find_spec says None too)
HIDDEN = "import sys; sys.modules['pyarrow'] = None; from gangci_calc.cli import entry; sys.argv[0] = 'gangci'; entry()"
BROKEN = (  # pyarrow there but failing to import (a shared library gone): the same line
    "import sys\n"
    "class Broken:\n"
    "    def find_spec(self, name, path=None, target=None):\n"
    "        if name == 'pyarrow': raise ImportError('libarrow.so: cannot open shared object file')\n"
    "sys.meta_path.insert(0, Broken())\n"
    "from gangci_calc.cli import entry; sys.argv[0] = 'gangci'; entry()"
)
PLATFORM = EXAMPLES / "batch" / "platform.jsonl"


@pytest.mark.parametrize(
    "args",
    [
        ["batch", str(PLATFORM), "-o", "{out}"],  # Parquet out from JSON Lines
        ["batch", str(EXAMPLES / "batch" / "table3.yaml"), "-o", "{out}", "--payments"],
        ["batch", "{parquet}"],  # Parquet in
        ["schema", "result", "--arrow"],
    ],
    ids=["out", "out-payments", "in", "schema"],
)
@pytest.mark.parametrize("child", [HIDDEN, BROKEN], ids=["missing", "broken"])
def test_parquet_without_pyarrow_says_what_to_install(tmp_path: Path, args: list[str], child: str) -> None:
    out, parquet = tmp_path / "out.parquet", tmp_path / "hands.parquet"
    parquet.write_bytes(b"PAR1")  # a name is enough: it is refused before it is read
    argv = [arg.format(out=out, parquet=parquet) for arg in args]
    done = subprocess.run(
        [sys.executable, "-c", child, *argv, "--lang", "en"], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 2, done.stderr
    assert done.stderr.strip().count("\n") == 0 and "pip install '.[arrow]'" in done.stderr, done.stderr
    assert "internal error" not in done.stderr and done.stdout == ""
    assert not out.exists()
