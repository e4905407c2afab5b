"""JSON read and written as the json module does, without importing it.

Importing `json` compiles six regular expressions (about a twentieth of what `callbreak
show` may cost: benchmarks/README.md). Reading, `loads` drives json's own C scanner (`_json`)
exactly as `json.loads` does; whatever goes wrong (a text that is not JSON, a hook's
refusal) is read again by `json.loads`, which raises the same error it always has (so
the hooks must be pure: on a refusal they run again).
Writing, `dumps` writes what `json.dumps(value, ensure_ascii=False, indent=indent)`
writes for the values a game file and its export hold (text, numbers, true/false/null,
lists and objects of them), with json's own C string escaper; anything else goes to
`json.dumps`.
tests/unit/test_jsontext.py holds both to the json module.
"""

from __future__ import annotations

from collections.abc import Callable

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing on every command
if TYPE_CHECKING:
    from typing import Any

SPACE = " \t\n\r"  # what json skips around a value


class _Context:
    """What json's C scanner reads from a JSONDecoder."""

    strict = True
    object_hook = None

    def __init__(self, pairs: Callable[[list[tuple[str, Any]]], object] | None,
                 whole: Callable[[str], object] | None, real: Callable[[str], object] | None,
                 constant: Callable[[str], object] | None) -> None:
        self.object_pairs_hook = pairs
        self.parse_int = whole or int
        self.parse_float = real or float
        self.parse_constant = constant or _CONSTANTS.__getitem__
        self.memo: dict[str, str] = {}


_CONSTANTS = {"-Infinity": float("-inf"), "Infinity": float("inf"), "NaN": float("nan")}
_INFINITY = float("inf")


def loads(text: str, object_pairs_hook: Callable[[list[tuple[str, Any]]], object] | None = None,
          parse_int: Callable[[str], object] | None = None,
          parse_float: Callable[[str], object] | None = None,
          parse_constant: Callable[[str], object] | None = None) -> Any:
    """json.loads(text, ...) for a str, the same value or the same exception (Any, as
    json.loads: what a JSON text holds is known when it is checked)."""
    def slow() -> Any:
        import json

        return json.loads(text, object_pairs_hook=object_pairs_hook, parse_int=parse_int,
                          parse_float=parse_float, parse_constant=parse_constant)

    try:
        from _json import make_scanner
    except ImportError:  # a Python without json's C speedups
        return slow()
    if text.startswith("\ufeff"):
        return slow()  # json's own refusal of a byte-order mark
    start = len(text) - len(text.lstrip(SPACE))
    try:
        # typeshed asks for a make_scanner; the scanner reads a decoder's attributes alone
        context = _Context(object_pairs_hook, parse_int, parse_float, parse_constant)
        value, end = make_scanner(context)(text, start)  # type: ignore[arg-type]
    except Exception:  # noqa: BLE001 - json says it again, in its own words
        return slow()
    if text[end:].strip(SPACE):
        return slow()  # more after the value: json's 'Extra data'
    return value


class _Other(Exception):
    """A value dumps does not write itself (another type, a key that is not text)."""


def dumps(value: object, indent: int | None = None) -> str:
    """json.dumps(value, ensure_ascii=False, indent=indent)."""
    try:
        from _json import encode_basestring

        out: list[str] = []
        _write(value, out, encode_basestring, indent, 0)
        return "".join(out)
    except (ImportError, _Other, RecursionError):
        import json

        return json.dumps(value, ensure_ascii=False, indent=indent)


def _write(value: object, out: list[str], text: Callable[[str], str], indent: int | None,
           level: int) -> None:
    if value is None:
        out.append("null")
    elif value is True:
        out.append("true")
    elif value is False:
        out.append("false")
    elif type(value) is int:
        out.append(int.__repr__(value))
    elif type(value) is float:  # as json writes one: NaN and the infinities by name
        out.append(float.__repr__(value) if value == value and abs(value) != _INFINITY else
                   "NaN" if value != value else "Infinity" if value > 0 else "-Infinity")
    elif type(value) is str:
        out.append(text(value))
    else:
        items: list[Any]
        if type(value) is dict:
            pairs, items = True, list(value.items())
        elif type(value) is list:
            pairs, items = False, value
        else:
            raise _Other
        if not items:
            out.append("{}" if pairs else "[]")
            return
        out.append("{" if pairs else "[")
        inner = "" if indent is None else "\n" + " " * (indent * (level + 1))
        between = ", " if indent is None else "," + inner
        for at, item in enumerate(items):
            out.append(between if at else inner)
            if pairs:
                if type(item[0]) is not str:
                    raise _Other
                out.append(text(item[0]) + ": ")
                item = item[1]
            _write(item, out, text, indent, level + 1)
        out.append(("" if indent is None else "\n" + " " * (indent * level))
                   + ("}" if pairs else "]"))
