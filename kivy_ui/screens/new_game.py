"""New game: the game, the players (names, colours, fobs) and the game's options.

Defaults are what a first-time table wants: the game's own option defaults,
distinct colours, no fobs, and name fields that show "Player 1".. as a hint
(an empty field starts the game under its hint, nothing has to be deleted).
Remembered players (companion/table/players.py) come back three ways: "Same table as
last time" seats the last table again (game, players, colours, fobs); a seat's
"▾" picks a remembered player; a known fob tapped while binding fills in its
owner's name. The form opens scrolled to the top. With no physical keyboard
attached, a name field opens Kivy's own on-screen keyboard docked below the
form (never over the field, which scrolls into view above it).
"""
from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.clock import Clock
from kivy.factory import Factory
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.screenmanager import Screen

from companion.errors import CompanionError
from companion.rules.starts import starts_of
from companion.rules.turn_end import ends_turn_of
from companion.table.clock import META as CLOCK
from companion.table.clock import Setting
from companion.table.first import can_draw
from companion.table.teach import TEACH

from .. import theme
from ..i18n import _
from . import playable_games
from .home import game_title
from .new_game_parts import DockedKeyboard, NameKeyboard, PlayerPicker, physical_keyboard

__all__ = ["DockedKeyboard", "NewGameScreen", "PlayerPicker", "PlayerRow", "option_applies", "physical_keyboard"]


def option_applies(game: str, option, players: int, options=None) -> bool:
    """Whether a table of `players` playing with `options` is asked about `option`: the
    game's own game.toml says which player counts and which other options' values each
    of its options needs (companion.history.option_words)."""
    from companion.history.option_words import applies

    return applies(game, option.name, players, options)


class PlayerRow(BoxLayout):
    narrow = BooleanProperty(False)  # a portrait form: name above colour and fob (the .kv sets it)
    seat = NumericProperty(0)
    colour_name = StringProperty("Red")
    fob = StringProperty("")
    waiting = NumericProperty(0)  # 1 while this row waits for a fob tap

    def colour_label(self):
        name, symbol, _rgba = theme.colour(self.colour_name)
        return f"{symbol} {theme.colour_word(name)}"


class NewGameScreen(NameKeyboard, Screen):
    game = StringProperty("")
    players = NumericProperty(2)
    games = ListProperty([])
    keyboard_shown = BooleanProperty(False)
    draw_first = BooleanProperty(False)  # the companion draws who starts (New game, "Draw the first player")
    teach = BooleanProperty(False)  # the first-game guide (New game, "First game: explain each phase")
    draw_button: Any = None
    clock_setting = Setting()  # the turn clock the table chose (off until it chooses one)
    clock_ends = False  # the game chosen declares its end-turn action (the timers' "then the turn ends")
    clock_button: Any = None

    def refresh(self):
        self.games = playable_games()
        self.ids.notice.text = ""
        self.hide_keyboard()
        if not self.games:
            self.ids.notice.text = _("No game engine is installed yet.")
            return
        if self.game not in self.games:
            self.choose_game(self.games[0])
        self._build_game_buttons()
        self._update_same_table()
        self._keyboard_mode = "auto" if physical_keyboard() else "managed"
        for r in self.rows():
            r.ids.name.keyboard_mode = self._keyboard_mode
        self.ids.scroll.scroll_y = 1  # the form opens at its top, whatever was scrolled last time
        Clock.schedule_once(lambda _dt: setattr(self.ids.scroll, "scroll_y", 1), 0)

    # --- remembered players --------------------------------------------------------
    def roster(self):
        from companion.table.players import Roster

        app = App.get_running_app()
        roster = getattr(app, "roster", None)
        if roster is None:
            roster = Roster.open()
            app.roster = roster
            if roster.notice:
                self.ids.notice.text = roster.notice
        return roster

    def _update_same_table(self):
        game, seated = self.roster().last_table()
        button = self.ids.same_table
        usable = bool(seated) and game in self.games
        button.disabled = not usable
        button.text = _("Same table as last time: {names}", names=", ".join(p.name for p in seated)) if usable else (
            _("Same table as last time"))

    def same_table(self):
        """Seat the last table again: its game, players, colours and fobs."""
        from companion.games import get_game

        game, seated = self.roster().last_table()
        if not seated or game not in self.games:
            return
        engine = get_game(game)
        seated = seated[: engine.max_players]
        self.players = max(engine.min_players, len(seated))
        self.choose_game(game)
        for row, p in zip(self.rows(), seated):
            self.seat_player(row, p)

    def pick_player(self, row):
        seated = {r.ids.name.text.strip().casefold() for r in self.rows() if r.seat != row.seat}
        players = [p for p in self.roster().players() if p.name.casefold() not in seated]
        if not players:
            self.ids.notice.text = _("No other player is remembered yet: type a name; it is remembered at Start.")
            return
        PlayerPicker(self, row, players).open()

    def rename_player(self, player, new_name) -> str | None:
        """Rename a remembered player (their history follows, their fob too); a
        sentence when the name cannot be used."""
        app = App.get_running_app()
        try:
            renamed = self.roster().rename(player.id, new_name)
        except CompanionError as e:
            return str(e)
        if renamed.fob and app.tags is not None:
            try:
                app.tags.learn(renamed.fob, {"kind": "fob", "player": renamed.name}, replace=True)
            except CompanionError as e:
                return str(e)
        for r in self.rows():  # a row showing the old name shows the new one
            if r.ids.name.text.strip().casefold() == player.name.casefold():
                r.ids.name.text = renamed.name
        self._update_same_table()
        return None

    def seat_player(self, row, player):
        """A remembered player at this row: their name, their colour when it is free, their fob."""
        row.ids.name.text = player.name
        # Rows are compared by seat: kv hands a row over as a weak proxy, never `is` the row itself.
        taken = {r.colour_name for r in self.rows() if r.seat != row.seat}
        if player.colour in theme.COLOUR_NAMES and player.colour not in taken:
            row.colour_name = player.colour
        if player.fob:
            for r in self.rows():
                if r.fob == player.fob:
                    r.fob = ""
            row.fob = player.fob

    # --- the game and its options ---------------------------------------------
    def _engine(self):
        from companion.games import get_game

        return get_game(self.game)

    def choose_game(self, name):
        try:  # the rules are imported when the game is chosen, not when the list is shown
            from companion.games import get_game

            get_game(name)
        except Exception as e:  # a game whose package is broken must not take New game down
            self.ids.notice.text = _("{title} cannot be started: {problem}", title=game_title(name),
                                     problem=type(e).__name__ + ": " + str(e))
            return
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
        mode = getattr(self, "_keyboard_mode", None) or ("auto" if physical_keyboard() else "managed")
        for seat in range(self.players):
            name, colour, fob = old.get(seat, ("", None, ""))
            if colour is None or colour in used:
                colour = next(c for c in theme.COLOUR_NAMES if c not in used)
            used.append(colour)
            row = PlayerRow(seat=seat, colour_name=colour, fob=fob)
            row.ids.name.text = name
            row.ids.name.hint_text = _("Player {n}", n=seat + 1)
            # No keyboard on the table: the field asks this screen for the docked one.
            row.ids.name.keyboard_mode = mode
            box.add_widget(row)
        self.ids.count.text = str(self.players)
        starts = starts_of(self._engine())
        if starts is not None and getattr(self, "options", {}).get(starts.option, -1) >= self.players:
            self.options[starts.option] = next(o.default for o in self._engine().options if o.name == starts.option)
            self._build_options()

    def rows(self):
        return sorted(self.ids.player_rows.children, key=lambda r: r.seat)

    def next_colour(self, row):
        taken = {r.colour_name for r in self.rows() if r.seat != row.seat}
        names = theme.COLOUR_NAMES
        i = names.index(row.colour_name)
        for k in range(1, len(names) + 1):
            c = names[(i + k) % len(names)]
            if c not in taken:
                row.colour_name = c
                return

    def _build_options(self):
        """The options that apply to this table, in the rulebook's words and the game's
        order; one that does not apply is hidden and plays its default."""
        from companion.history.option_words import help_text, order

        box = self.ids.option_rows
        box.clear_widgets()
        engine = self._engine()
        by_name = {o.name: o for o in engine.options}
        self._shown_options = []
        starts = starts_of(engine)
        self.draw_first = self.draw_first and can_draw(engine, "digital", self.players)
        for name in order(self.game, list(by_name)):
            o = by_name[name]
            if self.draw_first and starts is not None and name == starts.option:
                continue  # drawn, not chosen
            if not option_applies(self.game, o, self.players, self.options):
                # Hidden means default: a scenario chosen for a solo game must not
                # follow the table to three players (the engine would refuse it).
                self.options[o.name] = o.default
                continue
            self._shown_options.append(o.name)
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
            hint_text = help_text(self.game, o.name, o.help)
            if hint_text:
                hint = Factory.Dim(text=hint_text, font_size="18sp", size_hint_y=None)
                hint.bind(texture_size=lambda w, ts: setattr(w, "height", ts[1] + 4))
                box.add_widget(hint)
        if can_draw(engine, "digital", self.players):  # the app's games are digital: the companion's seed is committed
            self.draw_button = Factory.BigButton(text=self._draw_text())
            self.draw_button.bind(on_release=lambda _b: self.toggle_draw())
            box.add_widget(self.draw_button)
        # The turn clock (issue 25; companion/table/clock.py): off, a timer per turn, a chess bank per seat;
        # for a game that declares its end-turn action, each timer also "then the turn ends"
        self.clock_ends = ends_turn_of(engine) is not None
        self.clock_button = Factory.BigButton(text=self.clock_setting.for_game(self.clock_ends).label())
        self.clock_button.bind(on_release=lambda _b: self.cycle_clock())
        box.add_widget(self.clock_button)
        # the first-game guide (issue 25 §1, companion/table/teach.py): a card the first time each phase comes up
        self.teach_button = Factory.BigButton(text=self._teach_text())
        self.teach_button.bind(on_release=lambda _b: self.toggle_teach())
        box.add_widget(self.teach_button)

    def cycle_clock(self) -> None:
        """Turn clock: off → 30 s (then 30 s, then the turn ends) … 180 s per turn → chess 10/20/30 min → off."""
        self.clock_setting = self.clock_setting.for_game(self.clock_ends).following(self.clock_ends)
        self.clock_button.text = self.clock_setting.label()

    def _teach_text(self) -> str:
        return _("First game: each phase explained") if self.teach else _("First game: explain each phase")

    def toggle_teach(self) -> None:
        """The first-game guide on or off (kept in the session's meta as `teach`)."""
        self.teach = not self.teach
        self.teach_button.text = self._teach_text()

    def _draw_text(self) -> str:
        return _("Who starts: drawn by the companion") if self.draw_first else _("Draw the first player")

    def toggle_draw(self) -> None:
        """Who starts: chosen with the options below, or drawn by the companion
        from the game's sealed seed when the game starts (companion/table/first.py)."""
        self.draw_first = not self.draw_first
        self._build_options()

    def _option_text(self, o):
        from companion.history.option_words import text

        return text(self.game, o.name, self.options[o.name], [self.name_of(r) for r in self.rows()])

    def applied_options(self) -> dict:
        """The options that apply to this table (the ones shown): what the game records."""
        return {o.name: self.options[o.name] for o in self._engine().options
                if option_applies(self.game, o, self.players, self.options)}

    def _cycle_option(self, o, button):
        v = self.options[o.name]
        if o.kind == "bool":
            v = not v
        else:
            v = o.choices[(o.choices.index(v) + 1) % len(o.choices)]
        self.options[o.name] = v
        button.text = self._option_text(o)
        self._options_changed()

    def _step_option(self, o, delta, label):
        v = self.options[o.name] + delta
        hi = o.hi
        starts = starts_of(self._engine())
        if starts is not None and o.name == starts.option:  # a seat of this table
            hi = min(hi if hi is not None else self.players - 1, self.players - 1)
        if (o.lo is None or v >= o.lo) and (hi is None or v <= hi):
            self.options[o.name] = v
        label.text = self._option_text(o)
        self._options_changed()

    def _options_changed(self):
        """An option another depends on changed (a solo scenario): show the ones that
        apply now. The rows above stay where they are; only the ones below move."""
        from companion.history.option_words import applies, order

        names = order(self.game, [o.name for o in self._engine().options])
        starts = starts_of(self._engine()) if self.draw_first else None
        shown = [n for n in names if applies(self.game, n, self.players, self.options)
                 and not (starts is not None and n == starts.option)]
        if shown != getattr(self, "_shown_options", None):
            # The form keeps its place from the top: the row tapped stays under the finger.
            scroll = self.ids.scroll
            content = scroll.children[0]
            above = (1 - scroll.scroll_y) * max(0.0, content.height - scroll.height)
            self._build_options()

            def keep(_dt):
                room = content.height - scroll.height
                scroll.scroll_y = min(1.0, max(0.0, 1 - above / room)) if room > 0 else 1.0
            # The help lines take their height as they are drawn; a finger's next touch ends it.
            self._keeping = [Clock.schedule_once(keep, delay) for delay in (0, 0.05, 0.15)]

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
            from companion.table.tags import describe

            self.ids.notice.text = _("That tag is {meaning}, not a fob; tap a fob.", meaning=describe(known))
            return True
        self.ids.notice.text = ""
        for r in self.rows():
            if r.fob == event.uid:
                r.fob = ""
        row.fob = event.uid
        row.waiting = 0
        App.get_running_app().device_listener = None
        owner = known.get("player") if known is not None else None
        if owner and not row.ids.name.text.strip():
            # A known fob brings its owner to an empty seat: their name, and their colour
            # when it is free. A name already typed stays: the fob is being handed on.
            remembered = self.roster().by_name(owner)
            if remembered is not None:
                self.seat_player(row, remembered)
                row.fob = event.uid
            else:
                row.ids.name.text = owner
            for r in self.rows():
                if r.seat != row.seat and r.ids.name.text.strip().casefold() == owner.casefold():
                    r.ids.name.text = ""
        return True

    def clear_fob(self, row):
        row.fob = ""

    # --- start ------------------------------------------------------------------
    def name_of(self, row) -> str:
        """The name typed, else the field's hint ("Player 2")."""
        return " ".join(row.ids.name.text.split()) or row.ids.name.hint_text or _("Player {n}", n=row.seat + 1)

    def start(self):
        app = App.get_running_app()
        app.device_listener = None
        self.hide_keyboard()
        rows = self.rows()
        names = [self.name_of(r) for r in rows]
        fobs = [r.fob or None for r in rows]
        if app.tags is not None:
            # A player's fob from an earlier night still opens their view.
            fobs = [fob or app.tags.fob(name) for fob, name in zip(fobs, names)]
        meta: dict[str, Any] = {"colours": [r.colour_name for r in rows], "fobs": fobs}
        if self.teach:
            meta[TEACH] = True
        if self.clock_setting.on:
            meta[CLOCK] = self.clock_setting.for_game(self.clock_ends).to_meta()
        problem = app.start_game(self.game, names, self.applied_options(), meta, draw_first=self.draw_first)
        if problem:
            self.ids.notice.text = problem
            return
        if self.teach:  # a first game's guide is that game's: the next New game asks again
            self.toggle_teach()
        if app.tags is not None:
            for name, row in zip(names, rows):
                if row.fob:
                    try:
                        app.tags.learn(row.fob, {"kind": "fob", "player": name}, replace=True)
                    except CompanionError as e:  # the game goes on; the fob works for this game anyway
                        app.notice = str(e)
        # "Same table as last time" next time. Only names a player typed (or picked) are
        # remembered, not the "Player 2" hints; the game goes on if the list cannot be saved.
        seats = [{"name": n, "colour": r.colour_name, "symbol": theme.colour(r.colour_name)[1], "fob": f}
                 for n, r, f in zip(names, rows, fobs) if r.ids.name.text.strip()]
        if seats:
            try:
                self.roster().remember_table(self.game, seats)
            except CompanionError as e:
                app.notice = str(e)

    def on_leave(self, *_):
        self.hide_keyboard()
        app = App.get_running_app()
        if app is not None:  # None when the app is stopping with this screen open
            app.device_listener = None
        for r in self.rows():
            r.waiting = 0
