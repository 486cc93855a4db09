from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from typer.testing import CliRunner

# Hypothesis, set on purpose for every property test: the tests run on two busy workers (xdist), so a
# timing is noise, not a finding. No per-example deadline and no too_slow check: a property test that
# builds whole files or sessions per example is slow by design. The checks about the data itself
# (filter_too_much, data_too_large, ...) stay on. On CI the examples are also the same every run.
_QUIET_ON_TIME = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow]}
settings.register_profile("gangci", **_QUIET_ON_TIME)
settings.register_profile("ci", derandomize=True, print_blob=True, **_QUIET_ON_TIME)
# CI's coverage run repeats the fast tier's properties only to see which lines run: a few examples do
settings.register_profile("coverage", max_examples=10, derandomize=True, **_QUIET_ON_TIME)
settings.load_profile(os.environ.get("GANGCI_HYPOTHESIS") or ("ci" if os.environ.get("CI") else "gangci"))


def examples(count: int) -> int:
    """A property test's example count: as written, or a tenth under the coverage profile."""
    return max(5, count // 10) if os.environ.get("GANGCI_HYPOTHESIS") == "coverage" else count


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


@pytest.fixture
def ledger(tmp_path: Path) -> Path:
    """Tonight's ledger: a copy of examples/session.yaml (a test module may keep a ledger of its own)."""
    import shutil

    path = tmp_path / "tonight.yaml"
    shutil.copy(EXAMPLES / "session.yaml", path)
    return path


@pytest.fixture
def client(ledger: Path) -> Iterator[Any]:
    """The page of tonight's ledger, signed in (Starlette's TestClient: tests/test_web.py ``client_for``)."""
    from tests.test_web import client_for

    with client_for(ledger) as signed_in:
        yield signed_in
