"""The pages `serve` gives, in the language it speaks: the read page (index.html, app.js),
the entry page (entry.html, entry.js) and their shared style, read once from the package.

Only serve and share's page (shell/sharepage.py) import this module.
"""

from __future__ import annotations

from callbreak_score.i18n import N_, _, language, num

# Each page's files by route: (file, content type).
HTML, JS, CSS = ("text/html; charset=utf-8", "text/javascript; charset=utf-8",
                 "text/css; charset=utf-8")
FONT = "font/ttf"
# The bundled Noto fonts (views/fonts, OFL) of the scripts a phone may have no font for,
# as style.css's @font-face asks for them: a page renders in every script it speaks.
FONTS = {f"fonts/{name}": (name, FONT) for name in (
    "NotoSansDevanagari-Regular.ttf", "NotoSansDevanagari-Bold.ttf",
    "NotoSansBengali-Regular.ttf", "NotoSansBengali-Bold.ttf")}
COMMON = {"common.js": ("common.js", JS), "style.css": ("style.css", CSS),
          "fonts.css": ("fonts.css", CSS), **FONTS}  # every page's
READ = {"": ("index.html", HTML), "app.js": ("app.js", JS), **COMMON}
BOARD = {"": ("board.html", HTML), "board.js": ("board.js", JS), "board.css": ("board.css", CSS),
         **COMMON}
ENTRY = {"": ("entry.html", HTML), "entry.js": ("entry.js", JS), **COMMON}

# The page speaks the language `serve` speaks. index.html's own texts are swapped for
# their translations as the page is read (and <html lang> set); app.js builds its
# sentences from WORDS, which serve writes into the script in place of /*WORDS*/null:
# the messages with their named placeholders, and the digits to show numbers in.
# game.json and the event stream stay as they are, English keys and Latin digits; only
# a problem's `said` is in the language (beside its English `problem`), for the page.
PAGE_TEXTS = (
    N_("Call Break score entry"),
    N_("Call Break scoreboard"), N_("Connecting…"), N_("Standings"), N_("Player"),
    N_("Total"), N_("Scorecard"),
    N_("Each cell: bid/tricks, ✓ made or ✗ broken, and the round's score."),
    N_("This scoreboard needs JavaScript to show the game."),
    N_("Call Break event"), N_("Points"), N_("Games"), N_("Tables"), N_("Per game"),
)
SCRIPT_TEXTS = {
    "title": N_("Call Break: {players}"),
    "tab": N_("Call Break {game}"),
    "rounds": N_("Game {game} · {preset} · {done} of {rounds} rounds played"),
    "target": N_("Game {game} · {preset} · {done} rounds played; the game ends when a total "
                 "reaches {target}"),
    "open": N_("Game {game} · {preset} · {done} rounds played; an open game"),
    "deals": N_("Round {round}: {dealer} deals; {first} bids first."),
    "bids_in": N_("Round {round}: the bids are in ({dealer} dealt). Waiting for the tricks."),
    "over": N_("Game over."),
    "winner": N_("Winner: {name} ({total})."),
    "shared": N_("Shared win: {names} ({total})."),
    "tricks": N_("{best}, tied with {others}; {names} won more tricks"),
    "and": N_("{some} and {last}"),
    "round": N_("Round"),
    "dealt": N_("{dealer} dealt"),
    "total": N_("Total"),
    "blind_note": N_("b{bid}/{won}: a blind bid, scored double"),
    "awarded_note": N_("{bid}/-: bids too low to play; awarded"),
    "penalty_note": N_("!: a penalty, minus the bid"),
    "problem": N_("The scoreboard cannot show the game: {problem}"),
    "live": N_("Live."),
    "polling": N_("No live stream; checking twice a second."),
    "unreachable": N_("Cannot reach the scoreboard; still trying."),
    "updated": N_("Updated {time}."),
}
WORDS_MARK = "/*WORDS*/null"

# What entry.js says: the step asked as `play` asks it, and the page's own words.
ENTRY_TEXTS = {
    "title": N_("Call Break: {players}"),
    "table_title": N_("Table {table}: {players}"),
    "deals": N_("Round {number} · {dealer} deals, {first} bids first"),
    "tricks_of": N_("Round {number} · tricks ({first} leads)"),
    "rest": N_("{player} won {won} (the rest of the {total})."),
    "bid_sum": N_("Bids so far: {sum}"),
    "tricks_sum": N_("Tricks so far: {sum} of {total}"),
    "too_many": N_("that makes {sum} tricks, more than the {total} of a round; type again"),
    "save_bids": N_("Save the bids"),
    "save_tricks": N_("Save the tricks"),
    "undo": N_("Undo {change}"),
    "undo_again": N_("Tap again to undo {change}"),
    "took_back": N_("Took back {change}."),
    "reopen": N_("The game is over. Take back {change} and open the game again?"),
    # a step this phone had typed numbers for, done or taken back elsewhere meanwhile
    "bids_elsewhere": N_("Round {number}'s bids were entered elsewhere: {values}. "
                         "You had typed {typed}."),
    "tricks_elsewhere": N_("Round {number}'s tricks were entered elsewhere: {values}. "
                           "You had typed {typed}."),
    "taken_back_elsewhere": N_("Taken back elsewhere: {change}. You had typed {typed}."),
    "changed_elsewhere": N_("The game changed elsewhere. You had typed {typed}."),
    "saved": N_("Saved."),
    "sending": N_("Sending…"),
    "offline": N_("No connection; sending again until it gets through."),
    "abandoned": N_("This game is abandoned; nothing more can be entered here."),
    "over": N_("Game over."),
    "winner": N_("Winner: {name} ({total})."),
    "shared": N_("Shared win: {names} ({total})."),
    "and": N_("{some} and {last}"),
    "problem": N_("The scoreboard cannot show the game: {problem}"),
    "live": N_("Live."),
    "unreachable": N_("Cannot reach the scoreboard; still trying."),
}

# What board.js says: the projector's board of an event (`serve --event`).
BOARD_TEXTS = {
    "game_round": N_("Game round {round} of {games}"),
    "none": N_("No game of the event is finished yet."),
    "final": N_("The final table"),
    "not_seated": N_("No game round seated yet: 'callbreak event next' seats the first."),
    "unranked": N_("Not ranked yet (fewer than half the game rounds played): {names}"),
    "left": N_("Left the event: {names}"),
    # the final's note: why its players head the standings, and how its ties break
    "final_note": N_("The final decides the top places: {players}."),
    "and": N_("{some} and {last}"),
    "final_why": N_("They are the top {count} of the standings after the game rounds; "
                    "everyone else keeps their place below them."),
    "ties_tricks": N_("ties: broken by most tricks won over the game, else shared"),
    "ties_shared": N_("ties: shared; every player on the top total wins"),
    "table": N_("Table {table}"),
    "round_of": N_("Round {round} of {rounds}"),
    "round": N_("Round {round}"),
    "bids": N_("bids"),
    "tricks": N_("tricks"),
    "won": N_("Won by {names}."),
    "over": N_("Game over."),
    "problem": N_("The scoreboard cannot show the game: {problem}"),
    "live": N_("Live."),
    "polling": N_("No live stream; checking twice a second."),
    "unreachable": N_("Cannot reach the scoreboard; still trying."),
    "updated": N_("Updated {time}."),
}


def assets(files: dict[str, tuple[str, str]], script: str, texts: dict[str, str],
           said: str | None = None) -> dict[str, tuple[bytes, str]]:
    """A page's files by route (body, content type): the page and its script in the
    language spoken (its words `said` as given, else words_json(texts))."""
    from importlib.resources import files as package

    web = package(__package__) / "web"
    raw = {name: (web / file).read_bytes().decode("utf-8") for name, (file, kind) in files.items()
           if kind != FONT}
    raw[""] = page_in_language(raw[""])
    raw[script] = raw[script].replace(WORDS_MARK, said if said is not None
                                      else words_json(texts), 1)
    found = {name: (text.encode("utf-8"), files[name][1]) for name, text in raw.items()}
    return found | {name: (font, FONT) for name, font in fonts().items() if name in files}


_fonts: dict[str, bytes] = {}


def fonts() -> dict[str, bytes]:
    """The fonts served by route, read once (a server's pages share them)."""
    if not _fonts:
        from importlib.resources import files as package

        folder = package("callbreak_score.views") / "fonts"
        _fonts.update({route: (folder / name).read_bytes()
                       for route, (name, _) in FONTS.items()})
    return _fonts


def read_assets() -> dict[str, tuple[bytes, str]]:
    return assets(READ, "app.js", SCRIPT_TEXTS)


def board_assets() -> dict[str, tuple[bytes, str]]:
    return assets(BOARD, "board.js", BOARD_TEXTS)


def entry_assets() -> dict[str, tuple[bytes, str]]:
    return assets(ENTRY, "entry.js", ENTRY_TEXTS)


def page_in_language(page: str) -> str:
    """A page with <html lang> and each of its own texts in the language spoken."""
    from html import escape

    page = page.replace('<html lang="en">', f'<html lang="{language()}">', 1)
    for text in PAGE_TEXTS:
        page = page.replace(f">{escape(text, quote=False)}<",
                            f">{escape(_(text), quote=False)}<")
    return page


def words(texts: dict[str, str]) -> dict[str, object]:
    """What a script says: the language, its digits 0-9 (Latin with `digits = latin`) and
    each sentence translated, placeholders still to fill."""
    return {"lang": language(), "digits": num("0123456789"),
            "texts": {key: _(text) for key, text in texts.items()}}


def words_json(texts: dict[str, str]) -> str:
    """words(texts) as a JavaScript object."""
    import json

    return json.dumps(words(texts), ensure_ascii=False, sort_keys=True)
