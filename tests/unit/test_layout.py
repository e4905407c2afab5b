"""The package's floors: core, storage, views, shell, each importing only the floors above
it (README, "The code"); i18n serves them all."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).parent.parent / "callbreak_score"
FLOORS = ("core", "storage", "views", "shell")


def imported(path: Path) -> set[str]:
    """The callbreak_score modules a file imports, at module level or inside a function."""
    floor = path.parent.name
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level == 0 and node.module and node.module.startswith("callbreak_score"):
                found.add(node.module)
            elif node.level == 1:
                found.add(f"callbreak_score.{floor}.{node.module or ''}".rstrip("."))
            elif node.level > 1:
                found.add(f"callbreak_score.{node.module or ''}".rstrip("."))
        elif isinstance(node, ast.Import):
            found |= {a.name for a in node.names if a.name.startswith("callbreak_score")}
    return found


def test_every_module_lives_on_a_floor() -> None:
    loose = sorted(p.name for p in PACKAGE.glob("*.py"))
    assert loose == ["__init__.py", "__main__.py", "catalogs.py", "i18n.py"]
    for floor in FLOORS:
        assert (PACKAGE / floor / "__init__.py").is_file()


def test_each_floor_imports_only_the_floors_above_it() -> None:
    wrong = []
    for rank, floor in enumerate(FLOORS):
        allowed = {f"callbreak_score.{f}" for f in FLOORS[:rank + 1]} | {
            "callbreak_score.i18n"}
        for path in sorted((PACKAGE / floor).glob("*.py")):
            for module in imported(path):
                if not any(module == a or module.startswith(a + ".") for a in allowed):
                    wrong.append(f"{floor}/{path.name} imports {module}")
    assert wrong == []


def test_the_check_sees_a_wrong_import(tmp_path) -> None:
    (tmp_path / "core").mkdir()
    bad = tmp_path / "core" / "m.py"
    bad.write_text("def f():\n    from callbreak_score.shell import cli\n", encoding="utf-8")
    assert imported(bad) == {"callbreak_score.shell"}
