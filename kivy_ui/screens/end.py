"""The end of a game: the ranking, the winners and why the game ended, and BG
Stats' own "add a play" link as a QR code, so a phone with the app records the play
without a stick (companion.export.play_link: the finished game's public result)."""
from __future__ import annotations

import io

from kivy.app import App
from kivy.core.image import Image as CoreImage
from kivy.factory import Factory
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
    import segno

    return int(segno.make(text, error="l").symbol_size(border=QR_BORDER)[0])


def qr_side(modules: int, width: float, height: float) -> int:
    """The code's side in screen pixels: as big as width x height lets it be, at a
    whole number of pixels a module (a fraction draws modules 1 or 2 px wide, which
    a phone's camera misreads), at least one."""
    if modules <= 0:
        return 0
    return max(1, int(min(width, height) // modules)) * modules


def qr_texture(text: str, scale: int = 1):
    """The QR code of `text` as a texture (segno draws it), one pixel a module: the
    Image magnifies it by a whole number with sharp edges. Error level L keeps a
    long link to the fewest modules, so a phone reads it off the screen."""
    import segno

    buf = io.BytesIO()
    segno.make(text, error="l").save(buf, kind="png", scale=scale, border=QR_BORDER, dark="#000000",
                                     light="#ffffff")
    buf.seek(0)
    texture = CoreImage(buf, ext="png").texture
    texture.mag_filter = texture.min_filter = "nearest"  # sharp modules when scaled up
    return texture


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
        session = app.session
        box = self.ids.ranking
        box.clear_widgets()
        result = session.result() if session is not None else None
        self._show_bgstats(app, session if result is not None else None)
        if result is None:
            self.ids.headline.text = "The game is not over."
            return
        names = session.players
        colours = theme.seat_colours(session.meta, len(names))
        winners = [names[i] for i in result.winners]
        self.ids.headline.text = (" and ".join(winners) + (" win!" if len(winners) > 1 else " wins!")
                                  if winners else "Nobody wins.")
        self.ids.detail.text = result.detail.get("sentence") or (result.tiebreak or "")
        ranks = result.ranks or tuple(range(1, len(names) + 1))
        for seat in result.ranking:
            # The seat's colour and symbol beside its name, as on the table screen.
            _colour, symbol, rgba = colours[seat]
            line = (f"{ranks[seat]}.  [color={theme.hex_colour(rgba)}]{symbol}[/color]  {names[seat]}"
                    f"  —  {result.scores[seat]}")
            row = Factory.Glance(text=line, markup=True, font_name=theme.SYMBOL_FONT, font_size="28sp",
                                 size_hint_y=None, height="44dp", halign="left", valign="middle",
                                 color=theme.ACCENT if seat in result.winners else theme.TEXT)
            row.bind(size=lambda w, size: setattr(w, "text_size", size))
            box.add_widget(row)
        # A game screen may explain its scores (Mayan Curse: knowledge, revealed at the end).
        from . import GAME_SCREENS, screen_class

        spec = GAME_SCREENS.get(session.game_name)
        details = getattr(screen_class(spec), "end_details", None) if spec else None
        texts = list(details(session, result) if details else [])
        if getattr(session, "randomness", "") == "digital":
            # The seed sealed at the start is shown now: anyone can check every draw with it.
            from companion.fairness import revealed_sentence

            texts.append(revealed_sentence(session.seed))
        for text in texts:
            # Eight stelae make a long sum: the line wraps and grows rather than overflow.
            line = Factory.Dim(text=text, font_size="17sp", size_hint_y=None, height="27dp")
            line.bind(texture_size=lambda w, ts: setattr(w, "height", max(dp(27), ts[1] + dp(4))))
            box.add_widget(line)

    def _show_bgstats(self, app, session):
        """BG Stats' "add a play" link for this finished game, as a QR code."""
        from companion import export
        from companion.errors import CompanionError

        link = ""
        if session is not None and getattr(app, "journal", None) is not None:
            try:
                link = export.play_link(app.journal, session.id, getattr(app, "roster", None))
            except CompanionError:
                link = ""
        texture, modules = None, 0
        if link:
            try:
                texture, modules = qr_texture(link), qr_modules(link)
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
        if app.table is not None and app.table.undo():
            app.show(app.session.game_name)
        else:
            self.ids.detail.text = app.table.message if app.table else ""
