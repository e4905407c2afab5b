"""A usage error (Click's, exit 2) in the interface's language. The kind of error and what
it names (the option or argument, the word typed, the choices, the commands meant) are put
into messages of our own, whose English is Click's words: a message is said in our words
only when their English is exactly what Click said, so English is Click's as it was, and
a message of Click's this module does not know (nor its future wording) stays Click's.
"""

from __future__ import annotations

from callbreak_score.i18n import N_, t

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing on every command
if TYPE_CHECKING:
    from typer._click import exceptions as click

NO_SUCH_OPTION = N_("No such option: {option}")
POSSIBLE_OPTIONS = N_("No such option: {option} (Possible options: {options})")
NO_SUCH_COMMAND = N_("No such command {command}.")
DID_YOU_MEAN = N_("No such command {command}. Did you mean {commands}?")
MISSING_COMMAND = N_("Missing command.")
NEEDS_VALUE = N_("Option {option} requires an argument.")
TAKES_NO_VALUE = N_("Option {option} does not take a value.")
EXTRA_WORDS = N_("Got unexpected extra argument(s) ({words})")
MISSING = {"argument": N_("Missing argument {param}."), "option": N_("Missing option {param}.")}
MISSING_CHOICE = {"argument": N_("Missing argument {param}. Choose from: {choices}"),
                  "option": N_("Missing option {param}. Choose from: {choices}")}
INVALID = N_("Invalid value for {param}: {problem}")
INVALID_UNNAMED = N_("Invalid value: {problem}")
# What a parameter's type says of a word it cannot read, by the type's name as Click
# writes it ('int range' is Click's IntRange, as Whole reads --port or --games)
NOT_A_NUMBER = {"int": N_("{value} is not a valid int."),
                "int range": N_("{value} is not a valid int range.")}
OUT_OF_RANGE = N_("{value} is not in the range {range}.")
NOT_A_CHOICE = N_("{value} is not one of {choices}.")

Said = tuple[str, dict[str, object]]  # a message and its values (a value may be a Said)


def problem(error: Exception) -> str:
    """The usage error's sentence, on one line (its words as Click would say them in
    English; in the interface's language when the error is one this module knows)."""
    clicks = " ".join(error.format_message().split())  # type: ignore[attr-defined]
    known = _known(error)
    if known is None or " ".join(_english(known).split()) != clicks:
        return clicks  # not the sentence our English says: Click's, as it is
    return " ".join(_translated(known).split())


def _english(said: Said) -> str:
    message, values = said
    return message.format(**{key: _english(value) if isinstance(value, tuple) else value
                             for key, value in values.items()})


def _translated(said: Said) -> str:
    message, values = said
    return t(message, **{key: _translated(value) if isinstance(value, tuple) else value
                         for key, value in values.items()})


def _known(error: Exception) -> Said | None:
    """The message and values that say the error, or None when it is not one we know."""
    from typer._click import exceptions as click

    if isinstance(error, click.NoSuchOption):
        option = _escaped(error.option_name)
        if error.possibilities:
            return POSSIBLE_OPTIONS, {"option": option,
                                      "options": ", ".join(sorted(error.possibilities))}
        return NO_SUCH_OPTION, {"option": option}
    if isinstance(error, click.BadOptionUsage):
        named = repr(error.option_name)
        for message in (NEEDS_VALUE, TAKES_NO_VALUE):
            if error.message == message.format(option=named):
                return message, {"option": named}
        return None
    if isinstance(error, click.MissingParameter):
        return _missing(error)
    if isinstance(error, click.BadParameter):
        return _invalid(error)
    command = getattr(error, "command_typed", None)  # cli.NoSuchCommand
    if command is not None:
        meant = getattr(error, "commands_meant", ())
        if meant:
            return DID_YOU_MEAN, {"command": repr(command),
                                  "commands": ", ".join(map(repr, meant))}
        return NO_SUCH_COMMAND, {"command": repr(command)}
    if type(error) is click.UsageError:  # ctx.fail(): the extra words, or no command
        if error.message == MISSING_COMMAND:
            return MISSING_COMMAND, {}
        lead, end = EXTRA_WORDS.split("{words}")
        if error.message.startswith(lead) and error.message.endswith(end):
            return EXTRA_WORDS, {"words": error.message[len(lead):-len(end)]}
    return None


def _missing(error: click.MissingParameter) -> Said | None:
    """A required argument or option not given, with the choices it takes."""
    param = error.param
    kind = error.param_type or (param.param_type_name if param is not None else None)
    if param is None or error.message or kind not in MISSING:
        return None
    values: dict[str, object] = {"param": _hint(error)}
    choices = _choices(param.type)
    if choices is None:
        return MISSING[kind], values
    return MISSING_CHOICE[kind], {**values, "choices": ", ".join(choices)}


def _invalid(error: click.BadParameter) -> Said | None:
    """A word the parameter's type cannot read (as the type says it), or a refusal of a
    command's own (already in the interface's language), after the parameter's name."""
    hint = _hint(error)
    values: dict[str, object] = {"problem": _unreadable(error) or error.message}
    return (INVALID, {"param": hint, **values}) if hint else (INVALID_UNNAMED, values)


def _unreadable(error: click.BadParameter) -> Said | None:
    """What the parameter's type said of the word typed, in our words; None when the
    message is not one of the sentences the type says (the word is the rest of it)."""
    kind = getattr(error.param, "type", None)
    sentences = []
    choices = _choices(kind)
    if choices is not None:
        sentences.append((NOT_A_CHOICE, {"choices": ", ".join(map(repr, choices))}))
    if getattr(kind, "name", None) in NOT_A_NUMBER:
        sentences.append((NOT_A_NUMBER[kind.name], {}))  # type: ignore[union-attr]
    describe = getattr(kind, "_describe_range", None)
    if describe is not None:
        sentences.append((OUT_OF_RANGE, {"range": describe()}))
    for message, values in sentences:
        lead, end = message.format(value="\0", **values).split("\0")
        if error.message.startswith(lead) and error.message.endswith(end):
            typed = error.message[len(lead):len(error.message) - len(end)]
            return message, {"value": typed, **values}
    return None


def _choices(kind: object) -> list[str] | None:
    """The words a choice type takes, as Click lists them; None for another type."""
    choices = getattr(kind, "choices", None)
    if not choices:
        return None
    return [str(getattr(choice, "value", choice)) for choice in choices]


def _hint(error: click.BadParameter) -> str | None:
    """The parameter as Click names it in a message: '--rounds', 'GAME'."""
    hint = error.param_hint
    if hint is None and error.param is not None:  # (Click's hint reads no context)
        hint = error.param.get_error_hint(error.ctx)  # type: ignore[arg-type]
    if hint is not None and not isinstance(hint, str):
        hint = " / ".join(repr(part) for part in hint)
    return None if hint is None else str(hint)


def _escaped(word: str) -> str:
    """A typed word as Click shows it in a message: a control character as \\x1b."""
    import re

    return re.sub(r"[\x00-\x1f\x7f-\x9f]", lambda found: f"\\x{ord(found[0]):02x}", word)
