"""The Maya table screen, laid out for 800x480 and scaled with the panel: the
players (whose turn, gold, blocks, what they are doing), what the game waits
for, the phase's part of the board (the quarries with their cards face down in
placement order until building; the pyramids level by level for the starting
blocks and building), what just happened, and the public choices as rows of
big buttons. A narrow (portrait) screen gives the players a row of their own,
the quarries and pyramids fewer columns and the choices four places a row.

A renderer of the table's frame (GameScreen.frame): the public view
(`frame.view`), the public choices (`frame.choices`) and, in the privacy gate's
window only, the open seat's view and choices (`frame.gate`). Every word a
player reads comes from the game (labels, sentences, the round summary's
tables); a tap sends back a choice's key and the values picked for its parts
(GameScreen.choose), which asks a choice's confirmation first.

Same choice, same place (issue 22): each group is laid out by `menu.places`
(every slot of the group, offered now or not), so a choice's button is where it
was for every player and turn and one not offered leaves its place empty; the
markers' moves are a row of their own above the main rows (which never move);
a private view's button sits in its seat's place. The buttons are built once
and refilled. A choice with parts turns the main rows into its picker (the
options in their stable places, Back where the choice's button was); one that
costs something asks its question at the picker's head, and the picks that
complete it are the answer (a double move: 3 touches).
"""
from __future__ import annotations

from typing import Any

from kivy.clock import Clock
from kivy.factory import Factory
from kivy.metrics import dp, sp
from kivy.properties import StringProperty
from kivy.uix.boxlayout import BoxLayout

from companion.games.maya import menu as maya_menu
from companion.games.maya.components import load_box
from companion.games.maya.words import number
from companion.rules.choices import Choice, find, next_part, options_for

from .. import theme
from ..i18n import _
from ..widgets.maya_board import FONT, PlayerTile, PyramidColumn, QuarryColumn, show_in_place, snug
from ..widgets.maya_private import MayaPrivatePanel
from ..widgets.maya_summary import RoundSummary
from .game_screen import GameScreen

MAX_BUTTONS = 8  # places in a row at 800 dp wide
PORTRAIT_COLUMNS, NARROW_DP = 4, 600  # a screen narrower than 600 dp (portrait): 4 places a row
MAIN_ROWS = 3  # rows of choices at most (a card picker on a narrow screen)
MARKER_PLACES = len(maya_menu.MARKER_SLOTS)  # the markers' moves, a row of their own above
ROW_DP, NARROW_ROW_DP = 56, 66  # a row's height (a narrow place may need three lines)
BUTTON_PX = 20  # the choices' labels (two lines where a place is narrow)
CROWDED = 5  # a row of this many places or more: labels at theme.MIN_PX
MORE = "…"  # after the label of a choice that opens a picker

LINE_CHARS = 110  # what two lines of 24 sp text hold across 800 dp
#: the phases whose part of the board is the pyramids (else the quarries)
PYRAMID_PHASES = ("setup", "building", "over")


def fit_line(sentences: list[str], limit: int = LINE_CHARS) -> str:
    """The newest sentences that fit the two-line 'what just happened' line at 24 px
    (the whole list is in the log; a longer single sentence ends with "…")."""
    out: list[str] = []
    for s in reversed(sentences):
        if out and len(" ".join([s, *out])) > limit:
            break
        out.insert(0, s)
    text = " ".join(out)
    return text if len(text) <= limit else text[:limit - 1].rsplit(" ", 1)[0] + " …"


def seat_colours(frame: Any, players: int) -> dict:
    """seat -> (colour name, symbol, rgba): the colours chosen on New game (the frame's)."""
    chosen = list(getattr(frame, "colours", None) or ())
    return dict(enumerate(theme.seat_colours({"colours": chosen}, players)))


class MayaScreen(GameScreen):
    header = StringProperty("")

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.picking: Choice | None = None  # the choice whose parts the row is picking
        self.picks: dict[str, Any] = {}
        self._private: MayaPrivatePanel | None = None
        self._tiles: list[PlayerTile] = []
        self._quarry_cols: list[QuarryColumn] = []
        self._pyramid_cols: list[PyramidColumn] = []
        self._buttons: list[Any] = []
        self._rows: list[Any] = []
        self._main_keys: list = []  # the choice key in each place of the main rows
        self._shape: tuple = ()  # (players, quarries, levels per pyramid) the board was built for
        self._said = ""
        self._summary: RoundSummary | None = None
        self._summarised: set = set()  # rounds whose summary was shown
        self.colours: dict = {}

    def on_kv_post(self, base_widget: Any) -> None:
        super().on_kv_post(base_widget)
        self.ids.summary.glance = True  # what just happened: read at a glance (AppDriver.small_text)
        self.ids.prompt.glance = True  # what the game waits for
        for lab in (self.ids.prompt, self.ids.summary):  # wrapped within 4 dp of each side
            snug(lab, inset=dp(8))
        self._arranged: tuple = ()

    # --- wiring -------------------------------------------------------------------
    def new_table(self) -> None:
        self.reset_input()
        self._said = ""
        self._summarised = set()
        self.colours = {}
        if self._summary is not None and self._summary.shown:
            self._summary.close()

    def reset_input(self) -> None:
        self.picking, self.picks = None, {}

    def entering(self) -> bool:
        return self.picking is not None or super().entering()

    def on_leave(self, *args: Any) -> None:
        super().on_leave(*args)
        if self._summary is not None and self._summary.shown:
            self._summary.close()

    # --- the board, built once per game --------------------------------------------
    def _build(self, v: Any) -> None:
        shape = (len(v["players"]), len(v["quarries"]), tuple(len(p["levels"]) for p in v["pyramids"]))
        if shape == self._shape:
            return
        self._shape = shape
        for box in (self.ids.players, self.ids.quarries, self.ids.pyramids):
            box.clear_widgets()
        self._tiles = [PlayerTile(self._tapped_player) for _ in v["players"]]
        self.seat_clocks = {seat: tile.clock for seat, tile in enumerate(self._tiles)}
        most = max(q["max_cards"] for q in v["quarries"]) + 1  # and the +2 points marker
        self._quarry_cols = [QuarryColumn(most) for _ in v["quarries"]]
        self._pyramid_cols = [PyramidColumn(len(p["levels"])) for p in v["pyramids"]]
        for tile in self._tiles:
            self.ids.players.add_widget(tile)
        for col in self._quarry_cols:
            self.ids.quarries.add_widget(col)
        for pcol in self._pyramid_cols:
            self.ids.pyramids.add_widget(pcol)
        Clock.schedule_once(lambda *_: self._prepare(v), 0)  # the frame after the screen opens
        if not self._buttons:
            self._rows = [BoxLayout(spacing=dp(3), size_hint_y=None, height=dp(ROW_DP)) for _ in range(MAIN_ROWS)]
            for row in self._rows:
                self.ids.choices.add_widget(row)
            for row, count in [(r, MAX_BUTTONS) for r in self._rows] + [(self.ids.choices_more, MARKER_PLACES)]:
                for _ in range(count):
                    b = Factory.BigButton(text="", font_size=sp(BUTTON_PX), height=dp(ROW_DP), font_name=FONT)
                    b.choice = None
                    b.bind(on_release=self._tapped)
                    self._buttons.append(b)
                    row.add_widget(b)

    def on_width(self, *_: Any) -> None:
        """A new width (the first layout, a rotation): rows and columns follow it."""
        if self.frame is not None and self._table is not None and self._shape:
            self.render()

    def _arrange(self, phase: str) -> None:
        """The phase's part of the board gets the room (the quarries until building, the
        pyramids for the starting blocks and building); on a narrow (portrait) screen the
        players get a row of their own and the quarries and pyramids fewer columns."""
        narrow = self.columns() != MAX_BUTTONS
        pyramids = phase in PYRAMID_PHASES
        if (narrow, pyramids, self._shape) == self._arranged:
            return
        self._arranged = (narrow, pyramids, self._shape)
        players = self.ids.players  # the top bar's middle: a row of its own when narrow
        two = narrow and len(self._tiles) > 3  # 4 or 5 players: two rows of wider tiles
        players.rows, players.cols = (None, 3) if two else (1, None)
        self.ids.bar.middle_height = dp(118 if two else 60)
        quarries, pyr = self.ids.quarries, self.ids.pyramids
        n = len(self._quarry_cols)
        quarries.rows, quarries.cols = (None, 4) if narrow and n > 4 else (1, None)
        pyr.rows, pyr.cols = (1, None)  # one row even when narrow: each level a line tall enough to read
        for box, on in ((quarries, not pyramids), (pyr, pyramids)):
            box.size_hint_y, box.height = (1, box.height) if on else (None, 0)
            show_in_place(box, on)
            for child in box.children:
                child.opacity = 1 if on else 0

    def _prepare(self, v: Any) -> None:
        """What a move would otherwise build the first time it is needed, built once the
        screen is open: the private view with its quarries' columns (for the box's cards)
        and the round summary's tables (gold per level: a column per pyramid and the
        total; the blocks to take off: a column per pyramid; a row per player)."""
        if self._private is None:
            self._private = MayaPrivatePanel(self.play_private)
        values = sorted(set(load_box(len(v["players"])).worker_cards), key=lambda x: (x < 0, x))
        self._private.prepare(len(v["quarries"]), tuple((x, number(x)) for x in values))
        self._summary = self._summary or RoundSummary()
        players, pyramids = len(v["players"]), len(v["pyramids"])
        self._summary.prepare([(pyramids + 1, players), (pyramids, players)])

    def _tapped_player(self, seat: int) -> None:
        if self._table is not None:
            self._table.request_peek(seat)

    # --- rendering the frame ----------------------------------------------------------
    def render(self) -> None:
        f = self.frame
        if f is None or self._table is None:
            return
        v = f.view
        self._build(v)
        if not self.colours:
            self.colours = seat_colours(f, len(v["players"]))
        self.header = v.get("header", "")
        self._arrange(v["phase"])
        lines = 2  # what just happened: two lines at most (the whole of it is in the Log), so the board keeps its room
        said = fit_line([e["sentence"] for e in v["events"] if e["sentence"]],
                        int(LINE_CHARS / 2 * lines * self.width / dp(800)))
        if said:
            self._said = said
        self.summary = f.notice or self._said or self.newest  # after Undo/Redo: what it did
        self.can_redo = f.redo.can
        self.message = f.message or " · ".join(f.devices.values())
        acting = set(f.acting)
        for tile, p in zip(self._tiles, v["players"]):
            tile.show(p, self.colours, p["seat"] in acting, p.get("status", ""))
        results = {r["quarry"]: r for r in v["quarry_results"]}
        for col, q in zip(self._quarry_cols, v["quarries"]):
            col.show(q, self.colours, current=v["current_quarry"] == q["quarry"], result=results.get(q["quarry"]))
        for pcol, p in zip(self._pyramid_cols, v["pyramids"]):
            pcol.show(p, self.colours)
        self._render_choices()
        self._round_summary(v, news=not f.notice)
        self.gate_view.sync(self._table)

    def _round_summary(self, v: Any, news: bool) -> None:
        """A round just scored: the game's summary opens and stays until tapped."""
        scoring = next((e for e in v["events"] if e["kind"] == "scoring"), None)
        if scoring is None or scoring["round"] in self._summarised or not news or "summary" not in scoring:
            return
        self._summarised.add(scoring["round"])
        self._summary = self._summary or RoundSummary()
        self._summary.show(scoring["summary"], self.colours)

    # --- the public choices ---------------------------------------------------------
    def _render_choices(self) -> None:
        choices = list(self.frame.choices)
        if self.picking is not None:
            now = find(choices, self.picking.key)
            if now is None or now.legal != self.picking.legal or not now.enabled:
                self.reset_input()  # the move it was for is no longer offered as it was
            else:
                self.picking = now
        self.prompt = self.frame.waiting
        if self.picking is None:
            main, markers = self._places(choices)
            self._fill(main, markers)
            return
        part = next_part(self.picking, self.picks)
        if part is None:  # every part picked (a refused move): start again
            self.reset_input()
            self._render_choices()
            return
        # a move that costs something asks first: its question heads the picker, and only
        # the picks that complete it play it
        self.prompt = f"{self.picking.confirm} {part.label}:" if self.picking.confirm else \
            f"{self.picking.label}: {part.label}"
        possible = {_hashable(o.value) for o in options_for(self.picking, self.picks)}
        shown: list = [(o.label, ("pick", o.value), _hashable(o.value) in possible, False) for o in part.options]
        # Back sits where the choice that opened the picker was (a second tap there goes
        # back, it never picks), else after the options
        places = max(len(shown) + 1, len(self._main_keys))
        shown += [None] * (places - len(shown))
        back = self._main_keys.index(self.picking.key) if self.picking.key in self._main_keys else -1
        if not 0 <= back < len(shown) or shown[back] is not None:
            back = next(i for i, x in enumerate(shown) if x is None)
        shown[back] = (_("Back"), ("back",), True, False)
        self._fill(shown, [])

    def _places(self, choices: list[Choice]) -> tuple[list, list]:
        """Each choice in its own place (menu.places: every slot of its group, offered
        now or not), the buttons that open a player's private view in their seat's place;
        the markers' moves in a row of their own above (the main row never moves)."""
        v = self.frame.view
        item = {c.key: (self._label(c), c, c.enabled, bool(c.extra.get("usual"))) for c in choices}
        main: list = []
        keys: list = []
        markers: list = []
        for group in dict.fromkeys(c.group for c in choices):
            slots = {c.slot: c for c in choices if c.group == group}
            row = [slots.get(s) for s in maya_menu.places(v, group)]
            if group == maya_menu.group_title(maya_menu.G_MARKERS):
                markers = [item[c.key] if c is not None else None for c in row]
                continue
            main += [item[c.key] if c is not None else None for c in row]
            keys += [c.key if c is not None else None for c in row]
        # a decision waiting in a player's private view: the button that opens it (the
        # others look away first), in that player's place
        private = {p["seat"]: p["private"] for p in v["players"] if p.get("private")}
        if private:
            main += [(self._mark(s, private[s]), ("peek", s), True, False) if s in private else None
                     for s in range(len(v["players"]))]
            keys += [None] * len(v["players"])
        self._main_keys = keys
        return main, markers

    def _label(self, c: Choice) -> str:
        return c.label + (MORE if c.parts else "")

    def _mark(self, seat: int, text: str) -> str:
        """A player's symbol before a label that starts with their name."""
        return f"{self.colours[seat][1]} {text}" if seat in self.colours else text

    def choice_buttons(self) -> list[Any]:
        """The buttons of the choices showing now (the markers' row, then the main rows,
        each left to right): what a finger can tap."""
        rows = [self.ids.choices_more, *self._rows]
        return [b for row in rows for b in reversed(row.children) if b.opacity > 0 and b.choice is not None]

    def columns(self) -> int:
        """Places in a row: fewer on a narrow (portrait) screen, each a finger wide."""
        from kivy.core.window import Window

        return PORTRAIT_COLUMNS if Window.width < dp(NARROW_DP) else MAX_BUTTONS

    def _fill(self, main: list, markers: list) -> None:
        """The rows of buttons refilled in place: a choice not possible now stays greyed
        in its place, an empty place keeps its width; unused buttons fold to nothing."""
        cols = self.columns()
        high = dp(ROW_DP if cols == MAX_BUTTONS else NARROW_ROW_DP)
        rows = [main[i:i + cols] for i in range(0, len(main), cols)][:MAIN_ROWS] or [[]]
        for r, row in enumerate(self._rows):
            row.height = high if r < len(rows) else 0
            show_in_place(row, r < len(rows))
            self._fill_row(row, rows[r] if r < len(rows) else [])
        self.ids.choices.height = len(rows) * high + (len(rows) - 1) * dp(3)
        more = self.ids.choices_more
        more.height = high if any(markers) else 0
        show_in_place(more, any(markers))
        self._fill_row(more, markers)

    def _fill_row(self, row: Any, shown: list) -> None:
        # a narrow place (portrait, a crowded row) holds its label whole in two lines at a
        # smaller size, never under theme.MIN_PX
        size = sp(theme.MIN_PX) if self.columns() != MAX_BUTTONS or len(shown) >= CROWDED else sp(BUTTON_PX)
        for i, b in enumerate(row.children[::-1]):
            b.height = row.height or b.height
            if i < len(shown) and shown[i] is not None:
                text, what, enabled, accent = shown[i]
                b.text, b.choice = text, what
                b.size_hint_x, b.disabled = 1, not enabled
                show_in_place(b, True)
                b.normal_bg = theme.ACCENT if accent else theme.SURFACE_HI
                b.normal_fg = (0.05, 0.05, 0.05, 1) if accent else theme.TEXT
                b.bold = accent
                b.font_size = size
            elif i < len(shown):  # an empty place keeps its width
                b.text, b.choice = "", None
                b.size_hint_x, b.disabled = 1, True
                show_in_place(b, False)
            else:
                b.text, b.choice = "", None
                b.size_hint_x, b.width, b.disabled = None, 0, True
                show_in_place(b, False)

    def _tapped(self, button: Any) -> None:
        what = button.choice
        if what is None or self._table is None:
            return
        if isinstance(what, tuple):
            if what[0] == "peek":  # the others look away first
                self._table.request_peek(what[1])
            elif what[0] == "back":
                self.reset_input()
                self._render_choices()
            elif what[0] == "pick" and self.picking is not None:
                self._pick(what[1])
            return
        if what.parts:
            self.picking, self.picks = what, {}
            self._render_choices()
            return
        self.send(what.key)

    def _pick(self, value: Any) -> None:
        choice = self.picking
        part = next_part(choice, self.picks) if choice is not None else None
        if choice is None or part is None:
            return
        if part.count > 1:
            self.picks[part.key] = (*self.picks.get(part.key, ()), value)
        else:
            self.picks[part.key] = value
        if next_part(choice, self.picks) is None:
            picks = dict(self.picks)
            self.reset_input()
            self.send(choice.key, picks, asked=bool(choice.confirm))
        else:
            self._render_choices()

    def send(self, key: str, picks: dict | None = None, asked: bool = False) -> None:
        """Send the choice back; a refused one re-renders (a taken one re-renders through the
        table). asked: its question headed the picker the player just answered by picking."""
        ok = self._table.choose(key, picks, confirmed=True).ok if asked else self.choose(key, picks)
        if not ok:
            self.render()

    # --- the private overlay's content ---------------------------------------------
    def private_content(self, seat: int, view: dict) -> MayaPrivatePanel:
        """The seat's cards, its cards at concealed quarries, and its own choices (a card
        and its quarry in one touch, the pass, the sealed bid), from the gate's frame."""
        if self._private is None:
            self._private = MayaPrivatePanel(self.play_private)
        gate = self.frame.gate if self.frame is not None else None
        if gate is not None and gate.seat == seat:
            view, choices = dict(gate.view), list(gate.choices)
        else:
            choices = []
        self._private.show(seat, view, choices,
                           self.colours or seat_colours(self.frame, len(view["players"])))
        self._select_tagged(seat)
        return self._private

    def _on_table(self, table: Any, what: str) -> None:
        super()._on_table(table, what)
        if what == "select" and table is self._table and self.frame.gate.seat is not None:
            self._select_tagged(self.frame.gate.seat)

    def _select_tagged(self, seat: int) -> None:
        """A worker-card tag read behind the gate chose this card: its quarries light
        up (the value shows only here, in the seat's own view)."""
        gate = self.frame.gate if self.frame is not None else None
        if self._private is not None and gate is not None and gate.seat == seat and gate.selected is not None:
            self._private.select_card(gate.selected)

    def play_private(self, seat: int, key: str, picks: dict | None = None) -> None:
        """A choice made in the private view. One that asks first asks over the view;
        then (or at once) the view hides and the move is played."""
        self.drafts.pop(seat, None)
        choice = find(self.frame.gate.choices, key) if self.frame is not None else None
        if choice is not None and choice.confirm:
            self.choose(key, picks, seat=seat)
            return
        if not self._table.choose(key, picks, seat=seat, hide="first").ok:  # one frame: the view closed
            self.render()

    def _chosen(self, key: str, picks: dict | None, seat: int | None) -> None:
        # a private choice confirmed: its view closes as it is played, in the move's one frame
        self._table.choose(key, picks, seat=seat, confirmed=True, hide="first" if seat is not None else "")


def _hashable(value: Any) -> Any:
    return tuple(value) if isinstance(value, list) else value
