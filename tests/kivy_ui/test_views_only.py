"""The screens build from views, never from raw state: a session that exposes
only its views and result still renders every line a table reads."""
from __future__ import annotations

from companion.rules.engine import TABLE
from companion.store.journal import Journal
from companion.table.session import Session


class ViewsOnly:
    """A session seen through its public interface only: no `state` to peek into."""

    def __init__(self, session):
        self._s = session
        self.players, self.game_name, self.meta = session.players, session.game_name, session.meta

    def view(self, viewer):
        return self._s.view(viewer)

    def result(self):
        return self._s.result()


def test_curse_end_lines_take_the_camera_and_backpack_numbers_from_the_view(driver, tmp_path):
    from kivy_ui.screens import GAME_SCREENS, screen_class

    journal = Journal.open(tmp_path / "journal.sqlite3")  # a past game of its own, not the app's
    session = Session.create(journal, "mayan-curse", ["Ana"], options={"scenario": 5},
                             meta={"colours": ["Red"], "fobs": [None]})
    for action in ({"type": "reach_temple_board"}, {"type": "claim_camera"}, {"type": "escape"}):
        session.act({"actor": 0, **action})
    result = session.result()
    assert result is not None
    worth = session.view(TABLE)["knowledge_values"]
    assert worth == {"camera": session.state.box.camera_knowledge,
                     "backpack_unused": session.state.box.backpack_bonus}
    lines = screen_class(GAME_SCREENS["mayan-curse"]).end_details(ViewsOnly(session), result)
    assert (f"Ana: no stelae, camera {worth['camera']}, backpack unused {worth['backpack_unused']} = "
            f"{worth['camera'] + worth['backpack_unused']} knowledge (0 stelae)") in lines
    journal.close()
