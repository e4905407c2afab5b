"""Rule sets: the presets, the options a table may change, and their validation (pure)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields

from .errors import Refused

PRESETS = ("nepal", "pagat", "tens")
PENALTIES = ("full", "shortfall")
TIEBREAKS = ("tricks",)

# What each preset fixes before any option is applied (RULES.md, "Rule sets").
_PRESET_DEFAULTS: dict[str, dict[str, object]] = {
    "nepal": {"min_bid": 1, "max_bid": 13, "rounds": 5, "target": None},
    "pagat": {"min_bid": 2, "max_bid": 13, "rounds": 5, "target": None},
    "tens": {"min_bid": 5, "max_bid": 8, "rounds": None, "target": 300},
}

PRESET_SUMMARIES = {
    "nepal": (
        "The common Nepal/India table. Bids 1 to 13. A made bid (tricks at least the bid) "
        "scores the bid plus 0.1 for every trick over it; a broken bid loses the whole bid. "
        "5 rounds; the highest total wins. Scores have one decimal: 4.0, 4.1, -4.0."
    ),
    "pagat": (
        "Call Bridge as Pagat describes it (Bangladesh). Bids 2 to 13. A bid is made when the "
        "tricks equal the bid or the bid plus one, and scores the bid; extra tricks are worth "
        "nothing. Fewer tricks, or two or more over, loses the bid. A made bid of 8 or more "
        "scores 13 (some tables 16). 5 rounds; whole numbers."
    ),
    "tens": (
        "Ten-point scoring to 300. Bids 5 to 8. A made bid scores 10 x the bid plus 1 for "
        "every extra trick; a broken bid loses 10 x the bid. The game ends after the round "
        "in which any total reaches 300; the highest total wins. Whole numbers."
    ),
}


@dataclass(frozen=True)
class Rules:
    """Everything that decides a game's scores, fixed when the game starts."""

    preset: str = "nepal"
    min_bid: int = 1
    max_bid: int = 13
    penalty: str = "full"
    rounds: int | None = 5
    target: int | None = None
    redeal_below: int | None = None
    eight_wins: bool = False
    high_bid_points: int = 13
    tiebreak: str | None = None

    @property
    def unit(self) -> int:
        """Score units per point: nepal keeps tenths, the others whole points."""
        return 10 if self.preset == "nepal" else 1

    @property
    def is_open(self) -> bool:
        return self.rounds is None and self.target is None

    def to_dict(self) -> dict[str, object]:
        return asdict(self)


def make_rules(
    preset: str = "nepal",
    *,
    rounds: int | None = None,
    target: int | None = None,
    open_game: bool = False,
    min_bid: int | None = None,
    max_bid: int | None = None,
    penalty: str = "full",
    redeal_below: int | None = None,
    eight_wins: bool = False,
    high_bid_points: int | None = None,
    tiebreak: str | None = None,
) -> Rules:
    """A preset with the table's options applied; refuses combinations that make no sense."""
    if preset not in PRESETS:
        raise Refused(f"unknown preset '{preset}'; the presets are {', '.join(PRESETS)}")
    ends = [name for name, given in
            (("--rounds", rounds is not None), ("--target", target is not None),
             ("--open", open_game)) if given]
    if len(ends) > 1:
        raise Refused(f"{' and '.join(ends)} both say when the game ends; give only one")
    base = _PRESET_DEFAULTS[preset]
    end: dict[str, object] = {"rounds": base["rounds"], "target": base["target"]}
    if rounds is not None:
        end = {"rounds": rounds, "target": None}
    elif target is not None:
        end = {"rounds": None, "target": target}
    elif open_game:
        end = {"rounds": None, "target": None}
    if high_bid_points is not None and preset != "pagat":
        raise Refused("--high-bid-points is a pagat option; start the game with --rules pagat")
    rules = Rules(
        preset=preset,
        min_bid=base["min_bid"] if min_bid is None else min_bid,  # type: ignore[arg-type]
        max_bid=base["max_bid"] if max_bid is None else max_bid,  # type: ignore[arg-type]
        penalty=penalty,
        redeal_below=redeal_below,
        eight_wins=eight_wins,
        high_bid_points=13 if high_bid_points is None else high_bid_points,
        tiebreak=tiebreak,
        **end,  # type: ignore[arg-type]
    )
    check(rules)
    return rules


def check(rules: Rules) -> None:
    """Refuse a rule set that cannot be played; used for new games and for stored ones."""
    if rules.preset not in PRESETS:
        raise Refused(f"unknown preset '{rules.preset}'; the presets are {', '.join(PRESETS)}")
    for name in ("min_bid", "max_bid"):
        value = getattr(rules, name)
        if not 1 <= value <= 13:
            raise Refused(f"--{name.replace('_', '-')} {value} is outside 1..13")
    if rules.min_bid > rules.max_bid:
        raise Refused(
            f"the lowest bid ({rules.min_bid}) is above the highest ({rules.max_bid}); "
            f"bids need 1 <= --min-bid <= --max-bid <= 13"
        )
    if rules.penalty not in PENALTIES:
        raise Refused(f"unknown penalty '{rules.penalty}'; use full or shortfall")
    if rules.penalty == "shortfall" and rules.preset == "pagat":
        raise Refused("--penalty shortfall is not defined for pagat; use nepal or tens")
    if rules.rounds is not None and not 1 <= rules.rounds <= 1000:
        raise Refused(f"--rounds {rules.rounds} is outside 1..1000")
    if rules.rounds is not None and rules.target is not None:
        raise Refused("a game ends either after --rounds or at --target, not both")
    if rules.target is not None and not 1 <= rules.target <= 100_000:
        raise Refused(f"--target {rules.target} is outside 1..100000")
    top = 4 * rules.max_bid
    if rules.redeal_below is not None and not 1 <= rules.redeal_below <= top:
        raise Refused(
            f"--redeal-below {rules.redeal_below} is outside 1..{top}: four bids of at most "
            f"{rules.max_bid} total at most {top}"
        )
    if rules.eight_wins and not rules.min_bid <= 8 <= rules.max_bid:
        raise Refused(
            "--eight-wins needs 8 to be a legal bid; "
            f"bids here run {rules.min_bid}..{rules.max_bid}"
        )
    if rules.preset != "pagat" and rules.high_bid_points != 13:
        raise Refused("--high-bid-points is a pagat option; start the game with --rules pagat")
    if not 8 <= rules.high_bid_points <= 52:
        raise Refused(f"--high-bid-points {rules.high_bid_points} is outside 8..52")
    if rules.tiebreak is not None and rules.tiebreak not in TIEBREAKS:
        raise Refused(f"unknown tiebreak '{rules.tiebreak}'; the only tiebreak is tricks")


def rules_from_dict(data: object) -> Rules:
    """The rules stored in a game file, checked as strictly as new ones."""
    if not isinstance(data, dict):
        raise Refused("'rules' is not an object")
    known = {f.name: f for f in fields(Rules)}
    missing = sorted(set(known) - set(data))
    if missing:
        raise Refused(f"'rules' is missing {', '.join(missing)}")
    extra = sorted(set(data) - set(known))
    if extra:
        raise Refused(f"'rules' has unknown fields {', '.join(extra)}")
    for name in ("min_bid", "max_bid", "high_bid_points"):
        _need_int(data[name], name, optional=False)
    for name in ("rounds", "target", "redeal_below"):
        _need_int(data[name], name, optional=True)
    if not isinstance(data["eight_wins"], bool):
        raise Refused("'rules.eight_wins' is not true or false")
    for name in ("preset", "penalty"):
        if not isinstance(data[name], str):
            raise Refused(f"'rules.{name}' is not text")
    if data["tiebreak"] is not None and not isinstance(data["tiebreak"], str):
        raise Refused("'rules.tiebreak' is not text")
    rules = Rules(**data)
    check(rules)
    return rules


def _need_int(value: object, name: str, *, optional: bool) -> None:
    if value is None and optional:
        return
    if isinstance(value, bool) or not isinstance(value, int):
        raise Refused(f"'rules.{name}' is not a whole number")


def end_words(rules: Rules) -> str:
    """When the game ends, in a few words."""
    if rules.is_open:
        return "open game, no fixed end"
    if rules.rounds is not None:
        return f"{rules.rounds} round{'s' if rules.rounds != 1 else ''}"
    return f"to {rules.target} points"


def describe(rules: Rules) -> list[str]:
    """The rules in force, one plain sentence per line."""
    if rules.is_open:
        end = "open game, no fixed end; finish it with 'callbreak finish'"
    elif rules.rounds is not None:
        end = end_words(rules)
    else:
        end = f"ends after the round in which a total reaches {rules.target}"
    lines = [
        f"preset: {rules.preset}",
        f"bids: {rules.min_bid} to {rules.max_bid}",
        f"game: {end}",
        "broken bid: "
        + ("loses only the missing tricks" if rules.penalty == "shortfall"
           else "loses the whole bid"),
    ]
    if rules.preset == "pagat":
        lines.append(f"a made bid of 8 or more scores {rules.high_bid_points}")
    if rules.redeal_below is not None:
        lines.append(
            f"redeal: bids totalling less than {rules.redeal_below} are thrown in and "
            "the same dealer deals again"
        )
    if rules.eight_wins:
        lines.append("eight wins: bidding exactly 8 and winning exactly 8 wins the game at once")
    lines.append(
        "ties: broken by most tricks won over the game, else shared"
        if rules.tiebreak == "tricks" else "ties: shared; every player on the top total wins"
    )
    return lines
