"""The catalogs' upkeep (issue 24), with Babel: where the domains are, extracting their
messages, bringing each language's .po up to date, and what a catalog still lacks.

A domain is a package folder holding ``locale/<domain>.pot``; its messages are the
ones marked in the .py and .kv files of that folder, less those of any folder inside
it that is a domain of its own (a game package inside companion/).

    python -m companion.i18n_catalogs extract [DOMAIN ...]  # write the .pot, update each .po
    python -m companion.i18n_catalogs check       # what each language lacks (exit 1 if any)

Tests (tests/companion/test_catalogs.py) run `missing()` and `stale()`.
"""
from __future__ import annotations

import datetime
import io
import pathlib
import re
import sys
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

ROOT = pathlib.Path(__file__).resolve().parents[1]
PACKAGES = ("companion", "kivy_ui", "hardware")
#: Comments written above a message for its translator: ``# i18n: the Pass button``.
COMMENT_TAGS = ("i18n:",)
#: The date written in every catalog's header: a date that changed on each extraction
#: would make every .pot differ in every branch.
FIXED_DATE = datetime.datetime(2026, 12, 1, tzinfo=datetime.UTC)
#: The words of a game.toml a player reads (titles, options' labels, values and help).
TOML_KEYS = ("title", "label", "help")
FIELD = re.compile(r"\{([a-zA-Z_][a-zA-Z0-9_]*)[^{}]*\}")


@dataclass(frozen=True)
class Domain:
    name: str
    folder: pathlib.Path

    @property
    def locale(self) -> pathlib.Path:
        return self.folder / "locale"

    @property
    def pot(self) -> pathlib.Path:
        return self.locale / f"{self.name}.pot"

    def po(self, lang: str) -> pathlib.Path:
        return self.locale / lang / "LC_MESSAGES" / f"{self.name}.po"

    def languages(self) -> list[str]:
        return sorted(p.parent.parent.name for p in self.locale.glob(f"*/LC_MESSAGES/{self.name}.po"))


def domains(root: pathlib.Path = ROOT) -> list[Domain]:
    out = []
    for package in PACKAGES:
        for pot in sorted((root / package).glob("**/locale/*.pot")):
            out.append(Domain(pot.stem, pot.parent.parent))
    return out


def extract(domain: Domain, all_domains: list[Domain]) -> Catalog:
    """Every message marked in the domain's files (not in a domain inside it)."""
    inner = [d.folder for d in all_domains if d.folder != domain.folder and domain.folder in d.folder.parents]

    def keep(dirname: str) -> bool:
        path = pathlib.Path(dirname).resolve()
        return not any(path == f or f in path.parents for f in inner) and path.name not in ("locale", "__pycache__")

    catalog = Catalog(domain=domain.name, project="maya-companion", charset="utf-8", creation_date=FIXED_DATE)
    method_map = [("**.py", "python"), ("**.kv", "python"), ("**/game.toml", "companion.i18n_catalogs:extract_toml")]
    for filename, lineno, message, comments, context in extract_from_dir(
            domain.folder, method_map, comment_tags=COMMENT_TAGS, strip_comment_tags=True,
            directory_filter=keep):
        path = (domain.folder / filename).relative_to(ROOT)
        catalog.add(message, None, [(str(path), lineno)], auto_comments=comments, context=context)
    return catalog


def extract_toml(fileobj: Any, keywords: Any, comment_tags: Any,
                 options: Any) -> Iterator[tuple[int, str, str, list[str]]]:
    """Babel's extraction method for a game.toml: each `title`, `label` and `help`, and
    each of an option's `values` (translated where shown with the game's gettext)."""
    text = fileobj.read().decode("utf-8")
    lines = text.splitlines()

    def line_of(value: str) -> int:
        quoted = f'"{value}"'
        return next((i + 1 for i, ln in enumerate(lines) if quoted in ln or value in ln), 1)

    def walk(node: Any) -> Iterator[str]:
        if isinstance(node, dict):
            for key, value in node.items():
                if key in TOML_KEYS and isinstance(value, str):
                    yield value
                elif key == "values" and isinstance(value, dict):
                    yield from (v for v in value.values() if isinstance(v, str))
                else:
                    yield from walk(value)
        elif isinstance(node, list):
            for item in node:
                yield from walk(item)

    for message in walk(tomllib.loads(text)):
        yield line_of(message), "_", message, []


def _po_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_po(out, catalog, width=100, sort_output=True, omit_header=False, include_lineno=False)
    return out.getvalue()


def update(domain: Domain, all_domains: list[Domain], languages: tuple[str, ...] = ("de",)) -> None:
    """Write the domain's .pot and bring each language's .po up to it (new messages
    empty, vanished ones dropped, changed ones fuzzy)."""
    template = extract(domain, all_domains)
    domain.locale.mkdir(parents=True, exist_ok=True)
    domain.pot.write_bytes(_po_bytes(template))
    for lang in sorted({*languages, *domain.languages()}):
        po = domain.po(lang)
        if po.exists():
            with po.open("rb") as f:
                catalog = read_po(f, locale=lang)
        else:
            catalog = Catalog(locale=lang, domain=domain.name, project="maya-companion", charset="utf-8",
                              creation_date=FIXED_DATE, revision_date=FIXED_DATE)
        catalog.update(template, update_creation_date=False)
        catalog.obsolete.clear()
        catalog.fuzzy = False  # the header: a fuzzy one is left out of the .mo, its Plural-Forms with it
        po.parent.mkdir(parents=True, exist_ok=True)
        po.write_bytes(_po_bytes(catalog))


def fields(text: str) -> set[str]:
    return set(FIELD.findall(text))


def missing(domain: Domain, lang: str) -> Iterator[str]:
    """Each message of the domain's template that `lang` lacks, or whose translation
    names other fields than the source ({name} in one, not in the other)."""
    with domain.pot.open("rb") as f:
        template = read_po(f)
    po = domain.po(lang)
    if not po.exists():
        yield f"{po.relative_to(ROOT)}: no catalog"
        return
    with po.open("rb") as f:
        catalog = read_po(f, locale=lang)
    for message in template:
        if not message.id:
            continue
        have = catalog.get(message.id, message.context)
        ids: tuple[str, ...] = tuple(message.id) if isinstance(message.id, (tuple, list)) else (message.id,)
        shown = ids[0]
        got: Any = None if have is None else have.string
        strings: tuple[str, ...] = tuple(got) if isinstance(got, (tuple, list)) else (got,)
        if have is None or have.fuzzy or not all(strings):
            yield f"{domain.name}/{lang}: not translated: {shown!r}"
            continue
        want = set().union(*(fields(i) for i in ids))
        for s in strings:
            if fields(s) - want or (len(ids) == 1 and fields(s) != want):
                yield f"{domain.name}/{lang}: fields differ in {shown!r}: {sorted(fields(s))} vs {sorted(want)}"


def stale(domain: Domain, all_domains: list[Domain]) -> list[str]:
    """Messages in the code that the domain's .pot lacks, or the .pot has and the code no longer does."""
    with domain.pot.open("rb") as f:
        written = {(m.id, m.context) for m in read_po(f) if m.id}
    now = {(m.id, m.context) for m in extract(domain, all_domains) if m.id}
    return [f"{domain.name}: not in the .pot: {m[0]!r}" for m in sorted(now - written, key=str)] + \
           [f"{domain.name}: no longer in the code: {m[0]!r}" for m in sorted(written - now, key=str)]


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    every = domains()
    if args[:1] == ["extract"]:  # extract [DOMAIN ...]: those only
        for d in every:
            if args[1:] and d.name not in args[1:]:
                continue
            update(d, every)
            with d.pot.open("rb") as f:
                count = sum(1 for m in read_po(f) if m.id)
            print(f"{d.name}: {count} messages, {d.folder.relative_to(ROOT)}")
        return 0
    if args[:1] == ["check"]:
        problems = [p for d in every for p in stale(d, every)]
        problems += [p for d in every for lang in d.languages() for p in missing(d, lang)]
        print("\n".join(problems) or "Every catalog is complete.")
        return 1 if problems else 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    raise SystemExit(main())
