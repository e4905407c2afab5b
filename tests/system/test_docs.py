"""The documentation: the site builds without a warning (a broken link or anchor fails
mkdocs --strict), every page is in its navigation, and the README's links lead to files."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from tests.lib.helpers import REPO

LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")


def test_the_docs_build_strictly(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-q",
                           "-f", str(REPO / "mkdocs.yml"), "-d", str(tmp_path / "site")],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "site" / "reference" / "commands" / "index.html").is_file()
    page = (tmp_path / "site" / "guide" / "first-game" / "index.html").read_text("utf-8")
    assert "Winner: Tulsi (14.1). Game over." in page


def test_every_page_is_in_the_navigation() -> None:
    nav = (REPO / "mkdocs.yml").read_text(encoding="utf-8")
    pages = sorted(p.relative_to(REPO / "docs").as_posix() for p in (REPO / "docs").rglob("*.md"))
    assert pages and [p for p in pages if f" {p}\n" not in nav] == []


def test_the_readme_links_lead_to_files() -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    targets = [t for t in LINK.findall(readme) if "://" not in t]
    assert len(targets) > 15
    assert [t for t in targets if not (REPO / t).exists()] == []
    # a short README: the rest is in docs/
    assert len(readme.splitlines()) <= 160
