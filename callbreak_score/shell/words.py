"""The parser: a command's words read by its row in the command table (commands.py).

`read()` reads the words as Click would for every call Click accepts, and gives the values
the command's function gets; for anything else (`--help`, a missing argument, a wrong
value, an unknown option, one word too many) it gives None and the Typer app made from the
same table (params.py) reads them instead, to say the usage error in Click's words (in the
interface's language: usage.py). tests/cli/test_words.py checks that both readings agree,
command by command.
"""

from __future__ import annotations

from .declare import CHOICE, TEXT, WHOLE

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing on every command
if TYPE_CHECKING:
    from .declare import Command, Param


def whole_number(value: object) -> int:
    """A number as a person types it (core.numbers: any script's digits), else as Click
    reads one ('+4'); ValueError when it is not one."""
    from callbreak_score.core.numbers import whole

    number = whole(value) if isinstance(value, str) else None
    if number is None and isinstance(value, str) and not value.isascii():
        raise ValueError(value)  # int() would read any script's digits: 'not a valid integer'
    # any value, as Click's int() reads it: its TypeError or ValueError is the refusal
    return int(value) if number is None else number  # type: ignore[call-overload]


def _value(param: Param, word: str) -> tuple[bool, object]:
    """(True, the value the function gets) for a word Click accepts, else (False, None)."""
    kind = param.kind
    if kind == TEXT:
        return True, word
    if kind == CHOICE:
        return word in param.choices, word
    if kind == WHOLE:
        try:
            number = whole_number(word)
        except (ValueError, OverflowError):
            return False, None
        low, high = param.range or (None, None)
        return (low is None or number >= low) and (high is None or number <= high), number
    return False, None  # a flag takes no word


def _split(command: Command, words: list[str]
           ) -> tuple[list[tuple[Param, str, str | None]], list[str]] | None:
    """The words after the command's name as Click's parser splits them: each option given
    (its entry, its name as typed, its value or None for a flag) and the other words in
    order; None when the parser would refuse them (an unknown option, a missing value) or
    this reader does not know how Click reads them."""
    options: dict[str, Param] = {}
    for declared in command.params:
        for name in declared.opts:
            options[name] = declared
    loose = command.loose
    given: list[tuple[Param, str, str | None]] = []
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
            if param.flag:
                return None
        if param is None:
            if loose and (word.startswith("--") or not any(f"-{c}" in options for c in word)):
                loose_words.append(word)  # not an option of this command: a word, as Click
                continue
            return None
        if param.flag and equals:
            return None
        if not param.flag and not equals:
            if at >= len(words):
                return None
            value = words[at]
            at += 1
        given.append((param, name, None if param.flag else value))
    return given, loose_words


def asks_help(command: Command, words: list[str]) -> bool:
    """Whether Click shows the command's help for these words: --help given as an option
    (not as an option's value, nor after --) and every other word parsed without a usage
    error. The help comes before any value is read (--help is eager)."""
    split = _split(command, words)
    return split is not None and any(param.name == "help" for param, _n, _v in split[0])


def read(command: Command, words: list[str]) -> dict[str, object] | None:
    """The values `command`'s function gets from the words after its name, as Click would
    give them (every keyword: the defaults of those not given); None when Click is to read
    them."""
    split = _split(command, words)
    if split is None:
        return None
    options, loose_words = split
    given: dict[str, object] = {}
    for param, _name, value in options:
        if param.name == "help":
            return None
        if param.flag:
            given[param.name] = True
            continue
        assert value is not None  # an option that is not a flag is given with its value
        ok, given[param.name] = _value(param, value)
        if not ok:
            return None
    if any(param.required and param.opts and param.name not in given
           for param in command.params):
        return None  # a required option missing: Click's usage error
    arguments = [param for param in command.params if not param.opts]
    read = _arguments(arguments, loose_words, given)
    return None if read is None else command.values(read)


def _arguments(arguments: list[Param], words: list[str], given: dict[str, object]
               ) -> dict[str, object] | None:
    """The positional words dealt to the arguments in order, as Click deals them (one
    argument may take any number of words: those the others leave)."""
    many = [param for param in arguments if param.many]
    if len(many) > 1:
        return None
    singles = len(arguments) - len(many)
    if len(words) > singles and not many:
        return None  # one word too many: Click's usage error
    at = 0
    for index, param in enumerate(arguments):
        if param.many:
            after = len(arguments) - index - 1
            taken = words[at:max(at, len(words) - after)]
            at += len(taken)
            if not taken:
                if param.required:
                    return None
                continue  # the default, as Typer gives it
            values = []
            for word in taken:
                ok, value = _value(param, word)
                if not ok:
                    return None
                values.append(value)
            given[param.name] = values
            continue
        if at >= len(words):
            if param.required:
                return None
            continue
        ok, given[param.name] = _value(param, words[at])
        at += 1
        if not ok:
            return None
    return given
