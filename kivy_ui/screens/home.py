"""Home: resume a game in progress, abandon one (after a confirmation), start a
new one, see past games. Only the newest few games are listed at first, so the
screen never overflows 800x480; "Show all" lists the rest in the scrolling list."""
from __future__ import annotations

import time

from kivy.app import App
from kivy.properties import NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.modalview import ModalView
from kivy.uix.screenmanager import Screen

from companion.errors import CompanionError

NEWEST = 3  # games listed before "Show all": three rows fit beside everything else at 800x480
MOST = 50  # "Show all" stops here; older games are still in the journal


def game_title(name: str) -> str:
    try:
        from companion.games import get_game

        return get_game(name).title or name
    except Exception:  # an engine that cannot load must not take home down with it
        return name


def names(players) -> str:
    """"Ana", "Ana and Ben", "Ana, Ben and Cy"."""
    players = list(players)
    return players[0] if len(players) == 1 else ", ".join(players[:-1]) + " and " + players[-1]


def started(when: float) -> str:
    """The start time; with the day too when it was not today."""
    local, now = time.localtime(when), time.localtime()
    same_day = local[:3] == now[:3]
    return time.strftime("%H:%M" if same_day else "%d %b %H:%M", local)


class ResumeRow(BoxLayout):
    """One game in progress: tap to resume, or "Abandon…" (which asks first)."""

    session_id = NumericProperty(0)
    title = StringProperty("")
    detail = StringProperty("")
    __events__ = ("on_resume", "on_abandon")

    def on_resume(self):
        pass

    def on_abandon(self):
        pass


class AbandonConfirm(ModalView):
    """Are you sure? Abandoning needs this second, deliberate touch."""

    question = StringProperty("")
    consequence = StringProperty("")

    def __init__(self, on_confirm, **kw):
        super().__init__(**kw)
        self._on_confirm = on_confirm

    def confirm(self):
        self.dismiss(animation=False)
        self._on_confirm()


class HomeScreen(Screen):
    showing_all = False

    def refresh(self):
        app = App.get_running_app()
        box = self.ids.resume_list
        box.clear_widgets()
        self.ids.notice.text = app.notice or ""
        self.ids.more.text = ""
        if app.journal is None:
            return
        # One page, not every game: Home stays as fast with a hundred games in progress.
        games = app.journal.in_progress(MOST if self.showing_all else NEWEST)
        total = app.journal.in_progress_count()
        # A game found damaged while listing is set aside: say so.
        later = app.journal.notice if app.journal.notice and app.journal.notice not in (app.notice or "") else ""
        self.ids.notice.text = " ".join(n for n in (app.notice, later) if n)
        self.ids.resume_hint.text = "Games in progress — tap to resume:" if games else "No game in progress."
        if total > NEWEST:
            self.ids.more.text = f"Show newest {NEWEST}" if self.showing_all else f"Show all {total}"
        for g in games:
            box.add_widget(self._row(g))
        self.ids.resume_scroll.scroll_y = 1

    def _row(self, g) -> ResumeRow:
        moves = "1 move" if g["actions"] == 1 else f"{g['actions']} moves"
        row = ResumeRow(
            session_id=g["id"],
            title=f"Resume {game_title(g['game'])} — {moves}, started {started(g['started'])}",
            detail=names(g["players"]),
        )
        row.bind(on_resume=lambda r: self.resume(r.session_id),
                 on_abandon=lambda r, g=g: self.ask_abandon(g))
        return row

    def toggle_all(self):
        self.showing_all = not self.showing_all
        self.refresh()

    def resume(self, session_id):
        app = App.get_running_app()
        problem = app.resume(session_id)
        if problem:
            self.ids.notice.text = problem

    # --- abandoning -------------------------------------------------------------
    def ask_abandon(self, g) -> AbandonConfirm:
        n = g["actions"]
        kept = ("No move has been made yet." if n == 0 else
                f"Its {'move stays' if n == 1 else f'{n} moves stay'} in the journal.")
        dialog = AbandonConfirm(
            on_confirm=lambda: self.abandon(g),
            question=f"Abandon {game_title(g['game'])} with {names(g['players'])}?",
            consequence=f"It will no longer be offered to resume and will not count as a finished game. {kept}",
        )
        dialog.open(animation=False)
        return dialog

    def abandon(self, g):
        app = App.get_running_app()
        try:
            app.journal.abandon(g["id"])
        except CompanionError as e:
            self.refresh()
            self.ids.notice.text = str(e)
            return
        session = app.session
        if session is not None and session.id == g["id"]:
            # The game open in the app is gone: nothing may act on it any more.
            if app.table is not None:
                app.table.close_gate()
                app.table.cancel_peek()
            session.close()
            app.table = None
            app.session = None
            panel = getattr(app, "sim_panel", None)
            if panel is not None:
                panel.refresh()
        self.refresh()
        self.ids.notice.text = f"{game_title(g['game'])} with {names(g['players'])} was abandoned."

    def toggle_sounds(self):
        app = App.get_running_app()
        app.set_sounds(not app.sounds_on)
