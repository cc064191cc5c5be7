// The live table: one WebSocket, the seat token kept in this tab, everything drawn from the server's view.

import { eventLine, renderDetails, renderFelt, renderLastTrick, renderScore, seatName } from "./felt.js";
import { cardEl, el, isCard, richText } from "./cards.js";
import { api, rememberSeat, toast } from "./common.js";
import { applyPatch } from "./patch.js";

const tid = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");
const KEY = `hoyle.seat.${tid}`;
if (location.hash.startsWith("#token=")) {
  sessionStorage.setItem(KEY, decodeURIComponent(location.hash.slice(7)));
  history.replaceState(null, "", location.pathname + location.search);
}

const $ = (id) => document.getElementById(id);
const felt = $("felt");
const logEl = $("log");

const S = {
  token: sessionStorage.getItem(KEY),
  ws: null,
  seen: null, // events of the table's log we hold
  seq: 0,
  meta: null,
  view: null,
  legal: [],
  irregular: [],
  seat: null,
  name: null,
  sending: false,
  fresh: new Set(),
  retry: 0,
  nextId: 1,
  games: null,
  dealsShown: -1,
  watching: false,
  syncing: false, // a sync was asked for: updates are ignored until the whole table comes back
  acked: 0, // the id of the last of our actions the room acknowledged (taken and saved)
  refused: 0, // the id of the last of our actions the room refused
  patched: 0, // views updated by a JSON Patch (RFC 6902) rather than sent whole
  whole: 0, // whole views received (welcome, state, and updates the room sent whole)
  resyncs: 0, // syncs asked for: an event gap, a view patch that did not fit
};
window.hoyleTable = S; // for the curious (and the end-to-end test)

function connect() {
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  const ws = new WebSocket(`${proto}//${location.host}/ws/tables/${encodeURIComponent(tid)}`);
  S.ws = ws;
  setConn("connecting…", "wait");
  ws.onopen = () => {
    S.retry = 0;
    setConn("connected", "ok");
    hello();
  };
  ws.onmessage = (ev) => {
    let msg;
    try {
      msg = JSON.parse(ev.data);
    } catch {
      return;
    }
    handle(msg);
  };
  ws.onclose = (ev) => {
    if (S.ws !== ws) return;
    S.sending = false;
    if (ev.code === 1008 || ev.reason === "unknown_table") {
      setConn("refused", "bad");
      return;
    }
    const wait = Math.min(5000, 400 * 2 ** S.retry++);
    setConn(`reconnecting in ${Math.round(wait / 100) / 10} s…`, "bad");
    setTimeout(connect, wait);
  };
}

function send(obj) {
  if (!S.ws || S.ws.readyState !== WebSocket.OPEN) {
    toast("Not connected; reconnecting…");
    return false;
  }
  S.ws.send(JSON.stringify(obj));
  return true;
}

function hello() {
  // Views as JSON Patches where they are smaller: the room sends what changed (issue 13, many watchers).
  S.syncing = false;
  send({ type: "hello", token: S.token || null, since: S.seen, patches: true });
}

// Ask for the whole table again (an event gap, a patch for a view this page does not hold); until it comes,
// updates are ignored, since each is relative to what came before.
function resync() {
  if (S.syncing) return;
  S.syncing = true;
  S.resyncs++;
  send({ type: "sync", since: S.seen });
}

function setConn(text, cls) {
  const c = $("conn");
  c.textContent = text;
  c.className = "conn " + cls;
}

function takeEvents(ev) {
  if (!ev) return;
  if (S.seen === null || ev.from > S.seen) {
    if (S.seen !== null && ev.from > S.seen) {
      // A gap: ask for what we missed.
      resync();
      return;
    }
    logEl.replaceChildren();
    if (ev.from > 0) logEl.append(el("li", "ev muted", "… earlier events not shown"));
    appendEvents(ev.items);
  } else {
    appendEvents(ev.items.slice(S.seen - ev.from));
  }
  S.seen = ev.to;
}

function appendEvents(items) {
  if (!items.length) return;
  const stick = logEl.scrollTop + logEl.clientHeight >= logEl.scrollHeight - 60;
  for (const e of items) logEl.append(eventLine(e));
  while (logEl.childNodes.length > 600) logEl.firstChild.remove();
  if (stick) logEl.scrollTop = logEl.scrollHeight;
}

function handle(msg) {
  switch (msg.type) {
    case "welcome":
    case "state":
      S.syncing = false;
      S.meta = msg.table;
      S.view = msg.view;
      S.whole++;
      S.legal = msg.legal || [];
      S.irregular = msg.irregular || [];
      S.seq = msg.seq;
      S.seat = msg.seat;
      S.name = msg.name;
      S.sending = false;
      if (msg.type === "welcome" && S.token && msg.place === null) {
        sessionStorage.removeItem(KEY);
        S.token = null;
      }
      takeEvents(msg.events);
      S.fresh = new Set();
      render();
      break;
    case "update": {
      // Our action was taken and saved, whatever becomes of this message's view.
      if (msg.ack !== undefined && msg.ack !== true) S.acked = msg.ack;
      if (S.syncing) break; // the whole table is on its way
      if (S.seen !== null && msg.events.from !== S.seen) {
        resync();
        break;
      }
      let view = msg.view;
      if ("view_patch" in msg) {
        // A patch of the view after action seq - 1: only for exactly that view; otherwise the whole table.
        if (S.view === null || S.seq !== msg.seq - 1) {
          resync();
          break;
        }
        try {
          view = applyPatch(S.view, msg.view_patch);
        } catch {
          resync();
          break;
        }
        S.patched++;
      } else {
        S.whole++;
      }
      S.meta = msg.table;
      S.view = view;
      S.legal = msg.legal || [];
      S.irregular = msg.irregular || [];
      S.seq = msg.seq;
      S.seat = msg.seat;
      S.sending = false;
      takeEvents(msg.events);
      S.fresh = new Set(msg.action && msg.action.startsWith("play ") ? [msg.action.slice(5)] : []);
      render();
      break;
    }
    case "table":
      S.meta = msg.table;
      render();
      break;
    case "error":
      if (msg.ref !== undefined) S.refused = msg.ref;
      S.sending = false;
      toast(msg.message, "error");
      render();
      break;
    default:
      break;
  }
}

function act(text) {
  if (S.sending) return;
  if (send({ type: "action", action: text, seq: S.seq, id: S.nextId++ })) {
    S.sending = true;
    render();
  }
}

function render() {
  const m = S.meta;
  const v = S.view;
  document.body.classList.toggle("sending", S.sending);
  if (m) {
    $("title").textContent = m.title.split(/[:(,]/)[0].trim();
    const bits = [];
    if (v && v.deal) bits.push(`deal ${v.deal}`);
    const seats = (v && v.seats) || null;
    if (v && v.dealer) bits.push(`${seatName(v.dealer, seats)} deals`);
    if (S.seat) bits.push(`you sit ${seatName(S.seat, seats)}`);
    else if (m.status !== "waiting") bits.push("watching");
    if (m.watchers) bits.push(`${m.watchers} watching`);
    $("subtitle").textContent = bits.length ? "· " + bits.join(" · ") : "";
    const myTurn = v && S.seat && v.to_act === S.seat && S.legal.length;
    document.title = `${myTurn ? "● Your turn · " : ""}${m.title.split(/[:(,]/)[0].trim()} · hoyle`;
  }
  renderFelt(felt, {
    view: v,
    meta: m,
    seat: S.seat,
    legal: S.sending ? [] : S.legal,
    mode: "live",
    onAction: act,
    fresh: S.fresh,
  });
  if (m && m.status === "broken") {
    felt.replaceChildren(el("div", "notice", `This table cannot go on: ${m.note || "its record no longer replays"}.`));
  }
  renderEnded(m);
  renderScore($("score"), v, m);
  renderLastTrick($("lasttrick"), v, m);
  renderDetails($("details"), v);
  renderIrregular();
  renderWaiting();
  if (m && m.deals !== S.dealsShown) {
    S.dealsShown = m.deals;
    loadDeals();
  }
}

// A table closed, expired or abandoned: its badge and the room's reason, over the felt as it was left.
const ENDED = { closed: "Closed", expired: "Expired", abandoned: "Abandoned" };
function renderEnded(m) {
  const box = $("ended");
  if (!m || !(m.status in ENDED)) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const note = m.note || (m.status === "abandoned" ? "the sitting was left unfinished" : "the table is closed");
  box.replaceChildren(el("span", `badge ${m.status}`, ENDED[m.status]), el("span", "endednote", `${note[0].toUpperCase()}${note.slice(1)}.`));
}

// Law mode: what this seat may do out of turn or irregularly (each carries the penalties of the laws).
function renderIrregular() {
  const box = $("irregular");
  const acts = S.sending ? [] : S.irregular.filter((a) => !S.legal.includes(a));
  if (!acts.length) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const details = el("details");
  // The acts by kind ("expose a card", "throw two cards"), not one button each: a kind that names cards opens
  // to the cards it may name, drawn as cards, and the card clicked is the act.
  const kinds = new Map();
  for (const a of acts) {
    const kind = a.replace(/\b(10|[2-9TJQKA])[SHDC]\b/g, "CARD").replace(/ to [a-z]$/, " to SEAT");
    if (!kinds.has(kind)) kinds.set(kind, []);
    kinds.get(kind).push(a);
  }
  const summary = el("summary", null, `Irregular acts (${kinds.size} kinds): the laws' penalties apply`);
  details.append(summary);
  const row = el("div", "irregulars");
  const commit = (a) => {
    if (confirm(`${a}: an irregularity under the laws; the other side may claim its penalty. Commit it?`)) act(a);
  };
  const choices = el("div", "irregularcards");
  for (const [kind, list] of kinds) {
    const b = el("button", "btn small");
    if (list.length === 1 && !kind.includes("CARD")) {
      b.append(richText(list[0]));
      b.addEventListener("click", () => commit(list[0]));
    } else {
      b.textContent = kind.replace(/CARD( CARD)+/, "two cards…").replace("CARD", "a card…").replace("SEAT", "a player…");
      b.dataset.kind = kind;
      b.addEventListener("click", () => {
        choices.replaceChildren(el("span", "lbl", `${b.textContent.replace("…", "")}: click it`));
        for (const a of list) {
          const named = a.split(" ").filter((w) => isCard(w));
          const c = named.length === 1 ? cardEl(named[0], { small: true }) : el("button", "btn small");
          if (named.length !== 1) c.append(richText(a));
          c.classList.add("irregularact");
          c.dataset.action = a;
          c.title = a;
          c.addEventListener("click", () => commit(a));
          choices.append(c);
        }
      });
    }
    row.append(b);
  }
  details.append(row, choices);
  const open = box.querySelector("details");
  if (open && open.open) details.open = true;
  box.replaceChildren(el("h3", null, "Law mode"), details);
}

// ---------------------------------------------------------------- waiting for players

async function renderWaiting() {
  const m = S.meta;
  const box = $("waiting");
  if (!m || m.status !== "waiting" || S.watching) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  $("w-title").textContent = `${m.title.split(/[:(,]/)[0].trim()}: waiting for players`;
  $("w-sub").textContent = `${m.places.length} of ${m.place_count} places taken`;
  const list = $("w-places");
  list.replaceChildren();
  for (let i = 0; i < m.place_count; i++) {
    const p = m.places[i];
    const li = el("li", p ? "taken" : "empty");
    if (p) {
      li.append(el("b", null, p.name));
      if (p.bot) li.append(el("span", "chip bot", `${p.kind} bot`));
      else if (i === (S.meta && S.name ? m.places.findIndex((x) => x.name === S.name) : -1)) li.append(el("span", "chip you", "you"));
      else li.append(el("span", "chip " + (p.here ? "here" : "away"), p.here ? "here" : "away"));
    } else {
      li.textContent = "an empty place";
    }
    list.append(li);
  }
  const seated = !!S.name;
  $("w-take").hidden = seated;
  $("w-leave").hidden = !seated;
  $("w-watch").hidden = seated;
  if (!seated && !$("w-name").value) $("w-name").value = localStorage.getItem("hoyle.name") || "";
  const sel = $("w-kind");
  if (!sel.options.length) {
    if (!S.games) S.games = await api("GET", "/api/games").catch(() => []);
    const g = (S.games || []).find((x) => x.name === m.game);
    for (const k of (g && g.bots) || ["random"]) sel.append(new Option(k === "rules" ? "rules (the precepts)" : k, k, false, k === "rules"));
  }
}

$("w-take").addEventListener("submit", async (e) => {
  e.preventDefault();
  const name = $("w-name").value.trim();
  try {
    const r = await api("POST", `/api/tables/${tid}/places`, { name });
    localStorage.setItem("hoyle.name", r.name);
    S.token = r.token;
    sessionStorage.setItem(KEY, r.token);
    rememberSeat(tid, r.name, r.token, S.meta ? S.meta.title : "");
    hello();
  } catch (err) {
    toast(err.message, "error");
  }
});

$("w-bots").addEventListener("submit", async (e) => {
  e.preventDefault();
  try {
    await api("POST", `/api/tables/${tid}/bots`, { kind: $("w-kind").value });
  } catch (err) {
    toast(err.message, "error");
  }
});

$("w-leave").addEventListener("click", async () => {
  try {
    await api("DELETE", `/api/tables/${tid}/places`, null, { "X-Hoyle-Token": S.token });
    sessionStorage.removeItem(KEY);
    S.token = null;
    S.name = null;
    hello();
  } catch (err) {
    toast(err.message, "error");
  }
});

$("w-watch").addEventListener("click", () => {
  S.watching = true;
  render();
});

$("w-copy").addEventListener("click", async () => {
  try {
    await navigator.clipboard.writeText(location.origin + location.pathname);
    toast("Link copied: send it to a friend; they take a place from it.");
  } catch {
    toast(location.origin + location.pathname);
  }
});

// ---------------------------------------------------------------- deals: download and replay

// The games whose settled deals the solver analyses (the whist family; not at law).
const ANALYSED = new Set(["whist", "dummy", "double-dummy", "solo", "boston", "cayenne"]);

async function loadDeals() {
  const box = $("deals");
  if (!S.meta || S.meta.status === "waiting" || !S.meta.deals) {
    box.hidden = true;
    return;
  }
  let data;
  try {
    data = await api("GET", `/api/tables/${tid}/deals`);
  } catch {
    return;
  }
  const done = data.deals.filter((d) => d.finished);
  if (!done.length) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  box.replaceChildren(el("h3", null, "Deals played"));
  const ul = el("ul", "deallist");
  for (const d of done.slice(-12).reverse()) {
    const li = el("li");
    const pts = d.result && d.result.points ? Object.entries(d.result.points).map(([k, v]) => `${k} ${v}`).join(", ") : "";
    li.append(el("span", "dn", `Deal ${d.deal}`), el("span", "muted", pts ? ` ${pts} ` : " "));
    if (ANALYSED.has(S.meta.game) && !(S.meta.options || {}).irregularities) {
      const an = el("a", "analysislink", "analysis");
      an.href = `/replay?table=${tid}&deal=${d.deal}&analysis`;
      an.title = "The cards that cost tricks, double dummy (the solver's, once the deal is settled)";
      li.append(an, " · ");
    }
    if (d.available) {
      const a = el("a", null, "record");
      a.href = `/api/tables/${tid}/deals/${d.deal}/record`;
      const r = el("a", null, "replay");
      r.href = `/replay?table=${tid}&deal=${d.deal}`;
      li.append(a, " · ", r);
      if (d.pbn) {
        const b = el("a", null, "PBN");
        b.href = `/api/tables/${tid}/deals/${d.deal}/pbn`;
        li.append(" · ", b);
      }
    } else {
      if (d.pbn) {
        const b = el("a", null, "PBN");
        b.href = `/api/tables/${tid}/deals/${d.deal}/pbn`;
        b.title = "The hands as dealt, in Portable Bridge Notation";
        li.append(b, " · ");
      }
      const s = el("span", "muted small", "record once the next deal is over");
      s.title = "A record ends with the next deal dealt; its cards are still in hand";
      li.append(s);
    }
    ul.append(li);
  }
  box.append(ul);
  if (data.over) {
    const a = el("a", "btn", "Download the whole record");
    a.href = `/api/tables/${tid}/record`;
    box.append(a);
    if (S.meta && S.meta.game === "poker") {
      const h = el("a", "btn", "Download the hands as PHH");
      h.href = `/api/tables/${tid}/phh`;
      box.append(h);
    }
  }
}

setInterval(() => S.ws && S.ws.readyState === WebSocket.OPEN && S.ws.send('{"type":"ping"}'), 25000);
connect();
