"""The fast path's reading of a command's words, from the table of the commands.

completion_spec.py is generated from the Typer app (`python -m callbreak_score.shell.
completion`; a test fails when it is stale): every command, the function Typer calls for
it, and each of its options and arguments. `read()` reads the words as Click would for
every call Click accepts, and gives the values the function gets; for anything else
(`--help`, a missing argument, a wrong value, an unknown option, one word too many) it
gives None and the Typer app reads them instead, to say the usage error in its own words.
tests/cli/test_words.py checks that both readings agree, command by command.
"""

from __future__ import annotations

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing on every command
if TYPE_CHECKING:
    from typing import Any

    Entry = dict[str, Any]  # a command or a parameter of completion_spec.SPEC


def whole_number(value: object) -> int:
    """A number as a person types it (core.numbers: any script's digits), else as Click
    reads one ('+4'); ValueError when it is not one."""
    from callbreak_score.core.numbers import whole

    number = whole(value) if isinstance(value, str) else None
    if number is None and isinstance(value, str) and not value.isascii():
        raise ValueError(value)  # int() would read any script's digits: 'not a valid integer'
    # any value, as Click's int() reads it: its TypeError or ValueError is the refusal
    return int(value) if number is None else number  # type: ignore[call-overload]


def _value(param: Entry, word: str) -> tuple[bool, object]:
    """(True, the value the function gets) for a word Click accepts, else (False, None)."""
    kind = param["type"]
    if kind == "text":
        return True, word
    if kind == "choice":
        return word in param["choices"], word
    if kind == "whole":
        try:
            number = whole_number(word)
        except (ValueError, OverflowError):
            return False, None
        low, high = param.get("range", (None, None))
        return (low is None or number >= low) and (high is None or number <= high), number
    return False, None  # a kind this reader does not know: Click's to read


def _split(command: Entry, words: list[str]
           ) -> tuple[list[tuple[Entry, str, str | None]], list[str]] | None:
    """The words after the command's name as Click's parser splits them: each option given
    (its entry, its name as typed, its value or None for a flag) and the other words in
    order; None when the parser would refuse them (an unknown option, a missing value) or
    this reader does not know how Click reads them."""
    options: dict[str, Entry] = {}
    for param in command["params"]:
        for name in param["opts"]:
            options[name] = param
    loose = command.get("loose", False)
    given: list[tuple[Entry, str, str | None]] = []
    loose_words: list[str] = []
    at, only_arguments = 0, False
    while at < len(words):
        word = words[at]
        at += 1
        if only_arguments or word == "-" or not word.startswith("-"):
            loose_words.append(word)
            continue
        if word == "--":
            only_arguments = True
            continue
        name, equals, value = word.partition("=") if word.startswith("--") else (word, "", "")
        param = options.get(name)
        if param is None and not word.startswith("--") and word[:2] in options:
            param, name, equals, value = options[word[:2]], word[:2], "=", word[2:]  # -oFILE
            if param["flag"]:
                return None
        if param is None:
            if loose and (word.startswith("--") or not any(f"-{c}" in options for c in word)):
                loose_words.append(word)  # not an option of this command: a word, as Click
                continue
            return None
        if param["nargs"] != 1 or (param["flag"] and equals):
            return None
        if not param["flag"] and not equals:
            if at >= len(words):
                return None
            value = words[at]
            at += 1
        given.append((param, name, None if param["flag"] else value))
    return given, loose_words


def asks_help(command: Entry, words: list[str]) -> bool:
    """Whether Click shows the command's help for these words: --help given as an option
    (not as an option's value, nor after --) and every other word parsed without a usage
    error. The help comes before any value is read (--help is eager)."""
    split = _split(command, words)
    return split is not None and any(param["name"] == "help" for param, _n, _v in split[0])


def read(command: Entry, words: list[str]) -> dict[str, object] | None:
    """The values for `command` (its entry in SPEC) from the words after its name, as Click
    would give them to its function; None when Click is to read them."""
    split = _split(command, words)
    if split is None:
        return None
    options, loose_words = split
    given: dict[str, object] = {}
    for param, name, value in options:
        if param["name"] == "help" or param["multiple"] or name in param.get("secondary", ()):
            return None
        if param["flag"]:
            given[param["name"]] = True
            continue
        assert value is not None  # an option that is not a flag is given with its value
        ok, given[param["name"]] = _value(param, value)
        if not ok:
            return None
    if any(param["required"] and param["kind"] == "option" and param["name"] not in given
           for param in command["params"]):
        return None  # a required option missing: Click's usage error
    arguments = [param for param in command["params"] if param["kind"] == "argument"]
    return _arguments(arguments, loose_words, given)


def _arguments(arguments: list[Entry], words: list[str], given: dict[str, object]
               ) -> dict[str, object] | None:
    """The positional words dealt to the arguments in order, as Click deals them (one
    argument may take any number of words: those the others leave)."""
    many = [param for param in arguments if param["nargs"] == -1]
    if len(many) > 1 or any(param["nargs"] not in (1, -1) for param in arguments):
        return None
    singles = len(arguments) - len(many)
    if len(words) > singles and not many:
        return None  # one word too many: Click's usage error
    at = 0
    for index, param in enumerate(arguments):
        if param["nargs"] == -1:
            after = len(arguments) - index - 1
            taken = words[at:max(at, len(words) - after)]
            at += len(taken)
            if not taken:
                if param["required"]:
                    return None
                continue  # the function's default, as Typer gives it
            values = []
            for word in taken:
                ok, value = _value(param, word)
                if not ok:
                    return None
                values.append(value)
            given[param["name"]] = values
            continue
        if at >= len(words):
            if param["required"]:
                return None
            continue
        ok, given[param["name"]] = _value(param, words[at])
        at += 1
        if not ok:
            return None
    return given
