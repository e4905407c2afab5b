"""A TAB press answered two ways: by the Typer-free answerer and by Typer itself."""

from __future__ import annotations

import re

from typer.testing import CliRunner

from callbreak_score.shell import tab
from callbreak_score.shell.cli import app


def env_for(shell: str, line: str) -> dict[str, str]:
    env = {tab.COMPLETE_VAR: f"complete_{shell}"}
    if shell == "bash":
        words = line.split(" ")
        env.update(COMP_WORDS=line, COMP_CWORD=str(len(words) - 1))
    elif shell == "powershell":
        words = line.split(" ")
        env.update(_TYPER_COMPLETE_ARGS=line, _TYPER_COMPLETE_WORD_TO_COMPLETE=words[-1])
    else:
        env.update(_TYPER_COMPLETE_ARGS=line)
    return env


def typer_answer(env: dict[str, str]) -> tuple[str, int]:
    """Typer's answer, with two of its slips mended as the fast path mends them: a
    description Rich broke at 80 columns (a trailing space and a line break, which fish
    shows as a second line) joined again, and zsh's apostrophes escaped, not doubled."""
    result = CliRunner().invoke(app, [], env=env, prog_name="callbreak")
    text = re.sub(r"(?<!:::) \n", " ", result.stdout)
    if env.get(tab.COMPLETE_VAR) == "complete_zsh":  # an apostrophe as zsh reads it without
        text = text.replace("''", "'\\''")  # RC_QUOTES (tab.zsh_escape), not doubled
    return text, result.exit_code


def fast_answer(env: dict[str, str]) -> tuple[str, int] | None:
    answer = tab.respond(env)
    if answer is None:
        return None
    text, code = answer
    return ("" if text is None else text + "\n"), code


def same_as_typer(shell: str, line: str, fish_action: str = "get-args") -> bool:
    env = env_for(shell, line)
    if shell == "fish":
        env["_TYPER_COMPLETE_FISH_ACTION"] = fish_action
    fast = fast_answer(env)
    if fast is None:
        return False
    assert fast == typer_answer(env), (shell, line, fast)
    return True
