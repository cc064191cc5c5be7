// Replay a record in the browser, step by step, every hand face up.

import { eventLine, renderDetails, renderFelt, renderLastTrick, renderScore } from "./felt.js";
import { cardEl, parts, richText } from "./cards.js";
import { api, el, toast } from "./common.js";

const $ = (id) => document.getElementById(id);
const R = { data: null, i: 0, timer: null };
// A settled deal's analysis (issue 15): the solver's, from the room; each costly card and the step it was played at.
const A = { data: null, status: null, note: null, error: null, at: new Map() };
window.hoyleReplay = { R, A }; // for the curious (and the end-to-end test)

function meta() {
  return { scores: R.data.steps[R.i].scores, over: R.i === R.data.steps.length - 1 && R.data.over };
}

function show(i) {
  const steps = R.data.steps;
  R.i = Math.max(0, Math.min(i, steps.length - 1));
  const st = steps[R.i];
  const m = meta();
  renderFelt($("felt"), { view: st.view, meta: m, seat: null, legal: [], hands: st.hands, mode: "replay",
    fresh: new Set(st.action && st.action.startsWith("play ") ? [st.action.slice(5)] : []) });
  renderScore($("score"), st.view, m);
  renderLastTrick($("lasttrick"), st.view, m);
  renderDetails($("details"), st.view);
  $("slider").value = String(R.i);
  const info = $("stepinfo");
  info.replaceChildren(`Step ${R.i} of ${steps.length - 1}`);
  if (st.action) info.append(" · ", el("b", null, st.actor || ""), " ", richText(st.action));
  // The log: every event up to this step, the newest at the bottom.
  const log = $("log");
  log.replaceChildren();
  const from = Math.max(0, R.i - 80);
  if (from > 0) log.append(el("li", "ev muted", "…"));
  for (let k = from; k <= R.i; k++) for (const e of steps[k].events) if (e.kind !== "play") log.append(eventLine(e));
  log.scrollTop = log.scrollHeight;
  markCostly();
}

// ---------------------------------------------------------------- the analysis, marked on the replay

const same = (a, b) => {
  const p = parts(a);
  const q = parts(b);
  return !!p && !!q && p.rank === q.rank && p.suit === q.suit;
};

// The step at which each costly card was played (the replay of a table's deal starts at its first action).
function placeErrors() {
  A.at = new Map();
  if (!A.data || !R.data) return;
  const steps = R.data.steps;
  for (const e of A.data.errors) {
    for (let k = R.data.start_at || 0; k < steps.length; k++) {
      const a = steps[k].action || "";
      const m = /(?:^|: )play (\S+)$/.exec(a);
      if (m && same(m[1], e.card) && (!steps[k].actor || steps[k].actor === e.seat)) {
        A.at.set(k, e);
        break;
      }
    }
  }
}

// On the felt: each costly card already played (in the trick, the last trick) outlined, with what it cost.
function markCostly() {
  if (!A.data || !R.data) return;
  for (const [k, e] of A.at) {
    if (k > R.i) continue;
    for (const c of document.querySelectorAll("#felt .card[data-card], #lasttrick .card[data-card]")) {
      if (!same(c.dataset.card, e.card)) continue;
      c.classList.add("costly");
      c.title = e.text;
      if (!c.querySelector(".costmark")) c.append(el("span", "costmark", `−${e.cost}`));
    }
  }
  const e = A.at.get(R.i);
  if (e) {
    const note = el("span", "costlynote");
    note.append(richText(e.text));
    $("stepinfo").append(" · ", note);
  }
}

function sideName(side) {
  return { NS: "North and South", EW: "East and West" }[side] || side;
}

function renderAnalysis() {
  const box = $("analysis");
  box.hidden = false;
  const deal = new URLSearchParams(location.search).get("deal");
  box.replaceChildren(el("h3", null, `Analysis of deal ${deal}`));
  if (A.error) {
    box.append(el("p", "muted", A.error));
    return;
  }
  if (!A.data) {
    box.append(el("p", "muted working", "The solver is working out the deal… (the last tricks take seconds, the whole deal up to a minute or two)"));
    return;
  }
  const d = A.data;
  const from = d.from_trick === 1 ? "from the first card" : `from trick ${d.from_trick}`;
  const aim = d.minimise ? ", playing to take as few as they can" : "";
  box.append(el("p", "summary", `Double dummy ${from}, ${sideName(d.side)}${aim} could take ${d.start} trick${d.start === 1 ? "" : "s"} with best play by all; they took ${d.result}.`));
  if (A.status === "partial") {
    box.append(el("p", "muted small status", A.note ? `Tricks ${d.from_trick} to ${d.tricks.length} only: ${A.note}.` : `Tricks ${d.from_trick} to ${d.tricks.length} so far; the earlier tricks are being worked out…`));
  }
  const ul = el("ul", "costly");
  if (!d.errors.length) ul.append(el("li", "muted", "No card cost its side a trick."));
  for (const e of d.errors) {
    const li = el("li");
    li.dataset.card = e.card;
    li.append(cardEl(e.card, { small: true, cls: "costly" }), el("span", "etext", null));
    li.querySelector(".etext").append(richText(e.text));
    const at = [...A.at].find(([, x]) => x === e);
    if (at) {
      li.classList.add("jump");
      li.title = "Show this card on the replay";
      li.addEventListener("click", () => show(at[0]));
    }
    ul.append(li);
  }
  box.append(ul);
  // The deal's tricks, trick by trick, each costly card marked: the analysis on the deal as it was played.
  const seats = [...new Set(d.tricks.flat().map((p) => p.seat))];
  const grid = el("table", "tricksgrid");
  const head = el("tr");
  head.append(el("th", null, "Trick"), ...seats.map((s) => el("th", null, s)));
  grid.append(head);
  d.tricks.forEach((trick, i) => {
    const tr = el("tr", i + 1 < d.from_trick ? "unanalysed" : null);
    tr.append(el("td", "tn", String(i + 1)));
    for (const s of seats) {
      const td = el("td");
      const p = trick.find((x) => x.seat === s);
      if (p) {
        const c = cardEl(p.card, { small: true });
        const e = d.errors.find((x) => x.trick === i + 1 && x.seat === s && same(x.card, p.card));
        if (e) {
          c.classList.add("costly");
          c.title = e.text;
          c.append(el("span", "costmark", `−${e.cost}`));
        }
        td.append(c);
      }
      tr.append(td);
    }
    grid.append(tr);
  });
  box.append(grid);
}

async function loadAnalysis(tid, deal) {
  try {
    const r = await api("GET", `/api/tables/${encodeURIComponent(tid)}/deals/${encodeURIComponent(deal)}/analysis`);
    A.status = r.status;
    A.note = r.note || null;
    A.data = r.analysis;
  } catch (err) {
    A.error = err.message;
  }
  placeErrors();
  renderAnalysis();
  if (R.data) show(R.i);
  if (!A.error && (A.status === "working" || (A.status === "partial" && !A.note))) setTimeout(() => loadAnalysis(tid, deal), 2500);
}

function play() {
  if (R.timer) {
    clearInterval(R.timer);
    R.timer = null;
    $("play").textContent = "Play";
    return;
  }
  $("play").textContent = "Pause";
  R.timer = setInterval(() => {
    if (R.i >= R.data.steps.length - 1) return play();
    show(R.i + 1);
  }, 700);
}

function begin(data) {
  R.data = data;
  $("loadbox").hidden = true;
  $("controls").hidden = false;
  $("main").hidden = false;
  $("title").textContent = `Replay: ${String(data.title).split(/[:(,]/)[0].trim()}`;
  const bits = [];
  if (data.table) bits.push(`table ${data.table}`);
  if (data.deal) bits.push(`deal ${data.deal}`);
  bits.push(`${data.steps.length - 1} actions`);
  bits.push(data.over ? "finished" : "in progress");
  $("subtitle").textContent = "· " + bits.join(" · ");
  $("slider").max = String(data.steps.length - 1);
  placeErrors();
  show(data.start_at || 0);
}

$("first").onclick = () => show(0);
$("prev").onclick = () => show(R.i - 1);
$("next").onclick = () => show(R.i + 1);
$("last").onclick = () => show(R.data.steps.length - 1);
$("play").onclick = play;
$("slider").oninput = (e) => show(Number(e.target.value));
document.addEventListener("keydown", (e) => {
  if (!R.data || e.target.tagName === "TEXTAREA" || e.target.tagName === "INPUT" && e.target.type !== "range") return;
  if (e.key === "ArrowRight") show(R.i + 1);
  else if (e.key === "ArrowLeft") show(R.i - 1);
  else if (e.key === "Home") show(0);
  else if (e.key === "End") show(R.data.steps.length - 1);
  else if (e.key === " ") {
    e.preventDefault();
    play();
  } else return;
  e.preventDefault();
});

async function upload(text) {
  try {
    begin(await api("POST", "/api/replay", text));
  } catch (err) {
    toast(err.message, "error");
  }
}

$("go").onclick = () => upload($("text").value);
$("file").onchange = async (e) => {
  const f = e.target.files[0];
  if (f) upload(await f.text());
};

const q = new URLSearchParams(location.search);
if (q.get("table")) {
  const deal = q.get("deal");
  api("GET", `/api/tables/${encodeURIComponent(q.get("table"))}/replay${deal ? `?deal=${encodeURIComponent(deal)}` : ""}`)
    .then(begin)
    .catch((err) => {
      if (deal && q.has("analysis")) {
        // The step-by-step replay waits for the next deal to be over; the analysis shows the deal's tricks.
        $("main").hidden = false;
        $("title").textContent = "Analysis";
        $("felt").replaceChildren(el("div", "notice", `The replay step by step: ${err.message}. The deal's tricks and the cards that cost tricks are beside.`));
        return;
      }
      $("loadbox").hidden = false;
      toast(err.message, "error");
    });
  if (deal && q.has("analysis")) loadAnalysis(q.get("table"), deal);
} else {
  $("loadbox").hidden = false;
}
