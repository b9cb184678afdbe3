"""The Maya Madness table screen: a renderer of the table frame (issue 21).

The count (digits and Maya numerals), the direction, whose turn, each player's
tokens, what just happened and the card pad all come from `self.frame`: the
TABLE view's labels and the public choices. A card's place on the pad is its
choice's slot (−5..+5 on the top row, the powers below), so nothing moves from
player to player; a choice with parts (a Wild's value, a guess's target and
number, the starting count) turns the pad into its picker. A touch sends back
the choice's key and the values picked (GameScreen.choose); the screen builds
no action and writes no sentence of its own.

A seat's secret and, with the full deck, its hand appear only in the private
overlay, from the gate's part of the frame (frame.gate.view / .choices).
Widgets are built once; a move only changes their properties.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, cast

from kivy.app import App
from kivy.clock import Clock
from kivy.factory import Factory
from kivy.graphics.scissor_instructions import ScissorPop, ScissorPush
from kivy.graphics.stencil_instructions import StencilPop
from kivy.metrics import dp, sp
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.scrollview import ScrollView

from companion.rules.choices import find, next_part, options_for

from .. import theme
from ..i18n import _
from ..widgets.maya_numeral import MayaNumeral  # noqa: F401  (the kv rule's numeral)
from ..widgets.seat_clock import seat_clock
from .game_screen import GameScreen
from .maya_madness_pad import PAD, TOP, cards_and_others, drawn, pad_button, show
from .maya_madness_private import Celebration, SecretPanel

if TYPE_CHECKING:  # the view's shape only: mypy checks every key read here
    from companion.games.maya_madness.viewtypes import MadnessView


@dataclass
class Pick:
    """A choice with parts being picked on the pad: its key and the values so far.
    auto: opened because it is the only thing to do (no Cancel then)."""

    key: str
    picks: dict[str, Any] = field(default_factory=dict)
    auto: bool = False


class SeatRow(ButtonBehavior, BoxLayout):
    """One player: colour (with its symbol), name, tokens; tap to peek at your secret."""

    seat = NumericProperty(0)
    name_text = StringProperty("")
    tokens_text = StringProperty("")
    symbol = StringProperty("")
    colour_name = StringProperty("")
    colour_rgba = ListProperty([1, 0, 0, 1])
    is_turn = BooleanProperty(False)


class SeatsScroll(ScrollView):
    """The seat rows' ScrollView, clipped by a scissor instead of Kivy's stencil: the
    same rectangle cut, without filling the stencil buffer twice over its area every
    frame (the rows' own drawing is the same either way)."""

    _scissor: Any = None

    def on_kv_post(self, base_widget: Any) -> None:
        super().on_kv_post(base_widget)
        if self._scissor is not None:
            return
        before, after = self.canvas.before, self.canvas.after
        before.clear()  # StencilPush, its rectangle, StencilUse (kivy's <StencilView> rule)
        kept = list(after.children)
        end = next(i for i, ins in enumerate(kept) if isinstance(ins, StencilPop))
        after.clear()
        self._scissor = ScissorPush(x=0, y=0, width=1, height=1)
        before.add(self._scissor)
        after.add(ScissorPop())
        for ins in kept[end + 1:]:  # the scroll bars, drawn unclipped as before
            after.add(ins)
        self.bind(pos=self._cut, size=self._cut, parent=self._cut)
        self._cut()

    def _bind_inactive_bar_color(self, *args: Any) -> None:
        """Kivy fades the scroll bar out over half a second after every layout change,
        a redraw of the whole window each frame of it; while the rows fit there is no
        bar to fade (it is drawn transparent), so its colour is set at once: one frame."""
        if self.viewport_size[1] > self.height:
            super()._bind_inactive_bar_color(*args)
            return
        self.funbind("bar_color", self._change_bar_color)
        self.fbind("bar_inactive_color", self._change_bar_color)
        self._bar_color = self.bar_inactive_color

    def _cut(self, *_: Any) -> None:
        x, y = self.parent.to_window(*self.pos) if self.parent is not None else self.pos
        s = self._scissor
        s.x, s.y, s.width, s.height = round(x), round(y), round(self.width), round(self.height)


Factory.register("SeatsScroll", cls=SeatsScroll)


class MayaMadnessScreen(GameScreen):
    tall = BooleanProperty(False)  # portrait: the count above the players, the pad in three rows
    count_text = StringProperty("?")
    count_value = NumericProperty(0)
    count_known = BooleanProperty(False)
    direction_text = StringProperty("")
    pad_hint = StringProperty("")

    def __init__(self, **kw):
        self._top: list = []
        self._bottom: list = []
        super().__init__(**kw)
        self._pick: Pick | None = None
        self._rows_for: Any = None  # the table whose seat rows are built
        self._secret_panel: SecretPanel | None = None
        self._celebration: Celebration | None = None
        self._prepare_later = Clock.create_trigger(self._prepare, 0.1)

    def on_kv_post(self, base_widget):
        super().on_kv_post(base_widget)
        for _i in range(TOP):
            self._top.append(pad_button(self._press, font_size=sp(22)))
            self.ids.pad_top.add_widget(self._top[-1])
        for _i in range(PAD - TOP):
            self._bottom.append(pad_button(self._press, font_size=sp(22)))
            self.ids.pad_bottom.add_widget(self._bottom[-1])
        self.ids.extra.payload = None
        # full deck: the button that asks for the hand of the player at turn (through the gate)
        self._look = pad_button(self._press, font_size=sp(24))
        self._foot = BoxLayout(spacing=dp(4))
        self.bind(size=lambda *_: setattr(self, "tall", self.height > self.width))
        # the numeral is not drawn while the count is unknown (its shell would be, hidden)
        self.bind(count_known=lambda *_: drawn(self.ids.numeral, self.count_known))
        drawn(self.ids.numeral, self.count_known)

    def on_tall(self, *_):
        self.arrange()

    def arrange(self):
        """Landscape: the pad's hint, the powers and the extra button share a row;
        portrait (480 dp wide): the hint and the extra button go to a row below."""
        ids = self.ids
        hint, extra, middle, foot = ids.pad_hint, ids.extra, ids.pad_middle, self._foot
        for w in (hint, extra):
            if w.parent is not None:
                w.parent.remove_widget(w)
        if self.tall:
            foot.add_widget(hint)
            foot.add_widget(extra)
            if foot.parent is None:
                ids.pad.add_widget(foot)
        else:
            if foot.parent is not None:
                ids.pad.remove_widget(foot)
            middle.add_widget(hint, index=len(middle.children))  # leftmost
            middle.add_widget(extra)  # rightmost
        drawn(extra)

    # --- wiring -------------------------------------------------------------------
    def new_table(self):
        """Another game: its seat rows are built at its first render, once."""
        self._pick = None
        self._rows_for = None
        self._prepare_later()

    def _prepare(self, *_):
        """What a move would otherwise build the first time it needs it, built while the
        table is idle once the screen opened: the private view and the celebration (its
        font loaded at its size)."""
        if self._secret_panel is None:
            self._secret_panel = SecretPanel(self)
        if self._celebration is None:
            self._celebration = Celebration()
            self._celebration.warm()

    def _build_seats(self):
        box = self.ids.seats
        box.clear_widgets()
        self.seat_clocks = {}
        colours = {"colours": list(self.frame.colours)}  # chosen at New game; none: the palette's
        for seat, (name, symbol, rgba) in enumerate(theme.seat_colours(colours, len(self.frame.players))):
            row = SeatRow(seat=seat, symbol=symbol, colour_name=name, colour_rgba=list(rgba))
            row.bind(on_release=lambda r: self._table.request_peek(r.seat))
            self.seat_clocks[seat] = seat_clock()
            row.add_widget(self.seat_clocks[seat], index=1)  # the turn clock, before the tokens
            box.add_widget(row)
        self._rows_for = self._table

    def reset_input(self):
        self._pick = None

    def on_leave(self, *args):
        super().on_leave(*args)
        if self._celebration is not None:
            self._celebration.dismiss(animation=False)  # the end screen (or home) takes over

    # --- rendering the frame ------------------------------------------------------
    def render(self):
        f = self.frame
        if self._table is None or f is None:
            return
        if self._rows_for is not self._table:
            self._build_seats()
        v = cast("MadnessView", f.view)
        self.prompt = f.waiting
        # After Undo/Redo: what it did; otherwise the newest move and what it caused.
        self.summary = f.notice or self.newest
        self.can_redo = f.redo.can
        self.message = f.message or " · ".join(f.devices.values())
        self.count_text = v["count_label"]
        self.count_value = v["count"] or 0
        self.count_known = v["count"] is not None
        self.direction_text = v["direction_label"]
        rows = list(reversed(self.ids.seats.children))  # top to bottom
        for row, p in zip(rows, v["players"]):
            row.name_text = p["label"]
            row.is_turn = f.acting == (p["seat"],)
            row.tokens_text = p["tokens_label"]
        turn = next((r for r in rows if r.is_turn), None)
        scroll = self.ids.seats_scroll
        if turn is not None and scroll.do_scroll_y:
            scroll.scroll_to(turn, padding=dp(4), animate=False)
        self._render_pad()
        self.gate_view.sync(self._table)

    def _render_pad(self):
        f = self.frame
        cards, others = cards_and_others(f.choices)
        pick = self._pick
        if pick is not None and find(f.choices, pick.key) is None:
            pick = self._pick = None  # the move it was for is no longer offered
        v = cast("MadnessView", f.view)
        look = bool(v["look_label"])  # full deck: the cards are played from the hand, behind the gate
        if pick is None and not cards and not look and len(others) == 1 and others[0].parts and others[0].enabled:
            pick = self._pick = Pick(others[0].key, auto=True)  # the starting count: only its picker
        extra = self.ids.extra
        if pick is not None:
            self._render_picker(pick)
            show(extra, visible=False)
        else:
            for slot, b in enumerate(self._top + self._bottom):
                c = cards.get(slot)
                show(b, c.label if c else "", bool(c and c.enabled), c is not None, c and c.key)
            if look:
                show(self._look, v["look_label"], True, True, ("look", v["turn"]))
                self._rows(0, PAD - TOP, [self._look])
                self.pad_hint = v["hand_hint"]
            else:
                self._rows(TOP, PAD - TOP)
                self.pad_hint = next(iter(cards.values())).group if cards else ""
            c = others[0] if others else None
            show(extra, c.label if c else "", bool(c and c.enabled), c is not None, c and c.key)
        on = bool(cards or others or pick or look)
        self.ids.pad.opacity = 1 if on else 0
        drawn(self.ids.pad)
        self.ids.pad.disabled = not on

    def _render_picker(self, pick: Pick):
        choice = find(self.frame.choices, pick.key)
        part = next_part(choice, pick.picks) if choice is not None else None
        if choice is None or part is None:
            return
        possible = [o.value for o in options_for(choice, pick.picks)]
        self._rows(len(part.options), PAD - TOP, self._top[:len(part.options)])
        for i, b in enumerate(self._top):
            o = part.options[i] if i < len(part.options) else None
            show(b, o.label if o else "", o is not None and o.value in possible, o is not None,
                 ("option", o.value) if o else None)
        for i, b in enumerate(self._bottom):
            cancel = i == 0 and not pick.auto
            show(b, _("Cancel") if cancel else "", cancel, cancel, ("cancel",) if cancel else None)
        self.pad_hint = part.label

    def _rows(self, top: int, bottom: int, keys: list | None = None):
        """The top row: the eleven card keys, or `keys` (a picker's values, as wide as
        their number lets them be; the full deck's button to the hand)."""
        while len(self._top) < top:
            self._top.append(pad_button(self._press, font_size=sp(22)))
        row = self.ids.pad_top
        want = keys if keys is not None else self._top[:max(top, TOP)]
        if list(reversed(row.children)) != want:
            row.clear_widgets()
            for b in want:
                row.add_widget(b)
                drawn(b)

    # --- touches ----------------------------------------------------------------------
    def _press(self, payload):
        if isinstance(payload, str):
            self.take(payload)
        elif payload[0] == "look":
            self._table.request_peek(payload[1])  # the gate asks the others to look away first
        elif payload[0] == "option":
            self._option(payload[1])
        else:
            self._pick = None
            self._render_pad()

    def extra_action(self):
        key = self.ids.extra.payload
        if key is not None:
            self.take(key)

    def take(self, key: str) -> None:
        """A public choice touched: played, or its picker opened."""
        c = find(self.frame.choices, key) if self.frame is not None else None
        if c is None:
            return
        if c.parts:
            self._pick = Pick(key)
            self._render_pad()
        else:
            self._choose(key, None, c.seat)

    def _option(self, value):
        pick = self._pick
        if pick is None:
            return
        choice = find(self.frame.choices, pick.key)
        part = next_part(choice, pick.picks) if choice is not None else None
        if choice is None or part is None:
            return
        picks = {**pick.picks, part.key: value}
        if next_part(choice, picks) is not None:
            self._pick = Pick(pick.key, picks, pick.auto)
            self._render_pad()
            return
        self._pick = None
        self._choose(pick.key, picks, choice.seat)

    def _choose(self, key: str, picks: dict | None, seat: int | None, hide: str = "") -> None:
        """A move taken re-renders the screen through the table's notice (issue 13: once
        per move); one refused or waiting for a Yes is rendered here."""
        if not self.choose(key, picks, seat=seat, hide=hide):
            self.render()

    def choose_private(self, seat: int, key: str, picks: dict | None = None) -> None:
        """A seat's own choice from behind the gate: the gate closes as it is played
        (the move's one frame shows the table with the view closed)."""
        self._choose(key, picks, seat, hide="first")

    def take_from_gate(self, key: str) -> None:
        """A public choice offered beside the hand (a guess): the gate closes first, as it
        is said aloud and picked on the public pad."""
        self._table.close_gate()
        self.take(key)

    # --- what just happened -------------------------------------------------------
    def on_log(self, new_entries, news):
        """A token won, or a guess that was right, is celebrated once, when it happens:
        never again after an Undo or a resume, and never a wrong guess. A move made
        elsewhere (a phone) drops a picker half picked on the pad."""
        self._pick = None
        if not news:
            return
        events = [e for entry in new_entries for e in entry["events"]]
        won = [e for e in events if e.get("cue") == "token"]
        if not won or any(e["kind"] == "game_over" for e in events):
            return  # the end screen takes over at the end
        App.get_running_app().play_sound("token")
        self._celebration = self._celebration or Celebration()
        players = cast("MadnessView", self.frame.view)["players"] if self.frame is not None else []
        seat = won[-1].get("seat")
        tally = next((p["tokens_label"] for p in players if p["seat"] == seat), "")
        self._celebration.show(won[-1]["sentence"], tally)  # and how far that leaves them: "★ 2 of 5"

    # --- the private overlay's content ---------------------------------------------
    def private_content(self, seat, view):
        """The seat's secret (and hand in full-deck play), for the private overlay only."""
        if self._secret_panel is None:
            self._secret_panel = SecretPanel(self)
        f = self.frame
        gate = f.gate if f is not None and f.gate.seat == seat else None
        public = f.choices if f is not None and f.acting == (seat,) else ()
        seen = cast("MadnessView", gate.view if gate else view)
        self._secret_panel.show(seat, seen, gate.choices if gate else (), public)
        return self._secret_panel
