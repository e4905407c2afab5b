"""The words a scorer types for a round, read (pure): a player by a unique start of the
name, NAME = N pairs joined, a number in any digits, a blind bid as b6, a player given
once. game.py reads a whole line with them (parse_numbers, parse_bids) and play.py one
number at a time; the game's moves then check the numbers against its rules.
"""

from __future__ import annotations

from collections.abc import Container, Sequence

from .errors import Refused, Word, cut_word
from .numbers import whole

COUNTS = {3: Word("three"), 4: Word("four"), 5: Word("five")}  # players, as messages say them
WHAT = {"bids": Word("bids"), "tricks": Word("tricks")}  # what parse_numbers reads


def seat_of(players: Sequence[str], name: str) -> int:
    """The seat of a player given by a unique, case-insensitive prefix of the name."""
    key = name.strip().casefold()
    exact = [seat for seat, p in enumerate(players) if p.casefold() == key]
    if exact:
        return exact[0]
    hits = [seat for seat, p in enumerate(players) if key and p.casefold().startswith(key)]
    if len(hits) == 1:
        return hits[0]
    if hits:
        *first, last = (players[s] for s in hits)
        raise Refused("'{name}' could be {first} or {last}; type more of the name",
                      name=cut_word(name), first=", ".join(first), last=last)
    raise Refused("no player is called '{name}'; the players are {players}",
                  name=cut_word(name), players=", ".join(players))


def given_once(given: Container[int], seat: int, players: Sequence[str],
               usage: Refused) -> None:
    """Refused when one line gives a player a second number: a later one never silently
    wins ('Asha=3 Asha=4')."""
    if seat in given:
        raise Refused("{player} is given twice; {usage}", player=players[seat], usage=usage)


def join_pairs(words: Sequence[str]) -> list[str]:
    """'Asha= 4', 'Asha =4' and 'Asha = 4' as 'Asha=4' (TAB completes 'Asha=' and a space)."""
    out: list[str] = []
    for word in words:
        if out and (out[-1].endswith("=") or word.startswith("=")):
            out[-1] += word
        else:
            out.append(word)
    return out


def parse_number(word: str, player: str, what: str, blind_ok: bool = False) -> tuple[int, bool]:
    """(number, blind): a whole number, signs included ('-1' is a number, refused later as
    out of range), written b6 when `blind_ok` and the bid is blind."""
    text = word.strip()
    blind = blind_ok and text[:1] in ("b", "B")
    number = whole(text[1:]) if blind and text[1:2] != "-" else whole(text)
    if number is None:
        raise Refused("'{word}' for {player} is not a whole number of {what}",
                      word=cut_word(word), player=player, what=WHAT[what])
    return number, blind
