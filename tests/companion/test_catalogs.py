"""Every catalog current and complete (issue 24): each domain's .pot holds every
message its code marks (extracted again here), and German translates each of them
with the same fields ({name}, {n}) as the English."""
from __future__ import annotations

import pytest

from companion import i18n_catalogs as cat

DOMAINS = cat.domains()


def test_every_part_of_the_program_that_speaks_has_a_domain():
    assert {d.name for d in DOMAINS} >= {"companion", "maya", "maya_madness", "mayan_curse", "phones",
                                          "kivy_ui", "hardware"}


@pytest.mark.parametrize("domain", DOMAINS, ids=lambda d: d.name)
def test_the_template_holds_what_the_code_marks(domain):
    assert cat.stale(domain, DOMAINS) == [], "run: .venv/bin/python -m companion.i18n_catalogs extract"


@pytest.mark.parametrize("domain", DOMAINS, ids=lambda d: d.name)
def test_german_translates_every_message_with_the_same_fields(domain):
    assert list(cat.missing(domain, "de")) == []


def test_the_check_finds_a_message_nobody_translated(tmp_path, monkeypatch):
    folder = tmp_path / "companion" / "demo"
    (folder / "locale").mkdir(parents=True)
    (folder / "words.py").write_text('def f(_):\n    return _("{name} wins!"), _("Nobody wins.")\n')
    (folder / "locale" / "demo.pot").write_text("")
    monkeypatch.setattr(cat, "ROOT", tmp_path)
    every = cat.domains(tmp_path)
    cat.update(every[0], every)
    po = every[0].po("de")
    text = po.read_text().replace('msgid "{name} wins!"\nmsgstr ""', 'msgid "{name} wins!"\nmsgstr "{nom} gewinnt!"')
    po.write_text(text)
    found = list(cat.missing(every[0], "de"))
    assert any("not translated: 'Nobody wins.'" in f for f in found)
    assert any("fields differ in '{name} wins!'" in f for f in found)
    (folder / "words.py").write_text('def f(_):\n    return _("Somebody wins.")\n')
    assert any("not in the .pot: 'Somebody wins.'" in s for s in cat.stale(every[0], every))
