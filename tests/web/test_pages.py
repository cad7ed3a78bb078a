"""The web app's files as the server serves them (no browser needed)."""

from __future__ import annotations

import json
import re

import pytest
from fastapi.testclient import TestClient

from nard.server.app import create_app
from nard.server.config import Settings
from nard.server.web.pages import STATIC

PAGES = [
    "/",
    "/game/abc",
    "/invite/tok",
    "/watch/abc?token=x",
    "/history",
    "/replay/abc",
    "/account",
    "/lobby",
    "/leaderboard",
    "/player/1",
]
TEXT_KEY = re.compile(
    r"""\bt\(\s*"([\w.]+)"|data-i18n(?:-title|-placeholder)?="([\w.]+)"|"([a-z]+\.[\w.]+)\""""
)
PERSIAN_LETTER = re.compile(r"[\u0600-\u06FF]")
LATIN_DIGIT_RUN = re.compile(r"(?<![{\w])[0-9]+(?![\w}])")


@pytest.fixture(scope="module")
def client() -> TestClient:
    # No lifespan: serving files needs no database.
    return TestClient(create_app(Settings(database_url="sqlite:///:memory:")))


def texts(lang: str) -> dict[str, str]:
    data: dict[str, str] = json.loads((STATIC / "i18n" / f"{lang}.json").read_text("utf-8"))
    return data


SHELL_SCRIPT = re.compile(r'<script type="module" src="(/static/v/[0-9a-f]{12}/js/app\.js)">')


@pytest.mark.parametrize("path", PAGES)
def test_every_page_path_answers_the_shell(client: TestClient, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/html")
    assert response.headers["cache-control"] == "no-cache"
    assert SHELL_SCRIPT.search(response.text)
    head = client.head(path)
    assert head.status_code == 200 and not head.content
    assert head.headers["content-type"].startswith("text/html")


def test_static_files_are_served_with_their_types(client: TestClient) -> None:
    script = client.get("/static/js/board.js")
    assert script.status_code == 200
    assert "javascript" in script.headers["content-type"]
    font = client.get("/static/fonts/Vazirmatn-Regular.woff2")
    assert font.status_code == 200 and font.content[:4] == b"wOF2"
    assert client.get("/static/js/nothing.js").status_code == 404


def test_static_files_are_compressed_and_cached_for_good_under_their_version(
    client: TestClient,
) -> None:
    versioned = SHELL_SCRIPT.search(client.get("/").text)
    assert versioned
    script = client.get(versioned.group(1), headers={"Accept-Encoding": "gzip"})
    assert script.status_code == 200
    assert script.headers["content-encoding"] == "gzip"
    assert "immutable" in script.headers["cache-control"]
    assert script.text == (STATIC / "js" / "app.js").read_text("utf-8")
    assert int(script.headers["content-length"]) < len((STATIC / "js" / "app.js").read_bytes())
    # The modules it imports are reached relatively: under the same version.
    prefix = versioned.group(1).removesuffix("js/app.js")
    assert "immutable" in client.get(f"{prefix}i18n/fa.json").headers["cache-control"]
    # Another version (an old page) is served but revalidated; unversioned paths too.
    stale = client.get("/static/v/000000000000/js/app.js")
    assert stale.status_code == 200 and stale.headers["cache-control"] == "no-cache"
    plain = client.get("/static/js/app.js")
    assert plain.headers["cache-control"] == "no-cache"
    again = client.get("/static/js/app.js", headers={"If-None-Match": plain.headers["etag"]})
    assert again.status_code == 304


def test_unknown_paths_answer_404_as_a_page_to_browsers_and_json_to_clients(
    client: TestClient,
) -> None:
    browser = client.get("/no/such/page", headers={"Accept": "text/html,*/*"})
    assert browser.status_code == 404
    assert SHELL_SCRIPT.search(browser.text)
    api = client.get("/api/nothing", headers={"Accept": "text/html,*/*"})
    assert api.status_code == 404 and api.json()["detail"]
    assert client.get("/no/such/page").json() == {"detail": "Not Found"}


def test_the_font_ships_with_its_license() -> None:
    fonts = STATIC / "fonts"
    assert {"Vazirmatn-Regular.woff2", "Vazirmatn-Bold.woff2"} <= {p.name for p in fonts.iterdir()}
    assert "SIL Open Font License" in (fonts / "OFL.txt").read_text("utf-8")


def test_nothing_is_loaded_from_another_site() -> None:
    files = [path for path in STATIC.rglob("*") if path.suffix in {".js", ".html", ".css"}]
    assert {"index.html", "app.js", "board.js"} <= {path.name for path in files}
    modules = 0
    for path in files:
        text = path.read_text("utf-8")
        assert not re.search(r"(src|href|url)\(?=?[\"']?https?://", text), path
        for module in re.findall(r"""(?:from|import)\s*\(?\s*["']([^"']+)["']""", text):
            # Relative to the module (a folder's modules reach up with ../) or under /static/.
            assert module.startswith(("./", "../", "/static/")), (path, module)
            modules += 1
    assert modules >= 5  # the pattern does find the modules' imports


def test_english_and_persian_have_the_same_texts() -> None:
    assert texts("en").keys() == texts("fa").keys()


def used_keys() -> set[str]:
    keys: set[str] = set()
    known = texts("en").keys()
    for path in [*STATIC.glob("js/**/*.js"), STATIC / "index.html"]:
        for groups in TEXT_KEY.findall(path.read_text("utf-8")):
            key = next(group for group in groups if group)
            # A quoted "word.word" may be something else (a CSS class); t(...) keys must exist.
            if groups[0] or groups[1] or key.split(".")[0] in {k.split(".")[0] for k in known}:
                keys.add(key)
    return keys


def forms(key: str) -> set[str]:
    """The keys that may stand for ``key``: itself, its plural forms, its person forms."""
    persons = [key, f"{key}.you", f"{key}.other"]
    return {f"{base}{end}" for base in persons for end in ("", ".one", ".other")}


def test_every_text_the_pages_use_exists() -> None:
    known = texts("en").keys()
    missing = sorted(key for key in used_keys() if not forms(key) & known)
    assert not missing


def test_messages_about_a_side_are_written_for_you_and_for_the_others() -> None:
    """A key read with tWho has both forms in both languages, each with its plural forms."""
    who = re.compile(r'\btWho\(\s*"([\w.]+)"')
    keys = {
        key for path in STATIC.glob("js/**/*.js") for key in who.findall(path.read_text("utf-8"))
    }
    assert {"game.cubeTaken", "game.overHow"} <= keys
    for lang in ("en", "fa"):
        table = texts(lang)
        for key in keys:
            for person in ("you", "other"):
                base = f"{key}.{person}"
                assert base in table or {f"{base}.one", f"{base}.other"} <= table.keys(), (
                    lang,
                    base,
                )
    en = texts("en")
    assert not re.search(r"\bYou (takes|drops|doubles|wins)\b", " ".join(en.values()))
    assert en["game.points.one"].startswith("{count}") and "pts" not in en["game.points.one"]


def test_persian_texts_are_persian_with_the_game_words() -> None:
    fa = texts("fa")
    latin_ok = {"analysis.pr", "mark.none"}
    for key, value in fa.items():
        if key in latin_ok:
            continue
        assert PERSIAN_LETTER.search(value), key
        # Numbers come from placeholders (shown in Persian digits), except rule ids.
        assert not LATIN_DIGIT_RUN.search(re.sub(r"\b[RV]\d+\b|\(\.mat\)", "", value)), key
    assert fa["kind.gammon"] == "مارس"
    assert fa["kind.backgammon"] == "کوکس"
    assert fa["word.bar"] == "بار"
    assert fa["game.double"] == "داو"
    assert fa["rule.R7"] == "جفت"
    assert "مهره" in fa["game.moveNow"] and "خانه" in fa["game.moveNow"]


def test_the_shell_is_right_to_left_until_the_texts_say_otherwise() -> None:
    html = (STATIC / "index.html").read_text("utf-8")
    assert '<html lang="fa" dir="rtl">' in html


def test_texts_cover_every_rule_result_mark_and_rating_the_server_may_send() -> None:
    from nard.ai.analysis import RATINGS, Mark
    from nard.core.rules import Rule
    from nard.match.scoring import ResultKind

    wanted = (
        {f"rule.{rule.value}" for rule in Rule}
        | {f"kind.{kind.value}" for kind in ResultKind}
        | {f"mark.{mark.value}" for mark in Mark}
        | {f"rating.{name}" for name, _ in RATINGS}
    )
    for lang in ("en", "fa"):
        assert not sorted(wanted - texts(lang).keys()), lang
