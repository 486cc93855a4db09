"""No dead code in the package: every name a module defines at its top is used somewhere in the package.

A function, class or constant that nothing in ``gangci_calc/`` names again (its definition the one mention) is
dead: the check CI runs for it. A name used only by tests is not dead (the API's, a renderer's); a decorated
function is registered by its decorator (a command, a route).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "gangci_calc"


def _defined(tree: ast.Module) -> list[str]:
    """The names a module defines at its top, but dunders and decorated functions."""
    names: list[str] = []
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and not node.decorator_list:
            names.append(node.name)
        elif isinstance(node, ast.Assign):
            names += [target.id for target in node.targets if isinstance(target, ast.Name)]
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.append(node.target.id)
    return [name for name in names if not name.startswith("__")]


def dead_names(root: Path = PACKAGE) -> list[str]:
    """``path name`` of each top-level name of ``root``'s modules that the package mentions only once."""
    texts = {path: path.read_text(encoding="utf-8") for path in sorted(root.rglob("*.py"))}
    words: dict[str, int] = {}
    for text in texts.values():
        for word in re.findall(r"\w+", text):
            words[word] = words.get(word, 0) + 1
    return [
        f"{path.relative_to(root)} {name}"
        for path, text in texts.items()
        for name in _defined(ast.parse(text))
        if words.get(name, 0) <= 1
    ]


def test_every_top_level_name_is_used_somewhere_in_the_package() -> None:
    assert dead_names() == []


def test_the_check_finds_a_dead_function(tmp_path: Path) -> None:
    (tmp_path / "a.py").write_text("def used():\n    pass\n\n\ndef dead():\n    used()\n", encoding="utf-8")
    (tmp_path / "b.py").write_text("X = 1\nY = X\n", encoding="utf-8")
    assert dead_names(tmp_path) == ["a.py dead", "b.py Y"]
