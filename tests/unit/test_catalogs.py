"""The catalogs against the code: every message translated in every language, nothing
empty or fuzzy, the same placeholders as the English, and the .mo and .pot files current."""

from __future__ import annotations

import gettext

import pytest

from callbreak_score import catalogs

MESSAGES = catalogs.extract()


def test_the_messages_are_found() -> None:
    assert "Round {number} bids: {bids}." in MESSAGES
    assert MESSAGES["{count} number given; {usage}"].plural == "{count} numbers given; {usage}"


@pytest.mark.parametrize("lang", catalogs.TRANSLATED)
def test_every_message_is_translated_with_the_same_placeholders(lang) -> None:
    header, entries = catalogs.read_po(catalogs.po_path(lang).read_text(encoding="utf-8"))
    assert header["Language"] == lang and header["Plural-Forms"].startswith("nplurals=2;")
    missing = sorted(set(MESSAGES) - set(entries))
    assert not missing, f"{lang}: not in the catalog: {missing}"
    unused = sorted(set(entries) - set(MESSAGES))
    assert not unused, f"{lang}: no longer in the code: {unused}"
    for msgid, english in MESSAGES.items():
        entry = entries[msgid]
        assert not entry.fuzzy, f"{lang}: fuzzy: {msgid!r}"
        assert entry.plural == english.plural, f"{lang}: plural differs: {msgid!r}"
        want = catalogs.placeholders(msgid) | catalogs.placeholders(english.plural or "")
        assert entry.strings and all(entry.strings), f"{lang}: empty: {msgid!r}"
        for text in entry.strings:
            assert catalogs.placeholders(text) == want, f"{lang}: {msgid!r} -> {text!r}"


def test_the_checks_catch_a_bad_catalog() -> None:
    bad = ('msgid ""\nmsgstr "Language: ne\\n"\n\n#, fuzzy\nmsgid "Round {number}"\n'
           'msgstr "राउन्ड {n}"\n\nmsgid "Total"\nmsgstr ""\n')
    _, entries = catalogs.read_po(bad)
    assert entries["Round {number}"].fuzzy
    assert catalogs.placeholders(entries["Round {number}"].strings[0]) == {"n"}
    assert entries["Total"].strings == [""]
    _, glued = catalogs.read_po('msgid "A"\nmsgstr "a"\n#: x.py:1\nmsgid "B"\nmsgstr "b"\n')
    assert {k: e.strings for k, e in glued.items()} == {"A": ["a"], "B": ["b"]}
    assert "Total" not in gettext.GNUTranslations.__dict__  # (the stdlib reads what we write)


@pytest.mark.parametrize("lang", catalogs.TRANSLATED)
def test_the_mo_files_are_current_and_gettext_reads_them(lang) -> None:
    mo = catalogs.po_path(lang).with_suffix(".mo")
    assert mo.read_bytes() == catalogs.compiled(lang), \
        "run: python -m callbreak_score.catalogs compile"
    with mo.open("rb") as handle:
        catalog = gettext.GNUTranslations(handle)
    assert catalog.gettext("Round") != "Round"
    one, many = MESSAGES["{count} number given; {usage}"].msgid, "{count} numbers given; {usage}"
    assert catalog.ngettext(one, many, 1) and catalog.ngettext(one, many, 2)


def test_the_template_is_current() -> None:
    pot = (catalogs.LOCALE / "callbreak.pot").read_text(encoding="utf-8")
    assert pot == catalogs.write_pot(MESSAGES), "run: python -m callbreak_score.catalogs extract"


def test_a_message_built_at_run_time_is_found(tmp_path) -> None:
    (tmp_path / "m.py").write_text('t("a" if x else "b")\nRefused(f"{x} is wrong")\n'
                                   'Said("x" + y)\nt("fine {x}", x=1)\n', encoding="utf-8")
    assert catalogs.untranslatable(tmp_path) == ["m.py:1", "m.py:2", "m.py:3"]


def test_no_module_builds_a_message_at_run_time() -> None:
    """Every message a person reads is a literal the catalogs hold: no f-string, choice or
    sum of texts given to t(), _(), Said or Refused anywhere in the package."""
    assert catalogs.untranslatable() == []


@pytest.mark.parametrize("lang", catalogs.TRANSLATED)
def test_the_quick_reader_says_what_gettext_says(lang) -> None:
    """i18n.Catalog (binary search, no gettext import) agrees with the stdlib's reader on
    every message, every plural form and a message the catalog lacks."""
    from callbreak_score.i18n import Catalog

    mo = catalogs.po_path(lang).with_suffix(".mo")
    with mo.open("rb") as handle:
        stdlib = gettext.GNUTranslations(handle)
    quick = Catalog(mo.read_bytes())
    assert quick.count > 100
    translated = 0
    for msgid, entry in MESSAGES.items():
        if entry.plural is None:
            assert quick.gettext(msgid) == stdlib.gettext(msgid), msgid
            translated += quick.gettext(msgid) != msgid
        else:
            for count in (0, 1, 2, 5, 21):
                assert (quick.ngettext(msgid, entry.plural, count)
                        == stdlib.ngettext(msgid, entry.plural, count)), (msgid, count)
    assert translated > 0.9 * len(MESSAGES)
    assert quick.gettext("not a message of ours") == "not a message of ours"
    assert quick.ngettext("one {count}", "many {count}", 3) == "many {count}"
    assert Catalog(b"").gettext("Round") == "Round"
