from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest
from hypothesis import settings
from typer.testing import CliRunner

# CI machines are shared and slow at times: no per-example deadline there, and the same examples every run.
settings.register_profile("ci", deadline=None, derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")

# the ledgers' tails (io/ledger/ledger_tail.py) go to a folder of the test run's own, never the user's cache
os.environ.setdefault("GANGCI_CACHE_DIR", tempfile.mkdtemp(prefix="gangci-cache-"))

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


@pytest.fixture
def write(tmp_path: Path):
    """Write a file in a temporary folder and return its path as a string."""

    def _write(text: str, name: str = "hand.yaml") -> str:
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        return str(path)

    return _write


@pytest.fixture
def english() -> CliRunner:
    """A runner for tests that read messages: the user chose English (GANGCI_LANG), labels included."""
    return CliRunner(env={"GANGCI_LANG": "en"})
