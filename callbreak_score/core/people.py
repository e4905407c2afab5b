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
    shown by (the name itself when the log never touched it).

    Each name key the log touched belongs to a group of keys shown by one name; a join
    moves the smaller of the groups it joins into the larger, so a log of n entries is
    replayed in about n log n steps, not n times every name touched (4,000 synced
    renames took 24 s). The answers are those of the first version, which rewrote every
    name's entry at each join (tests/unit/test_people_log.py keeps it to compare with)."""

    def __init__(self, entries: list[dict[str, str]] | tuple[dict[str, str], ...] = ()) -> None:
        ordered = sorted({e["id"]: e for e in entries}.values(), key=lambda e: e["id"])
        undone = {e["of"] for e in ordered if e["change"] == "undo"}
        self.entries = tuple(e for e in ordered if e["change"] != "undo"
                             and e["id"] not in undone)
        self._group: dict[str, int] = {}  # a name's key -> its group, in the order touched
        self._shown: dict[int, str] = {}  # a group -> the name its person is shown by
        self._members: dict[int, dict[str, None]] = {}  # a group -> its name keys
        self._by_key: dict[str, set[int]] = {}  # a shown name's key -> the groups shown so
        self._at: dict[str, int] = {}  # a name's key -> when it was first touched
        self._keys: dict[str, str] = {}  # key() of the names met, each worked out once
        self._made = 0  # groups made so far: the next one's number
        for entry in self.entries:
            if entry["change"] == "rename":
                self._join(entry["name"], entry["other"], entry["other"])
            else:
                self._join(entry["other"], entry["name"], self.person(entry["name"]))
        # changes whenever who-is-who changes: caches of per-person figures keep it
        self.stamp = "|".join(e["id"] for e in self.entries)

    def _key(self, name: str) -> str:
        found = self._keys.get(name)
        if found is None:
            found = self._keys[name] = key(name)
        return found

    def _join(self, name: str, into: str, shown: str) -> None:
        """`name`'s person (all its names) becomes the person shown as `shown`, whose names
        include `into`."""
        old = self._key(self.person(name))
        into_key = self._key(into)
        target = self._key(self.person(into))
        shown_key = self._key(shown)
        if into_key in self._group and target != shown_key:
            group = self._split(old, target, into_key, shown, shown_key)
        else:
            group = self._merge(self._by_key.get(old, set()) | self._by_key.get(target, set()),
                                shown)
        for word in (name, self.person(name), into, shown):
            self._put(self._key(word), group)

    def _merge(self, groups: set[int], shown: str) -> int:
        """The groups made one, shown as `shown`: the smaller ones' keys move into the
        largest (each key moves only into a group at least twice the size it left)."""
        if not groups:
            group = self._made = self._made + 1
            self._shown[group], self._members[group] = shown, {}
            self._by_key.setdefault(self._key(shown), set()).add(group)
            return group
        group = max(groups, key=lambda g: len(self._members[g]))
        for other in groups - {group}:
            for alias in self._members[other]:
                self._group[alias] = group
            self._members[group].update(self._members.pop(other))
            self._forget(other)
        self._by_key[self._key(self._shown[group])].discard(group)
        if not self._by_key[self._key(self._shown[group])]:
            del self._by_key[self._key(self._shown[group])]
        self._shown[group] = shown
        self._by_key.setdefault(self._key(shown), set()).add(group)
        return group

    def _split(self, old: str, target: str, into_key: str, shown: str, shown_key: str) -> int:
        """A rename to a name that is another person's: as the first version did, the names
        taken along are those of `name`'s person and of the person `into` was, up to
        `into` itself in the order the names were touched, and after it those of `name`'s
        person and of the person shown as `shown`."""
        groups = set()
        for k in (old, target, shown_key):
            groups |= self._by_key.get(k, set())
        aliases = sorted((a for g in groups for a in self._members[g]), key=self._at.__getitem__)
        was = {a: self._key(self._shown[self._group[a]]) for a in aliases}
        moved = []
        for alias in aliases:
            if was[alias] in (old, target):
                moved.append(alias)
                if alias == into_key:
                    target = shown_key
        group = self._merge(set(), shown)
        for alias in moved:
            self._put(alias, group)
        return group

    def _put(self, alias: str, group: int) -> None:
        """The name key belongs to the group (and to no other)."""
        before = self._group.get(alias)
        if before == group:
            return
        if before is None:
            self._at[alias] = len(self._at)
        else:
            del self._members[before][alias]
            if not self._members[before]:
                self._forget(before)
                del self._members[before]
        self._group[alias] = group
        self._members[group][alias] = None

    def _forget(self, group: int) -> None:
        """A group left empty: no longer a person's."""
        shown = self._shown.pop(group)
        held = self._by_key[self._key(shown)]
        held.discard(group)
        if not held:
            del self._by_key[self._key(shown)]

    def person(self, name: str) -> str:
        group = self._group.get(self._key(name))
        return name if group is None else self._shown[group]

    def person_key(self, name: str) -> str:
        """One key per person: what stats, settle and ratings group by."""
        return self._key(self.person(name))

    def aliases(self) -> dict[str, str]:
        """Every name key the log touched -> the key of the person it now belongs to."""
        return {alias: self._key(self._shown[group]) for alias, group in self._group.items()}

    def names_of(self, person: str) -> list[str]:
        """The name keys that belong to `person` (its own included)."""
        wanted = self.person_key(person)
        return sorted({a for g in self._by_key.get(wanted, ()) for a in self._members[g]}
                      | {wanted})


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
