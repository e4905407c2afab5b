"""Players as people: `players`, `player rename|merge`, and their undo and redo (the
people log: core/people.py, storage/people.py)."""

from __future__ import annotations

from callbreak_score.core.errors import Refused, cut_word
from callbreak_score.core.people import Circle, key
from callbreak_score.i18n import t
from callbreak_score.storage import people, store

from .acts import now, say

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from typing import Any


def _known(circle: Circle) -> dict[str, list[tuple[str, int, str]]]:
    """Each person's key -> the names they played under, with their games and when each
    last played (a key that sorts)."""
    from callbreak_score.storage import queries

    rows, damaged = queries.names()
    from .exits import warn_damaged

    warn_damaged(damaged)
    found: dict[str, list[tuple[str, int, str]]] = {}
    for name, games, last in rows:
        found.setdefault(circle.person_key(name), []).append((name, games, last))
    return found


def listing(as_json: bool) -> None:
    """`players`: every person, their names as played and their games. A person is
    spelled as stats, ratings and settle spell them: the name the log gave them, else
    the spelling of their newest game."""
    circle = people.circle()
    known = _known(circle)
    entries: list[dict[str, Any]] = []
    for names in known.values():
        newest = max(names, key=lambda row: row[2])[0]
        names.sort(key=lambda row: (-row[1], row[0]))
        entries.append({"name": circle.person(newest),
                        "games": sum(row[1] for row in names),
                        "names": [{"name": n, "games": g} for n, g, _ in names]})
    entries.sort(key=lambda e: (-e["games"], key(e["name"])))
    two_seats_said(circle)
    if as_json:
        import json
        import sys

        sys.stdout.write(json.dumps({"players": entries}, ensure_ascii=False, indent=2)
                         + "\n")
        return
    from callbreak_score.views.peopleview import people_list

    from .acts import screen

    say(people_list(entries, screen()))


def _one(circle: Circle, known: dict[str, list[tuple[str, int, str]]], name: str) -> str:
    """The person a typed name is (a name as played, or a person's shown name)."""
    if circle.person_key(name) not in known:
        raise Refused("no player named '{name}' in any game; 'callbreak players' lists them",
                      name=cut_word(name))
    return circle.person(name)


def change(action: str, name: str, other: str) -> None:
    """`player rename NAME NEW` or `player merge NAME OTHER`, recorded in the people log."""
    from callbreak_score.core.game import check_name, readable_name

    with store.locked():  # no games, no players: a refusal then makes no folder
        circle = people.circle()
        known = _known(circle)
        person = _one(circle, known, name)
        if action == "rename":
            new = readable_name(check_name(other))  # held to new's rules
            taken = circle.person_key(new)
            if taken in known and taken != circle.person_key(person):
                raise Refused("'{new}' is another player's name; 'callbreak player merge {new} "
                              "{name}' makes them one person", new=cut_word(new),
                              name=cut_word(person))
            if new == person:
                raise Refused("'{name}' is already called so; nothing was changed",
                              name=cut_word(person))
            people.add({"at": now(), "change": "rename", "name": person, "other": new})
            say(t("Renamed {name} to {new} in stats, settle and ratings; the games keep the "
                  "names as played ('callbreak undo' takes it back).", name=person, new=new))
            return
        joined = _one(circle, known, other)
        if circle.person_key(joined) == circle.person_key(person):
            raise Refused("'{name}' and '{other}' are already one person; nothing was changed",
                          name=cut_word(person), other=cut_word(joined))
        entry = {"at": now(), "change": "merge", "name": person, "other": joined}
        _apart(circle, entry, person, joined)
        people.add(entry)
        say(t("{other} and {name} are now one person, shown as {name}; the games keep the "
              "names as played ('callbreak undo' takes it back).", name=person, other=joined))


def _apart(circle: Circle, entry: dict[str, str], name: str, other: str) -> None:
    """Refuse a merge that would seat one person twice in a game: two names that played
    at one table are two people."""
    from callbreak_score.storage import queries

    would = Circle([*circle.entries, {**entry, "id": "~"}])  # "~": after every id
    joined = would.person_key(name)
    for game, person, _names in queries.two_seats(would):
        if person == joined:
            raise Refused("{name} and {other} played in the same game {game}: they are two "
                          "people; nothing was changed", name=cut_word(name),
                          other=cut_word(other), game=game)


def two_seats_said(circle: Circle) -> None:
    """Name each game where one person holds two seats (renames or merges made apart on
    two devices can join two people who played together)."""
    from callbreak_score.storage import queries

    from .exits import complain

    for game, _person, names in queries.two_seats(circle):
        complain(t("{names} played in the same game {game} but are now one person (renames "
                   "or merges made on two devices); 'callbreak undo' takes back the newest",
                   names=names, game=game))


def _latest(entries: list[dict[str, str]]) -> dict[str, str] | None:
    """The newest entry of the people log (its id begins with the time it was made)."""
    return max(entries, key=lambda e: e["id"], default=None)


def step(redo: bool, force: bool = False) -> bool:
    """Undo (or redo) a people change when it is newer than the current game's last save
    (or, `force`d, when the game has nothing to take back or put back): True when done,
    False to leave it to the game. Undo takes back the newest rename or merge in force;
    redo puts back what the newest people undo took back."""
    import os

    if not os.path.isdir(people.folder()):
        return False
    with store.locked():
        entries = people.entries()
        if redo:
            last = _latest(entries)
            if last is None or last["change"] != "undo":
                return False
            undone = [e for e in entries if e["id"] == last["of"]]
            if not undone or not (force or _newer_than_game(last)):
                return False
            said = undone[0]
            people.add({**{k: v for k, v in said.items() if k != "id"}, "at": now()})
        else:
            in_force = Circle(entries).entries
            if not in_force or not (force or _newer_than_game(in_force[-1])):
                return False
            said = in_force[-1]
            people.add({"at": now(), "change": "undo", "of": said["id"]})
    words = (t("the renaming of {name} to {other}", name=said["name"], other=said["other"])
             if said["change"] == "rename" else
             t("the merging of {other} into {name}", name=said["name"], other=said["other"]))
    say(t("Put back {change}.", change=words) if redo else
        t("Took back {change}.", change=words))
    return True


def _newer_than_game(entry: dict[str, str]) -> bool:
    """Whether a people entry was written after the current game was last saved: the two
    files' times, from the same clock to the nanosecond (a game's change times are kept
    to the second)."""
    import os

    current = store.current_id()
    if current is None:
        return True
    try:
        saved = os.stat(store.game_path(current)).st_mtime_ns
    except (OSError, Refused):
        return True
    try:
        made = os.stat(os.path.join(people.folder(), entry["id"] + ".json")).st_mtime_ns
    except OSError:
        return False
    return made > saved
