"""The people log replayed (core/people.Circle): the same answers as the first version,
kept here to compare with, for any log of renames, merges and undos; and work that grows
with the log about in proportion (counted, never timed)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from callbreak_score.core import people
from callbreak_score.core.people import Circle, key
from tests.lib.work import lines


class FirstCircle:
    """core/people.Circle as it was first written: each join rewrote every name's entry
    (a log of n entries took n times the names touched)."""

    def __init__(self, entries: list[dict] | tuple[dict, ...] = ()) -> None:
        ordered = sorted({e["id"]: e for e in entries}.values(), key=lambda e: e["id"])
        undone = {e["of"] for e in ordered if e["change"] == "undo"}
        self.entries = tuple(e for e in ordered if e["change"] != "undo"
                             and e["id"] not in undone)
        self._to: dict[str, str] = {}
        for entry in self.entries:
            if entry["change"] == "rename":
                self._join(entry["name"], entry["other"], entry["other"])
            else:
                self._join(entry["other"], entry["name"], self.person(entry["name"]))
        self.stamp = "|".join(e["id"] for e in self.entries)

    def _join(self, name: str, into: str, shown: str) -> None:
        old = key(self.person(name))
        for alias, person in list(self._to.items()):
            if key(person) == old or key(person) == key(self.person(into)):
                self._to[alias] = shown
        for word in (name, self.person(name), into, shown):
            self._to[key(word)] = shown

    def person(self, name: str) -> str:
        return self._to.get(key(name), name)

    def person_key(self, name: str) -> str:
        return key(self.person(name))

    def aliases(self) -> dict[str, str]:
        return {alias: key(person) for alias, person in self._to.items()}

    def names_of(self, person: str) -> list[str]:
        wanted = self.person_key(person)
        return sorted({k for k, p in self._to.items() if key(p) == wanted} | {wanted})


# a small pool, so that renames and merges meet: case and normalization variants of one
# name (Café two ways, ASHA), and Devanagari
POOL = ["Asha", "asha", "ASHA", "Bina", "bina", "Café", "Cafe\u0301", "CAFÉ", "Dev", "राम",
        "Ek", "ek"]


@st.composite
def logs(draw: st.DrawFn) -> list[dict]:
    """Entries as devices make them, with ids out of order and some made on two devices
    (the same id twice), undos of entries that exist and of ones that do not."""
    count = draw(st.integers(0, 30))
    entries: list[dict] = []
    for n in range(count):
        stamp = f"{draw(st.integers(0, 40)):020d}-{n:08x}"
        change = draw(st.sampled_from(["rename", "rename", "merge", "merge", "undo"]))
        if change == "undo":
            of = (draw(st.sampled_from(entries))["id"] if entries and draw(st.booleans())
                  else "00000000000000000099-ffffffff")
            entries.append({"id": stamp, "at": "", "change": "undo", "of": of})
        else:
            entries.append({"id": stamp, "at": "", "change": change,
                            "name": draw(st.sampled_from(POOL)),
                            "other": draw(st.sampled_from(POOL))})
    if entries and draw(st.booleans()):
        entries.append(dict(draw(st.sampled_from(entries))))  # synced from two devices
    return draw(st.permutations(entries))


def same_answers(log: list[dict]) -> None:
    new, first = Circle(log), FirstCircle(log)
    assert new.entries == first.entries
    assert new.stamp == first.stamp
    assert list(new.aliases().items()) == list(first.aliases().items())  # order too
    for name in [*POOL, "Zed", "asha "]:
        assert new.person(name) == first.person(name), name
        assert new.person_key(name) == first.person_key(name), name
        assert new.names_of(name) == first.names_of(name), name


@settings(max_examples=600, deadline=None)
@given(logs())
def test_the_log_gives_the_first_versions_answers(log: list[dict]) -> None:
    same_answers(log)


def test_worked_examples_give_the_first_versions_answers() -> None:
    def entry(n: int, change: str, name: str, other: str) -> dict:
        return {"id": f"{n:020d}-0", "at": "", "change": change, "name": name, "other": other}

    chain = [entry(n, "rename", f"P{n}", f"P{n + 1}") for n in range(30)]
    assert Circle(chain).person("P0") == "P30" and Circle(chain).person("p7") == "P30"
    # a rename to a name another person used to have: the first version's order kept
    taken = [entry(1, "rename", "Asha", "Bina"), entry(2, "merge", "Dev", "Bina"),
             entry(3, "rename", "Ek", "Asha"), entry(4, "rename", "asha", "Dev")]
    for end in range(1, len(taken) + 1):
        same_answers(taken[:end])
    same_answers(chain + taken)


def _work(circle: type, log: list[dict], here: str) -> int:
    """Lines of `here` (the file that holds `circle`) run to replay the log and ask who
    each name is: the work done, counted."""

    def replay() -> None:
        replayed = circle(log)
        for entry in log:
            replayed.person_key(entry["name"])

    return lines(replay, here)


def _renames(n: int) -> list[dict]:
    """A log as sync brings it: four people renamed again and again, now and then one
    merged with another's old name (a chain of renames of one person is the first
    version's worst case)."""
    out = []
    for i in range(n):
        person, turn = i % 4, i // 4
        was = f"P{person}-{turn - 1}" if turn else f"P{person}"
        if i % 7 == 6 and turn > 1:
            other = f"P{(person + 1) % 4}-{turn - 2}"
            out.append({"id": f"{i:020d}-0", "at": "", "change": "merge", "name": was,
                        "other": other})
        else:
            out.append({"id": f"{i:020d}-0", "at": "", "change": "rename", "name": was,
                        "other": f"P{person}-{turn}"})
    return out


def test_work_grows_in_proportion_to_the_log() -> None:
    small = _work(Circle, _renames(500), people.__file__)
    large = _work(Circle, _renames(4000), people.__file__)
    # eight times the log: n log n is about 10.7 times the work, n squared 64 times
    assert large <= 12 * small, (small, large)


def test_the_count_sees_quadratic_work() -> None:
    """The measure itself: the first version counts many times the work for eight times
    the log."""
    small = _work(FirstCircle, _renames(150), __file__)
    large = _work(FirstCircle, _renames(1200), __file__)
    assert large > 30 * small, (small, large)
