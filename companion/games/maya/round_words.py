"""Maya's round end in words: the summary a screen shows until it is tapped (the
gold per pyramid level, the blocks to take off the real board, the quarries), made
in the language current when called (i18n.py), from the public view."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .i18n import _, ngettext, pgettext
from .words import View, level_short, names_of, pyramid_name, quarry_sentence


def level_payment_lines(view: View, e: Mapping[str, Any]) -> list[str]:
    """Per pyramid and level: who was paid how much and why (most / second most blocks)."""
    names = names_of(view)
    out = []
    for p, (pay, counts) in enumerate(zip(e["payments"], e.get("counts") or [])):
        bits = []
        for lv, (level_pay, level_counts) in enumerate(zip(pay, counts)):
            paid = [(s, g) for s, g in enumerate(level_pay) if g]
            if not paid:
                continue
            top = max(level_counts)
            who = ", ".join(
                (ngettext("{name} {gold} (most, {n} block)", "{name} {gold} (most, {n} blocks)", level_counts[s],
                          name=names[s], gold=g)
                 if level_counts[s] == top else
                 ngettext("{name} {gold} (second, {n} block)", "{name} {gold} (second, {n} blocks)",
                          level_counts[s], name=names[s], gold=g))
                for s, g in paid)
            bits.append(f"{level_short(lv)}: {who}")
        if bits:
            out.append(_("{pyramid}: {levels}.", pyramid=pyramid_name(view, p), levels="; ".join(bits)))
        else:
            out.append(_("{pyramid}: no blocks, no gold.", pyramid=pyramid_name(view, p)))
    return out


def _levels_removed(pyr: Any, s: int) -> list[str]:
    """A pyramid's levels a seat takes blocks off: "L1", "L2×2"."""
    return [level_short(lv) + (f"×{level[s]}" if level[s] > 1 else "") for lv, level in enumerate(pyr) if level[s]]


def gold_table(view: View, e: Mapping[str, Any]) -> dict[str, Any]:
    """Who gets how much gold, per pyramid and level: a row per player, a column per
    pyramid ("L1 3 · L2 4"; "—" for nothing) and the round's total."""
    names = names_of(view)
    pyramids = [pyramid_name(view, p) for p in range(len(e["payments"]))]
    rows = []
    for s, name in enumerate(names):
        cells = []
        for pay in e["payments"]:
            paid = [f"{level_short(lv)} {level[s]}" for lv, level in enumerate(pay) if level[s]]
            cells.append(" · ".join(paid) or "—")
        total = sum(level[s] for pay in e["payments"] for level in pay)
        # i18n: a round's gold in a narrow table cell ("12g")
        rows.append({"seat": s, "name": name, "cells": [*cells, _("{n}g", n=total)]})
    return {"title": _("Gold for each level"), "columns": [*pyramids, pgettext("column", "Total")], "rows": rows}


def erosion_table(view: View, e: Mapping[str, Any]) -> dict[str, Any] | None:
    """Which blocks each player takes off the real board, per pyramid ("L1 L2", "L1×2";
    "—" for none); None in the last round (nothing is removed)."""
    if not e.get("eroded"):
        return None
    names = names_of(view)
    pyramids = [pyramid_name(view, p) for p in range(len(e.get("removed") or []))]
    rows = []
    for s, name in enumerate(names):
        cells = [" ".join(_levels_removed(pyr, s)) or "—" for pyr in e.get("removed") or []]
        rows.append({"seat": s, "name": name, "cells": cells})
    return {"title": _("Take these blocks off the board"), "columns": pyramids, "rows": rows}


def round_summary(view: View, e: Mapping[str, Any]) -> dict[str, Any]:
    """The round's end as a screen shows it until tapped: a title, tables (a row per
    player: the gold per pyramid level, the blocks to take off), sections of lines
    (the same in sentences, the quarries; a section a table shows has `table`) and the
    words of the button that closes it."""
    eroded = bool(e.get("eroded"))
    tables = [t for t in (gold_table(view, e), erosion_table(view, e)) if t is not None]
    sections = [
        {"title": _("Gold for each level"), "lines": level_payment_lines(view, e), "table": True},
        {"title": _("Erosion: take these blocks off the board") if eroded else _("Erosion"),
         "lines": erosion_lines(view, e), "checklist": eroded, "table": eroded},
    ]
    quarries = quarry_lines(view, e)
    if quarries:
        sections.append({"title": _("This round's quarries"), "lines": quarries})
    return {"title": _("Round {round} scored", round=e["round"]), "tables": tables, "sections": sections,
            "done": _("Done — blocks taken off") if eroded else pgettext("button", "Done")}


def quarry_lines(view: View, e: Mapping[str, Any]) -> list[str]:
    """The round's quarries, each with its result (those that had cards)."""
    return [quarry_sentence(view, r) for r in sorted(e.get("quarries") or [], key=lambda r: r["quarry"])
            if r.get("points")]


def erosion_lines(view: View, e: Mapping[str, Any]) -> list[str]:
    """Per player: which blocks to take off the real board, pyramid by pyramid."""
    if not e.get("eroded"):
        return [_("Last round: no blocks are removed.")]
    names = names_of(view)
    out = []
    for s, name in enumerate(names):
        bits = []
        for p, pyr in enumerate(e.get("removed") or []):
            levels = _levels_removed(pyr, s)
            if levels:
                bits.append(f"{pyramid_name(view, p)} {' '.join(levels)}")
        if bits:
            out.append("☐ " + _("{name}: {blocks}.", name=name, blocks="; ".join(bits)))
        else:
            out.append("☐ " + _("{name}: nothing to remove.", name=name))
    return out
