"""The Mayan Curse table screen: a renderer of the table's frame (issue 21).

Whose turn, each player's stones held and played, face-down stelae (counts and
colours only), cameras, backpacks, escapes; the passage drawn with its rows,
the entrance and each boulder with its trigger tokens; the game's choices as
big buttons in their slots (a choice with parts opens its picker in the same
row). When boulders tumble, the game's cue names the boulder and its choices
fill the cue; when they are done, the game's summary of the round stays until
tapped.

Everything here comes from `self.frame` (companion/table/frame.py): the TABLE view
and the public choices; a seat's stones and stela values appear only in the
private overlay, from `frame.gate`. Moves go back as `self.choose(key, picks,
seat)`. No action is built and no sentence is written here: the labels, the
questions and the sentences are the game's. The widget tree is built once per
screen and updated in place (issue 13).
"""
from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.clock import Clock
from kivy.factory import Factory
from kivy.metrics import dp, sp
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.modalview import ModalView

from companion.rules.choices import Choice, find, next_part, options_for

from .. import theme
from ..i18n import _
from ..widgets.curse_passage import Passage, stela_markup, stone_markup
from ..widgets.curse_private import SecretPanel
from ..widgets.seat_clock import seat_clock
from .game_screen import GameScreen

Factory.register("Passage", cls=Passage)

MORE = " …"  # a choice with parts: its picker comes next


class CurseSeatRow(ButtonBehavior, BoxLayout):
    """One player: colour (with symbol), name, stones held and played, stelae face
    down, camera, backpack, escaped; tap to look at your own stones and stelae."""

    seat = NumericProperty(0)
    name_text = StringProperty("")
    stones_text = StringProperty("")
    stelae_text = StringProperty("")
    marks = ListProperty([])
    short = BooleanProperty(False)  # five or six players in a small window: one mark
    symbol = StringProperty("●")
    colour_rgba = ListProperty([1, 0, 0, 1])
    is_turn = BooleanProperty(False)
    gone = BooleanProperty(False)
    whole_name = ""  # the name line; name_text is it, or nothing while the turn clock takes its place
    clock: Any = None  # the turn clock (kivy_ui/widgets/seat_clock.py)

    def fit_clock(self) -> None:
        self.name_text = self.clock.fit(self.ids.name, self.whole_name) if self.clock is not None else self.whole_name


def picking(choice: Choice, picks: dict) -> list[tuple[str, Any, str]]:
    """The buttons of a choice's picker: the values its next part may still take."""
    part = next_part(choice, picks)
    if part is None:
        return []
    return [(o.label, ("pick", part.key, o.value), "") for o in options_for(choice, picks)]


def add_pick(choice: Choice, picks: dict, key: str, value: Any) -> dict:
    """The picks with one more value (a part of several values grows one at a time)."""
    part = next(p for p in choice.parts if p.key == key)
    out = dict(picks)
    out[key] = tuple(out.get(key) or ()) + (value,) if part.count > 1 else value
    return out


class MayanCurseScreen(GameScreen):
    info_text = StringProperty("")
    board_text = StringProperty("")
    cue_title = StringProperty("")
    cue_detail = StringProperty("")

    def __init__(self, **kw: Any):
        super().__init__(**kw)
        self._heard: Any = None  # the tumbling boulder the sound was played for
        self._summary_key: Any = None  # the round-end summary shown (or there when the game opened)
        self._open: str | None = None  # the public choice whose picker is open
        self._picks: dict = {}
        self._pool: list = []
        self._secret_panel: SecretPanel | None = None
        self._round_cue: RoundEndCue | None = None
        # Strong references: the .kv's ids are weak, and one of the two panels is
        # always out of the tree.
        self._panels = {"table": self.ids.seats_area.__self__, "cue": self.ids.cue.__self__}
        self.ids.left.remove_widget(self._panels["cue"])
        self._prepare_later = Clock.create_trigger(self._prepare, 0.1)

    # --- wiring -------------------------------------------------------------------
    def new_table(self) -> None:
        self._prepare_later()
        self._heard = None
        self.reset_input()
        v = self.frame.view if self.frame is not None else (self._table.frame().view if self._table else None)
        self._summary_key = self._round_end_key(v) if v else None  # a resumed game's summary is not news

    def reset_input(self) -> None:
        self._open, self._picks = None, {}

    def entering(self) -> bool:
        return self._open is not None or super().entering()

    def _prepare(self, *_: Any) -> None:
        """What a move would otherwise build the first time it needs it, built while the
        table is idle once the screen opened: the private view, the round's summary (its
        fonts loaded), buttons enough for the boulder cue's choices and a picker."""
        if self._secret_panel is None:
            self._secret_panel = SecretPanel(self)
        if self._round_cue is None:
            self._round_cue = RoundEndCue()
            self._round_cue.warm()
        while len(self._pool) < 12:
            self._pool.append(self._new_button())

    # --- rendering the frame ----------------------------------------------------
    def render(self) -> None:
        f = self.frame
        if f is None or self._table is None:
            return
        v = f.view
        self.prompt = f.waiting
        # after Undo/Redo: what it did; else the newest player's move (never a draw alone)
        moved = self.follower is not None and any(isinstance(e["actor"], int) for e in self.follower.entries)
        self.summary = f.notice or (self.newest if moved else "")
        self.can_redo = f.redo.can
        self.message = f.message or " · ".join(f.devices.values())
        self.info_text = v["info"]
        self.board_text = "\n".join(v["words"]["stelae_left"])  # as the Stela pickers count them
        self._render_seats(f, v)
        cue = v.get("boulder_cue")
        self._show_cue(cue is not None)
        if cue is not None:
            self.cue_title, self.cue_detail = cue["title"], cue["sentence"]  # 800x480 holds no more
        self._render_choices(f, v, cue is not None)
        self.ids.passage.show(v)
        self._cues(v)
        self.gate_view.sync(self._table)

    def _render_seats(self, f: Any, v: dict) -> None:
        box = self.ids.seats
        colours = theme.seat_colours({"colours": list(f.colours)}, len(v["players"]))
        while len(box.children) < len(v["players"]):
            row = CurseSeatRow()
            row.bind(on_release=lambda r: self.peek(r.seat))
            row.clock = seat_clock()
            row.add_widget(row.clock, index=len(row.children) - 2)  # the turn clock, after the name
            row.clock.on_change = row.fit_clock
            row.bind(width=lambda r, _w: r.fit_clock())
            box.add_widget(row)
        while len(box.children) > len(v["players"]):  # a smaller table than the last game's
            box.remove_widget(box.children[0])
        rows = list(reversed(box.children))
        self.seat_clocks = {p["seat"]: row.clock for row, p in zip(rows, v["players"])}
        now = set(f.acting) | ({v["draw_for"]} if v.get("draw_for") is not None else set())
        for row, p in zip(rows, v["players"]):
            seat = p["seat"]
            _, symbol, rgba = colours[seat]
            row.seat, row.symbol, row.colour_rgba = seat, symbol, list(rgba)
            row.whole_name = p["name"] + (" ⚑" if seat == v["first_player"] and not p["escaped"] else "")
            row.fit_clock()
            row.is_turn = seat in now and not f.over
            row.gone = p["escaped"]
            played = " ".join(stone_markup(k) for k in p["played"]) if not p["escaped"] else ""
            row.stones_text = f"{p['hand']} {played}".strip() or "–"
            row.stelae_text = stela_markup(p["stelae"]) or "–"
            row.marks = list(p["marks"])
        self._fit_rows()

    def _fit_rows(self, *_: Any) -> None:
        """Rows are 48dp (a touch target) when they fit; six players in a small window share the room."""
        box = self.ids.seats
        n = max(1, len(box.children))
        room = self.ids.seats_area.height
        h = min(dp(48), (room - box.spacing * (n - 1)) / n)
        for row in box.children:
            row.height = max(dp(32), h)
        # a row too short for a player's two marks shows the first (temple or camera)
        short = h < dp(44)
        for row in box.children:
            row.short = short

    def _show_cue(self, on: bool) -> None:
        """The boulder cue takes the seats' place while boulders tumble; the passage stays."""
        holder = self.ids.left
        want = self._panels["cue" if on else "table"]
        if want.parent is not holder:
            holder.clear_widgets()
            holder.add_widget(want)

    def _render_choices(self, f: Any, v: dict, cue: bool) -> None:
        """The public choices by group, each laid out by slot; while the boulder cue shows,
        its first group fills the cue. A choice with parts opens its picker in its row."""
        groups: dict[str, list[Choice]] = {}
        for c in f.choices:
            groups.setdefault(c.group, []).append(c)
        rows = [sorted(cs, key=lambda c: c.slot) for cs in groups.values()]
        opened = find(f.choices, self._open) if self._open else None
        if self._open and opened is None:
            self.reset_input()  # the choice is gone (Undo, another move): back to the first step
        in_cue = rows.pop(0) if cue and rows else []
        bar = [c for cs in rows for c in cs]
        cue_buttons = self._buttons(in_cue, opened)
        bar_buttons = self._buttons(bar, opened)
        if not f.choices and not f.over:
            # nothing public to do: the seats entering something of their own open their view
            seats = list(f.acting) or ([v["draw_for"]] if v.get("draw_for") is not None else [])
            bar_buttons = [(f.players[s], ("peek", s), "accent") for s in seats]
        self._fill(self.ids.cue_buttons, cue_buttons)
        self._fill(self.ids.actions, bar_buttons)

    def _buttons(self, choices: list[Choice], opened: Choice | None) -> list[tuple[str, Any, str]]:
        if opened is not None and opened in choices:
            return picking(opened, self._picks) + [(_("Cancel"), ("cancel", None), "")]
        out = []
        for c in choices:
            style = "accent" if c.extra.get("usual") and c.enabled else ""
            out.append((c.label + (MORE if c.parts and c.enabled else ""), ("choice", c.key) if c.enabled else None,
                        style))
        return out

    def _fill(self, box: Any, buttons: list) -> None:
        """The buttons of a row, updated in place: a button keeps its place while the
        row has as many, and only what changed on it is set (issue 13)."""
        key = tuple((t, repr(a), s) for t, a, s in buttons)
        if getattr(box, "_key", None) == key:
            return  # the same buttons: nothing to do
        box._key = key
        have = list(reversed(box.children))
        while len(have) > len(buttons):
            b = have.pop()
            box.remove_widget(b)
            self._pool.append(b)
        while len(have) < len(buttons):
            b = self._pool.pop() if self._pool else self._new_button()
            box.add_widget(b)
            have.append(b)
        cue = box is self.ids.cue_buttons
        size, tall = (sp(18), dp(48)) if cue else (sp(19), dp(56))  # four to a row, three rows in the cue
        for b in have:
            if b.font_size != size:
                b.font_size = size
            if b.height != tall:
                b.height = tall
        for b, (text, intent, style) in zip(have, buttons):
            b.intent = intent
            b.disabled = intent is None  # a choice not possible now keeps its place, greyed
            if b.text != text:
                b.text = text
            bg = {"accent": theme.ACCENT, "danger": theme.DANGER}.get(style, theme.SURFACE_HI)
            if tuple(b.normal_bg) != tuple(bg):
                b.normal_bg = bg
                b.normal_fg = (0.05, 0.05, 0.05, 1) if style else theme.TEXT

    def _new_button(self) -> Any:
        b = Factory.BigButton(text="", font_size=sp(19), height=dp(56), halign="center")
        b.bind(size=lambda w, s: setattr(w, "text_size", (s[0] - dp(4), None)))
        b.intent = None
        b.bind(on_release=lambda btn: self.act(btn.intent))
        return b

    # --- intents ----------------------------------------------------------------
    def act(self, intent: Any) -> None:
        if intent is None:
            return
        kind = intent[0]
        if kind == "peek":
            self.peek(intent[1])
        elif kind == "cancel":
            self.reset_input()
        elif kind == "choice":
            choice = find(self.frame.choices, intent[1])
            if choice is None:
                return
            if choice.parts:
                self._open, self._picks = choice.key, {}
            else:
                self.reset_input()
                self.choose(choice.key)
        elif kind == "pick":
            choice = find(self.frame.choices, self._open or "")
            if choice is None:
                self.reset_input()
            else:
                self._picks = add_pick(choice, self._picks, intent[1], intent[2])
                if next_part(choice, self._picks) is None:
                    key, picks = choice.key, self._picks
                    self.reset_input()
                    self.choose(key, picks)
        self.render()

    def choose(self, key: str, picks: dict | None = None, seat: int | None = None, hide: str = "") -> bool:
        played = super().choose(key, picks, seat, hide)
        if not played:
            self.render()  # refused or asking: the buttons go back to their first step
        return played

    def peek(self, seat: int) -> None:
        """Ask for a seat's private view: everyone else looks away first, whoever it is
        (the player at turn too: a touch on the screen is anyone's finger; a fob or a held
        seat button opens it at once)."""
        self._table.request_peek(seat)

    # --- cues -------------------------------------------------------------------
    @staticmethod
    def _round_end_key(v: dict) -> Any:
        end = v.get("round_end")
        return (end["round"], len(end["tumbles"])) if end else None

    def _cues(self, v: dict) -> None:
        """The boulder sound for each boulder that starts tumbling, and the round-end
        summary (the next round's draws follow at once, so it stays until tapped)."""
        now = (v["round"], v["tumbling"]["now"], tuple(v["tumbling"]["done"])) if v["tumbling"]["now"] else None
        if now is not None and now != self._heard:
            App.get_running_app().play_sound("rumble")
        self._heard = now
        key = self._round_end_key(v)
        if key is None or key == self._summary_key:
            return
        self._summary_key = key
        if v["phase"] in ("over", "reveal"):
            return  # the end screen says how it ended
        end = v["round_end"]
        self._round_cue = self._round_cue or RoundEndCue()  # built once (_prepare), refilled
        self._round_cue.show(end["title"], end["lines"], end["close"])

    # --- the private overlay's content ---------------------------------------------
    def private_content(self, seat: int, view: dict) -> Any:
        """The open gate's view and choices (frame.gate), for the private overlay only."""
        if self._secret_panel is None:
            self._secret_panel = SecretPanel(self)
        self._fill_private(seat)
        return self._secret_panel

    def _fill_private(self, seat: int) -> None:
        gate = self._table.seat_frame(seat) if self.frame is None or self.frame.gate.seat != seat else self.frame.gate
        # a public choice the game also offers behind the gate (End turn), for the seat at turn only
        also = [c for c in self.frame.choices if c.extra.get("in_private") and seat in self.frame.acting] \
            if self.frame is not None else []
        assert self._secret_panel is not None
        self._secret_panel.show(seat, gate.view, list(gate.choices) + also, self._table.held(seat))

    def _on_table(self, table: Any, what: str) -> None:
        """Any change while a view is open (a stone tag read behind the gate, a move):
        the open view shows it."""
        super()._on_table(table, what)
        panel = self._secret_panel
        seat = self.frame.gate.seat if self.frame is not None else None
        if table is self._table and seat is not None and panel is not None and what in ("select", "view"):
            self._fill_private(seat)

    def choose_private(self, seat: int, key: str, picks: dict | None = None) -> None:
        """A choice made behind the gate. When it leaves the seat nothing more to do (its
        turn ended, its draw is entered), the gate closes with the move, in its one frame:
        the next player's screen."""
        outcome = self._table.choose(key, picks, seat=seat, hide="done")
        if outcome.ask:  # the last stela value: the game asks first, in its words
            from .fix import ConfirmChoice

            self._confirm_choice = getattr(self, "_confirm_choice", None) or ConfirmChoice()
            self._confirm_choice.show(outcome.ask, lambda: self._chosen(key, picks, seat))
            return
        # refused (stones the bag cannot have given): said behind the gate only, the entry offered again
        panel = self._secret_panel
        if not outcome.ok and panel is not None and self.frame is not None and self.frame.gate.seat == seat:
            self._fill_private(seat)
            panel.say(outcome.sentence)

    @staticmethod
    def end_details(session: Any, result: Any) -> list[str]:
        """Lines for the end screen: the game's knowledge breakdown (Result.detail)."""
        return list(result.detail.get("lines") or [])


class RoundEndCue(ModalView):
    """The round's tumbles in order, what each crushed and the reset cue: until tapped."""

    def __init__(self, **kw: Any):
        super().__init__(size_hint=(0.96, 0.9), auto_dismiss=True, **kw)
        self.background = ""
        self.background_color = (0.45, 0.12, 0.10, 1)
        self.overlay_color = (0, 0, 0, 0.6)
        box = BoxLayout(orientation="vertical", padding=dp(12), spacing=dp(6))
        self.title = Factory.Label(text="", font_size=sp(28), bold=True, color=theme.ACCENT,
                                   size_hint_y=None, height=dp(40))
        box.add_widget(self.title)
        self.body = Factory.Label(text="", font_size=sp(24), color=theme.TEXT, halign="left", valign="top")
        self.body.glance = True
        self.body.bind(size=lambda w, s: setattr(w, "text_size", s))
        box.add_widget(self.body)
        self.close = Factory.Label(text="", font_size=sp(18), color=theme.TEXT_DIM, size_hint_y=None, height=dp(28))
        box.add_widget(self.close)
        self.add_widget(box)

    def warm(self) -> None:
        """Each label's font at its size loaded, as a first round end would load them."""
        for label in (self.title, self.body, self.close):
            label.text = _("Round {n}", n=1)
            label.texture_update()
            label.text = ""

    def show(self, title: str, lines: list[str], close: str) -> None:
        self.title.text = title
        self.body.text = "\n".join(lines)
        self.close.text = close
        if self.parent is None:
            self.open(animation=False)

    def on_touch_down(self, touch: Any) -> bool:
        self.dismiss(animation=False)
        return True
