"""Device events at the table: a tag on the reader (a player's fob, a command
tag, a tag of a kind the game declares) and the seat buttons (hold to look,
release to hide), and the state of the devices. `DeviceHandling` is the
TableController's mixin; what a game's own tags mean comes from the game
(`Game.tag_kinds()`, `Game.use_tag(...)`).
"""
from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, cast

from companion.errors import CompanionError
from companion.rules.engine import TagUse
from companion.table.gate import BY_BUTTON, BY_FOB
from companion.table.parts import ButtonPress, ControllerCore, DeviceEvent, DeviceState, TagRead
from companion.words import _

#: Tag kinds the controller itself understands, in every game.
FOB = "fob"
COMMAND = "command"

#: Device status values that mean "working".
_WORKING = frozenset({"ok", "connected", "ready", "simulated", "up"})


def default_seat_buttons(players: int) -> dict[str, int]:
    """Button names the hardware config uses by default: seat1..seatN (seat 0 is seat1)."""
    return {f"seat{i + 1}": i for i in range(players)}


class DeviceHandling(ControllerCore):
    """Tags, seat buttons and device status for a TableController (mixed into it)."""

    message: str | None
    selected: tuple[int, Any] | None

    def handle(self, event: DeviceEvent) -> None:
        """One device event, told apart by its topic; an unknown topic changes nothing."""
        topic = event.topic
        if topic == "tag":
            self.tag_read(cast(TagRead, event).uid)
        elif topic == "tag_removed":
            # "Tapping" a fob is the gesture players are told; the view stays up
            # until Hide, the same fob again, another seat, or the timeout.
            return
        elif topic == "button":
            press = cast(ButtonPress, event)
            self.button(press.button, press.kind)
        elif topic == "device":
            state = cast(DeviceState, event)
            self.device_status(state.device, state.status, state.detail)

    def _lookup(self, uid: str) -> Mapping[str, Any] | None:
        if self.tags is None:
            return None
        try:
            return self.tags.lookup(uid)
        except ValueError:  # not a tag id at all (the registry's TagError is a ValueError)
            return None

    def seat_of_tag(self, uid: str) -> int | None:
        if uid in self.fobs:
            return self.fobs[uid]
        entry = self._lookup(uid)  # the registry knows a fob by its player's name
        if entry is not None and entry.get("kind") == FOB and entry.get("player") in self.players:
            return self.players.index(str(entry["player"]))
        return None

    def tag_read(self, uid: str) -> None:
        """A tag was presented: a fob opens (or closes) its seat's view, a command tag
        runs its command, a game's own tag does what the game says it means now."""
        seat = self.seat_of_tag(uid)
        if seat is not None:
            if self.gate is not None and self.gate.seat == seat and self.gate.how == BY_FOB:
                self.close_gate()  # a second tap of the same fob hides again: a fob works like a switch
                return
            self.open_gate(seat, BY_FOB)
            return
        entry = self._lookup(uid)
        kind = entry.get("kind") if entry is not None else None
        if entry is not None and kind == COMMAND:
            self._command(str(entry.get("name") or ""))
        elif entry is not None and kind in self._game_kinds():
            self._game_tag(dict(entry))
        else:
            self._say(self._not_a_fob_here(entry), lambda: self._not_a_fob_here(entry))

    def _game_kinds(self) -> set[str]:
        return {k.kind for k in self.session.game.tag_kinds()}

    def _not_a_fob_here(self, entry: Mapping[str, Any] | None) -> str:
        """Why a tag opened nothing, without ever naming what it is worth
        (the sentence is on the public screen)."""
        player = entry.get("player") if entry is not None else None
        if entry is not None and entry.get("kind") == FOB and player:
            return _("That is {name}'s fob, and {name} is not playing at this table.", name=player)
        if entry is not None:
            return _("That tag is not a player's fob: tap your own fob to see your secrets.")
        return _("That tag is not bound to any player at this table.")

    def _command(self, name: str) -> None:
        if name.lower() == "undo":
            self.undo()
        elif name.lower() == "redo":
            self.redo()
        else:
            self._say(_("The {command} command tag does nothing at this table yet.", command=name),
                      lambda: _("The {command} command tag does nothing at this table yet.", command=name))

    def _secret_seat(self) -> int | None:
        """The seat whose private view is open now (a game tag acts for it)."""
        self.tick()
        return self.gate.seat if self.gate is not None else None

    def _game_tag(self, meaning: dict[str, Any]) -> None:
        """Everyone sees a tag being read: the game's sentence goes on the public screen
        and never names a hidden value; what it selects shows only in the open view."""
        seat = self._secret_seat()
        kind = meaning["kind"]
        held = [m for m in self._held.get(seat, []) if m.get("kind") == kind] if seat is not None else []
        physical = self.session.randomness == "physical"
        try:
            use: TagUse = self.session.game.use_tag(self.session.state, seat, meaning, held, physical)
        except CompanionError as e:
            self._say(str(e))
            return
        if use.hold and seat is not None:
            self._held.setdefault(seat, []).append(meaning)
            if use.sentence:
                self.message = use.sentence
            self._publish("select")
        elif use.action is not None:
            self.play(use.action)  # its frame carries the open view, with what was entered
        elif use.select is not None and seat is not None:
            self.selected = (seat, use.select)
            self._publish("select")
        else:
            if use.sentence:
                self._say(use.sentence)
            else:
                self._say(_("That tag does nothing now."), lambda: _("That tag does nothing now."))

    # --- seat buttons and device status ----------------------------------------
    def seat_of_button(self, name: str) -> int | None:
        if name in self.seat_buttons:
            return self.seat_buttons[name]
        m = re.fullmatch(r"(?:seat|player|p)[_-]?(\d+)", str(name).lower())
        if m and 1 <= int(m.group(1)) <= len(self.players):
            return int(m.group(1)) - 1
        return None

    def button(self, name: str, kind: str) -> None:
        """A seat button: hold opens that seat's view until release; a press from
        another seat closes a view that is not theirs."""
        seat = self.seat_of_button(name)
        if seat is None:
            return
        if kind == "hold":
            self.open_gate(seat, BY_BUTTON)
        elif kind == "release":
            if self.gate is not None and self.gate.seat == seat and self.gate.how == BY_BUTTON:
                self.close_gate()
        elif kind == "press" and self.gate is not None and self.gate.seat != seat:
            self.close_gate()

    def device_status(self, device: str, status: str, detail: str = "") -> None:
        if str(status) in _WORKING:
            if self.device_problems.pop(device, None) is not None:
                self._publish("device")
            return
        self.device_problems[device] = f"{device}: {status}{' — ' + detail if detail else ''}"
        self._publish("device")


__all__ = ["COMMAND", "FOB", "DeviceHandling", "default_seat_buttons"]
