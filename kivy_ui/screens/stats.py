"""Statistics: per game and player figures, and plots people would rather look at than read.

Figures come from companion.history.stats (results only). Plots (kivy_ui/widgets/plot.py)
are drawn with graphics instructions: each player's scores over time, wins by
seat position, and the spread of scores. Reached from Past games.
"""
from __future__ import annotations

import datetime

from kivy.app import App
from kivy.factory import Factory
from kivy.properties import BooleanProperty, StringProperty
from kivy.uix.screenmanager import Screen

from companion.i18n import format_percent, format_skeleton

from .. import theme
from ..i18n import _, ngettext
from ..widgets.plot import BarPlot, LinePlot
from .home import game_title


class StatsScreen(Screen):
    narrow = BooleanProperty(False)  # a portrait panel: parts stacked (the .kv sets it)
    game = StringProperty("")
    player = StringProperty("")
    plot_kind = StringProperty("scores")

    def refresh(self):
        from companion.history import stats
        from companion.table.players import Roster

        app = App.get_running_app()
        self.roster = Roster.open()
        self.plays = stats.load(app.journal, self.roster) if app.journal is not None else []
        self.games = sorted({p.game for p in self.plays})
        if self.game not in self.games:
            self.game = self.games[0] if self.games else ""
        self._show()

    def cycle_game(self):
        if self.games:
            self.game = self.games[(self.games.index(self.game) + 1) % len(self.games)] if (
                self.game in self.games) else self.games[0]
            self.player = ""
        self._show()

    def cycle_player(self):
        from companion.history import stats

        names = [""] + stats.players_of(self.plays, self.game or None)
        self.player = names[(names.index(self.player) + 1) % len(names)] if self.player in names else ""
        self._show()

    def show_plot(self, kind: str):
        self.plot_kind = kind
        self._show()

    def _colour_of(self, name: str, i: int):
        p = self.roster.by_name(name) if getattr(self, "roster", None) else None
        cname = p.colour if p is not None and p.colour else theme.COLOUR_NAMES[i % len(theme.COLOUR_NAMES)]
        _n, symbol, rgba = theme.colour(cname)
        return f"{symbol} {name}", rgba

    def _show(self):
        from companion.history import stats
        from companion.table.clock import turn_average

        self.ids.game_button.text = _("Game: {title}", title=game_title(self.game)) if self.game else _(
            "Game: none yet")
        self.ids.player_button.text = _("Player: {name}", name=self.player) if self.player else _(
            "Player: everyone")
        for kind in ("scores", "seats", "spread"):
            self.ids[f"tab_{kind}"].state = "down" if kind == self.plot_kind else "normal"
        box = self.ids.figures
        box.clear_widgets()
        if not self.game:
            box.add_widget(Factory.Body(text=_("No finished games yet."), size_hint_y=None, height="40dp"))
            self._plot(None)
            return
        g = stats.game_stats(self.plays, self.game)
        lines = [(ngettext("{n} play · {minutes} min on average", "{n} plays · {minutes} min on average",
                           g["plays"], minutes=g["average_minutes"]), "22sp", theme.ACCENT)]
        people = [self.player] if self.player else stats.players_of(self.plays, self.game)
        for i, who in enumerate(people):
            p = stats.player_stats(self.plays, who, self.game)
            label, rgba = self._colour_of(who, i)
            plays = ngettext("{n} play", "{n} plays", p["plays"])
            wins = ngettext("{n} win", "{n} wins", p["wins"])
            lines.append((_("{player}: {plays}, {wins} ({rate})", player=label, plays=plays, wins=wins,
                            rate=format_percent(p["win_rate"])), "20sp", rgba))
            last = " ".join(f"{r['score']}{'★' if r['won'] else ''}" for r in p["last10"])
            lines.append(("    " + _("average {average}, best {best}; last: {scores}", average=p["average"],
                                     best=p["best"], scores=last), "18sp", theme.TEXT_DIM))
            if p["turns"]:  # only games that ran a turn clock
                lines.append(("    " + turn_average(p["turns"], p["average_turn_s"]), "18sp", theme.TEXT_DIM))
        for text, size, colour in lines:
            lab = Factory.Body(text=text, font_size=size, color=colour, font_name=theme.SYMBOL_FONT,
                               size_hint_y=None)
            lab.bind(texture_size=lambda w, ts: setattr(w, "height", ts[1] + 6))
            box.add_widget(lab)
        self._plot(g)

    def _plot(self, g):
        from companion.history import stats

        holder = self.ids.plot
        holder.clear_widgets()
        if g is None:
            return
        if self.plot_kind == "seats":
            plot = BarPlot(title=_("Wins by seat (seat 1 starts)"))
            plot.set_bars([_("Seat {n}", n=i + 1) for i in range(len(g["wins_by_seat"]))], g["wins_by_seat"])
        elif self.plot_kind == "spread":
            plot = BarPlot(title=_("How scores are spread"))
            bins = g["score_distribution"]
            plot.set_bars([f"{b['lo']}" if b["lo"] == b["hi"] else f"{b['lo']}–{b['hi']}" for b in bins],
                          [b["count"] for b in bins], colour=theme.GOOD)
        else:
            plot = LinePlot(title=_("Scores over time"))
            people = [self.player] if self.player else stats.players_of(self.plays, self.game)[:4]
            key = {who.casefold() for who in people}
            # The x axis is this game's plays (the last 12 any of them played), one step per play.
            games = [p for p in self.plays if p.game == self.game
                     and any(s.name.casefold() in key for s in p.seats)][-12:]
            labels = [format_skeleton("MMMd", datetime.date.fromtimestamp(p.started)) for p in games]
            series = []
            for i, who in enumerate(people):
                label, rgba = self._colour_of(who, i)
                scores = [next((s.score for s in p.seats if s.name.casefold() == who.casefold()), None)
                          for p in games]
                series.append((label, rgba, scores))
            plot.set_series(series, labels)
        holder.add_widget(plot)
