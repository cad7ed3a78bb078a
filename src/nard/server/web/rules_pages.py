"""The rules reference pages of the web app, built from docs/rules.md and docs/rules.fa.md.

The docs are the source: each rule's section keeps its anchor (``#r8``), so the
trainer's refusals link to ``/static/rules/rules.en.html#r8`` (or ``.fa.html``).
The diagrams are not copied: ``/rules/<slug>.svg`` draws them from
:mod:`nard.core.rule_examples` on request. The pages are plain files in
``static/rules``; tests/server/test_rules_pages.py checks they are what the
docs make today. Regenerate them after a change to the docs with::

    python -m nard.server.web.rules_pages docs
"""

from __future__ import annotations

import re
import sys
from functools import cache
from pathlib import Path
from typing import Final

from fastapi import APIRouter
from fastapi.responses import Response

from nard.core.rule_examples import EXAMPLES, render
from nard.server.refusals import Refusal, RefusalCode

PAGES: Final = {"en": "rules.md", "fa": "rules.fa.md"}
_TITLES: Final = {"en": "The rules of Takhte Nard", "fa": "قوانین تخته نرد"}
_LINKS: Final = {"rules.md": "rules.en.html", "rules.fa.md": "rules.fa.html"}

router = APIRouter(include_in_schema=False)


def page_html(markdown: str, lang: str) -> str:
    """One language's rules as a standalone page (no script: the CSP allows none inline)."""
    from markdown_it import MarkdownIt  # only to build the pages: rich brings it along

    body = MarkdownIt("commonmark", {"html": True}).enable("table").render(markdown)
    body = re.sub(r"<!--.*?-->\n?", "", body, flags=re.DOTALL)  # notes for the docs' editors
    body = re.sub(r'src="rules/([a-z0-9]+)\.svg"', r'src="/rules/\1.svg"', body)
    for source, target in _LINKS.items():
        body = re.sub(rf'href="{re.escape(source)}(#[^"]*)?"', rf'href="{target}\1"', body)
    # Other docs (the glossary) are not served: keep their link text only.
    body = re.sub(r'<a href="[^"#/:]+\.md(?:#[^"]*)?">(.*?)</a>', r"\1", body)
    direction = "rtl" if lang == "fa" else "ltr"
    return (
        f'<!doctype html>\n<html lang="{lang}" dir="{direction}">\n<head>\n'
        '<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{_TITLES[lang]}</title>\n"
        '<link rel="stylesheet" href="/static/css/rules.css">\n'
        f'</head>\n<body>\n<main class="rules-page">\n{body}</main>\n</body>\n</html>\n'
    )


def build(docs: Path) -> dict[str, str]:
    """``{file name: HTML}`` of the pages made from the docs in ``docs``."""
    return {
        f"rules.{lang}.html": page_html((docs / name).read_text(encoding="utf-8"), lang)
        for lang, name in PAGES.items()
    }


@cache
def _diagram(slug: str) -> str:
    for example in EXAMPLES.values():
        if example.slug == slug:
            return render(example) + "\n"
    raise KeyError(slug)


@router.get("/rules/{slug}.svg")
async def diagram(slug: str) -> Response:
    """A rule's diagram, drawn by nard.core.rule_examples (the same as docs/rules/<slug>.svg)."""
    try:
        svg = _diagram(slug)
    except KeyError:
        raise Refusal(RefusalCode.NO_SUCH_DIAGRAM, slug=repr(slug)) from None
    return Response(svg, media_type="image/svg+xml", headers={"Cache-Control": "max-age=3600"})


def main(argv: list[str] | None = None) -> int:
    """``python -m nard.server.web.rules_pages DOCS``: write the pages into static/rules."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m nard.server.web.rules_pages DOCS (e.g. docs)", file=sys.stderr)
        return 2
    target = Path(__file__).resolve().parent / "static" / "rules"
    target.mkdir(exist_ok=True)
    for name, html in build(Path(args[0])).items():
        (target / name).write_text(html, encoding="utf-8")
        print(target / name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
