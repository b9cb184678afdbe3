"""The Maya table screen at 800x480: the players across the top (whose turn,
gold, blocks), what the game waits for, the quarries with their cards face
down in placement order, the pyramids level by level, what just happened, and
the public choices as a row of big buttons built from `legal_actions`.

Everything here comes from the TABLE view and the engine's sentences (view
`waiting_for`, `events`). A player's own choices (the worker card and quarry
while quarrying, the sealed bid) are made in their private view behind the
privacy gate (private_content), never on this screen. The board's widgets are
built once per game (new_table) and refilled in place after every move; the
round's end opens a summary that stays until tapped.
"""
from __future__ import annotations

from typing import Any

from kivy.factory import Factory
from kivy.metrics import dp, sp
from kivy.properties import StringProperty

from companion.engine import CHANCE
from companion.games.maya import menu as maya_menu
from companion.games.maya import words
from companion.games.maya.actions import is_private

from .. import theme
from ..widgets.maya_board import FONT, PlayerTile, PyramidColumn, QuarryColumn, player_status
from ..widgets.maya_private import MayaPrivatePanel
from ..widgets.maya_summary import RoundSummary
from .game_screen import GameScreen

MAX_BUTTONS = 8  # one row at 800 px wide; the menus group choices to stay under it
BUTTON_PX = 18  # the choices' labels; a crowded row steps down, never below theme.MIN_PX


def seat_colours(session: Any, view: dict) -> dict:
    """seat -> (colour name, symbol, rgba): the colours chosen on New game."""
    meta = getattr(session, "meta", {}) or {}
    return dict(enumerate(theme.seat_colours(meta, len(view["players"]))))


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


class MayaScreen(GameScreen):
    header = StringProperty("")

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.path: tuple = ()  # the step of the public menu the table is in
        self._path_for: Any = None  # (actor, number of actions taken) the path belongs to
        self._private: MayaPrivatePanel | None = None
        self._tiles: list[PlayerTile] = []
        self._quarry_cols: list[QuarryColumn] = []
        self._pyramid_cols: list[PyramidColumn] = []
        self._buttons: list[Any] = []
        self._shape: tuple = ()  # (players, quarries, levels per pyramid) the board was built for
        self._said = ""
        self._asked_at: float | None = None  # where across the row the finger opened this step (0..1)
        self._summary: RoundSummary | None = None
        self._summarised: set = set()  # rounds whose summary was shown
        self.colours: dict = {}

    def on_kv_post(self, base_widget: Any) -> None:
        super().on_kv_post(base_widget)
        self.ids.summary.glance = True  # what just happened: read at a glance (AppDriver.small_text)

    # --- wiring -------------------------------------------------------------------
    def new_table(self) -> None:
        self.path = ()
        self._said = ""
        self._summarised = set()
        if self._summary is not None and self._summary.shown:
            self._summary.close()

    def reset_input(self) -> None:
        self.path = ()

    def on_leave(self, *args: Any) -> None:
        super().on_leave(*args)
        if self._summary is not None and self._summary.shown:
            self._summary.close()

    # --- the board, built once per game --------------------------------------------
    def _build(self, v: dict) -> None:
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
            for _ in range(MAX_BUTTONS):
                b = Factory.BigButton(text="", font_size=sp(BUTTON_PX), height=dp(56), font_name=FONT)
                b.choice = None
                b.bind(on_release=self._choose)
                self._buttons.append(b)
        for b in self._buttons:
            self.ids.choices.add_widget(b)

    def _tapped_player(self, seat: int) -> None:
        if self._table is not None:
            self._table.request_peek(seat)

    # --- rendering the public view ------------------------------------------------
    def render(self) -> None:
        table = self._table
        if table is None:
            return
        v = table.public_view()
        self._build(v)
        self.colours = seat_colours(table.session, v)
        self.header = words.header(v)
        self.prompt = v["waiting_for"]["sentence"]
        said = fit_line([e["sentence"] for e in v["events"] if e["sentence"]])
        if said:
            self._said = said
        self.summary = table.notice or self._said or self.newest  # after Undo/Redo: what it did
        self.can_redo = table.can_redo()
        self.message = table.message or " · ".join(table.device_problems.values())
        acting = {a for a in v["waiting_for"]["actors"] if isinstance(a, int)}
        for tile, p in zip(self._tiles, v["players"]):
            tile.show(p, self.colours, p["seat"] in acting, player_status(p, v))
        results = {r["quarry"]: r for r in v["quarry_results"]}
        for col, q in zip(self._quarry_cols, v["quarries"]):
            col.show(q, self.colours, current=v["current_quarry"] == q["quarry"], result=results.get(q["quarry"]))
        for pcol, p in zip(self._pyramid_cols, v["pyramids"]):
            pcol.show(p, self.colours)
        self._render_choices(v)
        self._round_summary(v, news=not table.notice)
        self.gate_view.sync(table)

    def _round_summary(self, v: dict, news: bool) -> None:
        """A round just scored: the summary opens and stays until tapped."""
        scoring = next((e for e in v["events"] if e["kind"] == "scoring"), None)
        if scoring is None or scoring["round"] in self._summarised or not news:
            return
        self._summarised.add(scoring["round"])
        self._summary = self._summary or RoundSummary()
        self._summary.show(v, scoring)

    # --- the public choices ---------------------------------------------------------
    def public_actions(self, v: dict) -> tuple:
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
        return actor, [a for a in session.legal_actions(actor) if not is_private(a)]

    def _render_choices(self, v: dict) -> None:
        actor, actions = self.public_actions(v)
        key = (actor, len(self._table.session.actions))
        if key != self._path_for:
            self._path_for, self.path = key, ()
        self._fill(self._menu(v, actions), v)

    def _marked(self, v: dict) -> dict:
        """The view with each player's symbol before their name, for the buttons."""
        return dict(v, players=[dict(p, name=f"{self.colours[p['seat']][1]} {p['name']}") for p in v["players"]])

    def _menu(self, v: dict, actions: list) -> list:
        """The buttons at the current step; players' names carry their symbols."""
        return maya_menu.menu(self._marked(v), actions, self.path) if actions else []

    def labels(self, action: dict) -> tuple:
        """The labels of the buttons that lead to `action`, step by step."""
        return maya_menu.steps(self._marked(self._table.public_view()), action)

    def _fill(self, choices: list, v: dict) -> None:
        """The row of buttons refilled in place: unused buttons fold to nothing."""
        choices = self._away_from_finger(choices)
        shown: list[tuple[str, Any]] = [(c.label, c) for c in choices]
        if not choices:
            shown = [(self._private_label(v, seat), ("peek", seat)) for seat in self._private_seats(v)]
        self._fill_buttons(shown, maya_menu.usual(choices) if choices else None)

    def _fill_buttons(self, shown: list[tuple[str, Any]], best: int | None) -> None:
        size = sp(BUTTON_PX) if len(shown) < 7 else sp(theme.MIN_PX)
        for i, b in enumerate(self._buttons):
            if i < len(shown):
                b.text, b.choice = shown[i]
                b.size_hint_x, b.opacity, b.disabled = 1, 1, False
                b.font_size = size
                accent = i == best
                b.normal_bg = theme.ACCENT if accent else theme.SURFACE_HI
                b.normal_fg = (0.05, 0.05, 0.05, 1) if accent else theme.TEXT
                b.bold = accent
            else:
                b.text, b.choice = "", None
                b.size_hint_x, b.width, b.opacity, b.disabled = None, 0, 0, True

    def _away_from_finger(self, choices: list) -> list:
        """A confirmation step (one move and Back: "Yes, pass: pay 1 block") never puts
        the move under the finger that opened it: Back takes that place, so a double
        tap on "Pass…" asks and goes back instead of passing."""
        if not self.path or self._asked_at is None:
            return choices
        moves = [c for c in choices if c.action is not None]
        back = [c for c in choices if c.action is None and c.path == self.path[:-1]]
        if len(moves) != 1 or len(back) != 1:
            return choices
        rest = [c for c in choices if c is not back[0]]
        under = min(len(choices) - 1, int(self._asked_at * len(choices)))
        return rest[:under] + back + rest[under:]

    def _private_seats(self, v: dict) -> list:
        """Seats whose choice now waits in their private view (a card, a bid)."""
        if v["phase"] in ("quarrying", "bidding") and not v["pending"]:
            return [a for a in v["waiting_for"]["actors"] if isinstance(a, int)]
        return []

    def _private_label(self, v: dict, seat: int) -> str:
        name = f"{self.colours[seat][1]} {v['players'][seat]['name']}"
        return f"{name}: bid" if v["phase"] == "bidding" else f"{name}: lay a card or pass"

    def _choose(self, button: Any) -> None:
        c = button.choice
        if c is None:
            return
        if isinstance(c, tuple):  # ("peek", seat): the others look away first
            self._table.request_peek(c[1])
            return
        if c.action is None:
            shown = [b for b in self._buttons if b.choice is not None]  # the row's visible buttons
            left, right = shown[0].x, shown[-1].right
            self._asked_at = (button.center_x - left) / (right - left) if right > left else None
            self.path = c.path
            v = self._table.public_view()
            self._fill(self._menu(v, self.public_actions(v)[1]), v)
            return
        self.path = ()
        if not self._table.play(c.action):
            self.render()  # refused: back to the first step (a taken move re-renders through the table)

    # --- the private overlay's content ---------------------------------------------
    def private_content(self, seat: int, view: dict) -> MayaPrivatePanel:
        """The seat's cards, its cards at concealed quarries, and its own choice
        (card + quarry in one touch, or its sealed bid), for the private overlay only."""
        if self._private is None:
            self._private = MayaPrivatePanel(self.play_private)
        legal = [a for a in self._table.session.legal_actions(seat) if is_private(a)]
        self._private.show(seat, view, legal, seat_colours(self._table.session, view))
        self._select_tagged(seat)
        return self._private

    def _on_table(self, table: Any, what: str) -> None:
        super()._on_table(table, what)
        if what == "select" and table is self._table and table.gate is not None:
            self._select_tagged(table.gate.seat)

    def _select_tagged(self, seat: int) -> None:
        """A worker-card tag read behind the gate chose this card: its quarries light
        up (the value shows only here, in the seat's own view)."""
        chosen = getattr(self._table, "selected", None)
        if self._private is not None and chosen is not None and chosen[0] == seat:
            self._private.select_card(chosen[1])

    def play_private(self, seat: int, action: dict) -> None:
        """A choice made in the private view: hide it first, then play it."""
        self.drafts.pop(seat, None)
        self._table.close_gate()
        if not self._table.play(dict(action, actor=seat)):
            self.render()
