"""A ledger changed in place: appended, edited, its tail kept, under its lock, replaced whole or not at all."""
