"""What every game's table screen shares: following the table controller's
frames, the private-view overlay (the privacy gate's window), Undo and Redo,
the game log (a "Log" button beside Undo, and `newest`: the table line), the
help ("Help": what can be done now, companion/table/help.py) and drafts of
half-entered private choices.

A screen reads `self.frame` (companion/table/frame.py, the latest TableFrame, set
before every `render()`) and the controller's methods that return frozen data;
never the session. The log is the session's own (`frame.log`), followed here.

A game screen subclasses GameScreen and provides `render()` (the public view),
`private_content(seat, view)` (what the open gate shows that seat),
`new_table()` (forget what belonged to the previous game) and `reset_input()`
(back to the first step of entering a move, after Undo or Redo). It may
override `on_log(new_entries, news)` to react to what just happened (the
session's LogEntry objects; news is False after an Undo, a Redo, a fix or a
resume: nothing there is to be celebrated), and `prepare()` to build its own
overlays ahead, while idle (nothing a move shows is built inside that move).

A private view's content may keep a half-entered choice: if it has
`draft() -> object | None` and `offer_draft(draft)`, the draft is kept for that
seat when the view closes (Hide or timeout) and offered when it opens again.
"""
from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.clock import Clock
from kivy.properties import BooleanProperty, StringProperty
from kivy.uix.screenmanager import Screen

from companion.table.first import drawn_line
from companion.table.log import LogEntry
from companion.table.teach import Guide

from .. import theme
from ..widgets.gate import GateView
from ..widgets.top_bar import CHROME, TableTopBar
from .log import LogFollower, LogOverlay

#: Seconds after a screen first shows a table before its prepare() (players are still sitting down).
PREPARE_AFTER = 0.5


class GameScreen(Screen):
    prompt = StringProperty("")
    summary = StringProperty("")
    message = StringProperty("")
    newest = StringProperty("")  # the newest player's move, in the engine's sentences
    can_undo = BooleanProperty(False)  # Undo greyed out in its place until there is a move to take back
    can_redo = BooleanProperty(False)  # Redo greyed out in its place until right after an Undo
    log_button: Any = None  # the top bar's Log (set on_kv_post, before __init__ returns)
    drawing: Any = None  # the table line lighting the drawn first player (light_the_draw)

    def __init__(self, **kw):
        super().__init__(**kw)
        self.gate_view = GateView(self)
        self._table: Any = None
        self.follower: LogFollower | None = None
        self.drafts: dict[int, Any] = {}  # seat -> a half-entered private choice
        self._log_overlay: LogOverlay | None = None
        self._prepared = False
        #: seat -> its tile's clock label (kivy_ui/widgets/seat_clock.py), set by kivy_ui/turn_clock.py once a second
        self.seat_clocks: dict[int, Any] = {}

    def on_kv_post(self, base_widget):
        """The screen's TableTopBar (widgets/top_bar.py): its chrome buttons are named in
        the screen's ids too (`ids.home`, `ids.log`, `ids.undo`, `ids.redo`)."""
        bar = next((w for w in self.ids.values() if isinstance(w, TableTopBar)), None)
        if bar is None or self.log_button is not None:
            return
        bar.screen = self
        bar.can_undo, bar.can_redo = self.can_undo, self.can_redo
        self.bind(can_undo=bar.setter("can_undo"), can_redo=bar.setter("can_redo"))
        for name in CHROME:
            self.ids[name] = bar.ids[name]
        self.log_button = bar.ids.log

    # --- for subclasses ---------------------------------------------------------------
    def render(self):
        raise NotImplementedError

    def new_table(self):
        """A different game was opened: forget the last one's input and sentences."""

    def reset_input(self):
        """Back to the first step of entering a move."""

    def on_log(self, new_entries: list[LogEntry], news: bool) -> None:
        """New log entries since the last render; news: made just now by a player."""

    def entering(self) -> bool:
        """Something is half entered here (a seat's private draft, a window open over the
        table: a choice's question, Fix a number…): the turn clock ends no turn meanwhile.
        A game screen adds its own (a choice whose parts are being picked)."""
        from kivy.core.window import Window
        from kivy.uix.modalview import ModalView

        return bool(self.drafts) or any(isinstance(w, ModalView) for w in Window.children)

    def prepare(self) -> None:
        """Build ahead what a move would build the first time: called once, while idle,
        PREPARE_AFTER seconds after the screen first showed a table. Here the overlays
        every table screen has (the gate's two, the log, the Undo question, a choice's
        confirmation); a game screen adds its own (a celebration, a round's summary)
        and calls this too."""
        from .fix import ConfirmChoice, ConfirmUndo

        self.gate_view.prepare()
        self._log_overlay = self._log_overlay or LogOverlay()
        self._confirm_undo = getattr(self, "_confirm_undo", None) or ConfirmUndo()
        self._confirm_choice = getattr(self, "_confirm_choice", None) or ConfirmChoice()
        from ..widgets.help_overlay import HelpOverlay

        self._help_overlay = getattr(self, "_help_overlay", None) or HelpOverlay()

    # --- the frame and choices (issue 21) ----------------------------------------------
    #: The table's latest frame (companion/table/frame.py); set before every render().
    frame: Any = None

    def choose(self, key: str, picks: dict | None = None, seat: int | None = None, hide: str = "") -> bool:
        """Play a Choice by its key (the choice's parts picked in `picks`; seat: the
        seat choosing behind the gate; hide: when its view closes, TableController.choose).
        A choice with a confirmation asks it first, in the game's words, and plays only
        on Yes. True when the move was played now."""
        outcome = self._table.choose(key, picks, seat=seat, hide=hide)
        if outcome.ask:
            from .fix import ConfirmChoice

            self._confirm_choice = getattr(self, "_confirm_choice", None) or ConfirmChoice()
            self._confirm_choice.show(outcome.ask, lambda: self._chosen(key, picks, seat))
            return False
        return bool(outcome.ok)

    def _chosen(self, key: str, picks: dict | None, seat: int | None) -> None:
        self._table.choose(key, picks, seat=seat, confirmed=True)

    # --- wiring -------------------------------------------------------------------
    def refresh(self):
        table = App.get_running_app().table
        if table is not self._table:
            self._table = table
            self.drafts.clear()
            self.follower = LogFollower(table.log)
            self.follower.update()  # a resumed game's past is not news
            if self._log_overlay is not None:
                self._log_overlay.forget()
            self.new_table()
            table.subscribe(self._on_table)
            if not self._prepared:
                self._prepared = True
                Clock.schedule_once(lambda _dt: self.prepare(), PREPARE_AFTER)
            self.frame = table.frame()
            if self.frame.drawn is not None and not any(e.by_player for e in self.frame.log):
                self.light_the_draw(self.frame)
            self.guide = Guide.of(table)
            if self.guide is not None:  # its card is built as the screen opens, never inside a move
                from ..widgets.teach_overlay import TeachOverlay

                self._teach_overlay = getattr(self, "_teach_overlay", None) or TeachOverlay()
        self.frame = table.frame()
        self.newest = self.frame.newest
        self._chrome()
        self.render()
        self.teach()

    # --- the first-game guide (issue 25 §1, companion/table/teach.py) --------------------
    guide: Guide | None = None

    def teach(self) -> None:
        """Show the guide's card due now, if any, once the privacy gate is closed and the
        drawn first player was seen (a card never opens over a private view: one that
        opens later is above it); a card no longer due (the table moved on by a seat
        button, a phone) goes, counted as shown."""
        if self.guide is None:
            return
        from ..widgets.teach_overlay import TeachOverlay

        self._teach_overlay = overlay = getattr(self, "_teach_overlay", None) or TeachOverlay()
        gate = self.frame.gate if self.frame is not None else None
        if self.drawing is not None or (gate is not None and (gate.open or gate.asking is not None)):
            return
        card = self.guide.due()
        if overlay.card is not None and (card is None or card.key != overlay.card.key):
            self.guide.dismiss(overlay.card)  # it was shown; the table went on without the tap
            overlay.close()
        if card is not None and overlay.card is None:
            overlay.show(card, self._taught)

    def _taught(self, card: Any) -> None:
        if self.guide is not None:
            self.guide.dismiss(card)
        self.teach()  # the next card due in the same state (a game's setting up, then its phase)

    #: the companion's draw of who starts, shown on the table line: each name lit in
    #: turn for about DRAW_SHOW seconds, then the sentence naming the one drawn
    DRAW_SHOW, DRAW_STEP = 1.5, 0.12

    def light_the_draw(self, frame: Any) -> None:
        """Never blocks a touch: the line only changes text, and the first move ends it."""
        names, steps = list(frame.players), int(self.DRAW_SHOW / self.DRAW_STEP)
        lit = [names[(frame.drawn - steps + 1 + k) % len(names)] for k in range(steps)]  # ends on the drawn

        def step(_dt: float) -> bool:
            if not lit or self.frame is None or any(e.by_player for e in self.frame.log):
                self.newest = self.frame.newest if self.frame is not None else ""
                self.drawing = None
                self.render()
                self.teach()  # a guide's card waited for the draw to be seen
                return False
            self.newest = "▶ " + lit.pop(0)
            self.render()  # a game's screen may show the table line in its own words (a summary)
            return True

        self.drawing = Clock.schedule_interval(step, self.DRAW_STEP)

    def _chrome(self) -> None:
        """Undo and Redo greyed out, in their places, when there is nothing to take (or put) back."""
        f = self.frame
        if f is not None:
            self.can_undo, self.can_redo = bool(f.undo.live), bool(f.redo.live)

    def on_leave(self, *_):
        """Whatever this screen had open over it (the gate, the log, a question, a game's
        own cue of the last round) goes with it: nothing of the table lingers over the end
        screen or Home."""
        from kivy.core.window import Window
        from kivy.uix.modalview import ModalView

        self.gate_view.close()
        for overlay in (self._log_overlay, getattr(self, "_fix_overlay", None), getattr(self, "_help_overlay", None)):
            if overlay is not None:
                overlay.dismiss(animation=False)
        teach = getattr(self, "_teach_overlay", None)
        if teach is not None:
            teach.close()  # not dismissed: shown again when the game is resumed in this state
        for w in list(Window.children):
            if isinstance(w, ModalView):
                w.dismiss(animation=False)

    def _on_table(self, table, what):
        if table is not self._table:
            return
        self.frame = frame = table.frame()  # the frame just published, not built again
        if what == "view":
            self._follow(news=frame.kind in ("move", "session"))  # after Undo, Redo or a fix: not news
        if what in ("view", "message", "device", "seen"):  # a look recorded may change Undo
            self._chrome()
            self.render()
        if what in ("gate", "view"):
            self.gate_view.sync(table)  # a move may close another seat's view in the same change
            self.teach()
        if what == "view":
            self._refresh_help()
        if what == "confirm" and frame.pending_undo:
            self.ask_undo(frame.pending_undo)

    # --- an Undo that takes back something everyone saw asks the table first ------------
    def ask_undo(self, question: str):
        from .fix import ConfirmUndo

        self._confirm_undo = getattr(self, "_confirm_undo", None) or ConfirmUndo()
        self._confirm_undo.show(question, self._undo_confirmed, self._undo_kept)

    def _undo_confirmed(self):
        self.reset_input()
        self._table.confirm_undo()
        self._rerender()

    def _undo_kept(self):
        self._table.cancel_undo()
        self._rerender()

    def _rerender(self) -> None:
        self.frame = self._table.frame()
        self._chrome()
        self.render()

    def _follow(self, news: bool) -> None:
        if self.follower is None:
            return
        new, rebuilt = self.follower.update(self.frame.log if self.frame is not None else None)
        self.newest = self.frame.newest if self.frame is not None else self.follower.newest()
        if new or rebuilt:
            self.on_log(new, news and not rebuilt)

    # --- the log ---------------------------------------------------------------------
    def open_log(self):
        """The whole game in sentences (the table's view only), over this screen."""
        if self.follower is None or self._table is None:
            return
        self._log_overlay = self._log_overlay or LogOverlay()
        frame = self._table.frame()
        colours = theme.seat_colours({"colours": list(frame.colours)}, len(frame.players))
        opening = [line for line in (drawn_line(frame.players, frame.drawn),) if line]  # who the draw chose
        self._log_overlay.show(self.follower, list(frame.players), colours, on_fix=self.open_fix, opening=opening)

    # --- What can I do now? (issue 25 §1) -------------------------------------------------
    def open_help(self, seat: int | None = None) -> None:
        """The phase, what each choice does and why a move often tried is not allowed now:
        the table's (public) help, or with `seat` that seat's own, behind its open gate."""
        if self._table is None:
            return
        from companion.table.help import seat_help, table_help

        from ..widgets.help_overlay import HelpOverlay

        if seat is None:
            self._help_overlay = getattr(self, "_help_overlay", None) or HelpOverlay()
            self._help_overlay.show(table_help(self._table))
            return
        # behind the gate: an overlay of its own, closed with the private view (widgets/gate.py)
        self._seat_help = getattr(self, "_seat_help", None) or HelpOverlay()
        table = self._table
        self._seat_help.touched = lambda: table.keep_gate_open(seat)  # reading it is using the view
        self._seat_help.show(seat_help(table, seat))

    def _refresh_help(self) -> None:
        """A move while Help is open: it tells what can be done now, not before the move."""
        from companion.table.help import seat_help, table_help

        public = getattr(self, "_help_overlay", None)
        if public is not None and public.parent is not None:
            public.show(table_help(self._table))
        own = getattr(self, "_seat_help", None)
        gate = self.frame.gate if self.frame is not None else None
        if own is not None and own.parent is not None and gate is not None and gate.open:
            own.show(seat_help(self._table, gate.seat))

    def close_seat_help(self) -> None:
        """The private view closed: a seat's own help (its secrets) goes with it."""
        overlay = getattr(self, "_seat_help", None)
        if overlay is not None and overlay.parent is not None:
            overlay.dismiss(animation=False)

    def open_fix(self):
        """"Fix a number…": the public numbers the game lets a table set (the count…)."""
        from .fix import FixOverlay

        self._fix_overlay = getattr(self, "_fix_overlay", None) or FixOverlay()
        # Cancel goes back to the log it was opened from (issue 22): a finger aimed at the
        # log's Back must not land on the table's Undo.
        self._fix_overlay.show(self._table, on_saved=self._fixed, on_cancel=self.open_log)

    def _fixed(self):
        self.frame = self._table.frame()
        self._follow(news=False)
        self._chrome()
        self.render()

    # --- Undo and Redo ------------------------------------------------------------------
    def undo(self):
        self.reset_input()
        self._table.undo()
        self._rerender()

    def redo(self):
        self.reset_input()
        self._table.redo()
        self._rerender()
