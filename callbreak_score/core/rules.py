"""Rule sets: the rules of a game made from a preset and the options (both declared in
options.py, with what each preset says), and their validation (pure)."""

from __future__ import annotations

from .errors import Refused, Said
from .options import (
    BY_KEY,
    BY_PRESET,
    DEFAULT_PRESET,
    PRESETS,
    preset_default,
    text_default,
    whole_default,
)
from .values import asdict, fields, frozen

PENALTIES = BY_KEY["penalty"].choices
TIEBREAKS = BY_KEY["tiebreak"].choices
# the rows whose `presets` (and `limited`, `default`) the checks below follow
_PENALTY, _HIGH_BID, _EXTRA_CAP = (BY_KEY["penalty"], BY_KEY["high-bid-points"],
                                   BY_KEY["extra-cap"])
# Players at the table -> tricks in a round (52 cards dealt evenly, the rest left out).
TRICKS = {3: 17, 4: 13, 5: 10}


@frozen
class Rules:
    """Everything that decides a game's scores, fixed when the game starts."""

    preset: str = DEFAULT_PRESET
    min_bid: int = whole_default("min-bid", DEFAULT_PRESET)
    max_bid: int = preset_default("max-bid", DEFAULT_PRESET) or TRICKS[4]  # None: the tricks
    penalty: str = text_default("penalty")
    rounds: int | None = preset_default("rounds", DEFAULT_PRESET)
    target: int | None = None
    redeal_below: int | None = None
    instant_win: int | None = None
    high_bid_points: int = whole_default("high-bid-points")
    tiebreak: str | None = None
    seats: int = 4
    max_bid_total: int | None = None
    extra_cap: int | None = None
    eight_doubles: bool = False
    auto_award_below: int | None = None
    blind: bool = False
    blind_min: int = whole_default("blind-min")

    @property
    def tricks(self) -> int:
        """Tricks in a round: 17 for three players, 13 for four, 10 for five."""
        return TRICKS[self.seats]

    @property
    def unit(self) -> int:
        """Score units per point: nepal keeps tenths, the others whole points (the
        preset's row in core/options.py says)."""
        return BY_PRESET[self.preset].unit

    @property
    def is_open(self) -> bool:
        return self.rounds is None and self.target is None

    def to_dict(self) -> dict[str, object]:
        return asdict(self)


def make_rules(
    preset: str = DEFAULT_PRESET,
    *,
    seats: int = 4,
    rounds: int | None = None,
    target: int | None = None,
    open_game: bool = False,
    min_bid: int | None = None,
    max_bid: int | None = None,
    penalty: str = text_default("penalty"),
    redeal_below: int | None = None,
    eight_wins: bool = False,
    instant_win: int | None = None,
    high_bid_points: int | None = None,
    tiebreak: str | None = None,
    max_bid_total: int | None = None,
    extra_cap: int | None = None,
    eight_doubles: bool = False,
    auto_award_below: int | None = None,
    blind: bool = False,
    blind_min: int | None = None,
) -> Rules:
    """A preset with the table's options applied; refuses combinations that make no sense."""
    if preset not in PRESETS:
        raise Refused("unknown preset '{preset}'; the presets are {presets}", preset=preset,
                      presets=", ".join(PRESETS))
    if seats not in TRICKS:
        raise Refused("Call Break is played by three, four or five players; got {seats}",
                      seats=seats)
    ends = [name for name, given in
            (("--rounds", rounds is not None), ("--target", target is not None),
             ("--open", open_game)) if given]
    if len(ends) > 1:
        raise Refused("{options} both say when the game ends; give only one",
                      options=Refused("{some} and {last}", some=", ".join(ends[:-1]),
                                      last=ends[-1]))
    end: dict[str, int | None] = {"rounds": preset_default("rounds", preset),
                                  "target": preset_default("target", preset)}
    if rounds is not None:
        end = {"rounds": rounds, "target": None}
    elif target is not None:
        end = {"rounds": None, "target": target}
    elif open_game:
        end = {"rounds": None, "target": None}
    if high_bid_points is not None and preset not in _HIGH_BID.presets:
        raise Refused("--high-bid-points is a pagat option; start the game with --rules pagat")
    if eight_wins and instant_win not in (None, 8):
        raise Refused("--eight-wins is --instant-win 8; give only one of them")
    if blind_min is not None and not blind:
        raise Refused("--blind-min needs --blind: blind bids are allowed only with --blind")
    preset_max = preset_default("max-bid", preset)  # None: a round's tricks
    default_max = TRICKS[seats] if preset_max is None else preset_max
    rules = Rules(
        preset=preset,
        min_bid=whole_default("min-bid", preset) if min_bid is None else min_bid,
        max_bid=default_max if max_bid is None else max_bid,
        penalty=penalty,
        redeal_below=redeal_below,
        instant_win=8 if eight_wins else instant_win,
        high_bid_points=whole_default("high-bid-points") if high_bid_points is None
        else high_bid_points,
        tiebreak=tiebreak,
        seats=seats,
        max_bid_total=max_bid_total,
        extra_cap=extra_cap,
        eight_doubles=eight_doubles,
        auto_award_below=auto_award_below,
        blind=blind,
        blind_min=whole_default("blind-min") if blind_min is None else blind_min,
        **end,
    )
    check(rules)
    return rules


def check(rules: Rules) -> None:
    """Refuse a rule set that cannot be played; used for new games and for stored ones."""
    if rules.preset not in PRESETS:
        raise Refused("unknown preset '{preset}'; the presets are {presets}",
                      preset=rules.preset, presets=", ".join(PRESETS))
    if rules.seats not in TRICKS:
        raise Refused("Call Break is played by three, four or five players; got {seats}",
                      seats=rules.seats)
    most = rules.tricks
    for name in ("min_bid", "max_bid"):
        value = getattr(rules, name)
        if not 1 <= value <= most:
            raise Refused("{option} {value} is outside 1..{most} ({most} tricks a round with "
                          "{seats} players)", option="--" + name.replace("_", "-"), value=value,
                          most=most, seats=rules.seats)
    if rules.min_bid > rules.max_bid:
        raise Refused("the lowest bid ({low}) is above the highest ({high}); bids need "
                      "1 <= --min-bid <= --max-bid <= {most}", low=rules.min_bid,
                      high=rules.max_bid, most=most)
    if rules.penalty not in PENALTIES:
        raise Refused("unknown penalty '{penalty}'; use full or shortfall",
                      penalty=rules.penalty)
    if not _PENALTY.fits(rules.penalty, rules.preset):
        raise Refused("--penalty shortfall is not defined for pagat; use nepal or tens")
    if rules.rounds is not None and not _within(rules.rounds, "rounds"):
        raise Refused("--rounds {rounds} is outside 1..1000", rounds=rules.rounds)
    if rules.rounds is not None and rules.target is not None:
        raise Refused("a game ends either after --rounds or at --target, not both")
    if rules.target is not None and not _within(rules.target, "target"):
        raise Refused("--target {target} is outside 1..100000", target=rules.target)
    _check_bid_totals(rules)
    win = rules.instant_win
    if win is not None and not rules.min_bid <= win <= rules.max_bid:
        option = "--eight-wins" if win == 8 else f"--instant-win {win}"
        raise Refused("{option} needs {win} to be a legal bid; bids here run {low}..{high}",
                      option=option, win=win, low=rules.min_bid, high=rules.max_bid)
    if rules.preset not in _HIGH_BID.presets and rules.high_bid_points != _HIGH_BID.default:
        raise Refused("--high-bid-points is a pagat option; start the game with --rules pagat")
    if not _within(rules.high_bid_points, "high-bid-points"):
        raise Refused("--high-bid-points {points} is outside 8..52",
                      points=rules.high_bid_points)
    if rules.tiebreak is not None and rules.tiebreak not in TIEBREAKS:
        raise Refused("unknown tiebreak '{tiebreak}'; the only tiebreak is tricks",
                      tiebreak=rules.tiebreak)
    if rules.extra_cap is not None:
        if rules.preset not in _EXTRA_CAP.presets:
            raise Refused("--extra-cap has nothing to cap in pagat, where extra tricks score "
                          "nothing; use nepal or tens")
        if not 0 <= rules.extra_cap <= most:
            raise Refused("--extra-cap {cap} is outside 0..{most}", cap=rules.extra_cap,
                          most=most)
    if rules.blind:
        if not rules.min_bid <= rules.blind_min <= rules.max_bid:
            raise Refused("the lowest blind bid ({blind}) is not a legal bid; bids here run "
                          "{low}..{high}: give --blind-min between them",
                          blind=rules.blind_min, low=rules.min_bid, high=rules.max_bid)
    elif rules.blind_min != whole_default("blind-min"):
        raise Refused("--blind-min needs --blind: blind bids are allowed only with --blind")


def _within(value: int, key: str) -> bool:
    low, high = BY_KEY[key].span  # type: ignore[misc]
    return low <= value <= high


def _check_bid_totals(rules: Rules) -> None:
    """The options that look at the bids' total: each must be reachable by legal bids."""
    low, top = rules.seats * rules.min_bid, rules.seats * rules.max_bid
    if rules.max_bid_total is not None and not low <= rules.max_bid_total <= top:
        raise Refused("--max-bid-total {total} is outside {low}..{top}: {seats} bids of "
                      "{least}..{most} total {low}..{top}", total=rules.max_bid_total, low=low,
                      top=top, seats=rules.seats, least=rules.min_bid, most=rules.max_bid)
    ceiling = top if rules.max_bid_total is None else rules.max_bid_total
    for option, value in (("--redeal-below", rules.redeal_below),
                          ("--auto-award-below", rules.auto_award_below)):
        if value is not None and not 1 <= value <= ceiling:
            raise Refused("{option} {value} is outside 1..{ceiling}: the bids of a round "
                          "total at most {ceiling}", option=option, value=value, ceiling=ceiling)
    if rules.redeal_below is not None and rules.auto_award_below is not None:
        raise Refused(
            "--redeal-below and --auto-award-below both say what happens to low bids; "
            "give only one"
        )


def rules_from_dict(data: object) -> Rules:
    """The rules stored in a game file, checked as strictly as new ones."""
    if not isinstance(data, dict):
        raise Refused("'rules' is not an object")
    known = set(fields(Rules))
    missing = sorted(set(known) - set(data))
    if missing:
        raise Refused("'rules' is missing {fields}", fields=", ".join(missing))
    extra = sorted(set(data) - set(known))
    if extra:
        raise Refused("'rules' has unknown fields {fields}", fields=", ".join(extra))
    for name in ("min_bid", "max_bid", "high_bid_points", "seats", "blind_min"):
        _need_int(data[name], name, optional=False)
    for name in ("rounds", "target", "redeal_below", "instant_win", "max_bid_total",
                 "extra_cap", "auto_award_below"):
        _need_int(data[name], name, optional=True)
    for name in ("eight_doubles", "blind"):
        if not isinstance(data[name], bool):
            raise Refused("'rules.{name}' is not true or false", name=name)
    for name in ("preset", "penalty"):
        if not isinstance(data[name], str):
            raise Refused("'rules.{name}' is not text", name=name)
    if data["tiebreak"] is not None and not isinstance(data["tiebreak"], str):
        raise Refused("'rules.tiebreak' is not text")
    rules = Rules(**data)
    check(rules)
    return rules


def _need_int(value: object, name: str, *, optional: bool) -> None:
    if value is None and optional:
        return
    if isinstance(value, bool) or not isinstance(value, int):
        raise Refused("'rules.{name}' is not a whole number", name=name)


def end_words(rules: Rules) -> Said:
    """When the game ends, in a few words."""
    if rules.is_open:
        return Said("open game, no fixed end")
    if rules.rounds is not None:
        return (Said("{count} round", count=rules.rounds) if rules.rounds == 1
                else Said("{count} rounds", count=rules.rounds))
    return Said("to {target} points", target=rules.target)


def describe(rules: Rules) -> list[Said]:
    """The rules in force, one plain sentence per line."""
    if rules.is_open:
        end = Said("open game, no fixed end; finish it with 'callbreak finish'")
    elif rules.rounds is not None:
        end = end_words(rules)
    else:
        end = Said("ends after the round in which a total reaches {target}", target=rules.target)
    lines = [
        Said("preset: {preset}", preset=rules.preset),
        Said("players: {seats}, {tricks} tricks a round", seats=rules.seats, tricks=rules.tricks),
        Said("bids: {low} to {high}", low=rules.min_bid, high=rules.max_bid),
        Said("game: {end}", end=end),
        Said("broken bid: loses only the missing tricks") if rules.penalty == "shortfall"
        else Said("broken bid: loses the whole bid"),
    ]
    if rules.preset in _HIGH_BID.presets:
        lines.append(Said("a made bid of 8 or more scores {points}", points=rules.high_bid_points))
    if rules.redeal_below is not None:
        lines.append(Said("redeal: bids totalling less than {least} are thrown in and the same "
                          "dealer deals again", least=rules.redeal_below))
    if rules.auto_award_below is not None:
        lines.append(Said("auto-award: bids totalling less than {least} are not played; each "
                          "scores the bid", least=rules.auto_award_below))
    if rules.max_bid_total is not None:
        lines.append(Said("bid total: bids adding up to more than {most} are refused",
                          most=rules.max_bid_total))
    if rules.extra_cap is not None:
        lines.append(Said("extra tricks: at most {cap} count", cap=rules.extra_cap))
    if rules.eight_doubles:
        lines.append(Said("eight doubles: winning exactly 8 tricks doubles the score, made or "
                          "broken"))
    if rules.blind:
        lines.append(Said("blind bids: at least {low}, written b{low}; they score double, made "
                          "or broken", low=rules.blind_min))
    if rules.instant_win is not None:
        lines.append(Said("instant win: bidding exactly {win} and winning exactly {win} wins "
                          "the game at once", win=rules.instant_win))
    lines.append(Said("penalty ('callbreak penalty NAME'): minus the bid, whatever the tricks"))
    lines.append(
        Said("ties: broken by most tricks won over the game, else shared")
        if rules.tiebreak == "tricks" else Said("ties: shared; every player on the top total wins")
    )
    return lines
