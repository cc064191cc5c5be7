"""The room as a person uses it: headless Chromium (Debian's ``chromium``) driven by Playwright.

Opens the lobby, opens a table of Whist sitting down against three bots, plays a whole deal by clicking
cards, and checks that the score on the page is the table's; sits at every game at three, four and five
players (where the game allows) and checks the layout of each screenshot (every card inside the felt, the
seats named as players name them, no seat over another); discards by clicking cards and cuts by clicking
the side of the pack.  Screenshots go to a temporary directory (``HOYLE_SCREENSHOTS`` to keep them).

Without Chromium every test here is skipped.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import random
import re
import socket
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = os.environ.get("HOYLE_CHROMIUM", "/usr/bin/chromium")
ARTIFACTS = Path(os.environ.get("HOYLE_SCREENSHOTS") or Path(tempfile.gettempdir()) / "hoyle-screenshots")

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(),
    reason=f"no Chromium at {CHROMIUM}: install Debian's package (apt-get install -y chromium)",
)


def play_card(page, code: str) -> None:  # type: ignore[no-untyped-def]
    """Click the card ``code`` in the hand and wait until the room has acknowledged it (taken and saved).

    Waited for on the page's state, not on the card leaving the hand: the last card of a deal may come straight
    back in the next deal's hand (dealt in the same moment), so "gone from the hand" is no sign it was played;
    that was this test's flakiness (issue 13).  A click a redraw ate sends nothing, and is made again.
    """
    sent = "(id) => window.hoyleTable.nextId > id"
    answered = "(id) => window.hoyleTable.acked >= id || window.hoyleTable.refused >= id"
    for _ in range(5):
        ident = page.evaluate("() => window.hoyleTable.nextId")
        page.click(f".handfan .card.legal[data-card='{code}']", timeout=30000)
        # The click's handler has run when click() returns: the action was sent, or the click was eaten
        if not page.evaluate(sent, ident):
            continue
        # polled, not on animation frames (which a page in the background may be given seldom)
        page.wait_for_function(answered, arg=ident, timeout=30000, polling=100)
        if page.evaluate("(id) => window.hoyleTable.acked >= id", ident):
            return
    raise AssertionError(f"{code} could not be played")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def running_room(db: Path, **knobs: Any) -> Iterator[tuple[str, object]]:
    """The room on a free localhost port, in a thread, with quick bots (and any other ``Settings`` knobs)."""
    import uvicorn

    from hoyle.server import create_app
    from hoyle.server.limits import Limit
    from hoyle.server.room import Settings

    settings = Settings(
        **({"bot_delay": 0.03, "http_limit": Limit(burst=2000, rate=200), "max_waiting_per_address": 100} | knobs)
    )
    app = create_app(f"sqlite:///{db}", settings=settings)
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
def server(tmp_path: Path) -> Iterator[tuple[str, object]]:
    """The room on a free localhost port, in a thread, with quick bots."""
    with running_room(tmp_path / "room.db") as room:
        yield room


@pytest.fixture
def browser() -> Iterator[object]:
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(
            executable_path=CHROMIUM,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
            ],
        )
        try:
            yield b
        finally:
            b.close()


def test_play_a_deal_of_whist_against_three_bots_in_the_browser(  # type: ignore[no-untyped-def]
    server, browser, monkeypatch: pytest.MonkeyPatch
) -> None:
    import httpx

    base, _app = server
    seeded_room(monkeypatch, 1)  # the same deal each run
    ARTIFACTS.mkdir(exist_ok=True, parents=True)
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
    # Thirteen cards, but twelve in the dealer's hand while his trump card lies on the table (000 §52): the test
    # failed whenever the cut made Sarah the dealer (one sitting in four), which was its flakiness.
    dealer = page.evaluate(
        "() => { const v = window.hoyleTable.view; return v.dealer === window.hoyleTable.seat && !!v.turned; }"
    )
    assert page.locator(".handfan .card").count() == (12 if dealer else 13)

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
    page.wait_for_function("() => window.hoyleTable.view && window.hoyleTable.view.deal === 2", timeout=40000)

    table = httpx.get(f"{base}/api/tables/{tid}").json()["table"]
    scores = table["scores"]
    result = httpx.get(f"{base}/api/tables/{tid}/deals").json()["deals"][0]["result"]
    assert sum(result["points"].values()) >= 1, "every deal of Whist scores (seven tricks make the odd trick)"
    # the page is waited for, not given a fixed time: on a loaded machine its last message may come late
    want = {side: str(v) for side, v in scores.items()}
    page.wait_for_function(
        "(want) => Object.entries(want).every(([k, v]) => {"
        " const e = document.querySelector(`[data-score='${k}'] .num`); return e && e.textContent === v; })",
        arg=want,
        timeout=10000,
    )
    shown = {side: page.locator(f"[data-score='{side}'] .num").inner_text() for side in scores}
    assert shown == want, (shown, scores)
    # the whist panel's game points agree with the table's score too
    pips = {side: page.locator(".sideScore", has_text=side).locator(".dot.on").count() for side in ("NS", "EW")}
    assert pips == scores
    # the last deal's result is in the log
    assert "score" in page.locator("#log").inner_text()
    page.screenshot(path=str(ARTIFACTS / "room_whist.png"))
    assert not problems, problems


def test_watch_and_replay_pages_render(server, browser) -> None:  # type: ignore[no-untyped-def]
    import hoyle
    from hoyle.records import dumps

    base, _app = server
    ARTIFACTS.mkdir(exist_ok=True, parents=True)
    t = hoyle.game("whist").table(seed=3, players=["Ada", "Ben", "Cora", "Dan"])
    rnd = random.Random(3)
    for _ in range(31):
        t.apply(rnd.choice(t.legal_actions()))
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    problems: list[str] = []
    page.on("pageerror", lambda e: problems.append(str(e)))
    page.goto(base + "/replay")
    page.fill("#text", dumps(t.record()))
    # The replay is made in a worker process, whose pool starts on the first replay (a fork server, hoyle
    # imported): on a loaded machine that took over ten seconds.  Wait for the room's answer, then for the page.
    with page.expect_response("**/api/replay", timeout=90000) as answer:
        page.click("#go")
    assert answer.value.ok, answer.value.text()
    page.wait_for_selector(".felt .card", timeout=10000)
    page.click("#last")
    assert page.locator(".fan.open .card").count() > 0, "a replay shows every hand"
    assert page.locator(".handfan .card").count() == len(t.view("S")["hand"])
    page.screenshot(path=str(ARTIFACTS / "room_replay.png"))
    problems.extend(layout_problems(page.evaluate(LAYOUT_JS), "the replay"))  # the open hands on the felt
    page.set_viewport_size({"width": 1024, "height": 700})
    page.wait_for_timeout(100)
    page.screenshot(path=str(ARTIFACTS / "room_replay_1024.png"))
    problems.extend(layout_problems(page.evaluate(LAYOUT_JS), "the replay at 1024"))

    # a spectator sees the backs of every hand: at a table with a person at it, who never plays, so that the
    # sitting is still in play when the page comes (three bots alone play a rubber out in seconds)
    tid, _token = sit_down(base, "whist", {})
    page.goto(f"{base}/table/{tid}")
    page.wait_for_selector(".trickcard, .fan .card.back", timeout=10000)
    assert page.locator(".handfan .card").count() == 0
    assert page.locator(".fan .card.back").count() > 0
    assert not problems, problems


def test_two_friends_on_two_tabs_and_two_bots(server, browser, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    base, _app = server
    seeded_room(monkeypatch, 2)
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


# ---------------------------------------------------------------------------------------------- layout

LAYOUT_JS = """() => {
  const r = (e) => { const b = e.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; };
  const felt = document.getElementById('felt');
  const cs = getComputedStyle(felt);
  const f = felt.getBoundingClientRect();
  const inner = [f.left + parseFloat(cs.borderLeftWidth), f.top + parseFloat(cs.borderTopWidth),
                 f.right - parseFloat(cs.borderRightWidth), f.bottom - parseFloat(cs.borderBottomWidth)];
  const cards = [...felt.querySelectorAll('.card')].filter((c) => c.offsetParent !== null)
    .map((c) => ({ card: c.dataset.card || 'back', box: r(c), where: c.parentElement.className }));
  const seats = [...felt.querySelectorAll('.seat')].map((s) => ({
    seat: s.dataset.seat, label: s.querySelector('.seatlabel').textContent, plate: r(s.querySelector('.plate')) }));
  const blocks = [...felt.querySelectorAll('.board, .cutbox .pack, .widow, .center .result')]
    .map((e) => ({ what: e.className, box: r(e) }));
  const details = (document.getElementById('details') || {}).textContent || '';
  return { felt: inner, viewport: [0, 0, innerWidth, innerHeight], cards, seats, blocks, details,
           view: window.hoyleTable ? window.hoyleTable.view : null };
}"""

COMPASS = {"N": "North", "E": "East", "S": "South", "W": "West"}


def overlap(a: list[float], b: list[float]) -> bool:
    """Whether two boxes (left, top, right, bottom) overlap by more than a hair."""
    return min(a[2], b[2]) - max(a[0], b[0]) > 2 and min(a[3], b[3]) - max(a[1], b[1]) > 2


def layout_problems(layout: dict[str, Any], what: str) -> list[str]:
    """What is wrong with a table's layout: cards outside the felt or the window, seats misnamed, seats over
    one another."""
    out = []
    fl, ft, fr, fb = layout["felt"]
    vl, vt, vr, vb = layout["viewport"]
    for c in layout["cards"]:
        left, top, right, bottom = c["box"]
        if left < fl - 1 or top < ft - 1 or right > fr + 1 or bottom > fb + 1:
            out.append(f"{what}: card {c['card']} ({c['where']}) at {c['box']} leaves the felt {layout['felt']}")
        elif left < vl or top < vt or right > vr or bottom > vb:
            out.append(f"{what}: card {c['card']} at {c['box']} leaves the window")
    seats = [s["seat"] for s in layout["seats"]]
    compass = len(seats) <= 4 and all(s in COMPASS for s in seats)
    for s in layout["seats"]:
        want = COMPASS[s["seat"]] if compass else f"Seat {s['seat']}"
        if s["label"] != want:
            out.append(f"{what}: seat {s['seat']} is labelled {s['label']!r}, not {want!r}")
    for block in layout["blocks"]:  # the board, the pack to cut, the widow: clear of every seat's plate
        for s in layout["seats"]:
            if overlap(block["box"], s["plate"]):
                out.append(f"{what}: the {block['what']} lies over seat {s['seat']}'s plate")
    internals = re.findall(
        r"lowest|suits CDHS|\bActive\b|\bowes\b|antes due|\bput\b|\blevel\b|interval", layout.get("details") or ""
    )
    if internals:  # the side panel says what a player would say, not the engine's bookkeeping
        out.append(f"{what}: the side panel shows internals: {internals}")
    for a, b in itertools.combinations(layout["seats"], 2):
        if overlap(a["plate"], b["plate"]):
            out.append(f"{what}: the plates of seats {a['seat']} and {b['seat']} overlap")
    return out


LAYOUT_CASES = [
    ("whist", {}),
    ("dummy", {}),
    ("double-dummy", {}),
    ("boston", {}),
    ("cayenne", {}),
    *((game, {"players": n}) for game in ("solo", "poker", "pope-joan", "vingt-un") for n in (3, 4, 5)),
    ("poker", {"players": 4, "variant": "stud"}),
    ("poker", {"players": 4, "variant": "whiskey"}),
]
"""Every game, at three, four and five players where it allows them (Whist, Boston and Cayenne four; Dummy three;
Double Dummy two)."""


def seeded_room(monkeypatch: pytest.MonkeyPatch, start: int) -> None:
    """The room's live deals drawn from seeds ``start``, ``start + 1``, ... (the same screens each run)."""
    from hoyle import cards

    seeds = itertools.count(start)
    monkeypatch.setattr(cards, "SystemShuffler", lambda: cards.SeededShuffler(next(seeds)))


def seeded_bots(monkeypatch: pytest.MonkeyPatch, start: int) -> None:
    """The room's bots seeded ``start``, ``start + 1``, ... as the room makes them (it makes them unseeded), so that
    random bots play the same cards each run."""
    from hoyle import bots

    seeds = itertools.count(start)
    make = bots.make

    def seeded(kind: str, game: str, seed: int | None = None, **options: Any) -> Any:
        return make(kind, game, seed=next(seeds) if seed is None else seed, **options)

    monkeypatch.setattr(bots, "make", seeded)


def sit_down(base: str, game: str, options: dict[str, Any], name: str = "Sarah") -> tuple[str, str]:
    """Open a table of ``game``, take the first place and fill the others with rules bots: (table id, token)."""
    import httpx

    with httpx.Client(base_url=base) as c:
        r = c.post("/api/tables", json={"game": game, "options": options})
        assert r.status_code == 201, r.text
        tid, owner = r.json()["id"], r.json()["owner"]
        token = c.post(f"/api/tables/{tid}/places", json={"name": name}).json()["token"]
        assert c.post(f"/api/tables/{tid}/bots", json={"kind": "rules"}, headers={"X-Hoyle-Owner": owner}).is_success
    return tid, token


def test_every_game_at_three_four_and_five_players_lays_out_on_the_felt(  # type: ignore[no-untyped-def]
    server, browser, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A screenshot of each game at each number of players, in a wide and a narrow window: every card on the
    felt, every seat named as players name it (the compass only at the whist family's four seats: poker's fifth
    seat is 'Seat E', not 'East'), no seat's plate over another's."""
    base, _app = server
    seeded_room(monkeypatch, 100)
    ARTIFACTS.mkdir(exist_ok=True, parents=True)
    problems: list[str] = []
    pages = {}
    for width, height in ((1400, 900), (1024, 700)):
        pages[width] = page = browser.new_page(viewport={"width": width, "height": height})
        page.on("pageerror", lambda e, width=width: problems.append(f"at {width}: page error: {e}"))
    for game, options in LAYOUT_CASES:
        tid, token = sit_down(base, game, options)
        # every case in the narrow window, where space is short; in the wide one the most crowded tables
        wide = options.get("players", 4) == 5 or game == "whist"
        for width, page in pages.items():
            if width == 1400 and not wide:
                continue
            what = f"{game} {options} at {width}"
            page.goto(f"{base}/table/{tid}#token={token}")
            page.wait_for_selector(".seat.mine", timeout=15000)
            page.wait_for_timeout(150)
            layout = page.evaluate(LAYOUT_JS)
            n = len(layout["seats"])
            page.screenshot(path=str(ARTIFACTS / f"room_{game}{options.get('variant', '')}_{n}_{width}.png"))
            problems.extend(layout_problems(layout, what))
    assert not problems, "\n".join(problems)


def my_turn(page) -> list[str]:  # type: ignore[no-untyped-def]
    """The lawful actions when it is this page's seat to act, else []."""
    return page.evaluate(
        "() => { const S = window.hoyleTable; return S.view && S.seat && S.view.to_act === S.seat && !S.sending"
        " ? S.legal : []; }"
    )


def test_discard_by_clicking_cards_then_one_draw_button(server, browser, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Poker's draw: no wall of 32 buttons; the cards to discard are clicked, and one button says what it does."""
    base, _app = server
    seeded_room(monkeypatch, 200)
    tid, token = sit_down(base, "poker", {"players": 3})
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    problems: list[str] = []
    page.on("pageerror", lambda e: problems.append(str(e)))
    page.goto(f"{base}/table/{tid}#token={token}")
    deadline = time.monotonic() + 60
    while True:
        assert time.monotonic() < deadline, "the draw never came to this seat"
        legal = my_turn(page)
        if not legal:
            page.wait_for_timeout(100)
            continue
        if any(a.startswith("draw ") for a in legal):
            break
        for want in ("go in", "see", "ante", "stand pat"):
            if want in legal:
                page.click(f".actions button[data-action='{want}']")
                break
        else:
            page.click(".stepper button")  # raise the least: the only way on but passing
        page.wait_for_function("() => window.hoyleTable.sending === false", timeout=10000)
        page.wait_for_timeout(150)
    assert page.locator(".actions button").count() <= 3  # stand pat, and the one draw button
    assert page.locator(".actions button[data-action='stand pat'] .aka").inner_text() == " (keep all)"
    chooser = page.locator("button.choose[data-verb=draw]")
    assert chooser.is_disabled() and "Click the cards to discard" in chooser.inner_text()
    hand = page.locator(".handfan .card").evaluate_all("cs => cs.map(c => c.dataset.card)")
    page.click(f".handfan .card[data-card='{hand[0]}']")
    page.click(f".handfan .card[data-card='{hand[1]}']")
    assert page.locator(".handfan .card.chosen").count() == 2
    assert chooser.is_enabled() and chooser.inner_text().startswith("Discard two and draw as many")
    page.screenshot(path=str(ARTIFACTS / "room_poker_draw.png"))
    assert chooser.get_attribute("data-action") == f"draw {hand[0]} {hand[1]}"
    chooser.click()
    page.wait_for_function(
        "(gone) => { const h = window.hoyleTable.view.hand || []; return !gone.some((c) => h.includes(c)); }",
        arg=hand[:2],
        timeout=10000,
    )
    assert not problems, problems


def test_cut_by_clicking_the_side_of_the_pack(server, browser, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Pope Joan's cut: no wall of 'cut 4' ... 'cut 47' buttons; the side of the pack is clicked where to cut."""
    base, _app = server
    seeded_room(monkeypatch, 300)
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    problems: list[str] = []
    page.on("pageerror", lambda e: problems.append(str(e)))
    for _ in range(12):  # the seeds decide who cuts: sit down until it is this seat
        tid, token = sit_down(base, "pope-joan", {"players": 3})
        page.goto(f"{base}/table/{tid}#token={token}")
        page.wait_for_selector(".seat.mine", timeout=15000)
        page.wait_for_timeout(300)
        if any(a.startswith("cut ") for a in my_turn(page)):
            break
    else:
        pytest.fail("this seat was never the pone in twelve sittings")
    assert page.locator(".actions button", has_text="cut").count() == 0  # no wall of buttons
    pack = page.locator(".cutbox .pack")
    box = pack.bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + box["width"] * 0.3, box["y"] + box["height"] / 2)
    label = page.locator(".cutlabel").inner_text()
    assert label.startswith("Cut here: lift ")
    n = int(label.split("lift ")[1].split()[0])
    assert 4 <= n <= 47
    page.screenshot(path=str(ARTIFACTS / "room_pope_joan_cut.png"))
    page.mouse.click(box["x"] + box["width"] * 0.3, box["y"] + box["height"] / 2)
    page.wait_for_function("() => !(window.hoyleTable.legal || []).some((a) => a.startsWith('cut '))", timeout=10000)
    page.wait_for_function(
        "(n) => document.getElementById('log').textContent.includes(`cut at ${n}`)", arg=n, timeout=10000
    )
    assert not problems, problems


def test_an_exposed_card_stays_in_sight(server, browser, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Law mode: a card the player exposes (000 §56) leaves his hand for the table, face up before him, liable
    to be called; it does not vanish."""
    base, _app = server
    seeded_room(monkeypatch, 400)
    tid, token = sit_down(base, "whist", {"irregularities": True})
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    problems: list[str] = []
    page.on("pageerror", lambda e: problems.append(str(e)))
    page.on("dialog", lambda d: d.accept())
    page.goto(f"{base}/table/{tid}#token={token}")
    page.wait_for_selector(".handfan .card", timeout=15000)
    page.wait_for_function(
        "() => (window.hoyleTable.irregular || []).some((a) => a.startsWith('expose '))", timeout=15000
    )
    card = page.evaluate("() => window.hoyleTable.irregular.find((a) => /^expose [2-9TJQKA][CDHS]$/.test(a))")
    assert card, "no card to expose"
    code = card.split()[1]
    page.click("#irregular summary")
    kinds = page.locator("#irregular .irregulars button").count()
    assert kinds < 40, f"{kinds} buttons: a wall, not the kinds of act"
    page.click("#irregular button[data-kind='expose CARD']")  # the kind, then the card
    page.screenshot(path=str(ARTIFACTS / "room_whist_irregular.png"))
    page.click(f"#irregular .irregularcards .card[data-card='{code}']")
    page.wait_for_selector(f".seat.mine .exposed .card[data-card='{code}']", timeout=10000)
    assert page.locator(f".handfan .card[data-card='{code}']").count() == 0
    page.screenshot(path=str(ARTIFACTS / "room_whist_exposed.png"))
    assert not problems, problems


def room_of(app: Any) -> Any:
    """The app's :class:`~hoyle.server.room.Room`."""
    services = getattr(app.state, "services", None)
    return services.room if services is not None else app.state.room


def test_the_page_takes_views_as_patches_and_the_whole_view_after_a_gap_or_a_reconnect(  # type: ignore[no-untyped-def]
    server, browser, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 13, many watchers: the page asks for its view as JSON Patches and applies them, so that each update
    carries what changed; after a lost message (a version gap) it asks for the whole table, and after a
    reconnect it is sent it; at each of its turns its view is exactly the room's ``view(seat)``."""
    import json

    base, app = server
    seeded_room(monkeypatch, 500)
    tid, token = sit_down(base, "whist", {})
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    problems: list[str] = []
    page.on("pageerror", lambda e: problems.append(str(e)))
    hellos: list[dict[str, Any]] = []
    dropped: list[dict[str, Any]] = []
    drop = {"next": False}

    def route(ws: Any) -> None:  # the page's socket, through a hand that may lose one of the room's messages
        room_side = ws.connect_to_server()

        def up(m: str | bytes) -> None:
            if isinstance(m, str) and '"hello"' in m:
                hellos.append(json.loads(m))
            room_side.send(m)

        def down(m: str | bytes) -> None:
            msg = json.loads(m) if isinstance(m, str) else {}
            # lose an update of another seat's act that is followed by another (someone else is to act next)
            if drop["next"] and msg.get("type") == "update" and "ack" not in msg and msg.get("to_act") != seat:
                drop["next"] = False
                dropped.append(msg)
                return
            ws.send(m)

        ws.on_message(up)
        room_side.on_message(down)

    page.route_web_socket(re.compile(r".*/ws/tables/.*"), route)
    page.goto(f"{base}/table/{tid}#token={token}")
    page.wait_for_selector(".handfan .card", timeout=15000)
    seat = page.evaluate("() => window.hoyleTable.seat")
    assert hellos and hellos[0]["patches"] is True, hellos

    def agrees(what: str) -> None:
        """At this page's turn (the table still: the bots wait for it) its view is the room's."""
        page.wait_for_selector(".handfan .card.legal", timeout=30000)
        lt = room_of(app).tables[tid]
        want = json.loads(json.dumps(lt.table.view(seat)))
        got = page.evaluate("() => window.hoyleTable.view")
        assert got == want, f"{what}: the page's view is not the room's"

    rnd = random.Random(5)

    def play_one() -> None:
        page.wait_for_selector(".handfan .card.legal", timeout=30000)
        legal = page.locator(".handfan .card.legal")
        play_card(page, legal.nth(rnd.randrange(legal.count())).get_attribute("data-card"))

    agrees("at the start")
    for _ in range(3):
        play_one()
        agrees("after patches")
    counts = page.evaluate("() => ({ p: window.hoyleTable.patched, r: window.hoyleTable.resyncs })")
    assert counts["p"] >= 6 and counts["r"] == 0, counts  # three bots' cards and ours, each a patch

    drop["next"] = True  # a message lost: the next update shows the gap, and the page asks for the whole table
    play_one()
    agrees("after a lost message")
    assert dropped and page.evaluate("() => window.hoyleTable.resyncs") >= 1

    whole = page.evaluate("() => window.hoyleTable.whole")
    page.evaluate("() => window.hoyleTable.ws.close()")  # the connection drops; the page comes back
    page.wait_for_function("(n) => window.hoyleTable.whole > n", arg=whole, timeout=20000)
    assert len(hellos) >= 2 and hellos[-1]["patches"] is True and hellos[-1]["since"] is not None
    agrees("after a reconnect")
    patched = page.evaluate("() => window.hoyleTable.patched")
    play_one()
    agrees("patches again after the reconnect")
    assert page.evaluate("() => window.hoyleTable.patched") > patched
    assert not problems, problems


def test_an_abandoned_sitting_says_so_in_the_lobby_and_at_the_table(tmp_path: Path, browser) -> None:  # type: ignore[no-untyped-def]
    """Issue 13: an abandoned table no longer stays "in play": the lobby shows its badge and the room's reason
    beside it, and the table's page says so above the score."""
    import httpx

    with running_room(tmp_path / "room.db", abandon_after=2.0, sweep_every=0.3) as (base, _app):
        tid, _token = sit_down(base, "whist", {})  # Sarah never comes to the table: the bots wait for her
        deadline = time.monotonic() + 60
        while (t := httpx.get(f"{base}/api/tables/{tid}").json()["table"])["status"] != "abandoned":
            assert time.monotonic() < deadline, t["status"]
            time.sleep(0.2)
        assert t["note"] == "nobody played for 2 seconds; the sitting was left unfinished", t["note"]
        page = browser.new_page(viewport={"width": 1400, "height": 900})
        problems: list[str] = []
        page.on("pageerror", lambda e: problems.append(str(e)))
        page.goto(base + "/")
        card = page.locator(".tcard", has=page.locator(".badge.abandoned"))
        card.wait_for(timeout=15000)
        assert card.locator(".badge").inner_text().lower() == "abandoned"
        note = "Nobody played for 2 seconds; the sitting was left unfinished."
        assert card.locator(".endednote").inner_text() == note
        page.screenshot(path=str(ARTIFACTS / "room_lobby_abandoned.png"))
        page.goto(f"{base}/table/{tid}")
        page.wait_for_selector("#ended:not([hidden])", timeout=15000)
        assert page.locator("#ended .badge").inner_text().lower() == "abandoned"
        assert page.locator("#ended .endednote").inner_text() == note
        page.screenshot(path=str(ARTIFACTS / "room_table_abandoned.png"))
        assert not problems, problems


def test_a_settled_deals_analysis_is_marked_on_its_replay(server, browser, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Issue 15: once a deal is settled, its analysis: the cards that cost their side tricks, listed with their
    pictures, marked in the deal's tricks and on the replay at the step each was played."""
    import httpx

    from hoyle.server.routes import analysis as analysis_route

    monkeypatch.setattr(
        analysis_route, "ANALYSIS_SECONDS", 0.02
    )  # the last six tricks; the whole deal is stopped (the solver does it in about 0.3 s)
    base, _app = server
    seeded_room(monkeypatch, 600)
    seeded_bots(monkeypatch, 600)  # unseeded, the random bots' last six tricks at times cost nothing
    with httpx.Client(base_url=base, timeout=60) as c:  # four random bots: their cards cost tricks
        r = c.post("/api/tables", json={"game": "whist", "options": {}})
        tid, owner = r.json()["id"], r.json()["owner"]
        assert c.post(f"/api/tables/{tid}/bots", json={"kind": "random"}, headers={"X-Hoyle-Owner": owner}).is_success
        deadline = time.monotonic() + 120
        while not [d for d in c.get(f"/api/tables/{tid}/deals").json()["deals"] if d["available"]]:
            assert time.monotonic() < deadline, "no deal of the bots was over"
            time.sleep(0.3)
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    problems: list[str] = []
    page.on("pageerror", lambda e: problems.append(str(e)))
    page.goto(f"{base}/table/{tid}")  # watching: the deals played, each with its analysis
    link = page.locator("#deals a.analysislink").last  # the list runs from the newest: the last is deal 1
    link.wait_for(timeout=60000)
    assert link.get_attribute("href") == f"/replay?table={tid}&deal=1&analysis"
    link.click()
    page.wait_for_url("**/replay?**")
    # the last tricks analysed (the page asks again while the rest is worked out), the whole deal stopped
    page.wait_for_function(
        "() => window.hoyleReplay.A.note !== null || window.hoyleReplay.A.error !== null", timeout=300000, polling=200
    )
    assert page.evaluate("() => window.hoyleReplay.A.error") is None, page.locator("#analysis").inner_text()
    assert "took longer than 0.02 s" in page.locator("#analysis .status").inner_text()
    body = httpx.get(f"{base}/api/tables/{tid}/deals/1/analysis", timeout=60).json()
    assert body["status"] == "partial" and "took longer than 0.02 s" in body["note"]
    d = body["analysis"]
    assert d["errors"], "random bots' cards cost no trick in the last six tricks"
    page.wait_for_function(
        "(n) => document.querySelectorAll('#analysis ul.costly li').length === n", arg=len(d["errors"])
    )
    items = page.locator("#analysis ul.costly li")
    for i, e in enumerate(d["errors"]):
        li = items.nth(i)
        assert li.get_attribute("data-card") == e["card"]
        assert li.locator(".card.costly").get_attribute("data-card") == e["card"]
        assert li.locator(".etext").inner_text() == e["text"].replace(e["card"], card_text(e["card"]))
    marked = page.locator("#analysis .tricksgrid .card.costly").evaluate_all("cs => cs.map((c) => c.dataset.card)")
    assert sorted(marked) == sorted(e["card"] for e in d["errors"])
    rows = page.locator("#analysis .tricksgrid tr.unanalysed").count()
    assert rows == d["from_trick"] - 1 == 7
    page.screenshot(path=str(ARTIFACTS / "room_analysis.png"))
    # each costly card, clicked in the list, is shown on the replay at the step it was played, marked
    # The replay was asked for beside the analysis, whose whole-deal pass the time limit stopped by killing its
    # worker: on a loaded machine the worker started in its place may take longer than the replay's limit to
    # come up (its imports).  The page is loaded again, the analysis now kept, until the replay comes.
    for _ in range(4):
        page.wait_for_function(
            "() => window.hoyleReplay.R.data !== null || !!document.querySelector('#felt .notice')", timeout=60000
        )
        if page.locator("#felt .notice").count() == 0:
            break
        assert "took longer than" in page.locator("#felt .notice").inner_text()
        page.reload()
    else:
        pytest.fail("the replay of deal 1 never came")
    page.wait_for_selector("#analysis ul.costly li.jump", timeout=60000)
    for i, e in enumerate(d["errors"]):
        items.nth(i).click()
        step = page.evaluate("() => window.hoyleReplay.R.data.steps[window.hoyleReplay.R.i]")
        assert step["actor"] == e["seat"] and step["action"].endswith(e["card"]), (step["action"], e)
        assert page.locator(f"#felt .card.costly[data-card='{e['card']}'] .costmark").inner_text() == f"−{e['cost']}"
        assert e["text"] in page.locator("#stepinfo").inner_text().replace(card_text(e["card"]), e["card"])
        if i == 0:
            page.screenshot(path=str(ARTIFACTS / "room_analysis_replay.png"))
    assert not problems, problems


def card_text(code: str) -> str:
    """A card as the page writes it in a sentence: rank and suit symbol (``TH`` is ``10♥``)."""
    rank = "10" if code[:-1] in ("T", "10") else code[:-1]
    return rank + {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[code[-1]]
