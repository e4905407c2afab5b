"""The one way out: how every command ends. A refusal, a damaged file, a usage error,
Ctrl-C, a reader that left, an output that cannot be written and any error no command
expected become one line on stderr after 'callbreak: ' and an exit status from one table.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Sequence

from callbreak_score.core.errors import Refused, cut_word

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing on every command
if TYPE_CHECKING:
    from typing import TypeGuard

    from typer._click.exceptions import ClickException

# The exit statuses: done; refused (or failed, or the reader left); a usage error (Click's
# own UsageError.exit_code, kept as Click gives it); interrupted by Ctrl-C (128 + SIGINT)
OK, REFUSED, USAGE, INTERRUPTED = 0, 1, 2, 130

Status = int | str | None  # as SystemExit carries it


def complain(said: str) -> None:
    """'callbreak: ' and the sentence on stderr: one line when stderr is a file or a pipe
    (tests and scripts read it as one); on a terminal, broken at spaces to the screen's
    width like every other text, a word longer than a line (a path) kept whole to copy.
    A control character or line break in it (a name or a file name from another device)
    is shown as an escape, so the line stays one line and the terminal is left alone."""
    from callbreak_score.views.cells import shown

    line = shown(f"callbreak: {said}", keep="")
    if sys.stderr.isatty():
        from callbreak_score.views.cells import measure, wrapped

        line = wrapped(line, measure(sys.stderr), "  ", cut=False)
    print(line, file=sys.stderr)


def warn_damaged(problems: Sequence[Refused]) -> None:
    """A line on stderr for each damaged file a command went past (list, stats, ratings,
    players: they count the rest, and doctor says how to mend it): its Damaged, or the
    refusal met reading it."""
    if not problems:
        return
    from callbreak_score.i18n import t
    from callbreak_score.views.speech import said

    for problem in problems:
        complain(t("damaged: {problem}", problem=said(problem)))


def run(command: Callable[[], Status]) -> Status:
    """Run a command to its end; its exit status, every failure said on the way out."""
    try:
        status = _finished(command)
        sys.stdout.flush()  # a full disk under the output shows here, not after exit
    except BaseException as error:
        status = ending(error)
    return status


def _finished(command: Callable[[], Status]) -> Status:
    try:
        return command()
    except SystemExit as done:
        return done.code
    except Refused as error:  # said, and the output still flushed
        return ending(error)


def ending(error: BaseException) -> Status:
    """The exit status of a command that ended with `error`, its one line said on stderr
    (the only place that turns an error into a line and a status)."""
    if isinstance(error, SystemExit):
        return error.code
    if isinstance(error, Refused):  # Damaged too
        from callbreak_score.views.speech import said

        complain(said(error))
        return REFUSED
    if _is_click(error, "NoArgsIsHelpError"):  # bare 'callbreak': its help
        error.show()
        return error.exit_code
    if _is_click(error, "ClickException"):
        complain(usage_line(error, sys.argv[1:]))
        return error.exit_code  # USAGE, but for Click's few errors that are not usage
    if isinstance(error, (KeyboardInterrupt, _click("Abort"))):
        from callbreak_score.i18n import t

        complain(t("interrupted; nothing half-saved"))
        return INTERRUPTED if isinstance(error, KeyboardInterrupt) else REFUSED
    if isinstance(error, BrokenPipeError):  # `callbreak show | head`: the reader left
        _quiet_output()
        return REFUSED
    if not isinstance(error, Exception) or os.environ.get("CALLBREAK_DEBUG"):
        raise error  # (the tests set CALLBREAK_DEBUG, to see every traceback)
    from callbreak_score.i18n import t

    if isinstance(error, OSError) and _output_broken(error):
        _quiet_output()
        from callbreak_score.core.errors import os_reason
        from callbreak_score.views.speech import said

        complain(t("cannot write the output: {error}", error=said(os_reason(error))))
    else:  # the last way out: one line, never a traceback
        kind, file = type(error).__name__, _details(error)
        complain(t("unexpected error ({kind}); this is a bug, please report it with "
                   "the details in {file}", kind=kind, file=file))
    return REFUSED


def _click(name: str) -> type | tuple[()]:
    """Typer's (Click's) error class of that name once Typer is loaded (only its commands
    raise them); else no class at all, so the fast path never imports Typer to ask."""
    for module in ("typer._click.exceptions", "typer.exceptions"):
        found: type | None = getattr(sys.modules.get(module), name, None)
        if found is not None:
            return found
    return ()


def _is_click(error: BaseException, name: str) -> TypeGuard[ClickException]:
    """Whether the error is Typer's (Click's) exception of that name, a ClickException or
    one of its kinds (never, while Typer is not loaded)."""
    return isinstance(error, _click(name))


def usage_line(error: Exception, words: Sequence[str]) -> str:
    """Click's usage error on one line in the interface's language (usage.py), each typed
    word it repeats cut short (cut_word), and the command whose help says what it takes."""
    from callbreak_score.i18n import t

    from .usage import problem

    said = problem(error)
    typed = {part for word in words for part in (word, word.partition("=")[2])}
    for word in sorted(typed, key=len, reverse=True):
        if (len(word) > 40 or not word.isprintable()) and word in said:
            said = said.replace(word, cut_word(word))
    context = getattr(error, "ctx", None)
    where = context.command_path if context is not None else _named(words)
    return t("{problem} (see '{command} --help')", problem=said, command=where)


def _named(words: Sequence[str]) -> str:
    """The command the words name ('callbreak event new'), for an error Click raised
    without its context (an option missing its value)."""
    from .commands import ROOT

    command, path = ROOT, ["callbreak"]
    for word in words:
        if word not in command.commands:
            break
        command = command.commands[word]
        path.append(word)
    return " ".join(path)


def _output_broken(error: OSError) -> bool:
    """Whether standard output is what failed (a full disk, a device error, a closed
    output): a write with no file name, since the store names the files it writes and
    turns their failures into refusals of its own."""
    import errno

    output_errors = {errno.ENOSPC, errno.EIO, errno.EFBIG, errno.EBADF, errno.EPIPE,
                     getattr(errno, "EDQUOT", errno.ENOSPC)}
    if error.filename is None and error.errno in output_errors:
        return True
    try:
        sys.stdout.flush()
    except (OSError, ValueError):
        return True
    return False


def _quiet_output() -> None:
    """Send what is left of the output nowhere, so that exiting does not fail again."""
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError):
        sys.stdout = open(os.devnull, "w", encoding="utf-8")


def _details(error: BaseException) -> str:
    """Write the traceback to a file of its own in the temp folder; that file's path."""
    import tempfile
    import traceback

    try:
        fd, path = tempfile.mkstemp(prefix="callbreak-error-", suffix=".txt")
        with os.fdopen(fd, "w", encoding="utf-8", errors="backslashreplace") as handle:
            handle.write(f"callbreak {' '.join(sys.argv[1:])!r}\n")
            handle.write("".join(traceback.format_exception(error)))
    except OSError:
        from callbreak_score.i18n import t

        return t("(none: the temp folder cannot be written)")
    return path
