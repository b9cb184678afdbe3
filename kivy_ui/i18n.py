"""The screens' chrome words in the language current where they are made (companion/i18n.py):
the catalog kivy_ui/locale/de/LC_MESSAGES/kivy_ui.po.

Python code marks and translates with `_`, `ngettext`, `pgettext` (made when called, so
in the table's language of that moment). The .kv rules write `tr._("Undo")` (`tr` is
in every rule's namespace, see `install_kv`): `tr` is an Observable, as in the Kivy wiki's
"Internationalization" recipe, so a rule that reads `tr._`, `tr.ngettext` or
`tr.pgettext` is bound to the language and evaluates again when it changes
(`switch(code)`). A text set from Python once (a button made while idle) follows the
language with `keep(widget, "text", lambda: _("Fix a number…"))`; a screen made of
frames renders again (MayaApp.set_language).

This module imports no Kivy until `tr` is first asked for: the config is read (and
its sentences made) before Kivy may be imported (kivy_ui/main.py).
"""
from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import Any

from companion.i18n import N_, Words, set_table_language

WORDS = Words("kivy_ui", "kivy_ui")
_ = WORDS.gettext
ngettext = WORDS.ngettext
pgettext = WORDS.pgettext

#: The names a .kv rule reads on `tr` that follow the language.
_WATCHED = ("_", "ngettext", "pgettext")

_tr: Any = None
_kept: list[tuple[Any, str, Callable[[], str]]] = []  # (weakref to a widget, property, its text)
_listeners: list[Any] = []  # weak methods / refs of callables told after a switch


def _make() -> Any:
    from kivy.event import Observable

    class Translator(Observable):
        """`tr._(msg, **fields)`, `tr.ngettext(...)`, `tr.pgettext(...)` in the current
        language; kv rules reading them are told when the language changes."""

        def __init__(self) -> None:
            super().__init__()
            self._observers: dict[int, tuple[str, Callable[..., Any], tuple[Any, ...]]] = {}
            self._next = 0

        _ = staticmethod(WORDS.gettext)
        ngettext = staticmethod(WORDS.ngettext)
        pgettext = staticmethod(WORDS.pgettext)

        def fbind(self, name: str, func: Callable[..., Any], *args: Any, **kwargs: Any) -> int:
            if name not in _WATCHED:
                return int(super().fbind(name, func, *args, **kwargs))
            self._next += 1
            self._observers[self._next] = (name, func, args)
            return self._next

        def funbind(self, name: str, func: Callable[..., Any], *args: Any, **kwargs: Any) -> None:
            if name not in _WATCHED:
                super().funbind(name, func, *args, **kwargs)
                return
            for uid, (n, f, a) in list(self._observers.items()):
                if n == name and f == func and a == args:
                    del self._observers[uid]

        def unbind_uid(self, name: str, uid: int) -> None:
            if name not in _WATCHED:
                super().unbind_uid(name, uid)
                return
            self._observers.pop(uid, None)

        def dispatch_language(self) -> None:
            """Every kv rule that reads `tr` evaluates again (a rule of a widget gone is forgotten)."""
            for uid, (_name, func, args) in list(self._observers.items()):
                try:
                    func(*args, None, None)
                except ReferenceError:
                    self._observers.pop(uid, None)

        def __len__(self) -> int:  # how many rules follow the language (tests)
            return len(self._observers)

    return Translator()


def translator() -> Any:
    """The Observable the .kv rules read as `tr` (made on first use)."""
    global _tr
    if _tr is None:
        _tr = _make()
    return _tr


def __getattr__(name: str) -> Any:  # `#:import tr kivy_ui.i18n.tr`, `kivy_ui.i18n.tr`
    if name == "tr":
        return translator()
    raise AttributeError(name)


def install_kv() -> None:
    """`tr` in the namespace of every .kv rule (loaded after this)."""
    from kivy.lang import global_idmap

    global_idmap["tr"] = translator()


def keep(widget: Any, prop: str, text: Callable[[], str]) -> None:
    """Set widget.prop to text() now and again on every language change (while the widget lives)."""
    setattr(widget, prop, text())
    _kept.append((weakref.ref(widget), prop, text))


def kept(widget: Any, text: Callable[[], str], prop: str = "text") -> Any:
    """The widget, its text following the language (keep): `kept(Factory.BigButton(), lambda: _("Cancel"))`."""
    keep(widget, prop, text)
    return widget


def on_switch(fn: Callable[[], Any]) -> None:
    """fn() after every language change (held weakly when it is a bound method)."""
    ref: Any = weakref.WeakMethod(fn) if hasattr(fn, "__self__") else (lambda fn=fn: fn)
    _listeners.append(ref)


def switch(code: str) -> None:
    """The table speaks `code` from now on: every kv rule reading `tr`, every kept text
    and every listener is brought to it."""
    set_table_language(code)
    if _tr is not None:
        _tr.dispatch_language()
    for ref, prop, text in list(_kept):
        w = ref()
        if w is None:
            _kept.remove((ref, prop, text))
        else:
            setattr(w, prop, text())
    for lref in list(_listeners):
        fn = lref()
        if fn is None:
            _listeners.remove(lref)
        else:
            fn()


__all__ = ["N_", "WORDS", "_", "install_kv", "keep", "kept", "ngettext", "on_switch", "pgettext", "switch",
           "translator"]
