"""Optional compiled build: ``GANGCI_MYPYC=1 pip install --no-build-isolation .`` (needs mypy and a C compiler).

The project's metadata is in pyproject.toml. By default the package is pure
Python; with GANGCI_MYPYC set, the hot path of bulk scoring (the rules, the
loader and the batch record scorer) is compiled with mypyc, which makes
`gangci batch` faster (the figures are in README, "Speed").
"""

import os

from setuptools import setup

COMPILED = [
    "gangci_calc/rules/seats.py",
    "gangci_calc/rules/stakes.py",
    "gangci_calc/rules/addons.py",
    "gangci_calc/rules/outcomes.py",
    "gangci_calc/rules/kongs.py",
    "gangci_calc/rules/hand.py",
    "gangci_calc/rules/payments.py",
    "gangci_calc/rules/settle.py",
    "gangci_calc/rules/table.py",
    "gangci_calc/rules/sequence.py",
    "gangci_calc/io/labels.py",
    "gangci_calc/io/fields.py",
    "gangci_calc/io/load.py",
    "gangci_calc/batch/reading.py",
    "gangci_calc/batch/scoring.py",
]

ext_modules = []
if os.environ.get("GANGCI_MYPYC"):
    from mypyc.build import mypycify

    ext_modules = mypycify(COMPILED, opt_level="3")

setup(ext_modules=ext_modules)
