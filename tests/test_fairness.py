"""Provably fair deals (issue 13): a commitment before each pack's first card, its proof once the deal is settled,
both in the record, and ``hoyle verify`` checking every deal (engine/fairness.py, docs/room.md)."""

from __future__ import annotations

import hashlib
import json
import random
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

import hoyle
from hoyle.cli import app
from hoyle.engine.fairness import check_record, commitment, committed_text, seeded_salt

GAMES = [
    ("whist", {}),
    ("dummy", {}),
    ("solo", {}),
    ("boston", {}),
    ("cayenne", {}),
    ("pope joan", {}),
    ("poker", {}),
    ("poker", {"variant": "draw", "players": 7}),
    ("vingt-un", {}),
    ("vingt-un", {"french": True}),
    ("whist", {"irregularities": True}),
    ("boston", {"shuffle": True, "deals": 4}),
]


def sit(name: str, options: dict, seed: int | None, n: int, choices: int = 1) -> hoyle.Table:
    t = hoyle.game(name, **options).table(seed=seed)
    rnd = random.Random(choices)
    for _ in range(n):
        if t.over:
            break
        t.apply(rnd.choice(t.legal_actions()))
    return t


def test_the_commitment_is_the_sha256_of_the_order_and_salt() -> None:
    order = "AS KS QS"
    assert committed_text(order, "ab") == "AS KS QS|ab"
    assert committed_text(order, "ab", "2C 3C") == "AS KS QS|2C 3C|ab"
    assert commitment(order, "ab") == hashlib.sha256(b"AS KS QS|ab").hexdigest()


def test_a_seeded_salt_is_the_sha256_of_the_seed_and_the_deal() -> None:
    """A seeded table's salt of deal i is the first 32 hex digits of the SHA-256 of "hoyle seeded salt|SEED|i" (its
    fixed beginning is hashed once and copied: the same digest), and the commitment is the SHA-256 of the UTF-8 text
    ORDER|STILL|SALT."""
    for seed in (0, 4, -7, 2**70):
        for index in (0, 1, 12, 1000):
            text = f"hoyle seeded salt|{seed}|{index}".encode()
            assert seeded_salt(seed, index) == hashlib.sha256(text).hexdigest()[:32]
    rec = hoyle.game("whist").table(seed=4).record()
    salt = hashlib.sha256(b"hoyle seeded salt|4|0").hexdigest()[:32]
    assert rec["deals"][0]["salt"] == salt
    assert rec["deals"][0]["commitment"] == hashlib.sha256(f"{rec['deals'][0]['order']}|{salt}".encode()).hexdigest()
    assert commitment("A♠ 2C", "ab", "3C") == hashlib.sha256("A♠ 2C|3C|ab".encode()).hexdigest()
    assert commitment("A♠ 2C", "ab", "") == hashlib.sha256("A♠ 2C|ab".encode()).hexdigest()


@pytest.mark.parametrize(("name", "options"), GAMES, ids=[f"{n}{o or ''}" for n, o in GAMES])
def test_every_pack_is_committed_before_its_cards_and_proved_after_its_deal(name: str, options: dict) -> None:
    """Each pack drawn: a commitment (public, to every seat and spectator) before any card of it is dealt; its
    proof only once the deal it served is settled; the record carries both, they check, and replay keeps them."""
    t = sit(name, options, 11, 900)
    rec = t.record()
    commits = {e.data["deal"]: k for k, e in enumerate(t.events) if e.kind == "commit"}
    reveals = {e.data["deal"]: k for k, e in enumerate(t.events) if e.kind == "reveal"}
    assert sorted(commits) == list(range(len(rec["deals"])))
    for i, deal in enumerate(rec["deals"]):
        assert re.fullmatch(r"[0-9a-f]{32}", deal["salt"]) and deal["commitment"] == commitment(
            deal["order"], deal["salt"], deal.get("still")
        )
        c = t.events[commits[i]]
        assert c.visible_to(None)["commitment"] == deal["commitment"] and c.private is None
        # before the first event that deals a card of it, or that tells a seat its cards
        first_private = next((k for k in range(commits[i], len(t.events)) if t.events[k].private), None)
        assert first_private is None or commits[i] < first_private
        if i in reveals:
            assert commits[i] < reveals[i]
            assert t.events[reveals[i]].data["order"] == deal["order"]
    assert all(c.ok for c in check_record(rec))
    assert hoyle.replay(rec).record() == rec
    assert t.over or len(reveals) < len(commits)  # the deal in play is not proved yet


@pytest.mark.parametrize(("name", "options"), GAMES, ids=[f"{n}{o or ''}" for n, o in GAMES])
def test_no_proof_before_its_deal_is_settled(name: str, options: dict) -> None:
    """At every step, each proof published concerns a deal whose entry has its result (or the sitting is over)."""
    t = hoyle.game(name, **options).table(seed=5)
    rnd = random.Random(2)
    for _ in range(400):
        if t.over:
            break
        for e in t.apply(rnd.choice(t.legal_actions())):
            if e.kind == "reveal":
                deals = t.record()["deals"]
                assert t.over or "result" in deals[e.data["deal"]]
                if deals[e.data["deal"]].get("still"):  # the still pack is the next deal's: proved after it
                    assert t.over or "result" in deals[e.data["deal"] + 1]


def test_boston_unshuffled_shows_a_still_pack_only_after_the_deal_it_became() -> None:
    """002 §8: Boston's packs are not shuffled after the first deal, so the still pack of deal n is deal n+1's pack
    before its cut. Its proof waits for deal n+1 to be settled."""
    t = hoyle.game("boston", deals=4).table(seed=3)
    rnd = random.Random(3)
    while not t.over:
        for e in t.apply(rnd.choice(t.legal_actions())):
            if e.kind == "reveal" and not t.over:
                assert len([d for d in t.record()["deals"] if "result" in d]) >= e.data["deal"] + 2


def test_a_live_table_draws_a_secret_salt_and_a_seeded_one_is_reproducible() -> None:
    a, b = hoyle.game("whist").table(seed=None), hoyle.game("whist").table(seed=None)
    assert a.record()["deals"][0]["salt"] != b.record()["deals"][0]["salt"]
    assert all(c.ok for c in check_record(a.record()))
    s1, s2 = hoyle.game("whist").table(seed=4), hoyle.game("whist").table(seed=4)
    assert s1.record() == s2.record()
    # the salt draws nothing from the seeded shuffler: the deals are those the seed always gave
    assert s1.record()["shuffler"]["calls"] == [52, 52, -45]  # the cut for partners, the shuffle, the cut


def test_a_given_deal_has_nothing_to_commit() -> None:
    t = hoyle.game("whist").table(
        deal={
            "dealer": "W",
            "hands": {
                "N": "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
                "E": "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H",
                "S": "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
                "W": "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C",
            },
            "turned": "2C",
        }
    )
    assert "commitment" not in t.record()["deals"][0]
    assert not [e for e in t.events if e.kind == "commit"]
    assert [c.ok for c in check_record(t.record())] == [None]


def test_a_changed_deal_is_found_and_named() -> None:
    rec = sit("whist", {}, 8, 200).record()
    order = rec["deals"][1]["order"].split()
    order[0], order[1] = order[1], order[0]
    rec["deals"][1]["order"] = " ".join(order)
    checks = check_record(rec)
    assert [c.ok for c in checks][:3] == [True, False, True]
    assert "deal 2: FAILS" in str(checks[1]) and "changed after the deal was committed" in checks[1].reason
    rec["deals"][2]["salt"] = None
    assert check_record(rec)[2].ok is False and "no salt" in check_record(rec)[2].reason


def test_hoyle_verify(tmp_path: Path) -> None:
    runner = CliRunner()
    rec = sit("solo", {}, 9, 300).record()
    good = tmp_path / "good.json"
    good.write_text(json.dumps(rec))
    r = runner.invoke(app, ["verify", str(good)])
    assert r.exit_code == 0, r.output
    assert f"{len(rec['deals'])} of {len(rec['deals'])} deals committed and proved; the record replays" in r.output
    rec["deals"][0]["order"] = " ".join(reversed(rec["deals"][0]["order"].split()))
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(rec))
    r = runner.invoke(app, ["verify", str(bad)])
    assert r.exit_code == 1 and "deal 1: FAILS" in r.output and "FAIL their commitment: deal 1" in r.output
    junk = tmp_path / "junk.json"
    junk.write_text("[1, 2")
    r = runner.invoke(app, ["verify", str(junk)])
    assert r.exit_code == 2 and "not a record" in " ".join(r.output.split())
