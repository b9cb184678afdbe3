"""The end of a game: the ranking, the winners and why the game ended, and BG
Stats' own "add a play" link as a QR code, so a phone with the app records the play
without a stick (companion.history.export.play_link: the finished game's public result)."""
from __future__ import annotations

from kivy.app import App
from kivy.factory import Factory
from kivy.graphics.texture import Texture
from kivy.metrics import dp
from kivy.properties import NumericProperty, StringProperty
from kivy.uix.screenmanager import Screen

from .. import theme

#: Light modules around the code (a reader finds its edge there).
QR_BORDER = 3
#: What "Scan with BG Stats" and the column's spacing take under the code.
QR_CAPTION = 28


def qr_modules(text: str) -> int:
    """The QR code's side in modules, its light border included."""
    return qr_code(text)[1]


def qr_side(modules: int, width: float, height: float) -> int:
    """The code's side in screen pixels: as big as width x height lets it be, at a
    whole number of pixels a module (a fraction draws modules 1 or 2 px wide, which
    a phone's camera misreads), at least one."""
    if modules <= 0:
        return 0
    return max(1, int(min(width, height) // modules)) * modules


def qr_code(text: str):
    """(texture, modules): the QR code of `text` as a texture, one pixel a module (the
    Image magnifies it by a whole number with sharp edges), and its side in modules,
    its light border included. Error level L keeps a long link to the fewest modules,
    so a phone reads it off the screen. Encoded once (segno chooses the best mask:
    most of the ~80 ms an end of game took, twice before), the matrix written straight
    into the texture (no PNG made and read back)."""
    import segno

    code = segno.make(text, error="l")
    rows = [bytes(0 if dark else 255 for dark in row for _ in range(3))
            for row in code.matrix_iter(scale=1, border=QR_BORDER)]
    modules = len(rows)
    texture = Texture.create(size=(modules, modules), colorfmt="rgb")
    texture.blit_buffer(b"".join(rows), colorfmt="rgb", bufferfmt="ubyte")
    texture.flip_vertical()  # the first row at the top, as an image loaded from a file
    texture.mag_filter = texture.min_filter = "nearest"  # sharp modules when scaled up
    return texture, modules


def qr_texture(text: str):
    """The QR code of `text` as a texture (see qr_code)."""
    return qr_code(text)[0]


class EndScreen(Screen):
    #: The link the QR code holds ("" when there is none to offer).
    bgstats_link = StringProperty("")
    #: The QR code's side in pixels (0: no code), a whole number of pixels a module.
    qr_side = NumericProperty(0)
    _qr_modules = 0

    def on_kv_post(self, base_widget):
        self.ids.middle.bind(size=self._fit_qr)

    def _fit_qr(self, *_):
        middle = self.ids.middle
        # At most 45 % of the width: the ranking beside it keeps its room.
        self.qr_side = qr_side(self._qr_modules, middle.width * 0.45, middle.height - dp(QR_CAPTION))

    def refresh(self):
        app = App.get_running_app()
        table = app.table
        frame = table.frame() if table is not None else None
        box = self.ids.ranking
        box.clear_widgets()
        end = frame.result if frame is not None else None
        self._show_bgstats(app, frame.session_id if frame is not None and end is not None else None)
        if frame is None or end is None:
            from companion.table.words import not_over

            self.ids.headline.text = not_over()
            return
        colours = theme.seat_colours({"colours": list(frame.colours)}, len(frame.players))
        self.ids.headline.text = end.headline
        self.ids.detail.text = end.detail
        for row in end.standings:
            # The seat's colour and symbol beside its name, as on the table screen.
            _colour, symbol, rgba = colours[row.seat]
            line = f"{row.rank}.  [color={theme.hex_colour(rgba)}]{symbol}[/color]  {row.name}  —  {row.score}"
            label = Factory.Glance(text=line, markup=True, font_name=theme.SYMBOL_FONT, font_size="28sp",
                                   size_hint_y=None, height="44dp", halign="left", valign="middle",
                                   color=theme.ACCENT if row.winner else theme.TEXT)
            label.bind(size=lambda w, size: setattr(w, "text_size", size))
            box.add_widget(label)
        for text in self._game_lines(frame) + list(end.lines):
            # Eight stelae make a long sum: the line wraps and grows rather than overflow.
            line = Factory.Dim(text=text, font_size="18sp", size_hint_y=None, height="28dp")
            line.bind(texture_size=lambda w, ts: setattr(w, "height", max(dp(28), ts[1] + dp(4))))
            box.add_widget(line)

    @staticmethod
    def _game_lines(frame) -> list[str]:
        """A game screen that still explains its scores itself (`end_details(source,
        result)`, Mayan Curse's knowledge) is handed the frame's TABLE view, never the
        session; a game whose Result.detail["lines"] says it needs none of this."""
        from . import GAME_SCREENS, screen_class

        spec = GAME_SCREENS.get(frame.game)
        details = getattr(screen_class(spec), "end_details", None) if spec else None
        if details is None or (frame.result.result.detail or {}).get("lines"):
            return []
        return list(details(_TableView(frame.view), frame.result.result))

    def _show_bgstats(self, app, session_id):
        """BG Stats' "add a play" link for this finished game, as a QR code."""
        from companion.errors import CompanionError
        from companion.history import export

        link = ""
        if session_id is not None and getattr(app, "journal", None) is not None:
            try:
                link = export.play_link(app.journal, session_id, getattr(app, "roster", None))
            except CompanionError:
                link = ""
        self._qr_for = link
        self.ids.bgstats.opacity = 0
        if link:  # encoded after the frame that shows the result (a QR costs ~70 ms on a Pi)
            from kivy.clock import Clock

            Clock.schedule_once(lambda _dt: self._encode(link), 0.05)
        else:
            self._encode("")

    def _encode(self, link: str) -> None:
        if link != getattr(self, "_qr_for", None):
            return  # another game's end came first
        texture, modules = None, 0
        if link:
            try:
                texture, modules = qr_code(link)
            except ValueError:  # segno's DataOverflowError: longer than any QR code holds
                link = ""  # (six names of 40 emoji): no code; Past games' Export still has the play
        self.bgstats_link = link
        self.ids.bgstats_qr.texture = texture
        self._qr_modules = modules
        self._fit_qr()
        self.ids.bgstats.opacity = 1 if link else 0
        self.ids.bgstats.disabled = not link

    def undo(self):
        app = App.get_running_app()
        if app.table is None:
            return
        outcome = app.table.undo()
        if outcome.ok:
            app.show(app.table.frame().game)
        elif not outcome.ask:  # a question (the end revealed what everyone saw): the game's screen asks it
            self.ids.detail.text = outcome.sentence


class _TableView:
    """What a game screen's end_details reads: the TABLE view, from the frame."""

    def __init__(self, view):
        self._view = view

    def view(self, _viewer=None):
        return self._view
