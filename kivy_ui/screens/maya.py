"""The Maya table screen at 800x480: the players across the top (whose turn,
gold, blocks), what the game waits for, the quarries with their cards face
down in placement order, the pyramids level by level, what just happened, and
the public choices as a row of big buttons.

A renderer of the table's frame (GameScreen.frame): the public view
(`frame.view`), the public choices (`frame.choices`) and, in the privacy gate's
window only, the open seat's view and choices (`frame.gate`). Every word a
player reads comes from the game (labels, sentences, the round summary); a tap
sends back a choice's key and the values picked for its parts
(GameScreen.choose), which asks a choice's confirmation first. Buttons keep
their places: the row is laid out in the menu's group and slot order, a choice
not possible now is greyed in its place, and the buttons are built once and
refilled (no rebuild per move). A choice with parts turns the row into its
picker (the part's options in their stable order, Back last) until the last
part is picked.
"""
from __future__ import annotations

from typing import Any

from kivy.factory import Factory
from kivy.metrics import dp, sp
from kivy.properties import StringProperty

from companion.rules.choices import Choice, find, next_part, options_for

from .. import theme
from ..widgets.maya_board import FONT, PlayerTile, PyramidColumn, QuarryColumn
from ..widgets.maya_private import MayaPrivatePanel
from ..widgets.maya_summary import RoundSummary
from .game_screen import GameScreen

MAX_BUTTONS = 8  # one row at 800 px wide; Maya's menus almost always stay under it
MORE_BUTTONS = 4  # a second row, folded away unless a player holds every marker at once
BUTTON_PX = 18  # the choices' labels; a crowded row steps down, never below theme.MIN_PX
MORE = "…"  # after the label of a choice that opens a picker
LONG_ROW, PLACES = 5, 7  # a row of 5 choices or more is laid out in at least 7 places

LINE_CHARS = 110  # what two lines of 24 px text hold across 800 px


def fit_line(sentences: list[str]) -> str:
    """The newest sentences that fit the two-line 'what just happened' line at 24 px
    (the whole list is in the log; a longer single sentence ends with "…")."""
    out: list[str] = []
    for s in reversed(sentences):
        if out and len(" ".join([s, *out])) > LINE_CHARS:
            break
        out.insert(0, s)
    text = " ".join(out)
    return text if len(text) <= LINE_CHARS else text[:LINE_CHARS - 1].rsplit(" ", 1)[0] + " …"


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
        self._shape: tuple = ()  # (players, quarries, levels per pyramid) the board was built for
        self._said = ""
        self._summary: RoundSummary | None = None
        self._summarised: set = set()  # rounds whose summary was shown
        self.colours: dict = {}

    def on_kv_post(self, base_widget: Any) -> None:
        super().on_kv_post(base_widget)
        self.ids.summary.glance = True  # what just happened: read at a glance (AppDriver.small_text)

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
        for box in (self.ids.players, self.ids.quarries, self.ids.pyramids, self.ids.choices):
            box.clear_widgets()
        self._tiles = [PlayerTile(self._tapped_player) for _ in v["players"]]
        most = max(q["max_cards"] for q in v["quarries"]) + 1  # and the +2 points marker
        self._quarry_cols = [QuarryColumn(most) for _ in v["quarries"]]
        self._pyramid_cols = [PyramidColumn(len(p["levels"])) for p in v["pyramids"]]
        for tile in self._tiles:
            self.ids.players.add_widget(tile)
        for col in self._quarry_cols:
            self.ids.quarries.add_widget(col)
        self.ids.quarries.height = QuarryColumn.height_for(min(most, 2 * QuarryColumn.PER_ROW + 1))
        for pcol in self._pyramid_cols:
            self.ids.pyramids.add_widget(pcol)
        if not self._buttons:
            for _ in range(MAX_BUTTONS + MORE_BUTTONS):
                b = Factory.BigButton(text="", font_size=sp(BUTTON_PX), height=dp(56), font_name=FONT)
                b.choice = None
                b.bind(on_release=self._tapped)
                self._buttons.append(b)
        self.ids.choices_more.clear_widgets()
        for i, b in enumerate(self._buttons):
            (self.ids.choices if i < MAX_BUTTONS else self.ids.choices_more).add_widget(b)

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
        said = fit_line([e["sentence"] for e in v["events"] if e["sentence"]])
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
        self._summary.show(scoring["summary"])

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
            shown = [(self._label(c), c, c.enabled, bool(c.extra.get("usual"))) for c in choices]
            # a decision waiting in a player's private view: the button that opens it (the
            # others look away first)
            shown += [(self._mark(p["seat"], p["private"]), ("peek", p["seat"]), True, False)
                      for p in self.frame.view["players"] if p.get("private")]
            self._fill(shown)
            return
        part = next_part(self.picking, self.picks)
        if part is None:  # every part picked (a refused move): start again
            self.reset_input()
            self._render_choices()
            return
        self.prompt = f"{self.picking.label}: {part.label}"
        possible = {_hashable(o.value) for o in options_for(self.picking, self.picks)}
        shown = [(o.label, ("pick", o.value), _hashable(o.value) in possible, False) for o in part.options]
        self._fill(shown[:MAX_BUTTONS + MORE_BUTTONS - 1] + [("Back", ("back",), True, False)])

    def _label(self, c: Choice) -> str:
        return c.label + (MORE if c.parts else "")

    def _mark(self, seat: int, text: str) -> str:
        """A player's symbol before a label that starts with their name."""
        return f"{self.colours[seat][1]} {text}" if seat in self.colours else text

    def _fill(self, shown: list[tuple[str, Any, bool, bool]]) -> None:
        """The row of buttons refilled in place: a choice not possible now stays greyed in
        its place. A long row (building: every pyramid, the double move, the pass) has at
        least PLACES places of one width, so a marker's move appearing at its end moves
        no other button; unused buttons past them fold to nothing."""
        size = sp(BUTTON_PX) if len(shown) < 7 else sp(theme.MIN_PX)
        more = self.ids.choices_more
        overflow = len(shown) > MAX_BUTTONS
        more.height, more.opacity = (dp(52), 1) if overflow else (0, 0)
        places = max(len(shown), PLACES) if len(shown) >= LONG_ROW else len(shown)
        for i, b in enumerate(self._buttons):
            if len(shown) <= i < min(places, MAX_BUTTONS):  # an empty place keeps its width
                b.text, b.choice = "", None
                b.size_hint_x, b.opacity, b.disabled = 1, 0, True
            elif i < len(shown):
                text, what, enabled, accent = shown[i]
                b.text, b.choice = text, what
                b.size_hint_x, b.opacity, b.disabled = 1, 1, not enabled
                b.font_size = size
                b.normal_bg = theme.ACCENT if accent else theme.SURFACE_HI
                b.normal_fg = (0.05, 0.05, 0.05, 1) if accent else theme.TEXT
                b.bold = accent
            else:
                b.text, b.choice = "", None
                b.size_hint_x, b.width, b.opacity, b.disabled = None, 0, 0, True

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
            self.send(choice.key, picks)
        else:
            self._render_choices()

    def send(self, key: str, picks: dict | None = None) -> None:
        """Send the choice back; a refused one re-renders (a taken one re-renders through the table)."""
        if not self.choose(key, picks):
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
        self._table.close_gate()
        if not self._table.choose(key, picks, seat=seat).ok:
            self.render()

    def _chosen(self, key: str, picks: dict | None, seat: int | None) -> None:
        if seat is not None:  # a private choice confirmed: hide the view first
            self._table.close_gate()
        super()._chosen(key, picks, seat)


def _hashable(value: Any) -> Any:
    return tuple(value) if isinstance(value, list) else value
