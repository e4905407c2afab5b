"""share --format html: the live scoreboard page (shell/web, in the language spoken) frozen
at the game's end, one file that needs nothing else: its style and scripts inlined, the
game's object carried in its words, and the running-total chart beside the standings.
"""

from __future__ import annotations

import re

from callbreak_score.core.game import Game
from callbreak_score.i18n import N_, num, t

from . import pages

# Where the live page says how it follows the game, the copy says when it was played.
FROZEN = N_("Played on {date}; this copy does not change.")
LINK = re.compile(r'<p id="link" class="link">[^<]*</p>')
LIVE = ("live", "polling", "unreachable", "updated")  # how a live page follows: not said
TITLE = re.compile(r"<title>[^<]*</title>")
CHART = '<figure id="chart" class="chart" hidden></figure>'
STYLE = '<link rel="stylesheet" href="style.css">'
FONTS = '<link rel="stylesheet" href="fonts.css">\n'  # served fonts: the copy fetches none
SCRIPTS = '<script src="common.js" defer></script>\n<script src="app.js" defer></script>\n'

# What a JSON text would end a <script> with or start markup by, and the two line
# separators older JavaScript refuses inside a string: each written as its \\u escape
UNSAFE = {"<": "\\u003c", ">": "\\u003e", "&": "\\u0026", "\u2028": "\\u2028",
          "\u2029": "\\u2029"}


def html(game: Game, chart: str) -> str:
    """The page: the scorecard, the standings and `chart` (trusted inline <svg> markup,
    shown below the standings at the page's width; "" for none) drawn by the live page's
    own script from the game's object, with no request made."""
    from html import escape

    from callbreak_score.views.export import to_dict
    from callbreak_score.views.shareview import verdict

    said = pages.words({key: text for key, text in pages.SCRIPT_TEXTS.items()
                        if key not in LIVE})
    said["frozen"] = to_dict(game)
    said["verdict"] = verdict(game)  # as the card and the text say it
    read = {route: body.decode("utf-8") for route, (body, kind) in
            pages.assets(pages.READ, "app.js", {}, script_json(said)).items()
            if kind != pages.FONT}
    app = read["app.js"]
    for script in (read["common.js"], app):
        if "</script" in script.lower() or "<!--" in script:
            raise ValueError("a script that would end its <script> element early")
    page = read[""]
    played = escape(t(FROZEN, date=num(game.created[:10])), quote=False)
    figure = f'<figure id="chart" class="chart">{chart}</figure>' if chart else CHART
    for old, new in ((FONTS, ""), (STYLE, f"<style>\n{read['style.css']}</style>"),
                     (SCRIPTS, ""),
                     (CHART, figure),
                     ("</body>", f"<script>\n{read['common.js']}</script>\n"
                                 f"<script>\n{app}</script>\n</body>")):
        if old not in page:
            raise ValueError(f"the live page no longer holds {old!r}")
        page = page.replace(old, new, 1)
    page, found = LINK.subn(lambda _: f'<p id="link" class="link">{played}</p>', page, 1)
    if not found:
        raise ValueError("the live page no longer holds its link line")
    # the file's own title names the game before any script runs (a preview, a tab)
    title = escape(t("Call Break game {game}", game=game.id), quote=False)
    page, found = TITLE.subn(lambda _: f"<title>{title}</title>", page, 1)
    if not found:
        raise ValueError("the live page no longer holds its title")
    return page


def script_json(value: object) -> str:
    """`value` as a JavaScript object that is safe inside an HTML <script> element."""
    import json

    text = json.dumps(value, ensure_ascii=False, sort_keys=True)
    return re.sub("[<>&\u2028\u2029]", lambda found: UNSAFE[found.group()], text)
