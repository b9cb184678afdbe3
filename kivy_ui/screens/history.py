"""Past games: a page of finished games with filters, each opening its detail.

The list reads one page from the journal (`Journal.history(limit, offset,
game, player)` and `history_count`), so it stays fast with 10,000 games. A
game's detail (GameDetailScreen) shows only results and TABLE views, from
`companion.history.stats.game_detail`: the ranking with colours, the tie-break, dates,
options, the revealed seed and its fingerprint, the whole log in sentences, a
step-through of the table view move by move, and the score by round.
Export writes BG Stats and CSV files to a USB stick when one is mounted, else
to the data folder, and says where.
"""
from __future__ import annotations

from kivy.app import App
from kivy.factory import Factory
from kivy.metrics import dp
from kivy.properties import BooleanProperty, NumericProperty, StringProperty
from kivy.uix.screenmanager import Screen

from .. import theme
from ..i18n import _, ngettext
from . import SCREENS
from .home import game_title

# The screens reached from Past games (registered here, so only this screen links to them).
SCREENS.setdefault("game_detail", "history:GameDetailScreen")
SCREENS.setdefault("stats", "stats:StatsScreen")

PAGE = 6


def _when(t: float) -> str:
    """The date and time in the table's language ("Nov 12, 2026, 8:15 PM", "12. Nov. 2026, 20:15")."""
    from companion.history.words import played_at

    return played_at(t)


def _minutes(seconds: float) -> str:
    m = max(1, round(seconds / 60))
    return _("{m} min", m=m) if m < 60 else _("{h} h {m} min", h=m // 60, m=str(m % 60).zfill(2))


def seat_label(name: str, colour: str) -> tuple[str, tuple]:
    """"● Ana" and the colour's rgba: a colour never goes without its symbol."""
    _cname, symbol, rgba = theme.colour(colour) if colour else ("", "", theme.TEXT)
    return (f"{symbol} {name}" if symbol else name), rgba


class HistoryScreen(Screen):
    narrow = BooleanProperty(False)  # a portrait panel: parts stacked (the .kv sets it)
    page = NumericProperty(0)
    total = NumericProperty(0)
    game_filter = StringProperty("")  # "" = every game
    player_filter = StringProperty("")  # "" = everyone

    def __init__(self, **kw):
        super().__init__(**kw)
        # The page's rows, built once with the screen (PAGE rows and the line saying
        # there is none): a page only changes their texts, so showing one costs the
        # same whatever the journal holds and however often it is shown.
        self._row_ids = [0] * PAGE
        self._row_pool = []
        for i in range(PAGE):
            b = Factory.HistoryRow()
            b.bind(on_release=lambda _b, i=i: self.open_game(self._row_ids[i]))
            self._row_pool.append(b)
        self._none = Factory.Dim(size_hint_y=None, height="48dp")

    def refresh(self):
        self._show_page()

    # --- filters and paging ---------------------------------------------------
    def _journal(self):
        return App.get_running_app().journal

    def cycle_game(self):
        j = self._journal()
        games = sorted(j.history_counts()) if j is not None else []
        options = [""] + games
        self.game_filter = options[(options.index(self.game_filter) + 1) % len(options)] if (
            self.game_filter in options) else ""
        self.page = 0
        self._show_page()

    def cycle_player(self):
        names = self._player_names()
        options = [""] + names
        self.player_filter = options[(options.index(self.player_filter) + 1) % len(options)] if (
            self.player_filter in options) else ""
        self.page = 0
        self._show_page()

    def _player_names(self) -> list[str]:
        roster = self._roster()
        # Remembered players, and anyone in the last 200 games (a journal older than the roster).
        names = {p.name for p in roster.players()} | set(self._names_on_page())
        return sorted(names, key=str.casefold)

    def _names_on_page(self) -> list[str]:
        j = self._journal()
        rows = j.history(200) if j is not None else []
        return sorted({n for r in rows for n in r["players"]}, key=str.casefold)

    def turn_page(self, delta: int):
        pages = max(1, -(-self.total // PAGE))
        self.page = max(0, min(pages - 1, self.page + delta))
        self._show_page()

    def _show_page(self):
        j = self._journal()
        box = self.ids.games
        game, player = self.game_filter or None, self.player_filter or None
        rows, self.total = self._page(j, game, player)
        pages = max(1, -(-self.total // PAGE))
        self.ids.game_filter.text = (_("Game: {title}", title=game_title(self.game_filter)) if self.game_filter
                                     else _("Game: all"))
        self.ids.player_filter.text = (_("Player: {name}", name=self.player_filter) if self.player_filter
                                       else _("Player: all"))
        self.ids.page_label.text = f"{self.page + 1} / {pages}"
        self.ids.prev.disabled = self.page == 0
        self.ids.next.disabled = self.page >= pages - 1
        shown = []
        if not rows:
            self._none.text = _("No finished games yet.") if not (game or player) else _("No finished game matches.")
            shown.append(self._none)
        for i, (b, g) in enumerate(zip(self._row_pool, rows)):
            players = g["players"]
            scores = "  ".join(f"{p} {s}" for p, s in zip(players, g.get("scores") or []))
            winners = g.get("winner_names") or []
            won = (ngettext("{names} won", "{names} won", len(winners), names=", ".join(winners)) if winners
                   else _("nobody won"))
            b.text = f"{_when(g['started'])} · {game_title(g['game'])} · {won}\n{scores}"
            self._row_ids[i] = g["id"]
            shown.append(b)
        if box.children[::-1] != shown:  # the same rows as before stay where they are
            box.clear_widgets()
            for w in shown:
                box.add_widget(w)

    def _page(self, j, game, player):
        """(rows, total) of this page; a remembered player's page includes the
        games they played under a former name (stats.player_history)."""
        if j is None:
            return [], 0
        if player is not None:
            from companion.history.stats import player_history

            remembered = self._roster().by_name(player)
            if remembered is not None and remembered.former:
                found = player_history(j, remembered, PAGE, self.page * PAGE, game)
                if found is not None:
                    return found
        return j.history(PAGE, self.page * PAGE, game=game, player=player), j.history_count(game, player)

    def _roster(self):
        roster = getattr(App.get_running_app(), "roster", None)
        if roster is None:
            from companion.table.players import Roster

            roster = Roster.open()
        return roster

    def open_game(self, game_id: int):
        app = App.get_running_app()
        screen = app.show("game_detail")
        screen.show_game(game_id)

    # --- export ---------------------------------------------------------------------
    def export(self):
        from companion.errors import CompanionError
        from companion.history import export
        from companion.history import files as export_files
        from companion.table.players import Roster

        j = self._journal()
        try:
            rows = [r for r in export.finished(j, self.game_filter or None)
                    if not self.player_filter or self.player_filter in r["players"]]
            roster = Roster.open()
            files = {**export.render(j, "bgstats", rows, roster), **export.render(j, "csv", rows, roster)}
            folder, where = export_files.export_folder()
            written = export_files.save(files, folder, where)
        except CompanionError as e:
            self.ids.notice.color = theme.DANGER
            self.ids.notice.text = str(e)
            return
        self.ids.notice.color = theme.GOOD
        self.ids.notice.text = ngettext("Exported {n} game to {where}: {files}.",
                                        "Exported {n} games to {where}: {files}.", len(rows), where=where,
                                        files=", ".join(p.name for p in written)) + _no_stick(folder)


def _no_stick(folder) -> str:
    """After a write to the data folder: why no stick took the files, how to get them."""
    from companion.history import files as export_files

    return " " + export_files.no_stick() if folder == export_files.data_exports() else ""


class GameDetailScreen(Screen):
    """One finished game: results, log, step-through, score by round."""
    narrow = BooleanProperty(False)  # a portrait panel: parts stacked (the .kv sets it)

    step = NumericProperty(0)
    pane = StringProperty("log")
    detail: dict | None = None

    def show_game(self, game_id: int):
        from companion.errors import CompanionError
        from companion.history.option_words import described
        from companion.history.stats import game_detail
        from companion.table.players import Roster

        app = App.get_running_app()
        self.ids.notice.text = ""
        self.ids.notice.color = theme.DANGER
        try:
            self.detail = game_detail(app.journal, game_id, Roster.open())
        except CompanionError as e:
            self.detail = None
            self.ids.title.text = _("This game cannot be shown")
            self.ids.notice.text = str(e)
            return
        d = self.detail
        # On a narrow (portrait) panel the date goes under the game's title, not after it.
        self.ids.title.text = f"{d['title']}{chr(10) if self.narrow else ' · '}{_when(d['started'])} · " \
                              f"{_minutes(d['duration_s'])}"
        box = self.ids.results
        box.clear_widgets()
        ranks = d["ranks"] or list(range(1, len(d["players"]) + 1))
        order = d["ranking"] or list(range(len(d["players"])))
        for seat in order:
            label, rgba = seat_label(d["players"][seat], d["colours"][seat] if seat < len(d["colours"]) else "")
            score = d["scores"][seat] if seat < len(d["scores"]) else ""
            won = seat in d["winners"]
            box.add_widget(Factory.Body(text=f"{ranks[seat]}. {label}  {score}", font_name=theme.SYMBOL_FONT,
                                        font_size="24sp", bold=won, color=theme.ACCENT if won else rgba,
                                        size_hint_y=None, height="36dp"))
        lines = [s for s in (d["sentence"], d["tiebreak"]) if s]
        # Only the options that applied to this table, in the rulebook's words.
        options = described(d["game"], d["options"], len(d["players"]), d["players"])
        if options:
            lines.append(_("Options:") + "\n" + "\n".join(f"· {o}" for o in options))
        if d.get("turn_times"):  # a game that ran a turn clock (companion/table/clock.py)
            from companion.table.clock import turn_average

            lines.append(_("Turn clock:") + "\n" + "\n".join(
                f"· {d['players'][seat]}: {turn_average(*avg)}" for seat, avg in enumerate(d["turn_times"]) if avg))
        if d["seed"] is not None:
            lines.append(_("Draws: seed {seed} (fingerprint {fingerprint}).", seed=d["seed"],
                           fingerprint=d["fingerprint"]))
        else:
            lines.append(_("Draws made at the table."))
        for text in lines:
            lab = Factory.Dim(text=text, font_size="18sp", size_hint_y=None)
            lab.bind(texture_size=lambda w, ts: setattr(w, "height", ts[1] + dp(4)))
            box.add_widget(lab)
        self.step = len(d["log"])
        self.show_pane("log")

    # --- the right-hand pane: log, step-through, plot ---------------------------------
    def show_pane(self, pane: str):
        self.pane = pane
        for name in ("log", "step", "plot"):
            self.ids[f"tab_{name}"].state = "down" if name == pane else "normal"
        holder = self.ids.pane
        holder.clear_widgets()
        d = getattr(self, "detail", None)
        if d is None:
            return
        if pane == "log":
            holder.add_widget(self._log_view(d))
        elif pane == "step":
            holder.add_widget(Factory.StepPane())
            self.show_step(self.step)
        else:
            from ..widgets.plot import LinePlot

            plot = LinePlot(title=_("Score by round"), empty_text=_("This game has no public score by round."))
            prog = d["progression"]
            if prog:
                series = []
                for seat, values in enumerate(prog["series"]):
                    label, rgba = seat_label(d["players"][seat], d["colours"][seat] if seat < len(d["colours"])
                                             else theme.COLOUR_NAMES[seat % len(theme.COLOUR_NAMES)])
                    series.append((label, rgba, values))
                plot.title = _("{what} at the end of each round", what=prog["key"].capitalize())
                plot.set_series(series, [_("Round {n}", n=r) for r in prog["rounds"]])
            holder.add_widget(plot)

    def _log_view(self, d):
        view = Factory.LogList()
        view.data = [{"text": f"{e['n'] + 1}. " + " ".join(e["sentences"])} for e in d["log"]]
        return view

    def show_step(self, step: int):
        from companion.history.option_words import game_text

        d = getattr(self, "detail", None)
        if d is None or self.pane != "step":
            return
        self.step = max(0, min(len(d["log"]), step))
        pane = self.ids.pane.children[0]
        view = d["views"][self.step]
        said = _("The game starts.") if self.step == 0 else " ".join(d["log"][self.step - 1]["sentences"])
        pane.ids.where.text = _("Move {n} of {total}", n=self.step, total=len(d["log"]))
        pane.ids.said.text = said
        lines = []
        for p in view.get("players", []):
            seat = p.get("seat", 0)
            label, _rgba = seat_label(d["players"][seat] if seat < len(d["players"]) else str(p.get("name")),
                                      d["colours"][seat] if seat < len(d["colours"]) else "")
            # the keys in the game's words (its views' NUMBER_WORDS, its catalog)
            numbers = [f"{game_text(d['game'], k.replace('_', ' '))} {v}" for k, v in p.items()
                       if k not in ("seat", "name") and isinstance(v, (int, float)) and not isinstance(v, bool)]
            lines.append(f"{label}: " + (", ".join(numbers) if numbers else "—"))
        waiting = (view.get("waiting_for") or {}).get("sentence") or ""
        pane.ids.table.text = "\n".join(lines + ([waiting] if waiting else []))
        pane.ids.back.disabled = self.step == 0
        pane.ids.forward.disabled = self.step >= len(d["log"])

    def export_game(self):
        from companion.errors import CompanionError
        from companion.history import export
        from companion.history import files as export_files

        d = getattr(self, "detail", None)
        if d is None:
            return
        try:
            files = {f"maya-game-{d['id']}.jsonl": export.jsonl(App.get_running_app().journal, d["id"])}
            folder, where = export_files.export_folder()
            written = export_files.save(files, folder, where)
        except CompanionError as e:
            self.ids.notice.color = theme.DANGER
            self.ids.notice.text = str(e)
            return
        self.ids.notice.color = theme.GOOD
        self.ids.notice.text = _("Saved {file} to {where}; 'maya-companion verify {file}' checks its draws.",
                                 file=written[0].name, where=where) + _no_stick(folder)
