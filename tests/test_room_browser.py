"""The room as a person uses it: headless Chromium (Debian's ``chromium``) driven by Playwright.

Opens the lobby, opens a table of Whist sitting down against three bots, plays a whole deal by clicking
cards, and checks that the score on the page is the table's.  Screenshots go to ``tests/artifacts/``.
"""

from __future__ import annotations

import os
import random
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

CHROMIUM = os.environ.get("HOYLE_CHROMIUM", "/usr/bin/chromium")
ARTIFACTS = Path(__file__).parent / "artifacts"

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(),
    reason=f"no Chromium at {CHROMIUM}: install Debian's package (apt-get install -y chromium)",
)


def play_card(page, code: str) -> None:  # type: ignore[no-untyped-def]
    """Click the card ``code`` in the hand and wait until it has left it (clicking again if a redraw ate the click)."""
    gone = "(c) => !document.querySelector(`.handfan .card[data-card='${c}']`)"
    for _ in range(5):
        page.click(f".handfan .card.legal[data-card='{code}']", timeout=10000)
        try:
            page.wait_for_function(gone, arg=code, timeout=3000)
            return
        except Exception:
            if page.locator(f".handfan .card.legal[data-card='{code}']").count() == 0:
                page.wait_for_function(gone, arg=code, timeout=10000)
                return
    raise AssertionError(f"{code} could not be played")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[str, object]]:
    """The room on a free localhost port, in a thread, with quick bots."""
    import uvicorn

    from hoyle.server import create_app
    from hoyle.server.room import Settings

    app = create_app(f"sqlite:///{tmp_path / 'room.db'}", settings=Settings(bot_delay=0.03))
    port = free_port()
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", ws_max_size=65536))
    th = threading.Thread(target=srv.run, daemon=True)
    th.start()
    deadline = time.monotonic() + 20
    while not srv.started:
        assert time.monotonic() < deadline, "the room did not start"
        assert th.is_alive(), "the room's thread died at startup"
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}", app
    finally:
        srv.should_exit = True
        th.join(timeout=15)


@pytest.fixture
def browser() -> Iterator[object]:
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(
            executable_path=CHROMIUM,
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                  "--disable-sync", "--no-first-run"],
        )
        try:
            yield b
        finally:
            b.close()


def test_play_a_deal_of_whist_against_three_bots_in_the_browser(server, browser) -> None:  # type: ignore[no-untyped-def]
    import httpx

    base, _app = server
    ARTIFACTS.mkdir(exist_ok=True)
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    problems: list[str] = []
    page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
    page.on("console", lambda m: problems.append(f"console {m.type}: {m.text}") if m.type == "error" else None)

    # The lobby: say your name, open a table of Whist, sit down against three 'rules' bots.
    page.goto(base + "/")
    page.fill("#myname", "Sarah")
    page.wait_for_selector("#game option[value=whist]", state="attached")
    page.select_option("#game", "whist")
    page.select_option("#botkind", "rules")
    page.check("#withbots")
    page.click("#open")
    page.wait_for_url("**/table/*")
    tid = page.url.rstrip("/").split("/")[-1]
    page.wait_for_selector(".handfan .card", timeout=15000)
    assert page.locator(".seat.mine .name").inner_text() == "Sarah"
    assert page.locator(".handfan .card").count() == 13

    # A whole deal: thirteen cards, each clicked when the page offers it.
    rnd = random.Random(1)
    for n in range(13):
        page.wait_for_selector(".handfan .card.legal", timeout=20000)
        legal = page.locator(".handfan .card.legal")
        k = legal.count()
        card = legal.nth(rnd.randrange(k))
        code = card.get_attribute("data-card")
        play_card(page, code)
        if n == 5:
            page.wait_for_timeout(250)
            page.screenshot(path=str(ARTIFACTS / "room_whist_play.png"))
    # The deal is over when the next one is dealt.
    page.wait_for_function("() => window.hoyleTable.view && window.hoyleTable.view.deal === 2", timeout=20000)
    page.wait_for_timeout(300)

    table = httpx.get(f"{base}/api/tables/{tid}").json()["table"]
    scores = table["scores"]
    result = httpx.get(f"{base}/api/tables/{tid}/deals").json()["deals"][0]["result"]
    assert sum(result["points"].values()) >= 1, "every deal of Whist scores (seven tricks make the odd trick)"
    shown = {side: page.locator(f"[data-score='{side}'] .num").inner_text() for side in scores}
    assert shown == {side: str(v) for side, v in scores.items()}, (shown, scores)
    # the whist panel's game points agree with the table's score too
    pips = {side: page.locator(".sideScore", has_text=side).locator(".dot.on").count() for side in ("NS", "EW")}
    assert pips == scores
    # the last deal's result is in the log
    assert "score" in page.locator("#log").inner_text()
    page.screenshot(path=str(ARTIFACTS / "room_whist.png"))
    assert not problems, problems


def test_watch_and_replay_pages_render(server, browser) -> None:  # type: ignore[no-untyped-def]
    import httpx

    import hoyle
    from hoyle.records import dumps

    base, _app = server
    ARTIFACTS.mkdir(exist_ok=True)
    t = hoyle.game("whist").table(seed=3, players=["Ada", "Ben", "Cora", "Dan"])
    rnd = random.Random(3)
    for _ in range(31):
        t.apply(rnd.choice(t.legal_actions()))
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    problems: list[str] = []
    page.on("pageerror", lambda e: problems.append(str(e)))
    page.goto(base + "/replay")
    page.fill("#text", dumps(t.record()))
    page.click("#go")
    page.wait_for_selector(".felt .card", timeout=10000)
    page.click("#last")
    assert page.locator(".fan.open .card").count() > 0, "a replay shows every hand"
    assert page.locator(".handfan .card").count() == len(t.view("S")["hand"])
    page.screenshot(path=str(ARTIFACTS / "room_replay.png"))

    # a spectator sees the backs of every hand
    r = httpx.post(f"{base}/api/tables", json={"game": "whist"}).json()
    httpx.post(f"{base}/api/tables/{r['id']}/bots", json={"kind": "rules"})
    page.goto(f"{base}/table/{r['id']}")
    page.wait_for_selector(".trickcard, .fan .card.back", timeout=10000)
    assert page.locator(".handfan .card").count() == 0
    assert page.locator(".fan .card.back").count() > 0
    assert not problems, problems


def test_two_friends_on_two_tabs_and_two_bots(server, browser) -> None:  # type: ignore[no-untyped-def]
    base, _app = server
    context = browser.new_context(viewport={"width": 1300, "height": 850})
    a = context.new_page()
    problems: list[str] = []
    for p in (a,):
        p.on("pageerror", lambda e: problems.append(str(e)))
    # Sarah opens a table without bots and takes a place at it.
    a.goto(base + "/")
    a.fill("#myname", "Sarah")
    a.wait_for_selector("#game option[value=whist]", state="attached")
    a.uncheck("#withbots")
    a.click("#open")
    a.wait_for_url("**/table/*")
    a.wait_for_selector("#waiting:not([hidden])")
    assert a.input_value("#w-name") == "Sarah"
    a.click("#w-take button[type=submit]")
    a.wait_for_selector("#w-places .chip.you")
    # Tom, in another tab, follows the link and takes the next place.
    b = context.new_page()
    b.on("pageerror", lambda e: problems.append(str(e)))
    b.goto(a.url)
    b.wait_for_selector("#waiting:not([hidden])")
    b.fill("#w-name", "Tom")
    b.click("#w-take button[type=submit]")
    b.wait_for_selector("#w-places .chip.you")
    a.wait_for_function("() => document.querySelectorAll('#w-places li.taken').length === 2")
    # Sarah fills the two empty places with bots: the cut, the deal, and each tab sees its own hand.
    a.select_option("#w-kind", "rules")
    a.click("#w-bots button[type=submit]")
    for p in (a, b):
        p.wait_for_selector(".handfan .card", timeout=15000)
    hand_a = set(a.locator(".handfan .card").evaluate_all("cs => cs.map(c => c.dataset.card)"))
    hand_b = set(b.locator(".handfan .card").evaluate_all("cs => cs.map(c => c.dataset.card)"))
    # Thirteen each, but for the dealer while his turned trump card lies on the table (000 §52): twelve.
    assert sorted((len(hand_a), len(hand_b))) in ([13, 13], [12, 13]) and not hand_a & hand_b
    assert a.locator(".seat.mine .name").inner_text() == "Sarah" and b.locator(".seat.mine .name").inner_text() == "Tom"
    # Each plays when the page offers a card, until both have played twice.
    played = {"a": 0, "b": 0}
    deadline = time.monotonic() + 60
    while min(played.values()) < 2:
        assert time.monotonic() < deadline, played
        for key, p in (("a", a), ("b", b)):
            cards = p.locator(".handfan .card.legal")
            if cards.count():
                cards.first.click()
                played[key] += 1
                p.wait_for_timeout(150)
        a.wait_for_timeout(100)
    b.screenshot(path=str(ARTIFACTS / "room_whist_friends.png"))
    assert not problems, problems
    context.close()
