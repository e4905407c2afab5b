"""A command's line in a list of commands: Click's short help, on its own so that TAB's
list of commands (shell/tab.py) gets it without the help page's layout (views/helpview.py
and its textwrap)."""

from __future__ import annotations


def short_help(text: str, limit: int) -> str:
    """click.utils.make_default_short_help: the first sentence, or as many words as fit
    in `limit` characters ending in '...'; a sentence ends at a danda (।) too, as Nepali,
    Hindi and Bengali end one (Click knows only '.')."""
    words = text.partition("\n\n")[0].split()
    if not words:
        return ""
    if words[0] == "\b":
        words = words[1:]
    total, last = 0, len(words) - 1
    for i, word in enumerate(words):
        total += len(word) + (i > 0)
        if total > limit:
            break
        if word[-1] in ".।":
            return " ".join(words[: i + 1])
        if total == limit and i != last:
            break
    else:
        return " ".join(words)
    total += 3
    while i > 0:
        total -= len(words[i]) + (i > 0)
        if total <= limit:
            break
        i -= 1
    return " ".join(words[:i]) + "..."
