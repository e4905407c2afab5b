"""The house plan (docs/development.md, "The code"): no import circle between the package's
modules, at module level or inside a function, and no import from a lower floor to a higher
one; and no test module imports another (what tests share is in tests/lib).

The floors, from the bottom: i18n imports nothing of the package; core imports only core;
storage core; views core, storage and i18n; the shell any of these; __main__ anything.
catalogs.py is a tool for translators, which may use i18n and nothing else."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.lib.helpers import REPO, TESTS

PACKAGE = REPO / "callbreak_score"

# floor: the floors its modules may import ("" is the package's own __init__, which every
# import runs first)
FLOORS: dict[str, set[str]] = {
    "": {""},
    "i18n": {"", "i18n"},
    "core": {"", "core"},
    "storage": {"", "core", "storage"},
    "views": {"", "core", "storage", "i18n", "views"},
    "shell": {"", "core", "storage", "i18n", "views", "shell"},
    "__main__": {"", "core", "storage", "i18n", "views", "shell", "__main__"},
    "catalogs": {"", "core", "i18n", "catalogs"},
}


def modules(root: Path) -> dict[str, Path]:
    """Every module of the package in `root`, by dotted name (a package is its __init__)."""
    found = {}
    for path in sorted(root.rglob("*.py")):
        parts = [root.name, *path.relative_to(root).with_suffix("").parts]
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def _type_checking(node: ast.AST) -> bool:
    test = getattr(node, "test", None)
    return isinstance(node, ast.If) and (
        isinstance(test, ast.Name) and test.id == "TYPE_CHECKING"
        or isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _import_nodes(tree: ast.AST, typing_too: bool):
    """Every import statement, at module level or inside a function or class; the ones
    under `if TYPE_CHECKING:` (never run) only when `typing_too`."""
    stack = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        if _type_checking(node) and not typing_too:
            stack.extend(node.orelse)
        else:
            stack.extend(ast.iter_child_nodes(node))


def imports(name: str, path: Path, known: dict[str, Path], typing_too: bool = False) -> set[str]:
    """The package's modules that importing module `name` (the file `path`) runs: each one
    named, whether absolutely or relatively, and the packages above it, whose __init__
    runs first. `from . import x` imports the module x when there is one."""
    top = name.split(".")[0]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    named: set[str] = set()
    for node in _import_nodes(ast.parse(path.read_text(encoding="utf-8")), typing_too):
        if isinstance(node, ast.Import):
            named |= {alias.name for alias in node.names}
            continue
        if node.level:
            base = package.split(".")
            base = base[:len(base) - node.level + 1]
            source = ".".join(base + ([node.module] if node.module else []))
        else:
            source = node.module or ""
        named.add(source)
        named |= {f"{source}.{alias.name}" for alias in node.names
                  if f"{source}.{alias.name}" in known}
    found = set()
    for module in named:
        parts = module.split(".")
        if parts[0] != top:
            continue
        found |= {".".join(parts[:n]) for n in range(1, len(parts) + 1)} & known.keys()
    found.discard(name)
    return found


def graph(root: Path, typing_too: bool = False) -> dict[str, set[str]]:
    known = modules(root)
    return {name: imports(name, path, known, typing_too) for name, path in known.items()}


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The modules tied by import circles, each group sorted (Tarjan's strongly connected
    components of two or more modules): any one of them imports, in the end, every other."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for after in sorted(edges[node]):
            if after not in index:
                visit(after)
                low[node] = min(low[node], low[after])
            elif after in stack:
                low[node] = min(low[node], index[after])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return sorted(found)


def walk(component: list[str], edges: dict[str, set[str]]) -> list[str]:
    """The shortest way from the group's first module back to itself: one circle that shows
    how the group hangs together."""
    first, inside = component[0], set(component)
    came = {first: [first]}
    frontier = [first]
    while frontier:
        following = []
        for node in frontier:
            for after in sorted(edges[node] & inside):
                if after == first:
                    return came[node] + [first]
                if after not in came:
                    came[after] = came[node] + [after]
                    following.append(after)
        frontier = following
    raise AssertionError(component)


def floor(name: str) -> str | None:
    """The floor of a module: the part of its name below the package's, or None for a loose
    module that is on no floor."""
    parts = name.split(".")[1:2]
    rank = parts[0] if parts else ""
    return rank if rank in FLOORS else None


def wrong_floors(root: Path) -> list[str]:
    known = modules(root)
    wrong = []
    for name, path in known.items():
        mine = floor(name)
        if mine is None:
            wrong.append(f"{path.relative_to(root.parent)} is on no floor")
            continue
        for module in sorted(imports(name, path, known, typing_too=True)):
            theirs = floor(module)
            if theirs not in FLOORS[mine]:
                wrong.append(f"{path.relative_to(root.parent)} ({mine or 'package'}) imports "
                             f"{module} ({theirs or 'no floor'})")
    return wrong


def said(root: Path, typing_too: bool = True) -> list[str]:
    """Each group of modules in a circle: its files, one circle through them, and every
    import between them (the ones to take away). Imports for the type checker count too:
    a circle that only they close still ties the modules together for a reader."""
    known, edges = modules(root), graph(root, typing_too)

    def file(name: str) -> str:
        return str(known[name].relative_to(root.parent))

    return [f"{len(group)} files: {', '.join(map(file, group))}\n"
            f"  one circle: {' -> '.join(map(file, walk(group, edges)))}\n"
            + "".join(f"  {file(a)} imports {file(b)}\n"
                      for a in group for b in sorted(edges[a] & set(group)))
            for group in circles(edges)]


# -- the package --------------------------------------------------------------------------

def test_every_module_lives_on_a_floor() -> None:
    loose = sorted(p.name for p in PACKAGE.glob("*.py"))
    assert loose == ["__init__.py", "__main__.py", "catalogs.py", "i18n.py"]
    for rank in ("core", "storage", "views", "shell"):
        assert (PACKAGE / rank / "__init__.py").is_file()


def test_no_import_circle_at_module_level_or_inside_a_function() -> None:
    found = said(PACKAGE)
    assert not found, "import circles:\n" + "".join(found)


def test_no_floor_imports_a_higher_one() -> None:
    wrong = wrong_floors(PACKAGE)
    assert not wrong, "imports from a lower floor to a higher one:\n" + "\n".join(wrong)


# -- the checks see what they are for, on made-up packages ---------------------------------

def make(root: Path, sources: dict[str, str]) -> Path:
    package = root / "pkg"
    for rank in ("core", "storage", "views", "shell"):
        (package / rank).mkdir(parents=True, exist_ok=True)
        (package / rank / "__init__.py").write_text('"""A floor."""\n', encoding="utf-8")
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "i18n.py").write_text("", encoding="utf-8")
    for name, text in sources.items():
        (package / name).write_text(text, encoding="utf-8")
    return package


def test_a_package_that_keeps_the_plan_passes(tmp_path: Path) -> None:
    package = make(tmp_path, {
        "core/a.py": "import os\nfrom pkg.core import b\n",
        "core/b.py": "from . import c\nTYPE_CHECKING = False\nif TYPE_CHECKING:\n"
                     "    from .a import X\n",
        "core/c.py": "",
        "storage/s.py": "from ..core import a\n",
        "views/v.py": "from pkg import i18n\nfrom pkg.storage.s import load\n",
        "shell/cli.py": "def main():\n    from ..views import v\n    from pkg.core.a import b\n",
        "__main__.py": "from .shell import cli\n",
        "catalogs.py": "from . import i18n\n",
    })
    assert circles(graph(package)) == []
    assert wrong_floors(package) == []
    assert graph(package)["pkg.shell.cli"] == {
        "pkg", "pkg.views", "pkg.views.v", "pkg.core", "pkg.core.a"}
    assert graph(package)["pkg.core.b"] == {"pkg", "pkg.core", "pkg.core.c"}
    assert graph(package, typing_too=True)["pkg.core.b"] == {
        "pkg", "pkg.core", "pkg.core.c", "pkg.core.a"}


def test_a_circle_closed_inside_a_function_is_found_with_its_files(tmp_path: Path) -> None:
    package = make(tmp_path, {
        "shell/cli.py": "from . import completion\n",
        "shell/completion.py": "def answer():\n    from .cli import app\n",
        "shell/play.py": "from .cli import app\n",
    })
    assert circles(graph(package)) == [["pkg.shell.cli", "pkg.shell.completion"]]
    assert said(package) == [
        "2 files: pkg/shell/cli.py, pkg/shell/completion.py\n"
        "  one circle: pkg/shell/cli.py -> pkg/shell/completion.py -> pkg/shell/cli.py\n"
        "  pkg/shell/cli.py imports pkg/shell/completion.py\n"
        "  pkg/shell/completion.py imports pkg/shell/cli.py\n"]


def test_a_circle_across_floors_is_one_circle(tmp_path: Path) -> None:
    package = make(tmp_path, {
        "core/errors.py": "def say():\n    from .. import i18n\n",
        "i18n.py": "from .storage import settings\n",
        "storage/settings.py": "import pkg.core.errors\n",
    })
    assert circles(graph(package)) == [["pkg.core.errors", "pkg.i18n", "pkg.storage.settings"]]
    assert "\n  one circle: pkg/core/errors.py -> pkg/i18n.py -> pkg/storage/settings.py -> " \
        "pkg/core/errors.py\n" in said(package)[0]


def test_an_import_from_a_lower_floor_to_a_higher_one_is_named(tmp_path: Path) -> None:
    package = make(tmp_path, {
        "core/a.py": "def f():\n    from pkg.shell import cli\n",
        "shell/cli.py": "",
        "storage/s.py": "from ..views.v import show\n",
        "views/v.py": "",
    })
    assert wrong_floors(package) == [
        "pkg/core/a.py (core) imports pkg.shell (shell)",
        "pkg/core/a.py (core) imports pkg.shell.cli (shell)",
        "pkg/storage/s.py (storage) imports pkg.views (views)",
        "pkg/storage/s.py (storage) imports pkg.views.v (views)",
    ]


def test_i18n_importing_anything_of_the_package_is_named(tmp_path: Path) -> None:
    package = make(tmp_path, {"i18n.py": "def told():\n    from .core import errors\n",
                              "core/errors.py": "",
                              "catalogs.py": "from .storage import settings\n",
                              "storage/settings.py": "",
                              "stray.py": ""})
    assert wrong_floors(package) == [
        "pkg/catalogs.py (catalogs) imports pkg.storage (storage)",
        "pkg/catalogs.py (catalogs) imports pkg.storage.settings (storage)",
        "pkg/i18n.py (i18n) imports pkg.core (core)",
        "pkg/i18n.py (i18n) imports pkg.core.errors (core)",
        "pkg/stray.py is on no floor",
    ]


# -- the tests -----------------------------------------------------------------------------

def imports_between_tests(root: Path) -> list[str]:
    """Each import, in the test tree `root`, of a test module by another file: anything under
    tests but tests/lib (or `lib`) and conftest."""
    found = []
    for path in sorted(root.rglob("*.py")):
        package = ".".join([root.name, *path.relative_to(root).parent.parts])
        for node in _import_nodes(ast.parse(path.read_text(encoding="utf-8")), True):
            if isinstance(node, ast.Import):
                named = [alias.name for alias in node.names]
            elif node.level:
                base = package.split(".")
                base = ".".join(base[:len(base) - node.level + 1])
                named = ([f"{base}.{node.module}"] if node.module else
                         [f"{base}.{alias.name}" for alias in node.names])
            else:
                named = [node.module or ""]
            for module in named:
                parts = module.split(".")
                ours = parts[0] in (root.name, "lib", "conftest") or parts[0].startswith("test_")
                shared = parts[:2] == [root.name, "lib"] or parts[0] == "lib" \
                    or parts[-1] == "conftest"
                if ours and not shared:
                    found.append(f"{path.relative_to(root.parent)} imports {module}")
    return sorted(found)


def test_no_test_module_imports_another() -> None:
    found = imports_between_tests(TESTS)
    assert not found, "\n".join(found)


def test_the_check_sees_a_test_module_importing_another(tmp_path: Path) -> None:
    root = tmp_path / "tests"
    (root / "unit").mkdir(parents=True)
    (root / "lib").mkdir()
    (root / "unit" / "test_a.py").write_text(
        "from tests.lib.helpers import x\nfrom ..lib import serving\nimport pytest\n"
        "def test():\n    from tests.system.test_b import run\n", encoding="utf-8")
    (root / "unit" / "test_c.py").write_text(
        "from .test_a import y\nfrom . import test_a\nimport test_b\n", encoding="utf-8")
    (root / "lib" / "helpers.py").write_text("from tests.unit.test_a import z\n", encoding="utf-8")
    assert imports_between_tests(root) == [
        "tests/lib/helpers.py imports tests.unit.test_a",
        "tests/unit/test_a.py imports tests.system.test_b",
        "tests/unit/test_c.py imports test_b",
        "tests/unit/test_c.py imports tests.unit.test_a",
        "tests/unit/test_c.py imports tests.unit.test_a",
    ]


def test_a_circle_closed_only_for_the_type_checker_is_found(tmp_path: Path) -> None:
    package = make(tmp_path, {
        "core/game.py": "TYPE_CHECKING = False\n"
                        "if TYPE_CHECKING:\n    from .history import Change\n",
        "core/history.py": "from .game import Game\n",
    })
    assert circles(graph(package)) == []  # nothing runs in a circle...
    found = said(package)  # ...but the two modules are tied together all the same
    assert len(found) == 1 and "pkg/core/game.py" in found[0] and "history.py" in found[0]
