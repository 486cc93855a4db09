"""``python -m gangci_calc`` runs the ``gangci`` command."""

from gangci_calc.cli import entry

entry()
