"""The Maya table screen: the round and phase, what the game waits for, the
players (gold, blocks, cards left, markers), the quarries with their cards face
down in placement order, the pyramids level by level, the last event, and the
public choices as big buttons built from `legal_actions`.

Everything here comes from the TABLE view. A player's own choices (the worker
card and quarry while quarrying, the sealed bid) are made in their private
view behind the privacy gate (private_content), never on this screen.
"""
from __future__ import annotations

from kivy.clock import Clock
from kivy.factory import Factory
from kivy.metrics import dp, sp
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout

from companion.engine import CHANCE

from .. import theme
from .game_screen import GameScreen
from ..widgets.maya_board import PyramidColumn, QuarryColumn
from ..widgets.maya_private import MayaPrivatePanel
from companion.games.maya import menu as maya_menu, words
from companion.games.maya.actions import is_private

MAX_BUTTONS = 8  # one row at 800 px wide; the menus group choices to stay under it


class MayaPlayer(ButtonBehavior, BoxLayout):
    """One player: colour and symbol, name, gold, blocks, cards left, markers.
    Tap to open your private view (after the others look away)."""

    seat = NumericProperty(0)
    name_text = StringProperty("")
    gold_text = StringProperty("")
    line2 = StringProperty("")
    line3 = StringProperty("")
    symbol = StringProperty("●")
    colour_rgba = ListProperty([1, 0, 0, 1])
    is_turn = BooleanProperty(False)


def seat_colours(session, view) -> dict:
    """seat -> (colour name, symbol, rgba): the colours chosen on New game."""
    meta = getattr(session, "meta", {}) or {}
    chosen = meta.get("colours") or []
    out = {}
    for p in view["players"]:
        s = p["seat"]
        out[s] = theme.colour(chosen[s] if s < len(chosen) else p["colour"].capitalize())
    return out


class MayaScreen(GameScreen):
    header = StringProperty("")

    def __init__(self, **kw):
        super().__init__(**kw)
        self.path: tuple = ()  # the step of the public menu the table is in
        self._path_for = None  # (actor, number of actions taken) the path belongs to
        self._private = None
        self._quarry_cols: list[QuarryColumn] = []
        self._pyramid_cols: list[PyramidColumn] = []
        self._buttons: list = []
        self._seen = (None, None)  # (actions in effect, last event) at the previous render
        self._said = ""
        # The quarry columns' width decides how many cards fit a row: re-render on resize.
        self._rerender = Clock.create_trigger(lambda *_: self.render())
        self.bind(size=lambda *_: self._rerender())

    # --- wiring -------------------------------------------------------------------
    def new_table(self):
        self.path = ()
        self._seen, self._said = (None, None), ""

    def reset_input(self):
        self.path = ()

    # --- rendering the public view ------------------------------------------------
    def render(self):
        table = self._table
        if table is None:
            return
        v = table.public_view()
        self.colours = seat_colours(table.session, v)
        self.header = words.header(v)
        self.prompt = v["waiting_for"]["sentence"]
        self.summary = self._latest(table.session, v)
        self.summary = table.notice or self.summary  # after Undo/Redo: what it did
        self.can_redo = table.can_redo()
        self.message = table.message or " · ".join(table.device_problems.values())
        # A five-player quarry result is long: a smaller font keeps it on two lines.
        self.ids.summary.font_size = sp(15) if len(self.message or self.summary) < 180 else sp(13)
        self._render_players(v)
        self._render_quarries(v)
        self._render_pyramids(v)
        self._render_choices(v)
        self.gate_view.sync(table)

    def _latest(self, session, v) -> str:
        """What the last move caused, in the engine's sentences (the view's events);
        after a resume or an undo the newest sentence stays until the next move."""
        said = " ".join(e["sentence"] for e in v["events"] if e["sentence"])
        if said:
            self._said = said
        return self._said

    def _render_players(self, v):
        box = self.ids.players
        while len(box.children) < len(v["players"]):
            row = MayaPlayer()
            row.bind(on_release=lambda r: self._table.request_peek(r.seat))
            box.add_widget(row)
        while len(box.children) > len(v["players"]):
            box.remove_widget(box.children[0])
        acting = {a for a in v["waiting_for"]["actors"] if isinstance(a, int)}
        for row, p in zip(reversed(box.children), v["players"]):
            _, symbol, rgba = self.colours[p["seat"]]
            row.seat = p["seat"]
            row.symbol, row.colour_rgba = symbol, list(rgba)
            row.name_text = p["name"]
            row.gold_text = f"{p['gold']} gold"
            row.line2 = f"{p['blocks']} block{'s' if p['blocks'] != 1 else ''} · {p['cards_left']} cards"
            status = []
            if p["seat"] == v["starting_player"]:
                status.append("starts")
            if p.get("passed"):
                status.append("passed")
            if "has_bid" in p:
                status.append("has bid" if p["has_bid"] else "to bid")
            held = [words.marker_name(m) for m in p["markers"]]
            if v["first_player_holder"] == p["seat"]:
                held.insert(0, "First Player")
            # what the player is doing first; the markers after (the row may shorten them)
            row.line3 = " · ".join(status + ([", ".join(held)] if held else []))
            row.is_turn = p["seat"] in acting

    def _render_quarries(self, v):
        box = self.ids.quarries
        while len(self._quarry_cols) < len(v["quarries"]):
            self._quarry_cols.append(QuarryColumn())
        if len(box.children) != len(v["quarries"]):
            box.clear_widgets()
            for col in self._quarry_cols[:len(v["quarries"])]:
                box.add_widget(col)
        results = {r["quarry"]: r for r in v["quarry_results"]}
        for col, q in zip(self._quarry_cols, v["quarries"]):
            col.show(q, self.colours, current=v["current_quarry"] == q["quarry"], result=results.get(q["quarry"]))
        # Tall enough for the biggest quarry's cards; the pyramids take the rest.
        box.height = max(col.height_for(q["max_cards"]) for col, q in zip(self._quarry_cols, v["quarries"]))

    def _render_pyramids(self, v):
        box = self.ids.pyramids
        while len(self._pyramid_cols) < len(v["pyramids"]):
            self._pyramid_cols.append(PyramidColumn())
        if len(box.children) != len(v["pyramids"]):
            box.clear_widgets()
            for col in self._pyramid_cols[:len(v["pyramids"])]:
                box.add_widget(col)
        for col, p in zip(self._pyramid_cols, v["pyramids"]):
            col.show(p, self.colours)

    # --- the public choices ---------------------------------------------------------
    def public_actions(self, v) -> tuple:
        """(actor, the actions a public button may play) for the decision at hand."""
        session = self._table.session
        actors = list(session.actors())
        if actors == [CHANCE]:
            # Physical randomness: the drawn blue markers are entered here; digital
            # draws happen by themselves.
            return (CHANCE, session.legal_actions(CHANCE)) if session.waiting_for_chance() else (None, [])
        if len(actors) != 1:
            return None, []
        actor = actors[0]
        actions = [a for a in session.legal_actions(actor) if not is_private(a)]
        return actor, actions

    def _render_choices(self, v):
        actor, actions = self.public_actions(v)
        key = (actor, len(self._table.session.actions))
        if key != self._path_for:
            self._path_for, self.path = key, ()
        choices = self._menu(v, actions)
        self._fill(choices, v)

    def _marked(self, v):
        """The view with each player's symbol before their name, for the buttons."""
        return dict(v, players=[dict(p, name=f"{self.colours[p['seat']][1]} {p['name']}") for p in v["players"]])

    def _menu(self, v, actions):
        """The buttons at the current step; players' names carry their symbols."""
        return maya_menu.menu(self._marked(v), actions, self.path) if actions else []

    def labels(self, action) -> tuple:
        """The labels of the buttons that lead to `action`, step by step."""
        return maya_menu.steps(self._marked(self._table.public_view()), action)

    def _fill(self, choices, v):
        bar = self.ids.choices
        bar.clear_widgets()
        while len(self._buttons) < max(len(choices), 5):
            b = Factory.BigButton(text="", font_size=sp(18), height=dp(56), font_name=theme.SYMBOL_FONT)
            b.choice = None
            b.bind(on_release=self._choose)
            self._buttons.append(b)
        if not choices:
            for seat in self._private_seats(v):
                b = self._buttons[len(bar.children)]
                b.text, b.font_size = self._private_label(v, seat), sp(18)
                b.choice = ("peek", seat)
                bar.add_widget(b)
            return
        size = sp(18) if len(choices) < 7 else sp(16)  # seven or eight buttons share the row
        for b, c in zip(self._buttons, choices):
            b.text, b.choice, b.font_size = c.label, c, size
            bar.add_widget(b)
        Clock.schedule_once(self._fit_choices, 0)  # once the row has laid its buttons out

    def _fit_choices(self, *_):
        """A long label in a crowded row ("As Block from the pool…" among six) would wrap
        past its button: the whole row steps down a size until every label fits."""
        self.ids.choices.do_layout()  # the buttons' widths first: they decide the wrapping
        buttons = list(self.ids.choices.children)
        for _ in range(4):
            for b in buttons:
                b.texture_update()
            if all(b.texture_size[1] <= b.height - dp(2) for b in buttons) or not buttons:
                return
            size = max(sp(12), buttons[0].font_size - sp(2))
            for b in buttons:
                b.font_size = size

    def _private_seats(self, v) -> list:
        """Seats whose choice now waits in their private view (a card, a bid)."""
        if v["phase"] in ("quarrying", "bidding") and not v["pending"]:
            return [a for a in v["waiting_for"]["actors"] if isinstance(a, int)]
        return []

    def _private_label(self, v, seat):
        name = v["players"][seat]["name"]
        return f"{name}: bid" if v["phase"] == "bidding" else f"{name}: lay a card or pass"

    def _choose(self, button):
        c = button.choice
        if c is None:
            return
        if isinstance(c, tuple):  # ("peek", seat): the others look away first
            self._table.request_peek(c[1])
            return
        if c.action is None:
            self.path = c.path
            v = self._table.public_view()
            self._fill(self._menu(v, self.public_actions(v)[1]), v)
            return
        self.path = ()
        self._table.play(c.action)
        self.render()

    # --- the private overlay's content ---------------------------------------------
    def private_content(self, seat, view):
        """The seat's cards, its cards at concealed quarries, and its own choice
        (card + quarry, or its sealed bid), for the private overlay only."""
        if self._private is None:
            self._private = MayaPrivatePanel(self.play_private)
        legal = [a for a in self._table.session.legal_actions(seat) if is_private(a)]
        self._private.show(seat, view, legal)
        self._select_tagged(seat)
        return self._private

    def _on_table(self, table, what):
        super()._on_table(table, what)
        if what == "select" and table is self._table and table.gate is not None:
            self._select_tagged(table.gate.seat)

    def _select_tagged(self, seat):
        """A worker-card tag read behind the gate chose this card: its quarries are next
        (the value shows only here, in the seat's own view)."""
        chosen = self._table.selected
        if self._private is not None and chosen is not None and chosen[0] == seat:
            self._private._choose_card(chosen[1])

    def play_private(self, seat, action):
        """A choice made in the private view: hide it first, then play it."""
        self._table.close_gate()
        self._table.play(dict(action, actor=seat))
        self.render()
