"""share --format html's page: the live page's own files in one, the game carried in it
safely whatever its names hold, the chart in its figure, nothing said of a live link."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser

from callbreak_score.core.values import replace
from callbreak_score.shell import pages
from callbreak_score.shell.sharepage import html, script_json
from tests.lib.languages import speak
from tests.lib.samples import NAMES, finished

HOSTILE = "</script><img src=x onerror=alert(1)>&amp;\u2028"
CHART = ('<svg viewBox="0 0 10 5" xmlns="http://www.w3.org/2000/svg">'
         '<rect width="10" height="5"/></svg>')


class Parsed(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict]] = []
        self.scripts: list[str] = []
        self.inside = ""

    def handle_starttag(self, tag, attrs) -> None:
        self.tags.append((tag, dict(attrs)))
        self.inside = tag

    def handle_endtag(self, tag) -> None:
        self.inside = ""

    def handle_data(self, data) -> None:
        if self.inside == "script":
            self.scripts.append(data)


def parsed(page: str) -> Parsed:
    found = Parsed()
    found.feed(page)
    return found


def test_one_file_of_the_live_pages_own_style_and_scripts() -> None:
    from importlib.resources import files

    page = html(finished(NAMES["latin"][:4]), CHART)
    web = files("callbreak_score.shell") / "web"
    found = parsed(page)
    assert [tag for tag, _ in found.tags].count("script") == 2
    assert not any("src" in attrs or "href" in attrs for _, attrs in found.tags)
    assert (web / "style.css").read_text(encoding="utf-8") in page
    assert found.scripts[0].strip() == (web / "common.js").read_text(encoding="utf-8").strip()
    assert pages.WORDS_MARK not in page
    assert not any(live in page for live in ("Connecting…", "Live.", "Updated", "still trying"))
    assert "Played on 2026-11-29; this copy does not change." in page
    assert f'<figure id="chart" class="chart">{CHART}</figure>' in page


def test_without_a_chart_the_figure_stays_hidden() -> None:
    assert '<figure id="chart" class="chart" hidden></figure>' in html(
        finished(NAMES["deva"][:3]), "")


def test_names_reach_the_page_only_inside_its_words_escaped() -> None:
    game = finished(NAMES["latin"][:4])
    game = replace(game, players=(HOSTILE, *game.players[1:]))
    page = html(game, CHART)
    assert "<img" not in page and "</script><" not in page and "\u2028" not in page
    found = parsed(page)
    assert len(found.scripts) == 2  # the name did not end a script early
    words = re.search(r"var WORDS = (.*?);\n", found.scripts[1]).group(1)
    assert json.loads(words)["frozen"]["players"][0] == HOSTILE  # whole, as JSON reads it


def test_script_json_escapes_what_would_end_a_script() -> None:
    said = script_json({"a": "</script><!-- & \u2028\u2029"})
    assert said == '{"a": "\\u003c/script\\u003e\\u003c!-- \\u0026 \\u2028\\u2029"}'
    assert json.loads(said) == {"a": "</script><!-- & \u2028\u2029"}


def test_the_page_speaks_the_language(monkeypatch) -> None:
    speak(monkeypatch, "ne")
    page = html(finished(NAMES["deva"][:5]), CHART)
    assert '<html lang="ne">' in page
    assert "२०२६-११-२९ मा खेलिएको" in page and "स्थिति" in page


def test_the_page_says_the_verdict_as_the_card_does() -> None:
    """An abandoned game is said abandoned, with no 'next round' line."""
    from callbreak_score.core.history import abandon
    from callbreak_score.views.shareview import verdict
    from tests.lib.cards import random_game

    game = abandon(random_game(NAMES["latin"][:4], finish=False, seed=3), "2026-12-01T21:00")
    words = json.loads(re.search(r"var WORDS = (.*?);\n", parsed(html(game, CHART)).scripts[1])
                       .group(1))
    assert words["verdict"] == verdict(game) and words["verdict"].startswith("Abandoned")
