"""Who is who across games: one key per name, the people log that makes names people
(rename, merge), and WHEN words for --since and --until (pure).

The people log is a set of entries, each made once and never changed, so that two
devices' logs merge by union (sync copies files, and git never merges one). An entry is
a dict: {"id": unique text, "at": ISO time, "change": "rename" | "merge" | "undo",
"name": ..., "other": ...} (rename: name -> other; merge: other joins name's person;
undo: "of" is the id of the entry it takes back). Replayed in the order of their ids,
which begin with the UTC time they were made (to the microsecond) and end in a random part.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from datetime import datetime


def key(name: str) -> str:
    """The same person across games: names match ignoring case and Unicode normalization."""
    import unicodedata

    return unicodedata.normalize("NFC", unicodedata.normalize("NFC", name).casefold())


CHANGES = ("rename", "merge", "undo")


class Circle:
    """The people behind the names as played: `person(name)` is the name a person is
    shown by (the name itself when the log never touched it)."""

    def __init__(self, entries: list[dict] | tuple[dict, ...] = ()) -> None:
        ordered = sorted({e["id"]: e for e in entries}.values(), key=lambda e: e["id"])
        undone = {e["of"] for e in ordered if e["change"] == "undo"}
        self.entries = tuple(e for e in ordered if e["change"] != "undo"
                             and e["id"] not in undone)
        self._to: dict[str, str] = {}  # a name's key -> the person's shown name
        for entry in self.entries:
            if entry["change"] == "rename":
                self._join(entry["name"], entry["other"], entry["other"])
            else:
                self._join(entry["other"], entry["name"], self.person(entry["name"]))
        # changes whenever who-is-who changes: caches of per-person figures keep it
        self.stamp = "|".join(e["id"] for e in self.entries)

    def _join(self, name: str, into: str, shown: str) -> None:
        """`name`'s person (all its names) becomes the person shown as `shown`, whose names
        include `into`."""
        old = key(self.person(name))
        for alias, person in list(self._to.items()):
            if key(person) == old or key(person) == key(self.person(into)):
                self._to[alias] = shown
        for word in (name, self.person(name), into, shown):
            self._to[key(word)] = shown

    def person(self, name: str) -> str:
        return self._to.get(key(name), name)

    def person_key(self, name: str) -> str:
        """One key per person: what stats, settle and ratings group by."""
        return key(self.person(name))

    def aliases(self) -> dict[str, str]:
        """Every name key the log touched -> the key of the person it now belongs to."""
        return {alias: key(person) for alias, person in self._to.items()}

    def names_of(self, person: str) -> list[str]:
        """The name keys that belong to `person` (its own included)."""
        wanted = self.person_key(person)
        return sorted({k for k, p in self._to.items() if key(p) == wanted} | {wanted})


def since(words: str, now: datetime) -> datetime:
    """The moment WHEN names: a date (2026-11-29), a time today (19:30), or 'today'.

    `now` is an aware local time; the result is aware too, so it compares with any
    game's `created` whatever its offset.
    """
    from datetime import date, datetime, time

    text = words.strip()
    if text.casefold() == "today":
        return now.replace(hour=0, minute=0, second=0, microsecond=0)
    try:
        day = date.fromisoformat(text)
        return datetime.combine(day, time(0, 0), now.tzinfo)
    except ValueError:
        pass
    if len(text) == 4 and text[1:2] == ":":
        text = "0" + text  # 7:30 is 07:30
    try:
        clock = time.fromisoformat(text)
    except ValueError:
        from .errors import Refused, Said, cut_word

        # the examples as numbers, so that they are said in the interface's digits
        raise Refused("--since '{words}' is not a date ({date}), a time today ({time}) or "
                      "'today'", words=cut_word(words),
                      date=Said("{year}-{month}-{day}", year=2026, month=11, day=29),
                      time=Said("{hour}:{minute}", hour=19, minute=30)) from None
    return now.replace(hour=clock.hour, minute=clock.minute, second=clock.second,
                       microsecond=0)


def until(words: str, now: datetime) -> datetime:
    """The end (not included) of what --until WHEN names: a date or 'today' includes that
    whole day, a time today that whole minute."""
    from datetime import timedelta

    from .errors import Refused, Said, cut_word

    try:
        moment = since(words, now)
    except Refused:
        raise Refused("--until '{words}' is not a date ({date}), a time today ({time}) or "
                      "'today'", words=cut_word(words),
                      date=Said("{year}-{month}-{day}", year=2026, month=11, day=29),
                      time=Said("{hour}:{minute}", hour=19, minute=30)) from None
    clock = ":" in words
    step = timedelta(minutes=1) if clock else timedelta(days=1)
    if not clock:  # the next day's midnight, whatever a change of clocks does to its length
        from datetime import datetime, time

        return datetime.combine(moment.date() + step, time(0, 0), moment.tzinfo)
    return moment + step


def started(created: str) -> datetime | None:
    """When a game started, from its `created` text; None when that is not a time."""
    from datetime import datetime

    try:
        moment = datetime.fromisoformat(created)
        return moment if moment.tzinfo else moment.astimezone()
    except (ValueError, OverflowError):  # not a time, or one at the end of the calendar
        return None
