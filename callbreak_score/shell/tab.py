"""TAB completion without importing Typer: the answer Typer would give, in a blink.

The shell scripts (scripts.py, which completions/ holds) run `callbreak` with
`_CALLBREAK_COMPLETE=complete_<shell>` on every TAB, as Typer's own do. Typer would import
itself (and Rich, for the help texts) to answer, which costs several times `python -c pass`. This
module answers the same question from the command table (commands.py); a test compares
every answer with Typer's own, from the Typer app made from the same table. Anything it
does not recognise it leaves to Typer (returns None). It never imports the Typer app; the
app's completers call `dynamic` and `typed_values` here.
"""

from __future__ import annotations

import os
from collections.abc import Mapping

from .acts import COMPLETE_VAR

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing on every TAB
if TYPE_CHECKING:
    from .declare import Command, Param

SHELLS = ("bash", "zsh", "fish", "powershell")


def split_arg_string(string: str) -> list[str]:
    """Split like a shell, keeping an unfinished quote as a partial word (as Click does)."""
    import shlex

    lex = shlex.shlex(string, posix=True)
    lex.whitespace_split = True
    lex.commenters = ""
    out = []
    try:
        for token in lex:
            out.append(token)
    except ValueError:
        out.append(lex.token)
    return out


def _words(shell: str, env: Mapping[str, str]) -> tuple[list[str], str]:
    """(complete words after the program name, the word being completed), per shell."""
    if shell == "bash":
        words = split_arg_string(env["COMP_WORDS"])
        cword = int(env["COMP_CWORD"])
        return words[1:cword], (words[cword] if cword < len(words) else "")
    line = env.get("_TYPER_COMPLETE_ARGS", "")
    words = split_arg_string(line)
    if shell == "powershell":
        incomplete = env.get("_TYPER_COMPLETE_WORD_TO_COMPLETE", "")
        return (words[1:-1] if incomplete else words[1:]), incomplete
    args = words[1:]
    if args and not line.endswith(" "):
        return args[:-1], args[-1]
    return args, ""


class _Unsure(Exception):
    """Something the table does not cover: let Typer answer."""


def _parse(
    params: tuple[Param, ...], tokens: list[str], interspersed: bool, loose: bool = False
) -> tuple[set[str], list[str], list[str]]:
    """Which options were given, the positional words, and what follows (like Click);
    `loose`: unknown options are positional words (Click's ignore_unknown_options)."""
    given: set[str] = set()
    positional: list[str] = []
    i = 0
    while i < len(tokens):
        token = tokens[i]
        if token == "--":
            if not interspersed:
                return given, positional, tokens[i + 1:]
            return given, positional + tokens[i + 1:], []
        if token[:1] == "-" and len(token) > 1:
            name, eq, _ = token.partition("=") if token.startswith("--") else (token, "", "")
            match = [p for p in params if name in p.opts]
            if not match and loose:
                positional.append(token)
                i += 1
                continue
            if not match:
                raise _Unsure(token)
            option = match[0]
            if not (option.flag or eq) and i + 1 >= len(tokens):
                # An option still missing its value: Click's parse stops there, keeping
                # the options before it but handing no words to the arguments.
                return given, [], []
            given.add(option.name)
            i += 1 if option.flag or eq else 2
            continue
        if not interspersed:
            return given, positional, tokens[i:]
        positional.append(token)
        i += 1
    return given, positional, []


def _arguments(params: tuple[Param, ...], positional: list[str]) -> dict[str, list[str]]:
    """Positional words handed to the command's arguments, in order."""
    out: dict[str, list[str]] = {}
    rest = list(positional)
    for p in params:
        if p.opts:
            continue
        take = len(rest) if p.many else 1
        out[p.name], rest = rest[:take], rest[take:]
    return out


def dynamic(kind: str, incomplete: str, values: dict[str, list[str]]) -> list[str]:
    """The completers the Typer app names (params.py), computed here without Typer."""
    if kind == "ids":
        # The newest 100 that match: a decade of evenings is thousands of ids, and a
        # few typed digits of the date (YYMMDD) narrow them to one month's folder.
        from callbreak_score.core.errors import Refused
        from callbreak_score.storage.folders import named_ids

        try:
            return named_ids(incomplete, limit=100)
        except Refused:  # a folder it may not read: nothing to offer, never a traceback
            return []
    if kind == "events":  # the events' ids, newest first, from the folder's names alone
        from callbreak_score.core.errors import Refused
        from callbreak_score.storage import events

        try:
            return [n for n in reversed(events.ids()) if n.startswith(incomplete)]
        except Refused:
            return []
    if kind in ("pairs", "players"):
        return _names(incomplete, "=" if kind == "pairs" else "")
    if kind == "people":
        return _people(incomplete, values.get("players", [])[:-1])
    if kind == "dealer":
        typed = values.get("players", [])
        return [p for p in typed if p.casefold().startswith(incomplete.casefold())]
    if kind in ("settings", "setting-values"):
        from callbreak_score.storage.settings import KEYS, choices

        key = (values.get("key") or [""])[0]
        offered = KEYS if kind == "settings" else choices(key)
        return [word for word in offered if word.startswith(incomplete)]
    raise _Unsure(kind)


def _names(incomplete: str, suffix: str) -> list[str]:
    """Each player of the current game whose name starts with what is typed, then `suffix`:
    the first word of the name when that alone names the player, as `bid` reads it."""
    from callbreak_score.core.errors import Refused
    from callbreak_score.core.typed import seat_of
    from callbreak_score.storage import store

    try:
        players = store.load(store.resolve(None)).players
    except Refused:  # no current game, or a damaged one: nothing to offer
        return []
    out = []
    for seat, name in enumerate(players):
        short = name.split(" ")[0]
        try:
            word = short if seat_of(players, short) == seat else name
        except Refused:
            word = name
        if word.casefold().startswith(incomplete.casefold()):
            out.append(word + suffix)
    return out


def _people(incomplete: str, typed: list[str]) -> list[str]:
    """Each person who played before whose names start with what is typed, by the name
    they are shown by when that one starts so, else by the name they played under that
    does (completions start with what is typed); not those already typed."""
    from callbreak_score.core.errors import Refused
    from callbreak_score.core.people import key
    from callbreak_score.storage import people, queries

    try:
        circle = people.circle()
    except Refused:  # a damaged people entry: the names as played
        from callbreak_score.core.people import Circle

        circle = Circle()
    taken = {circle.person_key(name) for name in typed}
    found: dict[str, str] = {}
    for name in queries.names_as_last_seen():
        person = circle.person(name)
        if key(person) in taken:
            continue
        if person.startswith(incomplete):
            found[key(person)] = person
        elif name.startswith(incomplete) and key(person) not in found:
            found[key(person)] = name
    return sorted(found.values(), key=key)


def _context(command: Command, args: list[str]
             ) -> tuple[Command, set[str], dict[str, list[str]]]:
    """The command the words name (or the group they stop at), the options given, the
    argument values."""
    while command.commands:
        given, _positional, rest = _parse(command.params, list(args), interspersed=False)
        sub = command.commands.get(rest[0]) if rest else None
        if sub is None:
            return command, given, {}
        command, args = sub, rest[1:]
    given, positional, _ = _parse(command.params, list(args), interspersed=True,
                                  loose=command.loose)
    return command, given, _arguments(command.params, positional)


def typed_values(env: Mapping[str, str]) -> dict[str, list[str]]:
    """The argument values on the command line being completed ({} if unsure).

    The word being completed is included, so that an option waiting for that very word
    does not hide the arguments typed before it (as it does from Click's context).
    """
    from .commands import ROOT

    shell = env.get(COMPLETE_VAR, "").partition("_")[2]
    try:
        args, incomplete = _words(shell, env)
        return _context(ROOT, [*args, incomplete])[2]
    except (_Unsure, KeyError, ValueError, IndexError):
        return {}


def _items(root: Command, args: list[str], incomplete: str) -> list[tuple[str, str | None]]:
    """The (value, help text) completions for the words, as Click's resolution finds them."""
    node, given, values = _context(root, args)
    # what the completers see: the arguments with the word being completed in place
    try:
        typed = _context(root, [*args, incomplete])[2]
    except _Unsure:
        typed = {}
    if incomplete == "=":
        incomplete = ""
    elif "=" in incomplete and incomplete[:1] == "-":
        name, _, incomplete = incomplete.partition("=")
        args = [*args, name]
    if "--" not in args and incomplete[:1] == "-":
        return _command_items(node, given, incomplete)
    if args and args[-1][:1] == "-":
        for p in node.params:
            if p.opts and not p.flag and args[-1] in p.opts:
                return _value_items(p, incomplete, typed)
    for p in node.params:
        if not p.opts and (p.many or not values.get(p.name)):
            return _value_items(p, incomplete, typed)
    return _command_items(node, given, incomplete)


def _value_items(p: Param, incomplete: str, values: dict[str, list[str]]
                 ) -> list[tuple[str, str | None]]:
    if p.complete:
        found = dynamic(p.complete, incomplete, values)
        return [(v, None) for v in found if v.startswith(incomplete)]
    return [(c, None) for c in p.choices if c.startswith(incomplete)]


def _command_items(node: Command, given: set[str], incomplete: str
                   ) -> list[tuple[str, str | None]]:
    """A group's command names and option names not given yet, as Click offers them."""
    from callbreak_score.views.shorthelp import short_help

    out: list[tuple[str, str | None]] = [
        (name, short_help(command.help, 45)) for name, command in node.commands.items()
        if name.startswith(incomplete)]
    if incomplete and not incomplete[0].isalnum():
        for p in node.params:
            if not p.opts or p.name in given:
                continue
            out += [(name, p.help) for name in p.opts if name.startswith(incomplete)]
    return out


def zsh_escape(s: str) -> str:
    """A value or a description as zsh reads it inside the single quotes of the answer:
    an apostrophe closes them, is escaped and opens them again (Typer doubles it, which
    zsh reads as an apostrophe only with its RC_QUOTES option set: "event's" came out
    "events")."""
    return (s.replace('"', '""').replace("'", "'\\''").replace("$", "\\$")
            .replace("`", "\\`").replace(":", r"\\:"))


def respond(env: Mapping[str, str]) -> tuple[str | None, int] | None:
    """(text to print or None, exit status) for a completion request; None: ask Typer."""
    instruction = env.get(COMPLETE_VAR, "")
    action, _, shell = instruction.partition("_")
    if action != "complete" or shell not in SHELLS:
        return None
    from .commands import ROOT

    cword = env.get("COMP_CWORD", "0")
    if shell == "bash" and not (cword.isascii() and cword.isdigit() and len(cword) < 6):
        return "", 0  # no shell sends that: nothing to offer (Typer's int() would crash)
    try:
        args, incomplete = _words(shell, env)
        items = _items(ROOT, args, incomplete)
    except (_Unsure, KeyError, ValueError, IndexError):
        return None
    if shell == "bash":
        return "\n".join(v for v, _ in items), 0
    if shell == "zsh":
        lines = [f'"{zsh_escape(v)}":"{zsh_escape(h)}"' if h else f'"{zsh_escape(v)}"'
                 for v, h in items]
        return (f"_arguments '*: :(({chr(10).join(lines)}))'" if lines else "_files"), 0
    if shell == "fish":
        lines = [f"{v}\t{''.join(' ' if c.isspace() else c for c in h)}" if h else v
                 for v, h in items]
        action = env.get("_TYPER_COMPLETE_FISH_ACTION", "")
        if action == "is-args":
            return None, 0 if lines else 1
        return ("\n".join(lines) if action == "get-args" and lines else ""), 0
    return "\n".join(f"{v}:::{h or ' '}" for v, h in items), 0


def run_if_asked() -> bool:
    """Answer a completion request from the environment, if there is one Typer-free."""
    if COMPLETE_VAR not in os.environ:
        return False
    answer = respond(os.environ)
    if answer is None:
        return False
    text, status = answer
    if text is not None:
        print(text)
    raise SystemExit(status)


def script(shell: str) -> str:
    """The shell's completion script (scripts.py)."""
    from .scripts import SCRIPTS

    return SCRIPTS[shell]
