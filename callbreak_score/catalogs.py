"""The translators' tools (never run by a command): find every message in the code, write
the .pot template, read the .po catalogs and compile them to the .mo files gettext loads.

    python -m callbreak_score.catalogs extract   # writes locale/callbreak.pot
    python -m callbreak_score.catalogs compile   # writes locale/<lang>/LC_MESSAGES/*.mo
"""

from __future__ import annotations

import ast
import re
import struct
import sys
from dataclasses import dataclass, field
from pathlib import Path

from callbreak_score.core.numbers import DEFAULT_LANGUAGE, LANGUAGES

PACKAGE = Path(__file__).parent
LOCALE = PACKAGE / "locale"
TRANSLATED = tuple(lang for lang in LANGUAGES if lang != DEFAULT_LANGUAGE)
MARKERS = {"_", "N_", "t", "Word", "Said"}  # the first argument is a message
PLURAL_MARKERS = {"tn", "ngettext"}  # the first two are the singular and plural
PLACEHOLDER = re.compile(r"\{(\w+)\}")


@dataclass
class Entry:
    msgid: str
    plural: str | None = None
    strings: list[str] = field(default_factory=list)
    fuzzy: bool = False
    where: list[str] = field(default_factory=list)


def _text(node: ast.AST | None) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _module(path: Path, folder: Path) -> str:
    """A module's file as the catalogs name it: core/game.py."""
    return path.relative_to(folder).as_posix()


def extract(folder: Path = PACKAGE) -> dict[str, Entry]:
    """Every message marked in the package's code: msgid -> Entry (where it is used)."""
    found: dict[str, Entry] = {}
    for path in sorted(folder.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            for text, line in _help_texts(node):
                found.setdefault(text, Entry(text)).where.append(f"{_module(path, folder)}:{line}")
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
                continue
            name, args = node.func.id, node.args
            one = _text(args[0]) if args else None
            many = None
            if name in PLURAL_MARKERS and len(args) > 1:
                many = _text(args[1])
            elif name == "Refused":
                many = next((_text(k.value) for k in node.keywords if k.arg == "plural"), None)
            elif name not in MARKERS:
                continue
            if one is None:
                continue
            entry = found.setdefault(one, Entry(one, many))
            entry.where.append(f"{_module(path, folder)}:{node.lineno}")
    return found


# where a command's help is given without its keyword in the command table (shell/
# commands.py): Command(name, run, help, ...), _event(name, help, ...), _json(help)
HELP_AT = {"Command": 2, "_event": 1, "_json": 0}


def _help_texts(node: ast.AST) -> list[tuple[str, int]]:
    """The --help texts: help="..." arguments and the commands' help in the table."""
    if not isinstance(node, ast.Call):
        return []
    found = [(text, node.lineno) for k in node.keywords
             if k.arg == "help" and (text := _text(k.value)) is not None]
    at = HELP_AT.get(node.func.id) if isinstance(node.func, ast.Name) else None
    if at is not None and len(node.args) > at and (text := _text(node.args[at])) is not None:
        found.append((text, node.lineno))
    return found


def untranslatable(folder: Path = PACKAGE) -> list[str]:
    """Messages no catalog can hold, as 'file:line': a refusal or a marked message built
    at run time (an f-string, a choice between two texts, texts added together)."""
    out = []
    for path in sorted(folder.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in MARKERS | PLURAL_MARKERS | {"Refused"} and node.args
                    and isinstance(node.args[0], (ast.JoinedStr, ast.IfExp, ast.BinOp))):
                out.append(f"{_module(path, folder)}:{node.lineno}")
    return out


def placeholders(message: str) -> set[str]:
    return set(PLACEHOLDER.findall(message))


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def write_pot(entries: dict[str, Entry]) -> str:
    lines = ['msgid ""', 'msgstr ""', '"Content-Type: text/plain; charset=UTF-8\\n"', ""]
    for entry in sorted(entries.values(), key=lambda e: e.where[0]):
        lines.append("#: " + " ".join(entry.where))
        if PLACEHOLDER.search(entry.msgid):
            lines.append("#, python-brace-format")
        lines.append(f"msgid {_quote(entry.msgid)}")
        if entry.plural is not None:
            lines += [f"msgid_plural {_quote(entry.plural)}", 'msgstr[0] ""', 'msgstr[1] ""']
        else:
            lines.append('msgstr ""')
        lines.append("")
    return "\n".join(lines)


def read_po(text: str) -> tuple[dict[str, str], dict[str, Entry]]:
    """(header fields, msgid -> Entry) of a .po file."""
    entries: dict[str, Entry] = {}
    header: dict[str, str] = {}
    fields: list[list[str]] = []  # [keyword, text] of the entry being read
    fuzzy = False

    def close() -> None:
        if not fields:
            return
        got = {keyword: value for keyword, value in fields}
        strings = [value for keyword, value in fields if keyword.startswith("msgstr")]
        if got.get("msgid") == "":
            for line in "".join(strings).splitlines():
                key, _, value = line.partition(":")
                header[key.strip()] = value.strip()
        else:
            entries[got["msgid"]] = Entry(got["msgid"], got.get("msgid_plural"), strings, fuzzy)
        fields.clear()

    for raw in text.splitlines() + [""]:
        line = raw.strip()
        if not line:
            close()
            fuzzy = False
        elif line.startswith("#"):
            fuzzy = fuzzy or (line.startswith("#,") and "fuzzy" in line)
        elif line.startswith('"'):
            fields[-1][1] += ast.literal_eval(line)
        else:
            keyword, _, rest = line.partition(" ")
            if keyword == "msgid":
                close()  # an entry may follow the last without a blank line, as in msgfmt
            fields.append([keyword, ast.literal_eval(rest)])
    return header, entries


def write_mo(header: dict[str, str], entries: dict[str, Entry]) -> bytes:
    """The GNU .mo bytes gettext reads (entries sorted, so the output is reproducible)."""
    meta = "".join(f"{key}: {value}\n" for key, value in header.items())
    pairs = {"": meta}
    for entry in entries.values():
        if entry.fuzzy or not all(entry.strings):
            continue
        key = entry.msgid if entry.plural is None else f"{entry.msgid}\0{entry.plural}"
        pairs[key] = "\0".join(entry.strings)
    keys = sorted(pairs)
    ids = b"".join(k.encode() + b"\0" for k in keys)
    strs = b"".join(pairs[k].encode() + b"\0" for k in keys)
    count = len(keys)
    start = 7 * 4 + count * 16
    offsets, pos = [], 0
    for k in keys:
        offsets.append((len(k.encode()), start + pos))
        pos += len(k.encode()) + 1
    values, pos = [], 0
    for k in keys:
        length = len(pairs[k].encode())
        values.append((length, start + len(ids) + pos))
        pos += length + 1
    out = struct.pack("Iiiiiii", 0x950412DE, 0, count, 7 * 4, 7 * 4 + count * 8, 0, 0)
    out += b"".join(struct.pack("ii", *o) for o in offsets)
    out += b"".join(struct.pack("ii", *v) for v in values)
    return out + ids + strs


def po_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / "callbreak.po"


def compiled(lang: str) -> bytes:
    header, entries = read_po(po_path(lang).read_text(encoding="utf-8"))
    return write_mo(header, entries)


def main(argv: list[str]) -> int:
    if argv == ["extract"]:
        (LOCALE / "callbreak.pot").write_text(write_pot(extract()), encoding="utf-8")
    elif argv == ["compile"]:
        for lang in TRANSLATED:
            po_path(lang).with_suffix(".mo").write_bytes(compiled(lang))
    else:
        print(__doc__, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
