"""Every docstring example, run against the package as it is imported: pure Python, or the compiled build.

pytest's --doctest-modules finds examples through the functions themselves, which a
mypyc-compiled module hides; here they are read from each module's source file and
run in that module's namespace, whichever build it is.
"""

from __future__ import annotations

import ast
import doctest
import importlib
import pkgutil
from pathlib import Path

import pytest

import gangci_calc

MODULES = sorted(
    m.name for m in pkgutil.walk_packages(gangci_calc.__path__, "gangci_calc.") if m.name != "gangci_calc.__main__"
)


def source_of(name: str) -> Path:
    """A module's source file, beside it even where the module itself is compiled (``seats.cpython-311-...so``)."""
    compiled_or_not = Path(importlib.import_module(name).__file__ or "")
    return compiled_or_not.parent / (compiled_or_not.name.split(".")[0] + ".py")


def docstrings(source: str) -> list[tuple[str, str]]:
    """(name, docstring) of the module and of every class and function in it that has examples."""
    tree = ast.parse(source)
    found = [("module", ast.get_docstring(tree, clean=False))]
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            found.append((node.name, ast.get_docstring(node, clean=False)))
    return [(name, text) for name, text in found if text and ">>>" in text]


def test_there_are_examples() -> None:
    assert sum(len(docstrings(source_of(name).read_text("utf-8"))) for name in MODULES) >= 15


@pytest.mark.parametrize("name", MODULES)
def test_examples(name: str) -> None:
    module = importlib.import_module(name)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    parser = doctest.DocTestParser()
    source = source_of(name)
    for where, text in docstrings(source.read_text(encoding="utf-8")):
        runner.run(parser.get_doctest(text, dict(vars(module)), f"{name}.{where}", str(source), 0))
    assert runner.failures == 0, f"{runner.failures} failing examples in {name}"
