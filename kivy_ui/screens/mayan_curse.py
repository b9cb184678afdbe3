"""The Mayan Curse table screen: whose turn, each player's stones held and
played, face-down stelae (counts and colours only), cameras, backpacks,
escapes; the passage drawn with its rows, the entrance and each boulder with
its trigger tokens; big buttons for what the player at turn reports. When
boulders tumble, a cue names the boulder and offers only the rows it can
reach; when they are done, a summary of the round's tumbles stays until tapped.

Everything here comes from the TABLE view and session.legal_actions; a seat's
stones and stela values appear only in the private overlay (private_content).
The widget tree is built once per screen and updated in place (issue 13).
"""
from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.factory import Factory
from kivy.metrics import dp, sp
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.modalview import ModalView

from companion.engine import CHANCE, TABLE
from companion.games.mayan_curse import actions as A

from .. import theme
from ..widgets.curse_passage import Passage, stela_markup, stone_markup
from ..widgets.curse_private import SecretPanel
from .game_screen import GameScreen

Factory.register("Passage", cls=Passage)

# The backpack's items with a reminder of what each does (Using Your Backpack).
BACKPACK = {"machete": "Machete\n1 stone = wild", "map": "Map\njump on slab",
            "compass": "Compass\n1 step, any way", "elixir": "Elixir\n+1 slide"}
# Irreversible choices: never the highlighted default, and confirmed by a second button
# that never appears under the finger that asked (the asking button becomes "Not yet").
CONFIRM = {A.ESCAPE: "Yes, escaped!", "entrance": "Yes: entrance"}
NOT_YET = "Not yet"


class CurseSeatRow(ButtonBehavior, BoxLayout):
    """One player: colour (with symbol), name, stones held and played, stelae face
    down, camera, backpack, escaped; tap to look at your own stones and stelae."""

    seat = NumericProperty(0)
    name_text = StringProperty("")
    stones_text = StringProperty("")
    stelae_text = StringProperty("")
    status_text = StringProperty("")
    symbol = StringProperty("●")
    colour_rgba = ListProperty([1, 0, 0, 1])
    is_turn = BooleanProperty(False)
    gone = BooleanProperty(False)


class MayanCurseScreen(GameScreen):
    info_text = StringProperty("")
    board_text = StringProperty("")
    cue_title = StringProperty("")
    cue_detail = StringProperty("")
    action_mode = StringProperty("main")  # main | stela | backpack | place

    def __init__(self, **kw: Any):
        super().__init__(**kw)
        self._heard: Any = None  # the tumbling boulder the sound was played for
        self._summary_key: Any = None  # the round-end summary shown (or there when the game opened)
        self._armed: Any = None  # an irreversible choice tapped once, waiting for its confirmation
        self._place_row: int | None = None  # a row chosen that holds other boulders: left or right of them?
        self._pool: list = []
        self._secret_panel: SecretPanel | None = None
        # Strong references: the .kv's ids are weak, and one of the two panels is
        # always out of the tree.
        self._panels = {"table": self.ids.seats_area.__self__, "cue": self.ids.cue.__self__}
        self.ids.left.remove_widget(self._panels["cue"])

    # --- wiring -------------------------------------------------------------------
    def new_table(self) -> None:
        self.action_mode = "main"
        self._heard = self._armed = self._place_row = None
        v = self._table.public_view() if self._table is not None else None
        self._summary_key = self._round_end_key(v) if v else None  # a resumed game's summary is not news

    def reset_input(self) -> None:
        self.action_mode = "main"
        self._armed = self._place_row = None

    # --- rendering the public view ------------------------------------------------
    def render(self) -> None:
        table = self._table
        if table is None:
            return
        v = table.public_view()
        self.prompt = v["waiting_for"]["sentence"]
        # after Undo/Redo: what it did; else the newest player's move (never a draw alone)
        moved = self.follower is not None and any(isinstance(e["actor"], int) for e in self.follower.entries)
        self.summary = table.notice or (self.newest if moved else "")
        self.can_redo = table.can_redo()
        self.message = table.message or " · ".join(table.device_problems.values())
        self._render_info(v)
        self._render_seats(v)
        tumbling = v["phase"] == "boulders"
        self._show_cue(tumbling)
        if tumbling:
            self._render_cue(v)
        self._render_actions(v)
        self.ids.passage.show(v)
        self._cues(v)
        self.gate_view.sync(table)

    def _render_info(self, v: dict) -> None:
        info = f"Round {v['round']} · purse {v['purse']} · cameras {v['cameras_left']}"
        if "solo" in v:
            s = v["solo"]
            info = f"Round {v['round']} · " + (f"scenario {s['scenario']}" if s["scenario"] else
                                               f"{s['difficulty']}: {s['knowledge_needed']}")
        self.info_text = info
        left = v["stelae_on_board"]
        self.board_text = "Stelae left: " + (stela_markup(
            [c for c in left for _ in range(left[c]["passage"] + left[c]["temple"])]) or "none")

    def _render_seats(self, v: dict) -> None:
        box = self.ids.seats
        colours = theme.seat_colours(getattr(self._table.session, "meta", None), len(v["players"]))
        while len(box.children) < len(v["players"]):
            row = CurseSeatRow()
            row.bind(on_release=lambda r: self.peek(r.seat))
            box.add_widget(row)
        while len(box.children) > len(v["players"]):  # a smaller table than the last game's
            box.remove_widget(box.children[0])
        rows = list(reversed(box.children))
        now = v["current"] if v["current"] is not None else (v["waiting_for"]["actors"] or [None])[0]
        for row, p in zip(rows, v["players"]):
            seat = p["seat"]
            _, symbol, rgba = colours[seat]
            row.seat, row.symbol, row.colour_rgba = seat, symbol, list(rgba)
            row.name_text = p["name"] + (" ⚑" if seat == v["first_player"] and not p["escaped"] else "")
            row.is_turn = seat == now and v["phase"] in ("turn", "boulders", "reveal")
            row.gone = p["escaped"]
            if p["escaped"]:
                row.stones_text = "escaped"
            elif p.get("drawn"):  # the real purse: drawn at the table, not entered (yet, or ever)
                row.stones_text = f"{p['drawn']} drawn"
            else:
                played = " ".join(stone_markup(k) for k in p["played"])
                row.stones_text = f"{p['stones']} held {played}".strip() if p["stones"] or played else "–"
            row.stelae_text = stela_markup(p["stelae"]) or "–"
            status = ["camera" if p["camera"] else ("temple" if p["reached_temple"] else "")]
            status.append("bag ✓" if p["backpack"] == "unused" else p["backpack"])
            row.status_text = "\n".join(s for s in status if s)
        self._fit_rows()

    def _fit_rows(self, *_: Any) -> None:
        """Rows are 48dp (a touch target) when they fit; six players in a small window share the room."""
        box = self.ids.seats
        n = max(1, len(box.children))
        room = self.ids.seats_area.height
        h = min(dp(48), (room - box.spacing * (n - 1)) / n)
        for row in box.children:
            row.height = max(dp(32), h)

    def _show_cue(self, on: bool) -> None:
        """The boulder cue takes the seats' place while boulders tumble; the passage stays."""
        holder = self.ids.left
        want = self._panels["cue" if on else "table"]
        if want.parent is not holder:
            holder.clear_widgets()
            holder.add_widget(want)

    def _render_cue(self, v: dict) -> None:
        t = v["tumbling"]
        b = next(x for x in v["boulders"] if x["name"] == t["now"])
        then = t["order"][1:]
        self.cue_title = f"The {t['now'].upper()} boulder tumbles!"
        start = "its board" if b["where"] == "start" else f"row {b['row']}"
        reporter = self._table.name(v["waiting_for"]["actors"][0])
        self.cue_detail = (f"From {start}." + (f" Then: {', '.join(then)}." if then else "")
                           + f" {reporter}: where did it stop?")

    def _render_actions(self, v: dict) -> None:
        actor = (v["waiting_for"]["actors"] or [None])[0]
        legal = self._table.session.legal_actions(actor) if actor not in (None, CHANCE) else []
        buttons: list[tuple[str, Any, str]] = []  # (text, intent, style: "" | "accent" | "danger")
        if v["phase"] == "boulders":
            self._fill(self.ids.cue_buttons, self._stop_buttons(v, legal))
            crush = [(f"Crushed {a['colour']}", a, "") for a in legal if a["type"] == A.STELA_CRUSHED]
            self._fill(self.ids.actions, crush)
            return
        self._fill(self.ids.cue_buttons, [])
        if actor == CHANCE:
            # Physical randomness: a person enters the draw; stones and stela values are secret.
            seat = self._table.session.legal_actions(CHANCE)[0].get("seat")
            what = "stones" if v["phase"] == "draw" else "stela value"
            buttons = [(f"{self._table.name(seat)}: enter my {what}", ("peek", seat), "accent")]
        elif v["phase"] == "reveal":
            buttons = [(f"{self._table.name(s)}: my stela values", ("peek", s), "accent")
                       for s in v["waiting_for"]["actors"]]
        elif v["phase"] == "turn" and self.action_mode == "stela":
            left = v["stelae_on_board"]
            for a in legal:
                if a["type"] == A.DISCOVER_STELA:
                    n = left[a["colour"]][a["place"]]
                    text = a["colour"].capitalize() if a["place"] == "passage" else f"Temple {a['colour']}"
                    buttons.append((f"{text} ({n})", a, ""))
            buttons.append(("Cancel", ("mode", "main"), ""))
        elif v["phase"] == "turn" and self.action_mode == "backpack":
            buttons = [(BACKPACK.get(a["item"], a["item"]), a, "") for a in legal if a["type"] == A.USE_BACKPACK]
            buttons.append(("Cancel", ("mode", "main"), ""))
        elif v["phase"] == "turn":
            types = {a["type"]: a for a in legal}
            buttons.append(("Stones", ("peek", actor), ""))
            if A.DISCOVER_STELA in types:
                buttons.append(("Stela…", ("mode", "stela"), ""))
            if A.REACH_TEMPLE_BOARD in types:
                buttons.append(("Temple board", types[A.REACH_TEMPLE_BOARD], ""))
            if A.CLAIM_CAMERA in types:
                buttons.append(("Camera", types[A.CLAIM_CAMERA], ""))
            if A.USE_BACKPACK in types:
                buttons.append(("Backpack…", ("mode", "backpack"), ""))
            buttons.append(self._confirming("Escaped!", types[A.ESCAPE], A.ESCAPE))
            buttons.append(("End turn", types[A.END_TURN], "accent"))
        self._fill(self.ids.actions, buttons)

    def _stop_buttons(self, v: dict, legal: list) -> list:
        stops = [a for a in legal if a["type"] == A.BOULDER_STOPPED]
        now = next(x for x in v["boulders"] if x["name"] == v["tumbling"]["now"])
        if self._place_row is not None:  # the row holds boulders: left or right of them?
            here = sorted((x for x in v["boulders"] if x["where"] == "passage" and x["row"] == self._place_row
                           and x["name"] != now["name"]), key=lambda x: x["column"])
            out = []
            for a in stops:
                if a.get("row") == self._place_row and "place" in a:
                    p = a["place"]
                    text = f"Left of {here[0]['name']}" if p == 0 else (
                        f"Right of {here[-1]['name']}" if p == len(here) else f"Right of {here[p - 1]['name']}")
                    out.append((text, a, ""))
            return out + [("Cancel", ("row", None), "")]
        out, rows = [], set()
        for a in stops:
            if a["where"] == "passage" and a["row"] not in rows:
                rows.add(a["row"])
                if "place" in a:  # a boulder lies there: left or right of it comes next
                    out.append((f"Row {a['row']} …", ("row", a["row"]), ""))
                elif a["row"] == now["row"]:
                    out.append(("Stays", a, ""))
                else:
                    out.append((f"Row {a['row']}", a, ""))
            elif a["where"] == "stays":
                out.append(("Stays", a, ""))
            elif a["where"] == "entrance":
                out.append(self._confirming("Entrance", a, "entrance"))
        return out

    def _confirming(self, text: str, action: dict, key: str) -> tuple:
        """An irreversible choice: plain until tapped; then that button says "Not yet"
        and the confirmation goes to the far end of its row (_far_confirmation)."""
        if self._armed == key:
            return (NOT_YET, ("confirm", (CONFIRM[key], action)), "")
        return (text, ("arm", key), "")

    @staticmethod
    def _far_confirmation(buttons: list) -> list:
        """A confirmation never sits under the finger that asked for it: the asking
        button's place takes back the question ("Not yet"), so a double tap asks and
        takes it back; the red confirmation takes the place farthest along the row."""
        out = list(buttons)
        for i, (text, intent, style) in enumerate(out):
            if isinstance(intent, tuple) and intent[0] == "confirm":
                yes_text, action = intent[1]
                out[i] = (text, ("arm", None), style)
                far = 0 if i >= len(out) / 2 else len(out) - 1
                if far == i:
                    out.append((yes_text, action, "danger"))
                else:
                    out[far] = (yes_text, action, "danger")
                break
        return out

    def _fill(self, box: Any, buttons: list) -> None:
        """The buttons of a row, updated in place: a button keeps its place while the
        row has as many, and only what changed on it is set (issue 13)."""
        buttons = self._far_confirmation(buttons)
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
        size = sp(17) if box is self.ids.cue_buttons else sp(19)  # five to a row in the cue
        for b in have:
            if b.font_size != size:
                b.font_size = size
        for b, (text, intent, style) in zip(have, buttons):
            b.intent = intent
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
        if isinstance(intent, tuple):
            kind, arg = intent
            if kind == "mode":
                self.action_mode = arg
            elif kind == "peek":
                self.peek(arg)
            elif kind == "arm":
                self._armed = arg
            elif kind == "row":
                self._place_row = arg
            self.render()
            return
        self.reset_input()
        if not self._table.play(dict(intent)):
            self.render()  # refused: the buttons go back to their first step (the move itself re-renders)

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
            App.get_running_app().play_sound("boulder")
        self._heard = now
        key = self._round_end_key(v)
        if key is None or key == self._summary_key:
            return
        self._summary_key = key
        if v["phase"] in ("over", "reveal"):
            return  # the end screen says how it ended
        end = v["round_end"]
        lines = [t["sentence"] for t in end["tumbles"]]
        if end["sentence"]:
            lines.append(end["sentence"])
        lines.append(f"Entrance spaces blocked: {v['boulders_at_entrance']} of {len(v['boulders'])}.")
        self._round_cue = getattr(self, "_round_cue", None) or RoundEndCue()  # built once, refilled
        self._round_cue.show(f"Round {end['round']}: the boulders tumbled", lines)

    # --- the private overlay's content ---------------------------------------------
    def private_content(self, seat: int, view: dict) -> Any:
        """The seat's stones as symbols and the values of its stelae, for the private overlay only."""
        if self._secret_panel is None:
            self._secret_panel = SecretPanel(self)
        self._secret_panel.show(seat, view, self._private_actions(seat), self._table.held(seat))
        return self._secret_panel

    def _on_table(self, table: Any, what: str) -> None:
        """A stone or stela tag read behind the gate: the open view shows what it entered."""
        super()._on_table(table, what)
        panel = self._secret_panel
        if what in ("select", "view") and table is self._table and table.gate is not None and panel is not None:
            seat = table.gate.seat
            panel.show(seat, table.session.view(seat), self._private_actions(seat), table.held(seat))

    def _private_actions(self, seat: int) -> list:
        """The seat's own legal actions, plus (physical randomness) the draw of this seat's
        stones or stela value, which only this seat may see being entered."""
        session = self._table.session
        legal = list(session.legal_actions(seat))
        if session.waiting_for_chance():
            legal += [a for a in session.legal_actions(CHANCE) if a.get("seat") == seat]
        return legal

    def play_private(self, seat: int, action: dict) -> None:
        """A move made behind the gate (a draw entered, a stone played, a value, End turn).
        The move re-renders the screen and refills the open view (_on_table)."""
        played = self._table.play(dict(action))
        if played and action.get("type") in (A.END_TURN, A.ESCAPE) and self._table.gate is not None:
            self._table.close_gate()  # the turn is over: the next player's screen

    # kept for the tag tests and older callers
    def enter_draw(self, seat: int, action: dict) -> None:
        self.play_private(seat, action)

    def enter_value(self, seat: int, stela: int, value: int) -> None:
        self.play_private(seat, {"actor": seat, "type": A.ENTER_STELA_VALUE, "stela": stela, "value": value})

    @staticmethod
    def end_details(session: Any, result: Any) -> list[str]:
        """Lines for the end screen: each player's knowledge, revealed, or why it does not count."""
        v = session.view(TABLE)
        d = result.detail
        lines = []
        for i in result.ranking:
            p = v["players"][i]
            if not p["escaped"]:
                lines.append(f"{p['name']} did not escape: their knowledge does not count.")
                continue
            values = p.get("stela_values") or []
            parts = [f"stelae {' + '.join(map(str, values))}" if values else "no stelae"]
            worth = v["knowledge_values"]  # printed numbers, from the view like everything shown
            if d["camera"][i]:
                parts.append(f"camera {worth['camera']}")
            if d["backpack_unused"][i]:
                parts.append(f"backpack unused {worth['backpack_unused']}")
            lines.append(f"{p['name']}: {', '.join(parts)} = {d['knowledge'][i]} knowledge"
                         f" ({d['stelae'][i]} stela{'' if d['stelae'][i] == 1 else 'e'})")
        if d["sealed"] and not d.get("temple_wins"):  # else the result's own sentence says so
            lines.insert(0, f"The entrance was sealed by all {len(v['boulders'])} boulders.")
        return lines


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
        box.add_widget(Factory.Label(text="Tap when the board matches.", font_size=sp(18), color=theme.TEXT_DIM,
                                     size_hint_y=None, height=dp(28)))
        self.add_widget(box)

    def show(self, title: str, lines: list[str]) -> None:
        self.title.text = title
        self.body.text = "\n".join(lines)
        if self.parent is None:
            self.open(animation=False)

    def on_touch_down(self, touch: Any) -> bool:
        self.dismiss(animation=False)
        return True
