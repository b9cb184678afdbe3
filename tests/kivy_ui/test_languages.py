"""Languages at the table (issue 24): the chrome in the table's language, chosen on
the Settings screen and remembered in config.toml, every screen following at once.

The pseudo-locale walk (companion.i18n.PSEUDO: every translated text bracketed,
accented and 40% longer) goes through every state the sizes walks reach
(tests/kivy_ui/sizes_*.py) at 800x480, in its own process (languages_child.py), and
checks each visible label: no English left in it (names and numbers allowed), nothing
cut off, nothing drawn over other text.

English left on screen is told apart by whose it is:
- the chrome's (a literal of kivy_ui/ shown as written): never allowed;
- the rest's (the games' sentences, the companion's: each through its own domain): never
  allowed either, except in a game that ships no catalog (the test-only fourth game's
  states). KNOWN_OTHER is strict and empty: a state listed there that reads fails.

The German walk does the same in German (no pseudo-locale: the layout is what is
checked there) and leaves artifacts/screenshots/lang-de-*.png, the three table screens
among them.
"""
from __future__ import annotations

import json
import os
import pathlib
import subprocess
import sys

import pytest

from companion.errors import BadConfig
from companion.i18n import PSEUDO

ROOT = pathlib.Path(__file__).resolve().parents[2]
SHOTS = ROOT / "artifacts" / "screenshots"
CHILD = pathlib.Path(__file__).with_name("languages_child.py")

#: States whose English comes from the games' or the companion's own sentences (not the
#: chrome's). Empty since every domain has its catalog (issue 24); strict, like KNOWN_LAYOUT.
KNOWN_OTHER: dict[str, str] = {}
#: States of the test-only fourth game (tests/companion/fourth_game): a game installed from
#: outside, with no catalog, shows its own sentences as written; that is what it shows.
NO_CATALOG = "generic-"

_SQUEEZED = ("the pseudo-locale's chrome buttons (each ~100 dp for its 40% longer word, against 72 dp in "
             "English and German) leave {what} less room; German reads (test_every_screen_in_german_fits)")
_LONGER = ("the pseudo-locale's words (40% longer, bracketed) overflow {what}, sized for English and "
           "German; German fits there (test_every_screen_in_german_fits)")
_CURSE = _LONGER.format(what="the Curse's fixed places (the prompt's two lines, the seat rows' columns, "
                             "the passage's strips and boulder squares, its buttons)")
_TOP = _SQUEEZED.format(what="the five Maya tiles in the top bar") + "; " + \
    _LONGER.format(what="the seven quarries' columns")
#: Texts cut off or drawn over in the pseudo-locale only, keyed by state. Strict, like KNOWN_OTHER.
#: Hidden behind KNOWN_OTHER's failures until the domains were all marked; listed since.
KNOWN_LAYOUT: dict[str, str] = {
    "chrome-mayan-curse-fix": _LONGER.format(what="the Fix dialog's line of a boulder's trigger tokens"),
    **{f"curse-{s}": _CURSE for s in ("2p", "2p-stela-picker", "4p", "6p", "real-purse-drawn",
                                      "boulder-cue", "boulder-place", "round-end")},
    **{f"madness-{n}-{s}": _LONGER.format(what="the Madness prompt's two lines") for n in (2, 4)
       for s in ("deal", "starting-count")},
    "madness-4-long-names": _LONGER.format(what="the Madness prompt's two lines (three 20-letter names)"),
    **{f"madness-{n}-{s}": _LONGER.format(what="the Madness pad's buttons") for n in (2, 4)
       for s in ("guess-whose", "guess-number", "full-deck-table")},
    "maya-3p-card-placement": _LONGER.format(what="the private view's marker lines"),
    "maya-5p-card-placement": _LONGER.format(what="the private view's quarry columns"),
    "maya-3p-building": _LONGER.format(what="the Double move button"),
    "maya-5p-bid-pad": _LONGER.format(what="the bid pad's Seal button"),
    "maya-5p-setup": _TOP,
    "maya-5p-quarrying": _TOP,
    "maya-5p-quarries-scored": _TOP,
    "maya-5p-building": _TOP + "; " + _LONGER.format(what="the pyramids' rows and the Double move buttons"),
    "maya-5p-double-move-picker": _TOP,
}


def run_child(display: str, data: pathlib.Path, *args: str, config: pathlib.Path | None = None,
              timeout: int = 1500) -> dict:
    env = dict(os.environ, DISPLAY=display, MAYA_COMPANION_DATA=str(data / "data"),
               KIVY_HOME=str(data / "kivy"), KIVY_NO_ARGS="1", KIVY_NO_CONSOLELOG="1",
               SDL_AUDIODRIVER="dummy", KIVY_CLIPBOARD="sdl2", PYTHONPATH=str(ROOT),
               MAYA_COMPANION_CONFIG=str(config or data / "config.toml"))
    env.pop("KIVY_METRICS_DENSITY", None)
    r = subprocess.run([sys.executable, str(CHILD), *args], env=env, capture_output=True, text=True,
                       timeout=timeout, cwd=ROOT)
    assert r.returncode == 0, r.stderr[-3000:]
    return json.loads(r.stdout.strip().splitlines()[-1])


def walk(display: str, tmp_path: pathlib.Path, lang: str) -> dict:
    report = run_child(display, tmp_path, lang, "800", "480", str(SHOTS))
    assert report["errors"] == {}, "\n".join(report["errors"].values())
    assert report["states"], "no sizes_*.py module yielded a state"
    SHOTS.mkdir(parents=True, exist_ok=True)
    (SHOTS / f"lang-{lang}-report.json").write_text(json.dumps(report, indent=1, ensure_ascii=False))
    return report["states"]


def strict(found: dict[str, list[str]], known: dict[str, str], what: str) -> None:
    for name, why in known.items():
        assert found.pop(name, None), f"{name} has no {what} now: remove it from the known list ({why})"
    assert found == {}, json.dumps(found, indent=1, ensure_ascii=False)[:6000]


def test_every_screen_in_the_pseudo_locale_reads_translated_and_fits(display, tmp_path):
    states = walk(display["DISPLAY"], tmp_path, PSEUDO)
    chrome = {name: s["chrome"] for name, s in states.items() if s["chrome"]}
    assert chrome == {}, "the chrome shows English:\n" + json.dumps(chrome, indent=1, ensure_ascii=False)[:6000]
    strict({name: s["other"] for name, s in states.items() if s["other"] and not name.startswith(NO_CATALOG)},
           KNOWN_OTHER, "English")
    strict({name: s["cut"] + s["over"] for name, s in states.items() if s["cut"] or s["over"]},
           KNOWN_LAYOUT, "text cut off or drawn over")


#: German at 800x480, strict like the others: what does not fit yet, and why.
_FIVE_TILES = ("five players at 800x480: the German top bar (Start, Hilfe, Züge, Zurück, Vor) is wider than the "
               "English one, and a tile's gold and blocks ('10g 11▣') run into the next tile")
KNOWN_GERMAN: dict[str, str] = {
    "maya-5p-building": _FIVE_TILES,
    "maya-5p-double-move-picker": _FIVE_TILES,
}


def test_every_screen_in_german_fits_at_800x480(display, tmp_path):
    states = walk(display["DISPLAY"], tmp_path, "de")
    strict({name: s["cut"] + s["over"] for name, s in states.items() if s["cut"] or s["over"]},
           KNOWN_GERMAN, "text cut off or drawn over")
    chrome = {name: s["chrome"] for name, s in states.items() if s["chrome"]}
    assert chrome == {}, json.dumps(chrome, indent=1, ensure_ascii=False)[:6000]
    for table in ("maya-3p-", "madness-", "curse-"):  # the three table screens, for a person to look at
        assert any(n.startswith(table) and (SHOTS / f"lang-de-{n}.png").exists() for n in states), table


# --- the Settings screen, in the app every UI test shares -------------------------------------
@pytest.fixture
def german(ui, tmp_path, monkeypatch):
    """The shared app, for one test, with its config file in tmp_path; English again after."""
    config = tmp_path / "config.toml"
    monkeypatch.setenv("MAYA_COMPANION_CONFIG", str(config))
    try:
        yield ui, config
    finally:
        ui.app.set_language("en", remember=False)
        ui.app.show("home")
        ui.frames(2)


def test_the_language_chosen_on_settings_is_spoken_everywhere_and_remembered(german, display):
    d, config = german
    config.write_text("# the table's own settings\n[app]\nsounds = true  # we like them\n")
    d.tap(d.screen().ids.settings)
    assert d.screen().name == "settings"
    d.tap_text("Deutsch", exact=True)
    assert d.app.language == "de"
    # the screen on view speaks German at once, Settings' own words too
    assert d.find("Einstellungen", exact=True) and d.find("Sprache", exact=True)
    assert "English" in d.texts() and "Deutsch" in d.texts()  # each language in its own name
    # remembered: the comments of the file kept, the line added under [app]
    text = config.read_text()
    assert 'language = "de"' in text and "# we like them" in text and "# the table's own settings" in text
    d.tap(d.screen().ids.back)
    home = d.screen()
    assert home.name == "home"
    assert (home.ids.new_game.text, home.ids.history.text, home.ids.tags.text) == ("Neue Partie",
                                                                                    "Frühere Partien", "Chips")
    assert home.ids.sounds.text.startswith("Töne: ")
    # every other screen of the chrome, as it is shown
    for name, words in (("new_game", ("Neue Partie", "Spieler", "Starten", "Zurück")),
                        ("history", ("Statistik", "Exportieren", "Spiel: alle", "Spieler: alle")),
                        ("stats", ("Punkte", "Siege je Platz", "Verteilung")),
                        ("tags", ("Chips", "Vergessen")),
                        ("box_setup", ("Spielmaterial",))):
        d.app.show(name)
        d.frames(2)
        shown = d.texts(d.screen())
        missing = [w for w in words if not any(w in t for t in shown)]
        assert missing in ([], ["Vergessen"]), (name, missing, shown)  # no tag learnt yet: no Forget
    d.app.show("home")
    d.frames(2)
    # a table screen's chrome, and the log over it
    screen = d.fill_new_game("Maya Madness", ("Ana", "Ben"))
    d.tap(screen.ids.start)
    table = d.screen()
    assert (table.ids.home.text, table.ids.log.text, table.ids.undo.text, table.ids.redo.text) == (
        "Start", "Züge", "Zurück", "Vor")
    d.tap(table.ids.log)
    assert d.find("Was geschah", exact=True) and d.find("Zahl korrigieren…", exact=True)
    d.tap_text("Schließen", exact=True)
    d.tap(table.ids.home)

    # started again, the app still speaks German (its config file read at start)
    again = run_child(display["DISPLAY"], config.parent, "home", config=config, timeout=240)
    assert again["language"] == "de" and again["screen"] == "home"
    assert "Neue Partie" in again["texts"] and "Einstellungen" in again["texts"]


def test_a_language_change_reaches_what_was_built_before_it(german):
    """Words set once from Python (a prepared overlay's buttons) and kv rules follow a change."""
    d, _config = german
    import hardware.i18n
    from kivy_ui.screens.fix import ConfirmUndo

    assert hardware.i18n._words is not None, "the app hands the devices their translator at start"

    ask = ConfirmUndo()
    assert (ask.keep.text, ask.undo.text) == ("Keep it", "Undo anyway")
    d.app.set_language("de", remember=False)
    assert (ask.keep.text, ask.undo.text) == ("Behalten", "Trotzdem zurücknehmen")
    assert d.screen().ids.new_game.text == "Neue Partie"
    d.app.set_language(PSEUDO, remember=False)
    assert ask.keep.text.startswith("[") and d.screen().ids.new_game.text.startswith("[")
    d.app.set_language("en", remember=False)
    assert (ask.keep.text, d.screen().ids.new_game.text) == ("Keep it", "New game")


def test_the_keyboard_follows_the_tables_language_when_it_is_auto(german, monkeypatch):
    d, _config = german
    from kivy_ui.screens.new_game_keys import language
    from kivy_ui.screens.new_game_parts import keyboard_setting

    for key in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(key, raising=False)
    monkeypatch.setenv("LANG", "sv_SE.UTF-8")
    d.app.set_language("de", remember=False)
    assert d.app.settings["keyboard"] == "auto" and language(keyboard_setting()) == "de"
    d.app.set_language("en", remember=False)  # an English table: the system's letters (å ä ö)
    assert language(keyboard_setting()) == "sv"


# --- the setting itself (no window) ----------------------------------------------------------
@pytest.mark.parametrize("value", ["klingon", 3, "", "qps"])
def test_a_bad_language_in_the_config_file_is_a_sentence(value):
    from kivy_ui.devices import app_settings

    with pytest.raises(BadConfig) as e:
        app_settings({"app": {"language": value}})
    assert str(e.value).startswith('app.language must be "auto" (the system\'s language) or one of en, de, not ')


def test_auto_is_the_systems_language_on_first_start(monkeypatch):
    from kivy_ui.devices import app_settings, table_language

    for key in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(key, raising=False)
    monkeypatch.setenv("LANG", "de_AT.UTF-8")
    assert app_settings({})["language"] == "auto" and table_language(app_settings({})) == "de"
    assert table_language(app_settings({"app": {"language": "en"}})) == "en"
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")  # a language the companion does not ship
    assert table_language(app_settings({})) == "en"


def test_remembering_the_language_keeps_the_rest_of_the_file(tmp_path):
    from kivy_ui.devices import load_config, remember_language

    path = tmp_path / "config.toml"
    remember_language("de", path)  # no file yet
    assert load_config(path) == {"app": {"language": "de"}}
    path.write_text('[app]\nlanguage = "de"  # ours\nsounds = false\n\n[hardware]\nreader = "x"\n')
    remember_language("en", path)
    assert load_config(path) == {"app": {"language": "en", "sounds": False}, "hardware": {"reader": "x"}}
    path.write_text('# mine\n[hardware]\nreader = "x"\n')
    remember_language("de", path)
    assert path.read_text().startswith("# mine\n") and load_config(path)["app"] == {"language": "de"}
