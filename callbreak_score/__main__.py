"""Entry point of the `callbreak` command and of `python -m callbreak_score`: the last way
out, where Ctrl-C, a reader that left, an output that cannot be written and any error no
command expected become one line on stderr and an exit status."""

from __future__ import annotations

import os
import sys

# The exit statuses (a refusal's 1 is given in shell/refusals.py, a usage error's 2 by Click)
OK, REFUSED, USAGE, INTERRUPTED = 0, 1, 2, 130


def main() -> None:
    for name in ("COLUMNS", "LINES"):  # Rich and our views read them as plain numbers
        value = os.environ.get(name)
        if value is not None and not (value.isascii() and value.isdigit() and len(value) < 6):
            del os.environ[name]  # as if unset: the terminal's size, else 80 columns
    if sys.stdout is None:  # started with standard output closed (`>&-`): as /dev/null
        sys.stdout = open(os.devnull, "w", encoding="utf-8")
    try:
        status = _run()
        sys.stdout.flush()  # a full disk under the output shows here, not after exit
    except KeyboardInterrupt:
        _say(lambda t: t("interrupted; nothing half-saved"))
        status = INTERRUPTED
    except BrokenPipeError:  # `callbreak show | head`: the reader left; say nothing more
        _quiet_output()
        status = REFUSED
    except Exception as error:  # the last way out: one line, never a traceback
        if os.environ.get("CALLBREAK_DEBUG"):  # (the tests set it, to see every traceback)
            raise
        if isinstance(error, OSError) and _output_broken(error):
            _quiet_output()
            from .core.errors import os_reason
            from .views.speech import said

            reason = said(os_reason(error))
            _say(lambda t: t("cannot write the output: {error}", error=reason))
        else:
            kind, file = type(error).__name__, _details(error)
            _say(lambda t: t("unexpected error ({kind}); this is a bug, please report it with "
                             "the details in {file}", kind=kind, file=file))
        status = REFUSED
    raise SystemExit(status)


def _run() -> int | str | None:
    """Run the command: the fast path when it answers, else Typer; its exit status."""
    from .shell.quick import dispatch

    try:
        if dispatch(sys.argv[1:]):
            return OK
        from .shell.cli import main as run

        run()
    except SystemExit as done:
        return done.code
    return OK


def _say(words) -> None:  # words(t): the sentence, said with i18n's t
    from .i18n import t
    from .shell.refusals import complain

    complain(words(t))


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
        from .i18n import t

        return t("(none: the temp folder cannot be written)")
    return path


if __name__ == "__main__":
    main()
