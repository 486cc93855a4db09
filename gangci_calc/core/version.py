"""The package's version, kept at the bottom of the layers so that every layer may read it (an error's report
names it); ``gangci_calc.__version__`` and the built package's metadata read it from here."""

VERSION = "0.1.0"
