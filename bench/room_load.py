"""Load on the card room: many tables of bots playing over WebSockets against a local server.

    python bench/room_load.py                         # 40 tables of Whist for 20 seconds
    python bench/room_load.py --tables 100 --seconds 60 --db sqlite:////tmp/load.db
    python bench/room_load.py --db postgresql+psycopg://hoyle@127.0.0.1/hoyle   # on PostgreSQL
    python bench/room_load.py --server http://127.0.0.1:8000 --db sqlite:///hoyle-room.db   # a room running

It starts ``python -m hoyle.server`` on a free port of 127.0.0.1 (with a fresh SQLite file, the bots' pace
at zero and the rate limits lifted), opens the tables and takes every place at each, one WebSocket per
seat, each played by a bot in this process from the view and legal actions the room sends it.  A table
whose sitting ends is replaced by a new one.  For a fixed time it measures, for every action, the time from
sending it to the room's acknowledgement (sent once the action is committed to the database), then stops
sending, waits for the last acknowledgements, stops the server and checks that every acknowledged action
is in the database and nothing else is (nothing lost, nothing doubled).

It reports actions a second and the latency's distribution (p50, p90, p99, max), the server's CPU time an
action, where an action's time goes inside the server (the room's own stage timings, logged when it stops:
docs/room.md, "Latency"), and the disk's floor: a probe process beside the room, for the same seconds,
writes 4 KiB and syncs it (``fdatasync``) every 10 ms in the database's directory, as SQLite's commit does.
The bots and the server share the machine, so the figures are the whole loop's, client included.  A
benchmark: it asserts nothing except that nothing was lost (exit status 1 if something was).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx
from websockets.asyncio.client import connect

from hoyle.bots import make
from hoyle.engine.actions import Action


@dataclass
class Tally:
    measuring: bool = False  # acknowledgements count toward the figures only inside the measured window
    measured: int = 0
    ready: int = 0
    latencies: list[float] = field(default_factory=list)
    acked: set[tuple[str, int]] = field(default_factory=set)  # (table, action index) acknowledged
    sent: int = 0
    errors: dict[str, int] = field(default_factory=dict)
    tables: list[str] = field(default_factory=list)
    finished: int = 0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def seat_loop(
    base_ws: str, tid: str, token: str, game: str, kind: str, tally: Tally, stop: asyncio.Event, think: float
) -> bool:
    """One seat: answer every turn with the bot's choice until the sitting ends or the time is up.

    Returns whether the sitting ended.
    """
    bot = make(kind, game, seed=None)
    pending: dict[int, float] = {}
    next_id = 0
    async with connect(f"{base_ws}/ws/tables/{tid}", max_size=2**22, open_timeout=30) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token, "since": None}))
        last_seq = -1
        while True:
            if stop.is_set() and not pending:
                return False
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=0.5 if stop.is_set() else 30)
            except TimeoutError:
                if stop.is_set():
                    return False
                raise
            msg = json.loads(raw)
            kind_ = msg.get("type")
            if kind_ == "error":
                tally.errors[msg["code"]] = tally.errors.get(msg["code"], 0) + 1
                if msg.get("ref") in pending:
                    pending.pop(msg["ref"])
                continue
            if kind_ not in ("welcome", "state", "update"):
                continue
            ack = msg.get("ack")
            if ack is not None and ack in pending:
                took = time.perf_counter() - pending.pop(ack)
                tally.acked.add((tid, msg["seq"] - 1))
                if tally.measuring:
                    tally.latencies.append(took)
                    tally.measured += 1
            table = msg.get("table") or {}
            if table.get("over"):
                return True
            legal = msg.get("legal") or []
            seq = msg.get("seq", 0)
            if legal and seq > last_seq and not stop.is_set() and not pending:
                last_seq = seq
                choice = bot.choose(msg["view"], [Action.parse(a) for a in legal])
                if think:
                    await asyncio.sleep(think)
                next_id += 1
                pending[next_id] = time.perf_counter()
                tally.sent += 1
                await ws.send(json.dumps({"type": "action", "action": str(choice), "seq": seq, "id": next_id}))


async def table_loop(
    http: httpx.AsyncClient,
    base_ws: str,
    game: str,
    kind: str,
    tally: Tally,
    stop: asyncio.Event,
    think: float,
    options: dict[str, Any],
) -> None:
    """Keep one table going: open it, take every place, play; when the sitting ends, open another."""
    while not stop.is_set():
        r = await http.post("/api/tables", json={"game": game, "options": options})
        r.raise_for_status()
        tid = r.json()["id"]
        count = r.json()["table"]["place_count"]
        tokens = []
        for i in range(count):
            p = await http.post(f"/api/tables/{tid}/places", json={"name": f"Load {i + 1}"})
            p.raise_for_status()
            tokens.append(p.json()["token"])
        tally.tables.append(tid)
        tally.ready += 1
        ended = await asyncio.gather(*(seat_loop(base_ws, tid, tok, game, kind, tally, stop, think) for tok in tokens))
        if any(ended):
            tally.finished += 1


def start_server(port: int, db: str, synchronous: str = "") -> subprocess.Popen[bytes]:
    """``python -m hoyle.server`` with the limits lifted (every client here is one address); a room from
    before the per-address limits (as at 3ed9e96, the figures' "before") is started without those flags."""
    cmd = [
        sys.executable,
        "-m",
        "hoyle.server",
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--db",
        db,
        "--bot-delay",
        "0",
        "--ws-burst",
        "1e9",
        "--ws-rate",
        "1e9",
        "--http-burst",
        "1e9",
        "--http-rate",
        "1e9",
        "--max-tables",
        "100000",
        "--log-level",
        "info",
        "--no-access-log",
    ]
    helptext = subprocess.run([sys.executable, "-m", "hoyle.server", "--help"], capture_output=True, text=True).stdout
    if "--max-sockets-per-address" in helptext:
        cmd += [
            "--max-waiting-per-address",
            "100000",
            "--max-sockets-per-address",
            "100000",
            "--ws-address-burst",
            "1e9",
            "--ws-address-rate",
            "1e9",
        ]
    if synchronous:
        cmd += ["--sqlite-synchronous", synchronous]
    return subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


async def wait_up(base: str, proc: subprocess.Popen[bytes] | None) -> None:
    deadline = time.monotonic() + 60
    async with httpx.AsyncClient() as c:
        while True:
            if proc is not None and proc.poll() is not None:
                raise SystemExit(f"the server exited: {proc.stderr.read().decode() if proc.stderr else ''}")
            try:
                if (await c.get(base + "/api/games")).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline:
                raise SystemExit("the server did not start in 60 s")
            await asyncio.sleep(0.1)


def in_database(db_url: str, tables: list[str]) -> set[tuple[str, int]]:
    """Every (table, action index) the database holds for these tables."""
    from sqlalchemy import create_engine, text

    engine = create_engine(db_url)
    try:
        with engine.connect() as conn:
            rows = conn.execute(text("select table_id, seq from room_actions")).fetchall()
    finally:
        engine.dispose()
    wanted = set(tables)
    return {(t, int(s)) for t, s in rows if t in wanted}


def cpu_seconds(pid: int | None = None) -> float | None:
    """CPU time (user + system) of a process so far, from /proc (Linux); ``None`` elsewhere."""
    if pid is None:
        t = os.times()
        return t.user + t.system
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


FSYNC_PROBE = """
import os, sys, time
path, seconds = sys.argv[1], float(sys.argv[2])
fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
block, times, k = b"h" * 4096, [], 0
end = time.monotonic() + seconds
try:
    while time.monotonic() < end:
        os.pwrite(fd, block, (k % 1024) * 4096)
        k += 1
        t = time.perf_counter()
        os.fdatasync(fd)
        times.append(time.perf_counter() - t)
        time.sleep(0.01)
finally:
    os.close(fd)
    os.unlink(path)
times.sort()
q = lambda p: times[min(len(times) - 1, max(0, round(p / 100 * len(times)) - 1))] * 1000
print(f"{len(times)} {q(50):.2f} {q(99):.2f} {times[-1] * 1000:.2f}")
"""


def start_fsync_probe(directory: str, seconds: float) -> subprocess.Popen[str]:
    """The disk's floor, measured beside the room: 4 KiB written and fdatasync'ed every 10 ms."""
    path = os.path.join(directory, f".fsync-probe-{os.getpid()}")
    return subprocess.Popen([sys.executable, "-c", FSYNC_PROBE, path, str(seconds)], stdout=subprocess.PIPE, text=True)


def pct(xs: list[float], q: float) -> float:
    if not xs:
        return float("nan")
    xs = sorted(xs)
    k = min(len(xs) - 1, max(0, round(q / 100 * (len(xs) - 1))))
    return xs[k] * 1000


def db_path(db_url: str) -> str | None:
    """The file of a SQLite URL, else ``None``."""
    return db_url.split("///", 1)[1] if db_url.startswith("sqlite:///") else None


async def main(a: argparse.Namespace) -> int:
    proc = None
    probe: subprocess.Popen[str] | None = None
    if a.server:
        u = urlsplit(a.server)
        if u.hostname not in ("127.0.0.1", "localhost", "::1"):
            raise SystemExit("the load bench runs against a local server only (127.0.0.1)")
        base = a.server.rstrip("/")
        db_url = a.db
    else:
        port = free_port()
        if a.db:
            db_url = a.db
        else:
            tmp = tempfile.mkdtemp(prefix="hoyle-load-")
            db_url = f"sqlite:///{os.path.join(tmp, 'load.db')}"
        base = f"http://127.0.0.1:{port}"
        proc = start_server(port, db_url, a.sqlite_synchronous)
    base_ws = "ws" + base[4:]
    try:
        await wait_up(base, proc)
        tally = Tally()
        stop = asyncio.Event()
        options = json.loads(a.options) if a.options else {}
        limits = httpx.Limits(max_connections=50)
        async with httpx.AsyncClient(base_url=base, timeout=60, limits=limits) as http:
            tasks = [
                asyncio.create_task(table_loop(http, base_ws, a.game, a.bot, tally, stop, a.think, options))
                for _ in range(a.tables)
            ]
            setup = time.perf_counter()
            while tally.ready < a.tables and time.perf_counter() - setup < 120:
                await asyncio.sleep(0.05)
            await asyncio.sleep(1.0)  # warm up: every table under way
            tally.measuring = True
            t0 = time.perf_counter()
            cpu0 = (cpu_seconds(proc.pid) if proc else None, cpu_seconds())
            probe_dir = os.path.dirname(db_path(db_url)) or "." if db_path(db_url) else tempfile.gettempdir()
            probe = start_fsync_probe(probe_dir, a.seconds)
            await asyncio.sleep(a.seconds)
            tally.measuring = False
            elapsed = time.perf_counter() - t0
            cpu1 = (cpu_seconds(proc.pid) if proc else None, cpu_seconds())
            stop.set()
            done, still = await asyncio.wait(tasks, timeout=30)
            for t in still:
                t.cancel()
            failures = [t.exception() for t in done if t.exception() is not None]
    finally:
        server_log = ""
        if proc is not None:
            proc.terminate()
            try:
                _, err = proc.communicate(timeout=30)
                server_log = err.decode(errors="replace")
            except subprocess.TimeoutExpired:
                proc.kill()
    probe_out = probe.communicate(timeout=60)[0].split() if probe is not None else []
    lost = doubled = None
    if db_url:
        stored = in_database(db_url, tally.tables)
        lost = tally.acked - stored
        doubled = stored - tally.acked
    lat = tally.latencies
    n = len(tally.acked)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(
        f"room load: {a.tables} tables of {a.game} ({a.bot} bots, one socket a seat, think {a.think:g} s),"
        f" SQLite synchronous {a.sqlite_synchronous or 'full'}, {a.seconds:g} s measured,"
        f" {os.cpu_count()} CPUs shared by server and bots (load average {load:.1f})"
    )
    print(
        f"  {tally.measured / elapsed:,.0f} actions/s acknowledged in the window ({tally.measured});"
        f" in all {n} acknowledged of {tally.sent} sent; sittings finished {tally.finished};"
        f" tables opened {len(tally.tables)}"
    )
    if lat:
        print(
            f"  latency (send -> ack, committed): p50 {pct(lat, 50):.1f} ms, p90 {pct(lat, 90):.1f} ms,"
            f" p99 {pct(lat, 99):.1f} ms, max {max(lat) * 1000:.1f} ms, mean {statistics.mean(lat) * 1000:.1f} ms"
        )
    commits = [line for line in server_log.splitlines() if "commits" in line]
    if commits:
        print(f"  server: {commits[-1].split(': ', 1)[-1]} (actions arriving together share a commit)")
    stages = [line for line in server_log.splitlines() if "stage p50/p99" in line]
    if stages:
        print(f"  server, {stages[-1].split('actions, ', 1)[-1]}")
    if len(probe_out) == 4:
        n_sync, s50, s99, smax = probe_out
        print(f"  the disk's floor: fdatasync of 4 KiB p50 {s50} ms, p99 {s99} ms, max {smax} ms ({n_sync} done)")
    if cpu0[0] is not None and cpu1[0] is not None and tally.measured:
        server_ms = (cpu1[0] - cpu0[0]) / tally.measured * 1000
        bots_ms = (cpu1[1] - cpu0[1]) / tally.measured * 1000
        print(
            f"  CPU a action: server {server_ms:.2f} ms, bots and their sockets {bots_ms:.2f} ms"
            f" (server busy {(cpu1[0] - cpu0[0]) / elapsed:.0%} of a CPU)"
        )
    if tally.errors:
        print(f"  errors: {tally.errors}")
    if failures:
        print(f"  client failures: {len(failures)}: {failures[0]!r}")
    if lost is None:
        print("  database not checked (pass --db with --server to check it)")
        return 0
    print(
        f"  in the database: every acknowledged action {'yes' if not lost else f'NO: {len(lost)} missing'};"
        f" unacknowledged extra rows: {len(doubled or ())}"
    )
    return 1 if lost or failures else 0


def cli() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--tables", type=int, default=40)
    p.add_argument("--seconds", type=float, default=20)
    p.add_argument("--game", default="whist")
    p.add_argument("--bot", default="random", help="the bots' kind: random or rules")
    p.add_argument("--options", default="", help="game options as JSON, e.g. '{\"long\": true}'")
    p.add_argument("--think", type=float, default=0.0, help="seconds a bot waits before it acts")
    p.add_argument(
        "--db",
        default="",
        help="the database URL (default: a fresh SQLite file); with --server, its"
        " database, to check that nothing was lost",
    )
    p.add_argument(
        "--sqlite-synchronous",
        default="",
        choices=("", "full", "normal"),
        help="the room's SQLite synchronous setting (default: the room's own, full)",
    )
    p.add_argument("--server", default="", help="use a room already running on this local URL")
    sys.exit(asyncio.run(main(p.parse_args())))


if __name__ == "__main__":
    cli()
