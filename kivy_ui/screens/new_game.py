"""New game: the game, the players (names, colours, fobs) and the game's options.

Defaults are what a first-time table wants: the game's own option defaults,
names Player 1..N, distinct colours, no fobs.
"""
from __future__ import annotations

from kivy.app import App
from kivy.factory import Factory
from kivy.properties import ListProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.screenmanager import Screen

from companion.errors import CompanionError

from .. import theme
from . import playable_games
from .home import game_title


#: Options that mean nothing to a solo table (no one to pass the first-player token to).
MULTIPLAYER_ONLY = {("mayan-curse", "token_skips_escaped")}


def option_applies(game: str, option, players: int) -> bool:
    """Whether a table of `players` is asked about `option`: the engines mark solo-only
    options by their help ("solo only: …", "solo scenarios …"); a multiplayer table
    never sees them, a solo table never sees the multiplayer-only ones."""
    if (option.help or "").lower().startswith("solo"):
        return players == 1
    if (game, option.name) in MULTIPLAYER_ONLY:
        return players > 1
    return True


class PlayerRow(BoxLayout):
    seat = NumericProperty(0)
    colour_name = StringProperty("Red")
    fob = StringProperty("")
    waiting = NumericProperty(0)  # 1 while this row waits for a fob tap

    def colour_label(self):
        name, symbol, _ = theme.colour(self.colour_name)
        return f"{symbol} {name}"


class NewGameScreen(Screen):
    game = StringProperty("")
    players = NumericProperty(2)
    games = ListProperty([])

    def refresh(self):
        self.games = playable_games()
        self.ids.notice.text = ""
        if not self.games:
            self.ids.notice.text = "No game engine is installed yet."
            return
        if self.game not in self.games:
            self.choose_game(self.games[0])
        self._build_game_buttons()

    # --- the game and its options ---------------------------------------------
    def _engine(self):
        from companion.games import get_game

        return get_game(self.game)

    def choose_game(self, name):
        self.game = name
        engine = self._engine()
        self.players = max(engine.min_players, min(self.players, engine.max_players))
        self.options = {o.name: o.default for o in engine.options}
        self._build_game_buttons()
        self._build_players()
        self._build_options()

    def _build_game_buttons(self):
        box = self.ids.game_choice
        box.clear_widgets()
        for name in self.games:
            cls = Factory.AccentButton if name == self.game else Factory.BigButton
            b = cls(text=game_title(name))
            b.bind(on_release=lambda _b, n=name: self.choose_game(n))
            box.add_widget(b)

    def change_players(self, delta):
        engine = self._engine()
        n = max(engine.min_players, min(engine.max_players, self.players + delta))
        if n != self.players:
            self.players = n
            self._build_players()
            self._build_options()  # a solo table and a full one are asked different things

    def _build_players(self):
        box = self.ids.player_rows
        old = {r.seat: (r.ids.name.text, r.colour_name, r.fob) for r in box.children}
        box.clear_widgets()
        used = []
        for seat in range(self.players):
            name, colour, fob = old.get(seat, (f"Player {seat + 1}", None, ""))
            if colour is None or colour in used:
                colour = next(c for c in theme.COLOUR_NAMES if c not in used)
            used.append(colour)
            row = PlayerRow(seat=seat, colour_name=colour, fob=fob)
            row.ids.name.text = name
            box.add_widget(row)
        self.ids.count.text = str(self.players)
        if getattr(self, "options", {}).get("dealer", -1) >= self.players:
            self.options["dealer"] = -1
            self._build_options()

    def rows(self):
        return sorted(self.ids.player_rows.children, key=lambda r: r.seat)

    def next_colour(self, row):
        taken = {r.colour_name for r in self.rows() if r is not row}
        names = theme.COLOUR_NAMES
        i = names.index(row.colour_name)
        for k in range(1, len(names) + 1):
            c = names[(i + k) % len(names)]
            if c not in taken:
                row.colour_name = c
                return

    def _build_options(self):
        box = self.ids.option_rows
        box.clear_widgets()
        for o in self._engine().options:
            if not option_applies(self.game, o, self.players):
                # Hidden means default: a scenario chosen for a solo game must not
                # follow the table to three players (the engine would refuse it).
                self.options[o.name] = o.default
                continue
            if o.kind == "int":
                row = BoxLayout(size_hint_y=None, height="56dp", spacing="8dp")
                label = Factory.Body(text=self._option_text(o))
                less = Factory.BigButton(text="−", size_hint_x=None, width="72dp")
                more = Factory.BigButton(text="+", size_hint_x=None, width="72dp")
                less.bind(on_release=lambda _b, opt=o, lab=label: self._step_option(opt, -1, lab))
                more.bind(on_release=lambda _b, opt=o, lab=label: self._step_option(opt, 1, lab))
                for w in (label, less, more):
                    row.add_widget(w)
                box.add_widget(row)
            else:
                b = Factory.BigButton(text=self._option_text(o))
                b.bind(on_release=lambda btn, opt=o: self._cycle_option(opt, btn))
                box.add_widget(b)
            if o.help:
                hint = Factory.Dim(text=o.help, font_size="16sp", size_hint_y=None)
                hint.bind(texture_size=lambda w, ts: setattr(w, "height", ts[1] + 4))
                box.add_widget(hint)

    def _option_text(self, o):
        v = self.options[o.name]
        if o.kind == "bool":
            shown = "on" if v else "off"
        elif o.name == "dealer" and isinstance(v, int):
            # Seats mean little to a table; names do.
            names = [r.ids.name.text or f"Player {r.seat + 1}" for r in self.rows()]
            shown = names[v] if 0 <= v < len(names) else "the last player"
        else:
            shown = str(v)
        return f"{o.name.replace('_', ' ')}: {shown}"

    def _cycle_option(self, o, button):
        v = self.options[o.name]
        if o.kind == "bool":
            v = not v
        else:
            v = o.choices[(o.choices.index(v) + 1) % len(o.choices)]
        self.options[o.name] = v
        button.text = self._option_text(o)

    def _step_option(self, o, delta, label):
        v = self.options[o.name] + delta
        hi = o.hi
        if o.name == "dealer":
            hi = min(hi if hi is not None else self.players - 1, self.players - 1)
        if (o.lo is None or v >= o.lo) and (hi is None or v <= hi):
            self.options[o.name] = v
        label.text = self._option_text(o)

    # --- fobs -------------------------------------------------------------------
    def wait_for_fob(self, row):
        app = App.get_running_app()
        if row.waiting:
            row.waiting = 0
            app.device_listener = None
            return
        for r in self.rows():
            r.waiting = 0
        row.waiting = 1
        app.device_listener = lambda event, r=row: self._fob_event(r, event)

    def _fob_event(self, row, event) -> bool:
        if not hasattr(event, "uid") or type(event).__name__ == "TagRemoved":
            return False
        tags = App.get_running_app().tags
        known = tags.lookup(event.uid) if tags is not None else None
        if known is not None and known.get("kind") != "fob":
            from companion.tags import describe

            self.ids.notice.text = f"That tag is {describe(known)}, not a fob; tap a fob."
            return True
        self.ids.notice.text = ""
        for r in self.rows():
            if r.fob == event.uid:
                r.fob = ""
        row.fob = event.uid
        row.waiting = 0
        App.get_running_app().device_listener = None
        return True

    def clear_fob(self, row):
        row.fob = ""

    # --- start ------------------------------------------------------------------
    def start(self):
        app = App.get_running_app()
        app.device_listener = None
        rows = self.rows()
        names = [r.ids.name.text.strip() for r in rows]
        fobs = [r.fob or None for r in rows]
        if app.tags is not None:
            # A player's fob from an earlier night still opens their view.
            fobs = [fob or app.tags.fob(name) for fob, name in zip(fobs, names)]
        meta = {"colours": [r.colour_name for r in rows], "fobs": fobs}
        problem = app.start_game(self.game, names, dict(self.options), meta)
        if problem:
            self.ids.notice.text = problem
            return
        if app.tags is not None:
            for name, row in zip(names, rows):
                if row.fob:
                    try:
                        app.tags.learn(row.fob, {"kind": "fob", "player": name}, replace=True)
                    except CompanionError as e:  # the game goes on; the fob works for this game anyway
                        app.notice = str(e)

    def on_leave(self, *_):
        App.get_running_app().device_listener = None
        for r in self.rows():
            r.waiting = 0
