"""Every rule option and setting, declared once: one row each, from which `new`'s options,
the settings keys and their checks, which settings fit a game and why not, and TAB
completion are built (pure).

Each preset is a row too (PRESET_ROWS: what `callbreak rules NAME` says of it, its score
unit, its settling threshold); PRESETS are their names, DEFAULT_PRESET the one a game
has when none is typed or set. What a preset fixes for an option is the option's
`by_preset`, and which presets an option is for its `presets`.

A row's `key` is the setting's key and `new`'s option without its dashes (`max-bid`,
`--max-bid`); a row without `keyword` is a setting only (language, digits, currency).

Adding a house rule, say `--nil-bonus N`:

1. A row in OPTIONS, where `new --help` should list it: its key, kind, `help=` (the
   English text translators see), metavar, default, the make_rules keyword, and the
   facts that apply (its fixed range `span` or what it is `counted` in, the `presets`
   it is for and the words said when a setting of it does not fit, the `group` of
   options that decide one thing together, the option it `needs`). `new`, `config`
   and TAB take it from there; run the catalogs' extract and compile for the new text.
2. The scoring code: a field of core.rules.Rules and a keyword of make_rules (its check
   there), the sentence core.rules.describe says when it is in force, and what it does
   in core/scoring.py or core/game.py.
3. A test of what it scores (tests/test_house_rules.py). tests/test_options.py already
   walks the new row through `new --help`, `config`, `callbreak rules` (add its value
   to IN_FORCE there) and TAB.
"""

from __future__ import annotations

from .errors import Said, Word
from .numbers import LANGUAGES


class Preset:
    """One rule preset: what `callbreak rules NAME` says of it and the facts that differ
    from preset to preset outside the options' own defaults (an option's `by_preset`). A
    row is a constant, as Option's are."""

    __slots__ = ("name", "summary", "unit", "doubles_at")

    def __init__(
        self,
        name: str,  # `--rules NAME`
        summary: Word,  # the preset in a few sentences, said in the interface's language
        unit: int,  # score units per point: 10 keeps tenths, 1 whole points
        doubles_at: int,  # settling by rank: payments double when the winner's total
        # reaches this many units (20 nepal points, in the preset's own units)
    ) -> None:
        self.name, self.summary, self.unit, self.doubles_at = name, summary, unit, doubles_at

    def __repr__(self) -> str:
        return f"Preset({self.name!r})"


PRESET_ROWS = (
    Preset("nepal", unit=10, doubles_at=200, summary=Word(
        "The common Nepal/India table. Bids 1 to 13. A made bid (tricks at least the bid) "
        "scores the bid plus 0.1 for every trick over it; a broken bid loses the whole bid. "
        "5 rounds; the highest total wins. Scores have one decimal: 4.0, 4.1, -4.0."
    )),
    Preset("pagat", unit=1, doubles_at=20, summary=Word(
        "Call Bridge as Pagat describes it (Bangladesh). Bids 2 to 13. A bid is made when the "
        "tricks equal the bid or the bid plus one, and scores the bid; extra tricks are worth "
        "nothing. Fewer tricks, or two or more over, loses the bid. A made bid of 8 or more "
        "scores 13 (some tables 16). 5 rounds; whole numbers."
    )),
    # tens scores ten times nepal's points: 20 nepal points are 200
    Preset("tens", unit=1, doubles_at=200, summary=Word(
        "Ten-point scoring to 300. Bids 5 to 8. A made bid scores 10 x the bid plus 1 for "
        "every extra trick; a broken bid loses 10 x the bid. The game ends after the round "
        "in which any total reaches 300; the highest total wins. Whole numbers."
    )),
)
BY_PRESET = {row.name: row for row in PRESET_ROWS}
PRESETS = tuple(BY_PRESET)  # the presets' names, in the order they are listed
DEFAULT_PRESET = "nepal"

# the kinds of value
WHOLE = "a whole number"
YESNO = "yes or no"
CHOICE = "one of the choices"
TEXT = "text"


class Option:
    """One rule option of `new` and its setting, or a setting alone. A row is a constant:
    a plain class with slots, not a @frozen value, since every command builds the whole
    table when it starts (values.py's generic fields cost several times as much)."""

    __slots__ = ("key", "kind", "help", "keyword", "choices", "metavar", "default",
                 "by_preset", "span", "counted", "presets", "limited", "needs", "unfit",
                 "group")

    def __init__(
        self,
        key: str,  # the setting's key; `new`'s option is --key
        kind: str,  # WHOLE, YESNO, CHOICE or TEXT (TEXT with choices: a locale name of one)
        help: str = "",  # `new --help`'s text for the option
        keyword: str | None = None,  # make_rules' keyword; None: a setting only, not of `new`
        choices: tuple[str, ...] = (),
        metavar: str | None = None,  # the word `new --help` shows for its value
        default: object = None,  # the value when neither typed nor set (None: off, or by_preset)
        by_preset: tuple[tuple[str, int | None], ...] = (),  # the presets' own defaults
        span: tuple[int, int] | None = None,  # a whole number's fixed range
        counted: str | None = None,  # "tricks": one above a round's tricks is left out;
        # "bids": its range is the bids' total, widest at four players
        presets: tuple[str, ...] = PRESETS,  # the presets it is for
        limited: tuple[str, ...] = (),  # its values that are for `presets` only ((): all)
        needs: str | None = None,  # the yes/no option it needs
        unfit: Said | None = None,  # said of a setting left out for `presets` or `needs`
        group: str | None = None,  # options that decide one thing together
    ) -> None:
        self.key, self.kind, self.help, self.keyword = key, kind, help, keyword
        self.choices, self.metavar, self.default, self.by_preset = (
            choices, metavar, default, by_preset)
        self.span, self.counted, self.presets, self.limited = span, counted, presets, limited
        self.needs, self.unfit, self.group = needs, unfit, group

    def __repr__(self) -> str:
        return f"Option({self.key!r})"

    @property
    def flag(self) -> bool:
        return self.kind == YESNO

    @property
    def setting_only(self) -> bool:
        """A setting of the interface (language, digits, currency), not an option of `new`."""
        return self.keyword is None

    def fits(self, value: str, preset: str, on: bool = True) -> bool:
        """Whether a setting's value is for the preset (`on`: its `needs` is on)."""
        if preset not in self.presets and (not self.limited or value in self.limited):
            return False
        return on or self.needs is None


OPTIONS = (
    Option("language", TEXT, choices=LANGUAGES),
    Option("digits", CHOICE, choices=("native", "latin")),
    Option("currency", TEXT),
    Option("rules", CHOICE, keyword="preset", choices=PRESETS, default=DEFAULT_PRESET,
           help="Rule preset (default: nepal, or your 'rules' setting)."),
    Option("rounds", WHOLE, keyword="rounds", span=(1, 1000), group="end",
           by_preset=(("nepal", 5), ("pagat", 5), ("tens", None)),
           help="Play a fixed number of rounds."),
    Option("target", WHOLE, keyword="target", metavar="P", span=(1, 100_000), group="end",
           by_preset=(("nepal", None), ("pagat", None), ("tens", 300)),
           help="Play until a total reaches P points."),
    Option("open", YESNO, keyword="open_game", default=False, group="end",
           help="No fixed end: finish with 'callbreak finish'."),
    Option("min-bid", WHOLE, keyword="min_bid", counted="tricks",
           by_preset=(("nepal", 1), ("pagat", 2), ("tens", 5)),
           help="Lowest bid (default: the preset's)."),
    Option("max-bid", WHOLE, keyword="max_bid", counted="tricks",  # None: a round's tricks
           by_preset=(("nepal", None), ("pagat", None), ("tens", 8)),
           help="Highest bid (default: the preset's)."),
    Option("penalty", CHOICE, keyword="penalty", choices=("full", "shortfall"), default="full",
           presets=("nepal", "tens"), limited=("shortfall",), unfit=Said("not for pagat"),
           help="A broken bid loses the whole bid, or only the missing tricks "
           "(default: full)."),
    Option("redeal-below", WHOLE, keyword="redeal_below", metavar="N", counted="bids",
           group="low bids",
           help="Bids totalling less than N are thrown in; the same dealer deals again."),
    Option("eight-wins", YESNO, keyword="eight_wins", default=False, group="instant win",
           help="Bidding exactly 8 and winning exactly 8 wins the game."),
    Option("high-bid-points", WHOLE, keyword="high_bid_points", metavar="N", span=(8, 52),
           default=13, presets=("pagat",), unfit=Said("a pagat option"),
           help="pagat: points for a made bid of 8 or more (default 13)."),
    Option("tiebreak", CHOICE, keyword="tiebreak", choices=("tricks",),
           help="Break a tie on the top total by most tricks won."),
    Option("instant-win", WHOLE, keyword="instant_win", metavar="N", counted="tricks",
           group="instant win",
           help="Bidding exactly N and winning exactly N wins the game (--eight-wins is 8)."),
    Option("max-bid-total", WHOLE, keyword="max_bid_total", metavar="N", counted="bids",
           help="Refuse bids adding up to more than N."),
    Option("extra-cap", WHOLE, keyword="extra_cap", metavar="N", counted="tricks",
           presets=("nepal", "tens"), unfit=Said("not for pagat"),
           help="At most N extra tricks count (nepal, tens)."),
    Option("eight-doubles", YESNO, keyword="eight_doubles", default=False,
           help="Winning exactly 8 tricks doubles the round's score."),
    Option("auto-award-below", WHOLE, keyword="auto_award_below", metavar="N", counted="bids",
           group="low bids",
           help="Bids totalling less than N are not played: each player scores the bid."),
    Option("blind", YESNO, keyword="blind", default=False,
           help="Allow blind bids (b6): they score double, made or broken."),
    Option("blind-min", WHOLE, keyword="blind_min", metavar="M", counted="tricks", default=5,
           needs="blind", unfit=Said("only with blind"),
           help="The lowest blind bid (default 5)."),
)

BY_KEY = {row.key: row for row in OPTIONS}
# the options of `new`, in the order its --help lists them
NEW_OPTIONS = tuple(row for row in OPTIONS if not row.setting_only)
# options that decide one thing together: typing one of them replaces the settings of all
TOGETHER = tuple(tuple(row.key for row in NEW_OPTIONS if row.group == group)
                 for group in dict.fromkeys(row.group for row in NEW_OPTIONS if row.group))


def default(key: str) -> object:
    """An option's value when neither typed nor set."""
    return BY_KEY[key].default


def preset_default(key: str, preset: str) -> int | None:
    """What a preset fixes for an option before any option is applied (RULES.md, "Rule
    sets")."""
    return dict(BY_KEY[key].by_preset)[preset]


def whole_default(key: str, preset: str | None = None) -> int:
    """A default that is always a whole number, as one: the preset's own (min-bid) or the
    table's (high-bid-points, blind-min)."""
    value = BY_KEY[key].default if preset is None else preset_default(key, preset)
    if not isinstance(value, int):
        raise TypeError(f"the option {key} has no whole-number default")
    return value


def text_default(key: str) -> str:
    """A default that is always a word (penalty), as one."""
    value = BY_KEY[key].default
    if not isinstance(value, str):
        raise TypeError(f"the option {key} has no default word")
    return value
