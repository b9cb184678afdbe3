"""The Mayan Curse table screen: the round, the turn order, each player's
stones and face-down stelae (counts and colours only), cameras, backpacks,
escapes, the three boulders with their trigger tokens, and big buttons for
what the player at turn reports. When boulders tumble, a full-width cue names
the boulder and asks where it stopped.

Everything here comes from the TABLE view and session.legal_actions; a seat's
stones and stela values appear only in the private overlay (private_content),
built while the gate is open.
"""
from __future__ import annotations

from kivy.app import App
from kivy.factory import Factory
from kivy.metrics import dp, sp
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.modalview import ModalView

from companion.engine import CHANCE, TABLE

from .. import theme
from .game_screen import GameScreen

# Events that happen every turn: the summary line keeps the last sentence worth reading.
ROUTINE = ("stones_drawn", "stela_value_drawn")
# Stela colours as they look on the table; always drawn with their name or initial.
STELA_RGB = {"brown": "a0683a", "gray": "a8a8a8", "beige": "e8d6a8"}
# The backpack's items with a reminder of what each does (Using Your Backpack).
BACKPACK = {"machete": "Machete\n1 stone = wild", "map": "Map\njump on slab",
            "compass": "Compass\n1 step, any way", "elixir": "Elixir\n+1 slide"}


def stone_label(kind: str) -> str:
    """A sacred stone as players name it: "Dog", or "Dog / Jaguar" for a dual stone."""
    return " / ".join(part.capitalize() for part in kind.split("/"))


def stela_chips(colours: list[str]) -> str:
    """Face-down stelae per colour, as coloured chips with the colour's first letters
    (colour-blind safe): "■br×2 ■gr×1"."""
    return " ".join(f"[color={STELA_RGB.get(c, 'ffffff')}]■{c[:2]}×{colours.count(c)}[/color]"
                    for c in STELA_RGB if c in colours)


def stela_line(colour: str, place: str, values: list) -> str:
    """A player's own stelae of one colour: "Gray stelae: 2 + 4 = 6 knowledge"; None is a
    value not entered yet (physical stelae)."""
    name = colour.capitalize() + (" stela" if len(values) == 1 else " stelae") + (" (temple)" if place == "temple" else "")
    missing = values.count(None)
    if len(values) == 1:
        return f"{name}: " + ("not entered yet" if missing else f"{values[0]} knowledge")
    summed = " + ".join("?" if v is None else str(v) for v in values)
    if missing:
        return f"{name}: {summed} ({missing} not entered yet)"
    return f"{name}: {summed} = {sum(values)} knowledge"


def held_kind(meaning: dict, kinds: list) -> str | None:
    """The stone kind of a stone tag held for an entry (either side's symbol first)."""
    symbols = [str(x) for x in meaning.get("symbols") or []]
    return next(("/".join(p) for p in (symbols, symbols[::-1]) if "/".join(p) in kinds), None)


def value_label(text: str):
    """The question before a row of value buttons: a fixed share of the row, so four
    or five buttons beside it never squeeze it into a column of single words."""
    return Factory.Body(text=text, font_size=sp(18), size_hint_x=None, width=dp(270))


def boulder_where(b: dict) -> str:
    if b["where"] == "entrance":
        return "AT THE ENTRANCE"
    if b["where"] == "passage":
        return f"on row {b['row']}"
    return "on its board"


class CurseSeatRow(ButtonBehavior, BoxLayout):
    """One player: colour (with symbol), name, stones held, stelae face down, camera,
    backpack, escaped; tap to look at your own stones and stelae."""

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
    boulders_text = StringProperty("")
    cue_title = StringProperty("")
    cue_detail = StringProperty("")
    action_mode = StringProperty("main")  # main | stela | backpack

    def __init__(self, **kw):
        super().__init__(**kw)
        self._heard = None  # the tumbling boulder the sound was played for
        self._at_entrance = None  # boulders at the entrance at the last render
        self._said = ""  # the last sentence worth keeping (stone draws are routine)
        self._pool: list = []
        # Strong references: the .kv's ids are weak, and one of the two panels is
        # always out of the tree.
        self._panels = {"table": self.ids.table_panel.__self__, "cue": self.ids.cue.__self__}
        self.ids.middle.remove_widget(self._panels["cue"])

    # --- wiring -------------------------------------------------------------------
    def new_table(self):
        self.action_mode = "main"
        self._heard = self._at_entrance = None
        self._said = ""

    def reset_input(self):
        self.action_mode = "main"

    # --- rendering the public view ------------------------------------------------
    def render(self):
        table = self._table
        if table is None:
            return
        v = table.public_view()
        self.prompt = v["waiting_for"]["sentence"]
        said = " ".join(e["sentence"] for e in v["events"] if e["kind"] not in ROUTINE)
        if said:
            self._said = said
        self.summary = table.notice or self._said  # after Undo/Redo: what it did
        self.can_redo = table.can_redo()
        self.message = table.message or " · ".join(table.device_problems.values())
        self._render_info(v)
        self._render_seats(v)
        tumbling = v["phase"] == "boulders"
        self._show_cue(tumbling)
        if tumbling:
            self._render_cue(v)
        self._render_actions(v)
        self._boulder_cues(v)
        self.gate_view.sync(table)

    def _render_info(self, v):
        names = [p["name"] for p in v["players"]]
        order = " › ".join(names[i] for i in v["turn_order"]) or "—"
        lines = [f"Round {v['round']} · order: {order}",
                 f"Purse: {v['purse']} stones", f"Cameras left: {v['cameras_left']}"]
        if "solo" in v:
            s = v["solo"]
            goal = f"Scenario {s['scenario']}: {s['scenario_text']}" if s["scenario"] else \
                f"{s['difficulty'].capitalize()}: {s['knowledge_needed']} knowledge" + \
                (" and the camera" if s["camera_needed"] else "")
            lines.append(goal)
        self.info_text = "\n".join(lines)
        self.boulders_text = "\n".join(self._boulder_line(b) for b in v["boulders"])

    @staticmethod
    def _boulder_line(b):
        """"Left: 2▲▲ · on its board"; a boulder with no tokens left tumbles at the end of the round."""
        where = boulder_where(b)
        if b["tumbles"]:
            where = "tumbles!" if b["where"] == "start" else f"{where} · tumbles!"
        return f"{b['name'].capitalize()}: {b['tokens']}{'▲' * b['tokens']} · {where}"

    def _render_seats(self, v):
        box = self.ids.seats
        meta = getattr(self._table.session, "meta", {}) or {}
        colours = meta.get("colours") or list(theme.COLOUR_NAMES)
        while len(box.children) < len(v["players"]):
            row = CurseSeatRow()
            row.bind(on_release=lambda r: self._table.request_peek(r.seat))
            box.add_widget(row)
        while len(box.children) > len(v["players"]):  # a smaller table than the last game's
            box.remove_widget(box.children[0])
        rows = list(reversed(box.children))
        now = v["current"] if v["current"] is not None else (v["waiting_for"]["actors"] or [None])[0]
        for row, p in zip(rows, v["players"]):
            seat = p["seat"]
            _, symbol, rgba = theme.colour(colours[seat] if seat < len(colours) else "")
            row.seat, row.symbol, row.colour_rgba = seat, symbol, list(rgba)
            row.name_text = p["name"] + ("  ⚑1st" if seat == v["first_player"] and not p["escaped"] else "")
            row.is_turn = seat == now and v["phase"] in ("turn", "boulders", "reveal")
            row.gone = p["escaped"]
            row.stones_text = "escaped" if p["escaped"] else f"{p['stones']} stones"
            row.stelae_text = stela_chips(p["stelae"]) if p["stelae"] else "no stelae"
            status = []
            if p["camera"]:
                status.append("camera")
            elif p["reached_temple"]:
                status.append("temple")
            status.append("backpack ✓" if p["backpack"] == "unused" else f"used {p['backpack']}")
            row.status_text = "\n".join(status)
        self._fit_rows()

    def _fit_rows(self, *_):
        """Rows are 48dp (a touch target) when they fit; six players in a small window share the room."""
        box = self.ids.seats
        n = max(1, len(box.children))
        room = self.ids.seats_area.height
        h = min(dp(48), (room - box.spacing * (n - 1)) / n)
        for row in box.children:
            row.height = max(dp(30), h)

    def _show_cue(self, on: bool):
        """The boulder cue takes the whole middle of the screen while boulders tumble."""
        holder = self.ids.middle
        want = self._panels["cue" if on else "table"]
        if want.parent is not holder:
            holder.clear_widgets()
            holder.add_widget(want)

    def _render_cue(self, v):
        t = v["tumbling"]
        b = next(x for x in v["boulders"] if x["name"] == t["now"])
        then = [n for n in t["order"][1:]]
        self.cue_title = f"The {t['now'].upper()} boulder tumbles!"
        reporter = self._table.name(v["waiting_for"]["actors"][0])
        start = "its board" if b["where"] == "start" else f"row {b['row']}"
        self.cue_detail = "\n".join(
            [f"From {start} towards the entrance, to the closest matching symbol."]
            + ([f"Next: {', then '.join(then)}."] if then else [])
            + [f"{reporter}: where did it stop? Row 1 is next to the entrance."])

    def _render_actions(self, v):
        actor = (v["waiting_for"]["actors"] or [None])[0]
        legal = self._table.session.legal_actions(actor) if actor not in (None, CHANCE) else []
        buttons = []
        if v["phase"] == "boulders":
            for a in legal:
                if a["type"] == "boulder_stopped":
                    text = f"Row {a['row']}" if a["where"] == "passage" else "Entrance"
                    buttons.append((text, a, a["where"] == "entrance"))
            crush = [(f"Crushed a {a['colour']} stela", a, False) for a in legal if a["type"] == "stela_crushed"]
            self._fill(self.ids.cue_buttons, buttons)
            self._fill(self.ids.crush_buttons, crush)
            self._fill(self.ids.actions, [])
            return
        if actor == CHANCE:
            # Physical randomness: a person enters the draw; stones and stela values are secret.
            seat = self._table.session.legal_actions(CHANCE)[0].get("seat")
            what = "stones" if v["phase"] == "draw" else "stela value"
            buttons = [(f"{self._table.name(seat)}: enter my {what}", ("peek", seat), True)]
        elif v["phase"] == "reveal":
            buttons = [(f"{self._table.name(s)}: enter my stela values", ("peek", s), True)
                       for s in v["waiting_for"]["actors"]]
        elif v["phase"] == "turn" and self.action_mode == "stela":
            left = v["stelae_on_board"]
            for a in legal:
                if a["type"] == "discover_stela":
                    n = left[a["colour"]][a["place"]]
                    text = a["colour"].capitalize() if a["place"] == "passage" else f"Temple {a['colour']}"
                    buttons.append((f"{text} ({n} left)", a, False))
            buttons.append(("Cancel", ("mode", "main"), False))
        elif v["phase"] == "turn" and self.action_mode == "backpack":
            buttons = [(BACKPACK.get(a["item"], a["item"]), a, False) for a in legal if a["type"] == "use_backpack"]
            buttons.append(("Cancel", ("mode", "main"), False))
        elif v["phase"] == "turn":
            types = {a["type"]: a for a in legal}
            if "discover_stela" in types:
                buttons.append(("Found a stela…", ("mode", "stela"), False))
            if "reach_temple_board" in types:
                buttons.append(("Reached the temple board", types["reach_temple_board"], False))
            if "claim_camera" in types:
                buttons.append(("Top: claim a camera", types["claim_camera"], False))
            if "use_backpack" in types:
                buttons.append(("Backpack…", ("mode", "backpack"), False))
            if "enter_stela_value" in types:
                buttons.append(("Enter stela value", ("peek", actor), False))
            buttons.append(("Escaped!", types["escape"], False))
            buttons.append(("End turn", types["end_turn"], True))
        self._fill(self.ids.actions, buttons)
        self._fill(self.ids.cue_buttons, [])
        self._fill(self.ids.crush_buttons, [])

    def _fill(self, box, buttons):
        key = tuple((t, repr(a)) for t, a, _ in buttons)
        if getattr(box, "_key", None) == key:
            return  # the same buttons: rebuilding would only cost frame time
        box._key = key
        for b in list(box.children):
            box.remove_widget(b)
            self._pool.append(b)
        for text, intent, accent in buttons:
            b = self._pool.pop() if self._pool else self._new_button()
            b.text, b.intent = text, intent
            b.normal_bg = theme.ACCENT if accent else theme.SURFACE_HI
            b.normal_fg = (0.05, 0.05, 0.05, 1) if accent else theme.TEXT
            box.add_widget(b)

    def _new_button(self):
        b = Factory.BigButton(text="", font_size=sp(19), height=dp(56))
        b.intent = None
        b.bind(on_release=lambda btn: self.act(btn.intent))
        return b

    # --- intents ----------------------------------------------------------------
    def act(self, intent):
        if intent is None:
            return
        if isinstance(intent, tuple):
            kind, arg = intent
            if kind == "mode":
                self.action_mode = arg
            elif kind == "peek":
                self._table.request_peek(arg)
            self.render()
            return
        self.action_mode = "main"
        self._table.play(dict(intent))
        self.render()

    def undo(self):
        self._said = ""  # the sentence of the move taken back no longer holds
        super().undo()

    # --- cues -------------------------------------------------------------------
    def _boulder_cues(self, v):
        """The boulder sound for each boulder that starts tumbling, and a cue when one reaches
        the entrance (the next round's draw follows at once, so the view's own sentence is gone)."""
        now = (v["round"], v["tumbling"]["now"], tuple(v["tumbling"]["done"])) if v["tumbling"]["now"] else None
        if now is not None and now != self._heard:
            App.get_running_app().play_sound("boulder")
        self._heard = now
        at, before = v["boulders_at_entrance"], self._at_entrance
        self._at_entrance = at
        if before is None or at <= before or v["sealed"] or v["phase"] in ("over", "reveal"):
            return
        name = next((b["name"] for b in v["boulders"] if b["where"] == "entrance"), "A")
        if v["tumbling"]["done"]:
            name = v["tumbling"]["done"][-1]
        BoulderCue(f"The {name} boulder reached the entrance!",
                   f"Reset the first {v['slabs_to_reset']} slabs of the passage so they are flush "
                   f"with the entrance board. Entrance spaces blocked: {at} of {len(v['boulders'])}.").open(animation=False)

    # --- the private overlay's content ---------------------------------------------
    def private_content(self, seat, view):
        """The seat's three stones and the values of its stelae, for the private overlay only."""
        if getattr(self, "_secret_panel", None) is None:
            self._secret_panel = SecretPanel(self)
        self._secret_panel.show(seat, view, self._private_actions(seat))
        return self._secret_panel

    def _on_table(self, table, what):
        """A stone or stela tag read behind the gate: the open view shows what it entered."""
        super()._on_table(table, what)
        panel = getattr(self, "_secret_panel", None)
        if what == "select" and table is self._table and table.gate is not None and panel is not None:
            seat = table.gate.seat
            panel.show(seat, table.session.view(seat), self._private_actions(seat))

    def _private_actions(self, seat):
        """The seat's own legal actions, plus (physical randomness) the draw of this seat's
        stones or stela value, which only this seat may see being entered."""
        session = self._table.session
        legal = list(session.legal_actions(seat))
        if session.waiting_for_chance():
            legal += [a for a in session.legal_actions(CHANCE) if a.get("seat") == seat]
        return legal

    def enter_draw(self, seat, action):
        """Physical randomness: what this seat really drew, entered behind its gate."""
        self._table.play(action)  # the gate closes: the next draw is someone else's
        self.render()

    def enter_value(self, seat, stela, value):
        """Physical stelae: the value of the real token, entered behind the gate."""
        if self._table.play({"actor": seat, "type": "enter_stela_value", "stela": stela, "value": value}):
            if self._table.gate is not None and self._table.gate.seat == seat and self._secret_panel is not None:
                self._secret_panel.show(seat, self._table.session.view(seat), self._private_actions(seat))

    @staticmethod
    def end_details(session, result) -> list[str]:
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


class SecretPanel(BoxLayout):
    """What one seat sees behind the gate: its three stones, its stelae with their
    values, its knowledge so far, and (physical stelae) buttons to enter a value.
    Built once and refilled; clear() wipes every secret when the gate closes."""

    def __init__(self, screen, **kw):
        super().__init__(orientation="vertical", spacing=dp(6), **kw)
        self.screen = screen
        self.add_widget(Factory.Body(text="Your sacred stones", size_hint_y=None, height=dp(30)))
        self.stones = BoxLayout(size_hint_y=None, height=dp(64), spacing=dp(8))
        self.add_widget(self.stones)
        self.add_widget(Factory.Dim(text="Any 2 stones together are a wild; a dual stone is either symbol.",
                                    font_size=sp(16), size_hint_y=None, height=dp(26)))
        self.stelae = Factory.Body(text="", markup=True, font_name=theme.SYMBOL_FONT, size_hint_y=None)
        self.stelae.bind(texture_size=lambda w, ts: setattr(w, "height", ts[1] + dp(6)))
        self.add_widget(self.stelae)
        self.entry = BoxLayout(orientation="vertical", spacing=dp(4), size_hint_y=None)
        self.entry.bind(minimum_height=self.entry.setter("height"))
        self.add_widget(self.entry)
        self.add_widget(BoxLayout())  # the rest of the room stays empty

    def show(self, seat, view, legal):
        you = view["you"]
        self.stones.clear_widgets()
        for kind in you["stones"]:
            self.stones.add_widget(Factory.Label(text=stone_label(kind), font_size=sp(30), bold=True,
                                                 color=theme.ACCENT))
        if not you["stones"]:
            self.stones.add_widget(Factory.Dim(text="none in hand now", halign="center"))
        lines = []
        for colour in STELA_RGB:  # one line per colour and place, so twelve stelae still fit
            for place in ("passage", "temple"):
                values = [x["value"] for x in you["stelae"] if x["colour"] == colour and x["place"] == place]
                if values:
                    lines.append(f"[color={STELA_RGB[colour]}]■[/color] {stela_line(colour, place, values)}")
        lines.append(f"Your knowledge if you escape now: {you['knowledge']}")
        self.stelae.text = "\n".join(lines)
        self.entry.clear_widgets()
        by_stela: dict[int, list] = {}
        for a in legal:
            if a["type"] == "enter_stela_value":
                by_stela.setdefault(a["stela"], []).append(a["value"])
        self._draw_entry(seat, legal)
        for i, values in sorted(by_stela.items()):
            colour = you["stelae"][i]["colour"]
            row = BoxLayout(size_hint_y=None, height=dp(52), spacing=dp(6))
            row.add_widget(value_label(f"{colour.capitalize()} stela {i + 1} is worth:"))
            for value in values:
                b = Factory.BigButton(text=str(value), height=dp(52))
                b.bind(on_release=lambda _b, st=i, val=value: self.screen.enter_value(seat, st, val))
                row.add_widget(b)
            self.entry.add_widget(row)

    def _draw_entry(self, seat, legal):
        """Physical randomness: pick the three stones drawn (or the stela value) from buttons."""
        draws = [a for a in legal if a["type"] == "draw_stones"]
        values = [a for a in legal if a["type"] == "stela_value"]
        if values:
            row = BoxLayout(size_hint_y=None, height=dp(52), spacing=dp(6))
            row.add_widget(value_label(f"Your new {values[0]['colour']} stela is worth:"))
            for a in values:
                b = Factory.BigButton(text=str(a["value"]), height=dp(52))
                b.bind(on_release=lambda _b, act=a: self.screen.enter_draw(seat, act))
                row.add_widget(b)
            self.entry.add_widget(row)
        if not draws:
            return
        kinds = []
        for a in draws:
            kinds += [k for k in a["stones"] if k not in kinds]
        hands = {tuple(sorted(a["stones"])): a for a in draws}
        picked: list[str] = [k for k in (held_kind(m, kinds) for m in self.screen._table.held(seat)) if k]
        status = Factory.Body(text="Tap the 3 stones you drew:", size_hint_y=None, height=dp(30))
        if picked:
            status.text = "Drew: " + ", ".join(stone_label(k) for k in picked)
        self.entry.add_widget(status)
        grid = Factory.GridLayout(cols=4, spacing=dp(4), size_hint_y=None, height=dp(52) * 2 + dp(4))

        def pick(kind):
            picked.append(kind)
            status.text = "Drew: " + ", ".join(stone_label(k) for k in picked)
            if len(picked) == 3:
                hand = hands.get(tuple(sorted(picked)))
                if hand is None:  # the purse holds no such hand: start again
                    status.text = "The purse does not hold those three stones; tap them again."
                    picked.clear()
                    return
                self.screen.enter_draw(seat, hand)

        for kind in kinds:
            b = Factory.BigButton(text=stone_label(kind), font_size=sp(18), height=dp(52))
            b.bind(on_release=lambda _b, k=kind: pick(k))
            grid.add_widget(b)
        self.entry.add_widget(grid)

    def clear(self):
        self.stones.clear_widgets()
        self.stelae.text = ""
        self.entry.clear_widgets()


class BoulderCue(ModalView):
    """A boulder reached the entrance: big, until tapped (the slabs must really be reset)."""

    def __init__(self, title, detail, **kw):
        super().__init__(size_hint=(0.94, 0.8), auto_dismiss=True, **kw)
        self.background = ""
        self.background_color = (0.45, 0.12, 0.10, 1)
        self.overlay_color = (0, 0, 0, 0.6)
        box = BoxLayout(orientation="vertical", padding=dp(16), spacing=dp(8))
        box.add_widget(Factory.Label(text=title, font_size=sp(34), bold=True, color=theme.ACCENT,
                                     halign="center", valign="middle", text_size=(dp(700), None)))
        box.add_widget(Factory.Label(text=detail, font_size=sp(24), color=theme.TEXT, halign="center",
                                     valign="middle", text_size=(dp(700), None)))
        box.add_widget(Factory.Dim(text="Tap when the slabs are reset.", halign="center",
                                   size_hint_y=None, height=dp(32)))
        self.add_widget(box)
        self.bind(width=lambda _w, val: [setattr(c, "text_size", (val * 0.92, None)) for c in box.children])

    def on_touch_down(self, touch):
        self.dismiss(animation=False)
        return True

